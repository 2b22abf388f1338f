import Foundation
import TestSupport
import Testing
@testable import NibInspectCore

/// The commands that loop over the documents of a directory render them on several workers
/// (`--jobs`, default the number of cores) and write them in input order: stdout, stderr and the
/// exit status are those of `--jobs 1`, broken and unreadable files included.
@Suite("Directory commands on several workers")
struct DirectoryJobsTests {
    func run(_ args: [String]) -> (code: ExitCode, out: [UInt8], err: String) {
        let c = Console.capturing()
        let code = NibInspectCLI.run(args, console: c)
        return (code, c.outputBytes, c.errors)
    }

    /// A directory of many documents: copies of the samples under several names, tiny nibs, a
    /// truncated and a junk nib, a nib that is a directory with nothing in it, a dangling link.
    func makeTree() throws -> TempTree {
        let tree = try TempTree()
        let samples = Corpus.packageRoot.appendingPathComponent("Samples")
        for name in ["LoginViewController.nib", "LoginViewController.xib", "MainMenu.nib", "MainMenu.xib"] {
            for i in 0..<6 {   // MainMenu.nib is a nib bundle: copied whole
                try FileManager.default.createDirectory(atPath: tree.path("Dir/Copy\(i)"), withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: samples.appendingPathComponent(name).path, toPath: tree.path("Dir/Copy\(i)/\(name)"))
            }
        }
        let login = [UInt8](try Data(contentsOf: samples.appendingPathComponent("LoginViewController.nib")))
        try tree.write("Dir/Broken/truncated.nib", Array(login.prefix(100)))
        try tree.write("Dir/Broken/junk.nib", login + [UInt8](repeating: 0, count: 8))
        for i in 0..<20 { try tree.write("Dir/Tiny/View\(i).nib", TinyNib.simple("View\(i)")) }
        try tree.write("Dir/Broken/header.nib", Array("NIBArchive".utf8) + [1, 0, 0, 0])
        try FileManager.default.createDirectory(atPath: tree.path("Dir/Broken/Empty.nib"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tree.path("Dir/Broken/gone.nib"), withDestinationPath: tree.path("nowhere.nib"))
        return tree
    }

    /// Every command of `commands` on `path` gives the same bytes, messages and status with
    /// `--jobs 1` and each of `jobs`.
    func expectSameWhateverJobs(_ commands: [[String]], path: String, jobs: [String] = ["2", "5"]) {
        for command in commands {
            let one = run(command + ["--jobs", "1", path])
            // json --raw reads compiled archives only: a directory of sources is an error (exit 66).
            #expect(!one.out.isEmpty || one.code != .success, "\(command)")
            for jobs in jobs {
                let many = run(command + ["--jobs", jobs, path])
                #expect(many.out == one.out, "\(command) --jobs \(jobs): stdout differs from --jobs 1")
                #expect(many.err == one.err, "\(command) --jobs \(jobs): stderr differs from --jobs 1")
                #expect(many.code == one.code, "\(command) --jobs \(jobs): exit status differs from --jobs 1")
            }
        }
    }

    static let commands = [["json"], ["json", "--raw"], ["tree"], ["tree", "--properties", "--incoming"], ["connections"],
                           ["connections", "--format", "tsv"], ["connections", "--format", "json"]]

    @Test("json, tree and connections of a directory with broken files: the same output, messages and status whatever --jobs")
    func brokenFiles() throws {
        let tree = try makeTree()
        defer { tree.remove() }
        let one = run(["json", "--jobs", "1", tree.path("Dir")])
        #expect(one.code != .success)   // the broken files are errors, in order
        #expect(one.err.contains("truncated.nib") && one.err.contains("junk.nib") && one.err.contains("header.nib"))
        expectSameWhateverJobs(Self.commands, path: tree.path("Dir"))
    }

    @Test("json, tree and connections of corpus directories: the same output whatever --jobs")
    func corpus() throws {
        guard let root = Corpus.root else { return }
        for name in ["glebd__bwtoolkit", "calabash__ios-smoke-test-app"] {
            let path = root.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            expectSameWhateverJobs(Self.commands, path: path, jobs: ["2"])
        }
    }

    @Test("--jobs takes a whole number of at least 1")
    func usage() {
        for bad in ["0", "-1", "two"] {
            let r = run(["json", "--jobs", bad, "Samples/MainMenu.nib"])
            #expect(r.code == .usage)
            #expect(r.err.contains("--jobs takes a whole number of at least 1"))
        }
    }
}
