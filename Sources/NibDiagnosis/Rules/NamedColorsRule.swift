import NibModel

extension FindingCode {
    public static let namedColors = FindingCode("named-colors")
}

/// `named-colors` (xiblint `named_colors`): every colour of a source is a named colour of an
/// asset catalog, optionally one of a configured list. A house rule, off by default.
///
/// Colours are the source's `<color>` elements as xiblint reads them: every one (a button state's
/// `titleColor`, attributed-string runs, the old `cocoaTouchSystemColor` notation included), but
/// those of a localizer comment and of a named or system colour's cached value, each reported at
/// its own line.
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

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard let root = context.sourceElement else { return }
        root.walk { e, ancestors in
            guard e.name == "color", !SourceRules.inUserComments(ancestors),
                  ancestors.last?.name != "namedColor", ancestors.last?.name != "systemColor" else { return }
            if ignoreAlpha, let a = e["alpha"], a != "1" { return }
            if allowClear, e["alpha"] == "0.0", e["white"] == "0.0" { return }
            let key = SourceRules.key(e)
            if let system = e["systemColor"] ?? e["cocoaTouchSystemColor"] ?? (e["catalog"] != nil ? e["name"] ?? "" : nil) {
                if !allowSystem {
                    out.add(e, ancestors: ancestors, member: key, "\(key) is the system colour '\(system)'; the configuration allows named colours only",
                            fix: "Use a named colour of the app's asset catalog, or set allowSystemColors")
                }
                return
            }
            guard let name = e["name"] else {
                let value = ["red", "green", "blue", "white", "alpha"].compactMap { k in e[k].map { "\(k) \($0)" } }.joined(separator: ", ")
                out.add(e, ancestors: ancestors, member: key, "\(key) is a custom colour (\(value)); the configuration allows named colours only",
                        fix: "Add the colour to an asset catalog and use it by name")
                return
            }
            if !allowed.isEmpty && !allowed.contains(name) {
                out.add(e, ancestors: ancestors, member: key, "\(key) is '\(name)', not one of the allowed colours (\(allowed.sorted().joined(separator: ", ")))",
                        fix: "Use one of the allowed colours, or add '\(name)' to allowedColors")
            }
        }
    }
}
