import ArchiveReader
import Foundation
import GraphExport
import NibDiagnosis
import TextEscaping

/// One self-contained HTML page about a set of resolved inputs (`nibinspect report`): an index of
/// the documents, then per document its placeholders, object tree, connection table, connection
/// graph and diagnostics, per storyboard its scene flow, and the lint and `why` findings, each
/// linking to the object it concerns.
///
/// Self-contained: CSS, the script and every graph (SVG, rendered in-process by ``SVGRenderer``)
/// are inline; the page loads nothing (a `Content-Security-Policy` forbids it). Every text from an
/// input is escaped (``Escape/html(_:)``); the connection tables are JSON data in
/// `<script type="application/json">` that the page's script turns into rows with DOM calls
/// (never `innerHTML`), so a hostile class name or title stays text. Anchors are made from
/// indices (`d3` for the third document, `d3-o17` for its 17th object), never from input text.
///
/// Bounded: a graph with more than ``Limits/graphNodes`` nodes or ``Limits/graphEdges`` edges is not
/// drawn (the page says so), at most ``Limits/graphs`` graphs are drawn per page, trees and tables
/// stop at ``Limits/rows`` rows per document.
struct HTMLReport {
    struct Limits {
        var graphNodes = 400
        var graphEdges = 800
        var graphs = 200
        var rows = 5_000
        /// Documents drawn on the page itself; beyond, each document's section is a page of its
        /// own next to the index (``detailDirectory``), or left out without one.
        var inlineDocuments = 200
        /// The app map is drawn up to this many nodes (the page says so beyond).
        var mapNodes = 600
    }

    /// What the page is about.
    var title: String
    var inputs: [NibInput]
    /// Lint and `why` findings (``NibLint``, ``NibSourceCheck``), sorted.
    var findings: [Finding]
    /// Whether sources were read (the `why` findings are then part of ``findings``).
    var sourcesRead: Bool
    /// Inputs that could not be opened at all: path and message.
    var failures: [(path: String, message: String)] = []
    var limits = Limits()
    /// The map of the whole app (``AppMap``), drawn first.
    var appMap: AppMap?
    /// What `why` and `lint` checked and did not (``Coverage``), when they ran.
    var coverage: Coverage?
    /// Where the per-document pages go when there are more documents than
    /// ``Limits/inlineDocuments``: the directory's name relative to the page (`report.files`);
    /// nil leaves them out of a page that large. ``writeDetailPages(_:)`` writes them.
    var detailDirectory: String?
    /// The index page's file name, for the pages' link back.
    var indexName: String?
    /// The marker the script writes into `<body data-report-script>` when it ran without error.
    static let scriptMarker = "ok"

    /// One document and where it is on the page.
    struct Entry {
        var anchor: String
        var input: NibInput
        var document: NibDocument
        /// Object id → anchor (`d3-o17`).
        var objectAnchors: [ObjectID: String]
    }

    var entries: [Entry] = []
    var graphsDrawn = 0

    init(title: String, inputs: [NibInput], findings: [Finding], sourcesRead: Bool) {
        self.title = title
        self.inputs = inputs
        self.findings = findings
        self.sourcesRead = sourcesRead
        var n = 0
        for input in inputs {
            for document in input.documents {
                n += 1
                var anchors: [ObjectID: String] = [:]
                for (i, object) in document.objects.enumerated() where anchors[object.id] == nil {
                    anchors[object.id] = "d\(n)-o\(i + 1)"
                }
                entries.append(Entry(anchor: "d\(n)", input: input, document: document, objectAnchors: anchors))
            }
        }
    }

    // MARK: Page

    /// The whole page.
    mutating func render() -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"generator\" content=\"nibinspect \(NibInspectCLI.version)\">\n"
        out += "<title>" + Escape.html("nibinspect report — " + title) + "</title>\n"
        out += "<style>\n" + Self.css + "</style>\n</head>\n<body data-report-script=\"pending\">\n"
        out += "<header><h1>" + Escape.html(title) + "</h1>\n"
        let objectCount = entries.reduce(0) { $0 + $1.document.objects.count }
        let connectionCount = entries.reduce(0) { $0 + $1.document.connections.count }
        out += "<p class=\"summary\">" + Self.plural(entries.count, "document") + ", " + Self.plural(objectCount, "object")
            + ", " + Self.plural(connectionCount, "connection") + ", " + Self.plural(findings.count, "finding")
            + (sourcesRead ? " (lint and why: sources were read)" : " (lint; no sources read: --sources adds the why checks)")
            + " · nibinspect " + NibInspectCLI.version
            + " · <span id=\"script-status\">the tables need JavaScript</span></p>\n"
        out += "<nav>" + (appMap != nil ? "<a href=\"#map\">App map</a> · " : "") + "<a href=\"#findings\">Findings</a>"
        if coverage != nil { out += " · <a href=\"#coverage\">Coverage</a>" }
        if !inputs.flatMap(\.allStoryboards).isEmpty { out += " · <a href=\"#storyboards\">Storyboards</a>" }
        out += " · <a href=\"#index\">Documents</a></nav>\n</header>\n<main>\n"
        out += appMapSection()
        out += findingsSection()
        out += coverageSection()
        out += storyboardSection()
        out += indexSection()
        out += documentSections()
        out += "</main>\n<script>\n" + Self.script + "</script>\n</body>\n</html>\n"
        return out
    }

    // MARK: Index

    private func indexSection() -> String {
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

    private func formatText(_ d: NibDocument) -> String {
        var s = d.format.displayName
        var details: [String] = []
        if let v = d.formatVersion { details.append("format " + v) }
        if let c = d.coderVersion { details.append("coder " + c) }
        if !details.isEmpty { s += " (" + details.joined(separator: ", ") + ")" }
        return s
    }

    // MARK: Storyboards

    private mutating func storyboardSection() -> String {
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
    private func documentAnchor(_ names: [String], in input: NibInput) -> String? {
        for name in names {
            if let e = entries.first(where: { $0.input.path == input.path && ($0.document.name == name || $0.document.name == name + ".nib") }) {
                return e.anchor
            }
        }
        return nil
    }

    private mutating func storyboardPart(_ storyboard: StoryboardSummary, input: NibInput, anchor: String) -> String {
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

    // MARK: Findings

    func findingsSection() -> String {
        var out = "<section id=\"findings\">\n<h2>Findings</h2>\n"
        if findings.isEmpty {
            return out + "<p>No findings.</p>\n</section>\n"
        }
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        out += "<p>" + Self.plural(findings.count, "finding") + ": " + Self.plural(errors, "error") + ", "
            + Self.plural(warnings, "warning") + ", \(findings.count - errors - warnings) info.</p>\n"
        out += "<table class=\"findings\">\n<thead><tr><th>Severity</th><th>Rule</th><th>Document</th><th>Object</th><th>Message</th></tr></thead>\n<tbody>\n"
        // Errors first, then warnings, then the rest, each in the checks' order.
        let rank: [Diagnostic.Severity: Int] = [.error: 0, .warning: 1]
        let ordered = findings.enumerated().sorted { (rank[$0.element.severity] ?? 2, $0.offset) < (rank[$1.element.severity] ?? 2, $1.offset) }.map(\.element)
        // A page of many documents lists fewer findings: the rest are on `nibinspect lint`.
        let shown = isSplit ? min(limits.rows, 1_000) : limits.rows
        for f in ordered.prefix(shown) {
            out += "<tr class=\"sev-" + f.severity.rawValue + "\"><td>" + Escape.html(f.severity.rawValue) + "</td>"
            out += "<td><code>" + Escape.html(f.code.rawValue) + "</code></td><td>"
            let entry = f.document.flatMap { name in
                entries.first { $0.document.name == name && (f.path == nil || $0.document.path == f.path) }
                    ?? entries.first { $0.document.name == name }
            }
            if let entry {
                out += "<a href=\"" + href(entry.anchor) + "\">" + Escape.html(entry.document.name) + "</a>"
            } else {
                out += Escape.html(f.document ?? f.sources.first?.short ?? "")
            }
            // (A place in the sources, `File.swift:9`, carries its line already.)
            if let line = f.line, entry != nil || f.document != nil { out += ":\(line)" }
            out += "</td><td>"
            let objectText = f.object ?? f.objectID?.rawValue ?? ""
            if let entry, let id = f.objectID, let a = entry.objectAnchors[id] {
                out += "<a href=\"" + href(a) + "\">" + Escape.html(objectText) + "</a>"
            } else {
                out += Escape.html(objectText)
            }
            out += "</td><td>" + Escape.html(f.message)
            if let fix = f.fix { out += "<div class=\"fix\">Fix: " + Escape.html(fix) + "</div>" }
            out += "</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        if findings.count > shown {
            out += "<p class=\"note\">\(findings.count - shown) more findings not shown (limit \(shown)); 'nibinspect lint' lists them all.</p>\n"
        }
        return out + "</section>\n"
    }

    // MARK: Documents

    mutating func documentSection(_ e: Entry) -> String {
        let d = e.document
        var out = "<section class=\"document\" id=\"" + e.anchor + "\">\n<h2>" + Escape.html(d.name) + "</h2>\n"
        out += "<p class=\"meta\">" + Escape.html(d.platform.rawValue) + " · " + Escape.html(formatText(d)) + " · "
            + Self.plural(d.objects.count, "object") + " · " + Self.plural(d.connections.count, "connection")
        if let path = d.path { out += " · <span class=\"path\">" + Escape.html(path) + "</span>" }
        out += "</p>\n"
        if !d.diagnostics.isEmpty {
            out += "<h3>Diagnostics</h3>\n<ul class=\"diagnostics\">\n"
            for diag in d.diagnostics.prefix(limits.rows) {
                out += "<li class=\"sev-" + diag.severity.rawValue + "\">" + Escape.html(diag.severity.rawValue)
                    + " <code>" + Escape.html(diag.code.rawValue) + "</code> "
                if let id = diag.location.object, let a = e.objectAnchors[id] {
                    out += "<a href=\"#" + a + "\">" + Escape.html(id.rawValue) + "</a> "
                }
                out += Escape.html(DiagnosticText.located(diag, input: d.path ?? d.name)) + "</li>\n"
            }
            out += "</ul>\n"
        }
        out += placeholders(e)
        out += objectTree(e)
        out += connectionTable(e)
        out += documentGraph(e)
        return out + "</section>\n"
    }

    private func placeholders(_ e: Entry) -> String {
        let list = e.document.placeholders
        guard !list.isEmpty else { return "" }
        var out = "<h3>Placeholders</h3>\n<table class=\"placeholders\">\n<thead><tr><th>Id</th><th>Placeholder</th><th>Class</th><th>Stands for</th></tr></thead>\n<tbody>\n"
        for o in list {
            guard let p = o.placeholder else { continue }
            out += "<tr id=\"" + (e.objectAnchors[o.id] ?? "") + "\"><td>" + Escape.html(o.id.rawValue) + "</td>"
            out += "<td>" + Escape.html(p.kind.displayName)
            if p.kind == .external || p.kind == .upstream, !p.identifier.isEmpty { out += " “" + Escape.html(p.identifier) + "”" }
            out += "</td><td>"
            if let custom = o.qualifiedCustomClass {
                out += Escape.html(custom)
            } else if p.kind == .firstResponder {
                out += "<span class=\"muted\">responder chain</span>"
            } else {
                out += "<span class=\"muted\">class not stated in the nib</span>"
            }
            out += "</td><td>"
            if let target = p.target {
                out += Escape.html(target.effectiveClass + (target.storyboardIdentifier.map { " “" + $0 + "”" } ?? ""))
            } else if let resolved = p.resolvedTarget {
                out += Escape.html(resolved)
            }
            out += "</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    /// `UIButton (LoginKit.SignInButton) “Sign In”` as HTML.
    private func objectLabel(_ o: NibObject) -> String {
        var s = "<span class=\"cls\">" + Escape.html(o.effectiveClass) + "</span>"
        if let custom = o.customClass, custom != o.className {
            s += " <span class=\"muted\">(" + Escape.html(o.className) + ")</span>"
        }
        if let name = o.name, !name.isEmpty { s += " <q>" + Escape.html(Self.shortened(name)) + "</q>" }
        if case .bool(true)? = o.property("separator") { s += " <span class=\"muted\">(separator)</span>" }
        return s
    }

    private func objectTree(_ e: Entry) -> String {
        let d = e.document
        let walk = HierarchyWalk(d)
        var visited = Set<ObjectID>(d.placeholders.map(\.id))
        var rows = 0
        var out = "<h3>Objects</h3>\n<div class=\"tree\">\n"
        var roots = d.roots.compactMap { d.object($0) }
        roots += d.objects.filter { $0.placeholder == nil && $0.parent == nil && !d.roots.contains($0.id) }
        var openLevels = 0
        func close(to depth: Int) {
            while openLevels > depth { out += "</ul></details></li>\n"; openLevels -= 1 }
        }
        func visit(_ step: HierarchyWalk.Step) {
            rows += 1
            guard rows <= limits.rows else { return }
            close(to: step.depth)
            let anchor = e.objectAnchors[step.object.id] ?? ""
            let label = "<span class=\"oid\">" + Escape.html(step.object.id.rawValue) + "</span> " + objectLabel(step.object)
            if step.children.isEmpty {
                out += "<li id=\"" + anchor + "\">" + label + (step.truncated ? " <span class=\"muted\">(deeper objects not shown)</span>" : "") + "</li>\n"
            } else {
                out += "<li id=\"" + anchor + "\"><details" + (step.depth < 3 ? " open" : "") + "><summary>" + label
                    + " <span class=\"muted\">(\(step.children.count))</span></summary><ul>\n"
                openLevels += 1
            }
        }
        out += "<ul class=\"root\">\n"
        for root in roots {
            walk.walk(from: root, visited: &visited, visit)
            close(to: 0)
        }
        // Objects no root reaches (malformed parent links): listed flat, each once.
        for o in d.objects where !visited.contains(o.id) {
            walk.walk(from: o, visited: &visited, visit)
            close(to: 0)
        }
        out += "</ul>\n"
        if rows > limits.rows {
            out += "<p class=\"note\">\(rows - limits.rows) more objects not shown (limit \(limits.rows) per document).</p>\n"
        }
        return out + "</div>\n"
    }

    // MARK: Connections

    private func endpointText(_ id: ObjectID?, in d: NibDocument) -> (text: String, cls: String) {
        guard let id else { return ("nil", "") }
        guard let o = d.object(id) else { return (id.rawValue + " (not an object of this document)", "") }
        if let p = o.placeholder {
            return (id.rawValue + " " + p.kind.displayName, o.customClass ?? p.target?.effectiveClass ?? p.kind.displayName)
        }
        var text = id.rawValue + " " + o.effectiveClass
        if let name = o.name, !name.isEmpty { text += " “" + Self.shortened(name) + "”" }
        let cls = o.customClass.map { $0 == o.className ? $0 : $0 + " (" + o.className + ")" } ?? o.className
        return (text, cls)
    }

    private func connectionTable(_ e: Entry) -> String {
        let d = e.document
        guard !d.connections.isEmpty else { return "<h3>Connections</h3>\n<p class=\"muted\">No connections.</p>\n" }
        var rows: [[(String, String)]] = []
        for c in d.connections.prefix(limits.rows) {
            let source = endpointText(c.source, in: d)
            var destination: (text: String, cls: String)
            var destinationAnchor = c.destination.flatMap { e.objectAnchors[$0] }
            if c.kind == .action && c.isNilTargeted {
                destination = ("First Responder (responder chain)", "First Responder")
                destinationAnchor = nil
            } else if c.kind == .outletCollection, let members = c.members {
                destination = (members.map { endpointText($0, in: d).text }.joined(separator: ", "),
                               Array(Set(members.map { endpointText($0, in: d).cls })).sorted().joined(separator: ", "))
                destinationAnchor = members.first.flatMap { e.objectAnchors[$0] }
            } else {
                destination = endpointText(c.destination, in: d)
            }
            var detail: [String] = []
            if let events = c.controlEvents, events.rawValue != 0 { detail.append("events=" + events.description) }
            if let keyPath = c.keyPath { detail.append("keyPath=" + keyPath) }
            if let segue = c.segue {
                detail.append("segue=" + (segue.relationship ?? segue.kind.rawValue))
                if let identifier = segue.identifier { detail.append("identifier=" + identifier) }
                if let scene = segue.destinationScene { detail.append("scene=" + scene) }
            }
            if let collection = c.collectionClass { detail.append(collection) }
            var row: [(String, String)] = [
                ("kind", c.kind.rawValue),
                ("source", source.text),
                ("sourceClass", source.cls),
                ("label", c.label),
                ("destination", destination.text),
                ("destinationClass", destination.cls),
                ("detail", detail.joined(separator: " ")),
                ("unresolved", c.unresolved?.messageWithLine ?? ""),
            ]
            if let a = c.source.flatMap({ e.objectAnchors[$0] }) { row.append(("sourceAnchor", a)) }
            if let a = destinationAnchor { row.append(("destinationAnchor", a)) }
            rows.append(row)
        }
        let dataID = e.anchor + "-connections"
        var out = "<h3>Connections</h3>\n"
        out += "<div class=\"connections\" data-source=\"" + dataID + "\">\n"
        out += "<div class=\"filters\"><label>Kind <select data-filter=\"kind\"><option value=\"\">all</option></select></label> "
            + "<label>Class <input type=\"search\" data-filter=\"class\" placeholder=\"source or destination class\"></label> "
            + "<label>Label <input type=\"search\" data-filter=\"label\" placeholder=\"outlet, selector, …\"></label> "
            + "<span class=\"count\"></span></div>\n"
        out += "<table class=\"connections\">\n<thead><tr>"
        for (key, title) in [("kind", "Kind"), ("source", "Source"), ("sourceClass", "Source class"), ("label", "Label"),
                             ("destination", "Destination"), ("destinationClass", "Destination class"), ("detail", "Detail")] {
            out += "<th data-key=\"" + key + "\" title=\"sort\">" + title + "</th>"
        }
        out += "</tr></thead>\n<tbody></tbody>\n</table>\n"
        out += "<noscript><p>The connection table needs JavaScript; 'nibinspect connections' prints it.</p></noscript>\n"
        if d.connections.count > limits.rows {
            out += "<p class=\"note\">\(d.connections.count - limits.rows) more connections not shown (limit \(limits.rows) per document).</p>\n"
        }
        out += "<script type=\"application/json\" id=\"" + dataID + "\">" + Self.scriptSafeJSON(rows) + "</script>\n"
        return out + "</div>\n"
    }

    // MARK: Graphs

    private mutating func documentGraph(_ e: Entry) -> String {
        guard var graph = try? ConnectionGraph(document: e.document, options: GraphOptions()) else { return "" }
        guard !graph.edges.isEmpty else { return "" }
        for i in graph.nodes.indices {
            if let id = graph.nodes[i].objectID, let a = e.objectAnchors[id] { graph.nodes[i].url = "#" + a }
        }
        return "<h3>Graph</h3>\n" + figure(graph, anchor: e.anchor, caption: "Outlets, actions, bindings and segues of "
            + e.document.name + " (actions to First Responder and the key-view loop left out). Click a node for its object.")
    }

    /// A `<figure>` with the graph as inline SVG, or a note saying why it is not drawn.
    mutating func figure(_ graph: ConnectionGraph, anchor: String, caption: String) -> String {
        if graph.nodes.count > limits.graphNodes || graph.edges.count > limits.graphEdges {
            return "<p class=\"note\">Graph not drawn: \(graph.nodes.count) nodes and \(graph.edges.count) edges (the report draws up to \(limits.graphNodes) nodes and \(limits.graphEdges) edges); 'nibinspect graph --format svg' draws it.</p>\n"
        }
        guard graphsDrawn < limits.graphs else {
            return "<p class=\"note\">Graph not drawn: the report draws at most \(limits.graphs) graphs; 'nibinspect graph --format svg' draws it.</p>\n"
        }
        graphsDrawn += 1
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

    // MARK: Text

    /// JSON that may sit inside `<script>`: `<`, `>` and `&` as `\u003c` escapes (so no
    /// `</script>` or `<!--` can end or change the element), U+2028 and U+2029 escaped too.
    /// Rows are written as a compact array of objects with string values, one row per line.
    static func scriptSafeJSON(_ rows: [[(String, String)]]) -> String {
        Escape.scriptSafeJSON("[" + rows.map { row in
            "{" + row.map { Escape.json($0.0) + ":" + Escape.json(Escape.terminal($0.1)) }.joined(separator: ",") + "}"
        }.joined(separator: ",\n") + "]")
    }

    static func shortened(_ s: String) -> String { s.count <= 80 ? s : String(s.prefix(79)) + "…" }

    static func plural(_ n: Int, _ noun: String) -> String { "\(n) " + (n == 1 ? noun : noun + "s") }
}
