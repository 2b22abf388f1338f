/// Lookups by ``ObjectID`` in deferred objects, and the facts of an object that the resolver's
/// tables hold without making it (its id, placeholder, parent and children), so that a caller that
/// walks a document — `nibinspect tree` and `connections` — makes each object only where it prints
/// it (issue 31: the objects of the 84 MB synthetic nib take 342 MB when all are held).
///
/// Every answer is the one the object made by ``subscript(_:)`` (and so the document
/// ``NibResolver/resolve(_:name:path:variant:)`` returns) gives: the made object reads the same tables.
extension ResolvedObjects {
    /// The position of the object with `id` (`#12`, the archive index), nil when `id` names no
    /// object of the document. O(log n), no object made.
    public func position(of id: ObjectID) -> Int? {
        let raw = id.rawValue.utf8
        guard raw.first == UInt8(ascii: "#"), let index = Int(id.rawValue.dropFirst()), index >= 0,
              "#\(index)" == id.rawValue else { return nil }
        var low = 0, high = indexes.count
        while low < high {
            let mid = (low + high) / 2
            if indexes[mid] < index { low = mid + 1 } else { high = mid }
        }
        return low < indexes.count && indexes[low] == index ? low : nil
    }

    /// The object with `id`, made now (``subscript(_:)``), or nil when `id` names none of the document's.
    public func object(_ id: ObjectID?) -> NibObject? {
        guard let id, let position = position(of: id) else { return nil }
        return self[position]
    }

    /// The id of the object at `position`, without making it.
    public func id(at position: Int) -> ObjectID { ObjectID(ObjectRef(indexes[position])) }

    /// The placeholder of the object at `position` (``NibObject/placeholder``), without making it.
    public func placeholder(at position: Int) -> Placeholder? { run.placeholders[indexes[position]] }

    /// The parent of the object at `position` (``NibObject/parent``), without making it.
    public func parent(at position: Int) -> ObjectID? { run.parent[indexes[position]].map { ObjectID(ObjectRef($0)) } }
}
