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
///   "exclude": ["Pods/*", "*/Generated/*"]
/// }
/// ```
/// Every key is optional. `enable` turns on house rules that are off by default
/// (``RuleInfo/offByDefault``: the rules taken from xiblint and IBLinter), by id or by the peer's
/// name, or all of them with `"all"`. `options` replaces the defaults key by key (a `bannedClasses` map
/// replaces the default list; add the defaults back if you want both). `exclude` holds shell
/// patterns (`fnmatch`) matched against a finding's file path and against its path relative to the
/// configuration file's directory.
public struct LintConfiguration: Sendable, Hashable {
    /// Rules that are off by default and turned on (``RuleInfo/offByDefault``).
    public var enabled: Set<FindingCode> = []
    public var disabled: Set<FindingCode> = []
    public var severities: [FindingCode: Diagnostic.Severity] = [:]
    public var options = LintOptions()
    public var exclude: [String] = []
    /// The directory relative paths are taken from (the configuration file's).
    public var baseDirectory: String?

    public init() {}

    /// A configuration file's problem: the file, and what is wrong (an unknown rule, a bad value).
    public struct Problem: Error, CustomStringConvertible {
        public var file: String
        public var message: String
        public var description: String { "\(file): \(message)" }
    }

    private struct File: Decodable {
        var enable: [String]?
        var disable: [String]?
        var severity: [String: String]?
        var options: [String: LintOptionValue]?
        var exclude: [String]?
    }

    /// Reads a configuration file. Rules are named by id or by another linter's name for them
    /// (``LintRules/rule(named:)``); each option is checked by the rule that reads it.
    ///
    /// - Throws: ``Problem`` for malformed JSON, unknown keys, rules, options and severities, and
    ///   option values a rule does not allow (a negative count: the key, the value and what is
    ///   allowed); for a path that is not a regular file (a FIFO would block the read) or is over
    ///   ``maxFileSize``.
    public static func load(_ path: String) throws -> LintConfiguration {
        if let kind = FileTree.disk.kind(path) {
            guard kind == .regular else { throw Problem(file: path, message: "not a regular file") }
            if let size = FileTree.disk.fileSize(path), size > maxFileSize {
                throw Problem(file: path, message: "\(size) bytes, more than a configuration may have (\(maxFileSize))")
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw Problem(file: path, message: "cannot read the file") }
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            let known: Set<String> = ["enable", "disable", "severity", "options", "exclude"]
            if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
                throw Problem(file: path, message: "unknown key \"\(unknown)\" (known: enable, disable, severity, options, exclude)")
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
        for id in file.enable ?? [] {
            if id == "all" {
                config.enabled.formUnion(LintRules.all.filter(\.offByDefault).map(\.code))
                continue
            }
            guard let rule = LintRules.rule(named: id) else { throw Problem(file: path, message: "unknown rule '\(id)' in \"enable\"") }
            config.enabled.insert(rule.code)
        }
        for id in file.disable ?? [] {
            guard let rule = LintRules.rule(named: id) else { throw Problem(file: path, message: "unknown rule '\(id)' in \"disable\"") }
            config.disabled.insert(rule.code)
        }
        for (id, level) in file.severity ?? [:] {
            guard let rule = LintRules.rule(named: id) else { throw Problem(file: path, message: "unknown rule '\(id)' in \"severity\"") }
            guard let severity = Diagnostic.Severity(rawValue: level) else {
                throw Problem(file: path, message: "severity of '\(id)' must be error, warning or info, not '\(level)'")
            }
            config.severities[rule.code] = severity
        }
        for (key, value) in (file.options ?? [:]).sorted(by: { $0.key < $1.key }) where value != .null {
            guard let (option, rule) = LintRules.options[key] else {
                throw Problem(file: path, message: "unknown option \"\(key)\" (known: \(LintRules.options.keys.sorted().joined(separator: ", ")))")
            }
            guard option.accepts(value) else {
                throw Problem(file: path, message: "option \"\(key)\" of \(rule.code.rawValue) is \(value); expected \(option.allowed)")
            }
            config.options.values[key] = value
        }
        config.exclude = file.exclude ?? []
        return config
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

    /// `.nibinspect.json` in `start`'s directory or the nearest one above it; an entry of that
    /// name that is not a regular file (a directory, a FIFO) is passed over.
    public static func find(from start: String) -> String? {
        var isDir: ObjCBool = false
        var dir = URL(fileURLWithPath: start).standardizedFileURL
        if !(FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir) && isDir.boolValue) {
            dir.deleteLastPathComponent()
        }
        for _ in 0..<64 {
            let candidate = dir.appendingPathComponent(".nibinspect.json").path
            if FileTree.disk.isRegularFile(candidate) { return candidate }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { break }
            dir = parent
        }
        return nil
    }

    /// Whether `rule` runs under this configuration (before `--only` and `--disable`): a rule on
    /// by default unless disabled, a rule off by default when enabled and not disabled.
    public func runs(_ rule: RuleInfo) -> Bool {
        !disabled.contains(rule.code) && (!rule.offByDefault || enabled.contains(rule.code))
    }

    /// The findings this configuration keeps, with its severities applied.
    public func apply(_ findings: [Finding]) -> [Finding] {
        findings.compactMap { f in
            guard !disabled.contains(f.code), !isExcluded(f) else { return nil }
            var f = f
            if let s = severities[f.code] { f.severity = s }
            return f
        }
    }

    func isExcluded(_ f: Finding) -> Bool {
        guard !exclude.isEmpty else { return false }
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
