import Foundation
import NibDiagnosis
import Testing
import TestSupport
@testable import NibInspectCore

/// xiblint's `.xiblint.json` and IBLinter's `.iblinter.yml` read as they are (YAML with libyaml),
/// and `.nibinspect.json`'s per-path sections: one golden per configuration key
/// (`Goldens/peer-config/<case>.txt`: the file, then what it configures or the one-line error).
@Suite struct PeerConfigurationTests {
    static let goldens = Golden(directory: Golden.directory(besides: #filePath).appendingPathComponent("peer-config"))

    /// The configuration in words: rule set, enabled, disabled, options, exclude, include, paths.
    static func summary(_ c: LintConfiguration, base: String) -> String {
        func codes(_ s: Set<FindingCode>) -> String { s.map(\.rawValue).sorted().joined(separator: ", ") }
        func options(_ o: LintOptions) -> String {
            o.values.keys.sorted().map { "\($0)=\(o.values[$0]!)".replacingOccurrences(of: base, with: "<dir>") }.joined(separator: "; ")
        }
        var out: [String] = []
        if let set = c.ruleSet { out.append("rules: \(codes(set))") }
        if !c.enabled.isEmpty { out.append("enabled: \(codes(c.enabled))") }
        if !c.disabled.isEmpty { out.append("disabled: \(codes(c.disabled))") }
        if !c.severities.isEmpty { out.append("severity: " + c.severities.map { "\($0.key.rawValue)=\($0.value.rawValue)" }.sorted().joined(separator: ", ")) }
        if !c.options.values.isEmpty { out.append("options: \(options(c.options))") }
        if !c.exclude.isEmpty { out.append("exclude: \(c.exclude.joined(separator: ", "))") }
        if !c.include.isEmpty { out.append("include: \(c.include.joined(separator: ", "))") }
        for m in c.customModuleSources { out.append("custom module \(m.module): included \(m.included), excluded \(m.excluded)") }
        for p in c.paths {
            var parts: [String] = []
            if let set = p.ruleSet { parts.append("rules: \(codes(set))") }
            if !p.enabled.isEmpty { parts.append("enabled: \(codes(p.enabled))") }
            if !p.disabled.isEmpty { parts.append("disabled: \(codes(p.disabled))") }
            if !p.severities.isEmpty { parts.append("severity: " + p.severities.map { "\($0.key.rawValue)=\($0.value.rawValue)" }.sorted().joined(separator: ", ")) }
            if !p.options.values.isEmpty || p.replacesOptions { parts.append("options\(p.replacesOptions ? " (replacing)" : ""): \(options(p.options))") }
            out.append("path \(p.pattern): " + parts.joined(separator: "; "))
        }
        return out.joined(separator: "\n") + "\n"
    }

    static let cases: [(name: String, file: String, text: String)] = [
        ("xiblint-rules", ".xiblint.json", #"{"rules": ["named_colors", "strict_font*", "accessibility_labels_for_image*"]}"#),
        ("xiblint-excluded-rules", ".xiblint.json", #"{"rules": ["*"], "excluded_rules": ["automation_*", "no_*"]}"#),
        ("xiblint-rules-config", ".xiblint.json", #"""
            {"rules": ["named_colors", "strict_fonts", "color_assets"], "rules_config": {
              "named_colors": {"allowed_colors": ["Brand"], "allow_system_colors": true, "ignore_alpha": true, "allow_clear_color": true},
              "strict_font_names": {"allowed_fonts": ["Avenir-Book"], "allow_system_fonts": true},
              "strict_fonts": {"allowed_fonts": [{"name": "Avenir-Book", "size": 14}]},
              "strict_font_sizes": {"minimum_size": 10, "maximum_size": 30},
              "color_assets": {"asset_catalog": "App/Colors.xcassets"},
              "enforce_runtime_attributes": {"runtime_attributes": {"button": {"layer.cornerRadius": [null]}}},
              "enforce_system_properties": {"system_properties": {"label": {"adjustsFontForContentSizeCategory": ["YES"]}}},
              "unavailable_custom_classes": {"custom_classes": {"Kit.Old": "Kit.New"}},
              "unavailable_system_classes": {"system_classes": {"button": ["Kit.CoolButton"]}}}}
            """#),
        ("xiblint-paths", ".xiblint.json", #"""
            {"rules": ["named_colors", "automation_identifiers"], "rules_config": {"named_colors": {"allow_system_colors": true}},
             "paths": {"Legacy": {"excluded_rules": ["named_colors"]}, "Modules/Kit": {"rules": ["strict_font_names"], "rules_config": {"strict_font_names": {"allowed_fonts": ["Avenir"]}}}}}
            """#),
        ("xiblint-include-paths", ".xiblint.json", #"{"rules": ["no_trait_variations"], "include_paths": ["App"]}"#),
        ("xiblint-unknown-key", ".xiblint.json", #"{"rules": ["*"], "rule_config": {}}"#),
        ("xiblint-unknown-setting", ".xiblint.json", #"{"rules": ["*"], "rules_config": {"named_colors": {"allowed_colour": ["A"]}}}"#),
        ("xiblint-bad-value", ".xiblint.json", #"{"rules": ["*"], "rules_config": {"strict_font_sizes": {"minimum_size": "ten"}}}"#),
        ("iblinter-enabled-rules", ".iblinter.yml", "enabled_rules:\n  - relative_to_margin\n  - use_trait_collections\n  - hides_bottom_bar\n"),
        ("iblinter-disabled-rules", ".iblinter.yml", "disabled_rules:\n  - custom_module\n  - duplicate_id\n"),
        ("iblinter-excluded", ".iblinter.yml", "excluded:\n  - Carthage\n  - App/Generated/\n"),
        ("iblinter-included", ".iblinter.yml", "included:\n  - App/Views\n"),
        ("iblinter-custom-module-rule", ".iblinter.yml",
         "custom_module_rule:\n  - module: UIComponents\n    included:\n      - UIComponents/Classes\n    excluded:\n      - UIComponents/Classes/Generated\n"),
        ("iblinter-use-base-class-rule", ".iblinter.yml",
         "use_base_class_rule:\n  - element_class: UILabel\n    base_classes:\n      - PrimaryLabel\n      - SecondaryLabel\n"),
        ("iblinter-view-as-device-rule", ".iblinter.yml", "view_as_device_rule:\n  device_id: retina4_0\n"),
        ("iblinter-use-trait-collections-rule", ".iblinter.yml", "use_trait_collections_rule:\n  enabled: false\n"),
        ("iblinter-hides-bottom-bar-rule", ".iblinter.yml", "hides_bottom_bar_rule:\n  excluded_view_controllers:\n    - FirstViewController\n"),
        ("iblinter-accepted-keys", ".iblinter.yml", "reporter: json\ndisable_while_building_for_ib: true\nignore_cache: yes\n"),
        ("iblinter-empty", ".iblinter.yml", "# nothing but a comment\n"),
        ("iblinter-anchors", ".iblinter.yml", "enabled_rules: &rules\n  - relative_to_margin\ndisabled_rules: *rules\n"),
        ("iblinter-unknown-key", ".iblinter.yml", "enable_rules:\n  - ambiguous\n"),
        ("iblinter-unknown-rule", ".iblinter.yml", "enabled_rules:\n  - named_colors\n"),
        ("iblinter-syntax-error", ".iblinter.yml", "enabled_rules:\n  - relative_to_margin\n view_as_device_rule: {device_id: retina4_0\n"),
        ("iblinter-not-a-list", ".iblinter.yml", "enabled_rules: relative_to_margin\n"),
        ("nibinspect-paths", ".nibinspect.json", #"""
            {"enable": ["named-colors"], "options": {"allowSystemColors": true},
             "paths": {"Legacy": {"disable": ["named-colors"]}, "*/Generated/*": {"enable": ["strict_fonts"], "severity": {"strict-fonts": "info"}, "options": {"allowSystemColors": false}}}}
            """#),
        ("nibinspect-paths-unknown-rule", ".nibinspect.json", #"{"paths": {"Legacy": {"disable": ["no-such-rule"]}}}"#),
    ]

    @Test("Each configuration key reads into the settings it stands for, or a one-line error", arguments: cases.map(\.name))
    func key(_ name: String) throws {
        let c = Self.cases.first { $0.name == name }!
        let tree = try TempTree()
        defer { try? FileManager.default.removeItem(atPath: tree.root) }
        let file = tree.path(c.file)
        try c.text.write(toFile: file, atomically: true, encoding: .utf8)
        var out = "# \(c.file)\n\(c.text)\n# reads as\n"
        do {
            out += Self.summary(try LintConfiguration.load(file, readYAML: YAMLReader.read), base: tree.root)
        } catch let p as LintConfiguration.Problem {
            out += "error: \(p.message)\n"
        }
        Self.goldens.check(out, "\(name).txt")
    }

    @Test("YAML is bounded: an alias bomb and deep nesting are refused with their line and column")
    func yamlBounds() throws {
        var bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 0..<8 { bomb += "b\(i): &b\(i) [" + Array(repeating: i == 0 ? "*a" : "*b\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        #expect(throws: LintConfiguration.Problem.self) { try YAMLReader.read(Data(bomb.utf8), file: "f") }
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        do {
            _ = try YAMLReader.read(Data(deep.utf8), file: "f")
            Issue.record("deep nesting accepted")
        } catch let p as LintConfiguration.Problem {
            #expect(p.message.hasPrefix("line 1, column "))
        }
        #expect(try YAMLReader.read(Data("a: 1\nb: 2.5\nc: ~\nd: 'yes'\ne: yes\n".utf8), file: "f")
                == .object(["a": .integer(1), "b": .number(2.5), "c": .null, "d": .string("yes"), "e": .bool(true)]))
    }

    @Test("Found next to the inputs as .nibinspect.json is: .nibinspect.json first, then .xiblint.json, then .iblinter.yml")
    func found() throws {
        let tree = try TempTree()
        defer { try? FileManager.default.removeItem(atPath: tree.root) }
        try FileManager.default.createDirectory(atPath: tree.path("App/Views"), withIntermediateDirectories: true)
        try "enabled_rules: []\n".write(toFile: tree.path(".iblinter.yml"), atomically: true, encoding: .utf8)
        #expect(LintConfiguration.find(from: tree.path("App/Views"))?.hasSuffix("/.iblinter.yml") == true)
        try #"{"rules": []}"#.write(toFile: tree.path("App/.xiblint.json"), atomically: true, encoding: .utf8)
        #expect(LintConfiguration.find(from: tree.path("App/Views"))?.hasSuffix("/App/.xiblint.json") == true)
        try "{}".write(toFile: tree.path("App/.nibinspect.json"), atomically: true, encoding: .utf8)
        #expect(LintConfiguration.find(from: tree.path("App/Views"))?.hasSuffix("/App/.nibinspect.json") == true)
    }
}

/// `lint` reading a peer's configuration end to end, on a copy of `Fixtures/PeerApp`.
@Suite struct PeerConfigurationCLITests {
    static let app = Corpus.packageRoot.appendingPathComponent("Tests/NibDiagnosisTests/Fixtures/PeerApp").path

    /// `rule file:line` per finding of `lint --format xcode` run in a copy of PeerApp holding
    /// `name` with `text`, the files given relative to it.
    static func lint(_ name: String, _ text: String, _ files: [String] = ["Views.xib", "Scenes.storyboard", "Legacy/Clean.xib"]) throws -> [String] {
        let tree = try TempTree()
        defer { try? FileManager.default.removeItem(atPath: tree.root) }
        for item in try FileManager.default.contentsOfDirectory(atPath: app) where item != "Clean.xib" {
            try FileManager.default.copyItem(atPath: app + "/" + item, toPath: tree.path(item))
        }
        try FileManager.default.createDirectory(atPath: tree.path("Legacy"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: app + "/Clean.xib", toPath: tree.path("Legacy/Clean.xib"))
        try FileManager.default.copyItem(atPath: app + "/Views.xib", toPath: tree.path("Legacy/Views.xib"))
        try text.write(toFile: tree.path(name), atomically: true, encoding: .utf8)
        let console = Console.capturing()
        _ = NibInspectCLI.run(["lint", "--format", "xcode"] + files.map(tree.path), console: console)
        return console.output.split(separator: "\n").map { line in
            let rule = line.split(separator: "[").last.map { String($0.dropLast()) } ?? ""
            let place = line.split(separator: ":").prefix(2).joined(separator: ":").replacingOccurrences(of: tree.root + "/", with: "")
            return "\(rule) \(place)"
        }.sorted()
    }

    @Test(".xiblint.json: the rules it names run, only those, with rules_config; paths change them per directory")
    func xiblint() throws {
        let config = #"""
            {"rules": ["no_simulated_metrics", "enforce_system_properties", "automation_identifiers_for_outlet_labels"],
             "rules_config": {"enforce_system_properties": {"system_properties": {"label": {"adjustsFontForContentSizeCategory": ["YES"]}}}},
             "paths": {"Legacy": {"excluded_rules": ["enforce_system_properties"]}}}
            """#
        let found = try Self.lint(".xiblint.json", config, ["Views.xib", "Scenes.storyboard", "Legacy/Views.xib"])
        #expect(found == ["outlet-label-identifier Scenes.storyboard:11", "simulated-metrics-container Legacy/Views.xib:101",
                          "simulated-metrics-container Views.xib:101", "system-property-values Scenes.storyboard:11",
                          "system-property-values Scenes.storyboard:14", "system-property-values Scenes.storyboard:18",
                          "system-property-values Views.xib:42"])
    }

    @Test(".iblinter.yml: IBLinter's defaults with enabled_rules and disabled_rules; excluded and included directories")
    func iblinter() throws {
        let yml = "enabled_rules:\n  - relative_to_margin\ndisabled_rules:\n  - duplicate_id\nexcluded:\n  - Legacy\n"
        #expect(try Self.lint(".iblinter.yml", yml, ["Views.xib", "Legacy/Views.xib"]) == ["relative-to-margin Views.xib:95"])
        let included = "enabled_rules:\n  - relative_to_margin\nincluded:\n  - Legacy\n"
        #expect(try Self.lint(".iblinter.yml", included, ["Views.xib", "Legacy/Views.xib"])
                == ["duplicate-id Legacy/Views.xib:97", "relative-to-margin Legacy/Views.xib:95"])
    }

    @Test(".nibinspect.json paths: a directory's section turns a rule off there only")
    func nibinspectPaths() throws {
        let config = #"{"enable": ["simulated-metrics-container"], "disable": ["duplicate-key-equivalent"], "paths": {"Legacy": {"disable": ["simulated-metrics-container"]}}}"#
        let found = try Self.lint(".nibinspect.json", config, ["Views.xib", "Legacy/Views.xib"]).filter { $0.hasPrefix("simulated") }
        #expect(found == ["simulated-metrics-container Views.xib:101"])
    }
}
