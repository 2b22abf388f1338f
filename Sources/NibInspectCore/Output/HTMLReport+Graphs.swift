import ArchiveReader
import Foundation
import GraphExport
import NibDiagnosis
import TextEscaping

/// The report's graphs: a document's connection graph and any graph as inline SVG rendered
/// in-process (``SVGRenderer``), or a note saying why it is not drawn.
extension HTMLReport {
    /// A document's connection graph as the report draws it (nodes linking to their objects'
    /// anchors); nil when the document has no graph or the graph no edge (no section then).
    func documentGraphModel(_ e: Entry) -> ConnectionGraph? {
        guard var graph = try? ConnectionGraph(document: e.document, options: GraphOptions()) else { return nil }
        guard !graph.edges.isEmpty else { return nil }
        for i in graph.nodes.indices {
            if let id = graph.nodes[i].objectID, let a = e.objectAnchors[id] { graph.nodes[i].url = "#" + a }
        }
        return graph
    }

    /// Whether drawing `graph` takes one of the report's ``Limits/graphs`` (it is within the size limits).
    func takesGraphSlot(_ graph: ConnectionGraph) -> Bool {
        graph.nodes.count <= limits.graphNodes && graph.edges.count <= limits.graphEdges
    }

    /// A document's graph section, drawing it when `graphsLeft` > 0 (and then taking one).
    func documentGraph(_ e: Entry, graphsLeft: inout Int) -> String {
        guard let graph = documentGraphModel(e) else { return "" }
        return "<h3>Graph</h3>\n" + figure(graph, anchor: e.anchor, caption: "Outlets, actions, bindings and segues of "
            + e.document.name + " (actions to First Responder and the key-view loop left out). Click a node for its object.",
                                           graphsLeft: &graphsLeft)
    }

    /// A `<figure>` with the graph as inline SVG, or a note saying why it is not drawn; counts it
    /// in ``graphsDrawn``.
    mutating func figure(_ graph: ConnectionGraph, anchor: String, caption: String) -> String {
        countingGraphs { $0.figure(graph, anchor: anchor, caption: caption, graphsLeft: &$1) }
    }

    /// `body` given the report and its graphs left; the ones it takes are counted in ``graphsDrawn``.
    mutating func countingGraphs(_ body: (HTMLReport, inout Int) -> String) -> String {
        var left = limits.graphs - graphsDrawn
        let before = left
        let out = body(self, &left)
        graphsDrawn += before - left
        return out
    }

    /// A `<figure>` with the graph as inline SVG when it is within the size limits and
    /// `graphsLeft` > 0 (which it then lowers by one), or a note saying why it is not drawn.
    func figure(_ graph: ConnectionGraph, anchor: String, caption: String, graphsLeft: inout Int) -> String {
        guard takesGraphSlot(graph) else {
            return "<p class=\"note\">Graph not drawn: \(graph.nodes.count) nodes and \(graph.edges.count) edges (the report draws up to \(limits.graphNodes) nodes and \(limits.graphEdges) edges); 'nibinspect graph --format svg' draws it.</p>\n"
        }
        guard graphsLeft > 0 else {
            return "<p class=\"note\">Graph not drawn: the report draws at most \(limits.graphs) graphs; 'nibinspect graph --format svg' draws it.</p>\n"
        }
        graphsLeft -= 1
        let rendering: SVGRendering
        do {
            rendering = try SVGRenderer.render(dot: DOTWriter.write(graph))
        } catch {
            return "<p class=\"error\">Graph not drawn: " + Escape.html(error.description) + "</p>\n"
        }
        return "<figure class=\"graph\">" + Self.inlineSVG(rendering.svg, idPrefix: anchor + "-g-")
            + "<figcaption>" + Escape.html(caption) + "</figcaption></figure>\n"
    }

    /// Graphviz's SVG made fit for inlining: the XML prolog, doctype and comments dropped, every
    /// `id` prefixed so that several graphs on a page do not share ids. Graphviz escapes the
    /// label and tooltip text it writes (`&lt;`, `&amp;`), so input text stays text.
    static func inlineSVG(_ svg: String, idPrefix: String) -> String {
        guard let start = svg.range(of: "<svg") else { return "" }
        var body = String(svg[start.lowerBound...])
        // Comments (`<!-- node1 -->`): Graphviz writes the node name there.
        var cleaned = ""
        var rest = Substring(body)
        while let open = rest.range(of: "<!--") {
            cleaned += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-->") else { rest = ""; break }
            rest = rest[close.upperBound...]
        }
        cleaned += rest
        body = cleaned.replacingOccurrences(of: " id=\"", with: " id=\"" + idPrefix)
        return body.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
