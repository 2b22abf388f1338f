import NibDiagnosis

/// `--format text`: findings grouped by document, for people (``WhyText``), then a summary.
enum TextReporter: LintReporter {
    static func render(_ findings: [Finding], of run: LintRun) throws -> String {
        let style = TerminalStyle.resolve(mode: nil, console: run.console)
        return WhyText.findings(findings, style: style) + WhyText.summary(findings, documents: run.documents, sources: run.sources)
    }
}
