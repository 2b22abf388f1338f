import Foundation
import NibModel
import Testing
@testable import NibInspectCore

/// Options with a closed set of values take them from one `CaseIterable` enum: the parser refuses
/// others, and help, the man page and the completions list the enum's cases.
@Suite struct OptionValuesTests {
    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output, console.errors)
    }

    /// The `--format` values of each command and the enum they come from.
    static let formats: [(command: String, values: [String])] = [
        ("why", WhyCommand.Format.allCases.map(\.rawValue)), ("diff", DiffCommand.Format.allCases.map(\.rawValue)),
        ("lifecycle", LifecycleCommand.Format.allCases.map(\.rawValue)), ("compare", CompareCommand.Format.allCases.map(\.rawValue)),
        ("connections", ConnectionsCommand.Format.allCases.map(\.rawValue)), ("scan", ScanCommand.Format.allCases.map(\.rawValue)),
        ("strings", StringsCommand.Format.allCases.map(\.rawValue)), ("graph", GraphCommand.Format.allCases.map(\.rawValue)),
        ("lint", LintCommand.Format.allCases.map(\.rawValue)),
    ]

    @Test func formatsAreTheEnumsCasesInHelpManualAndCompletions() throws {
        let (_, manual, _) = run(["--generate-manual"])
        let (_, fish, _) = run(["--generate-completion-script", "fish"])
        for (name, values) in Self.formats {
            let command = try #require(NibInspectCLI.commands.first { $0.spec.name == name })
            let option = try #require(command.spec.options.first { $0.primary == "--format" })
            #expect(option.allowed == values, "\(name)")
            #expect(command.spec.help.contains("(values: \(values.joined(separator: ", ")))"), "\(name)")
            #expect(manual.contains("Values: \(values.joined(separator: ", "))."), "\(name)")
            #expect(fish.contains("__fish_seen_subcommand_from \(name)' -l format") && fish.contains("-a '\(values.joined(separator: " "))'"), "\(name)")
        }
        #expect(LintCommand.Format.allCases.map(\.rawValue) == ["text", "xcode", "json", "sarif", "github", "checkstyle", "junit", "codeclimate"])
    }

    @Test func aValueOutsideTheEnumIsAUsageErrorNamingTheValues() {
        let r = run(["lint", "--format", "pmd", "x.xib"])
        #expect(r.code == .usage)
        #expect(r.err.contains("The value 'pmd' is invalid for '--format <format>'; expected one of: text, xcode, json, sarif, github, checkstyle, junit, codeclimate"))
        #expect(run(["lint", "--fail-on", "fatal", "x.xib"]).err.contains("expected one of: error, warning, info"))
        #expect(run(["tree", "--color", "sometimes", "x.xib"]).err.contains("expected one of: auto, always, never"))
        #expect(run(["graph", "--rankdir", "RL", "x.xib"]).err.contains("expected one of: auto, LR, TB"))
    }

    @Test func parsedValuesReadAsTheEnum() throws {
        let args = try ParsedArguments(["--format", "sarif", "--fail-on", "info"], spec: LintCommand.spec)
        #expect(args.value("--format", as: LintCommand.Format.self) == .sarif)
        #expect(args.value("--fail-on", as: Diagnostic.Severity.self) == .info)
        #expect(args.value("--config", as: LintCommand.Format.self) == nil)
    }
}
