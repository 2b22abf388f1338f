import Foundation
import NibDiagnosis
import NibModel

/// The output formats of `lint`: each turns findings into text for one consumer.
enum LintReporter {
    /// `path:line: warning: message [rule]`, one per line, the form Xcode's issue navigator and
    /// editors jump to. Compiled inputs have no line: the object path follows the message.
    static func xcode(_ findings: [Finding]) -> String {
        var out = ""
        for f in findings {
            let (file, line) = location(f)
            var head = file ?? "nibinspect"
            if let line { head += ":\(line):1" }
            let level = f.severity == .error ? "error" : f.severity == .warning ? "warning" : "note"
            var message = f.message
            if f.line == nil, f.document != nil, let object = f.object { message += " (\(object))" }
            out += "\(head): \(level): \(oneLine(message)) [\(f.code.rawValue)]\n"
        }
        return out
    }

    /// GitHub Actions workflow commands: `::warning file=…,line=…,title=rule::message`.
    static func github(_ findings: [Finding]) -> String {
        var out = ""
        for f in findings {
            let (file, line) = location(f)
            let level = f.severity == .error ? "error" : f.severity == .warning ? "warning" : "notice"
            var properties: [String] = []
            if let file { properties.append("file=" + escapeProperty(relative(file))) }
            if let line { properties.append("line=\(line)") }
            properties.append("title=" + escapeProperty(f.code.rawValue))
            var message = f.message
            if let object = f.object, f.line == nil { message += " (\(object))" }
            if let fix = f.fix { message += "\nFix: " + fix }
            out += "::\(level) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }
        return out
    }

    /// `{"findings": [{"rule", "severity", "document", "path", "line", "object", "objectID", "class",
    /// "member", "message", "fix", "sources"}]}` (unknown fields left out), keys sorted.
    static func json(_ findings: [Finding]) throws -> String {
        struct Item: Encodable {
            var rule: String, severity: String, document: String?, path: String?, line: Int?, object: String?
            var objectID: String?, className: String?, member: String?, message: String, fix: String?, sources: [String]
            enum CodingKeys: String, CodingKey {
                case rule, severity, document, path, line, object, objectID, className = "class", member, message, fix, sources
            }
        }
        struct Output: Encodable { var findings: [Item] }
        let items = findings.map {
            Item(rule: $0.code.rawValue, severity: $0.severity.rawValue, document: $0.document, path: $0.path, line: $0.line,
                 object: $0.object, objectID: $0.objectID?.rawValue, className: $0.className, member: $0.member,
                 message: $0.message, fix: $0.fix, sources: $0.sources)
        }
        return try ResolvedJSON.render(Output(findings: items))
    }

    /// SARIF 2.1.0: one run, the rules in `tool.driver.rules`, each result with a physical location
    /// (the file; the region's start line for sources) and a logical location (the object path) for
    /// findings in documents.
    static func sarif(_ findings: [Finding], rules: [FindingCode]) throws -> String {
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
        struct Result: Encodable {
            var ruleId: String, ruleIndex: Int, level: String, message: Message, locations: [Location]
            var partialFingerprints: [String: String]
        }
        struct Driver: Encodable { var name: String, version: String, informationUri: String, rules: [Rule] }
        struct Tool: Encodable { var driver: Driver }
        struct Run: Encodable { var tool: Tool; var results: [Result]; var columnKind: String }
        struct Log: Encodable {
            var schema = "https://json.schemastore.org/sarif-2.1.0.json"
            var version = "2.1.0"
            var runs: [Run]
            enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
        }
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let sarifRules = rules.map { code in
            Rule(id: code.rawValue, name: ruleName(code), shortDescription: Message(text: firstSentence(code.explanation)),
                 fullDescription: Message(text: code.explanation),
                 help: Message(text: code.explanation + " Applies to: \(code.appliesTo)."),
                 defaultConfiguration: ["level": level(code.defaultSeverity)],
                 properties: ["appliesTo": code.appliesTo])
        }
        let results = findings.map { f -> Result in
            let (file, line) = location(f)
            var loc = Location(physicalLocation: nil, logicalLocations: nil)
            if let file { loc.physicalLocation = Physical(artifactLocation: Artifact(uri: uri(file)), region: line.map(Region.init)) }
            if let object = f.object, f.document != nil { loc.logicalLocations = [Logical(fullyQualifiedName: "\(f.document!) › \(object)", kind: "object")] }
            return Result(ruleId: f.code.rawValue, ruleIndex: index[f.code] ?? 0, level: level(f.severity),
                          message: Message(text: f.message + (f.fix.map { " Fix: \($0)." } ?? "")),
                          locations: loc.physicalLocation == nil && loc.logicalLocations == nil ? [] : [loc],
                          partialFingerprints: ["nibinspect/v2": fingerprint(f)])
        }
        let log = Log(runs: [Run(tool: Tool(driver: Driver(name: "nibinspect", version: NibInspectCLI.version,
                                                            informationUri: "https://github.com/nibinspect/nibinspect",
                                                            rules: sarifRules)),
                                 results: results, columnKind: "unicodeCodePoints")])
        return try ResolvedJSON.render(log)
    }

    /// What identifies a finding across edits: rule, file (relative to the current directory),
    /// object path and member, as a baseline matches it.
    static func fingerprint(_ f: Finding) -> String {
        let e = LintBaseline.entry(f, root: FileManager.default.currentDirectoryPath)
        return [e.rule, e.file, e.object, e.member].joined(separator: "|")
    }

    /// The file and line a finding points to: the document's file and xib line, else (findings in
    /// code) the first source location when it carries a directory, else nil.
    static func location(_ f: Finding) -> (String?, Int?) {
        if let path = f.path { return (path, f.line) }
        if let s = f.sources.first, let colon = s.lastIndex(of: ":"), let line = Int(s[s.index(after: colon)...]) {
            return (String(s[..<colon]), line)
        }
        return (nil, nil)
    }

    static func level(_ s: Diagnostic.Severity) -> String {
        switch s { case .error: "error"; case .warning: "warning"; case .info: "note" }
    }

    /// `UndeclaredOutlet` from `undeclared-outlet`.
    static func ruleName(_ code: FindingCode) -> String {
        code.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func firstSentence(_ s: String) -> String {
        guard let r = s.range(of: ": ") ?? s.range(of: ". ") else { return s }
        return String(s[..<r.lowerBound]) + "."
    }

    /// A path relative to the current directory (the repository root in CI, which code scanning
    /// and GitHub annotations resolve paths against) when it lies inside it.
    static func relative(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        let cwd = FileManager.default.currentDirectoryPath
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// A relative path (see ``relative(_:)``) as a relative URI reference; an absolute one as a
    /// `file://` URI.
    static func uri(_ path: String) -> String {
        let path = relative(path)
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return path.hasPrefix("/") ? "file://" + escaped : escaped
    }

    static func oneLine(_ s: String) -> String { s.replacingOccurrences(of: "\n", with: " ") }

    static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// `--list-rules`: every rule with its severity, inputs and meaning.
    static func rulesText(_ rules: [FindingCode]) -> String {
        var out = ""
        for code in rules {
            out += "\(code.rawValue) (\(code.defaultSeverity.rawValue); \(code.appliesTo))\n"
            out += "    \(code.explanation)\n"
        }
        return out
    }
}
