import TestSupport
import Foundation
import Testing
@testable import ArchiveReader

/// Nib bundle directories (nib-format.md §8): variant listing, default choice, `--variant`,
/// magic-byte detection, empty variants.
@Suite("Nib bundles")
struct NibBundleTests {
    static let xibArchive = "<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"7.10\"></archive>\n"
    static let infoNib = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n"

    /// An iOS-style bundle: three NIBArchive variants, a source and a metadata file.
    func makeLogin(_ tree: TempTree) throws -> String {
        try tree.write("Login.nib/objects-8.0+.nib", TinyNib.simple("Variant8"))
        try tree.write("Login.nib/objects-13.0+.nib", TinyNib.simple("Variant13"))
        try tree.write("Login.nib/runtime.nib", TinyNib.simple("Runtime"))
        try tree.write("Login.nib/designable.nib", text: Self.xibArchive)
        try tree.write("Login.nib/info.nib", text: Self.infoNib)
        return tree.path("Login.nib")
    }

    func classes(_ a: LoadedArchive) -> [String] { a.graph.objects.map(\.className) }

    @Test func defaultIsHighestObjectsVariant() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let loaded = try NibLoader().loadContainer(at: try makeLogin(tree))
        #expect(loaded.container.kind == .nibBundle)
        #expect(loaded.container.variants.map(\.name) ==
                ["objects-13.0+.nib", "objects-8.0+.nib", "runtime.nib", "designable.nib", "info.nib"])
        #expect(loaded.container.variants.map(\.role) == [.compiled, .compiled, .compiled, .source, .metadata])
        #expect(loaded.container.variants.filter(\.chosen).map(\.name) == ["objects-13.0+.nib"])
        #expect(loaded.archives.map(\.name) == ["Login.nib/objects-13.0+.nib"])
        #expect(loaded.archives[0].variant == "objects-13.0+.nib")
        #expect(loaded.container.documents[0].nibName == "Login")
        #expect(classes(loaded.archives[0]).contains("Variant13"))
    }

    @Test func variantOptionPicksAnother() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try makeLogin(tree)
        for requested in ["runtime.nib", "runtime"] {
            let loaded = try NibLoader(variant: requested).loadContainer(at: path)
            #expect(loaded.archives.map(\.name) == ["Login.nib/runtime.nib"])
            #expect(classes(loaded.archives[0]).contains("Runtime"))
            #expect(loaded.container.variants.filter(\.chosen).map(\.name) == ["runtime.nib"])
        }
    }

    @Test func unknownVariantListsTheVariants() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try makeLogin(tree)
        #expect(throws: VariantNotFound.self) { try NibLoader(variant: "objects-99.0+.nib").loadContainer(at: path) }
        do {
            _ = try NibLoader(variant: "objects-99.0+.nib").loadContainer(at: path)
        } catch let e as VariantNotFound {
            #expect(e.available.first == "objects-13.0+.nib")
            #expect(e.description.contains("runtime.nib"))
            #expect(e.description.contains("objects-99.0+.nib"))
        }
        // A flat file has no variants at all.
        let flat = try tree.write("Flat.nib", TinyNib.simple("Flat"))
        #expect(throws: VariantNotFound.self) { try NibLoader(variant: "runtime.nib").loadContainer(at: flat) }
    }

    @Test func formatDecidesByMagicNotName() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        // objects.nib holding a NIBArchive (iOS) is read as one.
        try tree.write("A.nib/objects.nib", TinyNib.simple("FromObjects"))
        let a = try NibLoader().loadContainer(at: tree.path("A.nib"))
        #expect(a.archives.map(\.name) == ["A.nib/objects.nib"])
        #expect(a.container.documents[0].format == "NIBArchive")
        #expect(classes(a.archives[0]).contains("FromObjects"))
        // IB 2 era: a typedstream objects.nib ranks after keyedobjects.nib; NIBArchive objects.nib before runtime.nib.
        try tree.write("B.nib/objects.nib", Array("\u{04}\u{0B}typedstream".utf8) + [0x81, 0x03, 0xE8])
        try tree.write("B.nib/keyedobjects.nib", Array("bplist00".utf8) + [UInt8](repeating: 0, count: 40))
        try tree.write("B.nib/classes.nib", text: "{IBClasses = (); IBVersion = 1; }")
        let b = try NibBundle(path: tree.path("B.nib"))
        #expect(b.variants.map(\.name) == ["keyedobjects.nib", "objects.nib", "classes.nib"])
        #expect(b.variants.map(\.format) == ["binary plist", "typedstream (big-endian)", "old-style ASCII plist"])
        try tree.write("C.nib/runtime.nib", TinyNib.simple("R"))
        try tree.write("C.nib/objects.nib", TinyNib.simple("O"))
        try tree.write("C.nib/keyedobjects-101300.nib", TinyNib.simple("K"))
        try tree.write("C.nib/keyedobjects-110000.nib", TinyNib.simple("K11"))
        #expect(try NibBundle(path: tree.path("C.nib")).variants.map(\.name) ==
                ["keyedobjects-110000.nib", "keyedobjects-101300.nib", "objects.nib", "runtime.nib"])
    }

    @Test func emptyPreferredVariantIsSkippedWithWarning() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("E.nib/objects-8.0+.nib", [])
        try tree.write("E.nib/runtime.nib", TinyNib.simple("Runtime"))
        let loaded = try NibLoader().loadContainer(at: tree.path("E.nib"))
        #expect(loaded.archives.map(\.name) == ["E.nib/runtime.nib"])
        #expect(loaded.container.diagnostics.contains {
            $0.message == "empty variant (0 bytes); read runtime.nib instead" && $0.code == .emptyVariantSkipped
                && $0.location.path == tree.path("E.nib/objects-8.0+.nib") && $0.location.document == "E.nib/objects-8.0+.nib"
        })
        // Asked for explicitly, the empty variant is an error naming it.
        do {
            _ = try NibLoader(variant: "objects-8.0+.nib").loadContainer(at: tree.path("E.nib"))
            Issue.record("expected an error")
        } catch let e as ArchiveError {
            #expect(e.kind == .emptyFile)
            #expect(e.description.contains("objects-8.0+.nib"))
        }
    }

    @Test func bundleWithoutCompiledVariantIsAClearError() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("S.nib/designable.nib", text: Self.xibArchive)
        try tree.write("S.nib/info.nib", text: Self.infoNib)
        do {
            _ = try NibLoader().loadContainer(at: tree.path("S.nib"))
            Issue.record("expected an error")
        } catch let e as ArchiveError {
            guard case .invalidContainer(let text) = e.kind else { Issue.record("wrong kind \(e.kind)"); return }
            #expect(text.contains("no compiled variant"))
            #expect(text.contains("designable.nib"))
        }
    }

    @Test func fileNameParsing() {
        #expect(NibFileName.objectsVersion("objects-13.0+.nib") == [13, 0])
        #expect(NibFileName.objectsVersion("objects-12.3+.nib") == [12, 3])
        #expect(NibFileName.objectsVersion("objects.nib") == nil)
        #expect(NibFileName.objectsVersion("objects-x+.nib") == nil)
        #expect(NibFileName.keyedObjectsVersion("keyedobjects-101300.nib") == [101300])
        #expect(NibFileName.infoPlistVersion("Info-8.0+.plist") == [8, 0])
        #expect(NibFileName.isNewer([13, 0], than: [8, 0]))
        #expect(!NibFileName.isNewer([9, 1], than: [12, 3]))
        #expect(NibFileName.splitDevice("Login~ipad") == ("Login", ["ipad"]))
        #expect(NibFileName.splitDevice("MyNib~iphone~iphone") == ("MyNib", ["iphone", "iphone"]))
        #expect(NibFileName.splitDevice("Plain") == ("Plain", []))
    }
}
