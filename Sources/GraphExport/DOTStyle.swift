/// The look of a connection graph: Graphviz attributes for each kind of node, edge and cluster.
///
/// Objects are rounded boxes; placeholders (File's Owner, First Responder, …) are yellow 3-D
/// boxes, like Interface Builder's placeholder cubes; unresolved ends are red dashed boxes labelled `?` and the reason.
/// Outlets are solid blue, outlet collections solid blue with a dot at the tail, actions dashed
/// green, bindings dotted purple, segues orange, relationship segues bold grey with a diamond at the container; any unresolved
/// connection is red whatever its kind (its line style is kept).
enum DOTStyle {
    static let font = "Helvetica"

    /// Graph attributes; the `label` (the title) is left out when ``DOTWriter/legendLabel(_:legend:)``
    /// writes title and legend as one HTML-like label.
    static func graph(_ graph: ConnectionGraph, hasLegend: Bool) -> [String: String] {
        var a: [String: String] = [
            "bgcolor": "white",
            "fontname": font,
            "fontsize": "13",
            "label": graph.name,
            "labelloc": "t",
            "nodesep": "0.3",
            "pad": "0.3",
            "rankdir": graph.rankDirection == .automatic ? "LR" : graph.rankDirection.rawValue,
            "ranksep": "0.5",
        ]
        if hasLegend { a["label"] = nil }
        return a
    }

    static let nodeDefaults: [String: String] = [
        "color": "#5B6B82",
        "fillcolor": "#F3F6FA",
        "fontcolor": "#1B2430",
        "fontname": font,
        "fontsize": "11",
        "margin": "0.12,0.06",
        "shape": "box",
        "style": "rounded,filled",
    ]

    static let edgeDefaults: [String: String] = [
        "arrowsize": "0.7",
        "fontname": font,
        "fontsize": "9",
    ]

    static func attributes(of node: ConnectionGraph.Node) -> [String: String] {
        var a: [String: String] = ["label": DOTWriter.label(node.lines)]
        if let tooltip = node.tooltip { a["tooltip"] = tooltip }
        if let url = node.url { a["URL"] = url }
        switch node.kind {
        case .object:
            break
        case .placeholder, .firstResponder:
            a["shape"] = "box3d"
            a["style"] = "filled"
            a["fillcolor"] = "#FFF3C4"
            a["color"] = "#A07800"
        case .unresolved:
            a["style"] = "rounded,filled,dashed"
            a["penwidth"] = "1.3"
            a["fillcolor"] = "#FDECEC"
            a["color"] = "#C62828"
            a["fontcolor"] = "#C62828"
        case .scene(let isEntryPoint):
            a["fillcolor"] = "#EAF2FF"
            if isEntryPoint { a["penwidth"] = "2.2" }
        case .externalScene:
            a["style"] = "rounded,dashed"
        case .menu:
            a["label"] = nil
            a["shape"] = "plaintext"
            a["style"] = ""
            a["margin"] = "0"
        case .nibClass:
            a["fillcolor"] = "#EEF6EC"
            a["color"] = "#4E7A45"
        case .codeClass:
            a["style"] = "filled"
            a["fillcolor"] = "#FFFFFF"
            a["shape"] = "component"
        case .entryPoint:
            a["shape"] = "point"
            a["width"] = "0.12"
            a["color"] = "#1B2430"
            a["fillcolor"] = "#1B2430"
        }
        return a
    }

    static func attributes(of edge: ConnectionGraph.Edge) -> [String: String] {
        var a: [String: String] = [:]
        if !edge.lines.isEmpty { a["label"] = DOTWriter.label(edge.lines) }
        if let tooltip = edge.tooltip { a["tooltip"] = tooltip }
        let color: String
        switch edge.kind {
        case .outlet:
            color = "#1F5FAF"
        case .outletCollection:
            color = "#1F5FAF"
            a["arrowtail"] = "dot"
            a["dir"] = "both"
        case .action:
            color = "#2E7D32"
            a["style"] = "dashed"
        case .binding:
            color = "#7B3FA0"
            a["style"] = "dotted"
            a["penwidth"] = "1.4"
        case .segue:
            color = "#C05800"
            a["penwidth"] = "1.3"
        case .relationship:
            color = "#6B7280"
            a["style"] = "bold"
            a["arrowtail"] = "odiamond"
            a["dir"] = "both"
        case .runtimeAttribute, .accessibility, .other:
            color = "#6B7280"
            a["style"] = "dashed"
        case .entry:
            color = "#1B2430"
            a["penwidth"] = "1.5"
        case .submenu:
            color = "#8A97A8"
            a["arrowhead"] = "empty"
        case .storyboardReference:
            color = "#C05800"
            a["style"] = "dashed"
            a["penwidth"] = "1.6"
        case .codeTransition:
            color = "#00838F"
            a["style"] = "dashed"
            a["penwidth"] = "1.3"
        case .nibLoad:
            color = "#4E7A45"
            a["style"] = "dotted"
            a["penwidth"] = "1.6"
        }
        a["color"] = edge.isUnresolved ? "#C62828" : color
        a["fontcolor"] = edge.isUnresolved ? "#C62828" : color
        return a
    }

    /// A legend entry for an edge kind: a short line drawn with characters in the kind's dash
    /// pattern (solid `──▶`, dashed `╌╌▶`, dotted `┈┈▶`, bold `━━▶`), its colour and its name.
    static func legendSample(_ kind: ConnectionGraph.EdgeKind) -> (sample: String, color: String, text: String) {
        switch kind {
        case .outlet: return ("──▶", "#1F5FAF", "outlet")
        case .outletCollection: return ("●─▶", "#1F5FAF", "outlet collection (name[i])")
        case .action: return ("╌╌▶", "#2E7D32", "action (selector, events)")
        case .binding: return ("┈┈▶", "#7B3FA0", "binding (→ key path)")
        case .runtimeAttribute: return ("╌╌▶", "#6B7280", "runtime attribute")
        case .accessibility: return ("╌╌▶", "#6B7280", "accessibility")
        case .segue: return ("──▶", "#C05800", "segue (kind, “identifier”)")
        case .relationship: return ("◇━▶", "#6B7280", "relationship (container ◇)")
        case .other: return ("╌╌▶", "#6B7280", "other connection")
        case .entry: return ("•─▶", "#1B2430", "entry point")
        case .submenu: return ("──▷", "#8A97A8", "submenu")
        case .storyboardReference: return ("╌╌▶", "#C05800", "storyboard reference (into another storyboard)")
        case .codeTransition: return ("╌╌▶", "#00838F", "code transition (file:line in tooltip)")
        case .nibLoad: return ("┈┈▶", "#4E7A45", "nib loaded by name in code")
        }
    }

    static func attributes(of cluster: ConnectionGraph.Cluster) -> [String: String] {
        [
            "color": cluster.isDocument ? "#8A97A8" : "#C9D2DE",
            "fillcolor": cluster.depth % 2 == 0 ? "#FAFBFD" : "#F0F3F7",
            "fontcolor": "#5B6B82",
            "fontname": font,
            "fontsize": cluster.isDocument ? "11" : "9",
            "label": DOTWriter.label(cluster.lines),
            "labeljust": "l",
            "style": "rounded,filled",
        ]
    }
}
