import ArchiveReader
import Foundation
import GraphExport
import NibDiagnosis
import TextEscaping

/// One document's section of the report: its diagnostics, placeholders, object tree (collapsible)
/// and connection table (JSON data the page's script turns into rows).
extension HTMLReport {
    /// A document's section, its graph counted in ``graphsDrawn``.
    mutating func documentSection(_ e: Entry) -> String {
        countingGraphs { $0.documentSection(e, graphsLeft: &$1) }
    }

    /// A document's section; its graph is drawn when `graphsLeft` > 0 (which it then lowers by one).
    func documentSection(_ e: Entry, graphsLeft: inout Int) -> String {
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
        out += documentGraph(e, graphsLeft: &graphsLeft)
        return out + "</section>\n"
    }

    func placeholders(_ e: Entry) -> String {
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
    func objectLabel(_ o: NibObject) -> String {
        var s = "<span class=\"cls\">" + Escape.html(o.effectiveClass) + "</span>"
        if let custom = o.customClass, custom != o.className {
            s += " <span class=\"muted\">(" + Escape.html(o.className) + ")</span>"
        }
        if let name = o.name, !name.isEmpty { s += " <q>" + Escape.html(Self.shortened(name)) + "</q>" }
        if case .bool(true)? = o.property("separator") { s += " <span class=\"muted\">(separator)</span>" }
        return s
    }

    func objectTree(_ e: Entry) -> String {
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

    func endpointText(_ id: ObjectID?, in d: NibDocument) -> (text: String, cls: String) {
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

    func connectionTable(_ e: Entry) -> String {
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
}
