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
        if let bad = firstInvalidUTF8(bytes) {
            let line = 1 + bytes[..<bad].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw ArchiveError(.invalidUTF8(.xml), at: bad, path: ["line \(line)"])
        }
        let delegate = Delegate()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let ok = parser.parse()
        if let failure = delegate.failure {
            throw ArchiveError(.malformed(failure.message + " at line \(failure.line)"),
                               at: byteOffset(bytes, line: failure.line, column: 1), path: ["line \(failure.line)"])
        }
        guard ok, let root = delegate.root else {
            let line = max(1, parser.lineNumber)
            let column = max(1, parser.columnNumber)
            var why = "malformed XML"
            if let e = parser.parserError as NSError? {
                why += " (libxml2 error \(e.code))"
            }
            throw ArchiveError(.malformed("\(why) at line \(line), column \(column)"),
                               at: byteOffset(bytes, line: line, column: column), path: ["line \(line)"])
        }
        return root
    }

    /// Offset of the first byte that is not part of a valid UTF-8 sequence, nil when all are.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
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
        var message: String
        var line: Int
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var root: XMLElementNode?
        var stack: [XMLElementNode] = []
        var failure: Failure?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            guard failure == nil else { return }
            if stack.count >= XMLTreeBuilder.maxDepth {
                failure = Failure(message: "elements nested deeper than \(XMLTreeBuilder.maxDepth)",
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
                failure = Failure(message: "closing tag </\(elementName)> does not match <\(top.name)> opened at line \(top.line)",
                                  line: max(1, parser.lineNumber))
                parser.abortParsing()
                return
            }
            if !stack.isEmpty { stack.removeLast() }
        }

        func parserDidEndDocument(_ parser: XMLParser) {
            if failure == nil, let top = stack.last {
                failure = Failure(message: "element <\(top.name)> opened at line \(top.line) is never closed",
                                  line: max(1, parser.lineNumber))
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
