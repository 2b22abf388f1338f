import NibModel

extension FindingCode {
    public static let runtimeAttributeValues = FindingCode("runtime-attribute-values")
}

/// `runtime-attribute-values` (xiblint `enforce_runtime_attributes`): a user-defined runtime
/// attribute of the configured elements or custom classes has one of the allowed values. The
/// option `runtimeAttributes` (xiblint's `runtime_attributes`) maps an element name (`button`)
/// or a custom class with its module (`SomeModule.LegacyButton`) to key paths and their allowed
/// values, `null` allowing the attribute to be absent: `{"button": {"layer.cornerRadius": [null]}}`.
/// Values compare as written (`value="8"`). Sources only. A house rule, off by default.
struct RuntimeAttributeValuesRule: NibRule {
    static let runtimeAttributes = LintOption.allowedValues("runtimeAttributes", describing: "element or Module.Class → key path → allowed values")

    static let info = RuleInfo(
        .runtimeAttributeValues, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.xiblint("enforce_runtime_attributes")], options: [runtimeAttributes.spec], offByDefault: true,
        "A user-defined runtime attribute of an element or custom class listed in runtimeAttributes is not one of the values allowed for it.")

    let rules: [String: [String: [String?]]]

    init(options: LintOptions) { rules = options[Self.runtimeAttributes] }

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard !rules.isEmpty, let root = context.sourceElement else { return }
        for name in rules.keys.sorted() {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 2, let keys = rules[name] else { continue }
            var elements: [(element: SourceElement, ancestors: [SourceElement])] = []
            if parts.count == 1 {
                elements = SourceRules.find(name, in: root)
            } else {
                root.walk { e, ancestors in
                    if e["customClass"] == String(parts[1]) && e["customModule"] == String(parts[0]) { elements.append((e, ancestors)) }
                }
            }
            for (e, ancestors) in elements {
                let attributes = e.children.first { $0.name == "userDefinedRuntimeAttributes" }?.children ?? []
                for keyPath in keys.keys.sorted() {
                    let allowed = keys[keyPath] ?? []
                    let value = attributes.first { $0.name == "userDefinedRuntimeAttribute" && $0["keyPath"] == keyPath }?["value"]
                    guard !allowed.contains(value) else { continue }
                    out.add(e, ancestors: ancestors, member: keyPath,
                            "`<\(name)>` runtime attribute `\(keyPath)` must use `\(SourceRules.allowed(allowed))` instead of `\(value ?? "None")`",
                            fix: "Set the runtime attribute to one of the allowed values (Identity inspector › User Defined Runtime Attributes)")
                }
            }
        }
    }
}
