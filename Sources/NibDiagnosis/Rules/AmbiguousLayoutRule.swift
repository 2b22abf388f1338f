import NibModel

extension FindingCode {
    public static let ambiguousLayout = FindingCode("ambiguous-layout")
}

/// `ambiguous-layout`: a view Interface Builder marked ambiguous or misplaced in the source.
/// xiblint's `autolayout_frames` is the same check; IBLinter splits it in two (`ambiguous`,
/// `misplaced`): naming either runs this rule, which reports both. A view whose ambiguity is not
/// verified (`verifyAmbiguity="off"`, 'Ambiguity: Never Verify') is not reported ambiguous.
struct AmbiguousLayoutRule: NibRule {
    static let info = RuleInfo(
        .ambiguousLayout, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.xiblint("autolayout_frames"), .iblinter("ambiguous"), .iblinter("misplaced")],
        "Interface Builder marked a view ambiguous or misplaced in the source: its frame at run time differs from the canvas.")

    init(options: LintOptions) {}

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        guard o.placeholder == nil else { return }
        // Ambiguity: Never Verify (verifyAmbiguity="off"): the developer switched the check off here.
        let ambiguous = o.property("ambiguous") == .bool(true) && o.property("verifyAmbiguity") != .string("off")
        let misplaced = o.property("misplaced") == .bool(true)
        guard ambiguous || misplaced else { return }
        let path = context.document.semanticPath(of: o.id)
        let what = ambiguous && misplaced ? "ambiguous and misplaced" : ambiguous ? "ambiguous" : "misplaced"
        out.add(o.id, className: o.effectiveClass,
                ambiguous
                    ? "Interface Builder marks \(path) \(what): its constraints do not determine one frame, so Auto Layout picks one at run time that may differ from the canvas"
                    : "Interface Builder marks \(path) misplaced: its frame on the canvas is not the one its constraints give, so at run time it appears elsewhere than designed",
                fix: ambiguous ? "Add the missing constraints (Resolve Auto Layout Issues › Add Missing Constraints)"
                    : "Update the frame from the constraints, or the constraints from the frame (Resolve Auto Layout Issues)")
    }
}
