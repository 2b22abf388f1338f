import Foundation
import NibModel

/// xiblint's `.xiblint.json` and IBLinter's `.iblinter.yml`, read as those tools read them and
/// turned into the same ``LintConfiguration``: the rules they name run (and only those), under
/// nibinspect's ids, with their settings as the rules' options.
extension LintConfiguration {
    /// Every rule name of xiblint 0.10.4.
    static let xiblintRules = LintRules.all.flatMap(\.aliases).filter { $0.tool == "xiblint" }.map(\.id).sorted()

    /// xiblint's settings per rule (`rules_config`) → the option of the nibinspect rule.
    static let xiblintOptions: [String: [String: String]] = [
        "named_colors": ["allowed_colors": "allowedColors", "allow_system_colors": "allowSystemColors",
                         "ignore_alpha": "ignoreAlpha", "allow_clear_color": "allowClearColor"],
        "strict_font_names": ["allowed_fonts": "allowedFontNames", "allow_system_fonts": "allowSystemFonts"],
        "strict_fonts": ["allowed_fonts": "allowedFonts"],
        "strict_font_sizes": ["minimum_size": "minimumFontSize", "maximum_size": "maximumFontSize"],
        "color_assets": ["asset_catalog": "assetCatalog"],
        "enforce_runtime_attributes": ["runtime_attributes": "runtimeAttributes"],
        "enforce_system_properties": ["system_properties": "systemProperties"],
        "unavailable_custom_classes": ["custom_classes": "unavailableCustomClasses"],
        "unavailable_system_classes": ["system_classes": "unavailableSystemClasses"],
    ]

    /// A `.xiblint.json`: `rules` (shell patterns over xiblint's rule names), `excluded_rules`,
    /// `rules_config` (settings by rule name), `paths` (the same three per directory, relative to
    /// the file) and `include_paths` (accepted; nibinspect lints the paths it is given).
    static func xiblint(_ data: Data, path: String) throws -> LintConfiguration {
        guard case .object(let top)? = try? JSONDecoder().decode(LintOptionValue.self, from: data) else {
            throw Problem(file: path, message: "not a JSON object")
        }
        try known(top, ["rules", "excluded_rules", "rules_config", "paths", "include_paths"], file: path, where: "")
        var config = LintConfiguration()
        config.baseDirectory = (path as NSString).deletingLastPathComponent
        let rules = try strings(top["rules"], file: path, key: "rules") ?? []
        let base = try xiblintSection(top, rules: rules, defaultConfig: top["rules_config"], pattern: "", file: path, where: "")
        config.ruleSet = base.ruleSet
        config.options = base.options
        guard case .object(let paths)? = top["paths"] ?? .object([:]) else { throw Problem(file: path, message: "\"paths\" must be an object") }
        for (pattern, value) in paths.sorted(by: { $0.key < $1.key }) {
            guard case .object(let settings) = value else { throw Problem(file: path, message: "\"paths.\(pattern)\" must be an object") }
            try known(settings, ["rules", "excluded_rules", "rules_config"], file: path, where: "paths.\(pattern).")
            var section = try xiblintSection(settings, rules: try strings(settings["rules"], file: path, key: "paths.\(pattern).rules") ?? rules,
                                             defaultConfig: top["rules_config"], pattern: pattern, file: path, where: "paths.\(pattern).")
            section.replacesOptions = true
            config.paths.append(section)
        }
        return config
    }

    /// One section of a `.xiblint.json`: the rules its patterns select, less `excluded_rules`, and
    /// its `rules_config` (else the file's).
    static func xiblintSection(_ settings: [String: LintOptionValue], rules: [String], defaultConfig: LintOptionValue?, pattern: String,
                               file path: String, where prefix: String) throws -> PathSection {
        let excluded = try strings(settings["excluded_rules"], file: path, key: prefix + "excluded_rules") ?? []
        var section = PathSection(pattern: pattern)
        var set = Set<FindingCode>()
        for name in xiblintRules where rules.contains(where: { fnmatch($0, name, 0) == 0 }) && !excluded.contains(where: { fnmatch($0, name, 0) == 0 }) {
            if let rule = LintRules.rule(named: name) { set.insert(rule.code) }
        }
        section.ruleSet = set
        var config = settings["rules_config"] ?? defaultConfig ?? .object([:])
        if case .object(let o) = config, o.isEmpty, let defaultConfig { config = defaultConfig }
        guard case .object(let byRule) = config else { throw Problem(file: path, message: "\"\(prefix)rules_config\" must be an object") }
        var values: [String: LintOptionValue] = [:]
        for (rule, value) in byRule.sorted(by: { $0.key < $1.key }) {
            guard xiblintRules.contains(rule) else { throw Problem(file: path, message: "unknown rule '\(rule)' in \"\(prefix)rules_config\"") }
            guard case .object(let keys) = value else { throw Problem(file: path, message: "\"\(prefix)rules_config.\(rule)\" must be an object") }
            let mapping = xiblintOptions[rule] ?? [:]
            for (key, v) in keys.sorted(by: { $0.key < $1.key }) {
                guard let option = mapping[key] else {
                    let allowed = mapping.keys.sorted().joined(separator: ", ")
                    throw Problem(file: path, message: "\(rule) has no setting \"\(key)\" (\(allowed.isEmpty ? "it has none" : "known: " + allowed))")
                }
                values[option] = v
            }
        }
        section.options = try options(values, file: path)
        return section
    }

    /// IBLinter's rules that run unless `disabled_rules` names them.
    static let iblinterDefaults = ["ambiguous", "custom_module", "duplicate_constraint", "duplicate_id", "enable_autolayout"]

    /// A `.iblinter.yml` (given as the values its YAML holds): `enabled_rules`, `disabled_rules`
    /// (the rules run are IBLinter's defaults with these), `excluded` and `included` (directories
    /// or patterns, relative to the file), `custom_module_rule`, `use_base_class_rule`,
    /// `view_as_device_rule`, `use_trait_collections_rule`, `hides_bottom_bar_rule`; `reporter`,
    /// `disable_while_building_for_ib` and `ignore_cache` are accepted (use `--format`).
    static func iblinter(_ value: LintOptionValue, path: String) throws -> LintConfiguration {
        var top: [String: LintOptionValue] = [:]
        switch value {
        case .object(let o): top = o
        case .null: break
        default: throw Problem(file: path, message: "not a YAML mapping")
        }
        try known(top, ["enabled_rules", "disabled_rules", "excluded", "included", "custom_module_rule", "use_base_class_rule",
                        "view_as_device_rule", "use_trait_collections_rule", "hides_bottom_bar_rule", "reporter",
                        "disable_while_building_for_ib", "ignore_cache"], file: path, where: "")
        var config = LintConfiguration()
        config.baseDirectory = (path as NSString).deletingLastPathComponent
        var names = Set(iblinterDefaults)
        names.subtract(try strings(top["disabled_rules"], file: path, key: "disabled_rules") ?? [])
        names.formUnion(try strings(top["enabled_rules"], file: path, key: "enabled_rules") ?? [])
        var set = Set<FindingCode>()
        for name in names.sorted() {
            guard let rule = LintRules.rule(named: name), rule.aliases.contains(.iblinter(name)) else {
                throw Problem(file: path, message: "unknown IBLinter rule '\(name)'")
            }
            set.insert(rule.code)
        }
        config.ruleSet = set
        config.exclude = (try strings(top["excluded"], file: path, key: "excluded") ?? []).flatMap(directoryPatterns)
        config.include = (try strings(top["included"], file: path, key: "included") ?? []).flatMap(directoryPatterns)
        var values: [String: LintOptionValue] = [:]
        func section(_ key: String) throws -> [String: LintOptionValue]? {
            switch top[key] {
            case nil, .null?: return nil
            case .object(let o)?: return o
            default: throw Problem(file: path, message: "\"\(key)\" must be a mapping")
            }
        }
        func list(_ key: String) throws -> [[String: LintOptionValue]] {
            switch top[key] {
            case nil, .null?: return []
            case .array(let a)?:
                return try a.map { guard case .object(let o) = $0 else { throw Problem(file: path, message: "\"\(key)\" must be a list of mappings") }; return o }
            default: throw Problem(file: path, message: "\"\(key)\" must be a list of mappings")
            }
        }
        for entry in try list("custom_module_rule") {
            guard case .string(let module)? = entry["module"] else { throw Problem(file: path, message: "custom_module_rule: each entry needs a module") }
            config.customModuleSources.append(CustomModuleSource(
                module: module, included: try strings(entry["included"], file: path, key: "custom_module_rule.included") ?? [],
                excluded: try strings(entry["excluded"], file: path, key: "custom_module_rule.excluded") ?? []))
        }
        var baseClasses: [String: LintOptionValue] = [:]
        for entry in try list("use_base_class_rule") {
            guard case .string(let element)? = entry["element_class"] else { throw Problem(file: path, message: "use_base_class_rule: each entry needs an element_class") }
            baseClasses[element] = .array((try strings(entry["base_classes"], file: path, key: "use_base_class_rule.base_classes") ?? []).map { .string($0) })
        }
        if !baseClasses.isEmpty { values["baseClasses"] = .object(baseClasses) }
        if let s = try section("view_as_device_rule") { values["viewAsDevice"] = s["device_id"] }
        if let s = try section("use_trait_collections_rule") { values["useTraitCollections"] = s["enabled"] }
        if let s = try section("hides_bottom_bar_rule") { values["hidesBottomBarExcluded"] = s["excluded_view_controllers"] }
        config.options = try options(values, file: path)
        return config
    }

    /// A directory or pattern of IBLinter's `included`/`excluded` as shell patterns: itself and
    /// everything under it.
    static func directoryPatterns(_ p: String) -> [String] {
        let trimmed = p.hasSuffix("/") ? String(p.dropLast()) : p
        return [trimmed, trimmed + "/*"]
    }

    static func known(_ object: [String: LintOptionValue], _ keys: [String], file path: String, where prefix: String) throws {
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw Problem(file: path, message: "unknown key \"\(prefix)\(unknown)\" (known: \(keys.joined(separator: ", ")))")
        }
    }

    /// A list of strings, nil when absent or null.
    static func strings(_ value: LintOptionValue?, file path: String, key: String) throws -> [String]? {
        switch value {
        case nil, .null?: return nil
        case .array(let a)?:
            return try a.map { guard case .string(let s) = $0 else { throw Problem(file: path, message: "\"\(key)\" must be a list of strings") }; return s }
        default: throw Problem(file: path, message: "\"\(key)\" must be a list of strings")
        }
    }
}
