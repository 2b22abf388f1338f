import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an XML property list (`<?xml …><plist version="1.0">`) into a flat ``PlistDocument``, the
/// same shape the binary reader produces, using FoundationXML's streaming `XMLParser`
/// (toolchain-notes §3). A `<dict>` whose only key is `CF$UID` with an `<integer>` value is an
/// NSKeyedArchiver UID (nib-format.md §4.1). Dictionary keys keep document order.
///
/// Errors carry the byte offset of the offending element's `<`, computed from the parser's
/// line and column; the line and column are also named in the message of parser errors.
struct XMLPlistReader {
    let bytes: [UInt8]
    let limits: DecodingLimits

    init(bytes: [UInt8], limits: DecodingLimits = .default) {
        self.bytes = bytes
        self.limits = limits
    }

    func read() throws(ArchiveError) -> PlistDocument {
        guard bytes.count <= limits.maxFileSize else { throw ArchiveError(.limitExceeded(.fileSize, value: bytes.count), at: 0) }
        // FoundationXML traps on element names that are not UTF-8 (swift-corelibs-foundation on
        // Linux): reject such input before the parser sees it.
        if let bad = XMLInputGuard.firstInvalidUTF8(bytes) {
            throw ArchiveError(.invalidUTF8(.xml), at: bad, path: ["xml"])
        }
        try XMLInputGuard.check(bytes)
        let shielded = ControlCharacterShield(bytes)
        let builder = Builder(bytes: shielded.bytes, shield: shielded, maxDepth: limits.maxNestingDepth + 1)
        let parser = XMLParser.chunked(shielded.bytes)
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        builder.parser = parser
        let ok = parser.parse()
        builder.parser = nil
        if let error = builder.error { throw error }
        guard ok else {
            let line = parser.lineNumber, column = parser.columnNumber
            let reason = (parser.parserError as NSError?)?.localizedDescription ?? "XML syntax error"
            throw ArchiveError(.malformed("XML plist does not parse (line \(line), column \(column)): \(reason)"),
                               at: builder.offset(line: line, column: column), path: ["xml"])
        }
        if let open = builder.stack.first {
            // An element still open at the end: the file was most likely cut short.
            throw ArchiveError(.malformed("truncated or malformed XML plist: the top-level <\(open.element)> is never closed "
                                              + "before the end of the file"),
                               at: bytes.count, path: ["xml"])
        }
        guard let top = builder.top else {
            throw ArchiveError(.malformed("XML plist holds no value"), at: 0, path: ["xml"])
        }
        return PlistDocument(nodes: builder.nodes, refs: builder.refs, offsets: builder.nodeOffsets, top: top)
    }


    /// The XMLParser delegate: a stack of open containers; nodes are appended as elements close.
    private final class Builder: NSObject, XMLParserDelegate {
        struct Frame {
            var element: String
            var offset: Int
            var children: [Int] = []
            var keys: [Int] = []
            var pendingKey: Int?
            var text = ""
        }

        let bytes: [UInt8]
        let shield: ControlCharacterShield
        let maxDepth: Int
        var lineStarts: [Int] = [0]
        var stack: [Frame] = []
        var nodes: [PlistDocument.Node] = []
        var refs: [Int] = []
        var nodeOffsets: [Int] = []
        var top: Int?
        var error: ArchiveError?
        /// The parser, set for the duration of `parse()` (for positions in messages).
        var parser: XMLParser?

        init(bytes: [UInt8], shield: ControlCharacterShield, maxDepth: Int) {
            self.bytes = bytes
            self.shield = shield
            self.maxDepth = maxDepth
            for (i, b) in bytes.enumerated() where b == 0x0A { lineStarts.append(i + 1) }
        }

        /// Byte offset in the original input for a 1-based line and column, moved back to the `<`
        /// that starts the tag.
        func offset(line: Int, column: Int) -> Int {
            shield.originalOffset(shieldedOffset(line: line, column: column))
        }

        private func shieldedOffset(line: Int, column: Int) -> Int {
            guard line >= 1, line <= lineStarts.count else { return 0 }
            var at = min(bytes.count, lineStarts[line - 1] + max(0, column - 1))
            let lineStart = lineStarts[line - 1]
            var back = at
            while back > lineStart, back - 1 < bytes.count {
                back -= 1
                if bytes[back] == 0x3C { at = back; break }
            }
            return at
        }

        private var here: Int {
            guard let parser else { return 0 }
            return offset(line: parser.lineNumber, column: parser.columnNumber)
        }

        private func fail(_ parser: XMLParser, _ message: String, at: Int? = nil) {
            guard error == nil else { return }
            error = ArchiveError(.malformed(message), at: at ?? here, path: ["xml"])
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            guard error == nil else { return }
            if elementName == "plist" && stack.isEmpty && top == nil { return }
            switch elementName {
            case "dict", "array", "key", "string", "integer", "real", "date", "data", "true", "false":
                break
            default:
                return fail(parser, "unknown plist element <\(elementName)>")
            }
            if let last = stack.last, last.element != "dict", last.element != "array" {
                return fail(parser, "<\(elementName)> inside <\(last.element)>")
            }
            if stack.isEmpty, top != nil { return fail(parser, "more than one top-level value") }
            guard stack.count < maxDepth else {
                error = ArchiveError(.limitExceeded(.nestingDepth, value: stack.count + 1), at: here, path: ["xml"])
                return parser.abortParsing()
            }
            stack.append(Frame(element: elementName, offset: here))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard error == nil, let frame = stack.popLast() else { return }
            let node: PlistDocument.Node
            switch frame.element {
            case "dict":
                if frame.pendingKey != nil { return fail(parser, "<key> without a value in <dict>", at: frame.offset) }
                if frame.keys.count == 1, case .scalar(.string("CF$UID")) = nodes[frame.keys[0]],
                   case .scalar(let v) = nodes[frame.children[0]] {
                    switch v {
                    case .int(let i) where i >= 0: node = .scalar(.uid(UInt64(i)))
                    case .uint(let u): node = .scalar(.uid(u))
                    default: node = dictionary(frame)
                    }
                } else {
                    node = dictionary(frame)
                }
            case "array":
                let start = refs.count
                refs += frame.children
                node = .array(start..<refs.count)
            case "true": node = .scalar(.bool(true))
            case "false": node = .scalar(.bool(false))
            case "key", "string": node = .scalar(.string(shield.restore(frame.text)))
            case "integer":
                guard let v = Self.integer(frame.text) else { return fail(parser, "bad <integer> '\(frame.text.prefix(40))'", at: frame.offset) }
                node = .scalar(v)
            case "real":
                guard let d = Self.real(frame.text) else { return fail(parser, "bad <real> '\(frame.text.prefix(40))'", at: frame.offset) }
                node = .scalar(.real(d))
            case "date":
                guard let d = PlistDate.parse(frame.text) else { return fail(parser, "bad <date> '\(frame.text.prefix(40))'", at: frame.offset) }
                node = .scalar(.date(d))
            case "data":
                let compact = frame.text.filter { !$0.isWhitespace }
                guard let data = Data(base64Encoded: compact) else { return fail(parser, "bad base64 in <data>", at: frame.offset) }
                node = .scalar(.data([UInt8](data)))
            default: return
            }
            nodes.append(node)
            nodeOffsets.append(frame.offset)
            let index = nodes.count - 1
            guard !stack.isEmpty else { top = index; return }
            let parent = stack.count - 1
            if stack[parent].element == "dict" {
                if frame.element == "key" {
                    if stack[parent].pendingKey != nil { return fail(parser, "two <key>s in a row in <dict>", at: frame.offset) }
                    stack[parent].pendingKey = index
                } else {
                    guard let key = stack[parent].pendingKey else { return fail(parser, "value without <key> in <dict>", at: frame.offset) }
                    stack[parent].keys.append(key)
                    stack[parent].children.append(index)
                    stack[parent].pendingKey = nil
                }
            } else {
                if frame.element == "key" { return fail(parser, "<key> outside <dict>", at: frame.offset) }
                stack[parent].children.append(index)
            }
        }

        private func dictionary(_ frame: Frame) -> PlistDocument.Node {
            let start = refs.count
            refs += frame.keys
            refs += frame.children
            let middle = start + frame.keys.count
            return .dictionary(keys: start..<middle, values: middle..<refs.count)
        }

        /// `<integer>` text: optional whitespace and sign, decimal or `0x` hex digits (CoreFoundation
        /// accepts both); values above `Int64.max` become `.uint`. Parsed on UTF-8 bytes (no Foundation).
        static func integer(_ text: String) -> PlistValue? {
            var utf8 = Substring(text).utf8[...]
            while let f = utf8.first, f == 0x20 || f == 0x09 || f == 0x0A || f == 0x0D { utf8 = utf8.dropFirst() }
            while let l = utf8.last, l == 0x20 || l == 0x09 || l == 0x0A || l == 0x0D { utf8 = utf8.dropLast() }
            var negative = false
            if utf8.first == 0x2D { negative = true; utf8 = utf8.dropFirst() } else if utf8.first == 0x2B { utf8 = utf8.dropFirst() }
            var radix: UInt64 = 10
            if utf8.count > 2, utf8.first == 0x30, let x = utf8.dropFirst().first, x == 0x78 || x == 0x58 {
                radix = 16
                utf8 = utf8.dropFirst(2)
            }
            guard !utf8.isEmpty else { return nil }
            var magnitude: UInt64 = 0
            for b in utf8 {
                let digit: UInt64
                switch b {
                case 0x30...0x39: digit = UInt64(b - 0x30)
                case 0x61...0x66 where radix == 16: digit = UInt64(b - 0x61 + 10)
                case 0x41...0x46 where radix == 16: digit = UInt64(b - 0x41 + 10)
                default: return nil
                }
                let (m, o1) = magnitude.multipliedReportingOverflow(by: radix)
                let (a, o2) = m.addingReportingOverflow(digit)
                guard !o1, !o2 else { return nil }
                magnitude = a
            }
            if !negative { return magnitude <= UInt64(Int64.max) ? .int(Int64(magnitude)) : .uint(magnitude) }
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return .int(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
        }

        static func real(_ text: String) -> Double? {
            let t = text.filter { !$0.isWhitespace }.lowercased()
            switch t {
            case "nan": return .nan
            case "inf", "+inf", "infinity", "+infinity": return .infinity
            case "-inf", "-infinity": return -.infinity
            default: return Double(t)
            }
        }
    }
}
