import TestSupport
import Foundation
import Testing
@testable import NibInspectCore

/// The CLI on xib/storyboard sources: `tree`, `connections`, `json` and `compare`.
@Suite("CLI on sources")
struct SourceCLITests {
    static let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="LoginViewController">
                <connections>
                    <outlet property="button" destination="btn" id="c1"/>
                    <outlet property="missing" destination="nowhere" id="c2"/>
                </connections>
            </placeholder>
            <placeholder placeholderIdentifier="IBFirstResponder" id="-2"/>
            <view id="v">
                <subviews>
                    <button id="btn">
                        <state key="normal" title="Sign In"/>
                        <connections>
                            <action selector="signIn:" destination="-1" eventType="touchUpInside" id="c3"/>
                        </connections>
                    </button>
                </subviews>
            </view>
        </objects>
    </document>
    """

    func run(_ args: [String], stdin: [UInt8]? = nil) -> (ExitCode, String, String) {
        let console = Console.capturing(stdin: stdin)
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output, console.errors)
    }

    func temporaryFile(_ text: String, name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibinspect-xib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func treeConnectionsAndJSONReadSources() throws {
        let path = try temporaryFile(Self.xib, name: "Login.xib")
        let (code, out, _) = run(["tree", path])
        #expect(code == .success)
        #expect(out.contains("File's Owner") && out.contains("LoginViewController"))
        #expect(out.contains("btn UIButton \"Sign In\""))
        let (code2, conns, _) = run(["connections", "--format", "tsv", path])
        #expect(code2 == .success)
        #expect(conns.contains("signIn:") && conns.contains("touchUpInside"))
        #expect(conns.contains("destination 'nowhere' not found (line 7)"))
        let (code3, json, _) = run(["json", path])
        #expect(code3 == .success)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        #expect(object is [String: Any] || object is [Any])
        #expect(json.contains("\"sourceLine\""))
    }

    @Test func standardInputMayBeASource() {
        let (code, out, _) = run(["tree", "-"], stdin: Array(Self.xib.utf8))
        #expect(code == .success)
        #expect(out.contains("LoginViewController"))
    }

    @Test func malformedSourceExits65WithTheLine() throws {
        let path = try temporaryFile("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\">\n<objects <\n", name: "Bad.xib")
        let (code, out, err) = run(["tree", path])
        #expect(code == .dataError)
        #expect(out.isEmpty)
        #expect(err.contains("Bad.xib") && err.contains("line 3"))
    }

    @Test func compareExitCodes() throws {
        let src = try temporaryFile(Self.xib, name: "Login.xib")
        // Two sources compare too (ids are matched by structure all the same). The dangling
        // `missing` outlet cannot be matched, so this one differs; without it, it agrees.
        let (same, sameText, _) = run(["compare", src, src])
        #expect(same == .findings)
        #expect(sameText.contains("outlet 'missing'"))
        let clean = try temporaryFile(Self.xib.replacingOccurrences(of: "<outlet property=\"missing\" destination=\"nowhere\" id=\"c2\"/>", with: ""), name: "Clean.xib")
        let (agree, _, _) = run(["compare", clean, clean])
        #expect(agree == .success)
        let (notSource, _, err) = run(["compare", "/nonexistent/Login.xib", src])
        #expect(notSource == .noInput)
        #expect(err.contains("/nonexistent/Login.xib"))
        let (usage, _, _) = run(["compare", src])
        #expect(usage == .usage)
        let (help, helpText, _) = run(["help", "compare"])
        #expect(help == .success && helpText.contains("Exit status 0 when the two agree"))
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func compareOnARealPair() throws {
        let root = try #require(Corpus.root).appendingPathComponent("viraptor__ibtool/samples/correct")
        let xib = root.appendingPathComponent("StatusBar.xib").path
        let (agree, out, _) = run(["compare", xib, root.appendingPathComponent("StatusBar.nib").path])
        #expect(agree == .success)
        #expect(out.contains(": agree"))
        let (differ, text, _) = run(["compare", xib, root.appendingPathComponent("binding_options_order.nib").path])
        #expect(differ == .findings)
        #expect(text.contains("line 12: connection only in source: outlet 'fTotalDLField'"))
        let (jsonCode, json, _) = run(["compare", "--format", "json", xib, root.appendingPathComponent("StatusBar.nib").path])
        #expect(jsonCode == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["agrees"] as? Bool == true)
        let storyboard = root.appendingPathComponent("sb_button_hug.storyboard").path
        let (sb, sbText, _) = run(["compare", storyboard, root.appendingPathComponent("sb_button_hug.out").path])
        #expect(sb == .success, "\(sbText)")
    }

    /// Compiled nibs holding reusable-view nibs (nested archives): the CLI reads them as extra
    /// documents and must compare each with its prototype, not report the xib as a storyboard.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage),
          arguments: ["HSChooserWindow", "outline_cellview", "reusable_views_order", "test17_scrollhiding",
                      "test24_tables_elastic", "transmission_MainMenu"])
    func compareWithNestedArchives(name: String) throws {
        let root = try #require(Corpus.root).appendingPathComponent("viraptor__ibtool/samples/correct")
        let (code, out, err) = run(["compare", root.appendingPathComponent(name + ".xib").path,
                                    root.appendingPathComponent(name + ".nib").path])
        #expect(code == .success, "\(out)\(err)")
        #expect(out.contains("  nested archive reusable view \""))
        #expect(!out.contains("File's Owner\" ("))
    }

    @Test func compareCountsConnectionsAsTreeDoes() throws {
        let samples = CLITests.packageRoot.appendingPathComponent("Samples")
        let xib = samples.appendingPathComponent("LoginViewController.xib").path
        let nib = samples.appendingPathComponent("LoginViewController.nib").path
        let (_, tree, _) = run(["tree", nib])
        let header = try #require(tree.split(separator: "\n").first)
        let listed = try #require(header.split(separator: ",").last?.split(separator: " ").first.flatMap { Int($0) })
        let (code, out, _) = run(["compare", xib, nib])
        #expect(code == .success)
        // The outlet collection is one connection as listed, one endpoint per member as compared.
        #expect(out.contains("  connections: \(listed) in source, \(listed) compiled; compared: \(listed + 1) endpoints in source"), "\(out)")
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func everyCorpusSourceLoadsViaTree() {
        var failures: [String] = []
        let entries = Corpus.entries(format: "xml-ib")
        for entry in entries {
            let (code, out, err) = run(["tree", entry.url.path])
            if code != .success || out.isEmpty { failures.append("\(entry): exit \(code.rawValue) \(err)") }
        }
        #expect(entries.count > 150)
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test("compare names what a rejected <source> really is")
    func compareNamesRejectedSource() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let nib = CLITests.packageRoot.appendingPathComponent("Samples/LoginViewController.nib").path
        let cases: [(String, [UInt8]?, String)] = [
            ("empty.xib", [], "is an empty file"),
            ("notes.xib", Array("just some notes\n".utf8), "is plain UTF-8 text"),
            ("noise.xib", [0x00, 0xFF, 0x13, 0x37, 0x00, 0x01], "is binary data of no known format"),
            ("picture.xib", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], "is a PNG image"),
            ("dir", nil, "is a directory"),
        ]
        for (name, bytes, words) in cases {
            let path = try bytes.map { try tree.write(name, $0) } ?? tree.mkdir(name)
            let (code, _, err) = run(["compare", path, nib])
            #expect(code == .usage)
            #expect(err.contains("'\(path)' \(words)"), "\(err)")
        }
        let (_, _, err) = run(["compare", nib, nib])
        #expect(err.contains("is a compiled nib (NIBArchive)"), "\(err)")
    }

    @Test("a directory of sources, and one that mixes sources and compiled nibs, shows every document, each labelled")
    func directoriesWithSources() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let samples = CLITests.packageRoot.appendingPathComponent("Samples")
        for name in ["LoginViewController.xib", "LoginViewController.nib"] {
            try tree.write("mixed/" + name, [UInt8](try Data(contentsOf: samples.appendingPathComponent(name))))
        }
        try tree.write("sources/Login.xib", [UInt8](try Data(contentsOf: samples.appendingPathComponent("LoginViewController.xib"))))
        let (code, out, err) = run(["tree", tree.path("mixed")])
        #expect(code == .success, "\(err)")
        #expect(out.hasPrefix("mixed: directory, 2 documents\n"))
        #expect(out.contains("== LoginViewController.nib ==\nLoginViewController.nib — iOS NIBArchive (format 1, coder 9)"))
        #expect(out.contains("== LoginViewController.xib ==\nLoginViewController.xib — iOS xib (version 3.0"))
        let sources = run(["tree", tree.path("sources")])
        #expect(sources.0 == .success, "\(sources.2)")
        #expect(sources.1.contains("Login.xib — iOS xib"))
        let json = run(["json", tree.path("mixed")])
        #expect(json.1.contains("\"format\" : \"xib\"") && json.1.contains("\"format\" : \"nibArchive\""))
    }
}
