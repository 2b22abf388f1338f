import NibModel

extension FindingCode {
    public static let noInitialViewController = FindingCode("no-initial-view-controller")
}

/// `no-initial-view-controller` (IBLinter `has_initial_view_controller`): a storyboard source
/// with no initial view controller (`initialViewController` on `<document>`), which
/// `instantiateInitialViewController()` and a main storyboard need. Once per storyboard. A house
/// rule, off by default (a storyboard of scenes loaded by identifier needs none).
struct InitialViewControllerRule: NibRule {
    static let info = RuleInfo(
        .noInitialViewController, severity: .warning, appliesTo: RuleScope(documents: .storyboard),
        aliases: [.iblinter("has_initial_view_controller")], offByDefault: true,
        "A storyboard has no initial view controller (once per storyboard).")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard context.isFirstOfFile, context.document.sourceAttributes["initialViewController"] == nil else { return }
        out.add(nil, "The storyboard has no initial view controller",
                fix: "Check 'Is Initial View Controller' on the scene the storyboard starts with")
    }
}
