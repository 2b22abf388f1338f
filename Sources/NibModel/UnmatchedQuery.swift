/// A query that matches nothing, as data: what was asked for (``query``), what kind of thing it
/// was to name (``subject``), where it was looked for (``scope``) and what there is to choose from
/// (``candidates``). The library throws it (inside ``GraphError`` or `VariantNotFound`); the
/// command line names the option that took the query (`--focus`, `--scene`, `--variant`,
/// `--source`, `--destination`) and reports it as a usage error (exit 64).
///
/// ``description`` is the library's own sentence, without an option:
/// `'Nope' matches no scene; scenes: Home, Login, Settings`.
public struct UnmatchedQuery: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of thing a query names.
    public enum Subject: String, Hashable, Sendable, CaseIterable {
        /// An object of a document: an id (`#12`, a xib id), a class, a custom class, a name.
        case object
        /// A storyboard scene or controller, or a document of the input.
        case scene
        /// A variant file of a nib bundle (`runtime.nib`, `objects-13.0+.nib`).
        case variant

        /// `objects`, `scenes`, `variants`.
        public var plural: String { rawValue + "s" }
    }

    /// The query as given.
    public var query: String
    public var subject: Subject
    /// Where it was looked for, when that is one container: the nib bundle of a variant
    /// (`Login.nib`); nil for the input as a whole.
    public var scope: String?
    /// What there is to choose from, in a stable order (empty when there is nothing).
    public var candidates: [String]

    /// Candidates are listed in full up to this many; beyond it, a count and the first ones.
    public static let fullListLimit = 12

    public init(query: String, subject: Subject, scope: String? = nil, candidates: [String]) {
        self.query = query
        self.subject = subject
        self.scope = scope
        self.candidates = candidates
    }

    /// `'QUERY' matches no SUBJECT[ in SCOPE]`.
    public var summary: String {
        "'\(query)' matches no \(subject.rawValue)" + (scope.map { " in \($0)" } ?? "")
    }

    /// The candidates after ``summary``: `scenes: Home, Login`, or for many `30 objects, the first
    /// 12: …, …` (and `withMore` after the list), or `there are no scenes to choose from`.
    public func candidateList(withMore more: String? = nil) -> String {
        if candidates.isEmpty { return "there are no \(subject.plural) to choose from" }
        if candidates.count <= Self.fullListLimit { return "\(subject.plural): " + candidates.joined(separator: ", ") }
        return "\(candidates.count) \(subject.plural), the first \(Self.fullListLimit): "
            + candidates.prefix(Self.fullListLimit).joined(separator: ", ") + ", …" + (more.map { "; " + $0 } ?? "")
    }

    public var description: String { summary + "; " + candidateList() }
}
