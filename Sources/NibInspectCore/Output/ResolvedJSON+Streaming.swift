import ArchiveReader

/// The resolved JSON outputs written piece by piece (``StreamedJSON``): the same bytes as
/// ``ResolvedJSON/render(_:)``, with every list that grows with the input — objects, connections,
/// diagnostics, top-level objects, compare differences and matches — written element by element.
extension ResolvedJSON {
    /// `nibinspect json`: ``render(_:)`` of `output`, written to `console` as it is produced.
    /// A compiled document whose objects were deferred (``OpenedInput/deferredObjects``, by
    /// document name) has them made one at a time as they are written.
    /// Several documents are written on up to `width` workers (``OrderedOutput``), in order, each
    /// held whole until it is written; one document, or `width` 1, goes straight to `console`, so
    /// that its text is never held (issue 31: 1,342 → 267 MB for the 84 MB synthetic nib).
    ///
    /// - Throws: what encoding an element throws (`EncodingError` for a value JSON cannot hold,
    ///   such as a NaN double). What was written before stays written: standard output then ends
    ///   in an incomplete JSON text, and the command fails (exit 70) with one error line.
    static func write(_ output: ResolvedOutput, deferredObjects: [String: ResolvedObjects] = [:], width: Int = 1,
                      to console: Console) throws {
        let json = StreamedJSON(console: console)
        var skeleton = output
        skeleton.documents = []
        skeleton.diagnostics = []
        @Sendable func document(_ document: NibDocument, depth: Int, _ json: StreamedJSON) throws {
            if document.format.isCompiled, let objects = deferredObjects[document.name] {
                try write(document, objects: objects, depth: depth, json)
            } else {
                try write(document, objects: document.objects, depth: depth, json)
            }
        }
        let direct = width <= 1 || output.documents.count <= 1
        try json.write(skeleton, depth: 0, replacing: [
            StreamedJSON.Member(path: ["documents"]) { depth in
                if direct {
                    try json.writeArray(output.documents, depth: depth) { try document($0, depth: $1, json) }
                } else {
                    try json.writeArray(output.documents, width: width, depth: depth) { try document($0, depth: $1, $2) }
                }
            },
            elements(["diagnostics"], output.diagnostics, json),
        ])
        console.write("\n")
    }

    /// `nibinspect connections --format json`: ``render(_:)`` of `output`, written as produced.
    static func write(_ output: ConnectionsOutput, to console: Console) throws {
        let json = StreamedJSON(console: console)
        var skeleton = output
        skeleton.connections = []
        try json.write(skeleton, depth: 0, replacing: [elements(["connections"], output.connections, json)])
        console.write("\n")
    }

    /// One document at `depth`, its objects (`objects`, in place of its own list), connections,
    /// diagnostics and object lists element by element.
    static func write<Objects: Sequence<NibObject>>(_ document: NibDocument, objects: Objects, depth: Int, _ json: StreamedJSON) throws {
        var skeleton = document
        skeleton.objects = []
        skeleton.connections = []
        skeleton.diagnostics = []
        skeleton.topLevelObjects = []
        skeleton.visibleWindows = []
        try json.write(skeleton, depth: depth, replacing: [
            elements(["objects"], objects, json),
            elements(["connections"], document.connections, json),
            elements(["diagnostics"], document.diagnostics, json),
            elements(["topLevelObjects"], document.topLevelObjects, json),
            elements(["visibleWindows"], document.visibleWindows, json),
        ])
    }

    /// The member at `path`: an array of `items`, each encoded on its own.
    static func elements<S: Sequence>(_ path: [String], _ items: S, _ json: StreamedJSON) -> StreamedJSON.Member where S.Element: Encodable {
        StreamedJSON.Member(path: path) { depth in
            try json.writeArray(items, depth: depth) { item, d in try json.write(item, depth: d) }
        }
    }
}
