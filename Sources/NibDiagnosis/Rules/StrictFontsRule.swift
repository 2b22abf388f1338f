import NibModel

extension FindingCode {
    public static let strictFonts = FindingCode("strict-fonts")
}

/// `strict-fonts` (xiblint `strict_fonts`): every font of a source is one of the configured
/// name-and-size pairs (`allowedFonts`: `[{"name": "ComicSans-Bold", "size": 14}]`); a font
/// without a name (a system font) or a size never is. A house rule, off by default. Sizes are
/// compared whole, as xiblint does (`13.5` matches `13`).
struct StrictFontsRule: NibRule {
    static let allowedFonts = LintOption.fonts("allowedFonts", default: [])

    static let info = RuleInfo(
        .strictFonts, severity: .warning, appliesTo: RuleScope(documents: .sources), aliases: [.xiblint("strict_fonts")],
        options: [allowedFonts.spec], offByDefault: true,
        "A font's name and size are not one of the allowed pairs (allowedFonts); system fonts and fonts without a size never are.")

    let allowed: Set<FontSpec>

    init(options: LintOptions) {
        allowed = Set(options[Self.allowedFonts].map { FontSpec(name: $0.name, size: $0.size.rounded(.towardZero)) })
    }

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard let root = context.sourceElement else { return }
        for (e, ancestors, f) in SourceRules.fonts(in: root) {
            let key = SourceRules.key(e)
            guard let size = f.size, size.isFinite, let name = f.name else {
                out.add(e, ancestors: ancestors, member: key,
                        "\(key) (\(f)) has no \(f.size == nil ? "point size" : "name") (a system font), so it is none of the allowed fonts",
                        fix: "Use one of the allowed fonts")
                continue
            }
            let whole = size.rounded(.towardZero)
            if !allowed.contains(FontSpec(name: name, size: whole)) {
                out.add(e, ancestors: ancestors, member: key,
                        "\(key) is \(name) \(ValueText.number(whole)), not one of the allowed fonts",
                        fix: "Use one of the allowed fonts, or add it to allowedFonts")
            }
        }
    }
}
