import NibModel

extension FindingCode {
    public static let storyboardIdentifierMatchesClass = FindingCode("storyboard-id-matches-class")
}

/// `storyboard-id-matches-class` (IBLinter `storyboard_viewcontroller_id`): every scene's view
/// controller has a Storyboard ID equal to its custom class (neither set is fine). A house rule,
/// off by default.
struct StoryboardIdentifierRule: NibRule {
    static let info = RuleInfo(
        .storyboardIdentifierMatchesClass, severity: .warning, appliesTo: RuleScope(documents: .storyboard),
        aliases: [.iblinter("storyboard_viewcontroller_id")], offByDefault: true,
        "A storyboard scene's view controller has a Storyboard ID other than its custom class name.")

    init(options: LintOptions) {}

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        // A scene member that is no controller (a Mac storyboard's Application) has no Storyboard ID.
        guard o.property("sceneMemberID") == .string("viewController"), o.className.hasSuffix("Controller") else { return }
        let identifier = o.property("storyboardIdentifier")?.text
        guard identifier != o.customClass else { return }
        let has = identifier.map { "Storyboard ID '\($0)'" } ?? "no Storyboard ID"
        out.add(o.id, className: o.effectiveClass,
                "\(context.document.semanticPath(of: o.id)) has \(has) but custom class \(o.customClass.map { "'\($0)'" } ?? "none")",
                fix: "Set the Storyboard ID to the class name")
    }
}
