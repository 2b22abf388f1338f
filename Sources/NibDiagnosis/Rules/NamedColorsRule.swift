import NibModel

extension FindingCode {
    public static let namedColors = FindingCode("named-colors")
}

/// `named-colors` (xiblint `named_colors`): every colour of a source is a named colour of an
/// asset catalog, optionally one of a configured list. A house rule, off by default.
///
/// Colours are the typed ``Color`` properties the reader keeps on objects (`backgroundColor`,
/// `textColor`, …). Not seen, unlike xiblint: colours nested in another property element
/// (a button state's `titleColor`, attributed-string runs) and the old `cocoaTouchSystemColor`
/// notation, which the reader keeps as text.
struct NamedColorsRule: NibRule {
    static let allowedColors = LintOption.list("allowedColors", default: [], describing: "colour names; empty for any named colour")
    static let allowSystemColors = LintOption.flag("allowSystemColors", default: false)
    static let ignoreAlpha = LintOption.flag("ignoreAlpha", default: false)
    static let allowClearColor = LintOption.flag("allowClearColor", default: false)

    static let info = RuleInfo(
        .namedColors, severity: .warning, appliesTo: RuleScope(documents: .sources), aliases: [.xiblint("named_colors")],
        options: [allowedColors.spec, allowSystemColors.spec, ignoreAlpha.spec, allowClearColor.spec], offByDefault: true,
        "A colour is not a named colour of an asset catalog (a custom RGB or grey value, or a system colour unless allowed), or not one of the allowed names.")

    let allowed: Set<String>
    let allowSystem: Bool
    let ignoreAlpha: Bool
    let allowClear: Bool

    init(options: LintOptions) {
        allowed = Set(options[Self.allowedColors])
        allowSystem = options[Self.allowSystemColors]
        ignoreAlpha = options[Self.ignoreAlpha]
        allowClear = options[Self.allowClearColor]
    }

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        for p in o.properties {
            guard case .color(let c) = p.value else { continue }
            if ignoreAlpha, let a = c.alpha, a != 1 { continue }
            if allowClear, c.space == .white, c.components == [0], c.alpha == 0 { continue }
            let path = context.document.semanticPath(of: o.id)
            if c.space == .system || (c.space == .catalog && c.catalog != nil) {
                if !allowSystem {
                    out.add(o.id, className: o.effectiveClass, member: p.key,
                            "\(path): \(p.key) is the system colour '\(c.name ?? "")'; the configuration allows named colours only",
                            fix: "Use a named colour of the app's asset catalog, or set allowSystemColors")
                }
                continue
            }
            guard c.space == .catalog, let name = c.name else {
                out.add(o.id, className: o.effectiveClass, member: p.key,
                        "\(path): \(p.key) is a custom colour (\(c)); the configuration allows named colours only",
                        fix: "Add the colour to an asset catalog and use it by name")
                continue
            }
            if !allowed.isEmpty && !allowed.contains(name) {
                out.add(o.id, className: o.effectiveClass, member: p.key,
                        "\(path): \(p.key) is '\(name)', not one of the allowed colours (\(allowed.sorted().joined(separator: ", ")))",
                        fix: "Use one of the allowed colours, or add '\(name)' to allowedColors")
            }
        }
    }
}
