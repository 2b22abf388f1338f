import NibDiagnosis
import TextEscaping

/// `--format xcode`: `path:line: warning: message [rule]`, one per line, the form Xcode's issue
/// navigator and editors jump to. Compiled inputs have no line: the object path follows the message.
enum XcodeReporter: LintReporter {
    static func render(_ findings: [Finding], of run: LintRun) throws -> String {
        var out = ""
        for f in findings {
            let (file, line) = LintReport.location(f)
            var head = Escape.terminal(file ?? "nibinspect")
            if let line { head += ":\(line):1" }
            let level = f.severity == .error ? "error" : f.severity == .warning ? "warning" : "note"
            var message = f.message
            if f.line == nil, f.document != nil, let object = f.object, !message.contains(object) { message += " (\(object))" }
            out += "\(head): \(level): \(Escape.terminal(message)) [\(f.code.rawValue)]\n"
        }
        return out
    }
}
