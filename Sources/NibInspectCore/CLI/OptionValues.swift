import GraphExport
import NibModel

/// The closed set of values of an option (`--format text|json`): the parser refuses any other
/// value with a usage error that names them, and help, the man page and the shell completions
/// list them, all from `allCases`, so the list and the command's `switch` cannot drift apart.
protocol OptionValue: RawRepresentable<String>, CaseIterable, Sendable {}

extension OptionSpec {
    /// An option whose values are the cases of `values`.
    static func option<V: OptionValue>(_ names: String..., value: String, help: String, values: V.Type) -> OptionSpec {
        OptionSpec(names: names, valueName: value, help: help, allowed: values.allCases.map(\.rawValue))
    }
}

extension ParsedArguments {
    /// The last value of an option declared with `values: V.self` (the parser checked it), nil
    /// when the option was not given.
    func value<V: OptionValue>(_ name: String, as type: V.Type) -> V? {
        value(name).flatMap(V.init(rawValue:))
    }
}

// The output formats of each command, in the order help lists them.

extension WhyCommand {
    enum Format: String, OptionValue { case text, json }
}

extension DiffCommand {
    enum Format: String, OptionValue { case text, json, markdown }
}

extension LifecycleCommand {
    enum Format: String, OptionValue { case text, json }
}

extension CompareCommand {
    enum Format: String, OptionValue { case text, json }
}

extension ConnectionsCommand {
    enum Format: String, OptionValue { case text, tsv, json }
}

extension ScanCommand {
    enum Format: String, OptionValue { case jsonl, json }
}

extension StringsCommand {
    enum Format: String, OptionValue { case strings, xliff, xcstrings, json }
}

extension GraphCommand {
    enum Format: String, OptionValue { case dot, svg, png, pdf, mermaid, plantuml }
}

/// `--color auto|always|never` (``TerminalStyle/resolve(mode:console:)``).
enum ColorMode: String, OptionValue { case auto, always, never }

extension GraphOptions.RankDirection: OptionValue {}
extension Diagnostic.Severity: OptionValue {}
