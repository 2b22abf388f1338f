import NibModel

extension FindingCode {
    public static let systemPropertyValues = FindingCode("system-property-values")
}

/// `system-property-values` (xiblint `enforce_system_properties`): an attribute of the configured
/// elements has one of the allowed values. The option `systemProperties` (xiblint's
/// `system_properties`) maps an element path (`label`, `stackView/color`: a `<color>` directly in
/// a `<stackView>`) to attributes and their allowed values as written, `null` allowing the
/// attribute to be absent: `{"label": {"adjustsFontForContentSizeCategory": ["YES"]}}`. Sources
/// only. A house rule, off by default.
struct SystemPropertyValuesRule: NibRule {
    static let systemProperties = LintOption.allowedValues("systemProperties", describing: "element path → attribute → allowed values")

    static let info = RuleInfo(
        .systemPropertyValues, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.xiblint("enforce_system_properties")], options: [systemProperties.spec], offByDefault: true,
        "An attribute of an element listed in systemProperties is not one of the values allowed for it.")

    let rules: [String: [String: [String?]]]

    init(options: LintOptions) { rules = options[Self.systemProperties] }

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard !rules.isEmpty, let root = context.sourceElement else { return }
        for path in rules.keys.sorted() {
            guard let properties = rules[path] else { continue }
            for (e, ancestors) in SourceRules.find(path, in: root) {
                for name in properties.keys.sorted() {
                    let allowed = properties[name] ?? []
                    guard !allowed.contains(e[name]) else { continue }
                    out.add(e, ancestors: ancestors, member: name,
                            "`<\(path)>` property `\(name)` must use `\(SourceRules.allowed(allowed))` instead of `\(e[name] ?? "None")`",
                            fix: "Set the property to one of the allowed values in the Attributes inspector")
                }
            }
        }
    }
}
