import Foundation
import Testing
import TestSupport
@testable import NibInspectCore
@testable import ArchiveReader

/// The CLI run in-process on the committed sample (Samples/LoginViewController.nib).
@Suite("nibinspect CLI")
struct CLITests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sample = packageRoot.appendingPathComponent("Samples/LoginViewController.nib").path
    static let xib = packageRoot.appendingPathComponent("Samples/LoginViewController.xib").path

    func run(_ args: [String], stdin: [UInt8]? = nil) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing(stdin: stdin)
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output, console.errors)
    }

    func temporaryFile(_ bytes: [UInt8], name: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nibinspect-\(UUID().uuidString)-\(name)")
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test("tree prints the sample's objects, custom class and connections")
    func tree() {
        let r = run(["tree", "--raw", Self.sample])
        #expect(r.code == .success)
        #expect(r.err.isEmpty)
        #expect(r.out.hasPrefix("#0 NSObject\n├─ UINibTopLevelObjectsKey → "))
        #expect(r.out.contains("UIClassSwapper (LoginDemo.PrimaryButton : UIButton)"))
        #expect(r.out.contains("UIProxiedObjectIdentifier → #1 NSString \"IBFilesOwner\""))
        #expect(r.out.contains("UILabel → #") && r.out.contains("NSString \"signIn:\""))
        #expect(r.out.contains("UIEventMask = 64"))
        #expect(r.out.contains("UIBounds = {{0, 0}, {375, 667}}"))
        // The default command is tree.
        #expect(run([Self.sample]).out == run(["tree", Self.sample]).out)
    }

    @Test("json --raw prints the tables as JSON")
    func jsonRaw() throws {
        let r = run(["json", "--raw", Self.sample])
        #expect(r.code == .success)
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let header = json?["header"] as? [String: Any]
        #expect(header?["coderVersion"] as? Int == 9)
        #expect(header?["objectsOffset"] as? Int == 50)
        let classes = (json?["classNames"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(classes.contains("UIRuntimeOutletCollectionConnection"))
    }

    @Test("'-' reads standard input")
    func stdin() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.sample)))
        let r = run(["tree", "--raw", "-"], stdin: bytes)
        #expect(r.code == .success)
        #expect(r.out == run(["tree", "--raw", Self.sample]).out)
    }

    @Test("--help and --version")
    func helpAndVersion() {
        let help = run(["--help"])
        #expect(help.code == .success && help.out.contains("OVERVIEW:") && help.out.contains("tree (default)"))
        let treeHelp = run(["tree", "--help"])
        #expect(treeHelp.code == .success && treeHelp.out.contains("--nested"))
        let version = run(["--version"])
        #expect(version.code == .success && version.out == NibInspectCLI.version + " (commit \(NibInspectCLI.commit))\n")
        // The commit was embedded at build time: 12 hex digits when built in a git checkout (or
        // worktree, where .git is a file), "unknown" only outside git.
        let inGit = FileManager.default.fileExists(atPath: Corpus.packageRoot.appendingPathComponent(".git").path)
        let commit = NibInspectCLI.commit
        #expect(inGit ? commit.count == 12 && commit.allSatisfy(\.isHexDigit) : commit == "unknown", "\(commit)")
    }

    @Test("an unknown option is a usage error (64)")
    func unknownOption() {
        let r = run(["tree", "--bogus", Self.sample])
        #expect(r.code == .usage)
        #expect(r.out.isEmpty && r.err.contains("Unknown option '--bogus'"))
    }

    @Test("a missing file exits 66 naming the file")
    func missingFile() {
        let r = run(["tree", "/nonexistent/Login.nib"])
        #expect(r.code == .noInput)
        #expect(r.err == "nibinspect: error: /nonexistent/Login.nib: no such file or directory\n")
    }

    @Test("a corrupt file exits 65 with one line naming the file and the byte offset")
    func corruptFile() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.sample)))
        bytes[50] = 0xFF  // object 0's class index varint: 127, past the class table
        let path = try temporaryFile(bytes, name: "Corrupt.nib")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["tree", path])
        #expect(r.code == .dataError)
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix("nibinspect: error: \(path): index 127 out of range for class names"))
        #expect(r.err.contains("at byte 0x32 in objects table > object #0"))
        #expect(r.err.filter { $0 == "\n" }.count == 1)
        let truncated = try temporaryFile(Array(bytes.prefix(20)), name: "Short.nib")
        defer { try? FileManager.default.removeItem(atPath: truncated) }
        let t = run(["json", "--raw", truncated])
        #expect(t.code == .dataError && t.err.contains("truncated") && t.err.contains("at byte 0x0"))
    }

    @Test("a xib source reads as a source; --raw names it as not a compiled nib (65)")
    func xibSource() {
        let r = run(["tree", Self.xib])
        #expect(r.code == .success)
        #expect(r.out.hasPrefix("LoginViewController.xib — iOS xib"))
        let raw = run(["tree", "--raw", Self.xib])
        #expect(raw.code == .dataError)
        #expect(raw.err.contains("LoginViewController.xib: XML xib source"))
    }

    @Test("--nested is accepted on a nib without nested archives")
    func nestedFlag() {
        let r = run(["tree", "--nested", Self.sample])
        #expect(r.code == .success && r.out == run(["tree", "--raw", Self.sample]).out)
    }

    /// A nib whose `NSData.NS.bytes` holds `inner` (as `UINib.archiveData` of a prototype cell).
    func outerNib(holding inner: [UInt8]) throws -> [UInt8] {
        var b = NibGraphBuilder()
        let data = b.add("NSData", ["NS.bytes": .data(inner)])
        let nib = b.add("UINib", ["captureEnclosingNIBBundleOnDecode": .bool(true), "archiveData": .object(data)])
        b.setIOSRoot(topLevel: [nib], objects: [nib], connections: [])
        return try NibArchiveWriter().encode(b.graph())
    }

    @Test("tree --nested expands nested archives inline; a corrupt one is reported, not fatal")
    func nestedExpansion() throws {
        let inner = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.sample)))
        let path = try temporaryFile(try outerNib(holding: inner), name: "Outer.nib")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plain = run(["tree", "--raw", path])
        #expect(plain.out.contains("NS.bytes = <nested NIBArchive, \(inner.count) bytes>"))
        #expect(!plain.out.contains("nested: #0"))
        let nested = run(["tree", "--nested", path])
        #expect(nested.code == .success)
        #expect(nested.out.contains("└╴nested: #0 NSObject"))
        #expect(nested.out.contains("(LoginDemo.PrimaryButton : UIButton)"))

        var broken = inner
        broken[50] = 0xFF
        let brokenPath = try temporaryFile(try outerNib(holding: broken), name: "Broken.nib")
        defer { try? FileManager.default.removeItem(atPath: brokenPath) }
        let r = run(["tree", "--nested", brokenPath])
        #expect(r.code == .success)
        #expect(r.out.contains("nested: error: index 127 out of range for class names"))
        // Once, as the loader reports it: at the nested archive, with the absolute byte offset.
        #expect(r.err.hasPrefix("nibinspect: warning: \(brokenPath) > archiveData of #2 UINib: byte 0x")
                && r.err.hasSuffix("[nested-archive-unreadable]\n"))
        #expect(r.err.contains("index 127 out of range for class names") && r.err.split(separator: "\n").count == 1, "\(r.err)")
    }
}
