import Foundation

/// A `.strings` file as Xcode and `ibtool` write them: `"key" = "value";` entries with `/* … */`
/// and `//` comments, in UTF-8 or in UTF-16 with a byte-order mark (ibtool's encoding). Keys may be
/// unquoted words (`key = "value";`), as the old-style property list format allows; escapes are
/// `\"`, `\\`, `\n`, `\t`, `\r` and `\UXXXX`.
///
/// Read here rather than through `PropertyListSerialization`, which prints CoreFoundation's parse
/// complaints on standard error and gives no column.
public enum StringsFile {
    /// One entry, with the 1-based line its key starts on.
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: String
        public var line: Int
    }

    /// Why a file is not a `.strings` file: what was expected, at a 1-based line and column.
    public struct ParseError: Error, CustomStringConvertible, Sendable {
        public var message: String
        public var line: Int
        public var column: Int
        public var description: String { "not a .strings file: \(message) at line \(line), column \(column)" }
    }

    /// The entries of `bytes` in file order (a key given twice is kept twice; the last one wins
    /// for Foundation, and ``keys(_:)`` keeps it so).
    ///
    /// - Throws: ``ParseError`` for text that is not UTF-8/UTF-16, or not entries.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> [Entry] {
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let s = String(data: Data(bytes), encoding: .utf16) else {
                throw ParseError(message: "invalid UTF-16", line: 1, column: 1)
            }
            text = s
        } else {
            guard let s = String(validating: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self) else {
                throw ParseError(message: "invalid UTF-8", line: 1, column: 1)
            }
            text = s
        }
        var p = Parser(chars: Array(text.unicodeScalars))
        return try p.entries()
    }

    private struct Parser {
        let chars: [Unicode.Scalar]
        var i = 0, line = 1, column = 1

        init(chars: [Unicode.Scalar]) {
            self.chars = chars.first == "\u{FEFF}" ? Array(chars.dropFirst()) : chars
        }

        func fail(_ message: String) -> ParseError { ParseError(message: message, line: line, column: column) }

        mutating func advance() {
            if chars[i] == "\n" { line += 1; column = 1 } else { column += 1 }
            i += 1
        }

        /// Skips white space and comments.
        mutating func skip() throws(ParseError) {
            while i < chars.count {
                let c = chars[i]
                if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{FEFF}" { advance(); continue }
                if c == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                    let (l, col) = (line, column)
                    advance(); advance()
                    while i < chars.count && !(chars[i] == "*" && i + 1 < chars.count && chars[i + 1] == "/") { advance() }
                    guard i < chars.count else { throw ParseError(message: "comment not closed", line: l, column: col) }
                    advance(); advance()
                    continue
                }
                if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                    while i < chars.count && chars[i] != "\n" { advance() }
                    continue
                }
                return
            }
        }

        static func isWordCharacter(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || ("0"..."9").contains(c) || "_$:./-".unicodeScalars.contains(c)
        }

        /// A quoted string or an unquoted word.
        mutating func string(_ what: String) throws(ParseError) -> String {
            guard i < chars.count else { throw fail("\(what) expected, end of file found") }
            if chars[i] != "\"" {
                var out = ""
                while i < chars.count && Self.isWordCharacter(chars[i]) { out.unicodeScalars.append(chars[i]); advance() }
                if out.isEmpty { throw fail("\(what) expected, '\(Self.shown(chars[i]))' found") }
                return out
            }
            let (l, col) = (line, column)
            advance()
            var out = ""
            while i < chars.count && chars[i] != "\"" {
                if chars[i] == "\\" {
                    advance()
                    guard i < chars.count else { break }
                    let e = chars[i]
                    switch e {
                    case "n": out += "\n"
                    case "t": out += "\t"
                    case "r": out += "\r"
                    case "U", "u":
                        var hex = ""
                        while hex.count < 4, i + 1 < chars.count, chars[i + 1].properties.isASCIIHexDigit { advance(); hex.unicodeScalars.append(chars[i]) }
                        guard let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else { throw fail("bad \\U escape") }
                        out.unicodeScalars.append(scalar)
                    default: out.unicodeScalars.append(e)
                    }
                    advance()
                    continue
                }
                out.unicodeScalars.append(chars[i])
                advance()
            }
            guard i < chars.count else { throw ParseError(message: "string not closed", line: l, column: col) }
            advance()
            return out
        }

        static func shown(_ c: Unicode.Scalar) -> String {
            c.value < 0x20 || c.value == 0x7F ? String(format: "\\u{%X}", c.value) : String(c)
        }

        mutating func expect(_ c: Unicode.Scalar, after what: String) throws(ParseError) {
            try skip()
            guard i < chars.count, chars[i] == c else {
                throw fail("'\(c)' expected after \(what)" + (i < chars.count ? ", '\(Self.shown(chars[i]))' found" : ", end of file found"))
            }
            advance()
        }

        mutating func entries() throws(ParseError) -> [Entry] {
            var out: [Entry] = []
            while true {
                try skip()
                if i >= chars.count { return out }
                let l = line
                let key = try string("key")
                try expect("=", after: "key \"\(key)\"")
                try skip()
                let value = try string("value")
                try expect(";", after: "the value of \"\(key)\"")
                out.append(Entry(key: key, value: value, line: l))
            }
        }
    }
}
