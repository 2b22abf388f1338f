import TestSupport
import Foundation
import Testing
@testable import ArchiveReader

/// Archives nested in data values (nib-format.md §2.9): prototype cells, depth limit, offsets.
@Suite("Nested archives")
struct NestedArchiveTests {
    @Test func prototypeCellsBecomeChildDocuments() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let outer = TinyNib.withPrototypes([("Cell", TinyNib.simple("MyCell")), ("Other", TinyNib.simple("OtherCell"))])
        let path = try tree.write("Main.storyboardc/abc-view-def.nib", outer)
        try tree.writePlist("Main.storyboardc/Info.plist", ["UIViewControllerIdentifiersToNibNames": [String: String]()])
        let loaded = try NibLoader().loadContainer(at: tree.path("Main.storyboardc"))
        let docs = loaded.container.documents
        #expect(docs.map(\.name) == ["Main.storyboardc/abc-view-def.nib",
                                     "Main.storyboardc/abc-view-def.nib > prototype \"Cell\"",
                                     "Main.storyboardc/abc-view-def.nib > prototype \"Other\""])
        #expect(docs[1].parent == "Main.storyboardc/abc-view-def.nib")
        #expect(docs[1].location == "prototype \"Cell\"")
        #expect(docs[1].storyboard == "Main.storyboardc")
        #expect(loaded.archives[1].graph.objects.contains { $0.className == "MyCell" })
        #expect(loaded.archives[2].graph.objects.contains { $0.className == "OtherCell" })
        #expect(loaded.archives[1].nesting?.depth == 1)
        #expect(loaded.children(of: docs[0].name).count == 2)
        // Offsets are absolute in the outer file: the magic is there, and object offsets point inside.
        let offset = try #require(docs[1].offset)
        #expect(Array(outer[offset..<(offset + 10)]) == NibArchive.magic)
        let inner = TinyNib.simple("MyCell")
        #expect(loaded.archives[1].nibArchive?.objects.first?.offset == offset + 50)
        #expect(Array(outer[offset..<(offset + inner.count)]) == inner)
        // A flat file input lists the children too.
        let flat = try NibLoader().loadContainer(at: path)
        #expect(flat.container.kind == .file)
        #expect(flat.archives.map(\.name) == ["abc-view-def.nib", "abc-view-def.nib > prototype \"Cell\"",
                                              "abc-view-def.nib > prototype \"Other\""])
    }

    @Test func nestingIsDepthLimited() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let level2 = TinyNib.withPrototypes([("Deep", TinyNib.simple("DeepCell"))])
        let level1 = TinyNib.withPrototypes([("Mid", level2)])
        let path = try tree.write("Top.nib", level1)
        let full = try NibLoader().loadContainer(at: path)
        #expect(full.archives.map(\.name) == ["Top.nib", "Top.nib > prototype \"Mid\"",
                                              "Top.nib > prototype \"Mid\" > prototype \"Deep\""])
        #expect(full.archives[2].nesting?.depth == 2)
        var limits = DecodingLimits()
        limits.maxNestingDepth = 1
        let cut = try NibLoader(limits: limits).loadContainer(at: path)
        #expect(cut.archives.count == 2)
        #expect(cut.container.diagnostics.count == 1)
        #expect(cut.container.diagnostics.first?.message.contains("nesting depth limit exceeded (2)") == true)
    }

    @Test func brokenNestedArchiveIsAWarningWithAbsoluteOffset() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        // A nested archive whose object table lies outside its bytes.
        var bad = TinyNib.simple("X")
        bad[18] = 0xFF
        let outer = TinyNib.withPrototypes([("Bad", bad)])
        let path = try tree.write("Outer.nib", outer)
        let loaded = try NibLoader().loadContainer(at: path)
        #expect(loaded.archives.count == 1)
        let diagnostic = try #require(loaded.container.diagnostics.first)
        #expect(diagnostic.code == .nestedArchiveUnreadable && diagnostic.severity == .warning)
        #expect(diagnostic.location.document == "Outer.nib > prototype \"Bad\"")
        #expect(!diagnostic.message.contains("0x") && !diagnostic.message.contains("Outer.nib"))
        let start = try #require(NestedArchiveFinder.candidates(in: loaded.archives[0]).first?.offset)
        // The reported offset is at or after the nested archive's start in the outer file.
        let reported = try #require(diagnostic.location.byteOffset)
        #expect(reported >= start && reported < outer.count)
        #expect(diagnostic.location.path == path)
    }
}
