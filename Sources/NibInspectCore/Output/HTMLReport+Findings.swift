import ArchiveReader
import Foundation
import GraphExport
import NibDiagnosis
import TextEscaping

/// The report's findings: lint and `why`, errors first, each linking to its document and object.
extension HTMLReport {
    /// The findings table: severity, rule, document (`Login.xib:12`, a link to its section) and
    /// the finding, whose object links to the object's row. The object is named once, as the text
    /// reporter names it: where the message names it, that mention is the link; otherwise it
    /// stands before the message (`File's Owner (AboutViewController): …`).
    func findingsSection() -> String {
        var out = "<section id=\"findings\">\n<h2>Findings</h2>\n"
        if findings.isEmpty {
            return out + "<p>No findings.</p>\n</section>\n"
        }
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        out += "<p>" + Self.plural(findings.count, "finding") + ": " + Self.plural(errors, "error") + ", "
            + Self.plural(warnings, "warning") + ", \(findings.count - errors - warnings) info.</p>\n"
        out += "<table class=\"findings\">\n<thead><tr><th>Severity</th><th>Rule</th><th>Document</th><th>Finding</th></tr></thead>\n<tbody>\n"
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
            out += "</td><td>" + Self.findingText(f, objectHref: entry.flatMap { e in f.objectID.flatMap { e.objectAnchors[$0] } }.map(href))
            if let fix = f.fix { out += "<div class=\"fix\">Fix: " + Escape.html(fix) + "</div>" }
            out += "</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        if findings.count > shown {
            out += "<p class=\"note\">\(findings.count - shown) more findings not shown (limit \(shown)); 'nibinspect lint' lists them all.</p>\n"
        }
        return out + "</section>\n"
    }

    /// A finding's message as HTML with its object named once and linked (`objectHref`) when the
    /// object has a row: the message's own mention of the object, or the object before the
    /// message when the message does not name it.
    static func findingText(_ f: Finding, objectHref: String?) -> String {
        let object = f.object ?? f.objectID?.rawValue ?? ""
        func link(_ text: String) -> String {
            guard let objectHref else { return "<span class=\"object\">" + Escape.html(text) + "</span>" }
            return "<a class=\"object\" href=\"" + Escape.html(objectHref) + "\">" + Escape.html(text) + "</a>"
        }
        guard !object.isEmpty else { return Escape.html(f.message) }
        guard let mention = f.message.range(of: object) else { return link(object) + ": " + Escape.html(f.message) }
        return Escape.html(String(f.message[..<mention.lowerBound])) + link(object) + Escape.html(String(f.message[mention.upperBound...]))
    }
}
