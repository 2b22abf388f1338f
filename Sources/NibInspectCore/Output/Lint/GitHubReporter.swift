import NibDiagnosis

/// `--format github`: GitHub Actions workflow commands, `::warning file=…,line=…,title=rule::message`,
/// which annotate the lines of a pull request.
enum GitHubReporter: LintReporter {
    static func render(_ findings: [Finding], of run: LintRun) throws -> String {
        var out = ""
        for f in findings {
            let (file, line) = LintReport.location(f)
            let level = f.severity == .error ? "error" : f.severity == .warning ? "warning" : "notice"
            var properties: [String] = []
            if let file { properties.append("file=" + escapeProperty(LintReport.relative(file))) }
            if let line { properties.append("line=\(line)") }
            properties.append("title=" + escapeProperty(f.code.rawValue))
            var message = f.message
            if let object = f.object, f.line == nil { message += " (\(object))" }
            if let fix = f.fix { message += "\nFix: " + fix }
            out += "::\(level) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }
        return out
    }

    static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
