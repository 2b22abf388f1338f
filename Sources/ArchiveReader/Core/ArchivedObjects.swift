/// The objects of an ``ObjectGraph``: a random-access, mutable collection of ``ArchivedObject``s
/// indexed by ``ObjectRef/index``, with value semantics like `[ArchivedObject]`.
///
/// A graph built from an array holds that array. The keyed-archive reader instead stores one
/// small record per object (class index, field range, offset: ``ObjectTable``) over the graph's
/// ``FieldColumns``, and makes the ``ArchivedObject`` when it is read, so building and freeing a
/// graph does no reference counting per object (`make bench`). Reading is the same either way.
/// The first mutation turns the records into an array of objects (copy-on-write).
///
/// Equality and hashing compare the objects in order, never the storage.
public struct ArchivedObjects: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral, Hashable, Sendable
{
    enum Storage: Sendable {
        case array([ArchivedObject])
        case table(ObjectTable)
    }

    var storage: Storage

    public typealias Index = Int
    public typealias Indices = Range<Int>
    public typealias SubSequence = Slice<ArchivedObjects>

    /// No objects.
    public init() { storage = .array([]) }

    /// The given objects, in order.
    public init<S: Sequence>(_ objects: S) where S.Element == ArchivedObject { storage = .array(Array(objects)) }

    public init(arrayLiteral elements: ArchivedObject...) { storage = .array(elements) }

    /// Objects read from records (readers).
    init(table: ObjectTable) { storage = .table(table) }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .array(let a): return a.count
        case .table(let t): return t.headers.count
        }
    }
    public var indices: Range<Int> { 0..<endIndex }
    public func index(after i: Int) -> Int { i + 1 }
    public func index(before i: Int) -> Int { i - 1 }

    /// The object at `position` (its ``ObjectRef/index``).
    public subscript(position: Int) -> ArchivedObject {
        get {
            switch storage {
            case .array(let a): return a[position]
            case .table(let t): return t.object(position)
            }
        }
        set { mutateArray { $0[position] = newValue } }
    }

    public subscript(bounds range: Range<Int>) -> Slice<ArchivedObjects> {
        get { Slice(base: self, bounds: range) }
        set {
            for (i, object) in zip(range, newValue) { self[i] = object }
        }
    }

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == ArchivedObject {
        mutateArray { $0.replaceSubrange(subrange, with: newElements) }
    }

    public mutating func reserveCapacity(_ n: Int) { mutateArray { $0.reserveCapacity(n) } }

    /// Runs `body` on the objects as an array of their own (made on first mutation), then keeps it.
    mutating func mutateArray(_ body: (inout [ArchivedObject]) -> Void) {
        var a = array
        storage = .array([])   // drop this reference, so `a` is uniquely referenced when it is ours
        body(&a)
        storage = .array(a)
    }

    /// The objects as a plain array.
    public var array: [ArchivedObject] {
        switch storage {
        case .array(let a): return a
        case .table(let t): return (0..<t.headers.count).map { t.object($0) }
        }
    }

    public static func == (a: ArchivedObjects, b: ArchivedObjects) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for object in self { hasher.combine(object) }
    }
}

extension ArchivedObjects: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { array.description }
    public var debugDescription: String { array.debugDescription }
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: array, displayStyle: .collection) }
}

/// One record per object over a graph's ``FieldColumns`` (``ArchivedObjects``): an index in
/// ``classes``, the object's field range and its offset. Immutable once built.
final class ObjectTable: Sendable {
    /// 16 bytes per archived object (a NIBArchive archives every string and array as an object of
    /// its own, so a large nib has millions).
    struct Header {
        var classIndex: UInt32
        var start: UInt32
        var end: UInt32
        /// Absolute byte offset, `UInt32.max` for none (inputs are far below 4 GB).
        private var storedOffset: UInt32

        /// `offset`: absolute byte offset, `Int.min` (or anything past 4 GB) for none.
        init(classIndex: UInt32, start: UInt32, end: UInt32, offset: Int) {
            self.classIndex = classIndex
            self.start = start
            self.end = end
            storedOffset = offset >= 0 && offset < Int(UInt32.max) ? UInt32(offset) : .max
        }

        /// Absolute byte offset, nil for none.
        var offset: Int? { storedOffset == .max ? nil : Int(storedOffset) }
    }

    /// Class name and `classChain` of each class used.
    let classes: [(name: String, chain: [String])]
    let headers: [Header]
    let columns: FieldColumns

    /// - Precondition: every header's class index is below `classes.count` and its field range
    ///   lies within `columns`.
    init(classes: [(name: String, chain: [String])], headers: [Header], columns: FieldColumns) {
        self.classes = classes
        self.headers = headers
        self.columns = columns
    }

    func object(_ i: Int) -> ArchivedObject {
        let h = headers[i]
        let c = classes[Int(h.classIndex)]
        return ArchivedObject(className: c.name, classChain: c.chain,
                              fields: ArchiveFields(columns: columns, range: Int(h.start)..<Int(h.end)),
                              offset: h.offset)
    }
}
