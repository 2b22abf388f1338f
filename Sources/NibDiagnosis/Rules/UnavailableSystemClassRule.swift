import NibModel

extension FindingCode {
    public static let unavailableSystemClass = FindingCode("unavailable-system-class")
}

/// `unavailable-system-class` (xiblint `unavailable_system_classes`): an element of a type the
/// option `unavailableSystemClasses` (xiblint's `system_classes`) lists must have one of the
/// custom classes listed for it, as `Module.Class`: `{"navigationController":
/// ["ModuleName.CustomNavigationController"], "button": ["ModuleName.CoolButton"]}`. Keys are
/// element names as the source writes them. Sources only. A house rule, off by default.
struct UnavailableSystemClassRule: NibRule {
    static let systemClasses = LintOption.classLists("unavailableSystemClasses", default: [:])

    static let info = RuleInfo(
        .unavailableSystemClass, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.xiblint("unavailable_system_classes")], options: [systemClasses.spec], offByDefault: true,
        "An element of a type listed in unavailableSystemClasses has no custom class, or not one of those listed for it (Module.Class).")

    let classes: [String: [String]]

    init(options: LintOptions) { classes = options[Self.systemClasses] }

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard !classes.isEmpty, let root = context.sourceElement else { return }
        root.walk { e, ancestors in
            guard !ancestors.isEmpty, let options = classes[e.name] else { return }
            let list = options.joined(separator: "`, `")
            guard e["customClass"] != nil else {
                out.add(e, ancestors: ancestors, "`<\(e.name)>` without a custom class is prohibited. Use `\(list)` instead",
                        fix: "Set the custom class to one of \(options.joined(separator: ", "))")
                return
            }
            let full = SourceRules.fullClassName(e)
            guard !options.contains(full) else { return }
            out.add(e, ancestors: ancestors, member: full, "`<\(e.name)>` must use `\(list)` instead of `\(full)`",
                    fix: "Set the custom class to one of \(options.joined(separator: ", "))")
        }
    }
}
