/// The ordered fields of one ``ArchivedObject``: a random-access, mutable collection of
/// ``ArchiveField``s indexed from 0, with value semantics like `[ArchiveField]`.
///
/// The compiled readers store the fields of every object of a graph in **one** shared buffer and
/// give each object a slice of it, so decoding an archive of *n* objects makes one field
/// allocation instead of *n*, and freeing the graph frees one buffer. The buffer is an array of
/// fields (`NIBArchive`: ``init(sharing:range:)``) or, for keyed archives, column storage whose
/// records hold no references (``FieldColumns``): building and freeing a graph then does no
/// reference counting per field (`make bench`). Graphs built by hand hold one array per object. Reading is the same as reading an array. The first
/// mutation copies just this object's fields into an array of its own (copy-on-write), so
/// objects never see each other's changes.
///
/// Equality and hashing compare the fields in order, never the storage.
public struct ArchiveFields: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral, Hashable, Sendable
{
    enum Storage: Sendable {
        case array([ArchiveField])
        case columns(FieldColumns)
    }

    /// Storage, possibly shared with the other objects of a graph.
    var storage: Storage
    /// This object's fields: positions `bounds` of the storage.
    var bounds: Range<Int>

    public typealias Index = Int
    public typealias Indices = Range<Int>
    public typealias SubSequence = Slice<ArchiveFields>

    /// No fields.
    public init() {
        storage = .array([])
        bounds = 0..<0
    }

    /// Fields in the given order (one buffer of their own).
    public init<S: Sequence>(_ fields: S) where S.Element == ArchiveField {
        let array = Array(fields)
        storage = .array(array)
        bounds = array.indices
    }

    public init(arrayLiteral elements: ArchiveField...) {
        self.init(elements)
    }

    /// The fields `storage[range]` of an array shared with other objects.
    /// - Precondition: `range` lies within `storage.indices`.
    init(sharing storage: [ArchiveField], range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= storage.count, "field range outside its storage")
        self.storage = .array(storage)
        self.bounds = range
    }

    /// The fields `range` of column storage shared with other objects.
    /// - Precondition: `range` lies within the columns' records.
    init(columns: FieldColumns, range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= columns.count, "field range outside its storage")
        self.storage = .columns(columns)
        self.bounds = range
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { bounds.count }
    public var count: Int { bounds.count }
    public var isEmpty: Bool { bounds.isEmpty }
    public var indices: Range<Int> { 0..<bounds.count }
    public func index(after i: Int) -> Int { i + 1 }
    public func index(before i: Int) -> Int { i - 1 }

    /// The field at `position` (0-based).
    public subscript(position: Int) -> ArchiveField {
        get {
            precondition(position >= 0 && position < bounds.count, "ArchiveFields index out of range")
            switch storage {
            case .array(let a): return a[bounds.lowerBound + position]
            case .columns(let c): return c.field(bounds.lowerBound + position)
            }
        }
        set {
            precondition(position >= 0 && position < bounds.count, "ArchiveFields index out of range")
            mutateArray { $0[position] = newValue }
        }
    }

    public subscript(bounds range: Range<Int>) -> Slice<ArchiveFields> {
        get { Slice(base: self, bounds: range) }
        set {
            for (i, field) in zip(range, newValue) { self[i] = field }
        }
    }

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == ArchiveField {
        mutateArray { $0.replaceSubrange(subrange, with: newElements) }
    }

    public mutating func reserveCapacity(_ n: Int) {
        mutateArray { $0.reserveCapacity(n) }
    }

    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<ArchiveField>) throws -> R) rethrows -> R? {
        guard case .array(let a) = storage else { return nil }
        return try a.withUnsafeBufferPointer { all in try body(UnsafeBufferPointer(rebasing: all[bounds])) }
    }

    /// The value of the first field named `key`, without making the fields it passes over.
    public func first(forKey key: String) -> ArchiveValue? {
        switch storage {
        case .array(let a):
            for i in bounds where a[i].key == key { return a[i].value }
        case .columns(let c):
            return c.first(forKey: key, in: bounds)
        }
        return nil
    }

    /// Runs `body` on an array holding exactly this object's fields (made on first mutation), then
    /// keeps it as the storage.
    mutating func mutateArray(_ body: (inout [ArchiveField]) -> Void) {
        var a: [ArchiveField]
        if case .array(let own) = storage, bounds == own.indices {
            a = own
        } else {
            a = array
        }
        storage = .array([])   // drop this reference, so `a` is uniquely referenced when it is ours
        body(&a)
        bounds = a.indices
        storage = .array(a)
    }

    public static func == (a: ArchiveFields, b: ArchiveFields) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for field in self { hasher.combine(field) }
    }

    /// The fields as a plain array.
    public var array: [ArchiveField] {
        switch storage {
        case .array(let a): return Array(a[bounds])
        case .columns(let c): return bounds.map { c.field($0) }
        }
    }
}

extension ArchiveFields: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { array.description }
    public var debugDescription: String { array.debugDescription }
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: array, displayStyle: .collection) }
}
