/// The start of an XML file up to its root element: byte-order mark, declaration, comments,
/// processing instructions and a DOCTYPE (with an internal subset) of any length, so that a xib
/// behind a long licence comment is still recognised by its root element (nib-format.md §1, §7).
enum XMLProlog {
    /// The text encoding told by a byte-order mark.
    enum Encoding: Equatable { case utf8, utf16LE, utf16BE }

    /// `bytes` as UTF-8 text for sniffing and parsing: UTF-16 with a byte-order mark is transcoded
    /// (invalid surrogates become U+FFFD; the strict check happens on the transcoded bytes), a
    /// UTF-8 byte-order mark is dropped. Also returns the encoding found.
    static func utf8(_ bytes: [UInt8]) -> (bytes: [UInt8], encoding: Encoding) {
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return (transcode(bytes.dropFirst(2), littleEndian: true), .utf16LE) }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return (transcode(bytes.dropFirst(2), littleEndian: false), .utf16BE) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (Array(bytes.dropFirst(3)), .utf8) }
        return (bytes, .utf8)
    }

    private static func transcode(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(littleEndian ? a | b << 8 : a << 8 | b)
            i += 2
        }
        var text = String(decoding: units, as: UTF16.self)
        // The declaration still says UTF-16; the parser gets UTF-8.
        if let declEnd = text.range(of: "?>"), text.hasPrefix("<?xml") {
            let decl = text[..<declEnd.upperBound]
            let fixed = decl.replacingOccurrences(of: "UTF-16", with: "UTF-8").replacingOccurrences(of: "utf-16", with: "UTF-8")
            text = fixed + text[declEnd.upperBound...]
        }
        return Array(text.utf8)
    }

    /// The root element's start tag (`<document type="…" …>`, without the closing `>`), or nil when
    /// the bytes do not begin like XML or end before the root element starts.
    static func rootTag(_ bytes: [UInt8]) -> String? {
        let n = bytes.count
        var i = 0
        func skipSpace() { while i < n, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 } }
        func starts(_ s: String, at j: Int) -> Bool {
            let u = Array(s.utf8)
            return j + u.count <= n && Array(bytes[j..<(j + u.count)]) == u
        }
        func skip(past terminator: String) -> Bool {
            let t = Array(terminator.utf8)
            while i + t.count <= n {
                if bytes[i] == t[0], Array(bytes[i..<(i + t.count)]) == t { i += t.count; return true }
                i += 1
            }
            return false
        }
        while true {
            skipSpace()
            guard i < n, bytes[i] == 0x3C else { return nil }   // "<"
            if starts("<?", at: i) { guard skip(past: "?>") else { return nil }; continue }
            if starts("<!--", at: i) { guard skip(past: "-->") else { return nil }; continue }
            if starts("<!DOCTYPE", at: i) {
                // Up to the `>` that closes it, past an internal subset `[ … ]`.
                var depth = 0
                while i < n {
                    if bytes[i] == 0x5B { depth += 1 } else if bytes[i] == 0x5D { depth -= 1 }
                    else if bytes[i] == 0x3E, depth <= 0 { i += 1; break }
                    i += 1
                }
                continue
            }
            guard i + 1 < n, bytes[i + 1] != 0x21, bytes[i + 1] != 0x3F else { return nil }
            var j = i
            while j < n, bytes[j] != 0x3E { j += 1 }
            guard j < n else { return String(decoding: bytes[i..<n], as: UTF8.self) }
            return String(decoding: bytes[i..<j], as: UTF8.self)
        }
    }

    /// Name of the root element in a start tag from ``rootTag(_:)``: `document`, `archive`, `plist`.
    static func elementName(_ tag: String) -> Substring {
        tag.dropFirst().prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" }
    }

    /// Offset of the first `<!ENTITY` declaration outside comments, CDATA and processing
    /// instructions, or nil. Interface Builder never declares entities; entity expansion is how
    /// an XML file grows without bound in memory, so such input is refused.
    static func entityDeclaration(_ bytes: [UInt8]) -> Int? {
        let n = bytes.count
        var i = 0
        let entity = Array("<!ENTITY".utf8)
        func skip(past t: [UInt8]) {
            while i + t.count <= n {
                if bytes[i] == t[0], Array(bytes[i..<(i + t.count)]) == t { i += t.count; return }
                i += 1
            }
            i = n
        }
        while i < n {
            guard bytes[i] == 0x3C else { i += 1; continue }
            let rest = bytes[i...]
            if rest.starts(with: Array("<!--".utf8)) { skip(past: Array("-->".utf8)); continue }
            if rest.starts(with: Array("<![CDATA[".utf8)) { skip(past: Array("]]>".utf8)); continue }
            if rest.starts(with: Array("<?".utf8)) { skip(past: Array("?>".utf8)); continue }
            if rest.starts(with: entity) { return i }
            i += 1
        }
        return nil
    }
}
