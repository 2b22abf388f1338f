import ArchiveReader
import GraphExport

/// The objects of one document as `tree` and `connections` read them: the document's own list,
/// or — for a compiled document opened with its objects deferred (``NibOpener/defersObjects``, as
/// `json` opens it) — objects made one at a time where they are printed (``ResolvedObjects``), so
/// that the objects of a large nib are never all held at once (issue 31).
///
/// Both give the same answers: a deferred object is made from the tables the eager resolver reads.
/// Ids, placeholders and parents come from those tables without making the object.
struct DocumentObjects {
    let document: NibDocument
    /// The document's objects, made when read; nil when the document holds its own.
    let deferred: ResolvedObjects?

    init(_ document: NibDocument, deferred: ResolvedObjects? = nil) {
        self.document = document
        self.deferred = deferred
    }

    /// `document` with the deferred objects `json` and `tree` were given for it
    /// (``OpenedInput/deferredObjects``: a compiled document's, by name), if any.
    init(_ document: NibDocument, in deferred: [String: ResolvedObjects]) {
        self.init(document, deferred: document.format.isCompiled ? deferred[document.name] : nil)
    }

    /// How many objects the document has.
    var count: Int { deferred?.count ?? document.objects.count }

    /// The object with `id`, if any (made now when deferred).
    func object(_ id: ObjectID?) -> NibObject? {
        guard let deferred else { return document.object(id) }
        return deferred.object(id)
    }

    /// The position of the object with `id` in the document's list (the first, should a
    /// malformed source repeat an id), nil when `id` names none (nothing made).
    func position(of id: ObjectID?) -> Int? {
        guard let id else { return nil }
        guard let deferred else { return document.$objects.positions[id] }
        return deferred.position(of: id)
    }

    /// The id of the object at `position` (`0..<count`), nothing made.
    func id(at position: Int) -> ObjectID {
        guard let deferred else { return document.objects[position].id }
        return deferred.id(at: position)
    }

    /// The placeholder of the object at `position` (`0..<count`), nothing made.
    func placeholder(at position: Int) -> Placeholder? {
        guard let deferred else { return document.objects[position].placeholder }
        return deferred.placeholder(at: position)
    }

    /// The object at `position` (`0..<count`), made now when deferred.
    func object(at position: Int) -> NibObject {
        guard let deferred else { return document.objects[position] }
        return deferred[position]
    }

    /// A table of the objects a ``HierarchyWalk`` has visited, one flag per position.
    func visits() -> HierarchyVisits {
        let objects = self
        return HierarchyVisits(count: count) { objects.position(of: $0) }
    }

    /// True when `id` names an object of the document (nothing made).
    func contains(_ id: ObjectID?) -> Bool {
        guard let deferred else { return document.object(id) != nil }
        return id.flatMap(deferred.position(of:)) != nil
    }

    /// The placeholder of the object with `id` (nothing made).
    func placeholder(_ id: ObjectID?) -> Placeholder? {
        guard let deferred else { return document.object(id)?.placeholder }
        return id.flatMap(deferred.position(of:)).flatMap(deferred.placeholder(at:))
    }

    /// The parent of the object with `id` (nothing made).
    func parent(_ id: ObjectID?) -> ObjectID? {
        guard let deferred else { return document.object(id)?.parent }
        return id.flatMap(deferred.position(of:)).flatMap(deferred.parent(at:))
    }

    /// ``NibDocument/placeholders``: File's Owner first, then First Responder, Application, others.
    var placeholders: [NibObject] {
        guard let deferred else { return document.placeholders }
        return deferred.indices.filter { deferred.placeholder(at: $0) != nil }.map { deferred[$0] }
            .sorted { ($0.placeholder!.kind.sortRank, $0.id) < ($1.placeholder!.kind.sortRank, $1.id) }
    }

    /// ``NibDocument/roots``: objects with no parent that are not placeholders, in
    /// ``NibDocument/topLevelObjects`` order first.
    var roots: [ObjectID] {
        guard let deferred else { return document.roots }
        let parentless = deferred.indices.filter { deferred.parent(at: $0) == nil && deferred.placeholder(at: $0) == nil }
            .map(deferred.id(at:))
        var seen = Set<ObjectID>()
        var out: [ObjectID] = []
        let known = Set(parentless)
        for id in document.topLevelObjects where known.contains(id) && seen.insert(id).inserted { out.append(id) }
        for id in parentless where seen.insert(id).inserted { out.append(id) }
        return out
    }
}

/// `graph` writes a document's nodes from the same objects (``GraphExport/dotWriter(for:options:objects:)``).
extension DocumentObjects: GraphObjects {}
