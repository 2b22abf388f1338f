// Resolver leg of the fuzz harness (compiled only with -DFUZZ_RESOLVE, i.e. FUZZ_RESOLVE=1
// Scripts/fuzz.sh build, once Sources/ArchiveReader/Resolve exists): every decoded graph goes
// through NibResolver.resolve, and the document's hierarchy must be a forest (no parent cycles,
// each child listed once under its parent), with every connection endpoint an object or flagged.
#if FUZZ_RESOLVE
func fuzzResolve(_ archive: LoadedArchive) {
    let document = NibResolver.resolve(archive.graph, name: archive.name, path: archive.path, variant: archive.variant)
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
    for connection in document.connections where connection.unresolved == nil {
        for id in [connection.source, connection.destination].compactMap({ $0 }) + (connection.members ?? []) {
            precondition(byID[id] != nil, "connection endpoint \(id) is not an object")
        }
    }
    _ = document.roots
    _ = document.placeholders
}
#endif
