import ArchiveReader
import Foundation
import NibModel
import Testing
import TestSupport
@testable import NibDiagnosis

/// The peer rules whose facts survive compilation, on compiled nibs: an iOS NIBArchive made here
/// with the project's own writer (custom classes as Swift class swappers, an image view showing an
/// image the asset catalog beside it lacks, an image-only button showing one it has, a constraint to a margin), and the
/// compiled sample `Samples/LoginViewController.nib` (text fields with placeholders). Each rule fires
/// on the compiled form and stays quiet when its option or the fact does not call for it.
@Suite struct PeerRulesCompiledTests {

    /// The compiled nib, written into a fresh directory beside an asset catalog holding `logo` only.
    static func withNib(_ body: (NibInput) throws -> Void) throws {
        var b = NibGraphBuilder()
        let owner = b.proxy("IBFilesOwner")
        let firstResponder = b.proxy("IBFirstResponder")
        func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> [ArchiveField] {
            [ArchiveField("UIBounds", NibGraphBuilder.rect(0, 0, w, h)), ArchiveField("UICenter", NibGraphBuilder.point(x + w / 2, y + h / 2))]
        }
        let card = b.classSwapper(SwiftNames.mangledClassName(module: "App", names: ["CardView"]), original: "UIView", fields: frame(0, 0, 320, 44))
        let badge = b.classSwapper(SwiftNames.mangledClassName(module: "Kit", names: ["OldBadge"]), original: "UIView", fields: frame(0, 50, 44, 44))
        let imageName = b.string("missing-logo")
        let image = b.add("UIImageNibPlaceholder", ["UIResourceName": imageName])
        let imageView = b.add("UIImageView", fields: frame(0, 100, 44, 44) + [ArchiveField("UIImage", .object(image))])
        let logo = b.string("logo")
        let buttonImage = b.add("UIImageNibPlaceholder", ["UIResourceName": logo])
        let content = b.add("UIButtonContent", ["UIImage": .object(buttonImage)])
        let normal = b.number(Int64(0))
        let states = b.dictionary([(normal, .object(content))], className: "NSMutableDictionary")
        let button = b.add("UIButton", fields: frame(50, 100, 44, 44) + [ArchiveField("UIButtonType", .int(0)), ArchiveField("UIButtonStatefulContent", states)])
        let subviews = [card, badge, imageView, button]
        let view = b.add("UIView", ["UIBounds": NibGraphBuilder.rect(0, 0, 375, 667), "UICenter": NibGraphBuilder.point(187.5, 333.5),
                                    "UISubviews": b.array(subviews, className: "NSMutableArray")])
        let margin = b.add("NSLayoutConstraint", [
            "NSFirstItem": .object(card), "NSFirstAttribute": .int(17), "NSSecondItem": .object(view), "NSSecondAttribute": .int(17),
            "NSConstant": .double(8),
        ])
        let edge = b.add("NSLayoutConstraint", [
            "NSFirstItem": .object(card), "NSFirstAttribute": .int(3), "NSSecondItem": .object(view), "NSSecondAttribute": .int(3),
        ])
        let constraints = b.array([margin, edge], className: "NSMutableArray")
        b.append("UIViewAutolayoutConstraints", constraints, to: view)
        b.setIOSRoot(topLevel: [owner, firstResponder, view], objects: [owner, firstResponder, view] + subviews + [margin, edge],
                     connections: [b.outlet("view", from: owner, to: view)])
        let bytes = try NibArchiveWriter(coderVersion: 9).encode(b.graph(coderVersion: 9))
        // A dot in the directory's name: the resource lookup of inputs elsewhere in the temporary
        // directory (which looks two folders down for catalogs, folders without dots) never sees ours.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("peer-compiled.\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The asset catalog beside it has 'logo', not 'missing-logo'.
        let imageset = dir.appendingPathComponent("Assets.xcassets/logo.imageset")
        try FileManager.default.createDirectory(at: imageset, withIntermediateDirectories: true)
        try Data(#"{"images": [{"filename": "logo.png", "idiom": "universal"}], "info": {"author": "xcode", "version": 1}}"#.utf8)
            .write(to: imageset.appendingPathComponent("Contents.json"))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: imageset.appendingPathComponent("logo.png"))
        let path = dir.appendingPathComponent("Card.nib").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try body(try NibOpener().open(.path(path)).input)
    }

    /// `class: member` of the findings of `code` with `options`.
    static func run(_ code: FindingCode, on input: NibInput, _ values: [String: LintOptionValue] = [:]) -> [String] {
        var options = LintOptions()
        options.values = values
        return NibLint.findings([input], options: options, enabled: [code]).filter { $0.code == code }
            .map { "\($0.className ?? "-"): \($0.member ?? "-")" }.sorted()
    }

    @Test("The nib is compiled, and read back with its custom classes")
    func compiled() throws {
        try Self.withNib { input in
            #expect(input.documents[0].format.isCompiled)
            #expect(input.documents[0].objects.contains { $0.customClass == "CardView" && $0.customModule == "App" })
        }
    }

    @Test("custom-module (IBLinter custom_module): the module of a Swift class survives in its mangled name")
    func customModule() throws {
        try Self.withNib { input in
            #expect(Self.run(.customModule, on: input, ["customModules": .object(["Kit": .array([.string("CardView")])])]) == ["CardView: CardView"])
            #expect(Self.run(.customModule, on: input, ["customModules": .object(["App": .array([.string("CardView")])])]).isEmpty)
        }
    }

    @Test("unavailable-custom-class (xiblint unavailable_custom_classes)")
    func unavailableCustomClass() throws {
        try Self.withNib { input in
            let fired = Self.run(.unavailableCustomClass, on: input, ["unavailableCustomClasses": .object(["Kit.OldBadge": .string("Kit.Badge")])])
            #expect(fired.count == 1)
            #expect(fired.first?.contains("OldBadge") == true, "\(fired)")
            #expect(Self.run(.unavailableCustomClass, on: input, ["unavailableCustomClasses": .object(["Kit.Other": .string("Kit.Badge")])]).isEmpty)
        }
    }

    @Test("missing-image (IBLinter image_resources): an image no catalog or file near the nib provides")
    func missingImage() throws {
        try Self.withNib { input in
            #expect(Self.run(.missingImage, on: input) == ["-: missing-logo"])
        }
    }

    @Test("accessibility-label-missing (xiblint accessibility_labels_for_image_buttons): an image-only button")
    func imageButton() throws {
        try Self.withNib { input in
            #expect(Self.run(.accessibilityLabelMissing, on: input).contains { $0.hasPrefix("UIButton") })
        }
    }

    @Test("relative-to-margin (IBLinter relative_to_margin): a compiled constraint to leadingMargin, not one to top")
    func relativeToMargin() throws {
        try Self.withNib { input in
            #expect(Self.run(.relativeToMargin, on: input) == ["App.CardView: leadingMargin", "App.CardView: leadingMargin"]
                || Self.run(.relativeToMargin, on: input) == ["UIView: leadingMargin", "UIView: leadingMargin"])
        }
    }

    @Test("placeholder-accessibility-label (xiblint accessibility_labels_for_text_with_placeholder) on the compiled sample")
    func placeholder() throws {
        let input = try NibOpener().open(.path(Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.nib").path)).input
        #expect(Self.run(.placeholderAccessibilityLabel, on: input) == ["UITextField: -", "UITextField: -"])
    }
}
