import NibModel

extension FindingCode {
    public static let singleViewController = FindingCode("single-view-controller")
}

/// `single-view-controller` (IBLinter `has_single_view_controller`): a storyboard holds more
/// than one view controller scene (storyboard references and scenes without a controller not
/// counted). Once per storyboard. A house rule, off by default.
struct SingleViewControllerRule: NibRule {
    static let info = RuleInfo(
        .singleViewController, severity: .warning, appliesTo: RuleScope(documents: .storyboard),
        aliases: [.iblinter("has_single_view_controller")], offByDefault: true,
        "A storyboard holds more than one view controller (storyboard references allowed; once per storyboard).")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard context.isFirstOfFile, let storyboard = context.storyboard else { return }
        let count = storyboard.controllers.filter { $0.className != "UIViewControllerPlaceholder" && $0.className != "NSViewControllerPlaceholder" }.count
        guard count > 1 else { return }
        out.add(nil, "The storyboard holds \(count) view controllers; the house rule is one per storyboard",
                fix: "Move the other scenes to storyboards of their own, linked by storyboard references")
    }
}
