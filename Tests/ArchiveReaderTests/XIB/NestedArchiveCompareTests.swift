import TestSupport
import Foundation
import Testing
@testable import ArchiveReader
@testable import NibCompare

/// `compare` with nested archives (nib-format.md §2.9): a table's reusable cell views compiled into
/// nibs of their own must be compared with their source subtree, not turn the comparison into a
/// storyboard one (the bug: File's Owner unmatched, every prototype object "only in compiled").
@Suite("Compare: nested archives")
struct NestedArchiveCompareTests {
    /// Two columns: `Name` (cell view `cell1`, text field with an action to File's Owner) and one
    /// without identifier (cell view `cell2`, compiled as `AutomaticTableColumnIdentifier.1`).
    static let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
        <objects>
            <customObject id="-2" userLabel="File's Owner" customClass="ListController">
                <connections>
                    <outlet property="table" destination="tv" id="o0"/>
                </connections>
            </customObject>
            <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
            <customObject id="-3" userLabel="Application" customClass="NSObject"/>
            <customView id="root">
                <rect key="frame" x="0.0" y="0.0" width="300" height="200"/>
                <subviews>
                    <tableView id="tv">
                        <rect key="frame" x="0.0" y="0.0" width="300" height="200"/>
                        <tableColumns>
                            <tableColumn identifier="Name" width="150" id="c1">
                                <prototypeCellViews>
                                    <tableCellView id="cell1">
                                        <rect key="frame" x="0.0" y="0.0" width="150" height="24"/>
                                        <subviews>
                                            <textField id="tf1">
                                                <rect key="frame" x="0.0" y="4" width="150" height="16"/>
                                                <connections>
                                                    <action selector="rename:" target="-2" id="a1"/>
                                                </connections>
                                            </textField>
                                        </subviews>
                                        <connections>
                                            <outlet property="textField" destination="tf1" id="o1"/>
                                        </connections>
                                    </tableCellView>
                                </prototypeCellViews>
                            </tableColumn>
                            <tableColumn width="150" id="c2">
                                <prototypeCellViews>
                                    <tableCellView id="cell2">
                                        <rect key="frame" x="150" y="0.0" width="150" height="24"/>
                                        <subviews>
                                            <imageView id="iv2">
                                                <rect key="frame" x="0.0" y="4" width="16" height="16"/>
                                            </imageView>
                                        </subviews>
                                        <connections>
                                            <outlet property="imageView" destination="iv2" id="o2"/>
                                        </connections>
                                    </tableCellView>
                                </prototypeCellViews>
                            </tableColumn>
                        </tableColumns>
                    </tableView>
                </subviews>
            </customView>
        </objects>
    </document>
    """

    static func source() throws -> NibDocument { try CompareTests.source(xib, name: "List.xib") }

    /// A reusable-view nib as ibtool writes it: File's Owner (no class), Application, the cell view
    /// and its subview, the cell's outlet and the subview's action to File's Owner.
    static func cellNib(_ location: String, field: String, outlet: String, action: String?) -> NibDocument {
        var d = NibDocument(name: "List.nib > " + location, platform: .macOS, format: .nibArchive)
        d.objects = [
            NibObject(id: ObjectID("#1"), className: "NSCustomObject", placeholder: Placeholder(kind: .filesOwner, identifier: "NSOwner")),
            NibObject(id: ObjectID("#2"), className: "NSCustomObject", placeholder: Placeholder(kind: .application, identifier: "NSApplication")),
            NibObject(id: ObjectID("#3"), className: "NSTableCellView", children: [ObjectID("#4")]),
            NibObject(id: ObjectID("#4"), className: field, parent: ObjectID("#3")),
        ]
        d.topLevelObjects = [ObjectID("#3")]
        d.connections = [Connection(kind: .outlet, source: ObjectID("#3"), destination: ObjectID("#4"), label: outlet)]
        if let action {
            d.connections.append(Connection(kind: .action, source: ObjectID("#4"), destination: ObjectID("#1"), label: action))
        }
        return d
    }

    /// Main nib (a compiled copy of the whole source, cell views inline as macOS keeps them, or
    /// without them as iOS does) plus the two nested nibs.
    static func compiled(_ src: NibDocument, inlineCells: Bool = true, nameField: String = "NSTextField",
                         action: String? = "rename:") -> [NibDocument] {
        var main = CompareTests.compiledCopy(of: src)
        main.name = "List.nib"
        if !inlineCells {
            let cells = Set(main.objects.filter { $0.className == "NSTableCellView" }.flatMap { [$0.id] + $0.children })
            main.objects.removeAll { cells.contains($0.id) }
            for i in main.objects.indices { main.objects[i].children.removeAll { cells.contains($0) } }
            main.connections.removeAll { c in [c.source, c.destination].contains { $0.map(cells.contains) == true } }
        }
        return [main,
                cellNib("reusable view \"Name\"", field: nameField, outlet: "textField", action: action),
                cellNib("reusable view \"AutomaticTableColumnIdentifier.1\"", field: "NSImageView", outlet: "imageView", action: nil)]
    }

    static func compare(_ src: NibDocument, _ docs: [NibDocument]) -> CompareReport {
        NibComparer.compare(sourceDocuments: [src], compiledDocuments: docs, sourceName: "List.xib", compiledName: "List.nib")
    }

    @Test func cellViewNibsAgreeWithTheirPrototypes() throws {
        let src = try Self.source()
        let report = Self.compare(src, Self.compiled(src))
        #expect(report.agrees, "\(report.differences.map(\.message))")
        #expect(report.nested.map(\.sourceRoot?.id) == ["cell1", "cell2"])
        #expect(report.nested.allSatisfy { $0.differences == 0 && $0.counts.matchedConnections == $0.counts.sourceConnections })
        // The main nib is compared as a xib, not as storyboard scenes: File's Owner is matched.
        #expect(report.matches["-2"] != nil)
        #expect(report.nested[0].counts.matchedConnections == 2)
    }

    @Test func prototypesOnlyInNestedNibsAreNotMissing() throws {
        // iOS keeps prototype cells only in their nested nibs; the main nib has none.
        let src = try Self.source()
        let report = Self.compare(src, Self.compiled(src, inlineCells: false))
        #expect(report.agrees, "\(report.differences.map(\.message))")
        #expect(report.counts.matchedObjects == src.objects.count - 1)  // all but First Responder
    }

    @Test func aMissingActionInANestedNibIsReported() throws {
        let src = try Self.source()
        for inline in [true, false] {
            let report = Self.compare(src, Self.compiled(src, inlineCells: inline, action: nil))
            let d = try #require(report.differences.first, "inline cells: \(inline)")
            #expect(report.differences.count == 1, "\(report.differences.map(\.message))")
            #expect(d.kind == .connectionOnlyInSource && d.label == "rename:" && d.sourceLine == 25)
            #expect(d.message.hasPrefix("nested archive reusable view \"Name\": "))
            #expect(report.nested.first?.differences == 1)
        }
    }

    @Test func aWrongClassInANestedNibIsReported() throws {
        let src = try Self.source()
        let report = Self.compare(src, Self.compiled(src, nameField: "NSButton"))
        #expect(!report.agrees)
        // A button where the prototype has a text field: neither matches the other, although the
        // main nib's inline copy has the text field.
        let prefix = "nested archive reusable view \"Name\": "
        #expect(report.differences.contains { $0.kind == .objectOnlyInCompiled && $0.message.hasPrefix(prefix) && $0.message.contains("NSButton") },
                "\(report.differences.map(\.message))")
        #expect(report.differences.contains { $0.kind == .objectOnlyInSource && $0.message.hasPrefix(prefix) && $0.source?.id == "tf1" })
        #expect(report.differences.allSatisfy { $0.message.hasPrefix(prefix) })
    }

    @Test func aNestedNibUnderAnotherIdentifierIsReported() throws {
        let src = try Self.source()
        var docs = Self.compiled(src)
        docs[1] = Self.cellNib("reusable view \"Title\"", field: "NSTextField", outlet: "textField", action: "rename:")
        let report = Self.compare(src, docs)
        // Matched by structure with the `Name` prototype, but filed under another identifier.
        #expect(report.differences.count == 1, "\(report.differences.map(\.message))")
        let d = try #require(report.differences.first)
        #expect(d.kind == .identifierDiffers && d.source?.id == "cell1" && d.sourceLine == 19)
        #expect(d.message == "nested archive reusable view \"Title\": identifier differs: compiled under \"Title\", "
                + "the source prototype NSTableCellView (cell1, line 19) has identifier \"Name\"")
    }

    @Test func aNestedNibWithoutSourceCounterpartIsReported() throws {
        let src = try Self.source()
        var docs = Self.compiled(src)
        docs.append(Self.cellNib("reusable view \"Ghost\"", field: "NSSlider", outlet: "slider", action: nil))
        let report = Self.compare(src, docs)
        #expect(report.differences.contains { $0.kind == .objectOnlyInCompiled && $0.message.contains("NSSlider") },
                "\(report.differences.map(\.message))")
        #expect(report.differences.contains { $0.kind == .connectionOnlyInCompiled && $0.label == "slider" })
        #expect(report.nested.last?.sourceRoot == nil)
    }

    @Test func explicitNestingWinsOverNames() throws {
        let src = try Self.source()
        var docs = Self.compiled(src)
        docs[1].name = "cells/1"
        docs[2].name = "cells/2"
        // Unrecognisable names and no nesting: the extra documents make it a multi-document compare.
        #expect(!Self.compare(src, docs).agrees)
        let nesting = [
            "cells/1": ArchiveNesting(parent: "List.nib", location: "reusable view \"Name\"", offset: nil, depth: 1),
            "cells/2": ArchiveNesting(parent: "List.nib", location: "reusable view \"AutomaticTableColumnIdentifier.1\"", offset: nil, depth: 1),
        ]
        let report = NibComparer.compare(source: NibInput(path: "List.xib", kind: "xib", documents: [src]),
                                         compiled: NibInput(path: "List.nib", kind: "nib", documents: docs), nesting: nesting)
        #expect(report.agrees, "\(report.differences.map(\.message))")
    }
}

/// The corpus pairs whose compiled nib holds reusable-view nibs (Apple ibtool output in
/// `viraptor__ibtool/samples/correct`), read as `nibinspect compare` reads them.
@Suite("Compare: nested archives in corpus pairs", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct NestedArchiveCorpusCompareTests {
    static let names = ["HSChooserWindow", "outline_cellview", "reusable_views_order", "test17_scrollhiding",
                        "test24_tables_elastic", "transmission_MainMenu"]

    static func pair(_ name: String) throws -> ComparePair {
        try #require(ComparePair.all().first { $0.name == "ibtool/\(name).xib" }, "corpus pair \(name) missing")
    }

    @Test(arguments: names)
    func agrees(name: String) throws {
        let (s, c, hints, nesting) = try Self.pair(name).loadWithNesting()
        #expect(!nesting.isEmpty, "the compiled nib holds reusable-view nibs")
        let report = NibComparer.compare(source: s, compiled: c, hints: hints, nesting: nesting)
        #expect(report.agrees, "\(report.differences.prefix(10).map(\.message))")
        #expect(report.nested.count == nesting.count)
        #expect(report.nested.allSatisfy { $0.sourceRoot != nil && $0.counts.matchedConnections == $0.counts.sourceConnections })
    }

    @Test func hsChooserCellsMatchTheirPrototypesAndAMissingOutletIsFound() throws {
        let (s, c, hints, nesting) = try Self.pair("HSChooserWindow").loadWithNesting()
        let report = NibComparer.compare(source: s, compiled: c, hints: hints, nesting: nesting)
        let roots = Dictionary(uniqueKeysWithValues: report.nested.map { ($0.location, $0.sourceRoot?.id) })
        #expect(roots == ["reusable view \"HSChooserCell\"": "M9u-t4-ygl", "reusable view \"HSChooserCellSubtext\"": "25d-LW-n5V"])
        // File's Owner is the xib's File's Owner, not a storyboard placeholder.
        #expect(report.matches["-2"] != nil)
        // Drop the subText outlet from the Subtext cell's nib only: the main nib still has its copy,
        // the difference must still be reported.
        var docs = c.documents
        let i = try #require(docs.firstIndex { $0.name.hasSuffix("\"HSChooserCellSubtext\"") })
        let before = docs[i].connections.count
        docs[i].connections.removeAll { $0.label == "subText" }
        #expect(docs[i].connections.count == before - 1)
        let broken = NibComparer.compare(source: s, compiled: NibInput(path: c.path, kind: c.kind, documents: docs),
                                         hints: hints, nesting: nesting)
        #expect(broken.differences.count == 1, "\(broken.differences.map(\.message))")
        let d = try #require(broken.differences.first)
        #expect(d.kind == .connectionOnlyInSource && d.label == "subText")
        #expect(d.message.hasPrefix("nested archive reusable view \"HSChooserCellSubtext\": "))
    }
}
