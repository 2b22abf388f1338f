import Foundation

/// A decoded `NIBArchive` file (the `UINibEncoder` format of iOS nibs and of macOS nibs from
/// Xcode 13 on), kept table by table as in the file (nib-format.md §2).
///
/// Decoding validates everything before returning: the 50-byte header, each of the four tables
/// located **by its offset** (never by assumed order), every table's extent against the next
/// table and the end of the file, and every cross-table index (class, key, value range, object
/// reference). After `init` succeeds, every index in the archive is valid.
///
/// Memory: the archive keeps the input bytes (shared with the caller's array, not copied) plus 4
/// bytes per value and per object record; ``values`` and ``objects`` decode a record when it is
/// read (see ``Values``). Keys and class names are decoded up front.
///
/// ```swift
/// let archive = try NibArchive(contentsOf: URL(fileURLWithPath: "Login.nib"))
/// let graph = archive.objectGraph()   // format-neutral objects, root = object 0
/// ```
public struct NibArchive: Hashable, Sendable {
    /// The 50-byte header (§2.1). Offsets are absolute within this archive's bytes.
    public struct Header: Hashable, Sendable, Codable {
        /// "Major" version word at byte 10: 1 in every Apple file (WinObjC writes 0).
        public var formatVersion: UInt32
        /// Coder version at byte 14: 9 (iOS, Xcode ≤ 12), 10 (macOS, Xcode 13+; iOS from Xcode 26).
        public var coderVersion: UInt32
        public var objectCount: Int, objectsOffset: Int
        public var keyCount: Int, keysOffset: Int
        public var valueCount: Int, valuesOffset: Int
        public var classCount: Int, classesOffset: Int
    }

    /// An object-table record (§2.3).
    public struct Object: Hashable, Sendable {
        public var classIndex: Int
        public var firstValue: Int
        public var valueCount: Int
        /// Absolute byte offset of the record.
        public var offset: Int
        /// The value indexes of this object (empty when `valueCount` is 0).
        public var valueRange: Range<Int> { valueCount == 0 ? 0..<0 : firstValue..<(firstValue + valueCount) }
    }

    /// A value-table record (§2.5).
    public struct Value: Hashable, Sendable {
        // Stored in this order so the struct packs into 40 bytes (type fills the enum's tag padding).
        public var keyIndex: Int
        public var value: ArchiveValue
        /// The type byte as stored (0…10), kept so raw output can name the exact encoding.
        public var type: UInt8
        /// Absolute byte offset of the record.
        public var offset: Int
    }

    /// A class-name-table record (§2.6).
    public struct ClassName: Hashable, Sendable {
        public var name: String
        /// Indexes of fallback classes (`+classFallbacksForKeyedArchiver`), e.g. `UIColor` → `NSColor`.
        public var fallbacks: [Int]
        public var offset: Int
    }

    public var header: Header
    /// Key names in table order (not de-duplicated by us; Apple writes each once).
    public var keys: [String]
    public var keyOffsets: [Int]
    /// The value table, decoded lazily from the archive's bytes (4 bytes per value in memory).
    public internal(set) var values: Values
    /// The object table, decoded lazily from the archive's bytes (4 bytes per object in memory).
    public internal(set) var objects: Objects
    public var classNames: [ClassName]
    /// Bytes after the last table (§2.8); empty in every corpus file; `LNE\0` on Xcode 26 iOS nibs.
    public var trailer: [UInt8]
    /// Absolute offset of ``trailer``.
    public var trailerOffset: Int
    /// Non-fatal observations, each with its absolute byte offset: unknown version words
    /// (``DiagnosticCode/unknownArchiveVersion``), trailing bytes (``DiagnosticCode/trailingBytes``).
    public var diagnostics: [Diagnostic]
    /// Absolute offset of this archive's first byte in the outermost input (non-zero for archives
    /// nested in a data value).
    public var baseOffset: Int

    /// True when the trailer is the 4 bytes `LNE\0` seen on Xcode 26 iOS nibs.
    public var hasLNETrailer: Bool { trailer == [0x4C, 0x4E, 0x45, 0x00] }

    /// The 10-byte magic `NIBArchive`.
    public static let magic: [UInt8] = Array("NIBArchive".utf8)

    /// Reads the archive at `url`.
    ///
    /// - Throws: ``ArchiveError`` of kind `emptyFile`, `notAnArchive` (naming what the file is),
    ///   or any decoding kind, with the absolute byte offset. I/O failures are rethrown as Foundation errors.
    public init(contentsOf url: URL, limits: DecodingLimits = .default) throws {
        let data = try Data(contentsOf: url)
        try self.init(bytes: [UInt8](data), limits: limits)
    }

    /// Decodes `bytes`, validating every table and index first.
    ///
    /// - Parameters:
    ///   - bytes: the whole archive.
    ///   - baseOffset: absolute offset of `bytes[0]` in the outermost input (for nested archives).
    /// - Throws: ``ArchiveError``: `emptyFile`, `notAnArchive`, `truncated`, `sectionOutOfBounds`,
    ///   `sectionsOverlap`, `indexOutOfRange`, `varintTooLong`, `unknownValueType`, `invalidUTF8`,
    ///   `limitExceeded`.
    /// - Complexity: O(n) in the size of the archive.
    public init(bytes: [UInt8], limits: DecodingLimits = .default, baseOffset: Int = 0) throws(ArchiveError) {
        var decoder = NibArchiveDecoder(bytes: bytes, limits: limits, base: baseOffset)
        self = try decoder.decode()
    }

    init(header: Header, keys: [String], keyOffsets: [Int], values: Values, objects: Objects,
         classNames: [ClassName], trailer: [UInt8], trailerOffset: Int, diagnostics: [Diagnostic], baseOffset: Int) {
        self.header = header
        self.keys = keys
        self.keyOffsets = keyOffsets
        self.values = values
        self.objects = objects
        self.classNames = classNames
        self.trailer = trailer
        self.trailerOffset = trailerOffset
        self.diagnostics = diagnostics
        self.baseOffset = baseOffset
    }

    /// Data values that hold a complete nested archive (`NIBArchive` or `bplist00` magic), e.g.
    /// `UINib.archiveData` of prototype cells or macOS `NSNib` data (§2.9), as (value index, absolute
    /// offset of the data payload, bytes). Only those payloads are copied.
    public var nestedArchiveValues: [(valueIndex: Int, offset: Int, bytes: [UInt8])] {
        let bplist = Array("bplist00".utf8)
        return values.bytes.withUnsafeBufferPointer { buf in
            var out: [(valueIndex: Int, offset: Int, bytes: [UInt8])] = []
            for (i, position) in values.offsets.enumerated() {
                guard let raw = values.record(buf, at: Int(position)), raw.type == 8, raw.bits > 10,
                      raw.payload >= 0, Int(raw.bits) <= buf.count - raw.payload else { continue }
                let payload = UnsafeBufferPointer(rebasing: buf[raw.payload..<(raw.payload + Int(raw.bits))])
                guard payload.starts(with: Self.magic) || payload.starts(with: bplist) else { continue }
                out.append((i, baseOffset + raw.payload, Array(payload)))
            }
            return out
        }
    }
}
