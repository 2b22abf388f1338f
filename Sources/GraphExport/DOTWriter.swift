import TextEscaping

/// Writes a ``ConnectionGraph`` as Graphviz DOT text.
///
/// The output is deterministic (same graph → same bytes): nodes in graph order, clusters in
/// hierarchy order, edges in connection order, attributes sorted by name, every id and value
/// double-quoted and escaped by ``Escape/dotQuoted(_:isLabel:)`` (TextEscaping). Labels are quoted
/// strings (no record labels; HTML-like only for the legend and menu tables, escaped by
/// ``Escape/dotHTMLLabel(_:)``), so `<`, `>`, `{`, `|` need no escaping. Styles come from ``DOTStyle``.
public enum DOTWriter {
    /// The DOT text of `graph`, ending with a newline.
    public static func write(_ graph: ConnectionGraph) -> String {
        var out = ""
        write(graph) { out += $0 }
        return out
    }

    /// Writes the DOT text of `graph` to `sink` statement by statement, so that the whole text
    /// never needs to be held (the same text as ``write(_:)``).
    ///
    /// - Complexity: O(n) in the size of the graph (nodes, edges, cluster members).
    public static func write(_ graph: ConnectionGraph, to sink: (String) -> Void) {
        writeHeader(graph, legend: graph.legendKinds, to: sink)

        let inCluster = graph.clusteredNodeIDs
        var nodesByID: [String: ConnectionGraph.Node] = [:]
        for node in graph.nodes where nodesByID[node.id] == nil { nodesByID[node.id] = node }

        var declared = Set<String>()
        func declare(_ id: String, indent: String) {
            guard declared.insert(id).inserted, let node = nodesByID[id] else { return }
            sink(nodeStatement(node, indent: indent))
        }
        func writeCluster(_ c: ConnectionGraph.Cluster, indent: String) {
            sink(clusterOpening(c, indent: indent))
            for id in c.nodeIDs { declare(id, indent: indent + "  ") }
            for child in c.clusters { writeCluster(child, indent: indent + "  ") }
            sink(indent + "}\n")
        }

        if !graph.nodes.isEmpty || !graph.clusters.isEmpty { sink("\n") }
        for node in graph.nodes where !inCluster.contains(node.id) { declare(node.id, indent: "  ") }
        for cluster in graph.clusters { writeCluster(cluster, indent: "  ") }
        if !graph.edges.isEmpty { sink("\n") }
        for edge in graph.edges { sink(edgeStatement(edge)) }
        sink("}\n")
    }

    /// The opening of the DOT text: `digraph NAME {`, the graph's attributes (with the legend of
    /// `legend`, the edge kinds drawn, when ``ConnectionGraph/showsLegend``) and the node and
    /// edge defaults. Reads only the graph's name, direction and ``ConnectionGraph/showsLegend``.
    static func writeHeader(_ graph: ConnectionGraph, legend: (kinds: [ConnectionGraph.EdgeKind], unresolved: Bool),
                            to sink: (String) -> Void) {
        sink("digraph " + Escape.dotQuoted(graph.name, isLabel: false) + " {\n")
        let legendText = legendLabel(graph, legend: legend)
        var graphAttributes = attributeList(DOTStyle.graph(graph, hasLegend: legendText != nil))
        if let legendText {
            // The one HTML-like value: written as <…>, not quoted.
            graphAttributes = String(graphAttributes.dropLast()) + ", label=" + legendText + "]"
        }
        sink("  graph" + graphAttributes + ";\n")
        sink(attributeStatement("node", DOTStyle.nodeDefaults))
        sink(attributeStatement("edge", DOTStyle.edgeDefaults))
    }

    /// `INDENT"id" [attributes];` for `node`, a menu's rows as an HTML-like label.
    static func nodeStatement(_ node: ConnectionGraph.Node, indent: String) -> String {
        var list = attributeList(DOTStyle.attributes(of: node))
        if let rows = node.rows {
            // The one other HTML-like value: a menu's items as table rows with ports.
            list = String(list.dropLast()) + ", label=" + menuLabel(title: node.lines, rows: rows) + "]"
        }
        return indent + Escape.dotQuoted(node.id, isLabel: false) + list + ";\n"
    }

    /// `INDENT subgraph "cluster_ID" {` and the cluster's attributes; its members and `}` follow.
    static func clusterOpening(_ c: ConnectionGraph.Cluster, indent: String) -> String {
        indent + "subgraph " + Escape.dotQuoted("cluster_" + c.id, isLabel: false) + " {\n"
            + indent + "  graph" + attributeList(DOTStyle.attributes(of: c)) + ";\n"
    }

    /// `  "from" -> "to" [attributes];` for `edge`.
    static func edgeStatement(_ edge: ConnectionGraph.Edge) -> String {
        "  " + endpoint(edge.from, port: edge.fromPort) + " -> " + endpoint(edge.to, port: edge.toPort)
            + attributeList(DOTStyle.attributes(of: edge)) + ";\n"
    }

    /// The graph's title with the legend under it, as a Graphviz HTML-like label: the title,
    /// then one sample per edge kind drawn (and one for unresolved connections), four to a row,
    /// each a short line in that kind's colour and dash pattern followed by its name
    /// (``DOTStyle/legendSample(_:)``). Nil without a legend or when no edge is drawn. Text is
    /// escaped for HTML-like labels (``Escape/dotHTMLLabel(_:)``).
    /// `legend`: the edge kinds drawn (``ConnectionGraph/legendKinds``; given, for a graph
    /// written without holding its edges).
    static func legendLabel(_ graph: ConnectionGraph, legend: (kinds: [ConnectionGraph.EdgeKind], unresolved: Bool)) -> String? {
        guard graph.showsLegend else { return nil }
        let (kinds, unresolved) = legend
        var samples = kinds.map { DOTStyle.legendSample($0) }
        if unresolved { samples.append((sample: "──▶", color: "#C62828", text: "unresolved (ends at ?)")) }
        guard !samples.isEmpty else { return nil }
        let perRow = 4
        var rows: [String] = []
        var i = 0
        while i < samples.count {
            let cells = samples[i..<min(i + perRow, samples.count)].map { s in
                "<TD ALIGN=\"LEFT\"><FONT COLOR=\"\(s.color)\" POINT-SIZE=\"10\">\(s.sample)</FONT><FONT COLOR=\"#5B6B82\" POINT-SIZE=\"9\"> \(Escape.dotHTMLLabel(s.text))</FONT></TD>"
            }
            rows.append("<TR>" + cells.joined() + "</TR>")
            i += perRow
        }
        let width = min(perRow, samples.count)
        let title = "<TR><TD COLSPAN=\"\(width)\"><FONT POINT-SIZE=\"13\">\(Escape.dotHTMLLabel(graph.name))</FONT></TD></TR>"
        return "<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"3\">" + title + rows.joined() + "</TABLE>>"
    }

    /// `"node"` or `"node":"port"`.
    static func endpoint(_ id: String, port: String?) -> String {
        Escape.dotQuoted(id, isLabel: false) + (port.map { ":" + Escape.dotQuoted($0, isLabel: false) } ?? "")
    }

    /// A menu node's label: a table with the menu's title, then one row per item with its port,
    /// separators as thin rules, submenus marked `▸`.
    static func menuLabel(title: [String], rows: [ConnectionGraph.Row]) -> String {
        var out = "<<TABLE BORDER=\"1\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\" STYLE=\"ROUNDED\" COLOR=\"#5B6B82\" BGCOLOR=\"#F3F6FA\">"
        // Key equivalents get a column of their own, right of the titles.
        let keys = rows.contains { $0.keyEquivalent != nil }
        let span = keys ? " COLSPAN=\"2\"" : ""
        out += "<TR><TD\(span) BGCOLOR=\"#E3E9F1\"><B>" + Escape.dotHTMLLabel(title.joined(separator: " ")) + "</B></TD></TR>"
        for row in rows {
            let port = Escape.dotHTMLLabel(row.port)
            if row.isSeparator {
                out += "<TR><TD\(span) PORT=\"\(port)\" HEIGHT=\"3\" CELLPADDING=\"0\"><FONT POINT-SIZE=\"3\" COLOR=\"#7A8699\">────────────────────────────</FONT></TD></TR>"
            } else {
                out += "<TR><TD PORT=\"\(port)\" ALIGN=\"LEFT\">" + Escape.dotHTMLLabel(row.text) + (row.hasSubmenu ? "  ▸" : "") + "</TD>"
                if keys {
                    // (An empty <FONT></FONT> is a syntax error to Graphviz.)
                    out += row.keyEquivalent.map { "<TD ALIGN=\"RIGHT\"><FONT COLOR=\"#5B6B82\">" + Escape.dotHTMLLabel($0) + "</FONT></TD>" }
                        ?? "<TD></TD>"
                }
                out += "</TR>"
            }
        }
        return out + "</TABLE>>"
    }

    /// `name [a="1", b="2"];` for a default-attribute statement (`graph`, `node`, `edge`).
    static func attributeStatement(_ name: String, _ attributes: [String: String]) -> String {
        "  " + name + attributeList(attributes) + ";\n"
    }

    /// ` [a="1", b="2"]` with keys sorted; empty when there are no attributes.
    static func attributeList(_ attributes: [String: String]) -> String {
        guard !attributes.isEmpty else { return "" }
        let body = attributes.keys.sorted().map { key in
            key + "=" + Escape.dotQuoted(attributes[key] ?? "", isLabel: Self.escStringAttributes.contains(key))
        }
        return " [" + body.joined(separator: ", ") + "]"
    }

    /// Attributes whose values Graphviz reads as `escString` labels (so `&…;` entities are decoded).
    static let escStringAttributes: Set<String> = ["label", "xlabel", "tooltip", "headlabel", "taillabel"]

    /// A label value from lines, joined by line feeds (DOT's centred line break `\n` once
    /// quoted; a name of several lines is drawn on several lines, the DOT text stays one line).
    public static func label(_ lines: [String]) -> String {
        lines.joined(separator: "\n")
    }
}
