import NibDiagnosis

/// `--format json`: `{"findings": [{"rule", "severity", "document", "path", "line", "object",
/// "objectID", "class", "member", "message", "fix", "sources"}], "coverage": {check: {"title",
/// "status", "checked", "unit", "against", "notChecked", "reason", "rules"}}}` (unknown fields left
/// out; ``Coverage``), keys sorted.
enum JSONReporter: LintReporter {
    static func render(_ findings: [Finding], of run: LintRun) throws -> String {
        struct Item: Encodable {
            var rule: String, severity: String, document: String?, path: String?, line: Int?, object: String?
            var objectID: String?, className: String?, member: String?, message: String, fix: String?, sources: [String]
            enum CodingKeys: String, CodingKey {
                case rule, severity, document, path, line, object, objectID, className = "class", member, message, fix, sources
            }
        }
        struct Output: Encodable { var findings: [Item]; var coverage: Coverage }
        let items = findings.map {
            Item(rule: $0.code.rawValue, severity: $0.severity.rawValue, document: $0.document, path: $0.path, line: $0.line,
                 object: $0.object, objectID: $0.objectID?.rawValue, className: $0.className, member: $0.member,
                 message: $0.message, fix: $0.fix, sources: $0.sourcesText)
        }
        return try ResolvedJSON.render(Output(findings: items, coverage: run.coverage))
    }
}
