/// Property lists, binary (`bplist00`) or XML, decoded with UIDs kept and byte offsets in every
/// error (nib-format.md §4.1). Used for keyed archives and for metadata plists such as the
/// `Info.plist` of a `.storyboardc`.
///
/// ```swift
/// let info = try PropertyList.decode(bytes: bytes)
/// let entry = info["UIStoryboardDesignatedEntryPointIdentifier"]?.stringValue
/// ```
public enum PropertyList {
    /// The two encodings read here.
    public enum Format: String, Hashable, Sendable {
        case binary
        case xml
    }

    /// The encoding of `bytes` by magic bytes (`bplist00`, or `<?xml`/`<plist`), nil otherwise.
    public static func format(of bytes: [UInt8]) -> Format? {
        switch FileFormat(sniffing: bytes) {
        case .binaryPlist: return .binary
        case .xmlPlist: return .xml
        default: return nil
        }
    }

    /// Decodes a whole property list into a value tree.
    ///
    /// - Throws: ``ArchiveError``: `notAnArchive` when the bytes are neither a binary nor an XML
    ///   plist; for binary plists `truncated`, `sectionOutOfBounds(.offsetTable / .plistObjects)`,
    ///   `indexOutOfRange(.plistObjects)`, `unknownMarker`, `malformed` (bad trailer sizes, UTF-16);
    ///   `referenceCycle` for a container that contains itself; `limitExceeded` for nesting
    ///   deeper than `limits.maxNestingDepth` or more objects than `limits.maxObjects`.
    /// - Complexity: O(n) in the input size (shared containers are expanded, within a budget).
    public static func decode(bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) -> PlistValue {
        let document = try read(bytes: bytes, limits: limits)
        return try document.tree(at: document.top, maxDepth: limits.maxNestingDepth)
    }

    /// The flat document of either encoding, with the format found.
    static func read(bytes: [UInt8], limits: DecodingLimits, base: Int = 0) throws(ArchiveError) -> PlistDocument {
        switch format(of: bytes) {
        case .binary: return try BPlistReader(bytes: bytes, limits: limits, base: base).read()
        case .xml:
            var document = try XMLPlistReader(bytes: bytes, limits: limits).read()
            if base != 0 { document.offsets = document.offsets.map { $0 + base } }
            return document
        case nil:
            if bytes.isEmpty { throw ArchiveError(.emptyFile, at: 0) }
            let format = FileFormat(sniffing: bytes)
            throw ArchiveError(.notAnArchive(detected: format == .unknown ? nil : format.displayName), at: 0)
        }
    }
}
