import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore
import NibWriters

/// `-o FILE` never replaces what it should write through (devices, FIFOs, the target of a link)
/// and never overwrites an input, also one inside an input directory; `xib` bounds its depth.
@Suite struct OutputSafetyTests {
    static let nib = Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.nib").path

    static func run(_ args: [String]) -> (ExitCode, Console) {
        let console = Console.capturing(stdin: nil, environment: [:])
        return (NibInspectCLI.run(args, console: console), console)
    }

    static func type(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    @Test func aDeviceIsWrittenThroughNotReplaced() {
        #expect(Self.type("/dev/null") == .typeCharacterSpecial)
        for args in [["xib", "-o", "/dev/null", Self.nib], ["graph", "-o", "/dev/null", Self.nib]] {
            let (code, c) = Self.run(args)
            #expect(code == .success, "\(args): \(c.errors)")
            #expect(Self.type("/dev/null") == .typeCharacterSpecial, "\(args) replaced /dev/null")
        }
    }

    @Test func aOneCharacterNameDoesNotTrap() {
        // swift-corelibs Foundation's NSString.lastPathComponent traps on "x" (`-o x` crashed):
        // the temporary file's name is made through URL, the reason's directory by hand.
        let temporary = OutputError.temporaryPath(beside: "x")
        #expect(temporary.hasSuffix("/.x.nibinspect-\(getpid()).tmp"))
        #expect(temporary.hasPrefix(FileManager.default.currentDirectoryPath))
        #expect(OutputError.reason("nodir-\(getpid())/x", CocoaError(.fileWriteUnknown)) == "no such directory")
        #expect(!OutputError.reason("x", CocoaError(.fileWriteUnknown)).isEmpty)
    }

    @Test func aLinkStaysALinkAndItsTargetIsWritten() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let target = try tree.write("target.xib", text: "old")
        let link = tree.root + "/link.xib"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.xib")
        let (code, _) = Self.run(["xib", "-o", link, Self.nib])
        #expect(code == .success)
        #expect(Self.type(link) == .typeSymbolicLink)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("<?xml"))
    }

    @Test func aFileInsideAnInputDirectoryIsNotOverwritten() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let bundle = tree.root + "/Menu.nib"
        try FileManager.default.copyItem(atPath: Corpus.packageRoot.appendingPathComponent("Samples/MainMenu.nib").path, toPath: bundle)
        let member = bundle + "/keyedobjects.nib"
        let before = try Data(contentsOf: URL(fileURLWithPath: member))
        let (code, c) = Self.run(["xib", "-o", member, bundle])
        #expect(code == .usage)
        #expect(c.errors.contains("is a file inside the input"), "\(c.errors)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: member)) == before)
        // A new file there, or one the tool does not read, is fine.
        #expect(Self.run(["xib", "-o", bundle + "/rebuilt.xib", bundle]).0 == .success)
    }

    @Test func xibOfAVeryDeepHierarchyIsBounded() throws {
        // 1,000 nested views: beyond 256 levels the branch is a comment, not a stack overflow.
        var objects: [NibObject] = []
        for i in 0..<1000 {
            objects.append(NibObject(id: ObjectID("#\(i)"), className: "UIView", parent: i == 0 ? nil : ObjectID("#\(i - 1)"),
                                     children: i == 999 ? [] : [ObjectID("#\(i + 1)")], archiveIndex: i))
        }
        let document = NibDocument(name: "Deep.nib", platform: .iOS, format: .nibArchive, objects: objects,
                                   topLevelObjects: [ObjectID("#0")])
        let text = XIBWriter.xib(document)
        #expect(text.contains("more than 256 levels deep"))
        #expect(text.components(separatedBy: "<view ").count - 1 <= 257)
    }
}
