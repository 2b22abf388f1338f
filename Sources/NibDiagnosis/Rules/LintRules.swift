/// The registry of `lint` rules: every rule `--list-rules` shows, SARIF describes and
/// configuration files may name. A new nib rule is one file under `Rules/` and one line in
/// ``nibRules``.
public enum LintRules {
    /// The rules that check one document at a time, in the order `--list-rules` shows them.
    static let nibRules: [any NibRule.Type] = [
        MainNibContentRule.self,
        LargeNibRule.self,
        WindowVisibleAtLoadRule.self,
        ExternalPlaceholderConnectionRule.self,
        BannedClassRule.self,
        DanglingConnectionRule.self,
        EventToSeveralTargetsRule.self,
        DuplicateKeyEquivalentRule.self,
        MissingImageRule.self,
        AccessibilityLabelMissingRule.self,
        PlaceholderAsLabelRule.self,
        AmbiguousLayoutRule.self,
        ConstraintPlaceholderRule.self,
        // House rules of xiblint and IBLinter, off by default.
        NamedColorsRule.self,
        StrictFontsRule.self,
        StrictFontNamesRule.self,
        StrictFontSizesRule.self,
        AutomationIdentifiersRule.self,
        NoTraitVariationsRule.self,
        UseTraitCollectionsRule.self,
        EnableAutolayoutRule.self,
        ViewAsDeviceRule.self,
        SimulatedMetricsRule.self,
        HidesBottomBarRule.self,
        StoryboardIdentifierRule.self,
        InitialViewControllerRule.self,
        SingleViewControllerRule.self,
        CustomClassNameRule.self,
        BaseClassRule.self,
        ReuseIdentifierRule.self,
        StackViewBackgroundColorRule.self,
        DuplicateConstraintRule.self,
        AccessibilityFormatRule.self,
        PlaceholderAccessibilityLabelRule.self,
        OutletLabelIdentifierRule.self,
        ColorAssetsRule.self,
        RuntimeAttributeValuesRule.self,
        SystemPropertyValuesRule.self,
        AttributedStringColorsRule.self,
        NoSimulatedMetricsRule.self,
        OtherBundleLinkRule.self,
        UnavailableCustomClassRule.self,
        UnavailableSystemClassRule.self,
        MissingColorRule.self,
        CustomModuleRule.self,
        DuplicateIDRule.self,
        RelativeToMarginRule.self,
    ]

    /// Every rule: the checks against sources (``SourceCheckRules``, found by ``NibSourceCheck``),
    /// then the nib rules (found by ``NibLint``).
    public static let all: [RuleInfo] = SourceCheckRules.all + nibRules.map { $0.info }

    private static let byCode: [FindingCode: RuleInfo] = Dictionary(all.map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })

    private static let byName: [String: RuleInfo] = {
        var names: [String: RuleInfo] = [:]
        for rule in all.reversed() {
            for alias in rule.aliases { names[alias.id] = rule }
        }
        for rule in all { names[rule.code.rawValue] = rule }
        return names
    }()

    /// The rule of `code`, nil for a code no rule declares.
    public static func rule(_ code: FindingCode) -> RuleInfo? { byCode[code] }

    /// The rule named `name`: its id, or another linter's name for it (``RuleInfo/aliases``).
    public static func rule(named name: String) -> RuleInfo? { byName[name] }

    /// Every option of every rule, by key, with the rule that reads it.
    public static let options: [String: (option: LintOptionSpec, rule: RuleInfo)] = {
        var out: [String: (option: LintOptionSpec, rule: RuleInfo)] = [:]
        for rule in all {
            for option in rule.options where out[option.key] == nil { out[option.key] = (option, rule) }
        }
        return out
    }()
}
