/// The ordered fields of one ``ArchivedObject``: a random-access, mutable collection of
/// ``ArchiveField``s indexed from 0, with value semantics like `[ArchiveField]`.
///
/// Readers store the fields of every object of a graph in **one** shared array and give each
/// object a slice of it (``init(sharing:range:)``), so decoding an archive of *n* objects makes
/// one field allocation instead of *n*, and freeing the graph frees one buffer (the keyed-archive
/// and `NIBArchive` readers spend most of their allocation time otherwise; `make bench`). Reading
/// is the same as reading an array. The first mutation of a shared slice copies just that slice
/// (copy-on-write), so objects never see each other's changes.
///
/// Equality and hashing compare the fields in order, never the shared storage.
public struct ArchiveFields: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral, Hashable, Sendable
{
    /// Storage, possibly shared with the other objects of a graph.
    @usableFromInline var storage: [ArchiveField]
    /// This object's fields: `storage[bounds]`.
    @usableFromInline var bounds: Range<Int>

    public typealias Index = Int
    public typealias Indices = Range<Int>
    public typealias SubSequence = Slice<ArchiveFields>

    /// No fields.
    public init() {
        storage = []
        bounds = 0..<0
    }

    /// Fields in the given order (one buffer of their own).
    public init<S: Sequence>(_ fields: S) where S.Element == ArchiveField {
        storage = Array(fields)
        bounds = storage.indices
    }

    public init(arrayLiteral elements: ArchiveField...) {
        self.init(elements)
    }

    /// The fields `storage[range]` of a buffer shared with other objects (readers, one buffer per graph).
    /// - Precondition: `range` lies within `storage.indices`.
    init(sharing storage: [ArchiveField], range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= storage.count, "field range outside its storage")
        self.storage = storage
        self.bounds = range
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { bounds.count }
    @inlinable public var count: Int { bounds.count }
    @inlinable public var isEmpty: Bool { bounds.isEmpty }
    @inlinable public var indices: Range<Int> { 0..<bounds.count }
    @inlinable public func index(after i: Int) -> Int { i + 1 }
    @inlinable public func index(before i: Int) -> Int { i - 1 }

    /// The field at `position` (0-based).
    @inlinable public subscript(position: Int) -> ArchiveField {
        get {
            precondition(position >= 0 && position < bounds.count, "ArchiveFields index out of range")
            return storage[bounds.lowerBound + position]
        }
        set {
            precondition(position >= 0 && position < bounds.count, "ArchiveFields index out of range")
            detach()
            storage[position] = newValue
        }
    }

    @inlinable public subscript(bounds range: Range<Int>) -> Slice<ArchiveFields> {
        get { Slice(base: self, bounds: range) }
        set {
            for (i, field) in zip(range, newValue) { self[i] = field }
        }
    }

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == ArchiveField {
        detach()
        storage.replaceSubrange(subrange, with: newElements)
        bounds = storage.indices
    }

    public mutating func reserveCapacity(_ n: Int) {
        detach()
        storage.reserveCapacity(n)
    }

    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<ArchiveField>) throws -> R) rethrows -> R? {
        try storage.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[bounds]))
        }
    }

    /// Before a mutation: own exactly this object's fields (`storage.indices == bounds`, starting at 0).
    @usableFromInline mutating func detach() {
        if bounds != storage.indices { storage = Array(storage[bounds]); bounds = storage.indices }
    }

    public static func == (a: ArchiveFields, b: ArchiveFields) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for field in self { hasher.combine(field) }
    }

    /// The fields as a plain array.
    public var array: [ArchiveField] { Array(storage[bounds]) }
}

extension ArchiveFields: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { array.description }
    public var debugDescription: String { array.debugDescription }
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: array, displayStyle: .collection) }
}
