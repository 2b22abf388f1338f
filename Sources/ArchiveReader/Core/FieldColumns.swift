/// The fields of every object of one graph, stored by column: one 24-byte record per field (key
/// index, value packed into 64 bits, offset), with the key strings and the values that need
/// memory of their own (strings, data, arrays, dictionaries) in side tables. A data value of a
/// `NIBArchive` is a slice of the archive's own bytes, which the columns keep (``bytes``): no
/// copy per value until it is read.
///
/// Readers build it (``FieldColumnsBuilder``) and ``ArchiveFields`` reads it back as
/// ``ArchiveField``s. A record holds no reference, so building a graph retains nothing per field
/// and freeing one releases nothing per field: for the keyed-archive reader, whose objects are
/// mostly small dictionaries of references, this is most of the work (`make bench`).
/// Immutable once built.
final class FieldColumns: @unchecked Sendable {   // immutable after init; owns `records`
    /// What ``PackedField/bits`` holds.
    enum Tag: UInt8 {
        case int, bool, float, double, date, null, object
        /// `bits` is an index in ``FieldColumns/heavy``.
        case heavy
        /// `.data`: `bits` holds the start (high 32 bits) and length (low 32 bits) of a slice of
        /// ``FieldColumns/bytes``.
        case bytes
    }

    struct PackedField {
        var bits: UInt64
        /// Absolute byte offset, `Int.min` for none.
        var offset: Int
        /// Index in ``FieldColumns/keys``.
        var key: UInt32
        var tag: Tag

        /// The value this record holds; `heavy` and `bytes` are the side tables of its graph.
        @inline(__always)
        func value(heavy: [ArchiveValue], bytes: [UInt8]) -> ArchiveValue {
            switch tag {
            case .int: return .int(Int64(bitPattern: bits))
            case .bool: return .bool(bits != 0)
            case .float: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            case .double: return .double(Double(bitPattern: bits))
            case .date: return .date(Double(bitPattern: bits))
            case .null: return .null
            case .object: return .object(ObjectRef(Int(truncatingIfNeeded: bits)))
            case .heavy: return heavy[Int(truncatingIfNeeded: bits)]
            case .bytes:
                let start = Int(bits >> 32), end = start + Int(bits & 0xFFFF_FFFF)
                // The reader checked the slice against the bytes; clamp so a misuse cannot overrun.
                return .data(Array(bytes[min(start, bytes.count)..<min(end, bytes.count)]))
            }
        }
    }

    let keys: [String]
    /// Owned: allocated by ``FieldColumnsBuilder``, freed by `deinit`.
    let records: UnsafeMutableBufferPointer<PackedField>
    let heavy: [ArchiveValue]
    /// The bytes ``Tag/bytes`` records slice (a `NIBArchive`'s input), empty for other readers.
    let bytes: [UInt8]

    /// Takes ownership of `records`.
    init(keys: [String], records: UnsafeMutableBufferPointer<PackedField>, heavy: [ArchiveValue], bytes: [UInt8] = []) {
        self.keys = keys
        self.records = records
        self.heavy = heavy
        self.bytes = bytes
    }

    deinit { records.deallocate() }

    @inline(__always)
    func value(_ i: Int) -> ArchiveValue { records[i].value(heavy: heavy, bytes: bytes) }

    @inline(__always)
    func key(_ i: Int) -> String { keys[Int(records[i].key)] }

    @inline(__always)
    func field(_ i: Int) -> ArchiveField {
        let r = records[i]
        return ArchiveField(keys[Int(r.key)], value(i), offset: r.offset == .min ? nil : r.offset)
    }
}

/// Builds ``FieldColumns`` one field at a time; keys are given as indexes in the key table the
/// caller passes to ``finish(keys:)``.
///
/// Records go to memory this builder allocates (``PackedField`` is trivial), not to an array:
/// an append is then a store, without the uniqueness and capacity calls of `Array.append` (most
/// of the cost of a field). The owner calls ``deallocate()`` once, after ``finish(keys:)`` or on error.
struct FieldColumnsBuilder {
    private var base: UnsafeMutablePointer<FieldColumns.PackedField>?
    private var capacity: Int
    private(set) var count = 0
    var heavy: [ArchiveValue] = []
    /// What ``appendSlice(key:start:length:offset:)`` records slice.
    var bytes: [UInt8] = []

    /// Room for `capacity` records (more are made room for when needed); nothing is allocated for 0.
    init(capacity: Int) {
        self.capacity = max(capacity, 0)
        base = capacity > 0 ? .allocate(capacity: capacity) : nil
    }

    /// Frees the records; the builder must not be used afterwards.
    func deallocate() { base?.deallocate() }

    @inline(__always)
    mutating func append(key: Int, _ value: ArchiveValue, offset: Int) {
        let bits: UInt64, tag: FieldColumns.Tag
        switch value {
        case .object(let r): bits = UInt64(truncatingIfNeeded: r.index); tag = .object
        case .null: bits = 0; tag = .null
        case .int(let v): bits = UInt64(bitPattern: v); tag = .int
        case .bool(let b): bits = b ? 1 : 0; tag = .bool
        case .double(let d): bits = d.bitPattern; tag = .double
        case .float(let f): bits = UInt64(f.bitPattern); tag = .float
        case .date(let t): bits = t.bitPattern; tag = .date
        case .string, .data, .array, .dictionary:
            bits = UInt64(heavy.count); tag = .heavy
            heavy.append(value)
        }
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: FieldColumns.PackedField(bits: bits, offset: offset,
                                                               key: UInt32(truncatingIfNeeded: key), tag: tag))
        count += 1
    }

    /// Appends a data value that is `bytes[start..<start + length]`, without copying it.
    /// - Precondition: the slice lies within ``bytes`` and `start`, `length` < 2³².
    @inline(__always)
    mutating func appendSlice(key: Int, start: Int, length: Int, offset: Int) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: FieldColumns.PackedField(
            bits: UInt64(truncatingIfNeeded: start) << 32 | UInt64(truncatingIfNeeded: length) & 0xFFFF_FFFF,
            offset: offset, key: UInt32(truncatingIfNeeded: key), tag: .bytes))
        count += 1
    }

    /// Appends a reference to object `index`, or `.null` for nil (``append(key:_:offset:)`` without an ``ArchiveValue``).
    @inline(__always)
    mutating func appendReference(key: Int, _ index: Int?, offset: Int) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: FieldColumns.PackedField(
            bits: UInt64(truncatingIfNeeded: index ?? 0), offset: offset, key: UInt32(truncatingIfNeeded: key),
            tag: index == nil ? .null : .object))
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let larger = max(16, capacity * 2)
        let bigger = UnsafeMutablePointer<FieldColumns.PackedField>.allocate(capacity: larger)
        if let base { bigger.moveInitialize(from: base, count: count); base.deallocate() }
        base = bigger
        capacity = larger
    }

    /// The key index and value of field `i` (for a reader that rewrites fields it appended).
    func field(_ i: Int) -> (key: Int, value: ArchiveValue) {
        let r = base.unsafelyUnwrapped[i]   // i < count, so base is allocated
        return (Int(r.key), r.value(heavy: heavy, bytes: bytes))
    }

    /// Drops the fields from `start` on (their heavy values stay, unreferenced).
    mutating func removeFields(from start: Int) { count = min(count, start) }

    /// The finished columns, which take over the records' memory (the builder is left empty and
    /// ``deallocate()`` then frees nothing); every key index appended must be below `keys.count`.
    mutating func finish(keys: [String]) -> FieldColumns {
        if base == nil { grow() }   // an empty graph still gets its (empty) buffer
        let records = UnsafeMutableBufferPointer(start: base, count: count)
        base = nil
        capacity = 0
        count = 0
        return FieldColumns(keys: keys, records: records, heavy: heavy, bytes: bytes)
    }
}
