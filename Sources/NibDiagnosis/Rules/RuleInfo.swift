import NibModel

/// What a `lint` rule is, as `--list-rules`, SARIF's rule table and configuration files see it:
/// its id (``code``), meaning, default severity, the inputs it applies to, the names other linters
/// give it, and the options it reads.
public struct RuleInfo: Sendable {
    /// The rule's id, which is also the code of every finding it reports.
    public var code: FindingCode
    /// What the rule finds and what happens at run time, one sentence ending in a full stop.
    public var summary: String
    /// The severity of its findings unless a configuration says otherwise: `error` when loading
    /// crashes or an outlet is certainly nil, `warning` when it is likely wrong, `info` otherwise.
    public var defaultSeverity: Diagnostic.Severity
    /// The documents it runs on (the engine skips the others) and what else it needs.
    public var scope: RuleScope
    /// The same rule under another linter's name (xiblint's `named_colors`): accepted wherever a
    /// rule id is (`--only`, `--disable`, configuration files) and shown by `--list-rules`.
    public var aliases: [RuleAlias]
    /// The options it reads from a configuration's `"options"` object.
    public var options: [LintOptionSpec]
    /// A house rule a team opts into (xiblint's `strict_fonts`, IBLinter's `view_as_device`): it
    /// runs only when a configuration's `"enable"` or `--only` names it.
    public var offByDefault: Bool
    /// A rule a configuration declares (``CustomRule``), not one of nibinspect's.
    public var isCustom = false

    public init(_ code: FindingCode, severity: Diagnostic.Severity, appliesTo scope: RuleScope = RuleScope(),
                aliases: [RuleAlias] = [], options: [LintOptionSpec] = [], offByDefault: Bool = false, _ summary: String) {
        self.code = code
        self.summary = summary
        self.defaultSeverity = severity
        self.scope = scope
        self.aliases = aliases
        self.options = options
        self.offByDefault = offByDefault
    }
}

/// Another linter's name for a rule: `RuleAlias(tool: "xiblint", id: "named_colors")`.
public struct RuleAlias: Sendable, Hashable, CustomStringConvertible {
    /// xiblint's name for a rule (`RuleAlias.xiblint("named_colors")`).
    public static func xiblint(_ id: String) -> RuleAlias { RuleAlias(tool: "xiblint", id: id) }
    /// IBLinter's name for a rule (`RuleAlias.iblinter("custom_module")`).
    public static func iblinter(_ id: String) -> RuleAlias { RuleAlias(tool: "IBLinter", id: id) }

    /// The linter (`xiblint`, `IBLinter`).
    public var tool: String
    /// Its id there (`named_colors`, `custom_module`).
    public var id: String

    public init(tool: String, id: String) {
        self.tool = tool
        self.id = id
    }

    /// `xiblint named_colors`.
    public var description: String { "\(tool) \(id)" }
}

/// The inputs a rule applies to: the kinds of documents and platforms the engine runs it on, and
/// whether it needs Swift or Objective-C sources; in words for `--list-rules`.
public struct RuleScope: Sendable, Hashable, CustomStringConvertible {
    /// Kinds of documents.
    public struct Documents: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Compiled nibs, including the nibs of a compiled storyboard.
        public static let compiled = Documents(rawValue: 1)
        /// Xib sources (and IB 3 `designable.nib` archives).
        public static let xib = Documents(rawValue: 2)
        /// Storyboard sources, one document per scene.
        public static let storyboard = Documents(rawValue: 4)
        public static let sources: Documents = [.xib, .storyboard]
        public static let all: Documents = [.compiled, .xib, .storyboard]
    }

    /// What source code a rule compares nibs with.
    public enum Code: Sendable, Hashable {
        /// None: the nib alone.
        case none
        /// Swift sources.
        case swift
        /// Swift or Objective-C sources.
        case swiftOrObjectiveC
    }

    public var documents: Documents
    /// The platforms whose documents it runs on; empty for every platform. A document whose
    /// platform is unknown is always checked.
    public var platforms: Set<Platform>
    public var code: Code
    /// The scope in words when the rule narrows it further itself (`macOS main nibs (MainMenu)`);
    /// nil to describe it from the fields above.
    public var text: String?

    public init(documents: Documents = .all, platforms: Set<Platform> = [], code: Code = .none, text: String? = nil) {
        self.documents = documents
        self.platforms = platforms
        self.code = code
        self.text = text
    }

    /// Every input, with Swift or Objective-C sources.
    public static let withSources = RuleScope(code: .swiftOrObjectiveC)

    public var needsSources: Bool { code != .none }

    /// Whether the engine runs the rule on `document`.
    public func admits(_ document: NibDocument) -> Bool {
        let kind: Documents = document.format.isCompiled ? .compiled : document.format == .storyboard ? .storyboard : .xib
        guard documents.contains(kind) else { return false }
        return platforms.isEmpty || document.platform == .unknown || platforms.contains(document.platform)
    }

    /// `every input`, `xib and storyboard sources, with Swift sources`, or ``text``.
    public var description: String {
        if let text { return text }
        var s: String
        switch documents {
        case .all: s = "every input"
        case .sources: s = "xib and storyboard sources"
        default:
            let names: [(Documents, String)] = [(.compiled, "compiled nibs"), (.xib, "xibs"), (.storyboard, "storyboards")]
            s = names.filter { documents.contains($0.0) }.map(\.1).joined(separator: " and ")
        }
        if !platforms.isEmpty {
            s += " for " + Platform.allCases.filter(platforms.contains).map(\.rawValue).joined(separator: " and ")
        }
        switch code {
        case .none: break
        case .swift: s += ", with Swift sources"
        case .swiftOrObjectiveC: s += ", with Swift or Objective-C sources"
        }
        return s
    }
}
