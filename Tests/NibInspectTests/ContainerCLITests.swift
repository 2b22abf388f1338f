import TestSupport
import Foundation
import Testing
@testable import NibInspectCore

/// `tree` and `json --raw` on nib bundles, `.storyboardc` directories and plain directories.
@Suite("Container CLI")
struct ContainerCLITests {
    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let c = Console.capturing()
        let code = NibInspectCLI.run(args, console: c)
        return (code, c.output, c.errors)
    }

    func makeBundle(_ tree: TempTree) throws -> String {
        try tree.write("Login.nib/objects-13.0+.nib", TinyNib.simple("Variant13"))
        try tree.write("Login.nib/runtime.nib", TinyNib.simple("Runtime"))
        return tree.path("Login.nib")
    }

    func makeStoryboard(_ tree: TempTree) throws -> String {
        let info: [String: Any] = [
            "UIStoryboardDesignatedEntryPointIdentifier": "Home",
            "UIStoryboardVersion": 1,
            "UIViewControllerIdentifiersToNibNames": ["Home": "Home"],
        ]
        try tree.writePlist("Main.storyboardc/Info.plist", info)
        try tree.write("Main.storyboardc/Home.nib/objects-11.0+.nib", TinyNib.simple("HomeVC"))
        try tree.write("Main.storyboardc/Home.nib/runtime.nib", TinyNib.simple("HomeVC"))
        try tree.write("Main.storyboardc/Home-view-V1.nib",
                       TinyNib.withPrototypes([("Cell", TinyNib.simple("CellView"))]))
        return tree.path("Main.storyboardc")
    }

    @Test("a directory with two storyboards shows both summaries (tree and json)")
    func directoryWithTwoStoryboards() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        for (name, entry) in [("Main", "Home"), ("Settings", "Prefs")] {
            let info: [String: Any] = [
                "UIStoryboardDesignatedEntryPointIdentifier": entry, "UIStoryboardVersion": 1,
                "UIViewControllerIdentifiersToNibNames": [entry: entry],
            ]
            try tree.writePlist("App/\(name).storyboardc/Info.plist", info)
            try tree.write("App/\(name).storyboardc/\(entry).nib", TinyNib.simple("\(entry)VC"))
        }
        let r = run(["tree", tree.path("App")])
        #expect(r.code == .success, "\(r.err)")
        #expect(r.out.contains("Main.storyboardc — ") && r.out.contains("Entry point: Home"))
        #expect(r.out.contains("Settings.storyboardc — ") && r.out.contains("Entry point: Prefs"))
        #expect(!r.err.contains("summary not shown"))
        let j = run(["json", tree.path("App")])
        let object = try JSONSerialization.jsonObject(with: Data(j.out.utf8)) as? [String: Any]
        let summaries = object?["storyboards"] as? [[String: Any]]
        #expect(summaries?.compactMap { $0["entryPoint"] as? String } == ["Home", "Prefs"])
    }

    @Test func treeOfBundleShowsVariantsAndHeading() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let r = run(["tree", "--raw", try makeBundle(tree)])
        #expect(r.code == .success)
        #expect(r.out.hasPrefix("Login.nib: nib bundle\nvariants: objects-13.0+.nib (read), runtime.nib\n\n== Login.nib/objects-13.0+.nib ==\n#0 NSObject\n"))
        #expect(r.out.contains("Variant13"))
        #expect(r.err.isEmpty)
        let v = run(["tree", "--raw", "--variant", "runtime.nib", tree.path("Login.nib")])
        #expect(v.code == .success)
        #expect(v.out.contains("== Login.nib/runtime.nib ==\n"))
        #expect(v.out.contains("Runtime"))
        #expect(!v.out.contains("Variant13"))
    }

    @Test func unknownVariantIsAUsageError() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let r = run(["tree", "--raw", "--variant", "objects.nib", try makeBundle(tree)])
        #expect(r.code == .usage)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("--variant 'objects.nib' matches no variant in Login.nib; variants: objects-13.0+.nib, runtime.nib"))
    }

    @Test func listVariants() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let r = run(["tree", "--list-variants", try makeBundle(tree)])
        #expect(r.code == .success)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "Login.nib:")
        #expect(lines.dropFirst().first?.hasPrefix("* objects-13.0+.nib  compiled  NIBArchive") == true)
        #expect(lines.dropFirst(2).first?.hasPrefix("  runtime.nib") == true)
        // Nothing is decoded: a broken variant can still be listed, and --variant moves the mark.
        try tree.write("App/Broken.nib/objects-13.0+.nib", Array("NIBArchive".utf8) + [1, 0])
        try tree.write("App/Broken.nib/runtime.nib", TinyNib.simple("R"))
        let broken = run(["tree", "--list-variants", "--variant", "runtime.nib", tree.path("App")])
        #expect(broken.code == .success)
        #expect(broken.out == "Broken.nib:\n  objects-13.0+.nib  compiled  NIBArchive  12 bytes\n* runtime.nib        compiled  NIBArchive  \(TinyNib.simple("R").count) bytes\n")
        #expect(run(["tree", tree.path("App/Broken.nib")]).code == .dataError)
    }

    @Test func treeOfStoryboardListsScenesAndDocuments() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let r = run(["tree", "--raw", try makeStoryboard(tree)])
        #expect(r.code == .success)
        #expect(r.out.hasPrefix("Main.storyboardc: compiled storyboard (iOS, Info.plist version 1)\nentry point: Home\nscenes:\n  Home → Home.nib (entry point)\n"))
        let headings = r.out.split(separator: "\n").filter { $0.hasPrefix("== ") }
        #expect(headings == ["== Main.storyboardc/Home-view-V1.nib ==",
                             "== Main.storyboardc/Home-view-V1.nib > prototype \"Cell\" ==",
                             "== Main.storyboardc/Home.nib/objects-11.0+.nib =="])
        #expect(r.out.contains("CellView"))
    }

    @Test func jsonEnvelopeForContainersBareDocumentForFiles() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let r = run(["json", "--raw", try makeStoryboard(tree)])
        #expect(r.code == .success)
        let top = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let container = try #require(top["container"] as? [String: Any])
        #expect(container["kind"] as? String == "compiled storyboard")
        let described = try #require(container["documents"] as? [[String: Any]])
        let documents = try #require(top["documents"] as? [[String: Any]])
        #expect(described.count == 3)
        #expect(documents.map { $0["name"] as? String } == described.map { $0["name"] as? String })
        #expect(described[1]["parent"] as? String == "Main.storyboardc/Home-view-V1.nib")
        let storyboards = try #require(container["storyboards"] as? [[String: Any]])
        let info = try #require(storyboards.first?["info"] as? [String: Any])
        #expect(info["entryPoint"] as? String == "Home")
        // A single flat file without nested archives keeps the bare document shape.
        let flat = run(["json", "--raw", try tree.write("Flat.nib", TinyNib.simple("Flat"))])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(flat.out.utf8)) as? [String: Any])
        #expect(doc["name"] as? String == "Flat.nib")
        #expect(doc["container"] == nil)
    }

    @Test func errorsAndExitCodes() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("NoInfo.storyboardc/Scene.nib", TinyNib.simple("X"))
        let noInfo = run(["tree", tree.path("NoInfo.storyboardc")])
        #expect(noInfo.code == .dataError)
        #expect(noInfo.err == "nibinspect: error: \(tree.path("NoInfo.storyboardc")): compiled storyboard has no Info.plist in NoInfo.storyboardc\n")
        try tree.mkdir("Empty")
        let empty = run(["tree", tree.path("Empty")])
        #expect(empty.code == .noInput)
        #expect(empty.err.contains("directory holds no nib"))
        // One broken nib in a directory: the good one is printed, the broken one reported, exit 65.
        try tree.write("Mixed/Good.nib", TinyNib.simple("GoodView"))
        try tree.write("Mixed/Bad.nib", [])
        let mixed = run(["tree", "--raw", tree.path("Mixed")])
        #expect(mixed.code == .dataError)
        #expect(mixed.out.contains("== Good.nib ==") && mixed.out.contains("GoodView"))
        #expect(mixed.err == "nibinspect: error: \(tree.path("Mixed/Bad.nib")): empty file [document-not-read]\n")
        // The resolved tree reports the broken document the same way and prints the good one.
        let resolved = run(["tree", tree.path("Mixed")])
        #expect(resolved.code == .dataError)
        #expect(resolved.out.contains("Good.nib — "))
        #expect(resolved.err == "nibinspect: error: \(tree.path("Mixed/Bad.nib")): empty file [document-not-read]\n")
    }
}
