import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A read-only XML document held in flat arrays, built with FoundationXML's `XMLParser`
/// (toolchain-notes.md §3). Used by the xib/storyboard readers only.
///
/// Every element is one fixed-size record (name, parent, attribute and child ranges, text range,
/// line and column); element and attribute names, a few hundred distinct in an Interface Builder
/// file, are interned once; attribute values and character data are UTF-8 bytes in one buffer,
/// made into a `String` when read. A 155 MB xib of 1.6 million elements is about 150 MB here
/// instead of the 1 GB that one object and one dictionary per element took.
final class XMLTree: Sendable {
    /// One element. Offsets and counts fit 32 bits because the parser refuses inputs of 4 GiB or more.
    struct Element: Sendable {
        var name: UInt32
        /// The parent element's index, ``XMLTree/none`` for a root.
        var parent: UInt32
        var attributeStart: UInt32
        var attributeCount: UInt32
        /// The range of the element's children in ``XMLTree/children``.
        var childStart: UInt32
        var childCount: UInt32
        /// The range of the element's character data in ``XMLTree/characters``.
        var textStart: UInt32
        var textCount: UInt32
        var line: UInt32
        /// 0 when unknown (``XMLElementNode/column``).
        var column: UInt32
    }

    /// One attribute: its interned name and its value's range in ``XMLTree/characters``.
    struct Attribute: Sendable {
        var name: UInt32
        var start: UInt32
        var count: UInt32
    }

    /// The parent of a root element.
    static let none = UInt32.max

    let elements: [Element]
    let attributes: [Attribute]
    /// The children of every element, each element's a contiguous run in document order.
    let children: [UInt32]
    /// The distinct element and attribute names.
    let names: [String]
    /// Attribute values and character data, UTF-8.
    let characters: [UInt8]

    init(elements: [Element], attributes: [Attribute], children: [UInt32], names: [String], characters: [UInt8]) {
        self.elements = elements
        self.attributes = attributes
        self.children = children
        self.names = names
        self.characters = characters
    }

    /// The string stored at `start ..< start + count` of ``characters``.
    func string(_ start: UInt32, _ count: UInt32) -> String {
        if count == 0 { return "" }
        return characters.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(start) ..< Int(start) + Int(count)]), as: UTF8.self)
        }
    }
}

/// One element of an ``XMLTree``: a position in it, cheap to copy; two are equal when they are
/// the same element of the same tree.
///
/// Attributes read as a dictionary (XML attribute order carries no meaning in IB files);
/// children in document order; `text` is the concatenated character data (and CDATA) directly
/// inside the element.
struct XMLElementNode: Equatable {
    let tree: XMLTree
    let index: Int

    private var element: XMLTree.Element { tree.elements[index] }

    var name: String { tree.names[Int(element.name)] }
    /// 1-based line of the element's start tag (libxml2 reports the line where the tag ends).
    var line: Int { Int(element.line) }
    /// 1-based column of the start tag's `<` on ``line``, counted in UTF-8 bytes; nil when the
    /// tag starts on an earlier line (see ``StartTagColumns``).
    var column: Int? { element.column == 0 ? nil : Int(element.column) }
    /// The enclosing element; nil for the root.
    var parent: XMLElementNode? {
        let p = element.parent
        return p == XMLTree.none ? nil : XMLElementNode(tree: tree, index: Int(p))
    }
    /// The child elements in document order.
    var children: XMLChildren {
        let e = element
        return XMLChildren(tree: tree, start: Int(e.childStart), count: Int(e.childCount))
    }
    /// The character data directly inside the element, concatenated.
    var text: String {
        let e = element
        return tree.string(e.textStart, e.textCount)
    }
    /// True when the element has at least one attribute.
    var hasAttributes: Bool { element.attributeCount > 0 }
    /// Every attribute by name.
    var attributes: [String: String] {
        let e = element
        var out: [String: String] = Dictionary(minimumCapacity: Int(e.attributeCount))
        for a in tree.attributes[Int(e.attributeStart) ..< Int(e.attributeStart + e.attributeCount)] {
            out[tree.names[Int(a.name)]] = tree.string(a.start, a.count)
        }
        return out
    }

    static func == (a: XMLElementNode, b: XMLElementNode) -> Bool { a.tree === b.tree && a.index == b.index }

    subscript(_ attribute: String) -> String? {
        let e = element
        for a in tree.attributes[Int(e.attributeStart) ..< Int(e.attributeStart + e.attributeCount)]
            where tree.names[Int(a.name)] == attribute {
            return tree.string(a.start, a.count)
        }
        return nil
    }

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

/// The children of one ``XMLElementNode``, in document order.
struct XMLChildren: RandomAccessCollection {
    let tree: XMLTree
    let start: Int
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> XMLElementNode {
        precondition(position >= 0 && position < count, "child index out of range")
        return XMLElementNode(tree: tree, index: Int(tree.children[start + position]))
    }
}

/// Parses bytes into an ``XMLTree``.
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
        // The tree's offsets are 32-bit (the readers refuse files over 1 GiB before this).
        guard bytes.count < Int(UInt32.max) else { throw ArchiveError(.limitExceeded(.fileSize, value: bytes.count), at: 0) }
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
        return XMLElementNode(tree: delegate.tree(), index: root)
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
        /// An open element: its index, and where its children and text are gathered.
        struct Frame {
            var index: Int
            var name: String
            var line: Int
            /// Where the element's children start in ``pending``.
            var firstPending: Int
            var text = ""
        }

        var columns: StartTagColumns
        var root: Int?
        var stack: [Frame] = []
        var failure: Failure?
        /// The first error libxml2 reported: code, line, column and the innermost open element.
        var firstError: (code: Int, line: Int, column: Int, open: (name: String, line: Int)?)?

        private var elements: [XMLTree.Element] = []
        private var attributes: [XMLTree.Attribute] = []
        private var children: [UInt32] = []
        private var names: [String] = []
        private var nameIndex: [String: UInt32] = [:]
        private var characters: [UInt8] = []
        /// The children of the open elements, innermost last (``Frame/firstPending``).
        private var pending: [UInt32] = []
        /// Whitespace-only text already stored (the indentation between elements): stored once.
        private var spaces: [String: (start: UInt32, count: UInt32)] = [:]

        init(columns: StartTagColumns) {
            self.columns = columns
            // Upper bounds, so that no array is copied as it grows: an element needs a `<`, an
            // attribute a `=`. Pages reserved and never written are not resident.
            var tags = 0, equals = 0
            for b in columns.bytes {
                if b == 0x3C { tags += 1 } else if b == 0x3D { equals += 1 }
            }
            elements.reserveCapacity(tags)
            children.reserveCapacity(tags)
            attributes.reserveCapacity(equals)
            characters.reserveCapacity(columns.bytes.count)
        }

        /// The finished tree; an element still open (none is when the parse succeeds) gets the
        /// children and text read so far.
        func tree() -> XMLTree {
            while !stack.isEmpty { close() }
            return XMLTree(elements: elements, attributes: attributes, children: children, names: names, characters: characters)
        }

        private func intern(_ name: String) -> UInt32 {
            if let i = nameIndex[name] { return i }
            let i = UInt32(names.count)
            names.append(name)
            nameIndex[name] = i
            return i
        }

        private func store(_ s: String) -> (start: UInt32, count: UInt32) {
            let start = UInt32(characters.count)
            characters.append(contentsOf: s.utf8)
            return (start, UInt32(characters.count) - start)
        }

        private func storeText(_ s: String) -> (start: UInt32, count: UInt32) {
            if s.isEmpty { return (0, 0) }
            guard s.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) else { return store(s) }
            if let stored = spaces[s] { return stored }
            let stored = store(s)
            spaces[s] = stored
            return stored
        }

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
            let column = columns.column(of: elementName, line: line)
            let index = elements.count
            let attributeStart = UInt32(attributes.count)
            for (key, value) in attributeDict {
                let v = store(value)
                attributes.append(XMLTree.Attribute(name: intern(key), start: v.start, count: v.count))
            }
            var parent = XMLTree.none
            if let top = stack.last {
                parent = UInt32(top.index)
                pending.append(UInt32(index))
            } else if root == nil {
                root = index
            }
            elements.append(XMLTree.Element(name: intern(elementName), parent: parent,
                                            attributeStart: attributeStart, attributeCount: UInt32(attributes.count) - attributeStart,
                                            childStart: 0, childCount: 0, textStart: 0, textCount: 0,
                                            line: UInt32(line), column: UInt32(column ?? 0)))
            stack.append(Frame(index: index, name: elementName, line: line, firstPending: pending.count))
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
            close()
        }

        /// Pops the innermost open element, storing its children and text.
        private func close() {
            guard let top = stack.popLast() else { return }
            let text = storeText(top.text)
            elements[top.index].childStart = UInt32(children.count)
            elements[top.index].childCount = UInt32(pending.count - top.firstPending)
            elements[top.index].textStart = text.start
            elements[top.index].textCount = text.count
            children.append(contentsOf: pending[top.firstPending...])
            pending.removeSubrange(top.firstPending...)
        }

        func parserDidEndDocument(_ parser: XMLParser) {
            if failure == nil, let top = stack.last {
                failure = Failure(message: "truncated or malformed XML: element <\(top.name)> opened at line \(top.line) is never closed "
                                      + "before the end of the file", line: max(1, parser.lineNumber), atEnd: true)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !stack.isEmpty { stack[stack.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            if !stack.isEmpty { stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self) }
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
