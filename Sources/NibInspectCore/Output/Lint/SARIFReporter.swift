import Foundation
import NibDiagnosis

/// `--format sarif`: SARIF 2.1.0 for code scanning. One run, the rules that ran in
/// `tool.driver.rules`, each result with a physical location (the file; the region's start line
/// for sources), a logical location (the object path) for findings in documents, and the source
/// declarations compared with as `relatedLocations`. What each check covered (``Coverage``) is
/// one `invocations[0].toolExecutionNotifications` entry per check: level `note` when it covered
/// everything, `warning` when it was skipped or left something out; `descriptor.id` is the check,
/// `associatedRule` its rule for a nib rule, `properties` its status and counts.
enum SARIFReporter: LintReporter {
    static func render(_ findings: [Finding], of run: LintRun) throws -> String {
        struct Message: Encodable { var text: String }
        struct Rule: Encodable {
            var id: String, name: String, shortDescription: Message, fullDescription: Message, help: Message
            var defaultConfiguration: [String: String]
            var properties: [String: String]
        }
        struct Region: Encodable { var startLine: Int }
        struct Artifact: Encodable { var uri: String }
        struct Physical: Encodable { var artifactLocation: Artifact; var region: Region? }
        struct Logical: Encodable { var fullyQualifiedName: String; var kind: String }
        struct Location: Encodable { var physicalLocation: Physical?; var logicalLocations: [Logical]? }
        struct Related: Encodable { var id: Int; var physicalLocation: Physical; var message: Message }
        struct Result: Encodable {
            var ruleId: String, ruleIndex: Int, level: String, message: Message, locations: [Location]
            var relatedLocations: [Related]?
            var partialFingerprints: [String: String]
        }
        struct Driver: Encodable { var name: String, version: String, informationUri: String, rules: [Rule] }
        struct Tool: Encodable { var driver: Driver }
        struct Run: Encodable { var tool: Tool; var invocations: [Invocation]; var results: [Result]; var columnKind: String }
        struct Log: Encodable {
            var schema = "https://json.schemastore.org/sarif-2.1.0.json"
            var version = "2.1.0"
            var runs: [Run]
            enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
        }
        let index = Dictionary(uniqueKeysWithValues: run.rules.enumerated().map { ($1.code, $0) })
        let sarifRules = run.rules.map { rule in
            Rule(id: rule.code.rawValue, name: ruleName(rule.code), shortDescription: Message(text: firstSentence(rule.summary)),
                 fullDescription: Message(text: rule.summary),
                 help: Message(text: rule.summary + " Applies to: \(rule.scope)."),
                 defaultConfiguration: ["level": LintReport.level(rule.defaultSeverity)],
                 properties: ["appliesTo": rule.scope.description])
        }
        let results = findings.map { f -> Result in
            let (file, line) = LintReport.location(f)
            var loc = Location(physicalLocation: nil, logicalLocations: nil)
            if let file { loc.physicalLocation = Physical(artifactLocation: Artifact(uri: uri(file)), region: line.map(Region.init)) }
            if let object = f.object, f.document != nil { loc.logicalLocations = [Logical(fullyQualifiedName: "\(f.document!) › \(object)", kind: "object")] }
            let related = f.sources.enumerated().map { i, s in
                Related(id: i, physicalLocation: Physical(artifactLocation: Artifact(uri: uri(s.file)), region: s.line > 0 ? Region(startLine: s.line) : nil),
                        message: Message(text: "Compared with \(s.short)."))
            }
            return Result(ruleId: f.code.rawValue, ruleIndex: index[f.code] ?? 0, level: LintReport.level(f.severity),
                          message: Message(text: f.message + (f.fix.map { " Fix: \($0)." } ?? "")),
                          locations: loc.physicalLocation == nil && loc.logicalLocations == nil ? [] : [loc],
                          relatedLocations: related.isEmpty ? nil : related,
                          partialFingerprints: ["nibinspect/v2": fingerprint(f)])
        }
        let log = Log(runs: [Run(tool: Tool(driver: Driver(name: "nibinspect", version: NibInspectCLI.version,
                                                            informationUri: "https://github.com/nibinspect/nibinspect",
                                                            rules: sarifRules)),
                                 invocations: [invocation(run.coverage, rules: index)],
                                 results: results, columnKind: "unicodeCodePoints")])
        return try ResolvedJSON.render(log)
    }

    /// One invocation (it ran to its end) with one notification per coverage entry.
    static func invocation(_ coverage: Coverage, rules index: [FindingCode: Int]) -> Invocation {
        Invocation(executionSuccessful: true, toolExecutionNotifications: coverage.entries.map { e in
            let rule = e.rules.count == 1 && e.check == e.rules[0].rawValue ? e.rules[0] : nil
            return Notification(level: e.isIncomplete ? "warning" : "note", message: .init(text: e.description),
                                descriptor: .init(id: e.check, index: nil),
                                associatedRule: rule.flatMap { r in index[r].map { .init(id: r.rawValue, index: $0) } },
                                properties: .init(status: e.status.rawValue, checked: e.checked, unit: e.unit,
                                                  notChecked: e.notChecked.reduce(0) { $0 + $1.count },
                                                  rules: e.rules.map(\.rawValue)))
        })
    }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]
    }

    struct Notification: Encodable {
        struct Text: Encodable { var text: String }
        struct Descriptor: Encodable { var id: String; var index: Int? }
        struct Properties: Encodable {
            var status: String, checked: Int, unit: String, notChecked: Int, rules: [String]
        }
        var level: String
        var message: Text
        var descriptor: Descriptor
        var associatedRule: Descriptor?
        var properties: Properties
    }

    /// What identifies a finding across edits: rule, file (relative to the current directory),
    /// object path and member, as a baseline matches it.
    static func fingerprint(_ f: Finding) -> String {
        let e = LintBaseline.entry(f, root: FileManager.default.currentDirectoryPath)
        return [e.rule, e.file, e.object, e.member].joined(separator: "|")
    }

    /// `UndeclaredOutlet` from `undeclared-outlet`.
    static func ruleName(_ code: FindingCode) -> String {
        code.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func firstSentence(_ s: String) -> String {
        guard let r = s.range(of: ": ") ?? s.range(of: ". ") else { return s }
        return String(s[..<r.lowerBound]) + "."
    }

    /// A relative path (see ``LintReport/relative(_:)``) as a relative URI reference; an absolute
    /// one as a `file://` URI.
    static func uri(_ path: String) -> String {
        let path = LintReport.relative(path)
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return path.hasPrefix("/") ? "file://" + escaped : escaped
    }
}
