import ArchiveReader
import Foundation
import NibModel
import Testing
import TestSupport
@testable import NibDiagnosis

/// The house rules taken from xiblint and IBLinter (off by default): each fires and stays quiet
/// on `Fixtures/PeerRules` (an iOS xib and a two-scene storyboard, the xib's findings checked
/// against xiblint 0.10.4's on the same file), with and without its options.
@Suite struct PeerRulesTests {
    static let fixtures = Corpus.packageRoot.appendingPathComponent("Tests/NibDiagnosisTests/Fixtures/PeerRules").path

    /// The findings of `code` on one fixture, the rule enabled, as `object id: member` or
    /// `document` for a finding on the document as a whole.
    static func run(_ code: FindingCode, _ name: String, options: LintOptions = LintOptions()) throws -> [String] {
        let input = try NibOpener().open(.path(fixtures + "/" + name)).input
        return NibLint.findings([input], options: options, enabled: [code]).filter { $0.code == code }.map { f in
            f.objectID.map { $0.rawValue + (f.member.map { ":" + $0 } ?? "") } ?? "document"
        }.sorted()
    }

    static func options(_ values: [String: LintOptionValue]) -> LintOptions {
        var o = LintOptions()
        o.values = values
        return o
    }

    @Test("Every peer rule is off by default and named by its peer's id")
    func offByDefault() throws {
        let input = try NibOpener().open(.path(Self.fixtures + "/Peer.xib")).input
        let codes = Set(NibLint.findings([input]).map(\.code))
        let peers = LintRules.all.filter(\.offByDefault)
        #expect(peers.count == 34)
        #expect(codes.isDisjoint(with: peers.map(\.code)))
        #expect(LintRules.rule(named: "named_colors")?.code == .namedColors)
        #expect(LintRules.rule(named: "storyboard_viewcontroller_id")?.code == .storyboardIdentifierMatchesClass)
        #expect(LintRules.rule(named: "autolayout_frames")?.code == .ambiguousLayout)
        #expect(LintRules.rule(named: "ambiguous")?.code == .ambiguousLayout)
    }

    @Test("named-colors: custom and system colours (as xiblint); system allowed, alpha ignored, allowed names")
    func namedColors() throws {
        #expect(try Self.run(.namedColors, "Peer.xib") == ["lbl2:backgroundColor", "lbl2:textColor", "stk1:backgroundColor"])
        #expect(try Self.run(.namedColors, "Peer.xib", options: Self.options(["allowSystemColors": .bool(true), "ignoreAlpha": .bool(true)]))
            == ["lbl2:textColor"])
        #expect(try Self.run(.namedColors, "Peer.xib", options: Self.options(["allowClearColor": .bool(true), "allowSystemColors": .bool(true),
                                                                              "allowedColors": .array([.string("Other")])]))
            == ["lbl1:textColor", "lbl2:textColor"])
        #expect(try Self.run(.namedColors, "Peer.storyboard").isEmpty)
    }

    @Test("strict-font-names, strict-font-sizes, strict-fonts: as configured")
    func fonts() throws {
        // System fonts are allowed unless allowSystemFonts is false (xiblint's documented default).
        #expect(try Self.run(.strictFontNames, "Peer.xib") == ["lbl1:fontDescription", "tf1:fontDescription"])
        #expect(try Self.run(.strictFontNames, "Peer.xib", options: Self.options(["allowSystemFonts": .bool(false)]))
            == ["lbl1:fontDescription", "lbl2:fontDescription", "tf1:fontDescription"])
        #expect(try Self.run(.strictFontNames, "Peer.xib", options: Self.options([
            "allowedFontNames": .array([.string("Avenir-Book"), .string("Avenir-Heavy")]), "allowSystemFonts": .bool(true),
        ])).isEmpty)
        #expect(try Self.run(.strictFontSizes, "Peer.xib").isEmpty)
        #expect(try Self.run(.strictFontSizes, "Peer.xib", options: Self.options(["minimumFontSize": .integer(11), "maximumFontSize": .number(30)]))
            == ["lbl2:fontDescription", "tf1:fontDescription"])
        // Sizes compared whole: 10.5 is allowed as 10; the system font never is.
        let allowed = LintOptionValue.array([.object(["name": .string("Avenir-Book"), "size": .integer(14)]),
                                             .object(["name": .string("Avenir-Heavy"), "size": .integer(10)])])
        #expect(try Self.run(.strictFonts, "Peer.xib") == ["lbl1:fontDescription", "lbl2:fontDescription", "tf1:fontDescription"])
        #expect(try Self.run(.strictFonts, "Peer.xib", options: Self.options(["allowedFonts": allowed])) == ["lbl2:fontDescription"])
        #expect(!StrictFontsRule.allowedFonts.spec.accepts(.array([.object(["name": .string("A")])])))
    }

    @Test("automation-identifiers: a button and a text field without an identifier (as xiblint); not the one with it")
    func automationIdentifiers() throws {
        #expect(try Self.run(.automationIdentifiers, "Peer.xib") == ["btn2", "tf1"])
    }

    @Test("no-trait-variations and use-trait-collections: once per file, each the other's opposite")
    func traitVariations() throws {
        #expect(try Self.run(.noTraitVariations, "Peer.xib") == ["document"])
        #expect(try Self.run(.noTraitVariations, "Peer.storyboard").isEmpty)
        #expect(try Self.run(.useTraitCollections, "Peer.xib").isEmpty)
        #expect(try Self.run(.useTraitCollections, "Peer.storyboard") == ["document"])
        #expect(try Self.run(.useTraitCollections, "Peer.xib", options: Self.options(["useTraitCollections": .bool(false)])) == ["document"])
    }

    @Test("enable-autolayout and view-as-device: once per file (two scenes, one finding)")
    func documentSettings() throws {
        #expect(try Self.run(.enableAutolayout, "Peer.xib").isEmpty)
        #expect(try Self.run(.enableAutolayout, "Peer.storyboard") == ["document"])
        #expect(try Self.run(.viewAsDevice, "Peer.xib") == ["document"])
        #expect(try Self.run(.viewAsDevice, "Peer.xib", options: Self.options(["viewAsDevice": .string("retina6_1")])).isEmpty)
        #expect(try Self.run(.viewAsDevice, "Peer.storyboard") == ["document"])
        // xiblint's rule: the smallest screens only, and a file without a device is not reported.
        #expect(try Self.run(.simulatedMetricsSmallest, "Peer.xib") == ["document"])
        #expect(try Self.run(.simulatedMetricsSmallest, "Peer.storyboard").isEmpty)
    }

    @Test("hides-bottom-bar and storyboard-id-matches-class: the second scene's controller; excluded class quiet")
    func storyboardScenes() throws {
        #expect(try Self.run(.hidesBottomBar, "Peer.storyboard") == ["vc2"])
        #expect(try Self.run(.hidesBottomBar, "Peer.storyboard", options: Self.options(["hidesBottomBarExcluded": .array([.string("FeedViewController")])])).isEmpty)
        #expect(try Self.run(.storyboardIdentifierMatchesClass, "Peer.storyboard") == ["vc2"])
        #expect(try Self.run(.hidesBottomBar, "Peer.xib").isEmpty)
    }

    @Test("no-initial-view-controller, single-view-controller, custom-class-name: once per storyboard")
    func storyboards() throws {
        #expect(try Self.run(.noInitialViewController, "Peer.storyboard").isEmpty)
        #expect(try Self.run(.noInitialViewController, "Login.storyboard") == ["document"])
        #expect(try Self.run(.singleViewController, "Peer.storyboard") == ["document"])
        #expect(try Self.run(.singleViewController, "Login.storyboard").isEmpty)
        #expect(try Self.run(.customClassName, "Login.storyboard") == ["vc1"])
        #expect(try Self.run(.customClassName, "Peer.storyboard").isEmpty)
        // Nothing changes for a file that does as the house rules say.
        #expect(try Self.run(.viewAsDevice, "Login.storyboard").isEmpty)
        #expect(try Self.run(.enableAutolayout, "Login.storyboard").isEmpty)
    }

    @Test("base-class: only the classes the option lists, each with its custom classes")
    func baseClass() throws {
        #expect(try Self.run(.baseClass, "Peer.xib").isEmpty)
        let lists = LintOptionValue.object(["UILabel": .array([.string("BrandLabel")]),
                                            "UITableViewCell": .array([.string("FeedCell"), .string("OtherCell")])])
        #expect(try Self.run(.baseClass, "Peer.xib", options: Self.options(["baseClasses": lists])) == ["cell3", "lbl1", "lbl2"])
    }

    @Test("reuse-identifier-matches-class, stack-view-background-color, duplicate-constraint")
    func views() throws {
        #expect(try Self.run(.reuseIdentifierMatchesClass, "Peer.xib") == ["cell2"])
        #expect(try Self.run(.reuseIdentifierMatchesClass, "Static.storyboard").isEmpty)
        #expect(try Self.run(.stackViewBackgroundColor, "Peer.xib") == ["stk1:backgroundColor"])
        // c2 repeats c1; c3 is c1 with its items swapped and the constant negated; c4 differs.
        #expect(try Self.run(.duplicateConstraint, "Peer.xib") == ["c2", "c3"])
    }

    @Test("A configuration's \"enable\" turns rules on by id, peer name or \"all\"; unknown names refused")
    func enable() throws {
        let tree = try TempTree()
        defer { try? FileManager.default.removeItem(atPath: tree.root) }
        let file = tree.path(".nibinspect.json")
        try #"{"enable": ["named_colors", "view-as-device"], "disable": ["view-as-device"]}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let config = try LintConfiguration.load(file)
        #expect(config.enabled == [.namedColors, .viewAsDevice])
        #expect(config.runs(LintRules.rule(.namedColors)!) && !config.runs(LintRules.rule(.viewAsDevice)!))
        #expect(!config.runs(LintRules.rule(.strictFonts)!) && config.runs(LintRules.rule(.largeNib)!))
        try #"{"enable": ["all"]}"#.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try LintConfiguration.load(file).enabled.count == 34)
        try #"{"enable": ["no_such_rule"]}"#.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: LintConfiguration.Problem.self) { try LintConfiguration.load(file) }
    }
}
