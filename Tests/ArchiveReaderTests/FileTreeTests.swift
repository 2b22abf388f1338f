import TestSupport
import Foundation
import Testing
import ArchiveReader

/// ``FileTree``: files held in memory open through ``NibOpener`` exactly as the same files on disk
/// (what `scan` does with the members of an .ipa).
@Suite("FileTree")
struct FileTreeTests {
    /// Every file below `root`, keyed by its path under `mount`.
    func memory(of root: String, at mount: String) throws -> FileTree {
        var files: [String: [UInt8]] = [:]
        let e = try #require(FileManager.default.enumerator(atPath: root))
        while let rel = e.nextObject() as? String {
            var isDir: ObjCBool = false
            FileManager.default.fileExists(atPath: root + "/" + rel, isDirectory: &isDir)
            if !isDir.boolValue { files[mount + "/" + rel] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + rel))) }
        }
        return FileTree(files: files)
    }

    @Test("a nib bundle, a .storyboardc and a directory open from memory as from disk")
    func sameAsDisk() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App/Login.nib/objects-13.0+.nib", TinyNib.simple("LoginView"))
        try tree.write("App/Login.nib/runtime.nib", TinyNib.simple("Runtime"))
        try tree.writePlist("App/Main.storyboardc/Info.plist", [
            "UIStoryboardDesignatedEntryPointIdentifier": "Home", "UIStoryboardVersion": 1,
            "UIViewControllerIdentifiersToNibNames": ["Home": "Home"],
        ])
        try tree.write("App/Main.storyboardc/Home.nib", TinyNib.simple("HomeVC"))
        try tree.write("App/Main.storyboardc/Home-view-V1.nib", TinyNib.withPrototypes([("Cell", TinyNib.simple("CellView"))]))
        try tree.write("App/notes.txt", text: "not a nib")
        let files = try memory(of: tree.path("App"), at: "/mem/App.ipa")
        var inMemory = NibOpener(width: 2)
        inMemory.loader.files = files
        for sub in ["", "/Login.nib", "/Main.storyboardc", "/Main.storyboardc/Home.nib"] {
            let disk = try NibOpener(width: 2).open(.path(tree.path("App") + sub))
            let memory = try inMemory.open(.path("/mem/App.ipa" + sub))
            #expect(memory.input.documents.map(\.name) == disk.input.documents.map(\.name), "\(sub)")
            #expect(memory.input.documents.map(\.objects) == disk.input.documents.map(\.objects), "\(sub)")
            #expect(memory.input.documents.map(\.connections) == disk.input.documents.map(\.connections), "\(sub)")
            #expect(memory.input.storyboards.map(\.entryPoint) == disk.input.storyboards.map(\.entryPoint), "\(sub)")
            #expect(memory.failures.count == disk.failures.count)
        }
        #expect(throws: InputError.self) { try inMemory.open(.path("/mem/App.ipa/missing.nib")) }
        // A memory tree answers from memory only: the disk path of the same files is not there.
        #expect(throws: InputError.self) { try inMemory.open(.path(tree.path("App/Login.nib"))) }
    }
}
