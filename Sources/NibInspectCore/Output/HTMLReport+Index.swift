import ArchiveReader
import Foundation
import GraphExport
import NibDiagnosis
import TextEscaping

/// The report's index of documents (one group per input, its own diagnostics folded) and, per
/// storyboard, its scene flow and table of scenes.
extension HTMLReport {
    func indexSection() -> String {
        var out = "<section id=\"index\">\n<h2>Documents</h2>\n"
        for failure in failures {
            out += "<p class=\"error\">" + Escape.html(failure.path) + ": " + Escape.html(failure.message) + "</p>\n"
        }
        let findingCounts = Dictionary(grouping: findings.compactMap(\.document), by: { $0 }).mapValues(\.count)
        // A page of many documents: fixed column widths (no pass over every row to size them) and
        // rows in chunks the browser lays out only when scrolled to (`content-visibility`).
        out += "<table class=\"index" + (isSplit ? " large" : "") + "\">\n<thead><tr><th>Document</th><th>Platform</th><th>Format</th>"
            + "<th class=\"num\">Objects</th><th class=\"num\">Connections</th><th class=\"num\">Diagnostics</th>"
            + "<th class=\"num\">Findings</th></tr></thead>\n"
        for input in inputs {
            // One group per input: its path and kind, its own diagnostics (folded), its documents.
            out += "<tbody>\n<tr class=\"input\"><th colspan=\"7\">" + Escape.html(input.path) + " <span class=\"muted\">("
                + Escape.html(input.kind) + ", " + Self.plural(input.documents.count, "document") + ")</span>"
            if !input.diagnostics.isEmpty {
                out += "<details class=\"diagnostics\"><summary>" + Self.plural(input.diagnostics.count, "diagnostic")
                    + " of the input</summary><ul class=\"diagnostics\">"
                for d in input.diagnostics.prefix(limits.rows) {
                    out += "<li class=\"sev-" + d.severity.rawValue + "\">" + Escape.html(d.severity.rawValue) + " "
                        + Escape.html(DiagnosticText.located(d, input: input.path)) + "</li>"
                }
                out += "</ul></details>"
            }
            out += "</th></tr>\n"
            var rowCount = 0
            for e in entries where e.input.path == input.path {
                if isSplit, rowCount > 0, rowCount % 500 == 0 { out += "</tbody>\n<tbody class=\"chunk\">\n" }
                rowCount += 1
                let d = e.document
                let errors = d.diagnostics.filter { $0.severity == .error }.count
                out += "<tr><td><a href=\"" + href(e.anchor) + "\">" + Escape.html(d.name) + "</a></td>"
                out += "<td>" + Escape.html(d.platform.rawValue) + "</td>"
                out += "<td>" + Escape.html(formatText(d)) + "</td>"
                out += "<td class=\"num\">\(d.objects.count)</td><td class=\"num\">\(d.connections.count)</td>"
                out += "<td class=\"num" + (errors > 0 ? " error" : "") + "\">\(d.diagnostics.count)</td>"
                out += "<td class=\"num\">\(findingCounts[d.name] ?? 0)</td></tr>\n"
            }
            out += "</tbody>\n"
        }
        out += "</table>\n</section>\n"
        return out
    }

    func formatText(_ d: NibDocument) -> String {
        var s = d.format.displayName
        var details: [String] = []
        if let v = d.formatVersion { details.append("format " + v) }
        if let c = d.coderVersion { details.append("coder " + c) }
        if !details.isEmpty { s += " (" + details.joined(separator: ", ") + ")" }
        return s
    }

    // MARK: Storyboards

    mutating func storyboardSection() -> String {
        var out = ""
        var n = 0
        for input in inputs {
            for storyboard in input.allStoryboards {
                n += 1
                if n == 1 { out += "<section id=\"storyboards\">\n<h2>Storyboards</h2>\n" }
                out += storyboardPart(storyboard, input: input, anchor: "s\(n)")
            }
        }
        if n > 0 { out += "</section>\n" }
        return out
    }

    /// The anchor of the first document of `input` named in `names`.
    func documentAnchor(_ names: [String], in input: NibInput) -> String? {
        for name in names {
            if let e = entries.first(where: { $0.input.path == input.path && ($0.document.name == name || $0.document.name == name + ".nib") }) {
                return e.anchor
            }
        }
        return nil
    }

    mutating func storyboardPart(_ storyboard: StoryboardSummary, input: NibInput, anchor: String) -> String {
        var out = "<article class=\"storyboard\" id=\"" + anchor + "\">\n<h3>" + Escape.html(storyboard.name) + "</h3>\n"
        // Relationship segues (navigation roots, tab children, window content) are counted apart;
        // the entry point is named by its controller's class and storyboard identifier.
        let relationships = storyboard.segues.filter { $0.segue.kind == "relationship" }.count
        var entry = "none"
        if let id = storyboard.entryPoint {
            entry = id
            if let c = storyboard.controller(id) {
                entry = c.effectiveClass + (c.storyboardIdentifier.map { " \"\($0)\"" } ?? "")
            }
        }
        out += "<p>" + Escape.html(storyboard.platform.rawValue) + ", " + Self.plural(storyboard.scenes.count, "scene")
            + ", " + Self.plural(storyboard.segues.count - relationships, "segue") + ", " + Self.plural(relationships, "relationship segue")
            + "; entry point: " + Escape.html(entry) + "</p>\n"
        var sceneAnchors: [String: String] = [:]
        for scene in storyboard.scenes {
            if let a = documentAnchor(scene.documents + [scene.nibName, scene.viewNibName].compactMap { $0 }, in: input) {
                sceneAnchors[scene.identifier] = a
            }
        }
        for controller in storyboard.controllers where sceneAnchors[controller.id] == nil {
            if let a = documentAnchor(controller.documents, in: input) { sceneAnchors[controller.id] = a }
        }
        if var graph = try? ConnectionGraph(storyboard: storyboard, options: GraphOptions()) {
            for i in graph.nodes.indices where graph.nodes[i].id.hasPrefix("@scene:") {
                if let a = sceneAnchors[String(graph.nodes[i].id.dropFirst("@scene:".count))] { graph.nodes[i].url = href(a) }
            }
            out += figure(graph, anchor: anchor, caption: "Scene flow of " + storyboard.name
                          + ": segues (orange), relationship segues (grey, bold), entry point (arrow from a dot). Click a scene for its documents.")
        }
        out += "<table class=\"scenes\">\n<thead><tr><th>Scene</th><th>Controller</th><th>Storyboard identifier</th><th>Nibs</th></tr></thead>\n<tbody>\n"
        for scene in storyboard.scenes {
            let controller = storyboard.controller(scene.identifier)
            let entry = scene.identifier == storyboard.entryPoint ? " <span class=\"tag\">entry point</span>" : ""
            out += "<tr><td>"
            if let a = sceneAnchors[scene.identifier] {
                out += "<a href=\"" + href(a) + "\">" + Escape.html(scene.identifier) + "</a>"
            } else {
                out += Escape.html(scene.identifier)
            }
            out += entry + "</td><td>" + Escape.html(scene.controllerClass ?? controller?.effectiveClass ?? "") + "</td>"
            out += "<td>" + Escape.html(controller?.storyboardIdentifier ?? "") + "</td><td>"
            out += ([scene.nibName, scene.viewNibName].compactMap { $0 }).map { name in
                documentAnchor([name], in: input).map { "<a href=\"" + href($0) + "\">" + Escape.html(name) + "</a>" } ?? Escape.html(name)
            }.joined(separator: ", ")
            out += "</td></tr>\n"
        }
        out += "</tbody>\n</table>\n</article>\n"
        return out
    }
}
