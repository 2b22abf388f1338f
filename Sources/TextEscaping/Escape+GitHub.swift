extension Escape {
    /// `s` as the data of a GitHub Actions workflow command (`::warning file=…::DATA`): `%` as
    /// `%25`, carriage return as `%0D`, line feed as `%0A` (the runner decodes these; an encoded line
    /// feed is a line break in the annotation), every other ``isUnsafe(_:)`` character as
    /// ``terminal(_:)`` writes it. The command stays one line. To keep a value on one line of the
    /// annotation too, pass it through ``terminal(_:)`` first and join only the lines meant as lines.
    public static func githubData(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            switch scalar {
            case "%": out.append(contentsOf: "%25".unicodeScalars)
            case "\r": out.append(contentsOf: "%0D".unicodeScalars)
            case "\n": out.append(contentsOf: "%0A".unicodeScalars)
            default: if isUnsafe(scalar) { appendTerminalEscape(scalar, to: &out) } else { out.append(scalar) }
            }
        }
        return String(out)
    }

    /// `s` as a property value of a workflow command (`file=VALUE,title=VALUE`): ``githubData(_:)``,
    /// and `:` as `%3A`, `,` as `%2C`.
    public static func githubProperty(_ s: String) -> String {
        var out = ""
        for scalar in githubData(s).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
