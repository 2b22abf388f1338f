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

    /// Sniffs `bytes`: the first 1 KiB is enough for every binary format; XML is classified by its
    /// root element, found within the first ``sniffLength`` bytes.
    public init<C: Collection>(sniffing bytes: C) where C.Element == UInt8 {
        let head = Array(bytes.prefix(Self.sniffLength))
        func starts(_ s: String) -> Bool { head.starts(with: Array(s.utf8)) }
        if head.isEmpty { self = .empty; return }
        if starts("NIBArchive") { self = .nibArchive; return }
        if starts("bplist00") { self = .binaryPlist; return }
        if head.count >= 13, head[0] == 4 || head[0] == 3, head[1] == 11 {
            let sig = String(decoding: head[2..<13], as: UTF8.self)
            if sig == "typedstream" { self = .typedstream(bigEndian: true); return }
            if sig == "streamtyped" { self = .typedstream(bigEndian: false); return }
        }
        // XML, in UTF-8 or UTF-16 with a byte-order mark: classified by its root element, however
        // long the declaration, comments and DOCTYPE before it.
        let (utf8, _) = XMLProlog.utf8(head)
        if let tag = XMLProlog.rootTag(utf8) {
            switch XMLProlog.elementName(tag) {
            case "document": self = .xibDocument(storyboard: tag.contains("Storyboard")); return
            case "archive" where tag.contains("InterfaceBuilder"): self = .xibArchive; return
            case "plist": self = .xmlPlist; return
            default: self = .unknown; return
            }
        }
        var text = String(decoding: utf8, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        if trimmed.hasPrefix("<") {
            // XML cut before its root element (only the first bytes were given).
            if text.contains("<plist") || text.contains("PropertyList") { self = .xmlPlist; return }
            self = .unknown
            return
        }
        // `{` (after any `//` or `/* */` comments) that is not JSON: old-style plist (`{ IBClasses = (…); }`).
        let body = Self.droppingComments(trimmed)
        if body.hasPrefix("{") && !ForeignFormat.looksLikeJSON(body) { self = .asciiPlist; return }
        self = .unknown
    }

    /// How many leading bytes sniffing looks at: enough for a long licence comment or DOCTYPE before
    /// a xib's root element.
    public static let sniffLength = 64 << 10

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
