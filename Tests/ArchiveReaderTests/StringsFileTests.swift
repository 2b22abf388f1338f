import Foundation
import TestSupport
import Testing
@testable import ArchiveReader

/// `StringsFile` against CoreFoundation's own strings-file parser (`PropertyListSerialization`
/// reads old-style property lists with `CFOldStylePList.c` on Linux as on macOS).
@Suite struct StringsFileTests {
    /// Pieces that together exercise quoting, escapes, shorthand, comments, braces and white space.
    static let pieces = [
        #""a""#, #"'b'"#, #""k""#, "word.x", "y-z$/:_9", " = ", "=", ";", " ", "\n", "\r\n", "\t", "\u{2028}",
        "/* c */", "// line\n", "{", "}", #""\U00e9""#, #""\351\101""#, #""\u0041""#, #""\"q\\""#, #"'it\'s'"#,
        #""\UD83D\UDE00""#, #""\U""#, "\"é\"", "é", "(", "\"x\" = (\"y\");", "\"d\" = <00>;", #""\n\t\a""#,
        #""\777""#, "\"k\" = \"v\";", "'k';", "\"dup\" = \"1\";", "\"dup\" = \"2\";", "u = v;",
        "\u{FEFF}", "\u{2029}", "\u{0B}", "\u{0C}", "\r", "/* open",
    ]

    /// Entries as a dictionary: the last of a repeated key wins, as in `NSBundle`.
    static func dictionary(_ entries: [StringsFile.Entry]) -> [String: String] {
        Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// What CoreFoundation makes of `text`: a dictionary of strings, "rejected", or nil when it
    /// reads something a strings file cannot be (one string, an array, non-string values).
    enum Oracle: Equatable { case entries([String: String]), rejected }
    static func oracle(_ text: String) -> Oracle? {
        guard let object = try? PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil) else { return .rejected }
        guard let dictionary = object as? [String: Any] else { return nil }
        var out: [String: String] = [:]
        for (key, value) in dictionary {
            guard let text = value as? String else { return nil }
            out[key] = text
        }
        return .entries(out)
    }

    /// `text` up to a 1-based line and column as `StringsFile` counts them (Unicode scalars;
    /// `\r\n`, `\n` and a lone `\r` end a line).
    static func prefix(_ text: String, line: Int, column: Int) -> String {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }   // (the parser drops a leading one)
        var (l, c, i) = (1, 1, 0)
        while i < scalars.count, (l, c) != (line, column) {
            let s = scalars[i]
            if s == "\n" || (s == "\r" && (i + 1 == scalars.count || scalars[i + 1] != "\n")) { l += 1; c = 1 } else { c += 1 }
            i += 1
        }
        var out = ""
        out.unicodeScalars.append(contentsOf: scalars[..<i])
        return out
    }

    @Test func agreesWithCoreFoundation() throws {
        var rng = SeededRandom(seed: SeededRandom.seed(env: "STRINGS_SEED", fallback: 0x5715))
        var inputs: [String] = []
        for round in 0..<4000 {
            // Half the inputs are runs of well-formed entries with one piece dropped in, so both
            // parsers accept often; the rest are random pieces.
            var text = ""
            if round % 2 == 0 {
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    text += ["\"k\" = \"v\";", "'s' = 'q';", "w = \"x\";", "\"k2\";", "/* n */ \"e\" = \"\\U00e9\";\n"].randomElement(using: &rng)!
                }
                let at = text.index(text.startIndex, offsetBy: Int.random(in: 0...text.count, using: &rng))
                text.insert(contentsOf: Self.pieces.randomElement(using: &rng)!, at: at)
            } else {
                for _ in 0..<Int.random(in: 1...8, using: &rng) { text += Self.pieces.randomElement(using: &rng)! }
            }
            inputs.append(text)
        }
        // CoreFoundation logs each missing semicolon on stderr; keep the test's output readable.
        let stderr = try StderrCapture()
        let oracles = inputs.map(Self.oracle)
        _ = stderr.finish()
        var compared = 0, accepted = 0
        for (round, (text, oracle)) in zip(inputs, oracles).enumerated() {
            // (Nothing but a byte-order mark is an empty string, which CoreFoundation refuses to
            // convert; an empty file has no entries here.)
            guard let expected = oracle, text != "\u{FEFF}" else { continue }
            var ours: Oracle
            do { ours = .entries(Self.dictionary(try StringsFile.parse(Array(text.utf8)))) } catch {
                ours = .rejected
                // Stricter on purpose where Foundation drops the rest of the file: Foundation's
                // entries are then exactly those before the place the error names.
                if error.message.hasSuffix("(Foundation ignores the file from here on)"),
                   let kept = try? StringsFile.parse(Array(Self.prefix(text, line: error.line, column: error.column).utf8)) {
                    ours = .entries(Self.dictionary(kept))
                }
            }
            #expect(ours == expected, "round \(round): \(String(reflecting: text))")
            compared += 1
            if case .entries = expected { accepted += 1 }
        }
        // The generator must reach both outcomes often enough to mean something.
        #expect(compared > 3000 && accepted > 1000, "\(compared) compared, \(accepted) accepted")
    }

    @Test func coreFoundationSyntax() throws {
        let entries = try StringsFile.parse(Array(#"{ 'a' = "b"; "k"; w.x = y-z; "c" = "d\u00e9\351\U00e9\101"; }"#.utf8))
        #expect(entries.map(\.key) == ["a", "k", "w.x", "c"])
        #expect(entries.map(\.value) == ["b", "k", "y-z", "du00e9ØéA"])
        // Stricter than CoreFoundation, with a place: a value that is not a string; a non-ASCII word.
        for (text, message) in [
            ("\"x\" = (\"y\");", "the value of \"x\" is not a string (an array) at line 1, column 7"),
            ("é = \"x\";", "key expected, 'é' found (a word outside quotes is ASCII letters, digits and _$/:.- only) at line 1, column 1"),
            ("\"a\" = \"b\";\n/* open", "comment not closed (Foundation ignores the file from here on) at line 2, column 1"),
            ("\"a\" = /* open", "comment not closed at line 1, column 7"),
            ("\"a\" = \"b\";\u{FEFF}\"c\" = \"d\";", "key expected, '\u{FEFF}' found (Foundation ignores the file from here on) at line 1, column 11"),
            ("\"a\" = \"b\";\n\"\\UD800\" = \"c\";", "\\U escape: a lone surrogate at line 2, column 2"),
            ("\"a\" = \"b\";\n\"\u{0}", "a NUL byte (UTF-16 without a byte-order mark? save it as UTF-8, or as UTF-16 with one) at line 2, column 2"),
            ("{ \"a\" = \"b\";", "'}' expected, end of file found at line 1, column 13"),
            ("\"a\" = \"b\";\n= \"c\";", "key expected, '=' found (Foundation ignores the file from here on) at line 2, column 1"),
            ("= \"c\";", "key expected, '=' found at line 1, column 1"),
        ] {
            do { _ = try StringsFile.parse(Array(text.utf8)); Issue.record("no error for \(text)") } catch {
                #expect(error.description == "not a .strings file: " + message)
            }
        }
    }
}
