import ArchiveReader
import Foundation
import NibDiagnosis
import SourceIndex
import SwiftSourceParser
import TextEscaping

/// `nibinspect why [--sources DIR]... [--class NAME] [--member NAME] PATH...`: nibs checked against
/// the Swift and Objective-C sources that use them.
enum WhyCommand: Command {
    static let spec = CommandSpec(
        name: "why",
        abstract: "Explain nil outlets and loading crashes: nibs checked against Swift and Objective-C sources.",
        arguments: [("path", "Compiled nibs, bundles, .storyboardc, xibs, storyboards, or directories (one or more). A directory holding .swift, .h, .m or .mm files is also read as sources.")],
        options: [
            .option("--sources", value: "dir", help: "Also read the sources under DIR (repeatable)."),
            .option("--class", value: "name", help: "Explain one class: declarations, appearances, every outlet and action, the verdict."),
            .option("--member", value: "name", help: "With --class: one outlet name or action selector."),
            .option("--format", value: "format", help: "Output format.", values: Format.self),
        ],
        discussion: """
        Without --class, prints every finding, grouped by document: a stable code (see
        Documentation/why.md), the severity, the object as a readable path, the message with the
        runtime error it predicts, the fix and the source declarations compared. Findings in
        code only (identifiers and nib names no document has) come last.
        Swift is read with the toolchain's SwiftParser, Objective-C with a tokenizer; files that
        do not parse in full give a warning on stderr and what parsed is used.
        Every result ends with what each check covered and what it did not, and why (Coverage:);
        the summary line says when checks were skipped or partial.
        JSON: {"findings": [{"code", "severity", "class", "member", "document", "path", "object",
        "objectID", "line", "message", "fix", "sources"}], "diagnostics": [...], "coverage":
        {check: {"title", "status", "checked", "unit", "against", "notChecked", "reason",
        "rules"}}}; with --class also "explanation".
        Exit status: 0 when nothing of warning or error severity was found, 1 when something was.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard !args.positionals.isEmpty else { throw UsageError("Expected at least one <path>") }
        if args.value("--member") != nil && args.value("--class") == nil { throw UsageError("--member needs --class") }
        let (inputs, read, status) = try openWithSources(args.positionals, sources: args.values("--sources"), context)
        let sources = classesNibFallback(read, inputs: inputs, extra: args.values("--sources"))
        let check = NibSourceCheck(inputs: inputs, sources: sources, wholeProject: args.positionals)
        var (findings, coverage) = check.run()
        var explanations: [ClassExplanation] = []
        if let name = args.value("--class") {
            explanations = check.explainAll(className: name, member: args.value("--member"), findings: findings)
            guard !explanations.isEmpty else { throw UsageError("No class '\(name)' in the sources or documents read") }
            var seen: Set<Finding> = []
            findings = explanations.flatMap(\.findings).filter { seen.insert($0).inserted }
        }
        let diagnostics = inputs.flatMap(\.diagnostics) + sources.diagnostics + sourceWalkDiagnostics(sources, besides: inputs)
        if args.value("--format", as: Format.self) == .json {
            try writeJSON(findings: findings, explanations: explanations, diagnostics: diagnostics, coverage: coverage, to: context.console)
        } else {
            let style = TerminalStyle.resolve(mode: nil, console: context.console)
            if !explanations.isEmpty {
                for (i, e) in explanations.enumerated() {
                    context.console.write((i > 0 ? "\n" : "") + WhyText.explanation(e, style: style))
                }
            } else {
                context.console.write(WhyText.findings(findings, style: style))
            }
            context.console.write(WhyText.coverage(coverage, style: style, afterOutput: !findings.isEmpty || !explanations.isEmpty))
            context.console.write(WhyText.summary(findings, documents: inputs.reduce(0) { $0 + $1.documents.count }, sources: sources,
                                                  coverage: coverage))
        }
        context.finish(inputs, sources: sources)
        if status != .success { return status }
        return findings.contains { $0.severity != .info } ? .findings : .success
    }

    /// Opens every path (a directory holding sources is also read as sources; a source file is a
    /// source only) and reads the sources: the inputs, the source index and the exit status of
    /// documents that could not be read.
    static func openWithSources(_ paths: [String], sources extra: [String], _ context: Context) throws
        -> (inputs: [NibInput], sources: SourceIndex, status: ExitCode) {
        var reader = SourceCodeReader(swift: SwiftSourceReader.available)
        reader.cache = SourceFactsCache.fromEnvironment(version: SourceFactsCache.executableVersion(NibInspectCLI.versionLine))
        var sourceDirs = extra
        for dir in sourceDirs where !FileManager.default.fileExists(atPath: dir) {
            throw InputError(.notFound, path: dir)
        }
        var inputs: [NibInput] = []
        var status = ExitCode.success
        for path in paths {
            if path != "-" && SourceCodeReader.isSourceFile(path) && FileManager.default.fileExists(atPath: path) {
                sourceDirs.append(path)
                continue
            }
            let hasSources = path != "-" && reader.containsSources(path)
            if hasSources { sourceDirs.append(path) }
            do {
                let (input, s, _) = try context.loadResolvedWithStatus(path)
                inputs.append(input)
                if status == .success { status = s }
            } catch where hasSources && isEmptyDirectory(error) {
                continue   // a directory of sources only
            }
        }
        // Nothing to check against: a CI job pointed at the wrong directory must not pass.
        if inputs.allSatisfy({ $0.documents.isEmpty }) && status == .success {
            throw InputError(.emptyDirectory, path: paths.joined(separator: ", "))
        }
        return (inputs, reader.read(directories: sourceDirs), status)
    }

    /// Without sources (none among the inputs, no `--sources`), the class tables of the inputs' IB 2/3
    /// nib bundles (``ClassesNib``) when they have some: the nibs are checked against the classes
    /// Interface Builder recorded with them. Otherwise the sources as read.
    static func classesNibFallback(_ sources: SourceIndex, inputs: [NibInput], extra: [String]) -> SourceIndex {
        guard extra.isEmpty, sources.fileCount.values.reduce(0, +) == 0, sources.swiftFilesNotRead.isEmpty,
              let declared = ClassesNib.sourceIndex(for: inputs) else { return sources }
        return declared
    }

    /// The warnings of the walks for sources (a link leading outside a directory, a FIFO, …) as
    /// diagnostics, leaving out those an input's walk of the same directory already gave.
    static func sourceWalkDiagnostics(_ sources: SourceIndex, besides inputs: [NibInput]) -> [Diagnostic] {
        let given = Set(inputs.flatMap(\.diagnostics).map { "\($0.code.rawValue) \($0.location.path ?? "")" })
        return sources.walkWarnings.map(Diagnostic.init).filter { !given.contains("\($0.code.rawValue) \($0.location.path ?? "")") }
    }

    static func isEmptyDirectory(_ error: any Error) -> Bool {
        if let e = error as? InputError { return e.kind == .emptyDirectory }
        if let e = error as? FileError { return isEmptyDirectory(e.underlying) }
        return false
    }

    struct Output: Encodable {
        var findings: [Finding]
        /// With --class: one explanation per class of that name (`explanation` when there is one).
        var explanation: ClassExplanation?
        var explanations: [ClassExplanation]?
        var diagnostics: [Diagnostic]
        /// What each check covered (``Coverage``).
        var coverage: Coverage
    }

    static func writeJSON(findings: [Finding], explanations: [ClassExplanation], diagnostics: [Diagnostic], coverage: Coverage,
                          to console: Console) throws {
        console.write(try ResolvedJSON.render(Output(findings: findings, explanation: explanations.count == 1 ? explanations[0] : nil,
                                                     explanations: explanations.count > 1 ? explanations : nil,
                                                     diagnostics: diagnostics, coverage: coverage)))
    }
}

/// The text of `why`.
enum WhyText {
    static func findings(_ findings: [Finding], style: TerminalStyle) -> String {
        var out = ""
        var current: String?? = .none
        for f in findings {
            if current != .some(f.document) {
                current = .some(f.document)
                out += (out.isEmpty ? "" : "\n") + style.detail("== \(Escape.terminal(f.document ?? "in code")) ==") + "\n"
            }
            out += line(f, style: style)
        }
        return out
    }

    static func line(_ f: Finding, style: TerminalStyle) -> String {
        var out = "  " + severity(f.severity, style: style) + " " + style.kind(f.code.rawValue) + ": "
        // The object once: not before a message that names it already.
        if let object = f.object, !f.message.contains(object) { out += style.name(Escape.terminal(object)) + ": " }
        out += Escape.terminal(f.message) + "\n"
        var details: [String] = []
        if let line = f.line { details.append("line \(line)") }
        if !f.sources.isEmpty { details.append("source " + f.sourcesText.joined(separator: ", ")) }
        if let fix = f.fix { details.append("fix: " + fix) }
        if !details.isEmpty { out += "    " + style.detail(Escape.terminal(details.joined(separator: " · "))) + "\n" }
        return out
    }

    static func severity(_ s: Diagnostic.Severity, style: TerminalStyle) -> String {
        switch s {
        case .error: return style.customClass("error")
        case .warning: return style.name("warning")
        case .info: return style.detail("info")
        }
    }

    /// The last line: `22 findings: 13 errors, 9 warnings (10 documents; 12 Swift files, …)` or
    /// `No findings (…)`, then `; 2 checks skipped, 1 in part (see Coverage)` when some check did
    /// not cover everything; after a blank line.
    static func summary(_ findings: [Finding], documents: Int, sources: SourceIndex, coverage: Coverage) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        let swift = sources.fileCount[.swift] ?? 0
        let objc = sources.fileCount[.objectiveC] ?? 0
        var s = findings.isEmpty ? "\nNo findings" : "\n\(plural(findings.count, "finding")): \(plural(errors, "error")), \(plural(warnings, "warning"))"
        if NibSourceCheck.isFromClassesNib(sources) {
            s += " (\(plural(documents, "document")); \(plural(objc, "classes.nib")), \(plural(sources.classes.count, "class", "classes")))"
        } else {
            s += " (\(plural(documents, "document")); \(plural(swift, "Swift file")), \(plural(objc, "Objective-C file")), \(plural(sources.classes.count, "class", "classes")))"
        }
        let skipped = coverage.entries.filter { $0.status == .skipped }.count
        let partial = coverage.incomplete.count - skipped
        let gaps = [skipped > 0 ? "\(plural(skipped, "check")) skipped" : nil, partial > 0 ? "\(partial) in part" : nil].compactMap { $0 }
        if !gaps.isEmpty { s += "; " + gaps.joined(separator: ", ") + " (see Coverage)" }
        return s + "\n"
    }

    /// `Coverage:` and one line per check (``Coverage/Entry/description``), escaped. Checks skipped
    /// for the same reason share a line (`not checked — no Swift or Objective-C sources read …:
    /// classes, outlet connections, …`); so do `lint`'s nib rules that ran on every document
    /// (`nib rules: 11 ran on every document`) and the checks turned off by `--only`, `--disable`
    /// or a configuration.
    /// `afterOutput`: something was printed before (a blank line separates them).
    static func coverage(_ coverage: Coverage, style: TerminalStyle, afterOutput: Bool = true) -> String {
        var lines: [String] = []
        var completeRules = 0
        var off: [String] = []
        var sameReason: [String: Int] = [:]
        for e in coverage.entries where e.status == .skipped { sameReason[e.reason ?? "", default: 0] += 1 }
        var grouped: Set<String> = []
        for e in coverage.entries {
            if e.status == .skipped, e.reason == LintCommand.notRunReason {
                off.append(e.check)
                continue
            }
            if e.status == .skipped, let reason = e.reason, sameReason[reason, default: 0] > 1 {
                if grouped.insert(reason).inserted {
                    let titles = coverage.entries.filter { $0.status == .skipped && $0.reason == reason }.map(\.title)
                    lines.append(Escape.terminal("not checked — \(reason): " + titles.joined(separator: ", ")))
                }
                continue
            }
            if e.rules.count == 1, e.check == e.rules[0].rawValue, !e.isIncomplete {
                completeRules += 1
                continue
            }
            lines.append(Escape.terminal(e.description))
        }
        if completeRules > 0 { lines.append("nib rules: \(completeRules) ran on every document") }
        if !off.isEmpty { lines.append("turned off (--only, --disable or the configuration): \(plural(off.count, "check"))") }
        guard !lines.isEmpty else { return "" }
        return (afterOutput ? "\n" : "") + style.detail("Coverage:") + "\n" + lines.map { "  " + $0 + "\n" }.joined()
    }

    static func plural(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) " + (n == 1 ? one : many ?? one + "s")
    }

    static func explanation(_ e: ClassExplanation, style: TerminalStyle) -> String {
        var out = style.customClass(Escape.terminal(e.className))
        if e.runtimeName != e.className { out += style.detail(" (runtime name \(Escape.terminal(e.runtimeName)))") }
        out += "\n"
        if e.declarations.isEmpty {
            out += "  declared in no source read\n"
        } else {
            let places = e.declarations.map(LintReport.relative)
            out += "  declared: \(e.language.map { $0 == "objc" ? "Objective-C, " : "Swift, " } ?? "")\(Escape.terminal(places.joined(separator: ", ")))\n"
        }
        if !e.superclasses.isEmpty { out += "  superclasses: " + Escape.terminal(e.superclasses.joined(separator: " → ")) + "\n" }
        out += "  appears in \(plural(e.appearances.count, "place")):\n"
        for p in e.appearances {
            out += "    " + Escape.terminal(p.document) + ": " + style.name(Escape.terminal(p.object)) + (p.scene.map { style.detail(" (scene \(Escape.terminal($0)))") } ?? "") + "\n"
        }
        for m in e.members {
            out += "\n" + style.kind(m.kind) + " " + style.name(Escape.terminal(m.name))
            if let d = m.declaration { out += " — " + Escape.terminal(d) }
            if let owner = m.declaredIn, owner != e.className { out += " (declared in \(Escape.terminal(owner)))" }
            if let s = m.source { out += style.detail(" " + Escape.terminal(s)) }
            if m.source == nil { out += style.detail(" (declared in no source read)") }
            out += "\n"
            for s in m.statuses {
                out += "  " + Escape.terminal(s.document) + ": "
                if s.object == "First Responder" {
                    out += "sent through the responder chain by " + Escape.terminal(s.connections.joined(separator: "; ")) + "\n"
                } else if s.connections.isEmpty {
                    out += style.customClass("not connected") + "\n"
                } else {
                    out += (m.kind == "action" ? "from " : "→ ") + Escape.terminal(s.connections.joined(separator: "; "))
                    if let when = s.when { out += style.detail(" — set \(when)") }
                    out += "\n"
                }
            }
        }
        if !e.findings.isEmpty {
            out += "\nfindings:\n"
            for f in e.findings { out += line(f, style: style) }
        }
        out += "\nverdict: " + Escape.terminal(e.verdict) + "\n"
        return out
    }
}

extension NibSourceCheck {
    /// The check over `inputs`, checking identifiers and nib names in code only when some path is
    /// a directory (a whole project), not a few files of one.
    init(inputs: [NibInput], sources: SourceIndex, wholeProject paths: [String]) {
        self.init(inputs: inputs, sources: sources)
        var isDirectory: ObjCBool = false
        checksLiterals = paths.contains { FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && isDirectory.boolValue
            && !$0.hasSuffix(".storyboardc") && !$0.hasSuffix(".nib") && !$0.hasSuffix(".storyboardc/") && !$0.hasSuffix(".nib/") }
    }
}
