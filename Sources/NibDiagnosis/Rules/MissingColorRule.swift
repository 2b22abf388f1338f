import NibModel

extension FindingCode {
    public static let missingColor = FindingCode("missing-color")
}

/// `missing-color` (IBLinter `color_resources`): a named colour a source uses (its `<resources>`
/// section's `<namedColor>`s) is a colour set of no asset catalog near the input; checked only
/// when a catalog is found there, and system colours (`systemBlueColor`, catalog `System`) are
/// never named there. Once per file; sources only. A house rule, off by default.
struct MissingColorRule: NibRule {
    static let info = RuleInfo(
        .missingColor, severity: .warning, appliesTo: RuleScope(documents: .sources), aliases: [.iblinter("color_resources")],
        offByDefault: true,
        "A named colour the source uses is in no asset catalog near it: at run time UIColor(named:) returns nil (once per file).")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard let file = context.sourceFileOnce, let sets = context.resources.colorSets(near: context.path) else { return }
        var seen = Set<String>()
        file.walk { e, ancestors in
            guard e.name == "namedColor", let name = e["name"], sets.colors[name] == nil, seen.insert(name).inserted else { return }
            out.add(e, ancestors: ancestors, member: name, "The named colour '\(name)' is in no asset catalog near the file",
                    fix: "Add a colour set '\(name)' to an asset catalog of the target, or correct the name")
        }
    }
}
