import NibModel

extension FindingCode {
    public static let placeholderAsLabel = FindingCode("placeholder-as-label")
}

/// `placeholder-as-label`: an editable text field whose placeholder is its only label.
struct PlaceholderAsLabelRule: NibRule {
    static let info = RuleInfo(
        .placeholderAsLabel, severity: .info,
        "A text field whose placeholder is its only label: the placeholder disappears while typing and is not a label for VoiceOver.")

    init(options: LintOptions) {}

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        guard o.placeholder == nil, ["UITextField", "NSTextField", "NSSecureTextField"].contains(o.className),
              !context.isLabelledForAccessibility(o) else { return }
        let key = o.className == "UITextField" ? "placeholder" : "placeholderString"
        guard let placeholder = context.property(key, of: o).flatMap(LintContext.text),
              !placeholder.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        if o.className != "UITextField", context.property("editable", of: o) != .bool(true) { return }
        out.add(o.id, className: o.effectiveClass,
                "\(context.document.semanticPath(of: o.id))'s only label is its placeholder \"\(placeholder)\": it disappears as soon as the user types, and VoiceOver does not read it as the field's label",
                fix: "Give the field an accessibility label (and a visible label beside it)")
    }
}
