extension Escape {
    /// What XML escaping does with a character XML 1.0 cannot hold at all (C0 controls other than
    /// tab, line feed and carriage return; U+FFFE, U+FFFF), not even as a character reference.
    public enum XMLUnrepresentable: Sendable {
        /// U+FFFD REPLACEMENT CHARACTER (the xib writer, which checks ``isXMLRepresentable(_:)``
        /// first and writes such text in another form).
        case replacementCharacter
        /// ibtool's `\U` escape with four uppercase hexadecimal digits (`\U001B`), as Xcode's
        /// localization export writes it into XLIFF.
        case stringsEscape
    }

    /// True for the characters an XML 1.0 document can hold (its `Char` production): tab, line
    /// feed, carriage return, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF.
    public static func isXMLAllowed(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x9, 0xA, 0xD: return true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// True when every character of `s` can be written into an XML 1.0 document.
    public static func isXMLRepresentable(_ s: String) -> Bool {
        s.unicodeScalars.allSatisfy(isXMLAllowed)
    }

    /// `s` as XML element text: `&` as `&amp;`, `<` as `&lt;`, `>` as `&gt;`, carriage return as
    /// `&#13;` (a parser would read a raw one as a line feed); the other ``isUnsafe(_:)``
    /// characters XML can hold (DEL, C1, bidi controls, U+2028, U+2029) as hexadecimal character
    /// references (`&#x202E;`), so that no raw one reaches a terminal; characters XML cannot hold
    /// as `unrepresentable` says. Everything else is kept, line feeds and tabs included (element
    /// text may span lines, as Xcode writes it): a parser gives back exactly `s`.
    public static func xmlText(_ s: String, unrepresentable: XMLUnrepresentable = .replacementCharacter) -> String {
        xmlEscaped(s, attribute: false) { appendXML($0, unrepresentable, to: &$1) }
    }

    /// `s` as the text of a `<string>` or `<key>` of an XML property list, as Apple's
    /// `CFPropertyListCreateXMLData` writes it: only `&`, `<`, `>` and carriage return (`&#13;`)
    /// escaped, every other character kept as it is, controls included. A property list is data
    /// that is read back (``XMLPlistWriter`` round-trips keyed archives byte for byte), not text
    /// for people, so nothing is replaced or made visible here.
    public static func xmlPlistText(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\r" }) else { return s }
        return xmlEscaped(s, attribute: false) { $1.append($0) }
    }

    /// `s` as an XML attribute value quoted with `"`: ``xmlText(_:unrepresentable:)``, and `"` as
    /// `&quot;`, tab as `&#9;`, line feed as `&#10;` (attribute-value normalisation would turn raw
    /// ones into spaces). The value stays on one line.
    public static func xmlAttribute(_ s: String, unrepresentable: XMLUnrepresentable = .replacementCharacter) -> String {
        xmlEscaped(s, attribute: true) { appendXML($0, unrepresentable, to: &$1) }
    }

    /// The one XML escaping loop: `&`, `<`, `>` and carriage return as references (in an
    /// attribute also `"`, tab and line feed); every other character goes to `other`.
    private static func xmlEscaped(_ s: String, attribute: Bool,
                                   other: (Unicode.Scalar, inout String.UnicodeScalarView) -> Void) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\r": out.append(contentsOf: "&#13;".unicodeScalars)
            case "\"" where attribute: out.append(contentsOf: "&quot;".unicodeScalars)
            case "\t" where attribute: out.append(contentsOf: "&#9;".unicodeScalars)
            case "\n" where attribute: out.append(contentsOf: "&#10;".unicodeScalars)
            default: other(u, &out)
            }
        }
        return String(out)
    }

    /// Text for between `<!--` and `-->` (where XML has no escapes): ``terminal(_:)`` (a comment
    /// is one line for people), U+FFFE and U+FFFF (the other characters XML cannot hold) as
    /// U+FFFD, every `--` split (`- -`) and a space after a final `-`.
    public static func xmlComment(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for u in terminal(s).unicodeScalars {
            if u == "-" && out.last == "-" { out.append(" ") }
            out.append(isXMLAllowed(u) ? u : "\u{FFFD}")
        }
        if out.last == "-" { out.append(" ") }
        return String(out)
    }

    private static func appendXML(_ u: Unicode.Scalar, _ unrepresentable: XMLUnrepresentable, to out: inout String.UnicodeScalarView) {
        if isXMLAllowed(u) {
            if isUnsafe(u) && u != "\n" && u != "\t" {
                out.append(contentsOf: "&#x\(String(u.value, radix: 16, uppercase: true));".unicodeScalars)
            } else {
                out.append(u)
            }
            return
        }
        switch unrepresentable {
        case .replacementCharacter: out.append("\u{FFFD}")
        case .stringsEscape: out.append(contentsOf: stringsUnit(u).unicodeScalars)
        }
    }

    /// `s` as HTML text or a double- or single-quoted attribute value: first ``terminal(_:)`` (the
    /// page shows unsafe characters as the terminal does, `\n`, `\u{202e}`), then `&` `<` `>` `"`
    /// `'` as `&amp;` `&lt;` `&gt;` `&quot;` `&#39;`.
    public static func html(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(s.utf8.count)
        for scalar in terminal(s).unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&#39;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
