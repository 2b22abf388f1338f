/// A document's objects with an id → position index, built once whenever the list is assigned,
/// so that every lookup by ``ObjectID`` is O(1) (``NibDocument/object(_:)``).
///
/// It encodes, decodes, compares and hashes exactly as the plain array; the index is derived. With
/// duplicate ids (a malformed xib) the index points at the first object with that id.
@propertyWrapper
public struct ObjectList: Hashable, Sendable, Codable {
    public var wrappedValue: [NibObject] {
        didSet { positions = Self.positions(of: wrappedValue) }
    }
    /// Position in ``wrappedValue`` of the first object with each id.
    public private(set) var positions: [ObjectID: Int]

    public init(wrappedValue: [NibObject]) {
        self.wrappedValue = wrappedValue
        self.positions = Self.positions(of: wrappedValue)
    }

    /// The list itself, for its index (`document.$objects.positions`).
    public var projectedValue: ObjectList { self }

    /// The object with `id`, if any; O(1).
    public subscript(id: ObjectID) -> NibObject? {
        positions[id].map { wrappedValue[$0] }
    }

    private static func positions(of objects: [NibObject]) -> [ObjectID: Int] {
        var out: [ObjectID: Int] = [:]
        out.reserveCapacity(objects.count)
        for (i, o) in objects.enumerated() where out[o.id] == nil { out[o.id] = i }
        return out
    }

    public static func == (a: ObjectList, b: ObjectList) -> Bool { a.wrappedValue == b.wrappedValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }

    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try decoder.singleValueContainer().decode([NibObject].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(wrappedValue)
    }
}
