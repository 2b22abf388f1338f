import Foundation
import Testing
import TestSupport
@testable import NibInspectCore

/// `lint --format checkstyle | junit | codeclimate` over the WhyApp fixture: each output is read by
/// a consumer of its format (Python's XML parser for Checkstyle's documented layout, the PyPI
/// package junitparser for JUnit, jsonschema with GitLab's documented code quality fields for
/// Code Climate) and its findings counted against the JSON reporter's.
@Suite struct LintReporterFormatTests {
    static let fixture = WhyCLITests.fixture

    static func lint(_ format: String, _ extra: [String] = []) -> String {
        let console = Console.capturing()
        _ = NibInspectCLI.run(["lint", "--format", format] + extra + [fixture], console: console)
        return console.output
    }

    /// Runs `script` with the output in a file as argv[1]; "SKIP" when a module is missing.
    static func python(_ script: String, _ output: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)")
        try output.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, file.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return out
    }

    static var findingCount: Int {
        let json = try? JSONSerialization.jsonObject(with: Data(lint("json").utf8)) as? [String: Any]
        return (json?["findings"] as? [Any])?.count ?? -1
    }

    @Test("checkstyle: <checkstyle version> of <file name> of <error line column severity message source>, one per finding")
    func checkstyle() throws {
        let out = try Self.python("""
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            assert root.tag == "checkstyle" and root.get("version"), root.tag
            n = 0
            for f in root:
                assert f.tag == "file" and f.get("name"), f.tag
                for e in f:
                    assert e.tag == "error" and e.get("severity") in ("error", "warning", "info", "ignore") and e.get("message")
                    assert e.get("source", "").startswith("nibinspect.")
                    if e.get("line") is not None: assert int(e.get("line")) > 0 and int(e.get("column")) == 1
                    n += 1
            print(n)
            """, Self.lint("checkstyle"))
        #expect(out == "\(Self.findingCount)\n")
    }

    @Test("junit: junitparser reads one failing test case per finding, with file, line and message")
    func junit() throws {
        let out = try Self.python("""
            import sys
            try:
                from junitparser import JUnitXml, Failure
            except ImportError:
                print("SKIP"); sys.exit(0)
            xml = JUnitXml.fromfile(sys.argv[1])
            cases = [c for suite in xml for c in suite]
            failed = [c for c in cases if any(isinstance(r, Failure) for r in c.result)]
            assert all(c.result[0].message for c in failed)
            print(len(cases), len(failed), sum(1 for c in failed if c._elem.get("line")), xml.failures)
            """, Self.lint("junit"))
        if out.hasPrefix("SKIP") { print("junitparser not installed (make test-deps); JUnit check skipped"); return }
        let n = Self.findingCount
        #expect(n > 0)
        #expect(out.hasPrefix("\(n) \(n) "), "\(out)")
        #expect(out.hasSuffix(" \(n)\n"), "\(out)")
        // No finding: one passing test case.
        let empty = try Self.python("""
            import sys
            from junitparser import JUnitXml
            xml = JUnitXml.fromfile(sys.argv[1]); print(xml.tests, xml.failures)
            """, Self.lint("junit", ["--only", "large-nib"]))
        #expect(empty == "1 0\n")
    }

    @Test("codeclimate: GitLab's code quality fields, valid, with unique fingerprints that do not depend on the line")
    func codeclimate() throws {
        let out = try Self.python("""
            import json, sys
            try:
                import jsonschema
            except ImportError:
                print("SKIP"); sys.exit(0)
            schema = {"type": "array", "items": {"type": "object",
                "required": ["description", "check_name", "fingerprint", "severity", "location"],
                "properties": {"description": {"type": "string", "minLength": 1}, "check_name": {"type": "string", "minLength": 1},
                    "fingerprint": {"type": "string", "pattern": "^[0-9a-f]{32}$"},
                    "severity": {"enum": ["info", "minor", "major", "critical", "blocker"]},
                    "type": {"const": "issue"}, "categories": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                    "location": {"type": "object", "required": ["path", "lines"], "properties": {"path": {"type": "string", "minLength": 1},
                        "lines": {"type": "object", "required": ["begin"], "properties": {"begin": {"type": "integer", "minimum": 1}}}}}}}}
            doc = json.load(open(sys.argv[1]))
            jsonschema.validate(doc, schema)
            prints = [i["fingerprint"] for i in doc]
            assert len(set(prints)) == len(prints)
            print(len(doc))
            """, Self.lint("codeclimate"))
        if out.hasPrefix("SKIP") { print("jsonschema not installed; Code Climate check skipped"); return }
        #expect(out == "\(Self.findingCount)\n")
        #expect(CodeClimateReporter.fingerprint("a") == CodeClimateReporter.fingerprint("a"))
        #expect(CodeClimateReporter.fingerprint("a") != CodeClimateReporter.fingerprint("b"))
    }
}
