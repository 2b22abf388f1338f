import NibModel
import SourceIndex

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

/// One finding of a `why` or `lint` check: a ``Diagnostic`` (its ``code`` is the rule's id, its
/// ``severity``, ``message`` and location: document, file, object path, object id, xib line),
/// plus what only findings have, as structured values: the class and member concerned, the fix,
/// and the source declarations compared with (``sources``, file, line and column each).
///
/// The readers' diagnostics and the findings are one type underneath: every reporter that places
/// a diagnostic (`path:line`, SARIF locations) places a finding the same way, through
/// ``diagnostic``'s ``Diagnostic/Location``.
///
/// JSON (unchanged since findings had their own fields): `{"code", "severity", "class", "member",
/// "document", "path", "object", "objectID", "line", "message", "fix", "sources": ["File.swift:12"]}`;
/// unknown fields are left out, a source location is written `File.swift:12` (its file's last path
/// component and its line).
public struct Finding: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The diagnostic: code (the rule id), severity, message and where it is. Its location's
    /// `document`, `path`, `objectPath`, `object` and `sourceLine` are the finding's ``document``,
    /// ``path``, ``object``, ``objectID`` and ``line``.
    public var diagnostic: Diagnostic
    /// The class concerned, as the runtime looks it up (`MyApp.ProfileViewController` when a module
    /// is known).
    public var className: String?
    /// The outlet name or action selector (for checks of code: the identifier or nib name).
    public var member: String?
    /// What to do about it, one sentence.
    public var fix: String?
    /// The declarations or uses in code compared with (full file path, 1-based line and column),
    /// nearest first.
    public var sources: [SourceLocation]

    /// A finding of rule `code`; `severity` defaults to the rule's default severity.
    ///
    /// - Parameters:
    ///   - document: the document's display name (`Login.nib`, `Main.storyboard`); nil for
    ///     findings in code only.
    ///   - path: the file of the document on disk (for findings in code: the source file).
    ///   - object: a readable path to the object (`File's Owner`, `View › Button "Sign In"`).
    ///   - objectID: the object's id in its document (`#12`, a xib id).
    ///   - line: the line of the xib/storyboard element (for findings in code: of the code).
    ///   - sources: the source locations compared with, nearest first.
    public init(_ code: FindingCode, _ message: String, severity: Diagnostic.Severity? = nil, className: String? = nil,
                member: String? = nil, document: String? = nil, path: String? = nil, object: String? = nil,
                objectID: ObjectID? = nil, line: Int? = nil, fix: String? = nil, sources: [SourceLocation] = []) {
        self.diagnostic = Diagnostic(DiagnosticCode(code.rawValue), message, severity: severity ?? code.defaultSeverity,
                                     location: .init(document: document, object: objectID, objectPath: object,
                                                     sourceLine: line, path: path))
        self.className = className
        self.member = member
        self.fix = fix
        self.sources = sources
    }

    /// The same with source locations given as text (`File.swift:12`, `/path/File.swift:12`),
    /// for callers written before ``sources`` held values: each is split at its last colon
    /// (line 0 when there is none).
    @available(*, deprecated, message: "pass SourceLocation values (SourceClass.declarations, SourceLocation(file:line:)), not their text")
    public init(_ code: FindingCode, _ message: String, severity: Diagnostic.Severity? = nil, className: String? = nil,
                member: String? = nil, document: String? = nil, path: String? = nil, object: String? = nil,
                objectID: ObjectID? = nil, line: Int? = nil, fix: String? = nil, sources: [String]) {
        self.init(code, message, severity: severity, className: className, member: member, document: document, path: path,
                  object: object, objectID: objectID, line: line, fix: fix, sources: sources.map(Self.sourceLocation))
    }

    /// A finding that is `diagnostic` with the finding's own fields.
    public init(_ diagnostic: Diagnostic, className: String? = nil, member: String? = nil, fix: String? = nil,
                sources: [SourceLocation] = []) {
        self.diagnostic = diagnostic
        self.className = className
        self.member = member
        self.fix = fix
        self.sources = sources
    }

    /// The rule id, as ``diagnostic``'s code.
    public var code: FindingCode {
        get { FindingCode(diagnostic.code.rawValue) }
        set { diagnostic.code = DiagnosticCode(newValue.rawValue) }
    }

    public var severity: Diagnostic.Severity {
        get { diagnostic.severity }
        set { diagnostic.severity = newValue }
    }

    public var message: String {
        get { diagnostic.message }
        set { diagnostic.message = newValue }
    }

    /// Where the finding is (``diagnostic``'s location).
    public var location: Diagnostic.Location {
        get { diagnostic.location }
        set { diagnostic.location = newValue }
    }

    /// The document's display name (`Login.nib`, `Main.storyboard`), nil for findings in code only.
    public var document: String? {
        get { diagnostic.location.document }
        set { diagnostic.location.document = newValue }
    }

    /// The file of the document on disk (for findings in code: the source file).
    public var path: String? {
        get { diagnostic.location.path }
        set { diagnostic.location.path = newValue }
    }

    /// A readable path to the object (`File's Owner`, `View › Button "Sign In"`).
    public var object: String? {
        get { diagnostic.location.objectPath }
        set { diagnostic.location.objectPath = newValue }
    }

    /// The object's id in its document (`#12`, a xib id).
    public var objectID: ObjectID? {
        get { diagnostic.location.object }
        set { diagnostic.location.object = newValue }
    }

    /// The line of the xib/storyboard element, or of the code for findings in code.
    public var line: Int? {
        get { diagnostic.location.sourceLine }
        set { diagnostic.location.sourceLine = newValue }
    }

    /// `File.swift:12` (``SourceLocation/short``) for each of ``sources``, as text output, JSON and
    /// sorting show them.
    public var sourcesText: [String] { sources.map(\.short) }

    static func sourceLocation(_ text: String) -> SourceLocation {
        guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) else {
            return SourceLocation(file: text, line: 0)
        }
        return SourceLocation(file: String(text[..<colon]), line: line)
    }

    enum CodingKeys: String, CodingKey {
        case code, severity, className = "class", member, document, path, object, objectID, line, message, fix, sources
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try c.decode(FindingCode.self, forKey: .code), try c.decode(String.self, forKey: .message),
                  severity: try c.decode(Diagnostic.Severity.self, forKey: .severity),
                  className: try c.decodeIfPresent(String.self, forKey: .className),
                  member: try c.decodeIfPresent(String.self, forKey: .member),
                  document: try c.decodeIfPresent(String.self, forKey: .document),
                  path: try c.decodeIfPresent(String.self, forKey: .path),
                  object: try c.decodeIfPresent(String.self, forKey: .object),
                  objectID: try c.decodeIfPresent(ObjectID.self, forKey: .objectID),
                  line: try c.decodeIfPresent(Int.self, forKey: .line),
                  fix: try c.decodeIfPresent(String.self, forKey: .fix),
                  sources: (try c.decodeIfPresent([String].self, forKey: .sources) ?? []).map(Self.sourceLocation))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .code)
        try c.encode(severity, forKey: .severity)
        try c.encodeIfPresent(className, forKey: .className)
        try c.encodeIfPresent(member, forKey: .member)
        try c.encodeIfPresent(document, forKey: .document)
        try c.encodeIfPresent(path, forKey: .path)
        try c.encodeIfPresent(object, forKey: .object)
        try c.encodeIfPresent(objectID, forKey: .objectID)
        try c.encodeIfPresent(line, forKey: .line)
        try c.encode(message, forKey: .message)
        try c.encodeIfPresent(fix, forKey: .fix)
        try c.encode(sourcesText, forKey: .sources)
    }

    public var description: String { message }
}
