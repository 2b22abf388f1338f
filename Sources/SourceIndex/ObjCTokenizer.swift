/// One token of Objective-C source, with the 1-based line and column (in UTF-8 bytes) where it starts.
struct ObjCToken {
    enum Kind: UInt8 {
        /// `name`, `self`, `IBOutlet` (letters, digits, `_`, `$` and any non-ASCII byte).
        case identifier
        /// `@interface`, `@end`, `@selector`: the text keeps the `@`.
        case atKeyword
        /// `@"…"`: the text is what stands between the quotes, escapes as written.
        case objcString
        /// `"…"`: the text is what stands between the quotes.
        case cString
        case char
        case number
        /// One ASCII character: `{`, `*`, `:`. Multi-character operators come as several tokens.
        case punct
    }
    var kind: Kind
    var text: String
    var line: Int32
    var column: Int32

    func isPunct(_ c: String) -> Bool { kind == .punct && text == c }
    func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
}

/// Splits Objective-C (and Objective-C++) source into ``ObjCToken``s, leaving out comments and
/// preprocessor lines, in one pass over the bytes.
///
/// - Comments: `//` to the end of the line, `/* … */`. An unterminated block comment ends the file.
/// - Literals: `"…"`, `@"…"` and `'…'` with backslash escapes; one that reaches the end of its line
///   unclosed ends there.
/// - Preprocessor lines (`#…`, with backslash continuations) are dropped. Of conditional groups only
///   one is read: the first, unless it is `#if 0` (then the next `#elif`/`#else`), so that the two
///   halves of `#if TARGET_OS_IPHONE … #else … #endif` never both open a brace or a class.
///   `#pragma clang assume_nonnull begin/end` become the tokens `NS_ASSUME_NONNULL_BEGIN/END`.
///
/// Problems (unterminated comments and literals) are returned with the tokens.
struct ObjCTokenizer {
    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0
    private var atLineStart = true
    /// Open conditional groups: whether the current group is skipped, and whether one was read.
    private var conditions: [(skipping: Bool, taken: Bool, line: Int, column: Int)] = []
    private(set) var tokens: [ObjCToken] = []
    private(set) var problems: [(line: Int, column: Int, message: String)] = []

    static func tokenize(_ text: String) -> ObjCTokenizer {
        var t = ObjCTokenizer(bytes: Array(text.utf8))
        t.run()
        return t
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private static func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x24 || c >= 0x80
    }
    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    private func byte(_ j: Int) -> UInt8 { j < bytes.count ? bytes[j] : 0 }
    private var skipping: Bool { conditions.last?.skipping ?? false }

    private mutating func newline(at j: Int) {
        line += 1
        lineStart = j + 1
    }

    private mutating func emit(_ kind: ObjCToken.Kind, _ start: Int, _ end: Int, textFrom: Int? = nil, textTo: Int? = nil) {
        let text = String(decoding: bytes[(textFrom ?? start)..<(textTo ?? end)], as: UTF8.self)
        tokens.append(ObjCToken(kind: kind, text: text, line: Int32(line), column: Int32(start - lineStart + 1)))
    }

    private mutating func problem(_ message: String, at start: Int, line: Int, lineStart: Int) {
        problems.append((line, start - lineStart + 1, message))
    }

    private mutating func run() {
        let n = bytes.count
        while i < n {
            if skipping && atLineStart { skipLine(); continue }
            let c = bytes[i]
            switch c {
            case 0x0A:
                newline(at: i)
                i += 1
                atLineStart = true
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                i += 1
            case 0x23 where atLineStart:   // #
                directive()
            case 0x2F where byte(i + 1) == 0x2F:   // //
                while i < n, bytes[i] != 0x0A { i += 1 }
            case 0x2F where byte(i + 1) == 0x2A:   // /*
                blockComment()
            case 0x22:   // "
                quoted(from: i, open: i, kind: .cString)
            case 0x27:   // '
                quoted(from: i, open: i, kind: .char)
            case 0x40 where byte(i + 1) == 0x22:   // @"
                quoted(from: i, open: i + 1, kind: .objcString)
            case 0x40 where Self.isIdentifierByte(byte(i + 1)) && !Self.isDigit(byte(i + 1)):
                let start = i
                i += 1
                while i < n, Self.isIdentifierByte(bytes[i]) { i += 1 }
                emit(.atKeyword, start, i)
                atLineStart = false
            case _ where Self.isDigit(c):
                let start = i
                while i < n {
                    let d = bytes[i]
                    if Self.isIdentifierByte(d) || d == 0x2E { i += 1 }
                    else if d == 0x27, Self.isIdentifierByte(byte(i + 1)) { i += 2 }   // 1'000
                    else if (d == 0x2B || d == 0x2D), [0x65, 0x45, 0x70, 0x50].contains(bytes[i - 1]) { i += 1 }   // 1e+5
                    else { break }
                }
                emit(.number, start, i)
                atLineStart = false
            case _ where Self.isIdentifierByte(c):
                let start = i
                while i < n, Self.isIdentifierByte(bytes[i]) { i += 1 }
                emit(.identifier, start, i)
                atLineStart = false
            default:
                emit(.punct, i, i + 1)
                i += 1
                atLineStart = false
            }
        }
        if let open = conditions.first {
            problems.append((open.line, open.column, "#if without #endif"))
        }
    }

    private mutating func blockComment() {
        let start = i, startLine = line, startLineStart = lineStart
        i += 2
        while i < bytes.count {
            if bytes[i] == 0x2A, byte(i + 1) == 0x2F { i += 2; return }
            if bytes[i] == 0x0A { newline(at: i) }
            i += 1
        }
        problem("unterminated comment", at: start, line: startLine, lineStart: startLineStart)
    }

    /// A literal starting at `from` whose quote character is at `open`; it ends at the same quote
    /// not escaped, or (unterminated) before the end of its line.
    private mutating func quoted(from start: Int, open: Int, kind: ObjCToken.Kind) {
        let quote = bytes[open]
        let startLine = line, startLineStart = lineStart
        var j = open + 1
        while j < bytes.count, bytes[j] != quote, bytes[j] != 0x0A {
            if bytes[j] == 0x5C, j + 1 < bytes.count {   // backslash
                if bytes[j + 1] == 0x0A { newline(at: j + 1) }
                j += 1
            }
            j += 1
        }
        let closed = j < bytes.count && bytes[j] == quote
        let end = min(j, bytes.count)
        // The token's line is where it started.
        let savedLine = line, savedLineStart = lineStart
        line = startLine
        lineStart = startLineStart
        emit(kind, start, end, textFrom: open + 1, textTo: end)
        line = savedLine
        lineStart = savedLineStart
        if !closed {
            problem(kind == .char ? "unterminated character literal" : "unterminated string literal",
                    at: start, line: startLine, lineStart: startLineStart)
        }
        i = closed ? j + 1 : end
        atLineStart = false
    }

    /// One preprocessor line from its `#`, continuations and comments included; acts on
    /// conditionals and on `#pragma clang assume_nonnull`.
    private mutating func directive() {
        let directiveLine = line, directiveColumn = i - lineStart + 1
        var text: [UInt8] = []
        i += 1
        while i < bytes.count, bytes[i] != 0x0A {
            if bytes[i] == 0x5C, byte(i + 1) == 0x0A { newline(at: i + 1); i += 2; text.append(0x20); continue }
            if bytes[i] == 0x5C, byte(i + 1) == 0x0D, byte(i + 2) == 0x0A { newline(at: i + 2); i += 3; text.append(0x20); continue }
            if bytes[i] == 0x2F, byte(i + 1) == 0x2F { while i < bytes.count, bytes[i] != 0x0A { i += 1 }; break }
            if bytes[i] == 0x2F, byte(i + 1) == 0x2A { blockComment(); text.append(0x20); continue }
            if text.count < 200 { text.append(bytes[i]) }
            i += 1
        }
        let words = String(decoding: text, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard let name = words.first else { return }
        let rest = words.dropFirst().joined(separator: " ")
        let isFalse = rest == "0" || rest == "(0)" || rest == "false"
        switch name {
        case "if", "ifdef", "ifndef":
            if skipping { conditions.append((true, true, directiveLine, directiveColumn)) }
            else if name == "if" && isFalse { conditions.append((true, false, directiveLine, directiveColumn)) }
            else { conditions.append((false, true, directiveLine, directiveColumn)) }
        case "elif", "elifdef", "elifndef", "else":
            guard let top = conditions.popLast() else { return }
            let reads = !top.taken && !(name != "else" && isFalse)   // the first group read after `#if 0`
            conditions.append((!reads, top.taken || reads, top.line, top.column))
        case "endif":
            _ = conditions.popLast()
        case "pragma" where !skipping && rest.hasPrefix("clang assume_nonnull"):
            let text = rest.hasSuffix("begin") ? "NS_ASSUME_NONNULL_BEGIN" : "NS_ASSUME_NONNULL_END"
            tokens.append(ObjCToken(kind: .identifier, text: text, line: Int32(directiveLine), column: Int32(directiveColumn)))
        default:
            break
        }
    }

    /// A line of a skipped conditional group: a directive is still read, anything else dropped.
    private mutating func skipLine() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        if i < bytes.count, bytes[i] == 0x23 { directive() }
        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
        if i < bytes.count { newline(at: i); i += 1 }
    }
}
