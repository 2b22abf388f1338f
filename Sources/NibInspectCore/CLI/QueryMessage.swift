import ArchiveReader
import GraphExport

/// The command line's one message for an option whose query matches nothing (`--source`,
/// `--destination`, `--focus`, `--scene`, `--variant`), from the library's ``UnmatchedQuery``;
/// every command reports it as a usage error (exit 64):
///
/// ```
/// --scene 'Nope' matches no scene (give a storyboard identifier, nib name or class); scenes: Home, Login, Settings
/// --source 'Zap' matches no object (…); 214 objects, the first 12: …, …; 'nibinspect tree FILE' lists them all
/// ```
enum QueryMessage {
    /// `OPTION 'QUERY' matches no SUBJECT[ in SCOPE][ (HINT)]; CANDIDATES[; LIST lists them all]`:
    /// `hint` says what the option takes, `listCommand` how to list every candidate (shown when
    /// they are too many to list).
    static func text(_ q: UnmatchedQuery, option: String, hint: String? = nil, listCommand: String? = nil) -> String {
        "\(option) \(q.summary)" + (hint.map { " (\($0))" } ?? "") + "; "
            + q.candidateList(withMore: listCommand.map { "\($0) lists them all" })
    }

    /// `--variant NAME` that names no variant.
    static func variant(_ e: VariantNotFound) -> String {
        text(e.unmatchedQuery, option: "--variant",
             hint: e.available.isEmpty ? "--variant applies to nib bundle directories" : nil,
             listCommand: "'nibinspect tree --list-variants \(e.container)'")
    }

    /// `graph --focus` or `--scene` that matches nothing; other graph errors as they describe
    /// themselves.
    static func graph(_ e: GraphError) -> String {
        guard let q = e.unmatchedQuery else { return e.description }
        switch q.subject {
        case .scene:
            return text(q, option: "--scene", hint: "give a storyboard identifier, nib name or class",
                        listCommand: "'nibinspect tree <file>'")
        case .object, .variant:
            return text(q, option: "--focus", hint: "give an id like #12, a name, or a class",
                        listCommand: "'nibinspect tree <file>'")
        }
    }
}
