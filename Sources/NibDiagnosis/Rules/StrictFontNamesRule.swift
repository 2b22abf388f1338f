import NibModel

extension FindingCode {
    public static let strictFontNames = FindingCode("strict-font-names")
}

/// `strict-font-names` (xiblint `strict_font_names`): every font of a source is one of the
/// configured PostScript names; system fonts unless `allowSystemFonts` is false. A house rule,
/// off by default. System fonts are allowed unless configured otherwise, as xiblint's
/// documentation says (`allow_system_fonts`, "default is true"); xiblint 0.10.4's code defaults
/// to false.
/// Fonts are the source's `<fontDescription>` and `<font>` elements, as xiblint reads them
/// (attributed-string runs included, localizer comments not), each reported at its own line.
struct StrictFontNamesRule: NibRule {
    static let allowedFontNames = LintOption.list("allowedFontNames", default: [], describing: "PostScript font names")
    static let allowSystemFonts = LintOption.flag("allowSystemFonts", default: true)

    static let info = RuleInfo(
        .strictFontNames, severity: .warning, appliesTo: RuleScope(documents: .sources), aliases: [.xiblint("strict_font_names")],
        options: [allowedFontNames.spec, allowSystemFonts.spec], offByDefault: true,
        "A font is not one of the allowed font names (allowedFontNames), or is a system font while allowSystemFonts is false.")

    let allowed: Set<String>
    let allowSystem: Bool

    init(options: LintOptions) {
        allowed = Set(options[Self.allowedFontNames])
        allowSystem = options[Self.allowSystemFonts]
    }

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard let root = context.sourceElement else { return }
        for (e, ancestors, f) in SourceRules.fonts(in: root) {
            let key = SourceRules.key(e)
            guard let name = f.name else {
                if !allowSystem {
                    out.add(e, ancestors: ancestors, member: key, "\(key) is a system font (\(f)); system fonts are not allowed",
                            fix: "Use one of the allowed fonts, or set allowSystemFonts")
                }
                continue
            }
            if !allowed.contains(name) {
                out.add(e, ancestors: ancestors, member: key, "\(key) is '\(name)', not one of the allowed fonts",
                        fix: "Use one of the allowed fonts, or add '\(name)' to allowedFontNames")
            }
        }
    }
}
