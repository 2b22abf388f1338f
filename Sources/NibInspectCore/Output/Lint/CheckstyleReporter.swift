import NibDiagnosis
import TextEscaping

/// `--format checkstyle`: Checkstyle's XML report, which Jenkins (warnings-ng), Danger, reviewdog
/// and most CI dashboards read: `<checkstyle version="4.3">`, one `<file name>` per file in the
/// order first reported, one `<error line column severity message source>` per finding (`source`
/// = `nibinspect.<rule>`; severity `error`, `warning` or `info`). A compiled input has no line: the
/// object path follows the message, and `line` is left out.
enum CheckstyleReporter: LintReporter {
    static func render(_ findings: [Finding], of run: LintRun) throws -> String {
        var order: [String] = []
        var byFile: [String: [Finding]] = [:]
        for f in findings {
            let file = LintReport.location(f).0.map(LintReport.relative) ?? "nibinspect"
            if byFile[file] == nil { order.append(file) }
            byFile[file, default: []].append(f)
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for file in order {
            out += "  <file name=\"\(Escape.xmlAttribute(file))\">\n"
            for f in byFile[file] ?? [] {
                let line = LintReport.location(f).1
                var message = f.message
                if f.line == nil, f.document != nil, let object = f.object { message += " (\(object))" }
                let severity = f.severity == .info ? "info" : f.severity.rawValue
                out += "    <error" + (line.map { " line=\"\($0)\" column=\"1\"" } ?? "")
                    + " severity=\"\(severity)\" message=\"\(Escape.xmlAttribute(message))\" source=\"nibinspect.\(Escape.xmlAttribute(f.code.rawValue))\"/>\n"
            }
            out += "  </file>\n"
        }
        return out + "</checkstyle>\n"
    }
}
