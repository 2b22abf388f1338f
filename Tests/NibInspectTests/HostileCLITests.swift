import TestSupport
import Foundation
import Testing
@testable import NibInspectCore

/// Hostile inputs through the CLI: one-line error naming the file (and byte offset), exit 65/66,
/// never a hang. File-system hazards: symbolic-link loops, FIFOs, devices, an empty `x.nib`.
@Suite("CLI on hostile inputs")
struct HostileCLITests {
    func run(_ args: [String]) -> (code: Int32, out: String, err: String) {
        let c = Console.capturing()
        let code = NibInspectCLI.run(args, console: c)
        return (code.rawValue, c.output, c.errors)
    }

    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * UInt32($0))) } }

    @Test("a 60-byte NIBArchive declaring 4 billion objects: exit 65, file and offset named")
    func fourBillionObjects() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        var bytes = Array("NIBArchive".utf8) + Self.le32(1) + Self.le32(9) + Self.le32(0xFFFF_FFFF) + Self.le32(50)
        for _ in 0..<6 { bytes += Self.le32(0) }
        bytes += [UInt8](repeating: 0, count: 10)
        let path = try tree.write("huge.nib", bytes)
        let r = run(["tree", path])
        #expect(r.code == 65)
        #expect(r.out.isEmpty)
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(r.err.contains(path) && r.err.contains("object count") && r.err.contains("0x12"), "\(r.err)")
    }

    @Test("a directory named x.nib with no files: exit 65, one line naming it")
    func emptyBundle() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try tree.mkdir("x.nib")
        let r = run(["tree", path])
        #expect(r.code == 65)
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(r.err.contains("x.nib") && r.err.contains("no compiled variant"), "\(r.err)")
    }

    @Test("a nib bundle holding only FIFOs is never opened (no blocking read): exit 65")
    func bundleOfFIFOs() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let bundle = try tree.mkdir("fifo.nib")
        #expect(mkfifo(bundle + "/runtime.nib", 0o600) == 0)
        #expect(mkfifo(bundle + "/keyedobjects.nib", 0o600) == 0)
        let r = run(["tree", bundle])
        #expect(r.code == 65, "\(r.err)")
        #expect(r.err.contains("fifo.nib"), "\(r.err)")
        // In a directory walk too: the FIFO bundle is a failure, the walk ends.
        let walk = run(["tree", tree.root])
        #expect(walk.code == 65 || walk.code == 66, "\(walk.err)")
    }

    @Test("a directory with a symbolic-link loop and a FIFO next to a real nib: walk ends, nib read, both skipped with a warning")
    func symlinkLoop() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let dir = try tree.mkdir("app")
        try FileManager.default.createSymbolicLink(atPath: dir + "/self", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: dir + "/up", withDestinationPath: "../app")
        #expect(mkfifo(dir + "/pipe.nib", 0o600) == 0)
        try tree.write("app/Real.nib", TinyNib.simple("UIView"))
        let r = run(["tree", dir])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("directory, 1 document") && r.out.contains("Real.nib — "), "\(r.out.prefix(200))")
        // What the walk skipped is said, once each (FileWalker's rules).
        #expect(r.err == """
            nibinspect: warning: \(dir)/pipe.nib: FIFO (named pipe), not a regular file; skipped [special-file-skipped]
            nibinspect: warning: \(dir)/self: symbolic link to '.' leads back to a directory that holds it; not followed [symlink-cycle]
            nibinspect: warning: \(dir)/up: symbolic link to '../app' leads back to a directory that holds it; not followed [symlink-cycle]

            """, "\(r.err)")
        // A bundle whose only entries loop back to itself.
        let loop = try tree.mkdir("loop.nib")
        try FileManager.default.createSymbolicLink(atPath: loop + "/self", withDestinationPath: ".")
        let l = run(["tree", loop])
        #expect(l.code == 65, "\(l.err)")
    }

    @Test("/dev/zero is refused as a device: exit 66, no read")
    func deviceInput() {
        let r = run(["tree", "/dev/zero"])
        #expect(r.code == 66)
        #expect(r.err.contains("/dev/zero") && r.err.contains("device"), "\(r.err)")
    }

    @Test("a 100 000-deep reference chain: tree is cut at the depth limit, no stack overflow")
    func deepReferenceChain() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        var nib = TinyNib()
        let n = 100_000
        for i in 0..<n { nib.add("UIView", i + 1 < n ? [("next", .ref(i + 1))] : []) }
        let path = try tree.write("chain.nib", nib.bytes())
        let r = run(["tree", "--raw", path])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("deeper than 512 levels, not shown"))
        #expect(r.out.split(separator: "\n").count < 600)
    }
}
