import NibDiagnosis

/// `--format text`: findings grouped by document, for people (``WhyText``), then what was checked
/// (``WhyText/coverage(_:style:afterOutput:)``) and a summary.
enum TextReporter: LintReporter {
    static func render(_ findings: [Finding], of run: LintRun) throws -> String {
        let style = TerminalStyle.resolve(mode: nil, console: run.console)
        return WhyText.findings(findings, style: style) + WhyText.coverage(run.coverage, style: style, afterOutput: !findings.isEmpty)
            + WhyText.summary(findings, documents: run.documents, sources: run.sources, coverage: run.coverage)
    }
}
