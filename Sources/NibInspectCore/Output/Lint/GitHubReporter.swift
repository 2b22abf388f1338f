import NibDiagnosis
import TextEscaping

/// `--format github`: GitHub Actions workflow commands, `::warning file=…,line=…,title=rule::message`,
/// which annotate the lines of a pull request.
enum GitHubReporter: LintReporter {
    static func render(_ findings: [Finding], of run: LintRun) throws -> String {
        var out = ""
        for f in findings {
            let (file, line) = LintReport.location(f)
            let level = f.severity == .error ? "error" : f.severity == .warning ? "warning" : "notice"
            var properties: [String] = []
            if let file { properties.append("file=" + Escape.githubProperty(LintReport.relative(file))) }
            if let line { properties.append("line=\(line)") }
            properties.append("title=" + Escape.githubProperty(f.code.rawValue))
            var message = Escape.terminal(f.message)
            if let object = f.object, f.line == nil, !message.contains(object) { message += " (\(Escape.terminal(object)))" }
            if let fix = f.fix { message += "\nFix: " + Escape.terminal(fix) }
            out += "::\(level) \(properties.joined(separator: ","))::\(Escape.githubData(message))\n"
        }
        return out
    }
}
