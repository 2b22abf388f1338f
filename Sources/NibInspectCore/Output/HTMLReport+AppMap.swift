import Foundation
import GraphExport
import NibDiagnosis
import TextEscaping

/// The report's app map, coverage and per-document pages (issue 29): the map of the whole app
/// first, what `why` and `lint` checked, and, beyond ``HTMLReport/Limits/inlineDocuments``
/// documents, each document's section as a page of its own beside the index so that the index
/// stays small (20,000 nibs: an index of links, no tree or table inline).
extension HTMLReport {
    /// Whether document sections are pages of their own (more documents than the page holds).
    var isSplit: Bool { entries.count > limits.inlineDocuments }

    /// The link to an anchor of the report: `#d3-o17` on the page, or
    /// `report.files/d3.html#d3-o17` when document `d3` is a page of its own.
    func href(_ anchor: String) -> String {
        guard isSplit, let dir = detailDirectory, anchor.hasPrefix("d") else { return "#" + anchor }
        let document = anchor.split(separator: "-").first.map(String.init) ?? anchor
        guard Int(document.dropFirst()) != nil else { return "#" + anchor }
        return dir + "/" + document + ".html#" + anchor
    }

    /// The app map (``AppMap``) as inline SVG, its nodes linking to their documents, with its
    /// counts; a note instead when it has more than ``HTMLReport/Limits/mapNodes`` nodes.
    mutating func appMapSection() -> String {
        guard let map = appMap else { return "" }
        var out = "<section id=\"map\">\n<h2>App map</h2>\n<p class=\"meta\">Edges: " + Escape.html(map.summary) + ".</p>\n"
        var graph = map.graph
        if graph.nodes.count > limits.mapNodes {
            return out + "<p class=\"note\">The map has \(graph.nodes.count) nodes and \(graph.edges.count) edges; the report draws it up to "
                + "\(limits.mapNodes) nodes. 'nibinspect graph --format svg DIRECTORY' draws it.</p>\n</section>\n"
        }
        var anchorOf: [String: String] = [:]
        for e in entries where anchorOf[e.document.name] == nil { anchorOf[e.document.name] = e.anchor }
        for i in graph.nodes.indices {
            if let name = map.documents[graph.nodes[i].id], let a = anchorOf[name] { graph.nodes[i].url = href(a) }
        }
        let saved = limits
        limits.graphNodes = max(limits.graphNodes, limits.mapNodes)
        limits.graphEdges = max(limits.graphEdges, limits.mapNodes * 3)
        out += figure(graph, anchor: "map", caption: "Storyboards and nibs of the app and what leads from one to another: segues, "
            + "relationship segues, storyboard references" + (map.sourcesRead ? ", transitions made in code and nibs loaded by name (file:line in the tooltip)" : "")
            + ". Click a node for its document.")
        limits = saved
        return out + "</section>\n"
    }

    /// What `why` and `lint` checked and what not, one line per check; incomplete ones marked.
    func coverageSection() -> String {
        guard let coverage, !coverage.entries.isEmpty else { return "" }
        var out = "<section id=\"coverage\">\n<h2>What was checked</h2>\n<ul class=\"coverage\">\n"
        for entry in coverage.entries {
            out += "<li" + (entry.isIncomplete ? " class=\"sev-warning\"" : "") + ">" + Escape.html(entry.description) + "</li>\n"
        }
        return out + "</ul>\n</section>\n"
    }

    /// Every document's section on the page; beyond ``HTMLReport/Limits/inlineDocuments``, a note
    /// saying where they are (``writeDetailPages(_:)`` writes them) or that they are left out.
    mutating func documentSections() -> String {
        guard isSplit else {
            var out = ""
            for i in entries.indices { out += documentSection(entries[i]) }
            return out
        }
        guard let dir = detailDirectory else {
            return "<p class=\"note\">\(entries.count) documents: their trees, tables and graphs are left out of a page of over "
                + "\(limits.inlineDocuments) documents written to standard output; 'nibinspect report -o FILE' writes each as a page of its own.</p>\n"
        }
        return "<p class=\"note\">Each document's tree, connection table and graph is a page of its own in "
            + Escape.html(dir) + "/, linked from the table above.</p>\n"
    }

    /// Writes each document's page (`d<N>.html` and its HTML) to `sink` when the report is split
    /// and has a ``HTMLReport/detailDirectory``; nothing otherwise. Pages are made and handed to
    /// `sink` on up to `width` workers at once (``OrderedOutput``), so `sink` is called from several
    /// threads; each page is held only while it is made and written. The pages are the same
    /// whatever `width`: the graphs drawn are the first ones within the size limits, while the
    /// report has any of its ``Limits/graphs`` left, as when they are made one after another.
    ///
    /// - Throws: the first error `sink` throws, in document order.
    mutating func writeDetailPages(width: Int = 1, _ sink: @escaping @Sendable (String, String) throws -> Void) throws {
        guard isSplit, detailDirectory != nil else { return }
        // The documents whose graphs are drawn, decided in order before the pages are made apart.
        var draws = [Bool](repeating: false, count: entries.count)
        var left = limits.graphs - graphsDrawn
        for i in entries.indices where left > 0 {
            if let graph = documentGraphModel(entries[i]), takesGraphSlot(graph) {
                draws[i] = true
                left -= 1
            }
        }
        graphsDrawn = limits.graphs - left
        let report = self, drawn = draws
        let back = "../" + (indexName ?? "index.html")
        try OrderedOutput.forEach(Array(entries.indices), width: width, transform: { i in
            let e = report.entries[i]
            var graphsLeft = drawn[i] ? 1 : 0
            let body = report.documentSection(e, graphsLeft: &graphsLeft)
            try sink(e.anchor + ".html", Self.detailPage(title: e.document.name, back: back, body: body))
        }, emit: { _, _ in })
    }

    /// A document's page: the report's style and script, a link back to the index, the section.
    static func detailPage(title: String, back: String, body: String) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        out += "<title>" + Escape.html("nibinspect report — " + title) + "</title>\n"
        out += "<style>\n" + css + "</style>\n</head>\n<body data-report-script=\"pending\">\n"
        out += "<header><p><a href=\"" + Escape.html(back) + "\">← index</a> · <span id=\"script-status\">the tables need JavaScript</span></p></header>\n<main>\n"
        return out + body + "</main>\n<script>\n" + script + "</script>\n</body>\n</html>\n"
    }
}
