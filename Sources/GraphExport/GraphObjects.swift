import NibModel

/// The objects of one document as a graph reads them: the document's own list
/// (``DocumentObjectList``), or objects made one at a time when read, so that a large nib's objects
/// are never all held at once (a reader's deferred objects; issue 31).
///
/// Both must give the same answers for the same document: ids, placeholders and positions are
/// read without making an object; ``object(at:)`` makes (or returns) the whole object.
public protocol GraphObjects {
    /// How many objects the document has.
    var count: Int { get }
    /// The id of the object at `position` (`0..<count`), nothing made.
    func id(at position: Int) -> ObjectID
    /// The placeholder of the object at `position`, nothing made.
    func placeholder(at position: Int) -> Placeholder?
    /// The position of the first object with `id`, nil when `id` names none (nothing made).
    func position(of id: ObjectID?) -> Int?
    /// The object at `position` (`0..<count`), made now when deferred.
    func object(at position: Int) -> NibObject
    /// ``NibDocument/placeholders``: File's Owner first, then First Responder, Application, others.
    var placeholders: [NibObject] { get }
}

extension GraphObjects {
    /// The first object with `id`, if any (made now when deferred).
    func object(_ id: ObjectID?) -> NibObject? {
        position(of: id).map { object(at: $0) }
    }

    /// True when `id` names an object of the document (nothing made).
    func contains(_ id: ObjectID?) -> Bool {
        position(of: id) != nil
    }
}

/// A document's own object list as ``GraphObjects``: every object is already made.
public struct DocumentObjectList: GraphObjects {
    /// The document whose ``NibDocument/objects`` are read.
    public let document: NibDocument

    public init(_ document: NibDocument) {
        self.document = document
    }

    public var count: Int { document.objects.count }
    public func id(at position: Int) -> ObjectID { document.objects[position].id }
    public func placeholder(at position: Int) -> Placeholder? { document.objects[position].placeholder }
    public func position(of id: ObjectID?) -> Int? { id.flatMap { document.$objects.positions[$0] } }
    public func object(at position: Int) -> NibObject { document.objects[position] }
    public var placeholders: [NibObject] { document.placeholders }
}
