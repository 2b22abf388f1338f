extension Escape {
    /// `s` as a JSON string with its quotes: `"` as `\"`, `\` as `\\`, line feed, carriage return
    /// and tab as `\n`, `\r`, `\t`; every other ``isUnsafe(_:)`` character (C0, DEL, C1, bidi
    /// controls, U+2028, U+2029) as `\u` and four lowercase hexadecimal digits (`\u001b`,
    /// `\u202e`), the form Foundation's `JSONEncoder` gives C0 controls; everything else kept (`/`
    /// too). A parser gives back `s`; the text shows no raw control or bidi character.
    public static func json(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if isUnsafe(ch) { out += jsonUnit(ch.value) } else { out.unicodeScalars.append(ch) }
            }
        }
        return out + "\""
    }

    /// JSON text as Foundation's `JSONEncoder` writes it (C0 controls already escaped in strings)
    /// with every other ``isUnsafe(_:)`` character — DEL, C1, bidi controls, U+2028, U+2029, which
    /// the encoder writes raw — as a `\u` escape (``json(_:)``'s form). Outside its strings JSON
    /// text holds only ASCII punctuation, digits, letters and white space, so these characters
    /// are always inside a string and the result is the same JSON value. Text without them is
    /// returned as is.
    ///
    /// - Complexity: O(n) in the bytes of `utf8`, valid UTF-8.
    public static func jsonText(_ utf8: [UInt8]) -> [UInt8] {
        // The lead bytes of the characters to escape: 7F, C2 (C1), D8 (U+061C), E2 (U+2000 block).
        guard utf8.contains(where: { $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) else { return utf8 }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 64)
        var i = 0
        while i < utf8.count {
            let b = utf8[i]
            var length = 1
            var code: UInt32?
            switch b {
            case 0x7F: code = 0x7F
            case 0xC2 where i + 1 < utf8.count:
                length = 2
                if utf8[i + 1] < 0xA0 { code = UInt32(utf8[i + 1]) }   // U+0080–U+009F
            case 0xD8 where i + 1 < utf8.count:
                length = 2
                if utf8[i + 1] == 0x9C { code = 0x061C }
            case 0xE2 where i + 2 < utf8.count:
                length = 3
                let scalar = 0x2000 | (UInt32(utf8[i + 1] & 0x3F) << 6) | UInt32(utf8[i + 2] & 0x3F)
                if utf8[i + 1] & 0xC0 == 0x80, let u = Unicode.Scalar(scalar), isUnsafe(u) { code = scalar }
            default: break
            }
            if let code { out.append(contentsOf: jsonUnit(code).utf8) } else { out.append(contentsOf: utf8[i..<min(i + length, utf8.count)]) }
            i += length
        }
        return out
    }

    /// ``jsonText(_:)-([UInt8])`` of a string.
    public static func jsonText(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let escaped = jsonText(bytes)
        return escaped.count == bytes.count ? text : String(decoding: escaped, as: UTF8.self)
    }

    /// `\u` and four lowercase hexadecimal digits.
    static func jsonUnit(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// JSON text made safe inside an HTML `<script>` element: `<`, `>`, `&` as `\u003c`, `\u003e`,
    /// `\u0026` (so no `</script>` or `<!--` can end or change the element), U+2028 and U+2029 as
    /// `\u2028`, `\u2029` (line terminators in older JavaScript). Still the same JSON: these
    /// characters only occur inside its strings.
    public static func scriptSafeJSON(_ json: String) -> String {
        var out = ""
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
