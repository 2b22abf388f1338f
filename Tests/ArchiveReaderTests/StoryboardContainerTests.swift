#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport
@testable import ArchiveReader

/// `.storyboardc` directories (nib-format.md §5), device variants and plain directories (§8).
@Suite("Compiled storyboards and directories")
struct StoryboardContainerTests {
    static var iOSInfo: [String: Any] { [
        "UIStoryboardDesignatedEntryPointIdentifier": "UINavigationController-abc",
        "UIStoryboardVersion": 1,
        "UIViewControllerIdentifiersToNibNames": [
            "UINavigationController-abc": "UINavigationController-abc",
            "Login": "Login",
        ],
    ] }

    /// Main.storyboardc: a flat scene nib, a bundle scene nib, a view nib.
    func makeMain(_ tree: TempTree, binary: Bool) throws -> String {
        try tree.writePlist("Main.storyboardc/Info.plist", Self.iOSInfo, binary: binary)
        try tree.write("Main.storyboardc/UINavigationController-abc.nib", TinyNib.simple("UINavigationController"))
        try tree.write("Main.storyboardc/Login.nib/objects-11.0+.nib", TinyNib.simple("LoginVC11"))
        try tree.write("Main.storyboardc/Login.nib/runtime.nib", TinyNib.simple("LoginVC"))
        try tree.write("Main.storyboardc/xyz-view-uvw.nib", TinyNib.simple("UIView"))
        return tree.path("Main.storyboardc")
    }

    @Test(arguments: [true, false]) func storyboardWithInfoPlist(binary: Bool) throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let loaded = try NibLoader().loadContainer(at: try makeMain(tree, binary: binary))
        let c = loaded.container
        #expect(c.kind == .compiledStoryboard)
        #expect(loaded.failures.isEmpty)
        let info = try #require(c.storyboardInfo)
        #expect(info.platform == .iOS)
        #expect(info.entryPoint == "UINavigationController-abc")
        #expect(info.version == 1)
        #expect(info.identifiersToNibNames["Login"] == "Login")
        #expect(c.documents.map(\.name) == ["Main.storyboardc/Login.nib/objects-11.0+.nib",
                                            "Main.storyboardc/UINavigationController-abc.nib",
                                            "Main.storyboardc/xyz-view-uvw.nib"])
        let sb = c.storyboards[0]
        #expect(sb.scenes.map(\.identifier) == ["Login", "UINavigationController-abc"])
        #expect(sb.scenes.map(\.isEntryPoint) == [false, true])
        #expect(sb.nibs.map(\.isBundle) == [true, false, false])
        // identifier → nib name → loaded archive(s)
        let login = loaded.archives(forSceneIdentifier: "Login")
        #expect(login.map(\.name) == ["Main.storyboardc/Login.nib/objects-11.0+.nib"])
        #expect(login.first?.graph.objects.contains { $0.className == "LoginVC11" } == true)
        #expect(loaded.archives(forNibNamed: "xyz-view-uvw").count == 1)
        #expect(loaded.sceneNibs(of: sb).map(\.nibName) == ["Login", "UINavigationController-abc", "xyz-view-uvw"])
        #expect(c.diagnostics.isEmpty)
    }

    @Test func macOSInfoPlistKeys() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.writePlist("Mac.storyboardc/Info.plist", [
            "NSStoryboardMainMenu": "MainMenu",
            "NSStoryboardDesignatedEntryPointIdentifier": "wc1",
            "NSViewControllerIdentifiersToNibNames": ["wc1": "NSWindowController-wc1"],
            "NSStoryboardVersion": 1,
        ], binary: false)
        try tree.write("Mac.storyboardc/NSWindowController-wc1.nib", TinyNib.simple("NSWindowController"))
        try tree.write("Mac.storyboardc/MainMenu.nib", TinyNib.simple("NSMenu"))
        let loaded = try NibLoader().loadContainer(at: tree.path("Mac.storyboardc"))
        let info = try #require(loaded.container.storyboardInfo)
        #expect(info.platform == .macOS)
        #expect(info.mainMenu == "MainMenu")
        #expect(loaded.archives(forSceneIdentifier: "wc1").map(\.name) == ["Mac.storyboardc/NSWindowController-wc1.nib"])
    }

    @Test func missingOrForeignInfoPlistIsAClearError() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("NoInfo.storyboardc/Scene.nib", TinyNib.simple("UIViewController"))
        do {
            _ = try NibLoader().loadContainer(at: tree.path("NoInfo.storyboardc"))
            Issue.record("expected an error")
        } catch let e as ArchiveError {
            #expect(e.kind == .invalidContainer("compiled storyboard has no Info.plist"))
            #expect(e.description == "compiled storyboard has no Info.plist in NoInfo.storyboardc")
        }
        try tree.writePlist("Other.storyboardc/Info.plist", ["CFBundleName": "x"])
        #expect(throws: ArchiveError.self) { try NibLoader().loadContainer(at: tree.path("Other.storyboardc")) }
        try tree.write("Junk.storyboardc/Info.plist", text: "not a plist at all")
        do {
            _ = try NibLoader().loadContainer(at: tree.path("Junk.storyboardc"))
            Issue.record("expected an error")
        } catch let e as ArchiveError {
            #expect(e.path == ["Junk.storyboardc", "Info.plist"])
        }
        try tree.writePlist("Typed.storyboardc/Info.plist", ["UIViewControllerIdentifiersToNibNames": ["a": 3]])
        do {
            _ = try NibLoader().loadContainer(at: tree.path("Typed.storyboardc"))
            Issue.record("expected an error")
        } catch let e as ArchiveError {
            #expect(e.description == "Info.plist: UIViewControllerIdentifiersToNibNames[a] is not a string in Typed.storyboardc")
        }
    }

    @Test func brokenSceneNibIsReportedOthersStillLoad() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try makeMain(tree, binary: true)
        try tree.write("Main.storyboardc/Broken.nib", Array("NIBArchive".utf8) + [1, 0, 0])
        let loaded = try NibLoader().loadContainer(at: path)
        #expect(loaded.archives.count == 3)
        #expect(loaded.failures.map(\.name) == ["Main.storyboardc/Broken.nib"])
        #expect(loaded.failures.first?.error is ArchiveError)
    }

    @Test func deviceVariantsAreSeparateDocuments() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App/Login~iphone.nib", TinyNib.simple("PhoneLogin"))
        try tree.write("App/Login~ipad.nib/objects-8.0+.nib", TinyNib.simple("PadLogin"))
        try tree.write("App/Login~ipad.nib/runtime.nib", TinyNib.simple("PadLoginRuntime"))
        // Device storyboards as Xcode splits them: Info.plist per device, nibs with modifiers in the base one.
        var info = Self.iOSInfo
        info["UIViewControllerIdentifiersToNibNames"] = ["Login": "Login"]
        info["UIStoryboardDesignatedEntryPointIdentifier"] = "Login"
        try tree.writePlist("App/Main~ipad.storyboardc/Info.plist", info)
        try tree.writePlist("App/Main~iphone.storyboardc/Info.plist", info)
        try tree.write("App/Main.storyboardc/Login~ipad.nib", TinyNib.simple("PadScene"))
        try tree.write("App/Main.storyboardc/Login~iphone.nib", TinyNib.simple("PhoneScene"))
        try tree.write("App/icon.png", [0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
        let loaded = try NibLoader().loadContainer(at: tree.path("App"))
        let c = loaded.container
        #expect(c.kind == .directory)
        #expect(loaded.failures.isEmpty)
        #expect(c.documents.map(\.name) == ["Login~ipad.nib/objects-8.0+.nib", "Login~iphone.nib",
                                            "Main.storyboardc/Login~ipad.nib", "Main.storyboardc/Login~iphone.nib"])
        #expect(c.documents.map(\.device) == ["ipad", "iphone", "ipad", "iphone"])
        #expect(c.documents.map(\.nibName) == ["Login", "Login", "Login", "Login"])
        #expect(c.storyboards.map(\.name) == ["Main.storyboardc", "Main~ipad.storyboardc", "Main~iphone.storyboardc"])
        #expect(c.storyboards[0].info == nil)
        #expect(c.diagnostics.contains { $0.message.hasPrefix("no Info.plist") && $0.location.document == "Main.storyboardc" })
        let pad = c.storyboards[1]
        #expect(pad.device == "ipad")
        #expect(pad.nibDirectory == "Main.storyboardc")
        #expect(pad.scenes.first?.documents == ["Main.storyboardc/Login~ipad.nib"])
        #expect(loaded.archives(forSceneIdentifier: "Login", storyboard: "Main~iphone.storyboardc").map(\.name)
                == ["Main.storyboardc/Login~iphone.nib"])
        // The device storyboard alone reads its nibs from the base one.
        let alone = try NibLoader().loadContainer(at: tree.path("App/Main~ipad.storyboardc"))
        #expect(alone.container.documents.map(\.name) == ["Main.storyboardc/Login~ipad.nib"])
    }

    @Test func variantOptionOnDirectoriesAndDoubledModifiers() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("d/A.nib/objects-8.0+.nib", TinyNib.simple("A8"))
        try tree.write("d/A.nib/runtime.nib", TinyNib.simple("ARuntime"))
        try tree.write("d/B.nib/keyedobjects-101300.nib", TinyNib.simple("B"))
        try tree.write("d/MyNib~iphone~iphone.nib", TinyNib.simple("Doubled"))
        let loaded = try NibLoader(variant: "runtime.nib").loadContainer(at: tree.path("d"))
        #expect(loaded.container.documents.map(\.name) ==
                ["A.nib/runtime.nib", "B.nib/keyedobjects-101300.nib", "MyNib~iphone~iphone.nib"])
        #expect(loaded.container.diagnostics.contains {
            $0.message == "no variant 'runtime.nib'; read keyedobjects-101300.nib" && $0.location.document == "B.nib"
                && $0.location.path == tree.path("d/B.nib")
        })
        #expect(loaded.container.diagnostics.contains {
            $0.message.hasPrefix("doubled device modifier") && $0.location.document == "MyNib~iphone~iphone.nib"
        })
        #expect(loaded.container.diagnostics.map(\.code) == [.variantNotFound, .doubledDeviceModifier])
        do {
            _ = try NibLoader(variant: "objects-99.0+.nib").loadContainer(at: tree.path("d"))
            Issue.record("expected an error")
        } catch let e as VariantNotFound {
            #expect(e.available == ["objects-8.0+.nib", "runtime.nib", "keyedobjects-101300.nib"])
        }
        let pairs = try NibLoader().loadContainer(at: tree.path("d"))
        #expect(pairs.container.documents.first?.name == "A.nib/objects-8.0+.nib")
    }

    @Test func directoryWalkIsSortedAndSkipsNonArchives() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("d/b/Second.nib", TinyNib.simple("B"))
        try tree.write("d/a/First.nib", TinyNib.simple("A"))
        try tree.write("d/a/First.xib", text: "<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"/>")
        try tree.write("d/a/info.nib", text: NibBundleTests.infoNib)
        try tree.write("d/a/classes.nib", text: "{IBClasses = (); }")
        try tree.write("d/a/readme.txt", text: "hello")
        try tree.write("d/c.bin", TinyNib.simple("C"))
        // A FIFO is never opened (reading it would block).
        #expect(mkfifo(tree.path("d/a/pipe.nib"), 0o600) == 0)
        try tree.write("d/b/F.nib/runtime.nib", TinyNib.simple("F"))
        #expect(mkfifo(tree.path("d/b/F.nib/objects-13.0+.nib"), 0o600) == 0)
        let loaded = try NibLoader().loadContainer(at: tree.path("d"))
        #expect(loaded.failures.isEmpty)
        #expect(loaded.container.documents.map(\.name) == ["a/First.nib", "b/F.nib/runtime.nib", "b/Second.nib", "c.bin"])
        #expect(try NibLoader().loadArchives(at: tree.path("d")).count == 4)
    }

    @Test func emptyDirectoriesAreClearErrors() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.mkdir("empty")
        #expect(throws: InputError(.emptyDirectory, path: tree.path("empty"))) {
            try NibLoader().loadContainer(at: tree.path("empty"))
        }
        try tree.write("images/a.png", [0x89, 0x50])
        try tree.write("images/info.nib", text: NibBundleTests.infoNib)
        #expect(throws: InputError(.emptyDirectory, path: tree.path("images"))) {
            try NibLoader().loadContainer(at: tree.path("images"))
        }
        #expect(throws: InputError(.notFound, path: tree.path("nope"))) {
            try NibLoader().loadContainer(at: tree.path("nope"))
        }
    }

    @Test func inputsAreNeverModified() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        _ = try makeMain(tree, binary: true)
        try tree.write("Login.nib/objects-8.0+.nib", [])
        try tree.write("Login.nib/runtime.nib", TinyNib.withPrototypes([("Cell", TinyNib.simple("Cell"))]))
        let before = tree.snapshot()
        _ = try NibLoader().loadContainer(at: tree.root)
        _ = try NibLoader(variant: "runtime.nib").loadContainer(at: tree.path("Main.storyboardc"))
        _ = try? NibLoader(variant: "nope").loadContainer(at: tree.path("Login.nib"))
        #expect(tree.snapshot() == before)
        #expect(before.count >= 8)
    }
}
