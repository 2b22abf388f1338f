extension Escape {
    /// The body of a double-quoted literal of a `.strings` file, as `ibtool
    /// --generate-strings-file` writes it and CoreFoundation's strings-file parser reads it back:
    /// `"` as `\"`, `\` as `\\`, line feed as `\n`, carriage return as `\r`, tab as `\t`; every
    /// other ``isUnsafe(_:)`` character as `\U` and four uppercase hexadecimal digits (`\U001B`,
    /// `\U202E`), which the parser reads as that UTF-16 unit (all unsafe characters are in the
    /// Basic Multilingual Plane). Other text is kept, so ordinary text is written as ibtool does.
    ///
    /// The quotes are not included (`"\(Escape.stringsLiteral(key))" = …`).
    public static func stringsLiteral(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            default:
                if isUnsafe(scalar) { out.append(contentsOf: stringsUnit(scalar).unicodeScalars) } else { out.append(scalar) }
            }
        }
        return String(out)
    }

    /// `\U` and the four uppercase hexadecimal digits of a Basic Multilingual Plane character.
    static func stringsUnit(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\U" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
