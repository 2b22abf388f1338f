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
            out += "\(rule.code.rawValue) (\(rule.defaultSeverity.rawValue); \(rule.scope)\(aliases))\n"
            out += "    \(rule.summary)\n"
        }
        return out
    }

    /// `{"rules": [{"id", "severity", "appliesTo", "description", "needsSources", "aliases"}]}`,
    /// `aliases` (`["xiblint named_colors"]`) left out when there are none.
    static func json(_ rules: [RuleInfo]) throws -> String {
        struct Rule: Encodable {
            var id, severity, appliesTo, description: String
            var needsSources: Bool
            var aliases: [String]?
        }
        return try ResolvedJSON.render(["rules": rules.map {
            Rule(id: $0.code.rawValue, severity: $0.defaultSeverity.rawValue, appliesTo: $0.scope.description,
                 description: $0.summary, needsSources: $0.scope.needsSources,
                 aliases: $0.aliases.isEmpty ? nil : $0.aliases.map(\.description))
        }])
    }
}
