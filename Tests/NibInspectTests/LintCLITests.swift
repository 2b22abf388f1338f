import Foundation
import Testing
import TestSupport
@testable import NibInspectCore
import NibDiagnosis

/// `nibinspect lint` run in-process over the WhyApp fixture: reporters (reviewed goldens; SARIF
/// validated against the SARIF 2.1.0 schema of ../shared/schemas), rule selection, configuration,
/// baseline and exit statuses.
@Suite("lint CLI")
struct LintCLITests {
    static let fixture = WhyCLITests.fixture

    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        // Goldens do not depend on where the checkout is.
        let root = Self.fixture
        return (code, console.output.replacingOccurrences(of: root, with: "<WhyApp>"),
                console.errors.replacingOccurrences(of: root, with: "<WhyApp>"))
    }

    @Test(arguments: ["text", "xcode", "json", "sarif", "github", "checkstyle", "junit", "codeclimate"])
    func reporterOutputIsTheReviewedGolden(format: String) {
        let r = run(["lint", "--format", format, Self.fixture])
        #expect(r.code == .findings)
        #expect(r.err.isEmpty, "\(r.err)")
        goldenFiles.check(r.out, "lint-WhyApp.\(format == "text" ? "txt" : format)")
    }

    @Test func sarifIsValidAgainstTheSchema() throws {
        let schema = Corpus.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/schemas/sarif-schema-2.1.0.json")
        guard FileManager.default.fileExists(atPath: schema.path) else {
            print("../shared/schemas absent; SARIF schema validation skipped")
            return
        }
        let r = run(["lint", "--format", "sarif", Self.fixture])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).sarif")
        try r.out.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                print("SKIP"); sys.exit(0)
            schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
            errors = list(jsonschema.Draft4Validator(schema).iter_errors(doc))
            for e in errors[:5]: print("/".join(map(str, e.absolute_path)), e.message[:200])
            print("OK" if not errors else "INVALID")
            """, schema.path, file.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        p.waitUntilExit()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if out.hasPrefix("SKIP") { print("jsonschema not installed; SARIF schema validation skipped"); return }
        #expect(out.hasSuffix("OK\n"), "\(out)")
        // Rules are described, results point into them.
        let log = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        // Every rule that ran: all but the house rules that are off by default.
        #expect((driver["rules"] as? [Any])?.count == LintRules.all.filter { !$0.offByDefault }.count)
        #expect((runs[0]["results"] as? [Any])?.count == 27)
    }

    @Test func onlyDisableAndFailOnSelectFindingsAndStatus() {
        let only = run(["lint", "--format", "xcode", "--only", "undeclared-outlet", Self.fixture])
        #expect(only.out.split(separator: "\n").count == 1 && only.out.contains("[undeclared-outlet]"))
        let disabled = run(["lint", "--format", "xcode", "--disable", "undeclared-outlet", Self.fixture])
        #expect(disabled.out.split(separator: "\n").count == 26 && !disabled.out.contains("[undeclared-outlet]"))
        // Warnings only: exit 0 with --fail-on error, 1 by default.
        let warnings = ["lint", "--only", "duplicate-connection", "--only", "weak-top-level-outlet", Self.fixture]
        #expect(run(warnings).code == .findings)
        #expect(run(warnings + ["--fail-on", "error"]).code == .success)
        #expect(run(["lint", "--only", "nope", Self.fixture]).code == .usage)
    }

    @Test func baselineToleratesRecordedFindingsByRuleDocumentAndObject() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lint-baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let baseline = dir.appendingPathComponent("baseline.json").path
        let write = run(["lint", "--only", "undeclared-outlet", "--only", "view-outlet-not-set", "--write-baseline", baseline, Self.fixture])
        #expect(write.code == .success)
        #expect(write.err == "nibinspect: baseline of 2 findings written to \(baseline)\n")
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains("\"rule\" : \"undeclared-outlet\"") && text.contains("\"member\" : \"subtitleLabel\"") && !text.contains("line"))
        let after = run(["lint", "--format", "xcode", "--baseline", baseline, Self.fixture])
        #expect(after.out.split(separator: "\n").count == 25)
        #expect(!after.out.contains("[undeclared-outlet]") && !after.out.contains("[view-outlet-not-set]"))
        #expect(run(["lint", "--baseline", dir.appendingPathComponent("missing.json").path, Self.fixture]).code == .noInput)
        // A baseline of another version, or not a baseline at all: exit 65, one line naming the file.
        let old = dir.appendingPathComponent("old.json").path
        try #"{"version": 1, "findings": []}"#.write(toFile: old, atomically: true, encoding: .utf8)
        let refused = run(["lint", "--baseline", old, Self.fixture])
        #expect(refused.code == .dataError)
        #expect(refused.err == "nibinspect: error: \(old): baseline version 1; this nibinspect reads version 2 (write it again with --write-baseline)\n")
        try "[1, 2]".write(toFile: old, atomically: true, encoding: .utf8)
        let garbage = run(["lint", "--baseline", old, Self.fixture])
        #expect(garbage.code == .dataError && garbage.err.hasPrefix("nibinspect: error: \(old): not a baseline written by --write-baseline (")
                && garbage.err.split(separator: "\n").count == 1)
    }

    @Test func configurationSetsSeveritiesDisablesAndExcludes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lint-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.json")
        try #"{"disable": ["generic-class"], "severity": {"undeclared-outlet": "info"}, "exclude": ["*/CardView.xib", "*/Gallery.xib"]}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let r = run(["lint", "--format", "xcode", "--config", config.path, Self.fixture])
        #expect(r.out.contains("note: WhyApp.ProfileViewController has no outlet subtitleLabel"))
        #expect(!r.out.contains("[generic-class]") && !r.out.contains("CardView.xib") && !r.out.contains("Gallery.xib"))
        try #"{"disable": ["no-such-rule"]}"#.write(to: config, atomically: true, encoding: .utf8)
        let bad = run(["lint", "--config", config.path, Self.fixture])
        #expect(bad.code == .dataError)
        #expect(bad.err.contains("unknown rule 'no-such-rule' in \"disable\""))
    }

    @Test func writeBaselineRefusesToOverwriteAnInputOrASource() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lint-baseline-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let xib = dir.appendingPathComponent("About.xib").path
        try FileManager.default.copyItem(atPath: Self.fixture + "/Resources/AboutViewController.xib", toPath: xib)
        let sources = dir.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let swift = sources.appendingPathComponent("About.swift").path
        try "import UIKit\nclass AboutViewController: UIViewController {}\n".write(toFile: swift, atomically: true, encoding: .utf8)
        let before = try [xib, swift].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let input = run(["lint", "--write-baseline", xib, xib])
        #expect(input.code == .usage && input.err.contains("--write-baseline '\(xib)' is the input file; nibinspect never overwrites its input"))
        let source = run(["lint", "--write-baseline", swift, "--sources", sources.path, xib])
        #expect(source.code == .usage && source.err.contains("--write-baseline '\(swift)' is a file inside the input '\(sources.path)'"))
        let inDirectory = run(["lint", "--write-baseline", xib, dir.path])
        #expect(inDirectory.code == .usage && inDirectory.err.contains("is a file inside the input '\(dir.path)' that nibinspect reads"))
        #expect(try [xib, swift].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
        // A baseline of its own beside the inputs is written, as the README shows.
        let baseline = dir.appendingPathComponent(".nibinspect-baseline.json").path
        #expect(run(["lint", "--write-baseline", baseline, dir.path]).code == .success)
        #expect(FileManager.default.fileExists(atPath: baseline))
    }

    @Test func configurationWithANegativeNumberNamesTheOption() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lint-config-number-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.json").path
        for (value, shown) in [("-1", "-1"), ("-0.5", "-0.5"), ("1e30", "1e+30")] {
            try #"{"options": {"maxTopLevelObjects": \#(value)}}"#.write(toFile: config, atomically: true, encoding: .utf8)
            let r = run(["lint", "--config", config, Self.fixture])
            #expect(r.code == .dataError && r.out.isEmpty)
            #expect(r.err == "nibinspect: error: \(config): option \"maxTopLevelObjects\" of large-nib is \(shown); expected a whole number, 0 or more\n")
        }
    }

    @Test func listRulesShowsAnotherLintersNamesForARule() throws {
        let rule = RuleInfo(.largeNib, severity: .info, aliases: [RuleAlias(tool: "xiblint", id: "large_nib"), RuleAlias(tool: "IBLinter", id: "big")],
                            "Big.")
        #expect(RuleList.text([rule]) == "large-nib (info; every input; also: xiblint large_nib, IBLinter big)\n    Big.\n")
        let json = try RuleList.json([rule])
        #expect(json.contains(#""aliases" : ["#) && json.contains(#""xiblint large_nib""#))
        #expect(try RuleList.json(LintRules.all).contains(#""xiblint named_colors""#))
        // A house rule says it is off by default.
        let house = try #require(LintRules.rule(named: "named_colors"))
        #expect(RuleList.text([house]).hasPrefix("named-colors (warning; xib and storyboard sources; off by default; also: xiblint named_colors)\n"))
        #expect(try RuleList.json([house]).contains(#""offByDefault" : true"#) && !(try RuleList.json([rule]).contains("offByDefault")))
    }

    @Test func listRulesPrintsEveryRule() throws {
        let r = run(["lint", "--list-rules"])
        #expect(r.code == .success)
        for code in FindingCode.allCases { #expect(r.out.contains(code.rawValue + " (")) }
        let json = run(["lint", "--list-rules", "--format", "json"])
        let rules = try #require((try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.count == FindingCode.allCases.count)
    }
}
