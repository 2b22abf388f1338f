// Resolver leg of the fuzz harness (compiled only with -DFUZZ_RESOLVE, i.e. FUZZ_RESOLVE=1
// Scripts/fuzz.sh build, once Sources/ArchiveReader/Resolve exists): every decoded graph goes
// through NibResolver.resolve, and the document's hierarchy must be a forest (no parent cycles,
// each child listed once under its parent), with every connection endpoint an object or flagged.
#if FUZZ_RESOLVE
func fuzzResolve(_ archive: LoadedArchive) {
    checkDocument(NibResolver.resolve(archive.graph, name: archive.name, path: archive.path, variant: archive.variant))
}

/// The model's invariants on any resolved document (compiled or source): a forest, endpoints that
/// are objects unless flagged, the index agreeing with the list, one bounded walk.
func checkDocument(_ document: NibDocument) {
    var byID: [ObjectID: NibObject] = [:]
    for object in document.objects { byID[object.id] = object }
    for object in document.objects {
        // Walking up ends within objects.count steps.
        var current: ObjectID? = object.id
        var steps = 0
        while let c = current {
            steps += 1
            precondition(steps <= document.objects.count + 1, "parent cycle through \(c)")
            current = byID[c]?.parent
        }
        for child in object.children {
            precondition(byID[child]?.parent == object.id, "child \(child) of \(object.id) has another parent")
        }
    }
    // A segue's destination is another scene's controller, in another document of the storyboard.
    for connection in document.connections where connection.unresolved == nil && connection.kind != .segue {
        for id in [connection.source, connection.destination].compactMap({ $0 }) + (connection.members ?? []) {
            precondition(byID[id] != nil, "connection endpoint \(id) is not an object")
        }
    }
    for object in document.objects {
        precondition(document.object(object.id) != nil, "index misses \(object.id)")
    }
    var visited = Set<ObjectID>()
    var steps = 0
    let walk = HierarchyWalk(document)
    for root in document.roots.compactMap({ document.object($0) }) {
        walk.walk(from: root, visited: &visited) { step in
            steps += 1
            precondition(step.depth <= HierarchyWalk.depthLimit, "walk deeper than its limit")
        }
    }
    precondition(steps <= document.objects.count, "an object walked twice")
    _ = document.placeholders
}
#endif
