import ArchiveReader

/// The resolved JSON outputs written piece by piece (``StreamedJSON``): the same bytes as
/// ``ResolvedJSON/render(_:)``, with every list that grows with the input — objects, connections,
/// diagnostics, top-level objects, compare differences and matches — written element by element.
extension ResolvedJSON {
    /// `nibinspect json`: ``render(_:)`` of `output`, written to `console` as it is produced.
    static func write(_ output: ResolvedOutput, to console: Console) throws {
        let json = StreamedJSON(console: console)
        var skeleton = output
        skeleton.documents = []
        skeleton.diagnostics = []
        try json.write(skeleton, depth: 0, replacing: [
            StreamedJSON.Member(path: ["documents"]) { depth in
                try json.writeArray(output.documents, depth: depth) { document, d in try write(document, depth: d, json) }
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

    /// One document at `depth`, its objects, connections, diagnostics and object lists element by element.
    static func write(_ document: NibDocument, depth: Int, _ json: StreamedJSON) throws {
        var skeleton = document
        skeleton.objects = []
        skeleton.connections = []
        skeleton.diagnostics = []
        skeleton.topLevelObjects = []
        skeleton.visibleWindows = []
        try json.write(skeleton, depth: depth, replacing: [
            elements(["objects"], document.objects, json),
            elements(["connections"], document.connections, json),
            elements(["diagnostics"], document.diagnostics, json),
            elements(["topLevelObjects"], document.topLevelObjects, json),
            elements(["visibleWindows"], document.visibleWindows, json),
        ])
    }

    /// The member at `path`: an array of `items`, each encoded on its own.
    static func elements<T: Encodable>(_ path: [String], _ items: [T], _ json: StreamedJSON) -> StreamedJSON.Member {
        StreamedJSON.Member(path: path) { depth in
            try json.writeArray(items, depth: depth) { item, d in try json.write(item, depth: d) }
        }
    }
}
