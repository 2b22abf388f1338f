import TestSupport
import Foundation
import Testing
@testable import ArchiveReader
@testable import NibCompare
@testable import NibWriters
import NibModel

/// `nibinspect xib` writes the AppKit elements a compile round trip needs as Xcode writes them
/// (issue 28): each case rebuilds a nib Apple's ibtool compiled (viraptor/ibtool's samples in
/// the corpus), checks the element, and `compare rebuilt.xib original.nib` must agree.
@Suite("xib writer: AppKit elements", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct XIBWriterAppKitTests {
    static let dir = "viraptor__ibtool/samples/correct/"

    /// The xib rebuilt from corpus nib `name`.nib, and the comparison of it with the nib.
    static func rebuild(_ name: String) throws -> (text: String, report: CompareReport) {
        let root = try #require(Corpus.root)
        let path = root.appendingPathComponent(dir + name + ".nib").path
        var docs: [NibDocument] = [], hints: [String: [ObjectID: String]] = [:]
        for a in try NibLoader().loadArchives(at: path) {
            docs.append(NibResolver.resolve(a.graph, name: a.name, path: path))
            hints[a.name] = LocalizationHints.sourceIDs(in: a.graph)
        }
        let compiled = NibInput(path: path, kind: "compiled", documents: docs)
        let text = try XIBWriter.source(for: compiled)
        let back = try SourceReader.read(bytes: Array(text.utf8), name: "rebuilt.xib")
        #expect((back.documents.flatMap(\.diagnostics)).isEmpty, "\(name): read back")
        return (text, NibComparer.compare(source: back, compiled: compiled, hints: hints))
    }

    static func lines(_ text: String, containing needle: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains(needle) }
    }

    /// 1. An `NSCustomView` placeholder is `<customView>`; a `<view>` would compile to the view
    /// class itself (decoded with `initWithCoder:`).
    @Test func customViewPlaceholder() throws {
        let (text, report) = try Self.rebuild("segmented_fillprop")
        #expect(text.contains("<customView id=") && !text.contains("<view id="), "\(Self.lines(text, containing: "iew id="))")
        #expect(report.agrees, "\(report.differences.map(\.message))")
    }

    /// 2. A calibrated white colour (`NSColorSpace` 3, no custom space) is `calibratedWhite`,
    /// not a custom generic grey.
    @Test func calibratedColors() throws {
        let (text, report) = try Self.rebuild("white_color_format")
        let colors = Self.lines(text, containing: "<color key=\"backgroundColor\"")
        #expect(colors == [#"<color key="backgroundColor" white="1" alpha="1" colorSpace="calibratedWhite"/>"#], "\(colors)")
        #expect(!text.contains("genericGamma22GrayColorSpace"))
        #expect(report.agrees, "\(report.differences.map(\.message))")
    }

    /// 3. Scrollers say which way they scroll (`horizontal="YES|NO"`), under the key of that
    /// orientation, whatever their frames.
    @Test func scrollerOrientation() throws {
        let (text, report) = try Self.rebuild("sv_hs_visible")
        let scrollers = Self.lines(text, containing: "<scroller ")
        #expect(scrollers.count == 2)
        #expect(scrollers.first { $0.contains(#"key="horizontalScroller""#) }?.contains(#"horizontal="YES""#) == true, "\(scrollers)")
        #expect(scrollers.first { $0.contains(#"key="verticalScroller""#) }?.contains(#"horizontal="NO""#) == true, "\(scrollers)")
        #expect(report.agrees, "\(report.differences.map(\.message))")
    }

    /// 4. A segmented cell has its `style`, `trackingMode` and `<segments>` with their labels.
    @Test func segmentedCell() throws {
        let (text, report) = try Self.rebuild("segmented_fillprop")
        let cell = try #require(Self.lines(text, containing: "<segmentedCell ").first)
        #expect(cell.contains(#"style="rounded""#) && cell.contains(#"trackingMode="selectAny""#), "\(cell)")
        #expect(Self.lines(text, containing: "<segment ") == [#"<segment label="A"/>"#, #"<segment label="B" tag="1"/>"#])
        #expect(report.agrees, "\(report.differences.map(\.message))")
    }

    /// 5. A toolbar's allowed and default items, an item's view under `key="view"`, its
    /// identifier and label.
    @Test func toolbarItems() throws {
        let (text, report) = try Self.rebuild("toolbar_button_item")
        let item = try #require(Self.lines(text, containing: "<toolbarItem implicitItemIdentifier=").first)
        #expect(item.contains(#"implicitItemIdentifier="HomeBtn""#) && item.contains(#"label="Home""#) && item.contains(#"paletteLabel="Home""#), "\(item)")
        let itemID = try #require(item.split(separator: " ").first { $0.hasPrefix("id=") }).dropFirst(4).dropLast(2)
        #expect(text.contains("<allowedToolbarItems>") && text.contains("<defaultToolbarItems>"))
        #expect(Self.lines(text, containing: "reference=") == ["<toolbarItem reference=\"\(itemID)\"/>"])
        #expect(Self.lines(text, containing: "<button key=\"view\"").count == 1)
        #expect(report.agrees, "\(report.differences.map(\.message))")
    }

    /// 6. Table columns with `width`, `minWidth`, `maxWidth` and `editable`.
    @Test func tableColumns() throws {
        let (text, report) = try Self.rebuild("test_table_mult_sel_no")
        let columns = Self.lines(text, containing: "<tableColumn ")
        #expect(columns.count == 2)
        for c in columns {
            #expect(c.contains("width=") && c.contains(#"minWidth="40""#) && c.contains(#"maxWidth="1000""#), "\(c)")
        }
        #expect(report.agrees, "\(report.differences.map(\.message))")
    }

    /// 7. A constraint to a view's safe-area layout guide keeps it: the guide is written as Xcode
    /// writes it, after the view's constraints.
    @Test func constraintsToLayoutGuides() throws {
        let (text, report) = try Self.rebuild("transmission_MainMenu")
        let guides = Self.lines(text, containing: "<viewLayoutGuide ")
        #expect(guides.count == 1 && guides[0].hasPrefix(#"<viewLayoutGuide key="safeArea" id=""#), "\(guides)")
        let guideID = try #require(guides.first?.split(separator: "\"").dropFirst(3).first)
        #expect(Self.lines(text, containing: "secondItem=\"\(guideID)\"").count == 3)
        #expect(!text.contains("is not written"), "\(Self.lines(text, containing: "is not written"))")
        #expect(report.agrees, "\(report.differences.map(\.message))")
    }
}
