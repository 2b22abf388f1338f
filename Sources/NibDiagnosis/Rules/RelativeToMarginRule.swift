import NibModel

extension FindingCode {
    public static let relativeToMargin = FindingCode("relative-to-margin")
}

/// `relative-to-margin` (IBLinter `relative_to_margin`): a constraint with an attribute relative to
/// the margin (`leadingMargin`, `trailingMargin`, `topMargin`, `bottomMargin`), which the team's
/// rule forbids; one finding per such attribute. Constraints survive compilation, so compiled
/// nibs are checked too. A house rule, off by default. IBLinter calls these attributes
/// deprecated; they are not: the rule is a house style.
struct RelativeToMarginRule: NibRule {
    static let marginAttributes: Set<String> = ["leadingMargin", "trailingMargin", "topMargin", "bottomMargin"]

    static let info = RuleInfo(
        .relativeToMargin, severity: .warning, aliases: [.iblinter("relative_to_margin")], offByDefault: true,
        "A constraint is relative to a margin (leadingMargin, trailingMargin, topMargin, bottomMargin), which the house rule forbids.")

    init(options: LintOptions) {}

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        guard case .constraint(let c)? = o.property("constraint") else { return }
        let owner = o.parent.flatMap { context.document.object($0) }
        for attribute in [c.firstAttribute, c.secondAttribute].compactMap({ $0 }) where Self.marginAttributes.contains(attribute) {
            out.add(o.id, className: owner?.effectiveClass, member: attribute,
                    "\(context.document.semanticPath(of: o.id)) (\(c)) is relative to \(attribute) in \(owner?.effectiveClass ?? "its view")",
                    fix: "Constrain to the edge (uncheck 'Relative to margin') or to the layout margins guide")
        }
    }
}
