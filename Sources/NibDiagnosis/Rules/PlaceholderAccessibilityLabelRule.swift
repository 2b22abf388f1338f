import NibModel

extension FindingCode {
    public static let placeholderAccessibilityLabel = FindingCode("placeholder-accessibility-label")
}

/// `placeholder-accessibility-label` (xiblint `accessibility_labels_for_text_with_placeholder`):
/// a text field with a placeholder, or a text view with a `placeholder` runtime attribute, that
/// has no accessibility label and is not marked 'not an accessibility element'. A house rule, off
/// by default; `placeholder-as-label` (on by default) reports the editable text fields of this set
/// with more advice, and when both run a field is reported once, by `placeholder-as-label`
/// (``NibLint/dropRepeats(_:)``); this one adds text views and search fields, as xiblint's
/// documentation promises. Both ask ``LintContext/placeholderStandingInForLabel(_:)``.
///
/// xiblint 0.10.4 reports only elements explicitly marked an accessibility element (its
/// `view_is_accessibility_element` answers False when the mark is absent, a 2018 regression), so
/// it almost never fires; this rule does what xiblint's documentation says.
struct PlaceholderAccessibilityLabelRule: NibRule {
    static let info = RuleInfo(
        .placeholderAccessibilityLabel, severity: .warning, aliases: [.xiblint("accessibility_labels_for_text_with_placeholder")],
        offByDefault: true,
        "A text field or text view with a placeholder has no accessibility label: once text is typed the placeholder is gone and VoiceOver has nothing to call the field.")

    init(options: LintOptions) {}

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        guard let text = context.placeholderStandingInForLabel(o) else { return }
        out.add(o.id, className: o.effectiveClass,
                "\(context.document.semanticPath(of: o.id)) has the placeholder '\(text)' but no accessibility label",
                fix: "Set an accessibility label: the placeholder is not announced once text is entered")
    }
}

extension LintContext {
    /// The placeholder of a text field, search field or text view (a text view's `placeholder`
    /// runtime attribute) that has no accessibility label and is not marked 'not an accessibility
    /// element': what VoiceOver reads it by until text is typed. Nil for any other object or an
    /// empty placeholder. Both `placeholder-accessibility-label` and `placeholder-as-label` ask it.
    func placeholderStandingInForLabel(_ o: NibObject) -> String? {
        guard o.placeholder == nil else { return nil }
        let text: String?
        switch o.className {
        case "UITextField": text = LintContext.text(o.property("placeholder"))
        case "UITextView", "NSTextView": text = runtimePlaceholders[o.id]
        case "NSTextField", "NSSecureTextField", "NSSearchField": text = LintContext.text(property("placeholderString", of: o))
        default: return nil
        }
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, !isLabelledForAccessibility(o) else { return nil }
        return text
    }
}
