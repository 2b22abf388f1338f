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
