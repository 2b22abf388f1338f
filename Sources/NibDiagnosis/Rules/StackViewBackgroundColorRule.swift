import NibModel

extension FindingCode {
    public static let stackViewBackgroundColor = FindingCode("stack-view-background-color")
}

/// `stack-view-background-color` (IBLinter `stackview_backgroundcolor`): a `UIStackView` with a
/// background colour, which it does not draw before iOS 14. A house rule, off by default.
struct StackViewBackgroundColorRule: NibRule {
    static let info = RuleInfo(
        .stackViewBackgroundColor, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.iblinter("stackview_backgroundcolor")], offByDefault: true,
        "A stack view has a background colour, which UIStackView does not draw before iOS 14.")

    init(options: LintOptions) {}

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        guard o.className == "UIStackView", o.property("backgroundColor") != nil else { return }
        out.add(o.id, className: o.effectiveClass, member: "backgroundColor",
                "\(context.document.semanticPath(of: o.id)) has a background colour",
                fix: "Remove the background colour; put the stack view in a view that has it")
    }
}
