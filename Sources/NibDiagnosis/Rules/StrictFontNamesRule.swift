import NibModel

extension FindingCode {
    public static let strictFontNames = FindingCode("strict-font-names")
}

/// `strict-font-names` (xiblint `strict_font_names`): every font of a source is one of the
/// configured PostScript names; system fonts only when allowed. A house rule, off by default.
/// Fonts are the typed ``Font`` properties of objects; fonts nested in another property element
/// (attributed-string runs) are not seen, unlike xiblint.
struct StrictFontNamesRule: NibRule {
    static let allowedFontNames = LintOption.list("allowedFontNames", default: [], describing: "PostScript font names")
    static let allowSystemFonts = LintOption.flag("allowSystemFonts", default: false)

    static let info = RuleInfo(
        .strictFontNames, severity: .warning, appliesTo: RuleScope(documents: .sources), aliases: [.xiblint("strict_font_names")],
        options: [allowedFontNames.spec, allowSystemFonts.spec], offByDefault: true,
        "A font is not one of the allowed font names (allowedFontNames), or is a system font while allowSystemFonts is off.")

    let allowed: Set<String>
    let allowSystem: Bool

    init(options: LintOptions) {
        allowed = Set(options[Self.allowedFontNames])
        allowSystem = options[Self.allowSystemFonts]
    }

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        for p in o.properties {
            guard case .font(let f) = p.value else { continue }
            let path = context.document.semanticPath(of: o.id)
            guard let name = f.name else {
                if !allowSystem {
                    out.add(o.id, className: o.effectiveClass, member: p.key, "\(path): \(p.key) is a system font (\(f)); system fonts are not allowed",
                            fix: "Use one of the allowed fonts, or set allowSystemFonts")
                }
                continue
            }
            if !allowed.contains(name) {
                out.add(o.id, className: o.effectiveClass, member: p.key, "\(path): \(p.key) is '\(name)', not one of the allowed fonts",
                        fix: "Use one of the allowed fonts, or add '\(name)' to allowedFontNames")
            }
        }
    }
}
