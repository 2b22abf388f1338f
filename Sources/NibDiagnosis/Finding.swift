import NibModel

/// The id of a rule and of the findings it reports: the stable kebab-case code printed and
/// written to JSON, SARIF and baselines (`undeclared-outlet`, `missing-image`).
///
/// A code is declared next to the rule that reports it: the checks of sources in
/// `Rules/SourceCheckRules.swift` (their causes are part B of the project's user-needs notes), each
/// nib rule in its own file under `Rules/`. What a code means, its default severity and the inputs
/// it applies to come from its rule in the registry (``LintRules``).
public struct FindingCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// Every registered code, in the order of ``LintRules/all`` (the checks of sources, then the
    /// nib rules).
    public static var allCases: [FindingCode] { LintRules.all.map(\.code) }

    /// The registered rule of this code; nil for a code no rule declares.
    public var rule: RuleInfo? { LintRules.rule(self) }

    /// How serious the finding is unless a configuration says otherwise: `error` when loading
    /// crashes or an outlet is certainly nil, `warning` when it is likely wrong, `info` otherwise
    /// (`warning` for a code no rule declares).
    public var defaultSeverity: Diagnostic.Severity { rule?.defaultSeverity ?? .warning }

    /// What the code means and what happens at run time, one sentence.
    public var explanation: String { rule?.summary ?? "" }

    /// The inputs a rule applies to, in words, for `lint --list-rules`.
    public var appliesTo: String { rule?.scope.description ?? RuleScope().description }

    /// Whether the code needs Swift or Objective-C sources to be found.
    public var needsSources: Bool { rule?.scope.needsSources ?? false }
}

extension FindingCode {
    /// The finding codes `why` reports: the ones that compare nibs with sources, and the nib
    /// checks every review needs (duplicates).
    public static let whyCodes: [FindingCode] = SourceCheckRules.all.map(\.code)

    /// Codes only `lint` reports (no sources needed): the nib rules.
    public static let lintOnlyCodes: Set<FindingCode> = Set(LintRules.nibRules.map { $0.info.code })
}

/// One finding of a check: what (``code``, ``severity``), on which class member, in which document
/// and object, and the source declarations it was compared with.
///
/// JSON: `{"code", "severity", "class", "member", "document", "object", "line", "message", "fix",
/// "sources": ["File.swift:12"]}`; unknown fields are left out.
public struct Finding: Hashable, Sendable, Codable, CustomStringConvertible {
    public var code: FindingCode
    public var severity: Diagnostic.Severity
    /// The class concerned, as the runtime looks it up (`MyApp.ProfileViewController` when a module
    /// is known).
    public var className: String?
    /// The outlet name or action selector.
    public var member: String?
    /// The document's display name (`Login.nib`, `Main.storyboard`), nil for findings in code only.
    public var document: String?
    /// The file of the document on disk.
    public var path: String?
    /// A readable path to the object (`File's Owner`, `View › Button "Sign In"`).
    public var object: String?
    /// The object's id in its document (`#12`, a xib id).
    public var objectID: ObjectID?
    /// The line of the xib/storyboard element, for sources.
    public var line: Int?
    public var message: String
    /// What to do about it, one sentence.
    public var fix: String?
    /// The declarations compared with: `File.swift:12`, nearest first.
    public var sources: [String]

    public init(_ code: FindingCode, _ message: String, severity: Diagnostic.Severity? = nil, className: String? = nil,
                member: String? = nil, document: String? = nil, path: String? = nil, object: String? = nil,
                objectID: ObjectID? = nil, line: Int? = nil, fix: String? = nil, sources: [String] = []) {
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.className = className
        self.member = member
        self.document = document
        self.path = path
        self.object = object
        self.objectID = objectID
        self.line = line
        self.message = message
        self.fix = fix
        self.sources = sources
    }

    enum CodingKeys: String, CodingKey {
        case code, severity, className = "class", member, document, path, object, objectID, line, message, fix, sources
    }

    public var description: String { message }
}
