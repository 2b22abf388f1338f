import NibDiagnosis

/// `lint --list-rules`: every rule with its severity, inputs, meaning and other linters' names
/// for it.
enum RuleList {
    /// `id (severity; applies to)`, then the meaning indented, per rule; `also: xiblint name`
    /// after the inputs for a rule with aliases.
    static func text(_ rules: [RuleInfo]) -> String {
        var out = ""
        for rule in rules {
            let aliases = rule.aliases.isEmpty ? "" : "; also: " + rule.aliases.map(\.description).joined(separator: ", ")
            let off = rule.offByDefault ? "; off by default" : ""
            out += "\(rule.code.rawValue) (\(rule.defaultSeverity.rawValue); \(rule.scope)\(off)\(aliases))\n"
            out += "    \(rule.summary)\n"
        }
        return out
    }

    /// `{"rules": [{"id", "severity", "appliesTo", "description", "needsSources", "aliases",
    /// "offByDefault"}]}`, `aliases` (`["xiblint named_colors"]`) left out when there are none,
    /// `offByDefault` when the rule runs by default.
    static func json(_ rules: [RuleInfo]) throws -> String {
        struct Rule: Encodable {
            var id, severity, appliesTo, description: String
            var needsSources: Bool
            var aliases: [String]?
            /// `true` for a rule that runs only when enabled; left out for the others.
            var offByDefault: Bool?
        }
        return try ResolvedJSON.render(["rules": rules.map {
            Rule(id: $0.code.rawValue, severity: $0.defaultSeverity.rawValue, appliesTo: $0.scope.description,
                 description: $0.summary, needsSources: $0.scope.needsSources,
                 aliases: $0.aliases.isEmpty ? nil : $0.aliases.map(\.description),
                 offByDefault: $0.offByDefault ? true : nil)
        }])
    }
}
