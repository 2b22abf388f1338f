import NibModel

extension FindingCode {
    public static let unavailableCustomClass = FindingCode("unavailable-custom-class")
}

/// `unavailable-custom-class` (xiblint `unavailable_custom_classes`): an object's custom class is
/// one the option `unavailableCustomClasses` (xiblint's `custom_classes`) prohibits, given as
/// `Module.Class` → its replacement: `{"SomeModule.LegacyButton": "SomeModule.NewButton"}`. The
/// module is the custom class's (xiblint writes `None.Class` for a class without a module; so
/// does this rule). Compiled nibs are checked too: a Swift class's module survives in its
/// mangled name. A house rule, off by default.
struct UnavailableCustomClassRule: NibRule {
    static let customClasses = LintOption.names("unavailableCustomClasses", default: [:], describing: "Module.Class → replacement")

    static let info = RuleInfo(
        .unavailableCustomClass, severity: .warning, aliases: [.xiblint("unavailable_custom_classes")],
        options: [customClasses.spec], offByDefault: true,
        "An object's custom class (Module.Class) is one unavailableCustomClasses prohibits, with the replacement to use.")

    let prohibited: [String: String]

    init(options: LintOptions) { prohibited = options[Self.customClasses] }

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        guard !prohibited.isEmpty, let custom = o.customClass else { return }
        let full = "\(o.customModule ?? "None").\(custom)"
        guard let replacement = prohibited[full] else { return }
        out.add(o.id, className: o.effectiveClass, member: full,
                "\(context.document.semanticPath(of: o.id)): `\(full)` is prohibited. Use `\(replacement)` instead",
                fix: "Change the custom class to \(replacement)")
    }
}
