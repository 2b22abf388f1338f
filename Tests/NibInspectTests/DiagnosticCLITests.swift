import Foundation
import TestSupport
import Testing
@testable import NibInspectCore
import SourceIndex

/// Diagnostics in `nibinspect json` (resolved and `--raw`) and on stderr.
@Suite("Diagnostics in the CLI")
struct DiagnosticCLITests {
    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let c = Console.capturing()
        let code = NibInspectCLI.run(args, console: c)
        return (code, c.output, c.errors)
    }

    func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test("json shows an unknown coder version as a diagnostic with code, severity and byte offset")
    func unknownCoderVersionInJSON() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        var bytes = TinyNib.simple("Probe")
        bytes[14] = 11
        let path = try tree.write("Probe.nib", bytes)
        let resolved = run(["json", path])
        let line = "nibinspect: warning: \(path): byte 0xE: unknown NIBArchive version 1/11 (expected 1/9 or 1/10); reading anyway [unknown-archive-version]\n"
        #expect(resolved.code == .success && resolved.err == line)
        let doc = try #require((try object(resolved.out)["documents"] as? [[String: Any]])?.first)
        let d = try #require((doc["diagnostics"] as? [[String: Any]])?.first)
        #expect(d["code"] as? String == "unknown-archive-version")
        #expect(d["severity"] as? String == "warning")
        #expect(d["message"] as? String == "unknown NIBArchive version 1/11 (expected 1/9 or 1/10); reading anyway")
        let location = try #require(d["location"] as? [String: Any])
        #expect(location["byteOffset"] as? Int == 14 && location["document"] as? String == "Probe.nib")
        #expect(location["path"] as? String == path)
        // The raw tables carry it too, and `tree --raw` prints it the same way.
        let raw = try object(run(["json", "--raw", path]).out)
        #expect(raw["schemaVersion"] as? Int == 2)
        #expect((raw["diagnostics"] as? [[String: Any]])?.first?["code"] as? String == "unknown-archive-version")
        #expect(run(["tree", "--raw", path]).err == line)
    }

    @Test("a document that cannot be read is an error diagnostic in json and one error line on stderr")
    func documentNotReadInJSON() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Mixed/Good.nib", TinyNib.simple("GoodView"))
        try tree.write("Mixed/Bad.nib", [])
        let result = run(["json", tree.path("Mixed")])
        #expect(result.code == .dataError)
        #expect(result.err == "nibinspect: error: \(tree.path("Mixed/Bad.nib")): empty file [document-not-read]\n")
        let diagnostics = try #require(try object(result.out)["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["code"] as? String == "document-not-read")
        #expect(diagnostics.first?["severity"] as? String == "error")
        #expect(diagnostics.first?["message"] as? String == "empty file")
    }

    @Test("a warning about a source names the file and line it points to")
    func sourceWarningNamesFileAndLine() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let xib = """
            <?xml version="1.0"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
            <view id="a"/>
            <view id="a"/></objects></document>
            """
        try tree.write("Dup.xib", Array(xib.utf8))
        #expect(run(["tree", tree.path("Dup.xib")]).err == "nibinspect: warning: \(tree.path("Dup.xib")):5:1: duplicate object id 'a'; "
                + "later element kept as a separate entry, id 'a~2' [duplicate-object-id]\n")
    }

    @Test("container diagnostics are printed as warnings and listed in the raw container JSON")
    func containerDiagnostics() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("E.nib/objects-8.0+.nib", [])
        try tree.write("E.nib/runtime.nib", TinyNib.simple("Runtime"))
        let message = "empty variant (0 bytes); read runtime.nib instead"
        #expect(run(["tree", tree.path("E.nib")]).err
                == "nibinspect: warning: \(tree.path("E.nib/objects-8.0+.nib")): \(message) [empty-variant-skipped]\n")
        let raw = try object(run(["json", "--raw", tree.path("E.nib")]).out)
        let container = try #require(raw["container"] as? [String: Any])
        let d = try #require((container["diagnostics"] as? [[String: Any]])?.first)
        #expect(d["code"] as? String == "empty-variant-skipped" && d["message"] as? String == message)
    }

    /// A build without the toolchain's SwiftParser reads no Swift file; `why`, `lint` and `report`
    /// then say so in one warning line, never silently and never one line per file (issue 30).
    @Test("Swift files a build without SwiftParser could not read: one warning line")
    func swiftNotReadIsOneLine() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        for name in ["A", "B", "C"] { try tree.write("p/\(name).swift", text: "class \(name) {}") }
        try tree.write("p/Util.m", text: "@implementation Util @end")
        let sources = SourceCodeReader().read(directories: [tree.path("p")])
        let lines = sources.diagnostics.map { DiagnosticText.line($0, input: "") }
        #expect(lines == ["nibinspect: warning: \(tree.path("p/A.swift")): 3 Swift files not read (this one and 2 more): this nibinspect "
                          + "was built without the toolchain's SwiftParser (lib/swift/host; see README, 'Install'); their classes "
                          + "are unknown to the checks [source-not-parsed]"])
    }
}
