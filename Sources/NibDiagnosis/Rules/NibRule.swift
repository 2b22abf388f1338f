import NibModel

/// A `lint` rule that checks one document at a time, with no Swift or Objective-C sources: one
/// file under `Rules/`, listed once in ``LintRules/nibRules``.
///
/// The engine (``NibLint``) makes one instance per run from the configured options, then for each
/// document its ``RuleInfo/scope`` admits calls ``check(document:into:)`` once, and
/// ``check(object:in:into:)`` and ``check(connection:in:into:)`` for every object and connection
/// of the document, in document order, in one pass shared by all rules. A rule implements the
/// hooks it needs (the others do nothing): per object or per connection for a rule that looks at
/// one at a time, per document for one that compares several (duplicates, counts) or needs the
/// document's facts as a whole. Shared facts (accessibility, cells, images, resources near the
/// input) come from the ``LintContext``; findings go to ``RuleFindings``, which fills in the
/// rule's code, severity, document, file, object path and line.
///
/// ```swift
/// extension FindingCode {
///     public static let windowVisibleAtLoad = FindingCode("window-visible-at-load")
/// }
///
/// struct WindowVisibleAtLoadRule: NibRule {
///     static let info = RuleInfo(.windowVisibleAtLoad, severity: .warning, "A window … is marked 'Visible At Launch' ….")
///     init(options: LintOptions) {}
///     func check(document context: LintContext, into out: inout RuleFindings) {
///         for id in context.document.visibleWindows { out.add(id, "…", fix: "…") }
///     }
/// }
/// ```
protocol NibRule: LintRule {
    /// Id, meaning, severity, scope, aliases and options.
    static var info: RuleInfo { get }
    /// The rule as `options` configure it (it reads its own ``LintOption``s).
    init(options: LintOptions)
}

extension NibRule {
    var ruleInfo: RuleInfo { Self.info }
}

/// What the engine (``NibLint``) runs on each document: a registered ``NibRule`` or a rule a
/// configuration declares (``CustomRule``, whose id and message are data, not a type).
protocol LintRule: Sendable {
    /// Id, meaning, severity, scope, aliases and options of this rule.
    var ruleInfo: RuleInfo { get }
    /// Whether the rule runs on the document beyond its scope (``RuleInfo/scope``): a custom
    /// rule's path patterns; true unless a rule says otherwise.
    func applies(to context: LintContext) -> Bool
    /// Called once per document, before its objects and connections.
    func check(document context: LintContext, into out: inout RuleFindings)
    /// Called for every object of the document (placeholders included).
    func check(object: NibObject, in context: LintContext, into out: inout RuleFindings)
    /// Called for every connection of the document.
    func check(connection: Connection, in context: LintContext, into out: inout RuleFindings)
}

extension LintRule {
    func applies(to context: LintContext) -> Bool { true }
    func check(document context: LintContext, into out: inout RuleFindings) {}
    func check(object: NibObject, in context: LintContext, into out: inout RuleFindings) {}
    func check(connection: Connection, in context: LintContext, into out: inout RuleFindings) {}
}

/// The findings of one rule on one document.
struct RuleFindings {
    let rule: RuleInfo
    let context: LintContext
    private(set) var findings: [Finding] = []

    init(rule: RuleInfo, context: LintContext) {
        self.rule = rule
        self.context = context
    }

    /// Adds a finding of the rule on `id` (nil for the document as a whole). `line` defaults to
    /// the object's line in a source (the `<document>` element's for the document as a whole);
    /// compiled documents have no lines.
    ///
    /// - Parameters:
    ///   - className: the class concerned, as the runtime looks it up.
    ///   - member: the outlet, selector, key equivalent or image name concerned.
    ///   - fix: what to do about it, one sentence.
    mutating func add(_ id: ObjectID?, line: Int? = nil, className: String? = nil, member: String? = nil,
                      _ message: String, fix: String) {
        let document = context.document
        let object = id.map { document.semanticPath(of: $0) }
        // A finding on the document as a whole points at its `<document>` element.
        let line = context.isSource ? (line ?? id.flatMap { document.object($0)?.sourceLine } ?? (id == nil ? document.source?.file.line : nil)) : nil
        findings.append(Finding(rule.code, message, severity: rule.defaultSeverity, className: className, member: member,
                                document: document.name, path: context.path, object: object, objectID: id, line: line,
                                fix: fix))
    }
}
