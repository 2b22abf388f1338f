import ArchiveReader
import Foundation
import NibDiagnosis
import NibModel
import Testing
import TestSupport
@testable import NibInspectCore

/// `lint --fix` and `--dry-run` on `Fixtures/Fix/Broken.xib` (a copy in a temporary directory):
/// six findings with a mechanical fix (two dangling outlets, a repeated outlet and action, a
/// repeated constraint, a wrong custom module) and three without (outlets of one name to two
/// objects, a class of two modules, a placeholder used as a label). The fixed file is read again:
/// the fixed findings are gone, the others unchanged, the model differs only by what was removed
/// or set, and the dry run's diff, applied by `patch`, gives the same bytes.
@Suite struct LintFixTests {
    static let fixture = Corpus.packageRoot.appendingPathComponent("Tests/NibInspectTests/Fixtures/Fix").path
    static let goldens = Golden(directory: Golden.directory(besides: #filePath).appendingPathComponent("lint-fix"))

    /// A copy of the fixture directory; the caller removes it.
    static func copy() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lint-fix-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: fixture, toPath: dir)
        return dir
    }

    static func run(_ args: [String], in dir: String) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output.replacingOccurrences(of: dir, with: "<Fix>"), console.errors.replacingOccurrences(of: dir, with: "<Fix>"))
    }

    /// `code object message` of every finding (lines left out: they move when lines are removed).
    static func findings(_ dir: String) throws -> [String] {
        let r = run(["lint", "--format", "json", dir + "/Broken.xib"], in: dir)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        return (json["findings"] as? [[String: Any]] ?? []).map { "\($0["rule"] ?? "") \($0["object"] ?? "") \($0["message"] ?? "")" }.sorted()
    }

    @Test("--dry-run prints the unified diff and writes nothing")
    func dryRun() throws {
        let dir = try Self.copy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/Broken.xib"))
        let r = Self.run(["lint", "--dry-run", dir + "/Broken.xib"], in: dir)
        #expect(r.code == .findings)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/Broken.xib")) == before)
        Self.goldens.check(r.out, "Broken.diff")
        #expect(r.err.contains("nibinspect: would fix 6 findings in 1 file (custom-module 1, dangling-connection 2, duplicate-connection 2, duplicate-constraint 1)"))
        #expect(r.err.contains("not fixed: <Fix>/Broken.xib:12: duplicate-connection: the connections differ (another destination or event): which one to keep is a choice"))
        #expect(r.err.contains("not fixed: <Fix>/Broken.xib:32: custom-module: BadgeView is a class of 2 modules: which one is a choice"))
        // Without --fix or --dry-run the input is never written.
        _ = Self.run(["lint", dir + "/Broken.xib"], in: dir)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/Broken.xib")) == before)
    }

    @Test("--fix: the fixed findings are gone, the others unchanged, the model differs only by the fixes")
    func fix() throws {
        let dir = try Self.copy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/Broken.xib"
        let original = try NibOpener().open(.path(path)).input.documents[0]
        let originalBytes = try String(contentsOfFile: path, encoding: .utf8)
        let before = try Self.findings(dir)
        let r = Self.run(["lint", "--fix", "--format", "xcode", path], in: dir)
        #expect(r.err.contains("nibinspect: fixed 6 findings in 1 file"))
        // The run after the fix reports what is left, at the lines of the fixed file.
        #expect(r.out.split(separator: "\n").map { String($0.split(separator: "[").last ?? "") }.sorted()
            == ["custom-module]", "duplicate-connection]", "placeholder-as-label]"])
        let after = try Self.findings(dir)
        let fixedCodes: Set<String> = ["dangling-connection", "duplicate-constraint"]
        #expect(after.allSatisfy { !fixedCodes.contains(String($0.split(separator: " ")[0])) })
        // Every finding left was there before, word for word; the six fixed ones are gone.
        #expect(after.allSatisfy(before.contains))
        #expect(before.count - after.count == 6)

        // The model: the same objects but the repeated constraint; the same connections but the
        // five removed; the view's module set.
        let fixed = try NibOpener().open(.path(path)).input.documents[0]
        #expect(Set(original.objects.map(\.id)).subtracting(fixed.objects.map(\.id)) == [ObjectID("Cst-ld-002")])
        #expect(fixed.objects.count == original.objects.count - 1)
        func key(_ c: Connection) -> String { "\(c.kind) \(c.source?.rawValue ?? "") \(c.label) \(c.destination?.rawValue ?? "")" }
        var remaining = original.connections.map(key)
        for c in fixed.connections {
            let k = key(c)
            #expect(remaining.contains(k), "\(k) is new")
            if let i = remaining.firstIndex(of: k) { remaining.remove(at: i) }
        }
        #expect(remaining.sorted() == [
            "action Mor-bt-001 showMore: -1", "outlet -1 subtitleLabel Gon-lb-001", "outlet -1 titleLabel Ttl-lb-001",
            "outlet Nte-tf-001 delegate Gon-ob-001",
        ].sorted())
        #expect(fixed.object(ObjectID("Crd-vw-001"))?.customModule == "Kit")
        for o in fixed.objects where o.id != ObjectID("Crd-vw-001") {
            #expect(original.object(o.id)?.properties == o.properties, "\(o.id.rawValue) changed")
        }

        // The bytes: the original's lines in order with 7 lines removed and one line edited.
        let newText = try String(contentsOfFile: path, encoding: .utf8)
        let old = originalBytes.split(separator: "\n", omittingEmptySubsequences: false)
        let new = newText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(old.count - new.count == 7)
        let diff = new.difference(from: old)
        #expect(diff.insertions.count == 1)
        #expect(diff.removals.count == 8)
        #expect(newText.hasSuffix("</document>\n"))
    }

    @Test("The dry run's diff, applied by patch, gives the bytes --fix writes")
    func diffApplies() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/patch") else {
            print("patch not installed; diff check skipped")
            return
        }
        let dir = try Self.copy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pristine = dir + "/pristine"
        try FileManager.default.createDirectory(atPath: pristine, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/Broken.xib", toPath: pristine + "/Broken.xib")
        let console = Console.capturing()
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(dir)
        _ = NibInspectCLI.run(["lint", "--dry-run", "Broken.xib"], console: console)
        FileManager.default.changeCurrentDirectoryPath(previous)
        _ = NibInspectCLI.run(["lint", "--fix", dir + "/Broken.xib"], console: Console.capturing())
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        p.arguments = ["-p1", "-s", "-d", pristine]
        let input = Pipe()
        p.standardInput = input
        try p.run()
        input.fileHandleForWriting.write(Data(console.output.utf8))
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: pristine + "/Broken.xib")) == Data(contentsOf: URL(fileURLWithPath: dir + "/Broken.xib")))
    }

    @Test("Compiled nibs are never rewritten")
    func compiled() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lint-fix-nib-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let nib = dir + "/LoginViewController.nib"
        try FileManager.default.copyItem(atPath: Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.nib").path, toPath: nib)
        let before = try Data(contentsOf: URL(fileURLWithPath: nib))
        let r = Self.run(["lint", "--fix", "--only", "duplicate-connection", "--only", "dangling-connection", nib], in: dir)
        #expect(r.err.contains("fixed 0 findings in 0 files"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: nib)) == before)
    }
}
