import ArchiveReader
import Foundation
import NibDiagnosis
import SourceIndex
import TextEscaping

/// `nibinspect lint`: review rules over nibs (and, with sources, the checks of `why`) with
/// reporters for people, Xcode, scripts, code scanning (SARIF) and GitHub Actions.
enum LintCommand: Command {
    static let spec = CommandSpec(
        name: "lint",
        abstract: "Check nibs against review rules; text, Xcode, JSON, SARIF, GitHub, Checkstyle, JUnit or Code Climate output for CI.",
        arguments: [("path", "Compiled nibs, bundles, .storyboardc, xibs, storyboards, or directories (one or more). A directory holding .swift, .h, .m or .mm files also runs the source checks of 'why'.")],
        options: [
            .option("--format", value: "format", help: "Reporter.", values: Format.self),
            .option("--sources", value: "dir", help: "Also read the sources under DIR (repeatable)."),
            .option("--only", value: "rule", help: "Run only this rule (repeatable)."),
            .option("--disable", value: "rule", help: "Do not run this rule (repeatable)."),
            .option("--config", value: "file", help: "Configuration file: .nibinspect.json, xiblint's .xiblint.json or IBLinter's .iblinter.yml (default: the first of these in the first input's directory or above)."),
            .option("--baseline", value: "file", help: "Do not report findings recorded in FILE."),
            .option("--write-baseline", value: "file", help: "Record the current findings in FILE and exit 0."),
            .option("--fail-on", value: "severity", help: "Exit 1 when a finding at or above this severity is reported (default warning).",
                    values: Diagnostic.Severity.self),
            .flag("--fix", help: "Fix the findings whose fix is mechanical (dangling-connection, duplicate-connection, duplicate-constraint, custom-module) in the xib and storyboard files, as minimal edits of their text, then lint again."),
            .flag("--dry-run", help: "Print the unified diff --fix would make, and write nothing (exit 1 when there is something to fix)."),
            .flag("--list-rules", help: "Print every rule (id, default severity, inputs, meaning) and exit."),
        ],
        discussion: """
        Rules are the finding codes of Documentation/why.md: the nib rules run on every input, the
        source rules when Swift or Objective-C sources are read. Reporters: text (grouped by
        document), xcode ('path:line:1: warning: message [rule]'), json ({"findings": [{"rule",
        "severity", "document", "path", "line", "object", "message", …}], "coverage": {…}}), sarif
        (SARIF 2.1.0; coverage as invocations[0].toolExecutionNotifications), github (workflow
        commands), checkstyle (Checkstyle XML), junit (JUnit XML for GitLab and Jenkins), codeclimate
        (GitLab code quality JSON). text and json say what each check and rule covered, as why does.
        A baseline (--write-baseline, then --baseline) matches findings by rule, document and object
        path, never by line. Configuration: {"enable": [rules off by default, or "all"], "disable": [rules], "severity": {rule: level},
        "options": {"bannedClasses": {class: reason}, "maxObjects": n, "maxTopLevelObjects": n},
        "exclude": [patterns], "paths": {dir or pattern: {"enable", "disable", "severity", "options"}},
        "customRules": [{"id", "match", "require", "message", "severity", "paths"}]}; custom rules are
        predicates over classes, hierarchy, properties and connections (Documentation/custom-rules.md).
        xiblint's .xiblint.json and IBLinter's .iblinter.yml are read as those tools read them: the
        rules they name run, under nibinspect's ids.
        --fix edits xibs and storyboards only where the fix is mechanical (a dangling or repeated
        connection or constraint removed, the custom module set): minimal edits of the XML text, every
        other byte kept; --dry-run prints them as a unified diff. Inputs are never modified otherwise.
        Exit status: 0 when nothing at or above --fail-on was reported, 1 otherwise.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        let format = args.value("--format", as: Format.self) ?? .text
        let config = try configuration(args)
        // Every rule: nibinspect's, then the configuration's own (customRules).
        let allRules = LintRules.all + config.customRules.map(\.info)
        func rules(_ option: String) throws -> Set<FindingCode> {
            Set(try args.values(option).map { id in
                if let custom = config.customRules.first(where: { $0.id == id }) { return FindingCode(custom.id) }
                guard let rule = LintRules.rule(named: id) else {
                    throw UsageError("Unknown rule '\(id)' for \(option); 'nibinspect lint --list-rules' lists them")
                }
                return rule.code
            })
        }
        let only = try rules("--only")
        let disabled = try rules("--disable")
        if args.flag("--list-rules") {
            let all = allRules.filter { only.isEmpty || only.contains($0.code) }
            context.console.write(format == .json ? try RuleList.json(all) : RuleList.text(all))
            return .success
        }
        guard !args.positionals.isEmpty else { throw UsageError("Expected at least one <path>") }
        if let file = args.value("--write-baseline") {
            try OutputError.checkNotInput(file, inputs: args.positionals + args.values("--sources"), option: "--write-baseline")
        }

        var baseline: LintBaseline?
        if let file = args.value("--baseline") {
            guard let data = FileManager.default.contents(atPath: file) else { throw InputError(.notFound, path: file) }
            let b: LintBaseline
            do { b = try JSONDecoder().decode(LintBaseline.self, from: data) } catch {
                throw SettingsFileError(path: file, message: "not a baseline written by --write-baseline (\(LintConfiguration.describe(error)))")
            }
            guard b.version == 2 else {
                throw SettingsFileError(path: file, message: "baseline version \(b.version); this nibinspect reads version 2 (write it again with --write-baseline)")
            }
            baseline = b
        }

        let (inputs, read, status) = try WhyCommand.openWithSources(args.positionals, sources: args.values("--sources"), context)
        let sources = WhyCommand.classesNibFallback(read, inputs: inputs, extra: args.values("--sources"))
        var (findings, coverage) = NibSourceCheck(inputs: inputs, sources: sources, wholeProject: args.positionals).run()
        // A rule off by default runs when the configuration enables it or --only names it; the
        // inputs of each per-path section run with its settings.
        let nib = runNibRules(inputs, config: config, only: only)
        findings += nib.findings
        coverage.append(nib.coverage)
        findings = NibLint.dropRepeats(config.apply(findings, keeping: only).filter { (only.isEmpty || only.contains($0.code)) && !disabled.contains($0.code) })
        findings.sort { NibSourceCheck.sortKey($0).lexicographicallyPrecedes(NibSourceCheck.sortKey($1)) }

        if let file = args.value("--write-baseline") {
            let root = (file as NSString).deletingLastPathComponent
            try OutputError.write(Array(try ResolvedJSON.render(LintBaseline(findings, root: root.isEmpty ? "." : root)).utf8), to: file)
            context.console.diagnostic("nibinspect: baseline of \(WhyText.plural(findings.count, "finding")) written to \(file)")
            return status
        }
        if let baseline, let file = args.value("--baseline") {
            let root = (file as NSString).deletingLastPathComponent
            findings = baseline.filter(findings, root: root.isEmpty ? "." : root)
        }

        if args.flag("--fix") || args.flag("--dry-run") {
            return try fix(findings, config: config, args: args, context: context)
        }

        let ran = allRules.filter {
            !disabled.contains($0.code) && !config.disabled.contains($0.code)
                && (only.isEmpty ? config.runsAnywhere($0) : only.contains($0.code))
        }
        let run = LintRun(rules: ran, documents: inputs.reduce(0) { $0 + $1.documents.count }, sources: sources, console: context.console,
                          coverage: coverage.restricted(to: Set(ran.map(\.code)), reason: notRunReason))
        context.console.write(try format.reporter.render(findings, of: run))
        context.finish(inputs, sources: sources)
        if status != .success { return status }
        let threshold = args.value("--fail-on", as: Diagnostic.Severity.self) ?? .warning
        let rank: (Diagnostic.Severity) -> Int = { $0 == .error ? 2 : $0 == .warning ? 1 : 0 }
        return findings.contains { rank($0.severity) >= rank(threshold) } ? .findings : .success
    }
}

extension LintCommand {
    /// The reason of the coverage entries of checks whose rules are all turned off.
    static let notRunReason = "turned off (--only, --disable or the configuration)"
}

/// A configuration or baseline file that cannot be used (exit 65): `FILE: what is wrong`.
struct SettingsFileError: Error, CustomStringConvertible {
    var path: String
    var message: String
    var description: String { "\(path): \(message)" }
}
