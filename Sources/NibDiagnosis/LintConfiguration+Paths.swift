import Foundation
import NibModel

/// The settings of the files under one directory or matching one pattern: `.nibinspect.json`'s
/// `"paths": {"Modules/Legacy": {"disable": ["named-colors"]}, "*/Generated/*": {…}}` and
/// `.xiblint.json`'s `paths`. A pattern is a directory or file relative to the configuration
/// file (the section covers everything under it, as xiblint's `paths`) or a shell pattern
/// (`fnmatch`). When several sections match a file, the longest pattern wins.
public struct PathSection: Sendable, Hashable {
    public var pattern: String
    /// Rules off by default turned on here, on top of the configuration's.
    public var enabled: Set<FindingCode> = []
    /// Rules turned off here, on top of the configuration's.
    public var disabled: Set<FindingCode> = []
    /// The rules that run here instead of the configuration's set (xiblint's per-path `rules`
    /// with `excluded_rules`); nil to keep it.
    public var ruleSet: Set<FindingCode>?
    public var severities: [FindingCode: Diagnostic.Severity] = [:]
    /// Options set here: they replace the configuration's key by key, or all of them when
    /// ``replacesOptions`` (xiblint's per-path `rules_config`).
    public var options = LintOptions()
    public var replacesOptions = false

    public init(pattern: String) { self.pattern = pattern }

    /// Whether the section covers `relative` (a path relative to the configuration's directory)
    /// or `absolute`.
    func covers(relative: String?, absolute: String) -> Bool {
        let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
        for candidate in [relative, absolute].compactMap({ $0 }) {
            if candidate == trimmed || candidate.hasPrefix(trimmed + "/") || fnmatch(pattern, candidate, 0) == 0 { return true }
        }
        return false
    }
}

/// `.iblinter.yml`'s `custom_module_rule` entry: a module and the directories (relative to the
/// configuration file, or absolute) whose Swift files declare its classes.
public struct CustomModuleSource: Sendable, Hashable {
    public var module: String
    public var included: [String]
    public var excluded: [String]

    public init(module: String, included: [String], excluded: [String]) {
        self.module = module
        self.included = included
        self.excluded = excluded
    }
}

extension LintConfiguration {
    /// The configuration for the file at `path`: this one with the section that covers it
    /// applied (the longest pattern of ``paths``), and no sections left.
    public func resolved(for path: String) -> LintConfiguration {
        var out = self
        out.paths = []
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var relative: String?
        if let base = baseDirectory.map({ URL(fileURLWithPath: $0).standardizedFileURL.path + "/" }), absolute.hasPrefix(base) {
            relative = String(absolute.dropFirst(base.count))
        }
        guard let section = paths.filter({ $0.covers(relative: relative, absolute: absolute) })
            .max(by: { ($0.pattern.count, $1.pattern) < ($1.pattern.count, $0.pattern) }) else { return out }
        return out.applying(section)
    }

    /// This configuration with `section`'s settings applied.
    func applying(_ section: PathSection) -> LintConfiguration {
        var out = self
        out.paths = []
        out.enabled.formUnion(section.enabled)
        out.disabled.formUnion(section.disabled)
        if let set = section.ruleSet { out.ruleSet = set }
        out.severities.merge(section.severities) { $1 }
        if section.replacesOptions { out.options = section.options } else { out.options.values.merge(section.options.values) { $1 } }
        return out
    }

    /// Whether `rule` runs on some file: under the configuration or one of its ``paths``.
    public func runsAnywhere(_ rule: RuleInfo) -> Bool {
        runs(rule) || paths.contains { applying($0).runs(rule) }
    }

    /// The rules off by default that this configuration runs (its ``enabled``, or the off-by-default
    /// rules of its ``ruleSet``).
    public var enabledOffByDefault: Set<FindingCode> {
        guard let ruleSet else { return enabled }
        return ruleSet.union(enabled).filter { LintRules.rule($0)?.offByDefault == true }
    }
}
