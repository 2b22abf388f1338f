import NibModel

extension DOTWriter {
    /// Writes the DOT text of the connection graph of `documents` named `name`: the same text as
    /// ``write(_:to:)`` of
    /// ``ConnectionGraph/init(documents:options:controllerObjects:mergesBoundPlaceholders:)``
    /// (`mergesBoundPlaceholders` false) renamed `name`, without holding that graph. Each node and
    /// edge is made when it is written, from `objects` (each document's objects, made when read
    /// if the reader deferred them), so a large nib's graph takes no more memory than its model.
    ///
    /// Each document's connections are read twice: first for the objects and synthetic nodes the
    /// edges show and the edge kinds the legend lists (the header comes first), then to write
    /// the edges, which come after every node.
    ///
    /// - Precondition: no ``GraphOptions/focus`` (a focus that matches nothing must be known
    ///   before anything is written) and no ``GraphOptions/hierarchy`` (clusters need every node).
    /// - Complexity: O(connections + objects) per document; holds a flag per object (drawn, declared).
    static func writeDocuments(_ documents: [NibDocument], objects: (NibDocument) -> any GraphObjects, name: String,
                               options: GraphOptions, to sink: (String) -> Void) {
        precondition(options.focus == nil && !options.hierarchy, "the streamed graph has no focus and no hierarchy")
        // What the first pass over a document finds.
        struct Survey {
            /// The builder as it was before the first pass (the second makes the same edges).
            var fresh: DocumentGraphBuilder
            /// The builder after it: its synthetic nodes.
            var surveyed: DocumentGraphBuilder
            /// The objects drawn, by position.
            var shown: HierarchyVisits
            /// The First Responder placeholder when no edge shows it.
            var hidden: ObjectID?
            /// Edge ends that may be synthetic nodes (ids starting with `@` after the prefix).
            var usedSynthetic: Set<String>
        }
        var kinds = Set<ConnectionGraph.EdgeKind>()
        var unresolved = false
        var edgeCount = 0
        var surveys: [Survey] = []
        for (i, document) in documents.enumerated() {
            let prefix = documents.count == 1 ? "" : "d\(i + 1)/"
            let fresh = DocumentGraphBuilder(document: document, objects: objects(document), options: options, idPrefix: prefix)
            var builder = fresh
            let objects = fresh.objects
            var shown = HierarchyVisits(count: objects.count) { objects.position(of: $0) }
            builder.forEachShownWithoutEdges { _ = shown.visit($0) }
            var usedSynthetic = Set<String>()
            var showsFirstResponder = false
            let firstResponder = builder.hiddenFirstResponder
            let synthetic = prefix + "@"
            builder.forEachConnectionEdge { edge, ends in
                for end in ends { _ = shown.visit(end) }
                kinds.insert(edge.kind)
                unresolved = unresolved || edge.isUnresolved
                edgeCount += 1
                if let firstResponder, ends.contains(firstResponder) { showsFirstResponder = true }
                for end in [edge.from, edge.to] where end.hasPrefix(synthetic) { usedSynthetic.insert(end) }
            }
            surveys.append(Survey(fresh: fresh, surveyed: builder, shown: shown,
                                  hidden: showsFirstResponder ? nil : firstResponder, usedSynthetic: usedSynthetic))
        }

        let header = ConnectionGraph(name: name, rankDirection: options.rankDirection == .automatic ? .leftToRight : options.rankDirection,
                                     showsLegend: options.legend)
        writeHeader(header, legend: (ConnectionGraph.EdgeKind.allCases.filter { kinds.contains($0) }, unresolved), to: sink)
        // A blank line before the first node or cluster, as ``write(_:to:)`` writes one when
        // the graph has any.
        var blank = "\n"
        func write(_ statement: String) {
            sink(blank + statement)
            blank = ""
        }
        for (i, survey) in surveys.enumerated() {
            // Each id declared once, by its first node (a placeholder repeating an object's id).
            // A node's id is the prefix and its object's id, or `@…` for a synthetic node: one
            // table of ids by position holds both.
            let objects = survey.fresh.objects, prefix = survey.fresh.idPrefix
            var declared = HierarchyVisits(count: objects.count) { objects.position(of: $0) }
            let indent = documents.count == 1 ? "  " : "    "
            if documents.count > 1 {
                write(clusterOpening(ConnectionGraph.Cluster(id: "d\(i + 1)", lines: [documents[i].name], isDocument: true), indent: "  "))
            }
            let shown = survey.shown, hidden = survey.hidden
            survey.surveyed.forEachNode(shown: { $0 != hidden && shown.hasVisited($0) }, usedSynthetic: survey.usedSynthetic) { node in
                if declared.visit(node.objectID ?? ObjectID(String(node.id.dropFirst(prefix.count)))) {
                    write(nodeStatement(node, indent: indent))
                }
            }
            if documents.count > 1 { sink("  }\n") }
        }
        if edgeCount > 0 { sink("\n") }
        for survey in surveys {
            var builder = survey.fresh
            builder.forEachConnectionEdge { edge, _ in sink(edgeStatement(edge)) }
        }
        sink("}\n")
    }
}
