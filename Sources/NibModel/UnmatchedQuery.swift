/// One rule for a query option that matches nothing (`--source`, `--destination`, `--focus`,
/// `--scene`, `--variant`): one message shape, and every command reports it as a usage error
/// (exit 64).
///
/// ```
/// --scene 'Nope' matches no scene; scenes: Home, Login, Settings
/// --source 'Zap' matches no object; 214 objects, the first 12: …, …; 'nibinspect tree FILE' lists them all
/// ```
public struct UnmatchedQuery: Error, Hashable, Sendable, CustomStringConvertible {
    /// The option as typed: `--focus`.
    public var option: String
    public var query: String
    /// What it names: `object`, `scene`, `variant`; and the plural.
    public var noun: String
    public var pluralNoun: String
    /// What there is to choose from, in a stable order.
    public var candidates: [String]
    /// How to list all candidates (`'nibinspect tree Main.storyboardc'`), shown when they are many.
    public var listCommand: String?
    /// What a query may name (`an id such as #12, a class, …`), shown in parentheses.
    public var hint: String?

    /// Candidates are listed in full up to this many; beyond it, a count and the first ones.
    public static let fullListLimit = 12

    public init(option: String, query: String, noun: String, pluralNoun: String? = nil, candidates: [String],
                listCommand: String? = nil, hint: String? = nil) {
        self.option = option
        self.query = query
        self.noun = noun
        self.pluralNoun = pluralNoun ?? noun + "s"
        self.candidates = candidates
        self.listCommand = listCommand
        self.hint = hint
    }

    public var description: String {
        var s = "\(option) '\(query)' matches no \(noun)"
        if let hint { s += " (\(hint))" }
        if candidates.isEmpty { return s + "; there are no \(pluralNoun) to choose from" }
        if candidates.count <= Self.fullListLimit {
            return s + "; \(pluralNoun): " + candidates.joined(separator: ", ")
        }
        s += "; \(candidates.count) \(pluralNoun), the first \(Self.fullListLimit): "
            + candidates.prefix(Self.fullListLimit).joined(separator: ", ") + ", …"
        if let listCommand { s += "; \(listCommand) lists them all" }
        return s
    }
}
