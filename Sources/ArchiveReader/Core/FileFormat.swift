/// What a file is, decided by its first bytes only (nib-format.md §1), never by its name.
public enum FileFormat: Hashable, Sendable {
    case empty
    case nibArchive
    /// `bplist00`; may or may not be a keyed archive (decided when reading).
    case binaryPlist
    /// `<?xml` … `<plist`; may be a keyed archive or an IB metadata plist.
    case xmlPlist
    /// `<document type="com.apple.InterfaceBuilder…">`; `storyboard` true for storyboards.
    case xibDocument(storyboard: Bool)
    /// `<archive type="com.apple.InterfaceBuilder3…">` (IB 3 xib, `designable.nib`).
    case xibArchive
    /// `\x04\x0Btypedstream` (big-endian) or `\x04\x0Bstreamtyped` (little-endian).
    case typedstream(bigEndian: Bool)
    /// `{`: old-style ASCII plist (`classes.nib`).
    case asciiPlist
    case unknown

    /// Sniffs `bytes` (the first 1 KiB is enough).
    public init<C: Collection>(sniffing bytes: C) where C.Element == UInt8 {
        let head = Array(bytes.prefix(1024))
        func starts(_ s: String) -> Bool { head.starts(with: Array(s.utf8)) }
        if head.isEmpty { self = .empty; return }
        if starts("NIBArchive") { self = .nibArchive; return }
        if starts("bplist00") { self = .binaryPlist; return }
        if head.count >= 13, head[0] == 4 || head[0] == 3, head[1] == 11 {
            let sig = String(decoding: head[2..<13], as: UTF8.self)
            if sig == "typedstream" { self = .typedstream(bigEndian: true); return }
            if sig == "streamtyped" { self = .typedstream(bigEndian: false); return }
        }
        var text = String(decoding: head, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        if trimmed.hasPrefix("<") {
            if text.contains("<document") && text.contains("InterfaceBuilder") {
                self = .xibDocument(storyboard: text.contains("Storyboard"))
                return
            }
            if text.contains("<archive") && text.contains("InterfaceBuilder") { self = .xibArchive; return }
            if text.contains("<plist") || text.contains("PropertyList") { self = .xmlPlist; return }
            if text.contains("<document") { self = .xibDocument(storyboard: text.contains("Storyboard")); return }
            self = .unknown
            return
        }
        // `{` (after any `//` or `/* */` comments) that is not JSON: old-style plist (`{ IBClasses = (…); }`).
        let body = Self.droppingComments(trimmed)
        if body.hasPrefix("{") && !ForeignFormat.looksLikeJSON(body) { self = .asciiPlist; return }
        self = .unknown
    }

    /// `text` without leading `//` line comments, `/* */` comments and blanks.
    static func droppingComments(_ text: Substring) -> Substring {
        var rest = text
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("//") {
                rest = rest.drop { !$0.isNewline }
            } else if rest.hasPrefix("/*"), let end = rest.firstRange(of: "*/") {
                rest = rest[end.upperBound...]
            } else {
                return rest
            }
        }
    }

    /// What to call it in messages: `NIBArchive`, `binary plist`, `XML xib source`, …
    public var displayName: String {
        switch self {
        case .empty: return "empty file"
        case .nibArchive: return "NIBArchive"
        case .binaryPlist: return "binary plist"
        case .xmlPlist: return "XML plist"
        case .xibDocument(let storyboard): return storyboard ? "XML storyboard source" : "XML xib source"
        case .xibArchive: return "XML xib source (IB 3 archive format)"
        case .typedstream(let bigEndian): return bigEndian ? "typedstream (big-endian)" : "typedstream (little-endian)"
        case .asciiPlist: return "old-style ASCII plist"
        case .unknown: return "unknown format"
        }
    }
}
