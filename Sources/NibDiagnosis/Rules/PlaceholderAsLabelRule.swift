import NibModel

extension FindingCode {
    public static let placeholderAsLabel = FindingCode("placeholder-as-label")
}

/// `placeholder-as-label`: an editable text field whose placeholder is its only label
/// (``LintContext/placeholderStandingInForLabel(_:)``, which `placeholder-accessibility-label` asks
/// too; when both run, a field is reported once, by this rule: ``NibLint/dropRepeats(_:)``).
struct PlaceholderAsLabelRule: NibRule {
    static let info = RuleInfo(
        .placeholderAsLabel, severity: .info,
        "A text field whose placeholder is its only label: the placeholder disappears while typing and is not a label for VoiceOver.")

    init(options: LintOptions) {}

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        guard ["UITextField", "NSTextField", "NSSecureTextField"].contains(o.className),
              let placeholder = context.placeholderStandingInForLabel(o) else { return }
        if o.className != "UITextField", context.property("editable", of: o) != .bool(true) { return }
        let path = context.document.semanticPath(of: o.id)
        if let (label, text) = labelBeside(o, in: context) {
            let how = o.className == "UITextField"
                ? "set the field's accessibility label to \"\(text)\" (Identity inspector › Accessibility › Label, or accessibilityLabel)"
                : "set the field's accessibility label to \"\(text)\" (Accessibility inspector › Description), or make the label its title element (accessibilityTitleUIElement)"
            out.add(o.id, className: o.effectiveClass,
                    "\(path) has a visible label beside it, \(context.document.semanticPath(of: label.id)), that is not associated with it: VoiceOver reads the field by its placeholder \"\(placeholder)\", which disappears as soon as the user types",
                    fix: "Associate the label with the field: " + how)
            return
        }
        out.add(o.id, className: o.effectiveClass,
                "\(path)'s only label is its placeholder \"\(placeholder)\": it disappears as soon as the user types, and VoiceOver does not read it as the field's label",
                fix: "Give the field an accessibility label (and a visible label beside it)")
    }

    /// A visible label (a `UILabel`, or a non-editable `NSTextField` with text) among the field's
    /// siblings whose frame lies beside the field's: overlapping vertically within 60 points to
    /// either side, or horizontally within 40 points above or below. With its text.
    func labelBeside(_ field: NibObject, in context: LintContext) -> (NibObject, String)? {
        guard let parent = field.parent, let p = context.document.object(parent),
              case .rect(let f)? = field.property("frame") else { return nil }
        for id in p.children where id != field.id {
            guard let o = context.document.object(id), o.property("hidden") != .bool(true),
                  o.className == "UILabel" || (o.className == "NSTextField" && context.property("editable", of: o) != .bool(true)),
                  let text = (context.property("text", of: o) ?? context.property("title", of: o)).flatMap(LintContext.text),
                  !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                  case .rect(let r)? = o.property("frame") else { continue }
            let dx = max(0, max(r.x - (f.x + f.width), f.x - (r.x + r.width)))
            let dy = max(0, max(r.y - (f.y + f.height), f.y - (r.y + r.height)))
            if (dy == 0 && dx <= 60) || (dx == 0 && dy <= 40) { return (o, text) }
        }
        return nil
    }
}
