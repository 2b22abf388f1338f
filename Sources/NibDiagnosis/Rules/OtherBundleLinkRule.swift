import NibModel

extension FindingCode {
    public static let storyboardReferenceToOtherBundle = FindingCode("storyboard-reference-other-bundle")
}

/// `storyboard-reference-other-bundle` (xiblint `no_view_controller_links_to_other_bundles`): a
/// storyboard reference (`<viewControllerPlaceholder>`) names a storyboard of another bundle
/// (`bundleIdentifier`). Sources only. A house rule, off by default.
struct OtherBundleLinkRule: NibRule {
    static let info = RuleInfo(
        .storyboardReferenceToOtherBundle, severity: .warning, appliesTo: RuleScope(documents: .storyboard),
        aliases: [.xiblint("no_view_controller_links_to_other_bundles")], offByDefault: true,
        "A storyboard reference links to a view controller in another bundle.")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard let root = context.sourceElement else { return }
        root.walk { e, ancestors in
            guard e.name == "viewControllerPlaceholder", let bundle = e["bundleIdentifier"], !bundle.isEmpty else { return }
            out.add(e, ancestors: ancestors, member: bundle,
                    "Storyboard reference to \(e["storyboardName"] ?? "a storyboard") links to a view controller in another bundle (\(bundle))",
                    fix: "Reference a storyboard of this bundle, or present the other bundle's controller in code")
        }
    }
}
