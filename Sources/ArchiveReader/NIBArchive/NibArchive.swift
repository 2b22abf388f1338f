import Foundation

/// A decoded `NIBArchive` file (the `UINibEncoder` format of iOS nibs and of macOS nibs from
/// Xcode 13 on), kept table by table as in the file (nib-format.md §2).
///
/// Decoding validates everything before returning: the 50-byte header, each of the four tables
/// located **by its offset** (never by assumed order), every table's extent against the next
/// table and the end of the file, and every cross-table index (class, key, value range, object
/// reference). After `init` succeeds, every index in the archive is valid.
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
    public var values: [Value]
    public var objects: [Object]
    public var classNames: [ClassName]
    /// Bytes after the last table (§2.8); empty in every corpus file; `LNE\0` on Xcode 26 iOS nibs.
    public var trailer: [UInt8]
    /// Absolute offset of ``trailer``.
    public var trailerOffset: Int
    /// Non-fatal observations: unknown version words, trailing bytes.
    public var warnings: [String]
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

    init(header: Header, keys: [String], keyOffsets: [Int], values: [Value], objects: [Object],
         classNames: [ClassName], trailer: [UInt8], trailerOffset: Int, warnings: [String], baseOffset: Int) {
        self.header = header
        self.keys = keys
        self.keyOffsets = keyOffsets
        self.values = values
        self.objects = objects
        self.classNames = classNames
        self.trailer = trailer
        self.trailerOffset = trailerOffset
        self.warnings = warnings
        self.baseOffset = baseOffset
    }

    /// The format-neutral object graph: one ``ArchivedObject`` per object record, in table order,
    /// with its class, fallback classes and ordered fields; root is object 0.
    /// - Complexity: O(objects + values).
    public func objectGraph() -> ObjectGraph {
        var out: [ArchivedObject] = []
        out.reserveCapacity(objects.count)
        let chains = classNames.map { $0.fallbacks.map { classNames[$0].name } }  // one array per class, shared
        values.withUnsafeBufferPointer { values in
            keys.withUnsafeBufferPointer { keys in
                for object in objects {
                    // Indexes were validated by the decoder; the guards keep a hand-edited archive memory-safe.
                    let range = object.valueRange.clamped(to: 0..<values.count)
                    let fields = [ArchiveField](unsafeUninitializedCapacity: range.count) { buffer, count in
                        for i in range {
                            let v = values[i]
                            let key = v.keyIndex >= 0 && v.keyIndex < keys.count ? keys[v.keyIndex] : ""
                            buffer.initializeElement(at: count, to: ArchiveField(key, v.value, offset: v.offset))
                            count += 1
                        }
                    }
                    let cls = classNames.indices.contains(object.classIndex) ? classNames[object.classIndex].name : ""
                    let chain = chains.indices.contains(object.classIndex) ? chains[object.classIndex] : []
                    out.append(ArchivedObject(className: cls, classChain: chain, fields: fields, offset: object.offset))
                }
            }
        }
        return ObjectGraph(encoding: .nibArchive, objects: out, root: ObjectRef(0),
                           versionMajor: Int(header.formatVersion), versionMinor: Int(header.coderVersion),
                           warnings: warnings)
    }

    /// Data values that hold a complete nested archive (`NIBArchive` or `bplist00` magic), e.g.
    /// `UINib.archiveData` of prototype cells or macOS `NSNib` data (§2.9), as (value index, bytes
    /// offset, bytes).
    public var nestedArchiveValues: [(valueIndex: Int, offset: Int, bytes: [UInt8])] {
        values.indices.compactMap { i in
            guard case .data(let bytes) = values[i].value, bytes.count > 10,
                  bytes.starts(with: Self.magic) || bytes.starts(with: Array("bplist00".utf8)) else { return nil }
            return (i, values[i].payloadOffset, bytes)
        }
    }
}

extension NibArchive.Value {
    /// Absolute offset of the data payload of a type-8 value (after key varint, type and length).
    var payloadOffset: Int {
        guard case .data(let bytes) = value else { return offset }
        // key varint (1–5) + type (1) + length varint (1–5): recompute minimal sizes.
        return offset + varintSize(keyIndex) + 1 + varintSize(bytes.count)
    }

    private func varintSize(_ v: Int) -> Int {
        var n = 1
        var x = v >> 7
        while x > 0 { n += 1; x >>= 7 }
        return n
    }
}
