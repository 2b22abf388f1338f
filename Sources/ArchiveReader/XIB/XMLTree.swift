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
    var children: [XMLElementNode] = []
    var text: String = ""
    weak var parent: XMLElementNode?

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
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
    static func parse(_ bytes: [UInt8]) throws(ArchiveError) -> XMLElementNode {
        // FoundationXML traps on names and attribute values that are not UTF-8; IB writes UTF-8
        // only, so anything else is rejected before the parser sees it.
        if let bad = XMLInputGuard.firstInvalidUTF8(bytes) {
            let line = 1 + bytes[..<bad].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw ArchiveError(.invalidUTF8(.xml), at: bad, path: ["line \(line)"])
        }
        try XMLInputGuard.check(bytes)
        let delegate = Delegate()
        let parser = XMLParser(data: Data(bytes))
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
            throw ArchiveError(.malformed("malformed XML at line \(first.line), column \(first.column)\(what) (libxml2 error \(first.code))"),
                               at: offset)
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
            let code = (parser.parserError as NSError?).map { " (libxml2 error \($0.code))" } ?? ""
            let atEnd = offset >= bytes.count || bytes[offset...].allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            let what = atEnd ? "truncated or malformed XML: unexpected end of file" : "malformed XML"
            throw ArchiveError(.malformed("\(what) at line \(line), column \(column)\(code)"), at: offset)
        }
        return root
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
            let node = XMLElementNode(name: elementName, attributes: attributeDict, line: max(1, parser.lineNumber))
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
