import Foundation
import Testing
import TestSupport
@testable import NibInspectCore

/// What `why` and `lint` say they checked and did not (issue 26, "Coverage, always"): the text
/// section and summary line, the JSON `coverage` object (validated against
/// Schemas/nibinspect-findings.schema.json) and SARIF `toolExecutionNotifications` (validated
/// against the SARIF 2.1.0 schema of ../shared/schemas).
@Suite("coverage of why and lint")
struct CoverageCLITests {
    static let findingsSchema = Corpus.packageRoot.appendingPathComponent("Schemas/nibinspect-findings.schema.json")
    static let sarifSchema = Corpus.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/schemas/sarif-schema-2.1.0.json")

    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output, console.errors)
    }

    @Test("a clean result without sources or storyboards says on its summary line that checks were skipped, and lists why")
    func cleanResultWithSkippedChecks() {
        let r = run(["why", CLITests.sample])
        #expect(r.code == .success)
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Coverage:")
        #expect(lines.contains("  Swift and Objective-C sources: not checked — no .swift, .h, .m or .mm file among the inputs or --sources"))
        #expect(lines.contains { $0.hasPrefix("  not checked — no Swift or Objective-C sources read (give --sources DIR): classes, outlet connections,") })
        #expect(lines.contains("No findings (1 document; 0 Swift files, 0 Objective-C files, 0 classes); 14 checks skipped (see Coverage)"))
    }

    @Test("lint on compiled and source documents names the rules that skipped the compiled ones")
    func lintRulesByInputKind() {
        let r = run(["lint", CLITests.sample, CLITests.xib])
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("  ambiguous-layout: 1 documents checked; 1 not checked: compiled nibs (the rule applies to xib and storyboard sources)"))
        #expect(lines.contains("  nib rules: 11 ran on every document"))
        #expect(lines.last?.hasSuffix("; 14 checks skipped, 2 in part (see Coverage)") == true, "\(lines.last ?? "")")
        // --only turns the other checks off; they are one line, not one each.
        let only = run(["lint", "--only", "banned-class", CLITests.sample])
        #expect(only.out.contains("  turned off (--only, --disable or the configuration): 25 checks\n"))
    }

    @Test("JSON coverage: one entry per check, valid against the schema, for why and lint, with and without sources")
    func jsonCoverageMatchesTheSchema() throws {
        let whyApp = WhyCLITests.fixture
        let outputs = [
            ("why-sample.json", run(["why", "--format", "json", CLITests.sample]).out),
            ("why-app.json", run(["why", "--format", "json", whyApp]).out),
            ("why-class.json", run(["why", "--format", "json", "--class", "DetailViewController", whyApp]).out),
            ("lint-sample.json", run(["lint", "--format", "json", CLITests.sample, CLITests.xib]).out),
            ("lint-app.json", run(["lint", "--format", "json", whyApp]).out),
            ("lint-only.json", run(["lint", "--format", "json", "--only", "undeclared-outlet", whyApp]).out),
        ]
        let sample = try #require(try JSONSerialization.jsonObject(with: Data(outputs[0].1.utf8)) as? [String: Any])
        let coverage = try #require(sample["coverage"] as? [String: [String: Any]])
        #expect(coverage.count == 14)
        #expect(coverage["segue-identifiers"]?["status"] as? String == "skipped")
        #expect(coverage["segue-identifiers"]?["reason"] as? String == "no Swift or Objective-C sources read (give --sources DIR)")
        let lint = try #require(try JSONSerialization.jsonObject(with: Data(outputs[3].1.utf8)) as? [String: Any])
        let ambiguous = try #require((lint["coverage"] as? [String: [String: Any]])?["ambiguous-layout"])
        #expect(ambiguous["checked"] as? Int == 1 && (ambiguous["notChecked"] as? [[String: Any]])?.first?["count"] as? Int == 1)
        let only = try #require(try JSONSerialization.jsonObject(with: Data(outputs[5].1.utf8)) as? [String: Any])
        let onlyCoverage = try #require(only["coverage"] as? [String: [String: Any]])
        #expect(onlyCoverage["outlets"]?["status"] as? String == "ran")
        #expect(onlyCoverage["segue-identifiers"]?["status"] as? String == "skipped")
        guard SchemaValidator.isAvailable else {
            print(SchemaValidator.skipMessage)
            return
        }
        #expect(try SchemaValidator.errors(outputs, schema: Self.findingsSchema) == [])
        // The schema can fail: a skipped check with a count, an unknown status, a missing unit.
        let bad = """
            {"findings": [], "coverage": {"a": {"title": "a", "status": "skipped", "checked": 3, "unit": "x", "rules": [], "reason": "r"},
            "b": {"title": "b", "status": "maybe", "checked": 0, "unit": "x", "rules": []},
            "c": {"title": "c", "status": "ran", "checked": 0, "rules": []}}}
            """
        #expect(try SchemaValidator.errors([("bad.json", bad)], schema: Self.findingsSchema).count == 3)
    }

    @Test("SARIF: one tool execution notification per check, warnings for those skipped or partial; valid SARIF 2.1.0")
    func sarifNotifications() throws {
        let r = run(["lint", "--format", "sarif", CLITests.sample, CLITests.xib])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let invocation = try #require((runs[0]["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        let notes = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notes.count == 27)
        let byID = Dictionary(notes.map { (($0["descriptor"] as? [String: Any])?["id"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byID["segue-identifiers"]?["level"] as? String == "warning")
        #expect(byID["banned-class"]?["level"] as? String == "note")
        #expect((byID["ambiguous-layout"]?["associatedRule"] as? [String: Any])?["id"] as? String == "ambiguous-layout")
        #expect((byID["ambiguous-layout"]?["message"] as? [String: Any])?["text"] as? String
                    == "ambiguous-layout: 1 documents checked; 1 not checked: compiled nibs (the rule applies to xib and storyboard sources)")
        guard FileManager.default.fileExists(atPath: Self.sarifSchema.path) else {
            print("../shared/schemas absent; SARIF schema validation skipped")
            return
        }
        guard SchemaValidator.isAvailable else {
            print(SchemaValidator.skipMessage)
            return
        }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); doc = json.load(sys.stdin)
            errors = list(jsonschema.Draft4Validator(schema).iter_errors(doc))
            for e in errors[:5]: print("/".join(map(str, e.absolute_path)), e.message[:200])
            print("OK" if not errors else "INVALID")
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, Self.sarifSchema.path]
        let input = Pipe()
        let output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        input.fileHandleForWriting.write(Data(r.out.utf8))
        try input.fileHandleForWriting.close()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(out.hasSuffix("OK\n"), "\(out)")
    }
}
