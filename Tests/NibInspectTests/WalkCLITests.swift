import Foundation
import TestSupport
import Testing
@testable import ArchiveReader
@testable import NibInspectCore

/// Every command walks directories through the one ``FileWalker``: on a tree holding a link to
/// `/`, a link to a sibling outside it, a link loop, a FIFO named `x.xib`, a socket and a xib 100
/// levels down, each command ends at once, reads what the rules let it read, and says what it
/// skipped. Also: junk inputs refused from their first bytes, zip member names flagged UTF-8.
@Suite("Directory walks and reading bounds", .timeLimit(.minutes(2)))
struct WalkCLITests {
    let cli = CLITests()

    /// ```
    /// outside/S.nib              (a compiled nib beside the root: never read)
    /// root/A.xib
    /// root/alias -> sub          (followed: B.xib is read once, as alias/B.xib)
    /// root/deep/d/…/d/Deep.xib   (100 levels: not read)
    /// root/sock.xib              (a socket, when one can be made)
    /// root/sub/B.xib
    /// root/sub/loop -> ..
    /// root/toRoot -> /
    /// root/toSibling -> ../outside
    /// root/x.xib                 (a FIFO: opening it would block)
    /// ```
    static func hostile() throws -> (tree: TempTree, root: String, socket: Bool) {
        let tree = try TempTree()
        try tree.write("root/A.xib", [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLITests.xib))))
        let mainMenu = CLITests.packageRoot.appendingPathComponent("Samples/MainMenu.xib")
        try tree.write("root/sub/B.xib", [UInt8](try Data(contentsOf: mainMenu)))
        try tree.write("outside/S.nib", [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLITests.sample))))
        try tree.symlink("root/alias", to: "sub")
        try tree.symlink("root/sub/loop", to: "..")
        try tree.symlink("root/toRoot", to: "/")
        try tree.symlink("root/toSibling", to: "../outside")
        try tree.fifo("root/x.xib")
        let socket = tree.socket("root/sock.xib") != nil
        try tree.write(try tree.deep("root/deep", levels: 100) + "/Deep.xib", [UInt8](try Data(contentsOf: mainMenu)))
        return (tree, tree.path("root"), socket)
    }

    /// The warnings the walk of the root gives, one each.
    static func warnings(_ root: String, socket: Bool) -> [String] {
        let deepest = "deep/" + Array(repeating: "d", count: 63).joined(separator: "/")
        return ["\(root)/alias/loop: symbolic link to '..' leads back to a directory that holds it; not followed",
                "\(root)/\(deepest): directory nesting deeper than 64 levels; not read"]
            + (socket ? ["\(root)/sock.xib: socket, not a regular file; skipped"] : [])
            + ["\(root)/toRoot: symbolic link to '/' leads outside \(root); not followed",
               "\(root)/toSibling: symbolic link to '../outside' leads outside \(root); not followed",
               "\(root)/x.xib: FIFO (named pipe), not a regular file; skipped"]
    }

    func count(_ text: String, in haystack: String) -> Int { haystack.components(separatedBy: text).count - 1 }

    @Test("every command ends at once on the hostile tree, reads A.xib and alias/B.xib only, and prints each warning once")
    func everyCommand() throws {
        let (tree, root, socket) = try Self.hostile()
        defer { tree.remove() }
        let expected = Self.warnings(root, socket: socket)
        let report = tree.path("report.html")
        let commands: [(args: [String], times: Int)] = [
            (["tree", root], 1), (["json", root], 1), (["connections", root], 1), (["graph", root], 1),
            (["lint", root], 1), (["why", root], 1), (["lifecycle", root], 1), (["report", "-o", report, root], 1),
            (["strings", root], 1), (["tree", "--list-variants", root], 1), (["diff", root, root], 2),
            (["compare", root + "/A.xib", root], 1), (["why", "--sources", root, root + "/A.xib"], 1),
            (["lint", "--sources", root, root + "/A.xib"], 1), (["textconv", root], 1),
        ]
        for (args, times) in commands {
            let started = Date()
            let r = cli.run(args)
            let label = args.joined(separator: " ")
            #expect(Date().timeIntervalSince(started) < 60, "\(label)")
            #expect(r.code == .success || r.code == .findings, "\(label): \(r.err)")
            for w in expected { #expect(count(w, in: r.err) == times, "\(label): \(w)\n\(r.err)") }
            #expect(!r.out.contains("S.nib") && !r.out.contains("Deep.xib") && !r.out.contains("Shared"), "\(label)")
        }
        // What was read: the two sources, B.xib under the name met first.
        let tree_ = cli.run(["tree", root]).out
        #expect(tree_.contains("== A.xib ==") && tree_.contains("== alias/B.xib ==") && !tree_.contains("== sub/B.xib =="))
        #expect(cli.run(["strings", root]).out.contains("/* == alias/B.xib == */"))
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("alias/B.xib"))
    }

    @Test("scan puts the walk's warnings on a line of the input, in walk order")
    func scan() throws {
        let (tree, root, socket) = try Self.hostile()
        defer { tree.remove() }
        let r = cli.run(["scan", root])
        #expect(r.code == .success)
        let lines = r.out.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.compactMap { $0?["path"] as? String } == [root + "/A.xib", root + "/alias/B.xib", root])
        let notes = try #require(lines.last??["diagnostics"] as? [[String: Any]])
        let located = notes.compactMap { n in (n["location"] as? [String: Any])?["path"].flatMap { p in (n["message"] as? String).map { "\(p): \($0)" } } }
        #expect(located == Self.warnings(root, socket: socket))
        #expect(notes.compactMap { $0["code"] as? String } == ["symlink-cycle", "directory-too-deep"] + (socket ? ["special-file-skipped"] : [])
                + ["symlink-outside-root", "symlink-outside-root", "special-file-skipped"])
    }

    @Test("a directory whose only xib lies 100 levels down: the depth warning, then the error (not a silent 'holds no nib')")
    func onlyTooDeep() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write(try tree.deep("", levels: 100) + "/Deep.xib", [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLITests.xib))))
        let deepest = Array(repeating: "d", count: 64).joined(separator: "/")
        for command in ["tree", "json", "lint", "strings"] {
            let r = cli.run([command, tree.root])
            #expect(r.code == .noInput, "\(command)")
            #expect(r.err == "nibinspect: warning: \(tree.root)/\(deepest): directory nesting deeper than 64 levels; not read [directory-too-deep]\n"
                    + "nibinspect: error: \(tree.root): directory holds no nib, keyed archive, storyboard or xib file\n", "\(command)")
        }
        let scan = cli.run(["scan", tree.root])
        #expect(scan.out.contains(#""code":"directory-too-deep""#) && scan.out.contains("directory holds no nib"))
    }

    /// Bytes read by this process so far (Linux `/proc/self/io`, `rchar`), nil elsewhere.
    static func bytesRead() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }) else { return nil }
        return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces))
    }

    @Test("a gigabyte of junk is refused from its first bytes, naming what it is, without reading the rest")
    func junkRefusedFromItsHead() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        // Sparse files: a PNG header, or nothing but zeros, then 1,000 MB of holes.
        let png = try tree.write("png.nib", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let zeros = try tree.write("zeros.nib", [])
        for file in [png, zeros] {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
            try handle.truncate(atOffset: 1000 << 20)
            try handle.close()
        }
        for (file, message) in [(png, "PNG image: not a nib"), (zeros, "unrecognised file format")] {
            for command in ["tree", "json", "lint", "strings", "xib", "scan"] {
                let before = Self.bytesRead()
                let r = cli.run([command, file])
                if let before, let after = Self.bytesRead() {
                    #expect(after - before < 256 << 20, "\(command) \(file): read \(after - before) bytes")
                }
                #expect(r.code == (command == "scan" ? .findings : .dataError), "\(command)")
                if command == "scan" {
                    #expect(r.out.contains(#""message":"\#(message)""#), "\(r.out)")
                } else {
                    #expect(r.err == "nibinspect: error: \(file): \(message)\n", "\(command): \(r.err)")
                }
            }
        }
    }

    @Test("scan reads zip members whose names carry the UTF-8 flag")
    func utf8MemberNames() throws {
        guard ZipMaker.isAvailable else { return }
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("app/Écran.xib", [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLITests.xib))))
        try tree.write("app/Payload/Ünïcode.app/Login.nib", [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLITests.sample))))
        try tree.write("app/Payload/Plain.app/Login.nib", [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLITests.sample))))
        let zip = tree.path("App.ipa")
        try ZipMaker.zip(tree.path("app"), prefix: "", to: zip)   // (zipfile drops the leading "/")
        // Python's zipfile sets general-purpose bit 11 (UTF-8) on the non-ASCII names.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: zip)))
        var flagged = 0
        for i in 0..<(bytes.count - 8) where bytes[i..<(i + 4)].elementsEqual([0x50, 0x4B, 0x01, 0x02]) && bytes[i + 9] & 0x08 != 0 { flagged += 1 }
        #expect(flagged == 2)
        let r = cli.run(["scan", zip])
        #expect(r.code == .success, "\(r.err)")
        let members = r.out.split(separator: "\n").compactMap { line -> String? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["member"] as? String
        }
        #expect(members == ["Payload/Plain.app/Login.nib", "Payload/Ünïcode.app/Login.nib", "Écran.xib"])
    }
}
