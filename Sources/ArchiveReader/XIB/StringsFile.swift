import Foundation
#if !NIBINSPECT_SINGLE_MODULE
import TextEscaping   // Scripts/fuzz.sh compiles the sources as one module
#endif

/// A `.strings` file as Xcode and `ibtool` write them: `"key" = "value";` entries with `/* … */`
/// and `//` comments, in UTF-8 or in UTF-16 with a byte-order mark (ibtool's encoding).
///
/// The syntax is CoreFoundation's old-style property list parser for strings files
/// (`CFOldStylePList.c`, which `NSBundle` uses), and `PropertyListSerialization` agrees with it
/// on every input a test generates:
/// - strings are quoted with `"` or `'`, or unquoted words of ASCII letters, digits and `_$/:.-`;
/// - `"key";` is shorthand for `"key" = "key";`; the whole may be wrapped in `{ … }`;
/// - white space is tab to carriage return, space, U+2028 and U+2029;
/// - escapes are `\"`, `\\`, `\a \b \f \n \r \t \v`, one to three octal digits (a byte,
///   wrapping: `\777` is `\377`, read in NeXTSTEP Latin: `\351` is Ø), `\U` and up to four hex
///   digits (a UTF-16 unit, none is U+0000: a surrogate pair `\UD83D\UDE00` is one character;
///   `\u` is a plain `u`); any other escaped character stands for itself.
///
/// Stricter than CoreFoundation, with a line and column, where Foundation would lose entries
/// silently or cannot return a string:
/// - text after an entry that does not start another, a quote never closed there, or a `/*`
///   comment left open between entries (Foundation keeps the entries before and ignores the rest
///   of the file; the message ends "(Foundation ignores the file from here on)");
/// - a comment left open elsewhere, a lone surrogate (at its backslash), and a value that is not
///   a string (an array, dictionary or data).
///
/// Read here rather than through `PropertyListSerialization`, which prints CoreFoundation's parse
/// complaints on standard error and gives no column or line per entry; a binary or XML property
/// list (as an app bundle may ship a `.strings` file) is read through it.
public enum StringsFile {
    /// One entry, with the 1-based line its key starts on (nil in a property list file).
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: String
        public var line: Int?

        public init(key: String, value: String, line: Int?) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// Why a file is not a `.strings` file: what was expected, at a 1-based line and column.
    public struct ParseError: Error, CustomStringConvertible, Sendable {
        public var message: String
        public var line: Int
        public var column: Int
        /// Line 0: the whole file (a property list that is not one of strings).
        public var description: String { "not a .strings file: \(message)" + (line > 0 ? " at line \(line), column \(column)" : "") }
    }

    /// The entries of `bytes` in file order (a key given twice is kept twice; the last one wins
    /// for Foundation, and ``keys(_:)`` keeps it so).
    ///
    /// - Throws: ``ParseError`` for text that is not UTF-8/UTF-16, or not entries.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> [Entry] {
        if let entries = try propertyList(bytes) { return entries }
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let s = String(data: Data(bytes), encoding: .utf16) else {
                throw ParseError(message: "invalid UTF-16", line: 1, column: 1)
            }
            text = s
        } else {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            if let nul = body.firstIndex(of: 0) {
                // Most likely UTF-16 saved without its byte-order mark, which no reader can tell.
                let before = body[..<nul]
                let line = before.count { $0 == 0x0A } + 1
                let column = before.count - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
                throw ParseError(message: "a NUL byte (UTF-16 without a byte-order mark? save it as UTF-8, or as UTF-16 with one)", line: line, column: column)
            }
            guard let s = String(validating: body, as: UTF8.self) else {
                let (line, column) = invalidUTF8Position(body)
                throw ParseError(message: "invalid UTF-8", line: line, column: column)
            }
            text = s
        }
        var p = Parser(chars: Array(text.unicodeScalars))
        return try p.entries()
    }

    /// A `.strings` file an app bundle ships as a binary or XML property list (Xcode's
    /// `STRINGS_FILE_OUTPUT_ENCODING = binary`): its string-to-string dictionary, sorted by key;
    /// nil when `bytes` are not a property list of either kind.
    static func propertyList(_ bytes: [UInt8]) throws(ParseError) -> [Entry]? {
        let head = XMLProlog.utf8(Array(bytes.prefix(512))).bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        let isBinary = bytes.starts(with: Array("bplist".utf8))
        let isXML = head.starts(with: Array("<?xml".utf8)) || head.starts(with: Array("<!DOCTYPE plist".utf8)) || head.starts(with: Array("<plist".utf8))
        guard isBinary || isXML else { return nil }
        let kind = isBinary ? "binary property list" : "XML property list"
        let object: Any
        do { object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) } catch {
            throw ParseError(message: "\(kind) that cannot be read", line: 0, column: 0)
        }
        guard let dictionary = object as? [String: Any] else { throw ParseError(message: "\(kind) that is not a dictionary", line: 0, column: 0) }
        var out: [Entry] = []
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            guard let text = value as? String else { throw ParseError(message: "\(kind) whose value of \"\(key)\" is not a string", line: 0, column: 0) }
            out.append(Entry(key: key, value: text, line: nil))
        }
        return out
    }

    /// The 1-based line and column (in characters) of the first byte of `bytes` that is not UTF-8.
    static func invalidUTF8Position(_ bytes: [UInt8]) -> (line: Int, column: Int) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var line = 1, column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let unit):
                if Unicode.UTF8.decode(unit) == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput, .error: return (line, column)
            }
        }
    }

    private struct Parser {
        let chars: [Unicode.Scalar]
        var i = 0, line = 1, column = 1

        init(chars: [Unicode.Scalar]) {
            self.chars = chars.first == "\u{FEFF}" ? Array(chars.dropFirst()) : chars
        }

        func fail(_ message: String) -> ParseError { ParseError(message: message, line: line, column: column) }

        /// Moves past one character; `\n`, `\r\n` and a lone `\r` (classic Mac OS) end a line.
        mutating func advance() {
            let c = chars[i]
            if c == "\n" || (c == "\r" && (i + 1 == chars.count || chars[i + 1] != "\n")) { line += 1; column = 1 } else { column += 1 }
            i += 1
        }

        /// CoreFoundation's white space: tab through carriage return, space, U+2028, U+2029. A
        /// byte-order mark is one only at the start (``init(chars:)`` drops it): inside the file
        /// (`cat a.strings b.strings`) it ends what Foundation reads.
        static func isSpace(_ c: Unicode.Scalar) -> Bool {
            (0x09...0x0D).contains(c.value) || c == " " || c == "\u{2028}" || c == "\u{2029}"
        }

        /// Skips white space and comments.
        mutating func skip() throws(ParseError) {
            while i < chars.count {
                let c = chars[i]
                if Self.isSpace(c) { advance(); continue }
                if c == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                    let (l, col) = (line, column)
                    advance(); advance()
                    while i < chars.count && !(chars[i] == "*" && i + 1 < chars.count && chars[i + 1] == "/") { advance() }
                    guard i < chars.count else { throw ParseError(message: "comment not closed", line: l, column: col) }
                    advance(); advance()
                    continue
                }
                if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                    while i < chars.count && !["\n", "\r", "\u{2028}", "\u{2029}"].contains(chars[i]) { advance() }
                    continue
                }
                return
            }
        }

        /// CoreFoundation's unquoted string characters (`isValidUnquotedStringCharacter`): ASCII only.
        static func isWordCharacter(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || "_$/:.-".unicodeScalars.contains(c)
        }

        /// A quoted string (`"` or `'`) or an unquoted word.
        mutating func string(_ what: String) throws(ParseError) -> String {
            guard i < chars.count else { throw fail("\(what) expected, end of file found") }
            let quote = chars[i]
            if quote != "\"" && quote != "'" {
                var out = ""
                while i < chars.count && Self.isWordCharacter(chars[i]) { out.unicodeScalars.append(chars[i]); advance() }
                if out.isEmpty {
                    let found = quote.value > 0x7F && quote.properties.isAlphabetic
                        ? "'\(Self.shown(quote))' found (a word outside quotes is ASCII letters, digits and _$/:.- only)"
                        : "'\(Self.shown(quote))' found"
                    throw fail("\(what) expected, \(found)")
                }
                return out
            }
            let (l, col) = (line, column)
            advance()
            var out = ""
            while i < chars.count && chars[i] != quote {
                if chars[i] == "\\" {
                    let escape = (line: line, column: column)
                    func escapeError(_ message: String) -> ParseError { ParseError(message: message, line: escape.line, column: escape.column) }
                    advance()
                    guard i < chars.count else { break }
                    let e = chars[i]
                    switch e {
                    case "a": out += "\u{07}"
                    case "b": out += "\u{08}"
                    case "f": out += "\u{0C}"
                    case "n": out += "\n"
                    case "r": out += "\r"
                    case "t": out += "\t"
                    case "v": out += "\u{0B}"
                    case "0"..."7":
                        // Up to three digits, kept to a byte (CoreFoundation's uint8_t) and read as
                        // NeXTSTEP Latin; a byte that encoding lacks is U+0000, as CoreFoundation gives.
                        var value = UInt8(e.value - 48)
                        for _ in 0..<2 {
                            guard i + 1 < chars.count, ("0"..."7").contains(chars[i + 1]) else { break }
                            advance()
                            value = value &* 8 &+ UInt8(chars[i].value - 48)
                        }
                        out += String(bytes: [value], encoding: .nextstep) ?? "\u{0}"
                    case "U":
                        var unit = hexUnit()
                        if (0xD800...0xDBFF).contains(unit), i + 2 < chars.count, chars[i + 1] == "\\", chars[i + 2] == "U" {
                            advance(); advance()
                            let low = hexUnit()
                            guard (0xDC00...0xDFFF).contains(low) else { throw escapeError("\\U escape: a high surrogate without its low surrogate") }
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(unit) else { throw escapeError("\\U escape: a lone surrogate") }
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

        /// The 0–4 hex digits after `\U` (the cursor on the `U`), left on the last one read; no
        /// digits is U+0000, as CoreFoundation reads it.
        mutating func hexUnit() -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard i + 1 < chars.count, chars[i + 1].properties.isASCIIHexDigit, let digit = UInt32(String(chars[i + 1]), radix: 16) else { break }
                advance()
                value = value * 16 + digit
            }
            return value
        }

        /// A character as a message shows it (``Escape/terminal(_:)``: `\u{1b}`, `\n`).
        static func shown(_ c: Unicode.Scalar) -> String { Escape.terminal(String(c)) }

        mutating func expect(_ c: Unicode.Scalar, after what: String) throws(ParseError) {
            try skip()
            guard i < chars.count, chars[i] == c else {
                throw fail("'\(c)' expected after \(what)" + (i < chars.count ? ", '\(Self.shown(chars[i]))' found" : ", end of file found"))
            }
            advance()
        }

        /// The entries, optionally inside `{ }` (a strings file is a dictionary's content).
        mutating func entries() throws(ParseError) -> [Entry] {
            var out: [Entry] = []
            // Where Foundation stops without a word: what it read so far is all it keeps.
            let ignored = " (Foundation ignores the file from here on)"
            do { try skip() } catch { throw ParseError(message: error.message + ignored, line: error.line, column: error.column) }
            let braced = i < chars.count && chars[i] == "{"
            if braced { advance() }
            while true {
                do { try skip() } catch where !braced { throw ParseError(message: error.message + ignored, line: error.line, column: error.column) }
                if braced, i < chars.count, chars[i] == "}" {
                    advance()
                    try skip()
                    guard i >= chars.count else { throw fail("end of file expected after '}', '\(Self.shown(chars[i]))' found") }
                    return out
                }
                if i >= chars.count {
                    if braced { throw fail("'}' expected, end of file found") }
                    return out
                }
                let l = line
                // CoreFoundation ends a strings file at the first entry it cannot start (a
                // character that starts no string, a quote never closed) and keeps what it read
                // before. (The first entry is read as a property list first: failing, it fails.)
                let starts = chars[i] == "\"" || chars[i] == "'" || Self.isWordCharacter(chars[i])
                if !starts && !braced && !out.isEmpty { throw fail("key expected, '\(Self.shown(chars[i]))' found" + ignored) }
                let key: String
                do { key = try string("key") } catch where !braced && !out.isEmpty && error.message == "string not closed" {
                    throw ParseError(message: error.message + ignored, line: error.line, column: error.column)
                }
                try skip()
                if i < chars.count, chars[i] == ";" {   // "key"; is "key" = "key";
                    advance()
                    out.append(Entry(key: key, value: key, line: l))
                    continue
                }
                try expect("=", after: "key \"\(key)\"")
                try skip()
                if i < chars.count, chars[i] == "(" || chars[i] == "{" || chars[i] == "<" {
                    throw fail("the value of \"\(key)\" is not a string (\(chars[i] == "(" ? "an array" : chars[i] == "{" ? "a dictionary" : "data"))")
                }
                let value = try string("value")
                try expect(";", after: "the value of \"\(key)\"")
                out.append(Entry(key: key, value: value, line: l))
            }
        }
    }
}
