import TextEscaping

/// Writes a ``ConnectionGraph`` as a PlantUML diagram (`@startuml` … `@enduml`), for design
/// documents and wikis whose toolchain renders PlantUML (`plantuml -tsvg`, Confluence, GitLab).
///
/// The same picture as ``DOTWriter``'s, in PlantUML's component-diagram terms:
/// - the graph's name as the `title`; `left to right direction` unless the graph is top to bottom;
/// - nodes `n0`, `n1`, … in graph order: objects, scenes and nib classes as rounded `rectangle`s,
///   placeholders (File's Owner, First Responder, …) as `node`s (PlantUML's 3-D box, like
///   Interface Builder's placeholder cubes), classes known from code as `component`s, unresolved
///   ends as red dashed rectangles, the entry point as a small `circle`, a menu as one rectangle
///   listing its items (key equivalents after the title);
/// - clusters as `frame "Main.storyboard" as c0 { … }`, nested as in the graph;
/// - edges `n1 -[#2E7D32,dashed]-> n0 : signIn:` in ``DOTStyle``'s colours and line styles
///   (solid, dashed, dotted, bold), unresolved ones red;
/// - the legend (``ConnectionGraph/showsLegend``) as a `legend` block, one line per edge kind drawn.
///
/// What DOT has and PlantUML does not here: tooltips, links and menu-item ports (an edge from a
/// menu item starts at its menu's box). Every text is escaped by ``Escape/plantUML(_:)``, so a
/// title cannot become markup. Output is deterministic.
public enum PlantUMLWriter {
    /// The PlantUML text of `graph`, ending with a newline.
    public static func write(_ graph: ConnectionGraph) -> String {
        var out = ""
        write(graph) { out += $0 }
        return out
    }

    /// Writes the PlantUML text of `graph` to `sink` statement by statement (the same text as
    /// ``write(_:)``).
    ///
    /// - Complexity: O(n) in the size of the graph (nodes, edges, cluster members).
    public static func write(_ graph: ConnectionGraph, to sink: (String) -> Void) {
        sink("@startuml\n")
        sink("title " + Escape.plantUML(graph.name) + "\n")
        if graph.rankDirection != .topToBottom { sink("left to right direction\n") }
        sink(preamble)

        let (ids, nodesByID) = graph.shortNodeIDs
        let inCluster = graph.clusteredNodeIDs
        var declared = Set<String>()
        func declare(_ id: String, indent: String) {
            guard declared.insert(id).inserted, let node = nodesByID[id], let name = ids[id] else { return }
            let (keyword, style) = shape(node.kind)
            sink(indent + keyword + " \"" + Escape.plantUML(MermaidWriter.label(node)) + "\" as " + name + " " + style + "\n")
        }
        var clusterCount = 0
        func writeCluster(_ c: ConnectionGraph.Cluster, indent: String) {
            let title = c.lines.joined(separator: "\n")
            let a = DOTStyle.attributes(of: c)
            let id = "c\(clusterCount)"
            clusterCount += 1
            sink(indent + "frame \"" + Escape.plantUML(title.isEmpty ? " " : title) + "\" as " + id + " "
                 + color(a["fillcolor"] ?? "#FFFFFF") + ";line:" + bare(a["color"] ?? "#8A97A8") + " {\n")
            for id in c.nodeIDs { declare(id, indent: indent + "  ") }
            for child in c.clusters { writeCluster(child, indent: indent + "  ") }
            sink(indent + "}\n")
        }
        for node in graph.nodes where !inCluster.contains(node.id) { declare(node.id, indent: "") }
        for cluster in graph.clusters { writeCluster(cluster, indent: "") }

        for edge in graph.edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            let text = edge.lines.joined(separator: "\n")
            sink(from + " -[" + arrowStyle(edge) + "]-> " + to + (text.isEmpty ? "" : " : " + Escape.plantUML(text)) + "\n")
        }
        if graph.showsLegend { writeLegend(graph, to: sink) }
        sink("@enduml\n")
    }

    /// Settings every diagram shares: no shadows, the DOT drawing's font and sizes, rounded
    /// rectangles, centred text.
    static let preamble = """
        skinparam shadowing false
        skinparam defaultFontName Helvetica
        skinparam defaultFontSize 11
        skinparam defaultTextAlignment center
        skinparam arrowFontSize 9
        skinparam rectangle {
          RoundCorner 12
        }

        """

    /// The element keyword of a node kind and its colours (`#fill;line:stroke;text:colour`).
    static func shape(_ kind: ConnectionGraph.NodeKind) -> (keyword: String, style: String) {
        switch kind {
        case .object: return ("rectangle", "#F3F6FA;line:5B6B82;text:1B2430")
        case .placeholder, .firstResponder: return ("node", "#FFF3C4;line:A07800;text:1B2430")
        case .unresolved: return ("rectangle", "#FDECEC;line:C62828;line.dashed;text:C62828")
        case .scene(let isEntryPoint):
            return ("rectangle", "#EAF2FF;line:" + (isEntryPoint ? "1B2430;line.bold" : "5B6B82") + ";text:1B2430")
        case .externalScene: return ("rectangle", "#FFFFFF;line:5B6B82;line.dashed;text:1B2430")
        case .menu: return ("rectangle", "#F3F6FA;line:5B6B82;text:1B2430")
        case .entryPoint: return ("circle", "#1B2430;line:1B2430")
        case .nibClass: return ("rectangle", "#EEF6EC;line:4E7A45;text:1B2430")
        case .codeClass: return ("component", "#FFFFFF;line:5B6B82;text:1B2430")
        }
    }

    /// `#2E7D32,dashed`: ``DOTStyle``'s colour of the edge (red when unresolved) and its line style.
    static func arrowStyle(_ edge: ConnectionGraph.Edge) -> String {
        let a = DOTStyle.attributes(of: edge)
        var parts = [color(a["color"] ?? "#5B6B82")]
        if let style = a["style"], ["dashed", "dotted", "bold"].contains(style) { parts.append(style) }
        return parts.joined(separator: ",")
    }

    /// The legend: one line per edge kind drawn, its sample in the kind's colour.
    static func writeLegend(_ graph: ConnectionGraph, to sink: (String) -> Void) {
        let (kinds, unresolved) = graph.legendKinds
        guard !kinds.isEmpty else { return }
        sink("legend right\n")
        for kind in kinds {
            let (sample, hex, text) = DOTStyle.legendSample(kind)
            sink("  <color:" + color(hex) + ">" + sample + "</color> " + Escape.plantUML(text) + "\n")
        }
        if unresolved { sink("  <color:#C62828>──▶</color> " + Escape.plantUML("unresolved (ends at ?)") + "\n") }
        sink("endlegend\n")
    }

    /// A colour as PlantUML takes it: `#RRGGBB` (DOT's colours are already that).
    static func color(_ hex: String) -> String { hex.hasPrefix("#") ? hex : "#" + hex }

    /// A colour without its `#`, as `line:` and `text:` take it.
    static func bare(_ hex: String) -> String { hex.hasPrefix("#") ? String(hex.dropFirst()) : hex }
}
