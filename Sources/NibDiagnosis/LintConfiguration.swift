import FileWalk
import Foundation
import NibModel

/// A team's `lint` settings, read from `.nibinspect.json` (found upward from the first input) or
/// `--config FILE`:
///
/// ```json
/// {
///   "enable": ["named-colors", "strict_fonts"],
///   "disable": ["large-nib"],
///   "severity": {"missing-image": "error", "outlet-not-connected": "info"},
///   "options": {"bannedClasses": {"UIWebView": "ITMS-90809"}, "maxObjects": 300, "maxTopLevelObjects": 10},
///   "exclude": ["Pods/*", "*/Generated/*"],
///   "paths": {"Legacy": {"disable": ["named-colors"]}, "*/Generated/*": {"options": {"maxObjects": 900}}}
/// }
/// ```
/// xiblint's `.xiblint.json` and IBLinter's `.iblinter.yml` read into the same settings
/// (`LintConfiguration+Peers.swift`): the rules they name become ``ruleSet``.
/// Every key is optional. `enable` turns on house rules that are off by default
/// (``RuleInfo/offByDefault``: the rules taken from xiblint and IBLinter), by id or by the peer's
/// name, or all of them with `"all"`. `options` replaces the defaults key by key (a `bannedClasses` map
/// replaces the default list; add the defaults back if you want both). `exclude` holds shell
/// patterns (`fnmatch`) matched against a finding's file path and against its path relative to the
/// configuration file's directory. `paths` gives settings per directory or pattern
/// (``PathSection``).
public struct LintConfiguration: Sendable, Hashable {
    /// Rules that are off by default and turned on (``RuleInfo/offByDefault``).
    public var enabled: Set<FindingCode> = []
    public var disabled: Set<FindingCode> = []
    public var severities: [FindingCode: Diagnostic.Severity] = [:]
    public var options = LintOptions()
    public var exclude: [String] = []
    /// The directory relative paths are taken from (the configuration file's).
    public var baseDirectory: String?
    /// The rules a peer's configuration runs, nil for "the defaults, with enable and disable"
    /// (`.xiblint.json`'s `rules`, `.iblinter.yml`'s defaults with `enabled_rules` and
    /// `disabled_rules`): a rule outside the set does not run, whether on by default or not.
    public var ruleSet: Set<FindingCode>?
    /// Shell patterns a finding's file must match (one of them) to be kept; empty for every file
    /// (`.iblinter.yml`'s `included`).
    public var include: [String] = []
    /// Settings for the files under a directory or matching a pattern (``PathSection``).
    public var paths: [PathSection] = []
    /// `.iblinter.yml`'s `custom_module_rule`: the Swift files whose classes each module declares,
    /// which the command line reads into the `customModules` option (``LintOptions``).
    public var customModuleSources: [CustomModuleSource] = []
    /// `.nibinspect.json`'s `"customRules"`: rules the team declares (``CustomRule``), on unless
    /// disabled.
    public var customRules: [CustomRule] = []

    public init() {}

    /// A configuration file's problem: the file, and what is wrong (an unknown rule, a bad value).
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var file: String
        public var message: String
        public var description: String { "\(file): \(message)" }
        public init(file: String, message: String) {
            self.file = file
            self.message = message
        }
    }

    /// The rule settings of a configuration or of one of its `paths`.
    struct Settings: Decodable {
        var enable: [String]?
        var disable: [String]?
        var severity: [String: String]?
        var options: [String: LintOptionValue]?
    }

    private struct File: Decodable {
        var enable: [String]?
        var disable: [String]?
        var severity: [String: String]?
        var options: [String: LintOptionValue]?
        var exclude: [String]?
        var paths: [String: Settings]?
    }

    /// Reads a configuration file. Rules are named by id or by another linter's name for them
    /// (``LintRules/rule(named:)``); each option is checked by the rule that reads it.
    ///
    /// - Throws: ``Problem`` for malformed JSON, unknown keys, rules, options and severities, and
    ///   option values a rule does not allow (a negative count: the key, the value and what is
    ///   allowed); for a path that is not a regular file (a FIFO would block the read) or is over
    ///   ``maxFileSize``.
    public static func load(_ path: String, readYAML: YAMLReader? = nil) throws -> LintConfiguration {
        let data = try contents(path)
        let name = (path as NSString).lastPathComponent
        if name.hasSuffix("xiblint.json") { return try xiblint(data, path: path) }
        if name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
            guard let readYAML else { throw Problem(file: path, message: "YAML configurations are read by the nibinspect command") }
            return try iblinter(try readYAML(data, path), path: path)
        }
        return try nibinspect(data, path: path)
    }

    /// Reads YAML text into the values JSON would give (`Data`, the file for messages); throws
    /// ``Problem`` naming the line and column of a syntax error.
    public typealias YAMLReader = @Sendable (Data, String) throws -> LintOptionValue

    /// The bytes of a configuration file: a regular file of at most ``maxFileSize`` bytes.
    static func contents(_ path: String) throws -> Data {
        if let kind = FileTree.disk.kind(path) {
            guard kind == .regular else { throw Problem(file: path, message: "not a regular file") }
            if let size = FileTree.disk.fileSize(path), size > maxFileSize {
                throw Problem(file: path, message: "\(size) bytes, more than a configuration may have (\(maxFileSize))")
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw Problem(file: path, message: "cannot read the file") }
        guard data.count <= maxFileSize else { throw Problem(file: path, message: "more than a configuration may have (\(maxFileSize) bytes)") }
        return data
    }

    /// A `.nibinspect.json`.
    static func nibinspect(_ data: Data, path: String) throws -> LintConfiguration {
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            let known: Set<String> = ["enable", "disable", "severity", "options", "exclude", "paths", "customRules"]
            if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
                throw Problem(file: path, message: "unknown key \"\(unknown)\" (known: enable, disable, severity, options, exclude, paths, customRules)")
            }
            if let options = object["options"] as? [String: Any],
               let unknown = options.keys.sorted().first(where: { LintRules.options[$0] == nil }) {
                throw Problem(file: path, message: "unknown option \"\(unknown)\" (known: \(LintRules.options.keys.sorted().joined(separator: ", ")))")
            }
        }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: data) } catch {
            throw Problem(file: path, message: "not a configuration: \(Self.describe(error))")
        }
        var config = LintConfiguration()
        config.baseDirectory = (path as NSString).deletingLastPathComponent
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let rules = object["customRules"] {
            config.customRules = try CustomRule.load(rules, text: String(decoding: data, as: UTF8.self), file: path)
        }
        let custom = Dictionary(config.customRules.map { ($0.id, FindingCode($0.id)) }, uniquingKeysWith: { a, _ in a })
        let base = try section(Settings(enable: file.enable, disable: file.disable, severity: file.severity, options: file.options),
                               pattern: "", file: path, where: "", custom: custom)
        config.enabled = base.enabled
        config.disabled = base.disabled
        config.severities = base.severities
        config.options = base.options
        for (pattern, settings) in (file.paths ?? [:]).sorted(by: { $0.key < $1.key }) {
            config.paths.append(try section(settings, pattern: pattern, file: path, where: "paths.\(pattern).", custom: custom))
        }
        config.exclude = file.exclude ?? []
        return config
    }

    /// The settings of `.nibinspect.json` or of one of its `paths` as a section (options only as
    /// set there, rules by id or peer name).
    static func section(_ settings: Settings, pattern: String, file path: String, where prefix: String,
                        custom: [String: FindingCode] = [:]) throws -> PathSection {
        var out = PathSection(pattern: pattern)
        func code(_ id: String) -> FindingCode? { custom[id] ?? LintRules.rule(named: id)?.code }
        for id in settings.enable ?? [] {
            if id == "all" {
                out.enabled.formUnion(LintRules.all.filter(\.offByDefault).map(\.code))
                continue
            }
            guard let rule = code(id) else { throw Problem(file: path, message: "unknown rule '\(id)' in \"\(prefix)enable\"") }
            out.enabled.insert(rule)
        }
        for id in settings.disable ?? [] {
            guard let rule = code(id) else { throw Problem(file: path, message: "unknown rule '\(id)' in \"\(prefix)disable\"") }
            out.disabled.insert(rule)
        }
        for (id, level) in settings.severity ?? [:] {
            guard let rule = code(id) else { throw Problem(file: path, message: "unknown rule '\(id)' in \"\(prefix)severity\"") }
            guard let severity = Diagnostic.Severity(rawValue: level) else {
                throw Problem(file: path, message: "severity of '\(id)' must be error, warning or info, not '\(level)'")
            }
            out.severities[rule] = severity
        }
        out.options = try options(settings.options ?? [:], file: path)
        return out
    }

    /// Option values checked by the rules that read them (a null leaves the default).
    static func options(_ values: [String: LintOptionValue], file path: String) throws -> LintOptions {
        var out = LintOptions()
        for (key, value) in values.sorted(by: { $0.key < $1.key }) where value != .null {
            guard let (option, rule) = LintRules.options[key] else {
                throw Problem(file: path, message: "unknown option \"\(key)\" (known: \(LintRules.options.keys.sorted().joined(separator: ", ")))")
            }
            guard option.accepts(value) else {
                throw Problem(file: path, message: "option \"\(key)\" of \(rule.code.rawValue) is \(value); expected \(option.allowed)")
            }
            out.values[key] = value
        }
        if case .string(let catalog)? = out.values["assetCatalog"], !catalog.isEmpty, !catalog.hasPrefix("/") {
            // Relative to the configuration file, as xiblint (run beside it) reads it.
            out.values["assetCatalog"] = .string(FileTree.join((path as NSString).deletingLastPathComponent, catalog))
        }
        return out
    }

    /// A decoding error in one line: the coding path, then the reason.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c), DecodingError.dataCorrupted(let c):
            let path = c.codingPath.map(\.stringValue).joined(separator: ".")
            return (path.isEmpty ? "" : "\(path): ") + c.debugDescription
        case DecodingError.keyNotFound(let key, _):
            return "missing \(key.stringValue)"
        default:
            return "\(error)"
        }
    }

    /// The largest configuration file read, in bytes (1 MiB).
    public static let maxFileSize = 1 << 20

    /// The names a configuration is found by, in order of preference within one directory.
    public static let fileNames = [".nibinspect.json", ".xiblint.json", ".iblinter.yml"]

    /// The configuration in `start`'s directory or the nearest one above it: `.nibinspect.json`,
    /// else xiblint's `.xiblint.json`, else IBLinter's `.iblinter.yml` (``fileNames``); an entry of
    /// such a name that is not a regular file (a directory, a FIFO) is passed over.
    public static func find(from start: String) -> String? {
        var isDir: ObjCBool = false
        var dir = URL(fileURLWithPath: start).standardizedFileURL
        if !(FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir) && isDir.boolValue) {
            dir.deleteLastPathComponent()
        }
        for _ in 0..<64 {
            for name in fileNames {
                let candidate = dir.appendingPathComponent(name).path
                if FileTree.disk.isRegularFile(candidate) { return candidate }
            }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { break }
            dir = parent
        }
        return nil
    }

    /// Whether `rule` runs under this configuration (before `--only` and `--disable`): a rule on
    /// by default unless disabled, a rule off by default when enabled and not disabled.
    public func runs(_ rule: RuleInfo) -> Bool {
        if let ruleSet { return ruleSet.contains(rule.code) && !disabled.contains(rule.code) }
        return !disabled.contains(rule.code) && (!rule.offByDefault || enabled.contains(rule.code))
    }

    /// The findings this configuration keeps, with its severities applied.
    /// Per path (``paths``), the settings of the file's section apply. Rules in `only` (`--only`)
    /// are kept even outside ``ruleSet``.
    public func apply(_ findings: [Finding], keeping only: Set<FindingCode> = []) -> [Finding] {
        findings.compactMap { f in
            let config = paths.isEmpty ? self : resolved(for: f.path ?? f.sources.first?.file ?? "")
            guard !config.disabled.contains(f.code), only.contains(f.code) || (config.ruleSet?.contains(f.code) ?? true), !isExcluded(f), isIncluded(f) else { return nil }
            var f = f
            if let s = config.severities[f.code] { f.severity = s }
            return f
        }
    }

    func isExcluded(_ f: Finding) -> Bool { matches(f, exclude) }

    func isIncluded(_ f: Finding) -> Bool { include.isEmpty || matches(f, include) }

    /// Whether the finding's file, as given or relative to ``baseDirectory``, matches a pattern.
    func matches(_ f: Finding, _ patterns: [String]) -> Bool {
        guard !patterns.isEmpty else { return false }
        let exclude = patterns
        var candidates = [f.path, f.sources.first?.file].compactMap { $0 }
        if let base = baseDirectory.map({ URL(fileURLWithPath: $0).standardizedFileURL.path + "/" }) {
            for c in candidates {
                let absolute = URL(fileURLWithPath: c).standardizedFileURL.path
                if absolute.hasPrefix(base) { candidates.append(String(absolute.dropFirst(base.count))) }
            }
        }
        return exclude.contains { pattern in candidates.contains { fnmatch(pattern, $0, 0) == 0 } }
    }
}

/// Findings recorded to be tolerated (`--write-baseline`, `--baseline`): matched by rule, file,
/// object path and member (outlet or selector), never by line, so that edits elsewhere in a file
/// keep them matched. Files are recorded relative to the baseline's directory, so the same baseline
/// works whichever directory the linter is started from and whichever path names the input. A
/// finding recorded twice tolerates two occurrences.
///
/// File: `{"version": 2, "findings": [{"rule", "file", "object", "member"}]}`, sorted.
public struct LintBaseline: Sendable, Hashable, Codable {
    public struct Entry: Sendable, Hashable, Codable, Comparable {
        public var rule: String
        public var file: String
        public var object: String
        public var member: String
        public static func < (a: Entry, b: Entry) -> Bool {
            (a.rule, a.file, a.object, a.member) < (b.rule, b.file, b.object, b.member)
        }
    }
    public var version = 2
    public var findings: [Entry]

    /// The baseline of `findings`, files relative to `root` (the baseline file's directory).
    public init(_ findings: [Finding], root: String) {
        self.findings = findings.map { Self.entry($0, root: root) }.sorted()
    }

    /// The key of a finding: its file relative to `root` (with the scene or nested document after
    /// `#` when the document is part of a file), object path and member.
    public static func entry(_ f: Finding, root: String) -> Entry {
        var file = f.path ?? f.document ?? ""
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
        if absolute.hasPrefix(base + "/") { file = String(absolute.dropFirst(base.count + 1)) }
        if let doc = f.document, let path = f.path {
            let name = (path as NSString).lastPathComponent
            if let r = doc.range(of: name + "/", options: .backwards) { file += "#" + doc[r.upperBound...] }
        }
        return Entry(rule: f.code.rawValue, file: file, object: f.object ?? "", member: f.member ?? "")
    }

    /// The findings not tolerated by the baseline.
    public func filter(_ findings: [Finding], root: String) -> [Finding] {
        var remaining: [Entry: Int] = [:]
        for e in self.findings { remaining[e, default: 0] += 1 }
        return findings.filter { f in
            let e = Self.entry(f, root: root)
            guard let n = remaining[e], n > 0 else { return true }
            remaining[e] = n - 1
            return false
        }
    }
}
