import NibModel

extension FindingCode {
    public static let placeholderAccessibilityLabel = FindingCode("placeholder-accessibility-label")
}

/// `placeholder-accessibility-label` (xiblint `accessibility_labels_for_text_with_placeholder`):
/// a text field with a placeholder, or a text view with a `placeholder` runtime attribute, that
/// has no accessibility label and is not marked 'not an accessibility element'. A house rule, off
/// by default; `placeholder-as-label` (on by default) reports the same text fields on iOS and
/// macOS, this one adds text views, as xiblint's documentation promises.
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

    func check(document context: LintContext, into out: inout RuleFindings) {
        let document = context.document
        var placeholders: [ObjectID: String] = [:]
        for c in document.connections where c.kind == .runtimeAttribute && (c.keyPath ?? c.label) == "placeholder" {
            if let s = c.source, let text = LintContext.text(c.value) { placeholders[s] = text }
        }
        for o in document.objects where o.placeholder == nil {
            let text: String?
            switch o.className {
            case "UITextField": text = LintContext.text(o.property("placeholder"))
            case "UITextView", "NSTextView": text = placeholders[o.id]
            case "NSTextField", "NSSecureTextField", "NSSearchField": text = LintContext.text(context.property("placeholderString", of: o))
            default: continue
            }
            guard let text, !(context.accessibility[o.id]?.labelled ?? false), !(context.accessibility[o.id]?.notElement ?? false) else { continue }
            out.add(o.id, className: o.effectiveClass,
                    "\(document.semanticPath(of: o.id)) has the placeholder '\(text)' but no accessibility label",
                    fix: "Set an accessibility label: the placeholder is not announced once text is entered")
        }
    }
}
