import NibModel

extension FindingCode {
    public static let automationIdentifiers = FindingCode("automation-identifiers")
}

/// `automation-identifiers` (xiblint `automation_identifiers`): every button, text field and
/// text view of a source has an accessibility identifier (`<accessibility identifier=…>`), which UI
/// tests find it by. A house rule, off by default.
struct AutomationIdentifiersRule: NibRule {
    static let classes: Set<String> = ["UIButton", "NSButton", "UITextField", "NSTextField", "UITextView", "NSTextView"]

    static let info = RuleInfo(
        .automationIdentifiers, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.xiblint("automation_identifiers")], offByDefault: true,
        "A button, text field or text view has no accessibility identifier for UI tests to find it by.")

    init(options: LintOptions) {}

    /// The objects of `document` that carry an accessibility identifier (an `accessibility`
    /// connection labelled `accessibilityIdentifier`, as the readers record `<accessibility identifier=>`).
    static func identified(in document: NibDocument) -> Set<ObjectID> {
        Set(document.connections.lazy.filter { $0.kind == .accessibility && $0.label == "accessibilityIdentifier" }
            .compactMap(\.source))
    }

    func check(document context: LintContext, into out: inout RuleFindings) {
        let document = context.document
        let identified = AutomationIdentifiersRule.identified(in: document)
        for o in document.objects where o.placeholder == nil && Self.classes.contains(o.className) && !identified.contains(o.id) {
            out.add(o.id, className: o.effectiveClass,
                    "\(document.semanticPath(of: o.id)) (\(o.className)) has no accessibility identifier for UI Automation",
                    fix: "Set an Identifier in the Identity inspector's Accessibility section")
        }
    }
}
