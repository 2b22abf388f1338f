/// How deeply a Swift file nests, measured before the toolchain's SwiftParser sees it: the parser
/// recurses once per nesting level in places its own `maximumNestingLevel` does not guard, and
/// some shapes cost it time or memory that grows much faster than the file
/// (measured with Swift 6.3, parsing on a 64 MiB stack unless said otherwise):
///
/// - `var a(((…` — 900 `(` overflow an 8 MiB stack in lookahead (about 15 KiB of stack per `(`;
///   100 already overflow 1 MiB);
/// - 3,000 nested `#if X` lines overflow an 8 MiB stack in the lexer, and take 22 s on a large one;
/// - `"\(\(…` — string interpolations nested with parentheses: 256 levels take 1 GiB, 500 levels
///   7.8 GiB and 85 s; `"\("\(…` 3,000 levels 450 MB;
/// - `[` nested 20 deep takes 7 s (inline-array type lookahead backtracks at every `[`), and each
///   `[` doubles the cost of what follows it.
///
/// One pass over the UTF-8 bytes that knows comments (nested `/* */`), string literals
/// (single-line, multi-line `"""`, raw `#"…"#`) and interpolations (`\(`, `\#(` in raw strings),
/// so brackets inside strings and comments do not count and brackets inside interpolations do.
/// Where the scanner and the parser could disagree it counts more, never less: a bracket closed
/// by the wrong kind stays open; a single-line string left open at the end of its line ends there
/// but the interpolations opened in it stay counted.
public struct SwiftNesting {
    /// The first limit passed, if any.
    public struct Excess: Equatable, CustomStringConvertible {
        public enum Kind: Equatable {
            /// `[` nested deeper than ``SwiftNesting/maxSquareBrackets``.
            case squareBrackets
            /// `(`, `[`, `{`, interpolations and `#if` blocks together deeper than ``SwiftNesting/maxNesting``.
            case nesting
        }
        public var kind: Kind
        /// The depth reached (one more than the limit).
        public var depth: Int
        /// 1-based line where it was reached.
        public var line: Int

        public var description: String {
            switch kind {
            case .squareBrackets:
                return "'[' nested \(depth) deep at line \(line); the parser allows \(SwiftNesting.maxSquareBrackets) (its time doubles per level)"
            case .nesting:
                return "brackets, string interpolations and #if blocks nested \(depth) deep at line \(line); the parser allows \(SwiftNesting.maxNesting)"
            }
        }
    }

    /// `[` nested deeper than this makes the file unreadable: SwiftParser's lookahead for
    /// inline-array types (`[3 of Int]`, Swift 6.2) backtracks at every `[`, doubling the time per
    /// level and multiplying the cost of what follows (measured with Swift 6.3: 20 `[` 7 s; 10 `[`
    /// then 54 `(` 4.4 s; 8 then 45 `(`, a NUL and 9 `(` 0.5 s alone and over 10 s on a loaded
    /// machine, a fuzz finding; 6 then up to 58 `(` 0.2 s at most). The Swift files of
    /// ../shared/projects nest 3.
    public static let maxSquareBrackets = 6

    /// `(`, `[`, `{`, string interpolations and `#if` blocks nested deeper than this together make
    /// the file unreadable (see ``SwiftNesting`` for what each costs the parser). At 64 the worst
    /// shapes known parse in under 0.3 s, 50 MB and 2 MiB of stack; the Swift files of
    /// ../shared/projects (702, NetNewsWire and HexFiend) nest 13 at most.
    public static let maxNesting = 64

    private enum Open: Equatable {
        case paren, square, brace
        /// `\(` in a string: closes with `)` back into the string below.
        case interpolation
        /// `#if` … `#endif`.
        case conditional
        /// A string literal; `hashes` is the number of `#` of a raw string.
        case string(multiline: Bool, hashes: Int)

        var counts: Bool { if case .string = self { return false } else { return true } }
    }

    /// The first place where `text` nests past a limit; nil when it never does. Constant memory
    /// (the open stack never grows past the limits), linear time.
    public static func excess(_ text: String) -> Excess? {
        var copy = text
        return copy.withUTF8 { scan($0) }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Excess? {
        var stack: [Open] = []
        var depth = 0, squares = 0
        var line = 1
        var blockComments = 0
        // Brackets in the innermost open string, counted as if they were code: a single-line
        // string still open at the end of its line may have been code to the parser (a fuzz
        // finding: `x = "\(\("` then 26 `[` hangs it).
        var shadow = 0, shadowMax = 0, shadowSquares = 0, shadowSquaresMax = 0
        var i = 0
        let n = bytes.count

        func at(_ j: Int) -> UInt8 { j < n ? bytes[j] : 0 }
        func hashes(from j: Int) -> Int {
            var k = j
            while k < n && bytes[k] == UInt8(ascii: "#") { k += 1 }
            return k - j
        }
        func startsWord(_ word: String, at j: Int) -> Bool {
            var k = j
            for b in word.utf8 {
                guard at(k) == b else { return false }
                k += 1
            }
            let next = at(k)
            return !(next == UInt8(ascii: "_") || (next >= 0x30 && next <= 0x39) || ((next | 0x20) >= 0x61 && (next | 0x20) <= 0x7a) || next >= 0x80)
        }
        func push(_ o: Open) -> Excess? {
            if case .string = o { (shadow, shadowMax, shadowSquares, shadowSquaresMax) = (0, 0, 0, 0) }
            stack.append(o)
            if o.counts { depth += 1 }
            if o == .square { squares += 1 }
            if squares > maxSquareBrackets { return Excess(kind: .squareBrackets, depth: squares, line: line) }
            if depth > maxNesting { return Excess(kind: .nesting, depth: depth, line: line) }
            return nil
        }
        func pop() {
            let o = stack.removeLast()
            if o.counts { depth -= 1 }
            if o == .square { squares -= 1 }
        }
        /// The end of a line ends every single-line string still open: the strings above and
        /// including the lowest one are dropped, the interpolations opened in them stay counted
        /// (as parentheses that never close).
        func endLine() -> Excess? {
            guard let lowest = stack.firstIndex(where: isSingleLineString) else { return nil }
            if isSingleLineString(stack[stack.count - 1]) {
                if squares + shadowSquaresMax > maxSquareBrackets {
                    return Excess(kind: .squareBrackets, depth: squares + shadowSquaresMax, line: line)
                }
                if depth + shadowMax > maxNesting { return Excess(kind: .nesting, depth: depth + shadowMax, line: line) }
            }
            var kept: [Open] = []
            for o in stack[lowest...] {
                switch o {
                case .string: continue
                case .interpolation: kept.append(.paren)
                default: kept.append(o)
                }
            }
            stack.removeSubrange(lowest...)
            stack += kept
            return nil
        }

        while i < n {
            let c = bytes[i]
            if c == UInt8(ascii: "\n") {
                line += 1
                if blockComments == 0, let e = endLine() { return e }
                i += 1
                continue
            }
            if blockComments > 0 {
                if c == UInt8(ascii: "*") && at(i + 1) == UInt8(ascii: "/") { blockComments -= 1; i += 2 }
                else if c == UInt8(ascii: "/") && at(i + 1) == UInt8(ascii: "*") { blockComments += 1; i += 2 }
                else { i += 1 }
                continue
            }
            if case .string(let multiline, let h)? = stack.last {
                if c == UInt8(ascii: "\\") && hashes(from: i + 1) >= h {
                    let after = i + 1 + h
                    if at(after) == UInt8(ascii: "(") {
                        if let e = push(.interpolation) { return e }
                        i = after + 1
                    } else {
                        // An escape: skip the escaped character unless it is a newline (which
                        // the top of the loop handles).
                        i = at(after) == UInt8(ascii: "\n") ? after : after + 1
                    }
                    continue
                }
                if c == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    if (0..<quotes).allSatisfy({ at(i + $0) == UInt8(ascii: "\"") }) && hashes(from: i + quotes) >= h {
                        pop()
                        i += quotes + h
                        continue
                    }
                }
                switch c {
                case UInt8(ascii: "("), UInt8(ascii: "{"): shadow += 1
                case UInt8(ascii: "["): shadow += 1; shadowSquares += 1
                case UInt8(ascii: ")"), UInt8(ascii: "}"): shadow = max(0, shadow - 1)
                case UInt8(ascii: "]"): shadow = max(0, shadow - 1); shadowSquares = max(0, shadowSquares - 1)
                default: break
                }
                shadowMax = max(shadowMax, shadow)
                shadowSquaresMax = max(shadowSquaresMax, shadowSquares)
                i += 1
                continue
            }
            // Code.
            switch c {
            case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "/"):
                while i < n && bytes[i] != UInt8(ascii: "\n") { i += 1 }
                continue
            case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "*"):
                blockComments = 1
                i += 2
                continue
            case UInt8(ascii: "\""), UInt8(ascii: "#"):
                let h = c == UInt8(ascii: "#") ? hashes(from: i) : 0
                if at(i + h) == UInt8(ascii: "\"") {
                    let multiline = at(i + h + 1) == UInt8(ascii: "\"") && at(i + h + 2) == UInt8(ascii: "\"")
                    if let e = push(.string(multiline: multiline, hashes: h)) { return e }
                    i += h + (multiline ? 3 : 1)
                    continue
                }
                if c == UInt8(ascii: "#") && at(i + h) == UInt8(ascii: "/") {
                    // An extended regex literal #/…/#: skipped to its end (or the end of the line).
                    var j = i + h + 1
                    while j < n && bytes[j] != UInt8(ascii: "\n") && !(bytes[j] == UInt8(ascii: "/") && hashes(from: j + 1) >= h) { j += 1 }
                    i = min(n, j + 1 + h)
                    if j < n && bytes[j] == UInt8(ascii: "\n") { i = j }
                    continue
                }
                if c == UInt8(ascii: "#") {
                    if startsWord("#if", at: i) {
                        if let e = push(.conditional) { return e }
                    } else if startsWord("#endif", at: i), let j = stack.lastIndex(of: .conditional) {
                        // Brackets left open inside the block stay counted.
                        stack.remove(at: j)
                        depth -= 1
                    }
                }
                i += max(h, 1)
                continue
            case UInt8(ascii: "("):
                if let e = push(.paren) { return e }
            case UInt8(ascii: "["):
                if let e = push(.square) { return e }
            case UInt8(ascii: "{"):
                if let e = push(.brace) { return e }
            case UInt8(ascii: ")"):
                if stack.last == .paren || stack.last == .interpolation { pop() }
            case UInt8(ascii: "]"):
                if stack.last == .square { pop() }
            case UInt8(ascii: "}"):
                if stack.last == .brace { pop() }
            default:
                break
            }
            i += 1
        }
        return blockComments == 0 ? endLine() : nil
    }

    private static func isSingleLineString(_ o: Open) -> Bool {
        if case .string(let multiline, _) = o { return !multiline }
        return false
    }
}
