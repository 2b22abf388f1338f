import ArchiveReader
import Foundation
import Testing
import TestSupport
@testable import NibInspectCore

/// An `.ipa` (or `.zip`) given as the input of any command (issue 29): read in memory through
/// libarchive and opened as the app it holds, so that `graph` draws the same app map as of the
/// unpacked `Payload/App.app`. Archives are built at test time with Python's `zipfile`
/// (``ZipMaker``), never committed.
@Suite("archive inputs", .enabled(if: ZipMaker.isAvailable, "python3 is not installed; archive input tests skipped"))
struct ArchiveInputTests {
    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let c = Console.capturing()
        let code = NibInspectCLI.run(args, console: c)
        return (code, c.output, c.errors)
    }

    /// `Payload/App.app` in `tree`: two compiled storyboards linked by a storyboard reference
    /// (``AppMapCompiledTests``: `Main` opens `Tabs`' DetailVC, and a `Help` storyboard the app
    /// lacks), Samples/LoginViewController.nib, an image and an Info.plist.
    func makeApp(_ tree: TempTree) throws -> String {
        let app = try TempTree()
        defer { app.remove() }
        _ = try StoryboardFixtures.write(to: app)
        try app.writePlist("Main.storyboardc/Info.plist", [
            "UIStoryboardDesignatedEntryPointIdentifier": "Start", "UIStoryboardVersion": 1,
            "UIViewControllerIdentifiersToNibNames": ["Start": "Start"],
            "UIViewControllerIdentifiersToExternalStoryboardReferences": [
                "UIViewController-r1": ["UIReferencedStoryboardName": "Tabs", "UIReferencedControllerIdentifier": "DetailVC"],
                "UIViewController-r2": ["UIReferencedStoryboardName": "Help"],
            ],
        ])
        try app.write("Main.storyboardc/Start.nib", try NibArchiveWriter().encode(AppMapCompiledTests.startScene()))
        let login = try Data(contentsOf: Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.nib"))
        try app.write("LoginViewController.nib", [UInt8](login))
        try app.write("Info.plist", text: "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>")
        try app.write("AppIcon.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        try FileManager.default.createDirectory(atPath: tree.path("Payload"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: app.root, toPath: tree.path("Payload/App.app"))
        try ZipMaker.zip(tree.path("Payload"), prefix: "Payload", to: tree.path("App.ipa"))
        return tree.path("App.ipa")
    }

    @Test("graph of an .ipa: the app map of the app inside, as of the unpacked app")
    func ipaMap() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let ipa = try makeApp(tree)
        let fromZip = run(["graph", ipa])
        let fromDisk = run(["graph", tree.path("Payload/App.app")])
        #expect(fromZip.code == .success, "\(fromZip.err)")
        // The same map but for its title, which names the input.
        #expect(fromZip.out.replacingOccurrences(of: "App.ipa — app map", with: "App.app — app map") == fromDisk.out)
        #expect(fromZip.out.contains("App.ipa — app map: 2 storyboards, 1 nib"))
        #expect(fromZip.out.contains("LoginViewController.nib"))
        #expect(fromZip.err.contains("storyboardReference 2 (1 to ?)"))
        #expect(fromZip.err == fromDisk.err)
        // Mermaid too, and the other commands that read an app's directory.
        let mermaid = run(["graph", "-f", "mermaid", ipa])
        #expect(mermaid.code == .success && mermaid.out.contains("flowchart"))
        let tree2 = run(["tree", ipa])
        #expect(tree2.code == .success && tree2.out.contains("LoginViewController.nib"))
        #expect(run(["report", "-o", tree.path("r.html"), ipa]).code == .success)
        let page = try String(contentsOfFile: tree.path("r.html"), encoding: .utf8)
        #expect(page.contains("<section id=\"map\">"))
    }

    @Test("documents are named as in the app; messages place them under the archive's path")
    func names() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let ipa = try makeApp(tree)
        let json = run(["json", ipa])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let documents = try #require(object["documents"] as? [[String: Any]])
        let names = documents.compactMap { $0["name"] as? String }
        #expect(names.contains("LoginViewController.nib"))
        #expect(names.contains { $0.hasPrefix("Main.storyboardc/") })
        #expect(!names.contains { $0.contains("Payload") })
        let paths = documents.compactMap { $0["path"] as? String }
        #expect(!paths.isEmpty && paths.allSatisfy { $0.hasPrefix(ipa + "/Payload/App.app/") })
    }

    /// Writes a zip with Python's `zipfile`: each member's name as given (`../` kept) and its
    /// bytes, or `zeros` bytes of zeros.
    func writeZip(_ path: String, _ members: [(name: String, file: String?, zeros: Int)]) throws {
        let spec = members.map { [$0.name, $0.file ?? "", String($0.zeros)] }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        let script = """
        import json, sys, zipfile
        with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
            for name, file, zeros in json.loads(sys.argv[2]):
                info = zipfile.ZipInfo(name)
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, open(file, "rb").read() if file else bytes(int(zeros)))
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path, json]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("a hostile archive: a zip bomb member is refused, names cannot leave it, nothing is written")
    func hostile() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let login = Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.nib").path
        let bomb = tree.path("bomb.ipa")
        try writeZip(bomb, [
            ("Payload/B.app/Big.nib", nil, 65 << 20),            // over the 64 MiB member limit
            ("Payload/B.app/Login.nib", login, 0),
            ("Payload/B.app/../../../../escaped/Evil.nib", login, 0),
            ("/etc/Abs.nib", login, 0),
        ])
        let size = try FileManager.default.attributesOfItem(atPath: bomb)[.size] as? Int ?? 0
        #expect(size < 1 << 20)
        let before = try FileManager.default.subpathsOfDirectory(atPath: tree.root).sorted()
        let r = run(["tree", bomb])
        // The big member is a document not read (exit 65); the others are read, each inside the archive.
        #expect(r.code == .dataError)
        #expect(r.err.contains("\(bomb)/Payload/B.app/Big.nib: "))
        #expect(r.err.contains("larger than 67108864 bytes decompressed; not read [document-not-read]"))
        #expect(r.out.contains("Login.nib"))
        // Outside the app: `../` dropped, so Evil.nib is the archive's escaped/Evil.nib, not a file on disk.
        #expect(!FileManager.default.fileExists(atPath: "/escaped/Evil.nib"))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: tree.root).sorted() == before)

        // An archive without Payload/*.app is read as the directory it holds, names normalised.
        let loose = tree.path("loose.zip")
        try writeZip(loose, [("../../x/Login.nib", login, 0), ("/abs/Other.nib", login, 0)])
        let json = run(["json", loose])
        #expect(json.code == .success, "\(json.err)")
        #expect(json.out.contains("\"name\" : \"x/Login.nib\"") && json.out.contains("\"name\" : \"abs/Other.nib\""))

        // Nothing to read, or not a zip after all: an error, never a crash.
        let empty = tree.path("empty.ipa")
        try writeZip(empty, [("Payload/E.app/AppIcon.png", nil, 10)])
        #expect(run(["graph", empty]).code == .noInput)
        let junk = try tree.write("junk.ipa", [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0xEE, count: 300))
        let j = run(["graph", junk])
        #expect(j.code == .dataError)
        #expect(j.err.hasPrefix("nibinspect: error: \(junk): zip: "))
    }
}
