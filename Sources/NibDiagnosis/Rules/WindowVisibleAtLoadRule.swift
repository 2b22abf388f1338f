import NibModel

extension FindingCode {
    public static let windowVisibleAtLoad = FindingCode("window-visible-at-load")
}

/// `window-visible-at-load`: a window outside the main nib that shows itself when its nib loads.
struct WindowVisibleAtLoadRule: NibRule {
    static let info = RuleInfo(
        .windowVisibleAtLoad, severity: .warning, appliesTo: RuleScope(text: "macOS nibs other than the main nib"),
        "A window outside the main nib is marked 'Visible At Launch': it appears as soon as its nib loads, before the owner can configure it.")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard !context.isMainNib else { return }
        let document = context.document
        var seen = Set<ObjectID>()
        for id in document.visibleWindows where seen.insert(id).inserted {
            out.add(id, className: document.object(id)?.effectiveClass,
                    "\(document.semanticPath(of: id)) is marked Visible At Launch: it is shown as soon as the nib loads, before its owner has configured it",
                    fix: "Turn off 'Visible At Launch' and show the window from code (showWindow:, makeKeyAndOrderFront:)")
        }
    }
}
