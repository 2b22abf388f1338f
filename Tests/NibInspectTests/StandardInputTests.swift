import Foundation
import Testing
import TestSupport
import ArchiveReader
@testable import NibInspectCore

/// The input `-`: read within the size limit, refused from its first bytes when they are no
/// format the tool reads, and a clear error when standard input cannot be read at all.
@Suite("Standard input")
struct StandardInputTests {
    func run(_ args: [String], stdin: FileHandle) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        console.stdinHandle = stdin
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output, console.errors)
    }

    @Test("junk on standard input is refused after its first 64 KiB, not read whole")
    func junkIsReadNoFurther() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let junk = try tree.write("junk", [UInt8](repeating: UInt8(ascii: "j"), count: 4 << 20))
        let handle = try #require(FileHandle(forReadingAtPath: junk))
        defer { try? handle.close() }
        let r = run(["tree", "-"], stdin: handle)
        #expect(r.code == .dataError, "\(r.err)")
        #expect(r.err.contains("<stdin>") && r.err.contains("not a nib"), "\(r.err)")
        #expect(try handle.offset() == UInt64(FileFormat.sniffLength))
    }

    @Test("a xib larger than the sniffed head is read whole from standard input")
    func largeSourceIsReadWhole() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let comment = "<!-- " + String(repeating: "x", count: 200_000) + " -->\n"
        let xib = try String(contentsOf: CLITests.packageRoot.appendingPathComponent("Samples/LoginViewController.xib"), encoding: .utf8)
        let path = try tree.write("big.xib", text: xib + comment)
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        let r = run(["connections", "-"], stdin: handle)
        #expect(r.code == .success, "\(r.err)")
        #expect(r.out.contains("outlet emailField"), "\(r.out.prefix(300))")
    }

    @Test("standard input redirected from a directory is an unreadable input (66), not a crash")
    func directoryOnStandardInput() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let dir = try tree.mkdir("d")
        let fd = open(dir, O_RDONLY)
        try #require(fd >= 0)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        for command in ["tree", "connections", "strings"] {
            let r = run([command, "-"], stdin: handle)
            #expect(r.code == .noInput, "\(command): \(r.err)")
            #expect(r.err == "nibinspect: error: <stdin>: cannot read: Is a directory\n", "\(command): \(r.err)")
        }
    }
}
