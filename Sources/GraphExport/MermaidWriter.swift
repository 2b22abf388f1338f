import TextEscaping

/// Writes a ``ConnectionGraph`` as a Mermaid flowchart, the diagram language GitHub, GitLab and
/// most Markdown tools render in a ` ```mermaid ` block, so that a nib's connections or a
/// storyboard's scene flow can live in a design document.
///
/// The same picture as ``DOTWriter``'s, in Mermaid's terms:
/// - the graph's name as the front-matter `title`; `flowchart LR` or `TB` (``GraphOptions/RankDirection``);
/// - nodes `n0`, `n1`, … in graph order (Mermaid ids must be plain words; the graph's node ids,
///   `#12` or `d1/#12`, are not): objects and scenes as rounded boxes, placeholders (File's Owner,
///   First Responder, …) as double-bordered boxes, unresolved ends as red hexagons, the entry point
///   as a small circle, a menu as one box listing its items one per line;
/// - clusters as `subgraph c0 ["Main.storyboard"] … end`, nested as in the graph, filled as in DOT;
/// - edges in graph order with their label (`-->|"view"|`), outlets and segues solid, actions,
///   bindings and other connections dotted (`-.->`), relationship segues thick (`==>`), coloured
///   by `linkStyle` in ``DOTStyle``'s colours (unresolved ones red);
/// - node colours as `classDef`s named after the node kinds (`object`, `placeholder`, `unresolved`,
///   `scene`, …), in ``DOTStyle``'s colours.
///
/// What DOT has and Mermaid does not: the legend (edge styles are named in the text above),
/// links, edge tooltips and menu-item ports (an edge from a menu item starts at its menu's box).
/// With `tooltips` (the app map), each node that has something to say gets a `click` line whose
/// tooltip is the node's own tooltip and, one line each, the edges leaving it that have one
/// (`performSegue “showDetail” → DetailViewController: HomeViewController.swift:5`): Mermaid has
/// no edge tooltips, so the `file:line` of code transitions and nib loads lives at the node whose
/// code makes the call. Mermaid shows a tooltip on hover where the page binds the chart's
/// functions (`mermaid.run`, or `render`'s `bindFunctions`); the callback it names,
/// `nibinspectNode`, is called only under `securityLevel: 'loose'`, when a page defines it.
/// Mermaid refuses a chart of more than 500 edges unless told otherwise; a larger graph raises
/// its `maxEdges` in the front matter.
///
/// Every label is escaped by ``Escape/mermaidLabel(_:)``. Output is deterministic.
public enum MermaidWriter {
    /// The Mermaid text of `graph`, ending with a newline.
    public static func write(_ graph: ConnectionGraph, tooltips: Bool = false) -> String {
        var out = ""
        write(graph, tooltips: tooltips) { out += $0 }
        return out
    }

    /// Writes the Mermaid text of `graph` to `sink` statement by statement (the same text as
    /// ``write(_:tooltips:)``).
    ///
    /// - Complexity: O(n) in the size of the graph (nodes, edges, cluster members).
    public static func write(_ graph: ConnectionGraph, tooltips: Bool = false, to sink: (String) -> Void) {
        sink("---\ntitle: " + Escape.json(graph.name) + "\n")
        if graph.edges.count > defaultMaxEdges { sink("config:\n  maxEdges: \(graph.edges.count)\n") }
        sink("---\n")
        sink("flowchart " + (graph.rankDirection == .topToBottom ? "TB" : "LR") + "\n")

        let (ids, nodesByID) = graph.shortNodeIDs
        let inCluster = graph.clusteredNodeIDs

        var classes: [String: [String]] = [:]
        var declared = Set<String>()
        func declare(_ id: String, indent: String) {
            guard declared.insert(id).inserted, let node = nodesByID[id], let mermaidID = ids[id] else { return }
            let (open, close, style) = shape(node.kind)
            sink(indent + mermaidID + open + "\"" + Escape.mermaidLabel(label(node)) + "\"" + close + "\n")
            classes[style, default: []].append(mermaidID)
        }
        var clusterStyles: [String] = []
        func writeCluster(_ c: ConnectionGraph.Cluster, indent: String) {
            let title = c.lines.joined(separator: "\n")
            let id = "c\(clusterStyles.count)"
            let a = DOTStyle.attributes(of: c)
            clusterStyles.append("  style \(id) fill:\(a["fillcolor"]!),stroke:\(a["color"]!),color:\(a["fontcolor"]!)\n")
            sink(indent + "subgraph " + id + " [\"" + Escape.mermaidLabel(title.isEmpty ? " " : title) + "\"]\n")
            for id in c.nodeIDs { declare(id, indent: indent + "  ") }
            for child in c.clusters { writeCluster(child, indent: indent + "  ") }
            sink(indent + "end\n")
        }
        for node in graph.nodes where !inCluster.contains(node.id) { declare(node.id, indent: "  ") }
        for cluster in graph.clusters { writeCluster(cluster, indent: "  ") }

        var linkStyles: [String: [Int]] = [:]
        var index = 0
        for edge in graph.edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            let text = edge.lines.joined(separator: "\n")
            let labelPart = text.isEmpty ? "" : "|\"" + Escape.mermaidLabel(text) + "\"|"
            sink("  " + from + " " + arrow(edge.kind) + labelPart + " " + to + "\n")
            linkStyles[linkStyle(edge), default: []].append(index)
            index += 1
        }

        for (name, style) in classDefinitions where classes[name] != nil {
            sink("  classDef " + name + " " + style + "\n")
        }
        for (name, _) in classDefinitions {
            guard let members = classes[name] else { continue }
            sink("  class " + members.joined(separator: ",") + " " + name + "\n")
        }
        clusterStyles.forEach(sink)
        for style in linkStyles.keys.sorted() {
            sink("  linkStyle " + linkStyles[style]!.map(String.init).joined(separator: ",") + " " + style + "\n")
        }
        if tooltips { writeTooltips(graph, ids: ids, nodes: nodesByID, to: sink) }
    }

    /// One `click ID nibinspectNode "…"` line per node with a tooltip or an edge with a tooltip
    /// leaving it, in node order.
    static func writeTooltips(_ graph: ConnectionGraph, ids: [String: String], nodes: [String: ConnectionGraph.Node],
                              to sink: (String) -> Void) {
        var leaving: [String: [String]] = [:]
        for edge in graph.edges {
            guard let tooltip = edge.tooltip, !tooltip.isEmpty, let target = nodes[edge.to] else { continue }
            let name = target.lines.first { $0 != "?" } ?? edge.to
            let what = edge.lines.joined(separator: " ")
            leaving[edge.from, default: []].append((what.isEmpty ? "" : what + " ") + "→ " + name + ": "
                + tooltip.split(separator: "\n").joined(separator: ", "))
        }
        var written = Set<String>()
        for node in graph.nodes where written.insert(node.id).inserted {
            guard let id = ids[node.id] else { continue }
            let lines = (node.tooltip.map { [$0] } ?? []) + (leaving[node.id] ?? [])
            guard !lines.isEmpty else { continue }
            sink("  click " + id + " nibinspectNode \"" + Escape.mermaidTooltip(lines.joined(separator: "\n")) + "\"\n")
        }
    }

    /// Mermaid's own limit on the edges of one chart (its `maxEdges` setting, 500 by default).
    public static let defaultMaxEdges = 500

    /// A node's label: its lines; for a menu, its title then one line per item (`──` for a
    /// separator, `▸` after an item that opens a submenu).
    static func label(_ node: ConnectionGraph.Node) -> String {
        var lines = node.lines
        for row in node.rows ?? [] {
            lines.append(row.isSeparator ? "──────" : row.text + (row.hasSubmenu ? "  ▸" : "") + (row.keyEquivalent.map { "  " + $0 } ?? ""))
        }
        let text = lines.joined(separator: "\n")
        return text.isEmpty ? " " : text
    }

    /// The shape brackets of a node kind and the `classDef` that colours it.
    static func shape(_ kind: ConnectionGraph.NodeKind) -> (open: String, close: String, style: String) {
        switch kind {
        case .object: return ("(", ")", "object")
        case .placeholder, .firstResponder: return ("[[", "]]", "placeholder")
        case .unresolved: return ("{{", "}}", "unresolved")
        case .scene(let isEntryPoint): return ("(", ")", isEntryPoint ? "entryScene" : "scene")
        case .externalScene: return ("(", ")", "externalScene")
        case .menu: return ("[", "]", "menu")
        case .entryPoint: return ("((", "))", "entryPoint")
        case .nibClass: return ("(", ")", "nibClass")
        case .codeClass: return ("[", "]", "codeClass")
        }
    }

    /// The arrow of an edge kind: solid for outlets, segues and structure, dotted for actions,
    /// bindings and other connections, thick for relationship segues.
    static func arrow(_ kind: ConnectionGraph.EdgeKind) -> String {
        switch kind {
        case .outlet, .outletCollection, .segue, .entry, .submenu: return "-->"
        case .action, .binding, .runtimeAttribute, .accessibility, .other, .storyboardReference, .codeTransition, .nibLoad:
            return "-.->"
        case .relationship: return "==>"
        }
    }

    /// The `linkStyle` of an edge: ``DOTStyle``'s colour of its kind, red when unresolved.
    static func linkStyle(_ edge: ConnectionGraph.Edge) -> String {
        let color = DOTStyle.attributes(of: edge)["color"] ?? "#5B6B82"
        return "stroke:\(color),color:\(color)"
    }

    /// The node classes, in the order they are written, with ``DOTStyle``'s colours.
    static let classDefinitions: [(String, String)] = [
        ("object", "fill:#F3F6FA,stroke:#5B6B82,color:#1B2430"),
        ("placeholder", "fill:#FFF3C4,stroke:#A07800,color:#1B2430"),
        ("unresolved", "fill:#FDECEC,stroke:#C62828,color:#C62828,stroke-dasharray:4 3"),
        ("scene", "fill:#EAF2FF,stroke:#5B6B82,color:#1B2430"),
        ("entryScene", "fill:#EAF2FF,stroke:#1B2430,color:#1B2430,stroke-width:2.2px"),
        ("externalScene", "fill:#FFFFFF,stroke:#5B6B82,color:#1B2430,stroke-dasharray:4 3"),
        ("menu", "fill:#F3F6FA,stroke:#5B6B82,color:#1B2430,text-align:left"),
        ("entryPoint", "fill:#1B2430,stroke:#1B2430"),
        ("nibClass", "fill:#EEF6EC,stroke:#4E7A45,color:#1B2430"),
        ("codeClass", "fill:#FFFFFF,stroke:#5B6B82,color:#1B2430"),
    ]
}
