import NibModel

extension FindingCode {
    public static let accessibilityLabelMissing = FindingCode("accessibility-label-missing")
}

/// `accessibility-label-missing`: a button that shows only an image, or an image view that is an
/// accessibility element, with no accessibility label (system images excepted: they carry one).
struct AccessibilityLabelMissingRule: NibRule {
    static let info = RuleInfo(
        .accessibilityLabelMissing, severity: .info,
        aliases: [.xiblint("accessibility_labels_for_images"), .xiblint("accessibility_labels_for_image_buttons")],
        "A button with an image and no title, or an image view, has no accessibility label: VoiceOver reads the image name or nothing.")

    init(options: LintOptions) {}

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        guard o.placeholder == nil, o.className == "UIButton" || o.className == "NSButton"
                || o.className == "UIImageView" || o.className == "NSImageView",
              !context.isLabelledForAccessibility(o) else { return }
        let path = context.document.semanticPath(of: o.id)
        if o.className.hasSuffix("Button") {
            guard let image = context.image(of: o), !image.system else { return }
            let title = [context.property("title", of: o), context.property("normalTitle", of: o)].compactMap { $0.flatMap(LintContext.text) }
            guard title.allSatisfy({ $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) else { return }
            out.add(o.id, className: o.effectiveClass,
                    "\(path) shows only the image '\(image.name)' and has no accessibility label: VoiceOver announces it as the image's file name or just 'button'",
                    fix: "Set an accessibility label (Identity inspector › Accessibility › Label) that says what the button does")
        } else {
            // A UIImageView is no accessibility element unless marked one: decorative by default.
            if o.className == "UIImageView" && !(context.accessibility[o.id]?.element ?? false) { return }
            guard let image = context.image(of: o), !image.system else { return }
            out.add(o.id, className: o.effectiveClass,
                    "\(path) shows the image '\(image.name)' and has no accessibility label: VoiceOver reads it as an unlabelled image",
                    fix: "Set an accessibility label describing the image, or mark it not an accessibility element if it is decorative")
        }
    }
}
