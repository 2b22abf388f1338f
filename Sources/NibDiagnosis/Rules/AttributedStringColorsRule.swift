import NibModel

extension FindingCode {
    public static let attributedStringColors = FindingCode("attributed-string-colors")
}

/// `attributed-string-colors` (xiblint `no_attributed_string_colors`): an attributed string of a
/// source sets a colour (`<color key="NSColor">` in a run's attributes), which then cannot follow
/// the app's colours or dark mode; colours of a localizer comment and of a named colour's cached
/// value are not counted. Sources only. A house rule, off by default.
struct AttributedStringColorsRule: NibRule {
    static let info = RuleInfo(
        .attributedStringColors, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.xiblint("no_attributed_string_colors")], offByDefault: true,
        "An attributed string sets a text colour: configure colours in code (or with named colours) instead.")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard let root = context.sourceElement else { return }
        root.walk { e, ancestors in
            guard e.name == "color", e["key"] == "NSColor", ancestors.last?.name != "namedColor" else { return }
            if ancestors.count >= 3, ancestors[ancestors.count - 3].name == "attributedString",
               ancestors[ancestors.count - 3]["key"] == "userComments" { return }
            out.add(e, ancestors: ancestors, member: "NSColor", "Colors in attributed strings are not allowed; configure them in code instead",
                    fix: "Remove the colour from the attributed string and set it in code")
        }
    }
}
