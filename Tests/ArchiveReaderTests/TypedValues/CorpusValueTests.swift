import Foundation
import TestSupport
import Testing
@testable import ArchiveReader

/// Typed values in real Apple-compiled nibs of the shared corpus: a keyed archive's localizable
/// strings, a macOS NIBArchive's colours and fonts, an iOS nib's frames and colours.
@Suite("Typed values in the corpus", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct CorpusValueTests {
    static func document(_ file: String) throws -> NibDocument {
        let entry = try #require(Corpus.entries.first { $0.file == file }, "\(file) is not in the corpus manifest")
        let bytes = try Corpus.bytes(entry)
        let graph = entry.format == "bplist" ? try KeyedArchive.objectGraph(bytes: bytes) : try NibArchive(bytes: bytes).objectGraph()
        return NibResolver.resolve(graph, name: file)
    }

    static func object(_ d: NibDocument, _ id: String) throws -> NibObject {
        try #require(d.object(ObjectID(id)), "\(d.name) has no object \(id)")
    }

    @Test("a keyed archive's NSLocalizableString titles keep their NSKey (<xib id>.title)")
    func keyedArchiveLocalizedStrings() throws {
        let d = try Self.document("TeXShop__TeXShop/Resources/ScriptRunner.app/Contents/Resources/Base.lproj/MainMenu.nib")
        #expect(d.format == .keyedArchiveBinary)
        let item = try Self.object(d, "#543")
        #expect(item.className == "NSMenuItem" && item.name == "Show Toolbar")
        #expect(item.property("title") == .localizedString(LocalizedString(text: "Show Toolbar", key: "snW-S8-Cw5.title")))
        #expect(try Self.object(d, "#6").property("title")
            == .localizedString(LocalizedString(text: "ScriptRunner", key: "QvC-M9-y7g.title")))
        let localized = d.objects.flatMap(\.properties).compactMap { p -> LocalizedString? in
            if case .localizedString(let l) = p.value { return l }
            return nil
        }
        #expect(localized.count > 50)
        // Every key is `<xib object id>.<property>`: 3-2-3 ids in this document.
        #expect(localized.allSatisfy { $0.key.range(of: #"^[0-9A-Za-z]{3}-[0-9A-Za-z]{2}-[0-9A-Za-z]{3}\.\w+$"#, options: .regularExpression) != nil },
                "\(localized.prefix(5))")
    }

    @Test("a macOS NIBArchive: named colours, NSRGB text, fonts with a text style")
    func appKitValues() throws {
        let d = try Self.document("TeXShop__TeXShop/OgreKit.framework/Versions/A/Resources/Base.lproj/OgreAdvancedFindPanel.nib/keyedobjects-101300.nib")
        #expect(try Self.object(d, "#104").property("backgroundColor")
            == .color(Color(space: .catalog, name: "textBackgroundColor", catalog: "System", notation: .appKit)))
        let gray = try Self.object(d, "#260").property("textColor")
        #expect(gray == .color(Color(space: .rgb, components: [0.29803923, 0.29803923, 0.29803923], notation: .appKit, colorSpaceName: "calibratedRGB")))
        #expect(gray?.description == "rgb(0.298 0.298 0.298)")
        #expect(try Self.object(d, "#118").property("font")
            == .font(Font(name: ".AppleSystemUIFontBold", size: 12, textStyle: "UICTFontTextStyleHeadline")))
        #expect(try Self.object(d, "#87").property("font") == .font(Font(name: ".AppleSystemUIFont", size: 11)))
        #expect(try Self.object(d, "#79").property("frameSize") == .size(Size(width: 504, height: 298)))
    }

    @Test("an iOS nib: frames from UIBounds/UICenter, a runtime attribute rect, UIKit and system colours")
    func uikitValues() throws {
        let d = try Self.document("calabash__run_loop/spec/resources/CalSmoke-cal.app/de.lproj/CalControlsController.nib")
        let field = try Self.object(d, "#53")
        #expect(field.className == "UITextField")
        #expect(field.property("frame") == .rect(Rect(x: 20, y: 48, width: 560, height: 30)))
        #expect(field.property("font") == .font(Font(name: "Avenir-Book", size: 18)))
        #expect(field.property("textColor") == .color(Color(space: .system, name: "blackColor", notation: .uikit)))
        #expect(try Self.object(d, "#11").property("backgroundColor")
            == .color(Color(space: .rgb, components: [1, 1, 1], alpha: 1, notation: .uikit)))
        let attribute = try #require(d.connections.first { $0.kind == .runtimeAttribute && $0.keyPath == "frame" })
        #expect(attribute.value == .rect(Rect(x: 275, y: 110, width: 51, height: 31)))
    }

    @Test("an SF Symbol of a macOS nib: NSCustomResource of catalog system")
    func systemSymbol() throws {
        let d = try Self.document("viraptor__ibtool/samples/correct/transmission_MainMenu.nib")
        let item = try Self.object(d, "#410")
        #expect(item.name == "Ascending")
        guard case .image(let image)? = item.property("image") else {
            Issue.record("no image: \(String(describing: item.property("image")))")
            return
        }
        #expect(image == ImageReference(name: "arrow.up", catalog: "system") && image.isSystemSymbol)
    }
}
