/// The one walk of a document's view, menu and controller hierarchy (``NibObject/children``), used
/// by everything that descends it: the `tree` printer, `compare`'s ordering, the graph clusters.
///
/// Depth-first preorder; every object is visited at most once (a shared `visited` set guards
/// against malformed parent links and lets a caller continue with further roots); descent stops at
/// `min(maxDepth, HierarchyWalk.depthLimit)`, where the objects below are marked visited without
/// being visited, so recursion and output stay bounded on hostile nesting.
public struct HierarchyWalk {
    /// The deepest level any walk descends to, whatever the caller asks for (0 is a root).
    public static let depthLimit = 512

    /// One visited object.
    public struct Step {
        public var object: NibObject
        /// 0 for the root the walk started from.
        public var depth: Int
        /// For each level from the root's children down to this object: whether that object was
        /// the last of its siblings (for drawing `├─` / `└─` branches). Empty for a root.
        public var lastFlags: [Bool]
        /// The children the walk will descend into next, in order (known, not yet visited,
        /// accepted by the caller's filter); empty when ``truncated``.
        public var children: [NibObject]
        /// True when the object has such children but the depth limit stops the walk here.
        public var truncated: Bool
        /// How many known, not yet visited children the caller's filter left out; they count as
        /// visited (the caller summarises them).
        public var skipped: Int
    }

    /// The object with an id, as the document gives it.
    let object: (ObjectID) -> NibObject?
    let maxDepth: Int

    /// - Parameters:
    ///   - maxDepth: the caller's limit (`--depth`); ``depthLimit`` applies regardless.
    public init(_ document: NibDocument, maxDepth: Int = .max) {
        self.init(maxDepth: maxDepth) { document.object($0) }
    }

    /// A walk of the objects `object` gives by id, for a document whose objects are made as they
    /// are read (`ResolvedObjects`): each object is asked for once per visit, and once more when
    /// the depth limit cuts its parent off.
    ///
    /// - Parameters:
    ///   - maxDepth: the caller's limit (`--depth`); ``depthLimit`` applies regardless.
    ///   - object: the object with an id, nil when the document has none.
    public init(maxDepth: Int = .max, object: @escaping (ObjectID) -> NibObject?) {
        self.object = object
        self.maxDepth = min(maxDepth, Self.depthLimit)
    }

    /// Walks from `root` (skipped when already in `visited`).
    ///
    /// - Parameters:
    ///   - visited: objects already walked; every object visited or cut off is added.
    ///   - children: which of an object's children to descend into (default: all); those left out
    ///     count as visited.
    ///   - visit: called for each object before its children.
    public func walk<Visited: HierarchyVisited>(from root: NibObject, visited: inout Visited,
                                               children: (NibObject, [NibObject]) -> [NibObject] = { $1 },
                                               _ visit: (Step) -> Void) {
        var lastFlags: [Bool] = []
        descend(root, depth: 0, lastFlags: &lastFlags, visited: &visited, children: children, visit)
    }

    private func descend<Visited: HierarchyVisited>(_ object: NibObject, depth: Int, lastFlags: inout [Bool], visited: inout Visited,
                                                    children filter: (NibObject, [NibObject]) -> [NibObject], _ visit: (Step) -> Void) {
        guard visited.visit(object.id) else { return }
        // Known, not yet visited, each id once (a malformed source may list a child twice).
        var listed = Set<ObjectID>()
        let known = object.children.compactMap { self.object($0) }
            .filter { !visited.hasVisited($0.id) && listed.insert($0.id).inserted }
        var kids = filter(object, known)
        let skipped = known.count - kids.count
        if skipped != 0 {
            let kept = Set(kids.map(\.id))
            for o in known where !kept.contains(o.id) { _ = visited.visit(o.id) }
        }
        let truncated = depth >= maxDepth && !kids.isEmpty
        if truncated {
            // Objects below the cut are accounted for, not reached later as roots.
            var stack = kids.map(\.id)
            while let id = stack.popLast() {
                guard visited.visit(id), let o = self.object(id) else { continue }
                stack.append(contentsOf: o.children)
            }
            kids = []
        }
        visit(Step(object: object, depth: depth, lastFlags: lastFlags, children: kids, truncated: truncated,
                   skipped: skipped))
        for (i, kid) in kids.enumerated() {
            lastFlags.append(i == kids.count - 1)
            descend(kid, depth: depth + 1, lastFlags: &lastFlags, visited: &visited, children: filter, visit)
            lastFlags.removeLast()
        }
    }
}

/// What a ``HierarchyWalk`` records of the objects it has walked: a `Set<ObjectID>`, or for a large
/// document a ``HierarchyVisits`` table (one flag per object).
public protocol HierarchyVisited {
    /// Records `id` as visited; false when it already was.
    mutating func visit(_ id: ObjectID) -> Bool
    /// True when `id` was visited.
    func hasVisited(_ id: ObjectID) -> Bool
}

extension Set: HierarchyVisited where Element == ObjectID {
    public mutating func visit(_ id: ObjectID) -> Bool { insert(id).inserted }
    public func hasVisited(_ id: ObjectID) -> Bool { contains(id) }
}

/// The objects a walk has visited as one flag per position of the document's object list, for
/// walks of a document too large for a set of ids beside it (issue 31: `nibinspect tree` of a
/// nib whose objects are made as they are printed).
///
/// An id is looked up through `position`; an id that names no object of the document is kept in
/// a set of its own, so the answers are those of a `Set<ObjectID>` for every id.
public struct HierarchyVisits: HierarchyVisited {
    private var flags: [Bool]
    private var strays = Set<ObjectID>()
    private let position: (ObjectID) -> Int?

    /// No object visited yet.
    ///
    /// - Parameters:
    ///   - count: how many objects the document has.
    ///   - position: the position (`0..<count`) of the object with an id, nil when it has none;
    ///     the same position for the same id every time.
    public init(count: Int, position: @escaping (ObjectID) -> Int?) {
        flags = Array(repeating: false, count: count)
        self.position = position
    }

    public mutating func visit(_ id: ObjectID) -> Bool {
        guard let p = position(id) else { return strays.insert(id).inserted }
        if flags[p] { return false }
        flags[p] = true
        return true
    }

    public func hasVisited(_ id: ObjectID) -> Bool {
        guard let p = position(id) else { return strays.contains(id) }
        return flags[p]
    }

    /// True when the object at `position` was visited.
    public func hasVisited(position: Int) -> Bool { flags[position] }
}
