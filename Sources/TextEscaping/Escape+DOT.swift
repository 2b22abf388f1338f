extension Escape {
    /// `s` as a double-quoted Graphviz DOT string (an id or an attribute value).
    ///
    /// `"` as `\"` and `\` as `\\` (so `\N`, `\l`, … in a name stay literal); a line feed as
    /// DOT's centred line break `\n` in a label (`isLabel`), else as a space; carriage return
    /// dropped; every other ``isUnsafe(_:)`` character (tab, ESC, C1, bidi controls, U+2028,
    /// U+2029) as a space, as Graphviz would otherwise draw it raw. In labels (`isLabel`), `&` as
    /// `&amp;`, because Graphviz decodes HTML entities (`&lt;`, `&amp;`) in labels and tooltips.
    /// Other Unicode is kept (DOT input is UTF-8). The string is one line.
    public static func dotQuoted(_ s: String, isLabel: Bool = true) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += isLabel ? "\\n" : " "
            case "\r": break
            case "&" where isLabel: out += "&amp;"
            default:
                if isUnsafe(scalar) { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// `s` as text (or a `"`-quoted attribute value) of a Graphviz HTML-like label `<…>`: `&`, `<`,
    /// `>`, `"` as `&amp;`, `&lt;`, `&gt;`, `&quot;`; every ``isUnsafe(_:)`` character (line feeds
    /// too) as a space.
    public static func dotHTMLLabel(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                if isUnsafe(scalar) { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
