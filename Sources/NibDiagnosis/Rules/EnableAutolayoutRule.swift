import NibModel

extension FindingCode {
    public static let enableAutolayout = FindingCode("enable-autolayout")
}

/// `enable-autolayout` (IBLinter `enable_autolayout`): a source without 'Use Auto Layout'
/// (`useAutolayout="YES"` on `<document>`). Once per file. A house rule, off by default.
/// IBLinter reports only an explicit `useAutolayout="NO"`, which Interface Builder never writes
/// (it leaves the attribute out), so it never fires; this rule does what IBLinter documents.
struct EnableAutolayoutRule: NibRule {
    static let info = RuleInfo(
        .enableAutolayout, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.iblinter("enable_autolayout")], offByDefault: true,
        "A xib or storyboard does not use Auto Layout ('Use Auto Layout' off; once per file).")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard context.isFirstOfFile, context.document.sourceAttributes["useAutolayout"] != "YES" else { return }
        out.add(nil, "The document does not use Auto Layout",
                fix: "Turn on 'Use Auto Layout' in the File inspector")
    }
}
