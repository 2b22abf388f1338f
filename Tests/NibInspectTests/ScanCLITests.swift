import TestSupport
import Foundation
import Testing
@testable import NibScan
@testable import NibInspectCore

/// `nibinspect scan`: units of directories and zip archives, deterministic order whatever
/// `--jobs`, error lines, `--shard`, and archives built at test time (never committed).
@Suite("Scan CLI")
struct ScanCLITests {
    func run(_ args: [String], environment: [String: String] = [:]) -> (code: ExitCode, out: String, err: String) {
        let c = Console.capturing(environment: environment)
        let code = NibInspectCLI.run(args, console: c)
        return (code, c.output, c.errors)
    }

    /// The lines of `out` as JSON objects.
    func lines(_ out: String) throws -> [[String: Any]] {
        try out.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// An app tree: a nib bundle, a .storyboardc with a scene nib and a view nib holding a
    /// prototype cell, a loose nib, a xib, and a broken nib.
    func makeApp(_ tree: TempTree, at root: String = "App.app", broken: Bool = true) throws {
        try tree.write("\(root)/Login.nib/objects-13.0+.nib", TinyNib.simple("LoginView"))
        try tree.write("\(root)/Login.nib/runtime.nib", TinyNib.simple("Runtime"))
        let info: [String: Any] = [
            "UIStoryboardDesignatedEntryPointIdentifier": "Home", "UIStoryboardVersion": 1,
            "UIViewControllerIdentifiersToNibNames": ["Home": "Home"],
        ]
        try tree.writePlist("\(root)/Base.lproj/Main.storyboardc/Info.plist", info)
        try tree.write("\(root)/Base.lproj/Main.storyboardc/Home.nib", TinyNib.simple("HomeVC"))
        try tree.write("\(root)/Base.lproj/Main.storyboardc/Home-view-V1.nib",
                       TinyNib.withPrototypes([("Cell", TinyNib.simple("CellView"))]))
        try tree.write("\(root)/Settings.nib", TinyNib.simple("SettingsView"))
        if broken { try tree.write("\(root)/Broken.nib", Array("NIBArchive".utf8) + [1, 0, 0, 0]) }
        let xib = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.xib"), encoding: .utf8)
        try tree.write("\(root)/Sources/Login.xib", text: xib)
        try tree.write("\(root)/Info.plist", text: "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>")
        try tree.write("\(root)/image.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test("a directory: one line per document in path order, an error line for a broken nib, exit 1")
    func directory() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try makeApp(tree)
        let r = run(["scan", tree.path("App.app")])
        #expect(r.code == .findings)
        let all = try lines(r.out)
        let paths = all.map { ($0["path"] as? String ?? "").replacingOccurrences(of: tree.path("App.app") + "/", with: "") }
        #expect(paths == ["Base.lproj/Main.storyboardc", "Base.lproj/Main.storyboardc", "Base.lproj/Main.storyboardc",
                          "Broken.nib", "Login.nib", "Settings.nib", "Sources/Login.xib"])
        #expect(all.map { $0["container"] as? String } == ["storyboard", "storyboard", "storyboard", "nib", "nibBundle", "nib", "source"])
        let broken = try #require(all.first { ($0["path"] as? String)?.hasSuffix("Broken.nib") == true })
        let error = try #require(broken["error"] as? [String: Any])
        #expect(error["status"] as? Int == 65)
        #expect(broken["document"] is NSNull)
        #expect(r.err.components(separatedBy: "\n").filter { $0.hasPrefix("nibinspect: error: ") }.count == 1)
        #expect(r.err.contains("Broken.nib"))
        let login = try #require(all.first { ($0["path"] as? String)?.hasSuffix("Login.nib") == true })
        #expect(login["variant"] as? String == "objects-13.0+.nib")
        #expect(login["format"] as? String == "NIBArchive")
        let xib = try #require(all.last)
        #expect(xib["format"] as? String == "xib")
        #expect((xib["counts"] as? [String: Any])?["outlets"] as? Int == 5)
        #expect((xib["classes"] as? [String])?.contains("UITextField") == true)
        #expect((xib["connections"] as? [[String: Any]])?.contains { $0["label"] as? String == "signIn:" && $0["kind"] as? String == "action" } == true)
    }

    @Test("the output is the same whatever --jobs; --format json is an array of the same objects")
    func deterministic() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        for i in 0..<6 { try makeApp(tree, at: "Apps/App\(i).app") }
        let one = run(["scan", "--jobs", "1", tree.path("Apps")])
        let four = run(["scan", "-j", "4", tree.path("Apps")])
        #expect(one.out == four.out)
        #expect(one.err == four.err)
        #expect(try lines(one.out).count == 42)
        let json = run(["scan", "--format", "json", "--jobs", "3", tree.path("Apps")])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(array.count == 42)
        #expect(json.out.hasPrefix("[\n{") && json.out.hasSuffix("}\n]\n"))
        #expect(json.code == .findings)
    }

    @Test("--shard i/n: shards are disjoint, cover every unit, and do not depend on the other units")
    func shards() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        for i in 0..<4 { try makeApp(tree, at: "Apps/App\(i).app") }
        let all = Set(run(["scan", tree.path("Apps")]).out.split(separator: "\n"))
        var union: [Substring] = []
        for i in 1...3 { union += run(["scan", "--shard", "\(i)/3", tree.path("Apps")]).out.split(separator: "\n") }
        #expect(union.count == all.count)
        #expect(Set(union) == all)
        // A unit's shard is decided by its path alone.
        // (The temporary directory's name varies: pick the shard that holds App1's Login.nib.)
        let k = try #require((1...3).first { Shard("\($0)/3")!.contains(tree.path("Apps/App1.app/Login.nib")) })
        let alone = try lines(run(["scan", "--shard", "\(k)/3", tree.path("Apps/App1.app")]).out).map { $0["path"] as? String }
        let within = try lines(run(["scan", "--shard", "\(k)/3", tree.path("Apps")]).out).map { $0["path"] as? String }
            .filter { $0?.contains("App1.app/") == true }
        #expect(alone == within)
        #expect(!alone.isEmpty)
        #expect(Shard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)   // FNV-1a 64 test vector
        #expect(Shard("0/3") == nil && Shard("4/3") == nil && Shard("x") == nil && Shard("1/1") != nil)
        #expect(run(["scan", "--shard", "5/4", tree.path("Apps")]).code == .usage)
        #expect(run(["scan", "--jobs", "0", tree.path("Apps")]).code == .usage)
        #expect(run(["scan"]).code == .usage)
    }

    @Test("a missing path gives an error line and the scan goes on")
    func missingPath() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try makeApp(tree)
        let r = run(["scan", tree.path("nope"), tree.path("App.app/Settings.nib")])
        #expect(r.code == .findings)
        let all = try lines(r.out)
        #expect(all.count == 2)
        #expect((all[0]["error"] as? [String: Any])?["status"] as? Int == 66)
        #expect(all[0]["container"] as? String == "input")
        #expect(all[1]["document"] as? String == "Settings.nib")
        #expect(run(["scan", tree.path("App.app/Settings.nib")]).code == .success)
    }

    @Test("progress goes to stderr only when stderr is a terminal and stdout is not")
    func progress() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try makeApp(tree)
        let c = Console.capturing(environment: ["NIBINSPECT_PROGRESS_AFTER": "0"])
        c.stderrIsTerminal = true
        _ = NibInspectCLI.run(["scan", tree.path("App.app")], console: c)
        #expect(c.errors.contains("nibinspect scan: 5/5 units"))
        #expect(c.errors.hasSuffix("\r\u{1B}[K"))
        #expect(!c.output.contains("units"))
        let quiet = run(["scan", tree.path("App.app")], environment: ["NIBINSPECT_PROGRESS_AFTER": "0"])
        #expect(!quiet.err.contains("units"))
    }
}

/// Zip archives built at test time with Python's `zipfile` (never committed), read in memory.
@Suite("Scan archives", .enabled(if: ZipMaker.isAvailable, "python3 is not installed; archive scan tests skipped"))
struct ScanArchiveTests {
    let cli = ScanCLITests()

    /// The lines without the fields that say where the unit is.
    func located(_ out: String) throws -> [String] {
        try cli.lines(out).map { line in
            var l = line
            for key in ["input", "archive", "member", "path"] { l.removeValue(forKey: key) }
            if var diagnostics = l["diagnostics"] as? [[String: Any]] {
                for i in diagnostics.indices { diagnostics[i].removeValue(forKey: "location") }
                l["diagnostics"] = diagnostics
            }
            if var error = l["error"] as? [String: Any] { error.removeValue(forKey: "message"); l["error"] = error }
            return String(decoding: try JSONSerialization.data(withJSONObject: l, options: [.sortedKeys]), as: UTF8.self)
        }
    }

    @Test("an .ipa gives the same documents as the unpacked app, members named inside it")
    func ipaMatchesDirectory() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try cli.makeApp(tree, at: "Payload/App.app")
        try ZipMaker.zip(tree.path("Payload"), prefix: "Payload", to: tree.path("App.ipa"))
        let fromDisk = cli.run(["scan", tree.path("Payload/App.app")])
        let fromZip = cli.run(["scan", tree.path("App.ipa")])
        #expect(fromZip.code == .findings)
        #expect(try located(fromZip.out) == located(fromDisk.out))
        let first = try #require(try cli.lines(fromZip.out).first)
        #expect(first["archive"] as? String == tree.path("App.ipa"))
        #expect(first["member"] as? String == "Payload/App.app/Base.lproj/Main.storyboardc")
        #expect(first["path"] as? String == tree.path("App.ipa") + "/Payload/App.app/Base.lproj/Main.storyboardc")
        // A directory holding the archive finds it, told by its first bytes, not its name.
        try tree.mkdir("store")
        try FileManager.default.moveItem(atPath: tree.path("App.ipa"), toPath: tree.path("store/app-1234.bin"))
        let inDirectory = cli.run(["scan", tree.path("store")])
        #expect(try located(inDirectory.out) == located(fromDisk.out))
    }

    @Test("truncated and malformed archives give error lines, not a crash")
    func brokenArchives() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try cli.makeApp(tree, at: "Payload/App.app", broken: false)
        try ZipMaker.zip(tree.path("Payload"), prefix: "Payload", to: tree.path("App.ipa"))
        #expect(cli.run(["scan", tree.path("App.ipa")]).code == .success)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tree.path("App.ipa"))))
        var inputs: [String] = []
        for (i, cut) in [bytes.count / 2, 30].enumerated() {
            inputs.append(try tree.write("cut\(i).ipa", Array(bytes.prefix(cut))))
        }
        inputs.append(try tree.write("garbage.zip", [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0xEE, count: 300)))
        var flipped = bytes
        for i in stride(from: 40, to: flipped.count, by: 97) { flipped[i] ^= 0x5A }
        inputs.append(try tree.write("flipped.ipa", flipped))
        for input in inputs {
            let r = cli.run(["scan", input])
            let all = try cli.lines(r.out)
            // A broken archive is one error line for the archive, nothing else.
            #expect(all.count == 1, "\(input): \(r.out)")
            #expect(all.first?["container"] as? String == "archive")
            #expect((all.first?["error"] as? [String: Any])?["status"] as? Int == 65)
            #expect(r.code == .findings)
        }
        // Cut short of its central directory: the members before the cut are read (streaming),
        // or the archive is one error line; never a crash.
        let tail = cli.run(["scan", try tree.write("tail.ipa", Array(bytes.prefix(bytes.count - 10)))])
        #expect(tail.code == .success || tail.code == .findings)
    }

    @Test("a member that decompresses past the limit is refused with one error line (zip bomb)")
    func zipBomb() async throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Payload/App.app/Big.nib", [UInt8](repeating: 0, count: 4 << 20))
        try tree.write("Payload/App.app/Small.nib", TinyNib.simple("Small"))
        try ZipMaker.zip(tree.path("Payload"), prefix: "Payload", to: tree.path("bomb.ipa"))
        let size = try FileManager.default.attributesOfItem(atPath: tree.path("bomb.ipa"))[.size] as? Int ?? 0
        #expect(size < 64 << 10)
        let scanner = NibScanner(jobs: 2, archiveLimits: ArchiveLimits(maxMemberBytes: 1 << 20))
        var records: [ScanRecord] = []
        _ = await scanner.scan([tree.path("bomb.ipa")]) { record, _ in records.append(record) }
        #expect(records.count == 2)
        #expect(records.first?.document == "Small.nib")
        #expect(records.last?.member == "Payload/App.app/Big.nib")
        #expect(records.last?.error?.message.contains("larger than 1048576 bytes") == true)
        let total = NibScanner(jobs: 1, archiveLimits: ArchiveLimits(maxTotalBytes: 1 << 20))
        records = []
        _ = await total.scan([tree.path("bomb.ipa")]) { record, _ in records.append(record) }
        #expect(records.count == 1)
        #expect(records[0].container == "archive" && records[0].error?.message.contains("in all") == true)
    }

    @Test("member names never leave the archive: ../ and / are dropped")
    func memberNames() {
        #expect(ZipMembers.normalise("../../etc/Login.nib") == "etc/Login.nib")
        #expect(ZipMembers.normalise("/Payload/./A.app//B.nib") == "Payload/A.app/B.nib")
        #expect(ZipMembers.normalise("a\\b.nib") == "a/b.nib")
        #expect(ZipMembers.normalise("../") == nil)
    }

    @Test("an .ipa of a real app from the shared corpus", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func corpusApp() throws {
        let app = try #require(Corpus.root).appendingPathComponent("ios-driver__ios-driver/server/src/test/resources/sampleApps/UICatalog.app").path
        let tree = try TempTree()
        defer { tree.remove() }
        try ZipMaker.zip(app, prefix: "Payload/UICatalog.app", to: tree.path("UICatalog.ipa"))
        let fromDisk = cli.run(["scan", app])
        let fromZip = cli.run(["scan", "--jobs", "2", tree.path("UICatalog.ipa")])
        #expect(fromZip.code == fromDisk.code)
        let lines = try located(fromZip.out)
        #expect(lines.count > 50)
        #expect(lines == (try located(fromDisk.out)))
        #expect(fromZip.out.contains(#""member":"Payload/UICatalog.app/Base.lproj/Main.storyboardc""#))
        #expect(fromZip.out.contains("UIWebView"))
    }
}

/// Builds zip archives with Python's standard `zipfile` module.
enum ZipMaker {
    static let isAvailable: Bool = (try? python(["-c", "import zipfile"])) == 0

    /// Zips the tree at `directory` into `output`, member names starting with `prefix`.
    static func zip(_ directory: String, prefix: String, to output: String) throws {
        let script = """
        import os, sys, zipfile
        src, prefix, out = sys.argv[1:4]
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for root, dirs, files in os.walk(src):
                dirs.sort()
                for name in sorted(files):
                    path = os.path.join(root, name)
                    z.write(path, prefix + "/" + os.path.relpath(path, src))
        """
        let status = try python(["-c", script, directory, prefix, output])
        if status != 0 { throw CocoaError(.fileWriteUnknown) }
    }

    private static func python(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
