extension Escape {
    /// `s` as the text of a double-quoted Mermaid label (`id["…"]`, `-->|"…"|`, `subgraph id ["…"]`).
    ///
    /// Mermaid decodes its own entity codes in labels (`#quot;`, `#35;`), and with its default
    /// `htmlLabels` reads `<…>` as markup, so every character that could end the string or be read
    /// as code is written as a decimal entity code: `"` `#34;`, `#` `#35;`, `&` `#38;`, `<` `#60;`,
    /// `>` `#62;`, `` ` `` `#96;` (a backtick opens a Markdown string). A line feed becomes `<br/>` (a
    /// line break in the label); every other ``isUnsafe(_:)`` character (carriage return, tab,
    /// ESC, C1, bidi controls, U+2028, U+2029) is written as ``terminal(_:)`` writes it (`\u{1b}`),
    /// visible and one line. Other Unicode is kept.
    public static func mermaidLabel(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "#34;"
            case "#": out += "#35;"
            case "&": out += "#38;"
            case "<": out += "#60;"
            case ">": out += "#62;"
            case "`": out += "#96;"
            case "\n": out += "<br/>"
            default:
                if isUnsafe(scalar) {
                    var escaped = String.UnicodeScalarView()
                    appendTerminalEscape(scalar, to: &escaped)
                    out += String(escaped)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `s` as the tooltip string of a Mermaid `click` line (`click n3 callback "…"`).
    ///
    /// Mermaid decodes entity codes in the tooltip as in labels, then shows it as HTML (its
    /// `.mermaidTooltip` box, `<br/>` a line break), so on top of ``mermaidLabel(_:)`` the
    /// characters HTML reads are written as HTML entities behind Mermaid's codes: `<` `#38;lt;`,
    /// `>` `#38;gt;`, `&` `#38;amp;`. A class name `Box<T>` then shows as `Box<T>` and markup in an
    /// input stays text.
    public static func mermaidTooltip(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "<": out += "#38;lt;"
            case ">": out += "#38;gt;"
            case "&": out += "#38;amp;"
            default: out += mermaidLabel(String(scalar))
            }
        }
        return out
    }
}
