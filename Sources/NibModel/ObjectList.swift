/// A document's objects with an id → position index, so that every lookup by ``ObjectID`` is O(1)
/// (``NibDocument/object(_:)``).
///
/// Assigning the whole list (`document.objects = …`) builds the index once. Mutating the list
/// itself updates the index in place instead (``NibDocument/objectList``:
/// `document.objectList.append(o)`, `document.objectList[at: i].placeholder = p`): an edit that
/// keeps the object's id touches no index entry, an append or a change of id one or two, and an
/// insert or removal shifts the entries after it. Changing one element through the array
/// (`document.objects[i].name = …`) copies the array and goes through its setter: the index is
/// kept when the ids are unchanged (a comparison of ids, no hashing) and rebuilt otherwise.
///
/// It encodes, decodes, compares and hashes exactly as the plain array; the index is derived. With
/// duplicate ids (a malformed xib) the index points at the first object with that id.
@propertyWrapper
public struct ObjectList: Hashable, Sendable, Codable {
    private var storage: [NibObject]
    /// Position in ``wrappedValue`` of the first object with each id.
    public private(set) var positions: [ObjectID: Int]
    /// For ids held by more than one object: how many objects beyond the first hold them. Empty
    /// for a well-formed document; lets a removal find whether another object keeps the id.
    private var repeats: [ObjectID: Int] = [:]

    public var wrappedValue: [NibObject] {
        get { storage }
        set {
            let sameIDs = newValue.count == storage.count && zip(newValue, storage).allSatisfy { $0.id == $1.id }
            storage = newValue
            if !sameIDs { reindex() }
        }
    }

    public init(wrappedValue: [NibObject]) {
        storage = wrappedValue
        positions = [:]
        reindex()
    }

    /// The list itself, for its index (`document.$objects.positions`). Edit in place through
    /// ``NibDocument/objectList``: the projection is read-only.
    public var projectedValue: ObjectList { self }

    /// The object with `id`, if any; O(1).
    public subscript(id: ObjectID) -> NibObject? {
        positions[id].map { storage[$0] }
    }

    /// The object at position `i` (a valid index of ``wrappedValue``); setting it updates the
    /// index only when the id changes.
    public subscript(at i: Int) -> NibObject {
        get { storage[i] }
        _modify {
            let old = storage[i].id
            yield &storage[i]
            if storage[i].id != old { changeID(at: i, from: old) }
        }
    }

    /// Appends `object`; O(1) amortized.
    public mutating func append(_ object: NibObject) {
        storage.append(object)
        add(object.id, at: storage.count - 1)
    }

    /// Inserts `object` at position `i` (0…count); the index entries after `i` shift by one.
    public mutating func insert(_ object: NibObject, at i: Int) {
        shift(from: i, by: 1)
        storage.insert(object, at: i)
        add(object.id, at: i)
    }

    /// Removes and returns the object at position `i`; the index entries after `i` shift back.
    @discardableResult
    public mutating func remove(at i: Int) -> NibObject {
        let removed = storage.remove(at: i)
        shift(from: i + 1, by: -1)
        drop(removed.id, at: i)
        return removed
    }

    /// Replaces the object at position `i` with `object`.
    public mutating func replace(at i: Int, with object: NibObject) {
        self[at: i] = object
    }

    // MARK: - Index upkeep

    private mutating func reindex() {
        positions = [:]
        repeats = [:]
        positions.reserveCapacity(storage.count)
        for (i, o) in storage.enumerated() {
            if positions[o.id] == nil { positions[o.id] = i } else { repeats[o.id, default: 0] += 1 }
        }
    }

    /// Records that `id` now also occurs at `i` (whose own entry is already in place).
    private mutating func add(_ id: ObjectID, at i: Int) {
        guard let first = positions[id] else { positions[id] = i; return }
        repeats[id, default: 0] += 1
        if i < first { positions[id] = i }
    }

    /// Records that the object with `id` left position `i`; `storage` and the other entries are
    /// already in their new places.
    private mutating func drop(_ id: ObjectID, at i: Int) {
        guard let extra = repeats[id] else { positions[id] = nil; return }
        repeats[id] = extra == 1 ? nil : extra - 1
        if positions[id] == i {
            // The next holder of the id is after i (at i now lies the next object after a
            // removal, or the replacement with another id).
            positions[id] = storage[i...].firstIndex { $0.id == id }
        }
    }

    private mutating func changeID(at i: Int, from old: ObjectID) {
        drop(old, at: i)
        add(storage[i].id, at: i)
    }

    /// Adds `delta` to every index entry at or after position `start`; O(number of ids).
    private mutating func shift(from start: Int, by delta: Int) {
        guard start < storage.count + (delta > 0 ? 0 : 1) else { return }
        positions = positions.mapValues { $0 >= start ? $0 + delta : $0 }
    }

    public static func == (a: ObjectList, b: ObjectList) -> Bool { a.storage == b.storage }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }

    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try decoder.singleValueContainer().decode([NibObject].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(wrappedValue)
    }
}
