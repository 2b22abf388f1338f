import ArchiveReader
import Foundation
import NibDiagnosis
import SourceIndex
import SwiftSourceParser

extension LintCommand {
    /// The configuration `--config` names, else the first of ``LintConfiguration/fileNames``
    /// found upward from the first input (the current directory when there is none: `--list-rules`
    /// lists the rules a project declares); IBLinter's `custom_module_rule` read into the
    /// `customModules` option (the classes of its Swift files).
    static func configuration(_ args: ParsedArguments) throws -> LintConfiguration {
        let start = args.positionals.first ?? "."
        guard let file = args.value("--config") ?? (start == "-" ? nil : LintConfiguration.find(from: start)) else {
            return LintConfiguration()
        }
        guard FileManager.default.fileExists(atPath: file) else { throw InputError(.notFound, path: file) }
        var config: LintConfiguration
        do { config = try LintConfiguration.load(file, readYAML: YAMLReader.read) } catch let p as LintConfiguration.Problem {
            throw SettingsFileError(path: p.file, message: p.message)
        }
        if !config.customModuleSources.isEmpty {
            config.options.values["customModules"] = .object(customModuleClasses(config).mapValues { .array($0.map { .string($0) }) })
        }
        return config
    }

    /// Module → the classes declared in the Swift files of its `included` directories, less those
    /// under `excluded` (relative to the configuration file): top-level and nested classes by
    /// name, and by their `@objc(Name)` when they have one (IBLinter reads top-level classes only).
    static func customModuleClasses(_ config: LintConfiguration) -> [String: [String]] {
        let reader = SourceCodeReader(swift: SwiftSourceReader.available)
        let base = config.baseDirectory ?? "."
        func absolute(_ p: String) -> String { URL(fileURLWithPath: p, relativeTo: URL(fileURLWithPath: base + "/")).standardizedFileURL.path }
        var out: [String: [String]] = [:]
        for source in config.customModuleSources {
            let excluded = source.excluded.map(absolute)
            let files = source.included.map(absolute).flatMap { reader.sourceFiles(in: $0) }.filter { file in
                file.hasSuffix(".swift") && !excluded.contains { file == $0 || file.hasPrefix($0 + "/") }
            }
            let index = reader.read(files: files)
            // Nested classes too (`class Outer { class Inner: UIView {} }` is Inner, as Interface Builder
            // names it), and a class's @objc(Name), the name a xib gives when the source sets one.
            out[source.module, default: []] += index.classes.filter(\.isDeclared).flatMap { [$0.name] + ($0.objcName.map { [$0] } ?? []) }
        }
        return out.mapValues { Array(Set($0)).sorted() }
    }

    /// The configuration's user-defined rules that run under it: those it does not disable, and
    /// only those `--only` names when it names any.
    static func customRules(_ config: LintConfiguration, only: Set<FindingCode>) -> [CustomRule] {
        config.customRules.filter { rule in
            let code = FindingCode(rule.id)
            return !config.disabled.contains(code) && (only.isEmpty || only.contains(code))
        }
    }

    /// The nib rules over `inputs`: one run per distinct configuration the inputs' files resolve to
    /// (``LintConfiguration/resolved(for:)``), so that per-path rules and options apply.
    static func runNibRules(_ inputs: [NibInput], config: LintConfiguration, only: Set<FindingCode>) -> (findings: [Finding], coverage: Coverage) {
        var groups: [(config: LintConfiguration, inputs: [NibInput])] = []
        for input in inputs {
            // A directory is one input of many files: each document resolves by its own file.
            var parts: [(LintConfiguration, [NibDocument])] = []
            for document in input.documents {
                let resolved = config.paths.isEmpty ? config : config.resolved(for: document.path ?? input.path)
                if let i = parts.firstIndex(where: { $0.0 == resolved }) { parts[i].1.append(document) } else { parts.append((resolved, [document])) }
            }
            for (resolved, documents) in parts {
                var part = input
                part.documents = documents
                if let i = groups.firstIndex(where: { $0.config == resolved }) { groups[i].inputs.append(part) } else { groups.append((resolved, [part])) }
            }
        }
        if groups.count <= 1 {
            let c = groups.first?.config ?? config
            return NibLint.run(inputs, options: c.options, enabled: c.enabledOffByDefault.union(only), customRules: customRules(c, only: only))
        }
        var findings: [Finding] = []
        var coverage = Coverage()
        for group in groups {
            let run = NibLint.run(group.inputs, options: group.config.options, enabled: group.config.enabledOffByDefault.union(only),
                                  customRules: customRules(group.config, only: only))
            findings += run.findings
            coverage.append(run.coverage)
        }
        findings.sort { NibSourceCheck.sortKey($0).lexicographicallyPrecedes(NibSourceCheck.sortKey($1)) }
        return (findings, coverage)
    }
}
