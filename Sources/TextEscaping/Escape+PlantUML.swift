extension Escape {
    /// `s` as PlantUML text: inside a double-quoted element name (`rectangle "…" as n0`), after
    /// an arrow's `:`, in a `title` or a `legend`.
    ///
    /// PlantUML reads Creole markup in all of these (`**bold**`, `//italic//`, `__underline__`,
    /// `--strike--`, `~~wave~~`, `""mono""`, `<b>`, `[[link]]`, `<&icon>`), so every character
    /// that can start markup or end the string is written as an HTML decimal entity, which
    /// PlantUML decodes: `"` `&#34;`, `#` `&#35;`, `&` `&#38;`, `'` `&#39;`, `*` `&#42;`, `-`
    /// `&#45;`, `/` `&#47;`, `:` `&#58;`, `<` `&#60;`, `=` `&#61;`, `>` `&#62;`, `[` `&#91;`, `]`
    /// `&#93;`, `^` `&#94;`, `_` `&#95;`, `{` `&#123;`, `|` `&#124;`, `}` `&#125;`, `~` `&#126;`,
    /// and the typographic quotes `‘` `’` `“` `”` (`&#8216;` … `&#8221;`), which PlantUML reads as
    /// `'` and `"` (a label ending in `“identifier”` would become the arrow head's label).
    /// A line feed becomes `\n` (a line break). A backslash, which PlantUML reads as an escape
    /// (`\n`) and cannot take as an entity (its entity decoder throws on `&#92;`, as on `&#36;`),
    /// is written as `⧵` (U+29F5, reverse solidus operator): visible, never an escape. `$` is kept
    /// (an undefined `$name` stays text). Every other ``isUnsafe(_:)`` character is written as
    /// ``terminal(_:)`` writes it, its backslash as `⧵` (`⧵u{1b}`). Other Unicode is kept.
    public static func plantUML(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"", "#", "&", "'", "*", "-", "/", ":", "<", "=", ">", "[", "]", "^", "_", "{", "|", "}", "~",
                 "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}":
                out += "&#\(scalar.value);"
            case "\n": out += "\\n"
            case "\\": out += "⧵"
            default:
                if isUnsafe(scalar) {
                    var escaped = String.UnicodeScalarView()
                    appendTerminalEscape(scalar, to: &escaped)
                    for e in escaped { if e == "\\" { out += "⧵" } else { out.unicodeScalars.append(e) } }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
