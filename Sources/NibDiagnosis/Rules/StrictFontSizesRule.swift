import NibModel

extension FindingCode {
    public static let strictFontSizes = FindingCode("strict-font-sizes")
}

/// `strict-font-sizes` (xiblint `strict_font_sizes`): every font of a source has a point size
/// between the configured minimum and maximum (0 and 1000 unless set). A house rule, off by
/// default. Fonts as ``StrictFontNamesRule`` sees them; a size with a fraction is compared as it
/// is (xiblint stops on it).
struct StrictFontSizesRule: NibRule {
    static let minimumFontSize = LintOption.number("minimumFontSize", default: 0)
    static let maximumFontSize = LintOption.number("maximumFontSize", default: 1000)

    static let info = RuleInfo(
        .strictFontSizes, severity: .warning, appliesTo: RuleScope(documents: .sources), aliases: [.xiblint("strict_font_sizes")],
        options: [minimumFontSize.spec, maximumFontSize.spec], offByDefault: true,
        "A font has no point size, or one below minimumFontSize or above maximumFontSize.")

    let minimum: Double
    let maximum: Double

    init(options: LintOptions) {
        minimum = options[Self.minimumFontSize]
        maximum = options[Self.maximumFontSize]
    }

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard let root = context.sourceElement else { return }
        for (e, ancestors, f) in SourceRules.fonts(in: root) {
            let key = SourceRules.key(e)
            guard let size = f.size else {
                out.add(e, ancestors: ancestors, member: key, "\(key) (\(f)) has no point size",
                        fix: "Give the font a size")
                continue
            }
            if size < minimum || size > maximum {
                let bound = size < minimum ? "smaller than the allowed minimum (\(ValueText.number(minimum)))"
                    : "larger than the allowed maximum (\(ValueText.number(maximum)))"
                out.add(e, ancestors: ancestors, member: key, "\(key) size \(ValueText.number(size)) is \(bound)",
                        fix: "Use a size between \(ValueText.number(minimum)) and \(ValueText.number(maximum))")
            }
        }
    }
}
