import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A minimal, read-only XML element tree with source line numbers, built with FoundationXML's
/// `XMLParser` (toolchain-notes.md §3). Used by the xib/storyboard readers only.
///
/// Attributes are kept as a dictionary (XML attribute order carries no meaning in IB files);
/// children in document order; `text` is the concatenated character data (and CDATA) directly
/// inside the element.
final class XMLElementNode {
    let name: String
    let attributes: [String: String]
    /// 1-based line of the element's start tag (libxml2 reports the line where the tag ends).
    let line: Int
    /// 1-based column of the start tag's `<` on ``line``, counted in UTF-8 bytes; nil when the
    /// tag starts on an earlier line (see ``StartTagColumns``).
    let column: Int?
    var children: [XMLElementNode] = []
    var text: String = ""
    weak var parent: XMLElementNode?

    init(name: String, attributes: [String: String], line: Int, column: Int? = nil) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.column = column
    }

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// Direct children named `name`.
    func children(named name: String) -> [XMLElementNode] { children.filter { $0.name == name } }

    /// The first direct child named `name`.
    func child(named name: String) -> XMLElementNode? { children.first { $0.name == name } }

    /// The first direct child whose `key` attribute is `key`.
    func child(key: String) -> XMLElementNode? { children.first { $0["key"] == key } }

    /// Trimmed text, nil when empty.
    var trimmedText: String? {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return t.isEmpty ? nil : t
    }
}

/// Parses bytes into an ``XMLElementNode`` tree.
enum XMLTreeBuilder {
    /// Deepest element nesting accepted (Interface Builder files stay far below 100).
    static let maxDepth = 400

    /// Parses `bytes`; malformed XML throws ``ArchiveError`` `.malformed` naming the line and
    /// column, with the byte offset of that position.
    static func parse(_ input: [UInt8]) throws(ArchiveError) -> XMLElementNode {
        // UTF-16 sources (with a byte-order mark) are read as their UTF-8 transcoding; line numbers
        // are the same, byte offsets in messages count in the transcoded text.
        let bytes = XMLProlog.utf8(input).bytes
        if let entity = XMLProlog.entityDeclaration(bytes) {
            let line = 1 + bytes[..<entity].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw ArchiveError(.malformed("entity declarations are not allowed (line \(line)): Interface Builder never writes them"),
                               at: entity)
        }
        // FoundationXML traps on names and attribute values that are not UTF-8; IB writes UTF-8
        // only, so anything else is rejected before the parser sees it.
        if let bad = XMLInputGuard.firstInvalidUTF8(bytes) {
            let line = 1 + bytes[..<bad].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw ArchiveError(.invalidUTF8(.xml), at: bad, path: ["line \(line)"])
        }
        try XMLInputGuard.check(bytes)
        let delegate = Delegate(columns: StartTagColumns(bytes: bytes))
        let parser = XMLParser.chunked(bytes)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let ok = parser.parse()
        // libxml2 may stop at a syntax error (a mismatched closing tag) and still report the end of
        // the document: that first error, unless it is the premature end itself (code 5), comes first.
        if let first = delegate.firstError, first.code != 5, delegate.failure?.atEnd ?? true {
            let offset = byteOffset(bytes, line: first.line, column: first.column)
            var what = ""
            if first.code == 76, let open = first.open {   // XML_ERR_TAG_NAME_MISMATCH
                what = ": closing tag does not match <\(open.name)> opened at line \(open.line)"
            }
            if what.isEmpty { what = Self.explanation(code: first.code, bytes: bytes, offset: offset).map { ": " + $0 } ?? "" }
            throw ArchiveError(.malformed("malformed XML at line \(first.line), column \(first.column)\(what)"), at: offset)
        }
        if let failure = delegate.failure {
            // An element still open at the end: the file was most likely cut short.
            let offset = failure.atEnd ? bytes.count : byteOffset(bytes, line: failure.line, column: 1)
            throw ArchiveError(.malformed(failure.message), at: offset)
        }
        guard ok, let root = delegate.root else {
            let line = max(1, parser.lineNumber)
            let column = max(1, parser.columnNumber)
            let offset = byteOffset(bytes, line: line, column: column)
            let why = (parser.parserError as NSError?).flatMap { Self.explanation(code: $0.code, bytes: bytes, offset: offset) }
            let atEnd = offset >= bytes.count || bytes[offset...].allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            let what = atEnd ? "truncated or malformed XML: unexpected end of file" : "malformed XML"
            throw ArchiveError(.malformed("\(what) at line \(line), column \(column)\(why.map { ": " + $0 } ?? "")"), at: offset)
        }
        return root
    }


    /// libxml2's error, in words (`xmlParserErrors` of libxml2's `xmlerror.h`); nil for codes
    /// without a better description than the position.
    static func explanation(code: Int, bytes: [UInt8], offset: Int) -> String? {
        switch code {
        case 4: return "the document is empty"
        case 5, 86: return "extra content after the root element"
        case 6, 7, 8: return "invalid character reference"
        case 9: return "a character that XML does not allow"
        case 22, 23, 24, 25: return "an entity reference is not terminated with ';'"
        case 26, 27: return "undeclared entity (only &amp; &lt; &gt; &quot; &apos; exist)"
        case 31, 32, 81: return "unsupported text encoding"
        case 38: return "'<' inside an attribute value"
        case 39: return "attribute value without quotes"
        case 40:
            // libxml2 refuses attribute values longer than 10,000,000 bytes (XML_MAX_TEXT_LENGTH).
            // The error points at or before the attribute: measure the value from its opening quote.
            var start = max(0, offset - 1)
            while start < bytes.count, start - offset < 256, bytes[start] != 0x22, bytes[start] != 0x27 { start += 1 }
            guard start < bytes.count, bytes[start] == 0x22 || bytes[start] == 0x27 else { return "attribute value not closed" }
            let quote = bytes[start]
            var end = start + 1
            while end < bytes.count, bytes[end] != quote, end - start <= 10_000_001 { end += 1 }
            return end - start > 10_000_000 ? "attribute longer than 10 MB" : "attribute value not closed"
        case 41: return "attribute without a value"
        case 42: return "the same attribute twice in one element"
        case 45: return "comment not closed"
        case 46, 47: return "processing instruction not closed"
        case 57: return "XML declaration not closed"
        case 61: return "DOCTYPE not closed"
        case 63: return "CDATA section not closed"
        case 64: return "a processing instruction named 'xml' that is not the declaration at the start"
        case 65: return "a space is required here"
        case 68: return "an element or attribute name is missing"
        case 73: return "'>' expected"
        case 74: return "'</' expected"
        case 75: return "'=' expected after an attribute name"
        case 76: return "closing tag does not match the element opened"
        case 77: return "element not closed"
        case 80: return "'--' inside a comment"
        case 89: return "an entity refers to itself"
        case 104: return "entity expansion too large"
        case 110: return "name longer than libxml2's limit"
        default: return nil
        }
    }

    /// Byte offset of a 1-based line and column (column counted in bytes, as libxml2 does).
    static func byteOffset(_ bytes: [UInt8], line: Int, column: Int) -> Int {
        var currentLine = 1
        var i = 0
        while i < bytes.count && currentLine < line {
            if bytes[i] == 0x0A { currentLine += 1 }
            i += 1
        }
        return min(bytes.count, i + max(0, column - 1))
    }

    private struct Failure {
        /// The whole statement, naming the lines involved (``parse(_:)`` adds the byte offset).
        var message: String
        var line: Int
        /// True when the failure is detected at the end of the file (its offset is the file size).
        var atEnd = false
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var columns: StartTagColumns
        init(columns: StartTagColumns) { self.columns = columns }
        var root: XMLElementNode?
        var stack: [XMLElementNode] = []
        var failure: Failure?
        /// The first error libxml2 reported: code, line, column and the innermost open element.
        var firstError: (code: Int, line: Int, column: Int, open: (name: String, line: Int)?)?

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if firstError == nil {
                firstError = ((parseError as NSError).code, max(1, parser.lineNumber), max(1, parser.columnNumber),
                              stack.last.map { ($0.name, $0.line) })
            }
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            guard failure == nil else { return }
            if stack.count >= XMLTreeBuilder.maxDepth {
                failure = Failure(message: "malformed XML: elements nested deeper than \(XMLTreeBuilder.maxDepth) at line \(parser.lineNumber)",
                                  line: parser.lineNumber)
                parser.abortParsing()
                return
            }
            let line = max(1, parser.lineNumber)
            let node = XMLElementNode(name: elementName, attributes: attributeDict, line: line,
                                      column: columns.column(of: elementName, line: line))
            if let top = stack.last {
                node.parent = top
                top.children.append(node)
            } else if root == nil {
                root = node
            }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            guard failure == nil else { return }
            // libxml2 as driven by XMLParser recovers from mismatched end tags; a nib source must
            // not be half-read silently, so the mismatch is an error here.
            if let top = stack.last, top.name != elementName {
                let line = max(1, parser.lineNumber)
                failure = Failure(message: "malformed XML: closing tag </\(elementName)> at line \(line) does not match <\(top.name)> opened at line \(top.line)",
                                  line: line)
                parser.abortParsing()
                return
            }
            if !stack.isEmpty { stack.removeLast() }
        }

        func parserDidEndDocument(_ parser: XMLParser) {
            if failure == nil, let top = stack.last {
                failure = Failure(message: "truncated or malformed XML: element <\(top.name)> opened at line \(top.line) is never closed "
                                      + "before the end of the file", line: max(1, parser.lineNumber), atEnd: true)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            stack.last?.text += String(decoding: CDATABlock, as: UTF8.self)
        }
    }
}

/// The column of each start tag's `<`, found by walking the bytes once in document order: libxml2
/// reports only the line (and column) where a start tag ends, which for the tags Interface
/// Builder writes, one per line, is the line it starts on.
struct StartTagColumns {
    let bytes: [UInt8]
    /// The line ``cursor`` is on, and where that line starts.
    private var line = 1
    private var lineStart = 0
    /// The next byte to look at: start tags come in document order.
    private var cursor = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The 1-based column (in bytes) of the next `<name` on line `target`, or nil when the line
    /// has none after the previous tag found (a start tag spread over several lines, a line
    /// number out of step).
    mutating func column(of name: String, line target: Int) -> Int? {
        guard target >= line else { return nil }
        while line < target {
            guard cursor < bytes.count, let newline = bytes[cursor...].firstIndex(of: 0x0A) else { return nil }
            line += 1
            lineStart = newline + 1
            cursor = lineStart
        }
        let tag = Array(name.utf8)
        var i = cursor
        while i < bytes.count, bytes[i] != 0x0A {
            if bytes[i] == 0x3C, i + 1 + tag.count < bytes.count, bytes[(i + 1)...].starts(with: tag) {
                let after = bytes[i + 1 + tag.count]
                if after == 0x20 || after == 0x09 || after == 0x0A || after == 0x0D || after == 0x2F || after == 0x3E {
                    cursor = i + 1
                    return i - lineStart + 1
                }
            }
            i += 1
        }
        return nil
    }
}
