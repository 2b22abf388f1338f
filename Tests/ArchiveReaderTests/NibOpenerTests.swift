import TestSupport
import Foundation
import Testing
import ArchiveReader

/// The one door (``NibOpener``): inventory without decoding, every kind of input, directories with
/// sources, deterministic order whatever the concurrency.
@Suite("NibOpener")
struct NibOpenerTests {
    static let samples = Corpus.packageRoot.appendingPathComponent("Samples").path

    @Test("the inventory lists units in sorted path order without decoding them")
    func inventory() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("B/Broken.nib", [0x4E, 0x49, 0x42])               // a .nib name: listed, not decoded
        try tree.write("A/Login.xib", [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/LoginViewController.xib"))))
        try tree.write("A/picture.png", [0x89, 0x50, 0x4E, 0x47])         // skipped quietly
        try tree.write("A/Menu.nib/keyedobjects.nib", TinyNib.simple("NSObject"))
        try tree.mkdir("A/Main.storyboardc")
        try tree.write("C.nib", TinyNib.simple("UIView"))
        let inventory = try NibLoader().inventory(at: tree.root)
        #expect(inventory.kind == .directory)
        #expect(inventory.units.map(\.name) == ["A/Login.xib", "A/Main.storyboardc", "A/Menu.nib", "B/Broken.nib", "C.nib"])
        #expect(inventory.units.map(\.kind) == [.source, .compiledStoryboard, .nibBundle(strict: false), .file, .file])
        #expect(inventory.sourceUnits.map(\.name) == ["A/Login.xib"])
        #expect(try NibLoader().inventory(at: Self.samples + "/MainMenu.nib").units.map(\.kind) == [.nibBundle(strict: true)])
        #expect(try NibLoader().inventory(at: Self.samples + "/MainMenu.xib").units.map(\.kind) == [.source])
        #expect(throws: InputError.self) { try NibLoader().inventory(at: tree.path("missing")) }
    }

    @Test("a directory of sources and compiled files: both, in path order; a broken one is a failure")
    func mixedDirectory() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        for name in ["LoginViewController.xib", "LoginViewController.nib", "MainMenu.xib"] {
            try tree.write(name, [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/" + name))))
        }
        try tree.write("Broken.xib", Array("<?xml version=\"1.0\"?><document type=\"x\"><objects>".utf8))
        let opened = try NibOpener().open(.path(tree.root))
        #expect(opened.input.documents.map(\.name) == ["LoginViewController.nib", "LoginViewController.xib", "MainMenu.xib"])
        #expect(opened.input.documents.map(\.format) == [.nibArchive, .xib, .xib])
        #expect(opened.failures.map(\.name) == ["Broken.xib"])
        #expect(opened.failures.first?.error is ArchiveError)
        #expect(opened.loaded?.archives.map(\.name) == ["LoginViewController.nib"])
    }

    @Test("a directory holding only sources opens; an empty one is an input error")
    func sourcesOnly() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.mkdir("empty")
        #expect(throws: InputError.self) { try NibOpener().open(.path(tree.path("empty"))) }
        try tree.write("only/MainMenu.xib", [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/MainMenu.xib"))))
        let opened = try NibOpener().open(.path(tree.path("only")))
        #expect(opened.input.documents.map(\.name) == ["MainMenu.xib"])
        #expect(opened.failures.isEmpty)
    }

    @Test("bytes: a source and a compiled nib are told apart by their first bytes")
    func bytes() throws {
        for (file, format) in [("LoginViewController.xib", SourceFormat.xib), ("LoginViewController.nib", .nibArchive)] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/" + file)))
            let opened = try NibOpener().open(.bytes(bytes, name: "<stdin>"))
            #expect(opened.input.documents.map(\.format) == [format])
            #expect(opened.input.documents.first?.connections.count == 8)
        }
        #expect(throws: ArchiveError.self) { try NibOpener().open(.bytes(Array("hello".utf8), name: "<stdin>")) }
    }

    @Test("a single file, a nib bundle and its variants, a source variant")
    func singleInputs() throws {
        let bundle = Self.samples + "/MainMenu.nib"
        let chosen = try NibOpener().open(.path(bundle))
        #expect(chosen.input.documents.map(\.name) == ["MainMenu.nib/keyedobjects-101300.nib"])
        let keyed = try NibOpener(variant: "keyedobjects.nib").open(.path(bundle))
        #expect(keyed.input.documents.map(\.format) == [.keyedArchiveBinary])
        #expect(throws: VariantNotFound.self) { try NibOpener(variant: "nope.nib").open(.path(bundle)) }
        let xib = try NibOpener().open(.path(Self.samples + "/MainMenu.xib"))
        #expect(xib.loaded == nil && xib.input.documents.first?.format == .xib)
    }

    /// The synchronous door (a synchronous caller picks it).
    static func openBlocking(_ path: String) throws -> OpenedInput { try NibOpener(width: 2).open(.path(path)) }

    @Test("the corpus opens the same with one unit at a time and with several at once", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func deterministicUnderConcurrency() async throws {
        let root = try #require(Corpus.root).path
        let sequential = try await NibOpener(width: 1).open(.path(root))
        let concurrent = try await NibOpener(width: 4).open(.path(root))
        let blocking = try Self.openBlocking(root)
        #expect(sequential.input.documents.count > 500)
        #expect(sequential.input == concurrent.input)
        #expect(sequential.input == blocking.input)
        #expect(sequential.failures.map(\.name) == concurrent.failures.map(\.name))
        // The raw layer agrees with the container loader's sequential path.
        let loaded = try NibLoader().loadContainer(at: root)
        #expect(loaded.container == concurrent.loaded?.container)
        #expect(NibResolver.resolve(loaded).documents == (await NibResolver.resolve(loaded, width: 3)).documents)
    }

    @Test("defersObjects: stand-alone archives come without objects, made on reading exactly as resolved; others whole")
    func deferredObjects() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        for name in ["LoginViewController.nib", "LoginViewController.xib"] {
            try tree.write("dir/" + name, [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/" + name))))
        }
        try tree.write("dir/Menu.nib/keyedobjects.nib", TinyNib.simple("NSObject"))
        // Not deferred: a nib holding nested archives, its nested archives, storyboard scenes.
        try tree.write("dir/Cells.nib", TinyNib.withPrototypes([("Cell", TinyNib.simple("MyCell"))]))
        try tree.write("dir/Main.storyboardc/abc-view-def.nib", TinyNib.simple("UIView"))
        try tree.writePlist("dir/Main.storyboardc/Info.plist", ["UIViewControllerIdentifiersToNibNames": [String: String]()])
        var deferring = NibOpener(width: 1)
        deferring.defersObjects = true
        for path in [Self.samples + "/LoginViewController.nib", Self.samples + "/MainMenu.nib", tree.path("dir")] {
            let whole = try NibOpener(width: 1).open(.path(path))
            let opened = try deferring.open(.path(path))
            #expect(opened.input.documents.count == whole.input.documents.count, "\(path)")
            var madeLater = 0
            for (document, full) in zip(opened.input.documents, whole.input.documents) {
                if let objects = opened.deferredObjects[document.name] {
                    madeLater += 1
                    #expect(document.objects.isEmpty && document.format.isCompiled, "\(document.name)")
                    #expect(Array(objects) == full.objects, "\(document.name)")
                    #expect(Array(objects) == Array(objects), "made twice, the same")
                    var rebuilt = document
                    rebuilt.objects = Array(objects)
                    #expect(rebuilt == full, "\(document.name)")
                } else {
                    #expect(document == full, "\(document.name)")
                }
            }
            let expected = path == tree.path("dir") ? ["LoginViewController.nib", "Menu.nib/keyedobjects.nib"] : whole.input.documents.map(\.name)
            #expect(opened.deferredObjects.keys.sorted() == expected, "\(path)")
            #expect(madeLater == expected.count, "\(path)")
        }
        // Without the option nothing is deferred.
        #expect(try NibOpener().open(.path(Self.samples + "/LoginViewController.nib")).deferredObjects.isEmpty)
    }

    @Test("defersObjects leaves a storyboard's scenes and a nib inside a .storyboardc whole", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func deferredObjectsNotInStoryboards() throws {
        let sceneFile = try #require(Corpus.entries.first { $0.file.contains(".storyboardc/") && $0.file.hasSuffix(".nib") }).url.path
        let marker = try #require(sceneFile.range(of: ".storyboardc/"))
        let storyboard = String(sceneFile[..<marker.upperBound].dropLast())
        var deferring = NibOpener(width: 1)
        deferring.defersObjects = true
        let opened = try deferring.open(.path(storyboard))
        #expect(opened.deferredObjects.isEmpty)
        #expect(opened.input == (try NibOpener(width: 1).open(.path(storyboard))).input)
        let scene = try deferring.open(.path(sceneFile))
        #expect(scene.deferredObjects.isEmpty)
        #expect(scene.input == (try NibOpener(width: 1).open(.path(sceneFile))).input)
    }
}
