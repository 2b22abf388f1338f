import ArchiveReader
import Foundation
import NibModel
import Testing
import TestSupport
@testable import NibDiagnosis

/// The remaining rules of xiblint and IBLinter (off by default), each recorded as a golden
/// (`Goldens/peer-rules/<rule>.txt`) over `Fixtures/PeerApp`: `Views.xib` and `Scenes.storyboard`
/// where it fires, `Clean.xib` where it must not (its section of the golden stays empty). The
/// findings of the xiblint rules were checked against xiblint 0.10.4's on the same files; the
/// README's "Coming from xiblint / IBLinter" lists how they differ.
@Suite struct PeerRulesXMLTests {
    static let root = Corpus.packageRoot.appendingPathComponent("Tests/NibDiagnosisTests/Fixtures/PeerApp").path
    static let goldens = Golden(directory: Golden.directory(besides: #filePath).appendingPathComponent("peer-rules"))

    /// The options the rules are configured with (as the xiblint configuration of the fixture).
    static var options: LintOptions {
        var o = LintOptions()
        o.values = [
            "runtimeAttributes": .object(["button": .object(["layer.cornerRadius": .array([.null])]),
                                          "Kit.LegacyButton": .object(["sizeName": .array([.string("small"), .string("large")])])]),
            "systemProperties": .object(["label": .object(["adjustsFontForContentSizeCategory": .array([.string("YES")])])]),
            "unavailableCustomClasses": .object(["Kit.LegacyButton": .string("Kit.CoolButton")]),
            "unavailableSystemClasses": .object(["button": .array([.string("Kit.CoolButton")])]),
            "customModules": .object(["UIComponents": .array([.string("PrimaryView")])]),
            "assetCatalog": .string(root + "/Assets.xcassets"),
        ]
        return o
    }

    /// `file:line: object: message` per finding of `code`, a section per fixture.
    static func report(_ code: FindingCode) throws -> String {
        var out = ""
        for name in ["Views.xib", "Scenes.storyboard", "Clean.xib"] {
            let input = try NibOpener().open(.path(root + "/" + name)).input
            out += "# \(name)\n"
            for f in NibLint.findings([input], options: options, enabled: [code]) where f.code == code {
                out += "\(name):\(f.line.map(String.init) ?? "-"): \(f.objectID?.rawValue ?? "-"): \(f.message)\n"
            }
        }
        return out
    }

    static let rules: [FindingCode] = [
        .accessibilityFormat, .placeholderAccessibilityLabel, .outletLabelIdentifier, .colorAssets, .runtimeAttributeValues,
        .systemPropertyValues, .attributedStringColors, .simulatedMetricsContainer, .storyboardReferenceToOtherBundle,
        .unavailableCustomClass, .unavailableSystemClass, .missingColor, .customModule, .duplicateID, .relativeToMargin,
    ]

    @Test("Each rule fires on Views.xib or Scenes.storyboard and stays quiet on Clean.xib", arguments: rules)
    func golden(_ code: FindingCode) throws {
        let text = try Self.report(code)
        Self.goldens.check(text, "\(code.rawValue).txt")
        let clean = text.components(separatedBy: "# Clean.xib\n").last ?? ""
        #expect(clean.isEmpty)
        #expect(text.split(separator: "\n").count > 3)
    }

    @Test("Every rule of xiblint 0.10.4 (21) and IBLinter (19) has a nibinspect rule under its name")
    func everyPeerName() {
        let xiblint = ["accessibility_format", "accessibility_labels_for_image_buttons", "accessibility_labels_for_images",
                       "accessibility_labels_for_text_with_placeholder", "autolayout_frames", "automation_identifiers",
                       "automation_identifiers_for_outlet_labels", "color_assets", "enforce_runtime_attributes",
                       "enforce_system_properties", "named_colors", "no_attributed_string_colors", "no_simulated_metrics",
                       "no_trait_variations", "no_view_controller_links_to_other_bundles", "simulated_metrics_retina4_0",
                       "strict_font_names", "strict_font_sizes", "strict_fonts", "unavailable_custom_classes", "unavailable_system_classes"]
        let iblinter = ["ambiguous", "color_resources", "custom_class_name", "custom_module", "duplicate_constraint", "duplicate_id",
                        "enable_autolayout", "has_initial_view_controller", "has_single_view_controller", "hides_bottom_bar",
                        "image_resources", "misplaced", "relative_to_margin", "reuse_identifier", "stackview_backgroundcolor",
                        "storyboard_viewcontroller_id", "use_base_class", "use_trait_collections", "view_as_device"]
        for name in xiblint { #expect(LintRules.rule(named: name)?.aliases.contains(.xiblint(name)) == true, "\(name)") }
        for name in iblinter { #expect(LintRules.rule(named: name)?.aliases.contains(.iblinter(name)) == true, "\(name)") }
    }

    @Test("Without options the configurable rules report nothing; compiled input has no source XML")
    func unconfigured() throws {
        let input = try NibOpener().open(.path(Self.root + "/Views.xib")).input
        let configurable: Set<FindingCode> = [.runtimeAttributeValues, .systemPropertyValues, .unavailableCustomClass,
                                              .unavailableSystemClass, .customModule]
        #expect(NibLint.findings([input], enabled: configurable).filter { configurable.contains($0.code) }.isEmpty)
        #expect(input.documents.allSatisfy { $0.source != nil })
    }

    @Test("SourceElement.walk visits in document order with ancestors, and the path finder follows child steps")
    func sourceWalk() {
        let tree = SourceElement(name: "document", attributes: [:], line: 1, children: [
            SourceElement(name: "stackView", attributes: [:], line: 2, children: [SourceElement(name: "color", attributes: ["key": "a"], line: 3)]),
            SourceElement(name: "color", attributes: ["key": "b"], line: 4),
        ])
        var seen: [String] = []
        tree.walk { e, ancestors in seen.append("\(e.name)@\(e.line)/\(ancestors.count)") }
        #expect(seen == ["document@1/0", "stackView@2/1", "color@3/2", "color@4/1"])
        #expect(SourceRules.find("stackView/color", in: tree).map(\.element.line) == [3])
        #expect(SourceRules.find("color", in: tree).map(\.element.line) == [3, 4])
    }
}
