import NibModel

/// How `nibinspect diff` pairs the objects of two documents (new id → old id).
///
/// Between two XML sources that share at least half their ids (``sharesIDs(_:_:)``: xib and
/// storyboard ids are stable across edits) objects pair by id, and an object re-created under a
/// new id at the same unique semantic path with the same class pairs by path (an `ids` change).
/// Otherwise (two compiled nibs, a source and a nib, a xib rebuilt by `nibinspect xib` and its
/// original: two id spaces) by unique semantic path, then by structure.
struct DocumentPairing {
    /// Right (new) id → left (old) id.
    var pair: [ObjectID: ObjectID] = [:]
    /// The left ids paired (the values of ``pair``).
    var leftPaired: Set<ObjectID> = []
    /// Right ids paired by path although the sides share ids: objects re-created under a new id.
    var idChanged: Set<ObjectID> = []
    /// True when the two sides share an id space and pair by id.
    var byID = false

    /// ``pair(_:_:left:right:hints:)`` with the canonical contexts of both documents.
    static func pair(_ old: NibDocument, _ new: NibDocument, hints: [ObjectID: String] = [:]) -> DocumentPairing {
        pair(old, new, left: CanonicalContext(old), right: CanonicalContext(new), hints: hints)
    }

    static func pair(_ old: NibDocument, _ new: NibDocument, left: CanonicalContext, right: CanonicalContext,
                     hints: [ObjectID: String] = [:]) -> DocumentPairing {
        var out = DocumentPairing()
        out.byID = !old.format.isCompiled && !new.format.isCompiled && sharesIDs(old, new)
        var pair: [ObjectID: ObjectID] = [:]
        var leftPaired = Set<ObjectID>()
        if out.byID {
            for (o, _) in right.order where old.object(o.id) != nil && left.paths[o.id] != nil {
                pair[o.id] = o.id
            }
            let leftByPath = Dictionary(left.order.filter { new.object($0.0.id) == nil }.map { ($0.1, $0.0.id) },
                                        uniquingKeysWith: { a, _ in a })
            for (o, path) in right.order where pair[o.id] == nil {
                if let l = leftByPath[path], !leftPaired.contains(l), left.paths[l] != nil, new.object(l) == nil,
                   let lo = old.object(l), lo.className == o.className {
                    pair[o.id] = l
                    out.idChanged.insert(o.id)
                    leftPaired.insert(l)
                }
            }
        } else {
            // A path shared by same-named siblings (`NSButton`, `NSButton[2]`) says only their order,
            // which compilation may change: those, and everything below them, are paired by
            // structure, frames first.
            let ambiguous = ambiguousPaths(left).union(ambiguousPaths(right))
            let leftByPath = Dictionary(left.order.map { ($0.1, $0.0.id) }, uniquingKeysWith: { a, _ in a })
            var byPath: [ObjectID: Bool] = [:]   // (hierarchy order: parents first)
            for (o, path) in right.order {
                let ok = !ambiguous.contains(Self.pathBase(path)) && (o.parent.map { byPath[$0] ?? false } ?? true)
                byPath[o.id] = ok
                if ok, let l = leftByPath[path], !leftPaired.contains(l) { pair[o.id] = l; leftPaired.insert(l) }
            }
            pairByStructure(old, new, left: left, right: right, pair: &pair, leftPaired: &leftPaired)
        }
        out.pair = pair
        out.leftPaired = leftPaired.union(pair.values)
        return out
    }

    /// Whether at least half of the smaller side's objects (placeholders aside: their ids are
    /// fixed) keep their id on the other side.
    static func sharesIDs(_ old: NibDocument, _ new: NibDocument) -> Bool {
        let a = old.objects.filter { $0.placeholder == nil }, b = new.objects.filter { $0.placeholder == nil }
        let shared = b.reduce(0) { $0 + (old.object($1.id).map { $0.placeholder == nil } == true ? 1 : 0) }
        return min(a.count, b.count) == 0 || (shared > 0 && shared * 2 >= min(a.count, b.count))
    }

    /// `path` without a trailing sibling index (`… › NSButton[3]` → `… › NSButton`).
    static func pathBase(_ path: String) -> Substring {
        guard path.hasSuffix("]"), let open = path.lastIndex(of: "["),
              path[path.index(after: open)..<path.index(before: path.endIndex)].allSatisfy(\.isNumber) else { return Substring(path) }
        return path[..<open]
    }

    /// Path bases held by more than one object of `context`.
    static func ambiguousPaths(_ context: CanonicalContext) -> Set<Substring> {
        var seen = Set<Substring>(), twice = Set<Substring>()
        for (_, path) in context.order where !seen.insert(pathBase(path)).inserted { twice.insert(pathBase(path)) }
        return twice
    }

    /// Pairs what paths left unpaired by structure: in hierarchy order, an object whose parent is
    /// paired (or a root) takes the unpaired child of the partner parent (or root) with the same
    /// class (placeholder kind, custom class, else class) and the same frame, else the first one
    /// with the same class. The same nib in two encodings names
    /// objects differently (a keyed archive's names table says `Window`, the `NIBArchive` shows the
    /// title `MenuDemo`), so their paths differ while their structure does not.
    /// - Complexity: O(objects + children × classes per parent).
    static func pairByStructure(_ old: NibDocument, _ new: NibDocument, left: CanonicalContext, right: CanonicalContext,
                                pair: inout [ObjectID: ObjectID], leftPaired: inout Set<ObjectID>) {
        func kind(_ o: NibObject) -> String { o.placeholder.map { "placeholder " + $0.kind.displayName } ?? (o.customClass ?? o.className) }
        let leftRoots = left.order.filter { $0.0.parent == nil }.map(\.0.id)
        // Per left parent (roots: "") and class, where the scan for a free child resumes: each
        // class keeps its order, and a parent's children are scanned once per class.
        var next: [String: Int] = [:]
        // Unpaired left objects with a frame by parent, kind and frame, in order.
        var byFrame: [String: ArraySlice<ObjectID>] = [:]
        for (l, _) in left.order where !leftPaired.contains(l.id) {
            guard let frame = l.property("frame") else { continue }
            byFrame[(l.parent?.rawValue ?? "") + "\u{0}" + kind(l) + "\u{0}" + frame.description, default: []].append(l.id)
        }
        for (o, _) in right.order where pair[o.id] == nil {
            let siblings: [ObjectID], parentKey: String
            if let rp = o.parent {
                guard let lp = pair[rp], let lpo = old.object(lp) else { continue }
                siblings = lpo.children; parentKey = lp.rawValue
            } else {
                siblings = leftRoots; parentKey = ""
            }
            let k = kind(o), key = parentKey + "\u{0}" + k
            // The free sibling of that kind with the same frame, if there is one.
            if let frame = o.property("frame"), var queue = byFrame[key + "\u{0}" + frame.description] {
                while let l = queue.first, leftPaired.contains(l) { queue.removeFirst() }
                byFrame[key + "\u{0}" + frame.description] = queue
                if let l = queue.first {
                    pair[o.id] = l
                    leftPaired.insert(l)
                    continue
                }
            }
            var i = next[key, default: 0]
            while i < siblings.count {
                let l = siblings[i]
                i += 1
                if !leftPaired.contains(l), left.paths[l] != nil, let lo = old.object(l), kind(lo) == k {
                    pair[o.id] = l
                    leftPaired.insert(l)
                    next[key] = i
                    break
                }
            }
        }
    }
}
