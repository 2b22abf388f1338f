/// Checks XML input for constructs that crash swift-corelibs-foundation's `XMLParser` on Linux
/// before the parser sees them (found by fuzzing, `Scripts/fuzz.sh run xmlplist`).
enum XMLInputGuard {
    /// A processing instruction with a target and no data, such as `<?foo?>`: libxml2 hands the
    /// parser a NULL data pointer and FoundationXML's `_NSXMLParserProcessingInstruction` calls
    /// `strlen` on it. Returns the offset of its `<` and its target, or nil when there is none.
    /// (`<?foo ?>`, with any whitespace, is harmless.) Interface Builder files and plists never
    /// contain processing instructions beyond the `<?xml …?>` declaration.
    static func datalessProcessingInstruction(_ bytes: [UInt8]) -> (offset: Int, target: String)? {
        let n = bytes.count
        var i = 0
        while i + 3 < n {
            if bytes[i] == 0x3C, bytes[i + 1] == 0x3F {   // "<?"
                var j = i + 2
                while j < n, !isDelimiter(bytes[j]) { j += 1 }
                if j > i + 2, j + 1 < n, bytes[j] == 0x3F, bytes[j + 1] == 0x3E {   // "?>"
                    return (i, String(decoding: bytes[(i + 2)..<j], as: UTF8.self))
                }
                i = max(i + 2, j)
                continue
            }
            i += 1
        }
        return nil
    }

    /// The error for ``datalessProcessingInstruction(_:)``, naming the line.
    static func check(_ bytes: [UInt8]) throws(ArchiveError) {
        guard let (offset, target) = datalessProcessingInstruction(bytes) else { return }
        let line = 1 + bytes[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        throw ArchiveError(.malformed("malformed XML: processing instruction <?\(target)?> without data at line \(line)"),
                           at: offset, path: ["xml"])
    }

    /// Offset of the first byte that does not start a valid UTF-8 scalar, or nil when all of
    /// `bytes` is UTF-8. FoundationXML traps on element names and attribute values that are not
    /// UTF-8, so both XML readers reject such input before the parser sees it.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    private static func isDelimiter(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x3F || b == 0x3C || b == 0x3E
    }
}
