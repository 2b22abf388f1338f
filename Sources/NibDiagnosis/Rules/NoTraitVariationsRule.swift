import NibModel

extension FindingCode {
    public static let noTraitVariations = FindingCode("no-trait-variations")
}

/// `no-trait-variations` (xiblint `no_trait_variations`): a source with 'Use Trait Variations'
/// on (`useTraitCollections="YES"` on `<document>`), WatchKit documents excepted. Once per file.
/// A house rule, off by default; the opposite of `use-trait-collections`.
struct NoTraitVariationsRule: NibRule {
    static let info = RuleInfo(
        .noTraitVariations, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.xiblint("no_trait_variations")], offByDefault: true,
        "A xib or storyboard has 'Use Trait Variations' enabled (once per file; WatchKit files excepted).")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        let attributes = context.document.sourceAttributes
        guard context.isFirstOfFile, attributes["useTraitCollections"] == "YES", attributes["targetRuntime"] != "watchKit" else { return }
        out.add(nil, "The document has 'Use Trait Variations' enabled",
                fix: "Turn off 'Use Trait Variations' in the File inspector")
    }
}
