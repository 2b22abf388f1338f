import Synchronization

/// The fields of every object of one graph, stored by column: one 24-byte record per field (key
/// index, value packed into 64 bits, offset), with the key strings and the values that need
/// memory of their own (strings, data, arrays, dictionaries) in side tables. For a `NIBArchive`
/// the fields are the archive's own value records instead (``valueTable``: 4 bytes per field,
/// decoded when read), so its graph costs almost nothing beyond the decoded archive.
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
    }

    struct PackedField {
        var bits: UInt64
        /// Absolute byte offset, `Int.min` for none.
        var offset: Int
        /// Index in ``FieldColumns/keys``.
        var key: UInt32
        var tag: Tag

        /// The value this record holds; `heavy` is the side table of its graph.
        @inline(__always)
        func value(heavy: [ArchiveValue]) -> ArchiveValue {
            switch tag {
            case .int: return .int(Int64(bitPattern: bits))
            case .bool: return .bool(bits != 0)
            case .float: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            case .double: return .double(Double(bitPattern: bits))
            case .date: return .date(Double(bitPattern: bits))
            case .null: return .null
            case .object: return .object(ObjectRef(Int(truncatingIfNeeded: bits)))
            case .heavy: return heavy[Int(truncatingIfNeeded: bits)]
            }
        }
    }

    let keys: [String]
    /// Owned: allocated by ``FieldColumnsBuilder``, freed by `deinit`.
    let records: UnsafeMutableBufferPointer<PackedField>
    let heavy: [ArchiveValue]
    /// When set, field `i` is value record `i` of this table, decoded when read, and `records` is empty.
    let valueTable: NibArchive.Values?
    /// Key → its first index in ``keys`` (``valueTable`` only), so that a lookup by key compares
    /// record key indexes instead of strings. Built on the first lookup by key (``first(forKey:in:)``),
    /// not with the graph: hashing every key of every archive was most of `objectGraph()`'s cost
    /// (`make bench`), and many graphs are only walked in order, never searched by key.
    private let keyIndexes = Mutex<KeyIndex?>(nil)

    /// ``keyIndexes``' value: the first index of each key, and whether every key is unique.
    final class KeyIndex: Sendable {
        let first: [String: Int]
        let unique: Bool

        init(_ keys: [String]) {
            var indexes: [String: Int] = [:]
            indexes.reserveCapacity(keys.count)
            for (i, k) in keys.enumerated() where indexes[k] == nil { indexes[k] = i }
            first = indexes
            unique = indexes.count == keys.count
        }
    }

    /// Takes ownership of `records`.
    init(keys: [String], records: UnsafeMutableBufferPointer<PackedField>, heavy: [ArchiveValue]) {
        self.keys = keys
        self.records = records
        self.heavy = heavy
        self.valueTable = nil
    }

    /// The value records of a `NIBArchive` as fields; `keys` is the archive's key table.
    init(keys: [String], valueTable: NibArchive.Values) {
        self.keys = keys
        self.records = UnsafeMutableBufferPointer(start: nil, count: 0)   // deallocate() of nil is a no-op
        self.heavy = []
        self.valueTable = valueTable
    }

    deinit { records.deallocate() }

    /// How many fields there are (records, or value records).
    var count: Int { valueTable?.count ?? records.count }

    @inline(__always)
    func value(_ i: Int) -> ArchiveValue {
        if let valueTable { return valueTable.fieldValue(at: i) }
        return records[i].value(heavy: heavy)
    }

    /// The value of the first field in `range` named `key`, nil when none is.
    func first(forKey key: String, in range: Range<Int>) -> ArchiveValue? {
        if let valueTable {
            // Keys repeat in a NIBArchive's key table only in hand-made archives: compare strings then.
            let index = keyIndexes.withLock { made in
                if let made { return made }
                let index = KeyIndex(keys)
                made = index
                return index
            }
            guard let k = index.first[key] else { return nil }
            let unique = index.unique
            for i in range {
                let ki = valueTable.keyIndex(at: i, count: keys.count)
                if ki == k || (!unique && ki < keys.count && keys[ki] == key) { return valueTable.fieldValue(at: i) }
            }
            return nil
        }
        for i in range where self.key(i) == key { return value(i) }
        return nil
    }

    @inline(__always)
    func key(_ i: Int) -> String {
        if let valueTable {
            let k = valueTable.keyIndex(at: i, count: keys.count)
            return k < keys.count ? keys[k] : ""
        }
        return keys[Int(records[i].key)]
    }

    @inline(__always)
    func field(_ i: Int) -> ArchiveField {
        if let valueTable {
            let v = valueTable[i]
            return ArchiveField(v.keyIndex < keys.count ? keys[v.keyIndex] : "", v.value, offset: v.offset)
        }
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
        return (Int(r.key), r.value(heavy: heavy))
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
        return FieldColumns(keys: keys, records: records, heavy: heavy)
    }
}
