import NibModel

/// How `nibinspect diff` pairs the objects of two documents (new id → old id).
///
/// Between two XML sources that share at least half their ids (``sharesIDs(_:_:)``: xib and
/// storyboard ids are stable across edits) objects pair by id, and an object re-created under a
/// new id at the same unique semantic path with the same class pairs by path (an `ids` change).
/// Otherwise the sides are two id spaces and pair by structure through ``ObjectPairing``, the engine
/// `compare` uses: a source and its compiled nib under compare's compile rules (so that `diff` and
/// `compare` pair them alike), two compiled nibs or a xib rebuilt by `nibinspect xib` and its
/// original by the same passes with nothing dropped or added.
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

    /// - Parameter hints: between a source and a compiled nib, compiled id → source id from
    ///   localizable strings (``LocalizationHints``), as `compare` takes them.
    static func pair(_ old: NibDocument, _ new: NibDocument, left: CanonicalContext, right: CanonicalContext,
                     hints: [ObjectID: String] = [:]) -> DocumentPairing {
        var out = DocumentPairing()
        out.byID = !old.format.isCompiled && !new.format.isCompiled && sharesIDs(old, new)
        var pair: [ObjectID: ObjectID] = [:]
        var leftPaired = Set<ObjectID>()
        if out.byID {
            for e in 0..<right.count {
                let id = right.object(entry: e).id
                if old.object(id) != nil && left.hasPath(id) { pair[id] = id }
            }
            // Paths are made only for the objects that can pair by path: those of one side only.
            var leftByPath: [String: ObjectID] = [:]
            for e in 0..<left.count {
                let id = left.object(entry: e).id
                if new.object(id) == nil, leftByPath[left.path(entry: e)] == nil { leftByPath[left.path(entry: e)] = id }
            }
            for e in 0..<right.count where pair[right.object(entry: e).id] == nil {
                let o = right.object(entry: e), path = right.path(entry: e)
                if let l = leftByPath[path], !leftPaired.contains(l), left.hasPath(l), new.object(l) == nil,
                   let lo = old.object(l), lo.className == o.className {
                    pair[o.id] = l
                    out.idChanged.insert(o.id)
                    leftPaired.insert(l)
                }
            }
        } else if !old.format.isCompiled && new.format.isCompiled {
            // A source and its compiled nib: as `compare` pairs them.
            let forward = ObjectPairing.compilation(sourceDocuments: [old], compiledDocuments: [new], hints: [new.name: hints]).pairing.forward
            for (l, r) in forward { pair[ObjectID(r)] = ObjectID(l) }
        } else if old.format.isCompiled && !new.format.isCompiled {
            let forward = ObjectPairing.compilation(sourceDocuments: [new], compiledDocuments: [old], hints: [old.name: hints]).pairing.forward
            for (r, l) in forward { pair[ObjectID(r)] = ObjectID(l) }
        } else {
            for (l, r) in ObjectPairing.versions(old, new).forward { pair[ObjectID(r)] = ObjectID(l) }
        }
        out.pair = pair
        out.leftPaired = leftPaired.union(pair.values)
        return out
    }

    /// Whether at least half of the smaller side's objects (placeholders aside: their ids are
    /// fixed) keep their id on the other side.
    static func sharesIDs(_ old: NibDocument, _ new: NibDocument) -> Bool {
        // Counted in place: copies of the object arrays would double the documents for a moment.
        var a = 0, b = 0, shared = 0
        for o in old.objects where o.placeholder == nil { a += 1 }
        for o in new.objects where o.placeholder == nil {
            b += 1
            if old.object(o.id).map({ $0.placeholder == nil }) == true { shared += 1 }
        }
        return min(a, b) == 0 || (shared > 0 && shared * 2 >= min(a, b))
    }
}
