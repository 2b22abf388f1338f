import ArchiveReader
import Foundation
import NibDiagnosis
import SourceIndex
import SwiftSourceParser

extension LintCommand {
    /// The configuration `--config` names, else the first of ``LintConfiguration/fileNames``
    /// found upward from the first input; IBLinter's `custom_module_rule` read into the
    /// `customModules` option (the classes of its Swift files).
    static func configuration(_ args: ParsedArguments) throws -> LintConfiguration {
        guard let file = args.value("--config") ?? (args.positionals[0] == "-" ? nil : LintConfiguration.find(from: args.positionals[0])) else {
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

    /// Module → the classes declared at top level in the Swift files of its `included`
    /// directories, less those under `excluded` (relative to the configuration file).
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
            out[source.module, default: []] += index.classes.filter { $0.isDeclared && !$0.name.contains(".") }.map(\.name)
        }
        return out.mapValues { Array(Set($0)).sorted() }
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
            return NibLint.run(inputs, options: c.options, enabled: c.enabledOffByDefault.union(only))
        }
        var findings: [Finding] = []
        var coverage = Coverage()
        for group in groups {
            let run = NibLint.run(group.inputs, options: group.config.options, enabled: group.config.enabledOffByDefault.union(only))
            findings += run.findings
            coverage.append(run.coverage)
        }
        findings.sort { NibSourceCheck.sortKey($0).lexicographicallyPrecedes(NibSourceCheck.sortKey($1)) }
        return (findings, coverage)
    }
}
