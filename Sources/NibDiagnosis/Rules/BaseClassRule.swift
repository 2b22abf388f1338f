import NibModel

extension FindingCode {
    public static let baseClass = FindingCode("base-class")
}

/// `base-class` (IBLinter `use_base_class`): every object of a class the option `baseClasses`
/// lists (`{"UILabel": ["PrimaryLabel", "SecondaryLabel"]}`) has one of the listed custom
/// classes. Nothing is checked until the option lists classes. A house rule, off by default.
struct BaseClassRule: NibRule {
    static let baseClasses = LintOption.classLists("baseClasses", default: [:])

    static let info = RuleInfo(
        .baseClass, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.iblinter("use_base_class")], options: [baseClasses.spec], offByDefault: true,
        "An object of a class listed in baseClasses does not have one of the custom classes listed for it.")

    let classes: [String: Set<String>]

    init(options: LintOptions) { classes = options[Self.baseClasses].mapValues(Set.init) }

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        guard o.placeholder == nil, let allowed = classes[o.className], !allowed.contains(o.customClass ?? "") else { return }
        let path = context.document.semanticPath(of: o.id)
        out.add(o.id, className: o.effectiveClass,
                o.customClass.map { "\(path): custom class \($0) is not one of the base classes of \(o.className)" }
                    ?? "\(path) is a plain \(o.className); use one of its base classes",
                fix: "Set the custom class to one of \(allowed.sorted().joined(separator: ", "))")
    }
}
