import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore
import NibCompare

/// `nibinspect textconv`: goldens on the samples, determinism, unique paths, and a real
/// `git diff` through a `diff.nib.textconv` driver.
@Suite struct TextconvCLITests {
    static let samples = Corpus.packageRoot.appendingPathComponent("Samples").path

    static func run(_ args: [String]) -> (ExitCode, Console) {
        let console = Console.capturing(environment: [:])
        return (NibInspectCLI.run(args, console: console), console)
    }

    @Test(arguments: ["xib", "nib"]) func goldenOnLoginSample(ext: String) {
        let (code, c) = Self.run(["textconv", Self.samples + "/LoginViewController." + ext])
        #expect(code == .success)
        #expect(c.errors.isEmpty)
        goldenFiles.check(c.output, "textconv-login.\(ext).txt")
    }

    @Test func outputIsDeterministicAndFreeOfIds() {
        for name in ["LoginViewController.xib", "LoginViewController.nib", "MainMenu.xib", "MainMenu.nib"] {
            let first = Self.run(["textconv", Self.samples + "/" + name]).1.output
            let second = Self.run(["textconv", Self.samples + "/" + name]).1.output
            #expect(first == second, "\(name)")
            #expect(!first.isEmpty)
            // No archive indices (#12) and no xib ids (abc-12-xyz).
            #expect(first.range(of: #"#[0-9]+\b"#, options: .regularExpression) == nil, "\(name)")
            #expect(first.range(of: #"\b[A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3}\b"#, options: .regularExpression) == nil, "\(name)")
            #expect(!first.contains("canvasLocation"), "\(name)")
        }
    }

    /// The xib lists more (every attribute IB writes); the facts both keep read the same.
    @Test func xibAndNibAgreeOnSharedFacts() {
        let xib = Set(Self.run(["textconv", Self.samples + "/LoginViewController.xib"]).1.output.split(separator: "\n").map(String.init))
        let nib = Set(Self.run(["textconv", Self.samples + "/LoginViewController.nib"]).1.output.split(separator: "\n").map(String.init))
        for line in [
            #"UIView › UILabel @titleLabel . text = "Welcome""#,
            "UIView › UILabel @titleLabel . frame = {{24, 120}, {327, 34}}",
            #"UIView › UIButton @signInButton . title = "Sign In""#,
            "UIView › UIButton (forgotPassword:) action forgotPassword: → First Responder [touchUpInside]",
        ] {
            #expect(xib.contains(line), "xib: \(line)")
            #expect(nib.contains(line), "nib: \(line)")
        }
        // Object lines carry the style each encoding keeps (the xib's fontDescription, the nib's
        // resolved font): the same object and class, and a style both have.
        for (object, style) in [("UIView › UILabel @titleLabel : UILabel {", "textColor = labelColor"),
                                ("UIView › UIButton @signInButton : LoginDemo.PrimaryButton (UIButton) {", "translatesAutoresizingMaskIntoConstraints = NO")] {
            #expect(xib.contains { $0.hasPrefix(object) && $0.contains(style) }, "xib: \(object)")
            #expect(nib.contains { $0.hasPrefix(object) && $0.contains(style) }, "nib: \(object)")
        }
        #expect(xib.intersection(nib).count >= 15)
    }

    @Test func siblingsWithTheSameStepGetNumbered() {
        let doc = NibDocument(name: "t.xib", platform: .iOS, format: .xib, objects: [
            NibObject(id: ObjectID("v"), className: "UIView", children: [ObjectID("a"), ObjectID("b"), ObjectID("c")]),
            NibObject(id: ObjectID("a"), className: "UIButton", name: "OK", parent: ObjectID("v"), label: "OK"),
            NibObject(id: ObjectID("b"), className: "UIButton", name: "OK", parent: ObjectID("v"), label: "OK"),
            NibObject(id: ObjectID("c"), className: "UIButton", name: "Cancel", parent: ObjectID("v")),
        ], topLevelObjects: [ObjectID("v")], connections: [
            Connection(kind: .outlet, source: ObjectID("a"), destination: ObjectID("b"), label: "next"),
        ])
        let paths = doc.uniqueSemanticPaths()
        #expect(paths[ObjectID("a")] == "UIView › UIButton \"OK\"")
        #expect(paths[ObjectID("b")] == "UIView › UIButton \"OK\"[2]")
        #expect(paths[ObjectID("c")] == "UIView › UIButton")   // its title is no name
        #expect(CanonicalText.lines(of: doc).contains("UIView › UIButton \"OK\" outlet next → UIView › UIButton \"OK\"[2]"))
    }

    @Test func stringsStayOnOneLine() {
        let doc = NibDocument(name: "t.xib", platform: .iOS, format: .xib, objects: [
            NibObject(id: ObjectID("l"), className: "UILabel", properties: [Property("text", .string("a\n\"b\"\tc"))]),
        ], topLevelObjects: [ObjectID("l")])
        #expect(CanonicalText.lines(of: doc) == ["UILabel : UILabel", #"UILabel . text = "a\n\"b\"\tc""#])
    }

    /// A real `git diff` over two commits of a xib with the textconv driver set to the built tool.
    @Test func gitDiffShowsReadableChanges() throws {
        let tool = Corpus.packageRoot.appendingPathComponent(".build/debug/nibinspect").path
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            print("skipped: \(tool) not built (swift build)")
            return
        }
        guard let git = Self.which("git") else {
            print("skipped: git not found")
            return
        }
        let tree = try TempTree()
        defer { tree.remove() }
        func git_(_ args: String...) throws -> String {
            let (status, out, err) = try Self.exec(git, ["-C", tree.root] + args)
            if status != 0 { Issue.record("git \(args.joined(separator: " ")): \(err)") }
            return out
        }
        let original = try String(contentsOfFile: Self.samples + "/LoginViewController.xib", encoding: .utf8)
        try tree.write("Login.xib", text: original)
        try tree.write(".gitattributes", text: "*.xib diff=nib\n")
        _ = try git_("init", "-q")
        _ = try git_("config", "user.email", "test@example.com")
        _ = try git_("config", "user.name", "Test")
        _ = try git_("config", "commit.gpgsign", "false")
        _ = try git_("config", "diff.nib.textconv", tool + " textconv")
        _ = try git_("add", "-A")
        _ = try git_("commit", "-q", "-m", "one")
        // New title for the button; the titleLabel outlet now points at the second label.
        let edited = original
            .replacingOccurrences(of: #"<state key="normal" title="Sign In"/>"#, with: #"<state key="normal" title="Log In"/>"#)
            .replacingOccurrences(of: #"<outlet property="titleLabel" destination="kTg-3h-Qad""#,
                                  with: #"<outlet property="titleLabel" destination="Zp4-Nn-8Xy""#)
        #expect(edited != original)
        try tree.write("Login.xib", text: edited)
        _ = try git_("commit", "-q", "-am", "two")
        let diff = try git_("diff", "--no-color", "HEAD~1", "HEAD")
        let changed = diff.split(separator: "\n").filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
        // Objects are named by their outlets: the outlet line stays, the name moves to the other label.
        #expect(changed.contains { $0 == #"-UIView › UILabel @titleLabel . text = "Welcome""# }, "\(diff)")
        #expect(changed.contains { $0 == #"+UIView › UILabel @titleLabel . text = "Sign in to continue""# }, "\(diff)")
        #expect(!changed.contains { $0.contains("outlet titleLabel") }, "\(diff)")
        #expect(changed.contains { $0.hasPrefix("+") && $0.contains(#"title = "Log In""#) }, "\(diff)")
        #expect(changed.contains { $0.hasPrefix("-") && $0.contains(#"title = "Sign In""#) }, "\(diff)")
        // Nothing but readable lines: no xml, no ids.
        #expect(!diff.contains("<state"), "\(diff)")
        #expect(!diff.contains("kTg-3h-Qad"), "\(diff)")
    }

    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    static func exec(_ tool: String, _ args: [String]) throws -> (Int32, String, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["HOME"] = FileManager.default.temporaryDirectory.path
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}
