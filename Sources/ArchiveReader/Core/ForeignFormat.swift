/// A file that is not a nib format at all, recognised by its first bytes only so that the error can
/// say what the file is (`PNG image: not a nib`). Consulted only when ``FileFormat`` found nothing
/// it reads (``FileFormat/unknown``).
public enum ForeignFormat: Hashable, Sendable {
    case json, png, jpeg, tiff, gif, pdf, zip, gzip, machO, html, xml, text

    /// Sniffs `bytes` (the first 1 KiB is enough); nil for binary data of no known kind.
    public init?<C: Collection>(sniffing bytes: C) where C.Element == UInt8 {
        let head = Array(bytes.prefix(1024))
        func starts(_ magic: [UInt8]) -> Bool { head.starts(with: magic) }
        if head.isEmpty { return nil }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png; return }
        if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg; return }
        if starts(Array("II*\0".utf8)) || starts(Array("MM\0*".utf8)) { self = .tiff; return }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { self = .gif; return }
        if starts(Array("%PDF-".utf8)) { self = .pdf; return }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) || starts([0x50, 0x4B, 0x07, 0x08]) {
            self = .zip; return
        }
        if starts([0x1F, 0x8B]) { self = .gzip; return }
        // Mach-O 32/64-bit in either byte order, and universal ("fat") binaries.
        for magic: [UInt8] in [[0xFE, 0xED, 0xFA, 0xCE], [0xFE, 0xED, 0xFA, 0xCF], [0xCE, 0xFA, 0xED, 0xFE],
                               [0xCF, 0xFA, 0xED, 0xFE], [0xCA, 0xFE, 0xBA, 0xBE]] where starts(magic) {
            self = .machO; return
        }
        guard Self.isText(head) else { return nil }
        let trimmed = String(decoding: head, as: UTF8.self)
            .drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        let lower = trimmed.prefix(64).lowercased()
        if lower.hasPrefix("<!doctype html") || lower.hasPrefix("<html") { self = .html; return }
        if trimmed.hasPrefix("<") { self = .xml; return }
        if Self.looksLikeJSON(trimmed) { self = .json; return }
        self = .text
    }

    /// What to call it in messages.
    public var displayName: String {
        switch self {
        case .json: return "JSON text"
        case .png: return "PNG image"
        case .jpeg: return "JPEG image"
        case .tiff: return "TIFF image"
        case .gif: return "GIF image"
        case .pdf: return "PDF document"
        case .zip: return "zip archive"
        case .gzip: return "gzip-compressed data"
        case .machO: return "Mach-O binary"
        case .html: return "HTML document"
        case .xml: return "XML document (not a plist or Interface Builder file)"
        case .text: return "plain UTF-8 text"
        }
    }

    /// The one-line message: `PNG image: not a nib`, with a hint where one helps.
    public var message: String {
        switch self {
        case .zip: return "zip archive: not a nib (nibinspect reads an .ipa or .zip given as the input, except with --raw)"
        case .gzip: return "gzip-compressed data: not a nib (decompress it first)"
        default: return displayName + ": not a nib"
        }
    }

    /// True for UTF-8 without NUL or control characters other than tab, line feed, form feed and
    /// carriage return (a multi-byte character cut by the 1 KiB prefix is allowed at the end).
    static func isText(_ head: [UInt8]) -> Bool {
        if head.contains(where: { $0 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains($0) || $0 == 0x7F }) { return false }
        for cut in 0...min(3, head.count - 1) where String(validating: head.dropLast(cut), as: UTF8.self) != nil {
            return true
        }
        return false
    }

    /// `{` then a quoted key then `:` (an old-style plist uses `=`), or `[` then a JSON value.
    /// `text` starts at the first non-blank character.
    static func looksLikeJSON(_ text: Substring) -> Bool {
        guard let first = text.first else { return false }
        let rest = text.dropFirst().drop { $0.isWhitespace }
        if first == "[" {
            guard let c = rest.first else { return false }
            return "{[\"]-0123456789".contains(c) || rest.hasPrefix("true") || rest.hasPrefix("false") || rest.hasPrefix("null")
        }
        guard first == "{", rest.first == "\"" else { return false }
        var escaped = false
        for (i, c) in rest.dropFirst().enumerated() {
            if escaped { escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if c == "\"" {
                return rest.dropFirst(i + 2).drop { $0.isWhitespace }.first == ":"
            }
        }
        return false
    }
}

extension ArchiveError {
    /// The error for `bytes` that hold no format the caller decodes, naming what they are:
    /// a ``FileFormat`` (`binary plist`, `XML xib source`, …) or a ``ForeignFormat`` (`PNG image:
    /// not a nib`); `notAnArchive(detected: nil)` for unrecognised binary data.
    public static func notANib<C: Collection>(_ bytes: C, at offset: Int = 0) -> ArchiveError where C.Element == UInt8 {
        let format = FileFormat(sniffing: bytes)
        if format != .unknown { return ArchiveError(.notAnArchive(detected: format.displayName), at: offset) }
        if let foreign = ForeignFormat(sniffing: bytes) {
            return ArchiveError(.notAnArchive(detected: foreign.displayName), at: offset, detail: foreign.message)
        }
        return ArchiveError(.notAnArchive(detected: nil), at: offset)
    }
}
