import TestSupport
import Foundation
import Testing
@testable import ArchiveReader
@testable import NibCompare
import NibModel

/// `compare` checks the properties that survive compilation (``PropertyComparison``), and the
/// compiled reader decodes them: a source edited to lose or change one no longer agrees with the
/// nib Apple's ibtool compiled from the original.
@Suite("Compare properties", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct PropertyComparisonTests {
    static let dir = "viraptor__ibtool/samples/correct/"

    /// `compare` of the corpus xib `name`.xib, edited by `edit`, with `name`.nib.
    static func compare(_ name: String, _ edit: (String) -> String = { $0 }) throws -> CompareReport {
        let root = try #require(Corpus.root)
        let source = root.appendingPathComponent(dir + name + ".xib")
        let text = edit(try String(contentsOf: source, encoding: .utf8))
        let tree = try TempTree()
        defer { tree.remove() }
        let edited = URL(fileURLWithPath: try tree.write(name + ".xib", text: text))
        let pair = ComparePair(name: name, source: edited, compiled: root.appendingPathComponent(dir + name + ".nib"))
        let (s, c, hints, nesting) = try pair.loadWithNesting()
        return NibComparer.compare(source: s, compiled: c, hints: hints, nesting: nesting)
    }

    static func compiled(_ name: String) throws -> NibDocument {
        let root = try #require(Corpus.root)
        let pair = ComparePair(name: name, source: root.appendingPathComponent(dir + name + ".xib"),
                               compiled: root.appendingPathComponent(dir + name + ".nib"))
        return try #require(try pair.load().1.documents.first)
    }

    @Test func compiledReaderDecodesSegmentsToolbarItemsAndColumns() throws {
        let segments = try Self.compiled("segmented_fillprop")
        let cell = try #require(segments.objects.first { $0.className == "NSSegmentedCell" })
        #expect(cell.property("segment[0].label")?.text == "A" && cell.property("segment[1].label")?.text == "B")
        let toolbar = try Self.compiled("toolbar_button_item")
        let item = try #require(toolbar.objects.first { $0.className == "NSToolbarItem" })
        #expect(item.property("implicitItemIdentifier")?.text == "HomeBtn")
        #expect(item.property("label")?.text == "Home" && item.property("paletteLabel")?.text == "Home")
        let table = try Self.compiled("test_table_mult_sel_no")
        let column = try #require(table.objects.first { $0.className == "NSTableColumn" })
        #expect(column.property("minWidth") == .double(40) && column.property("maxWidth") == .double(1000))
        #expect(column.property("width") == .double(163))   // the source says 178: ibtool fits the column to the table
    }

    @Test func originalsAgree() throws {
        for name in ["segmented_fillprop", "toolbar_button_item", "test_table_mult_sel_no"] {
            let report = try Self.compare(name)
            #expect(report.agrees, "\(name): \(report.differences.map(\.message))")
        }
    }

    @Test func lostAndChangedSegmentLabels() throws {
        let report = try Self.compare("segmented_fillprop") {
            $0.replacingOccurrences(of: #"<segment label="A""#, with: "<segment")
                .replacingOccurrences(of: #"label="B""#, with: #"label="C""#)
        }
        let found = report.differences.map { "\($0.kind.rawValue) \($0.label ?? "") \($0.sourceValue ?? "-") \($0.compiledValue ?? "-")" }
        #expect(found == ["propertyDiffers segment[0].label - A", "propertyDiffers segment[1].label C B"], "\(found)")
        // diff of the same pair says it as diff does: one property line each.
        let lines = report.nibDiff(sourceIsOld: true).map { "\($0.difference.change) \($0.difference.path)" }
        #expect(lines.count == 2 && lines[0].hasPrefix("added ") && lines[0].hasSuffix(" . segment[0].label"), "\(lines)")
    }

    @Test func lostToolbarItemIdentifierAndLabels() throws {
        let report = try Self.compare("toolbar_button_item") {
            $0.replacingOccurrences(of: #" explicitItemIdentifier="HomeBtn" label="Home" paletteLabel="Home""#, with: "")
        }
        let found = report.differences.map { "\($0.label ?? "") \($0.sourceValue ?? "-") \($0.compiledValue ?? "-")" }
        // Without its explicit identifier the item is IB's implicit one, in the default items too.
        #expect(found == ["defaultToolbarItems UUID-zzz-yyy HomeBtn", "itemIdentifier UUID-zzz-yyy HomeBtn", "label - Home", "paletteLabel - Home"],
                "\(found)")
    }

    @Test func tableColumnLimitsButNotItsFittedWidth() throws {
        let report = try Self.compare("test_table_mult_sel_no") {
            $0.replacingOccurrences(of: #"width="178" minWidth="40""#, with: #"width="190" minWidth="60""#)
        }
        let found = report.differences.map { "\($0.label ?? "") \($0.sourceValue ?? "-") \($0.compiledValue ?? "-")" }
        #expect(found == ["minWidth 60 40"], "\(found)")
        let lost = try Self.compare("test_table_mult_sel_no") { $0.replacingOccurrences(of: #"width="178" "#, with: "") }
        #expect(lost.differences.map { "\($0.label ?? "") \($0.sourceValue ?? "-") \($0.compiledValue ?? "-")" } == ["width - 163"])
    }

    /// A scroller's orientation: lost (as a writer that leaves `horizontal` out) or flipped.
    @Test func scrollerOrientation() throws {
        #expect(try Self.compare("test17_scrollhiding").agrees)
        let report = try Self.compare("test17_scrollhiding") {
            $0.replacingOccurrences(of: #"verticalHuggingPriority="750" horizontal="YES" id="aiN-pn-2fh""#, with: #"verticalHuggingPriority="750" id="aiN-pn-2fh""#)
                .replacingOccurrences(of: #"horizontal="NO" id="mpv-mV-dJT""#, with: #"horizontal="YES" id="mpv-mV-dJT""#)
        }
        #expect(Self.found(report).sorted() == ["propertyDiffers horizontal - YES", "propertyDiffers horizontal YES NO"], "\(Self.found(report))")
    }

    /// AppKit segment widths and images (a width of 0 is automatic, no width).
    @Test func segmentWidthsAndImages() throws {
        let report = try Self.compare("segmented_fillprop") {
            $0.replacingOccurrences(of: #"<segment label="A" imageScaling="none"/>"#, with: #"<segment label="A" width="40" image="NSAddTemplate" imageScaling="none"/>"#)
        }
        #expect(Self.found(report).sorted() == ["propertyDiffers segment[0].image NSAddTemplate -", "propertyDiffers segment[0].width 40 -"], "\(Self.found(report))")
    }

    static func found(_ report: CompareReport) -> [String] {
        report.differences.map { "\($0.kind.rawValue) \($0.label ?? "") \($0.sourceValue ?? "-") \($0.compiledValue ?? "-")" }
    }

    /// A `<customView>` written as a `<view>` compiles to the view itself, not an `NSCustomView`.
    @Test func viewForCustomView() throws {
        let report = try Self.compare("segmented_fillprop") {
            $0.replacingOccurrences(of: #"<customView id="1">"#, with: #"<view id="1">"#).replacingOccurrences(of: "</customView>", with: "</view>")
        }
        #expect(Self.found(report) == ["propertyDiffers customView - YES"], "\(Self.found(report))")
    }

    /// A calibrated white written as a custom generic grey is another colour space.
    @Test func colorSpaceWithinAModel() throws {
        let report = try Self.compare("white_color_format") {
            $0.replacingOccurrences(of: #"white="1" alpha="1" colorSpace="calibratedWhite""#,
                                    with: #"white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace""#)
        }
        #expect(Self.found(report) == ["propertyDiffers backgroundColor.colorSpace genericGamma22GrayColorSpace calibratedWhite"], "\(Self.found(report))")
    }

    /// A toolbar that lost its default items.
    @Test func lostDefaultToolbarItems() throws {
        let report = try Self.compare("toolbar_button_item") {
            $0.replacingOccurrences(of: #"<toolbarItem reference="TBI-aa-001"/>"#, with: "")
        }
        #expect(Self.found(report) == ["propertyDiffers defaultToolbarItems - HomeBtn"], "\(Self.found(report))")
    }

    /// Constraints to a view's safe-area guide are objects of the compiled nib: a source that lost
    /// them (or the guide) does not agree; the unused layout-margins guide is not archived.
    @Test func constraintsToTheSafeArea() throws {
        #expect(try Self.compare("transmission_MainMenu").agrees)
        let report = try Self.compare("transmission_MainMenu") { text in
            text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains(#"secondItem="d6L-dv-l2F""#) }
                .joined(separator: "\n")
        }
        let kinds = report.differences.map(\.kind.rawValue)
        #expect(kinds.filter { $0 == "objectOnlyInCompiled" }.count == 4, "\(Self.found(report))")   // three constraints and the guide
    }
}

/// ``DocumentPairing`` between two sources of two id spaces goes through ``ObjectPairing``.
@Suite struct VersionPairingTests {
    static func xib(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <customObject id="-2" userLabel="File's Owner"/>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        \(body)
            </objects>
        </document>
        """
    }

    static func panel(_ id: String, _ label: String, _ width: Int) -> String {
        """
                <window title="Panel" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" animationBehavior="default" id="\(id)" userLabel="\(label)" customClass="NSPanel">
                    <rect key="contentRect" x="0" y="0" width="\(width)" height="100"/>
                    <view key="contentView" id="\(id)v"><rect key="frame" x="0" y="0" width="\(width)" height="100"/></view>
                </window>
        """
    }

    /// Two panels of one title and class, in another order and under other ids: paired by name.
    @Test func panelsOfOneTitlePairByName() throws {
        let old = try SourceReader.read(bytes: Array(Self.xib(Self.panel("a1", "CMYK", 200) + Self.panel("a2", "Parent", 300)).utf8),
                                        name: "old.xib", path: nil).documents[0]
        let new = try SourceReader.read(bytes: Array(Self.xib(Self.panel("b2", "Parent", 300) + Self.panel("b1", "CMYK", 200)).utf8),
                                        name: "new.xib", path: nil).documents[0]
        let pairing = DocumentPairing.pair(old, new)
        #expect(!pairing.byID)
        #expect(pairing.pair[ObjectID("b1")] == ObjectID("a1") && pairing.pair[ObjectID("b2")] == ObjectID("a2"))
        #expect(NibDiff.compare(old, new).differences.isEmpty)
    }
}
