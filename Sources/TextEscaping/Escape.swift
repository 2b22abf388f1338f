/// Text from an input written into one output language. Every output of nibinspect escapes
/// through these functions, one per language, so that the rules are written once:
///
/// | language | function | an unsafe character becomes |
/// |---|---|---|
/// | terminal text (text outputs, stderr) | ``terminal(_:)``, ``quoted(_:)`` | `\n`, `\r`, `\t`, `\u{1b}`, `\u{202e}` |
/// | `.strings` file literal | ``stringsLiteral(_:)`` | `\n`, `\r`, `\t`, `\U001B`, `\U202E` |
/// | XML text, attribute | ``xmlText(_:unrepresentable:)``, ``xmlAttribute(_:unrepresentable:)`` | `&#x202E;` (text keeps line feeds and tabs); what XML cannot hold, U+FFFD or `\U001B` |
/// | XML comment | ``xmlComment(_:)`` | the terminal form |
/// | HTML text and attributes | ``html(_:)`` | the terminal form, then entities |
/// | DOT quoted string, HTML-like label | ``dotQuoted(_:isLabel:)``, ``dotHTMLLabel(_:)`` | a space (a label's line feed: a line break) |
/// | JSON string, JSON text | ``json(_:)``, ``jsonText(_:)-([UInt8])``, ``scriptSafeJSON(_:)`` | `\n`, `\r`, `\t`, `\u001b`, `\u202e` |
/// | GitHub workflow command | ``githubData(_:)``, ``githubProperty(_:)`` | `%0A`, `%0D`; others the terminal form |
/// | Markdown (`diff --format markdown`) | ``markdownCode(_:)`` | the terminal form, in a code span |
/// | Mermaid label, tooltip | ``mermaidLabel(_:)``, ``mermaidTooltip(_:)`` | `<br/>` for a line feed; others the terminal form |
/// | PlantUML text | ``plantUML(_:)`` | `\n` for a line feed; others the terminal form with `⧵` for `\` |
///
/// Text outputs follow one rule: a value stays on one line and cannot move the cursor, retitle
/// the window or reorder the line. The characters that could are ``isUnsafe(_:)``. Data formats
/// (JSON, XML, `.strings`) keep every character, written as their own escapes, so that a parser
/// gives back exactly the value and no raw unsafe character reaches a terminal that shows them.
/// Ordinary text (no unsafe character) is written as it was before these rules were one module.
public enum Escape {
    /// True for the characters no value may put raw into text output: C0 controls (U+0000–U+001F,
    /// line feed, carriage return and tab included), DEL (U+007F), C1 controls (U+0080–U+009F,
    /// NEL U+0085 included), the line and paragraph separators (U+2028, U+2029), and the Unicode
    /// bidirectional formatting characters: the marks (ALM U+061C, LRM U+200E, RLM U+200F), the
    /// embeddings and overrides (U+202A–U+202E) and the isolates (U+2066–U+2069).
    @inlinable
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// True when `s` holds an ``isUnsafe(_:)`` character.
    public static func containsUnsafe(_ s: String) -> Bool {
        s.unicodeScalars.contains(where: isUnsafe)
    }

    /// `s` as terminal text: every ``isUnsafe(_:)`` character written as an escape, line feed as
    /// `\n`, carriage return as `\r`, tab as `\t`, any other as `\u{` and its code point in
    /// lowercase hexadecimal without leading zeros `}` (`\u{1b}`, `\u{0}`, `\u{202e}`), the form of a
    /// Swift string literal. Everything else, the backslash included, is kept, so text without
    /// unsafe characters is returned unchanged. The result holds no unsafe character: one value is
    /// one line, whatever the input holds.
    ///
    /// For every text output and every line on standard error.
    public static func terminal(_ s: String) -> String {
        guard containsUnsafe(s) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if isUnsafe(scalar) { appendTerminalEscape(scalar, to: &out) } else { out.append(scalar) }
        }
        return String(out)
    }

    /// `s` in double quotes as a Swift (C-style) string literal: `"` as `\"`, `\` as `\\`, unsafe
    /// characters as ``terminal(_:)`` writes them (`"say \"hi\"\n"`). One line, and read back
    /// unambiguously: a backslash in the result always starts an escape.
    ///
    /// For quoted values in text outputs (`tree`, `textconv`, `diff`).
    public static func quoted(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            default: if isUnsafe(scalar) { appendTerminalEscape(scalar, to: &out) } else { out.append(scalar) }
            }
        }
        out.append("\"")
        return String(out)
    }

    /// The terminal form of one unsafe character.
    static func appendTerminalEscape(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        switch scalar {
        case "\n": out.append(contentsOf: "\\n".unicodeScalars)
        case "\r": out.append(contentsOf: "\\r".unicodeScalars)
        case "\t": out.append(contentsOf: "\\t".unicodeScalars)
        default: out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
        }
    }
}
