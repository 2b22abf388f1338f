import NibModel

extension FindingCode {
    public static let useTraitCollections = FindingCode("use-trait-collections")
}

/// `use-trait-collections` (IBLinter `use_trait_collections`): 'Use Trait Variations' is on
/// (`useTraitCollections="YES"`) in every source, or off in every one when the option
/// `useTraitCollections` is false. Once per file. A house rule, off by default.
struct UseTraitCollectionsRule: NibRule {
    static let useTraitCollections = LintOption.flag("useTraitCollections", default: true)

    static let info = RuleInfo(
        .useTraitCollections, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.iblinter("use_trait_collections")], options: [useTraitCollections.spec], offByDefault: true,
        "A xib or storyboard does not have 'Use Trait Variations' as the option useTraitCollections asks (on unless set to false; once per file).")

    let wanted: Bool

    init(options: LintOptions) { wanted = options[Self.useTraitCollections] }

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard context.isFirstOfFile else { return }
        let on = context.document.sourceAttributes["useTraitCollections"] == "YES"
        guard on != wanted else { return }
        out.add(nil, "'Use Trait Variations' must be \(wanted ? "enabled" : "disabled") in this document",
                fix: "\(wanted ? "Turn on" : "Turn off") 'Use Trait Variations' in the File inspector")
    }
}
