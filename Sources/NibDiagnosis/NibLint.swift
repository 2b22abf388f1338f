import Foundation
import NibModel

/// The engine of the nib rules of `nibinspect lint` (the rules that need no Swift or Objective-C
/// sources, ``LintRules/nibRules``): the nib design guidelines of Apple's Resource Programming
/// Guide (main nib, large nibs, windows visible at load, File's Owner as the one contact point)
/// and review checks (banned classes, dangling connections, one event to several targets,
/// duplicate key equivalents, missing images, accessibility, ambiguous views and placeholder
/// constraints of sources).
///
/// Each rule is one file under `Rules/` (``NibRule``). Per document, every rule whose scope
/// admits it runs its document check, then all rules share one pass over the objects and one
/// over the connections, with hash-table lookups: linear in the size of the inputs. Images are
/// checked against the resources found near each input (``ResourceIndex/near(_:)``, once per
/// directory).
public enum NibLint {
    /// Every finding of the nib rules over the inputs, sorted like ``NibSourceCheck/findings()``
    /// (by document, file, object path, code).
    ///
    /// - Parameters:
    ///   - inputs: inputs as the library's `NibOpener` resolves them (compiled or source).
    ///   - options: the rules' options (banned classes, the size thresholds of `large-nib`, …).
    ///   - enabled: rules that are off by default (``RuleInfo/offByDefault``) to run as well; the
    ///     others run always.
    ///   - customRules: a configuration's user-defined rules (``CustomRule``), run after the
    ///     registered ones.
    public static func findings(_ inputs: [NibInput], options: LintOptions = LintOptions(),
                                enabled: Set<FindingCode> = [], customRules: [CustomRule] = []) -> [Finding] {
        run(inputs, options: options, enabled: enabled, customRules: customRules).findings
    }

    /// ``findings(_:options:enabled:)`` and what the rules covered: one ``Coverage`` entry per nib
    /// rule run (check id = rule id), counting the documents it ran on and, by kind, those its
    /// scope left out (`3 not checked: compiled nibs (the rule applies to xib and storyboard
    /// sources)`); a rule that ran on no document is skipped with that reason.
    public static func run(_ inputs: [NibInput], options: LintOptions = LintOptions(),
                           enabled: Set<FindingCode> = [], customRules: [CustomRule] = []) -> (findings: [Finding], coverage: Coverage) {
        var rules: [any LintRule] = LintRules.nibRules.filter { !$0.info.offByDefault || enabled.contains($0.info.code) }.map { $0.init(options: options) }
        rules += customRules as [any LintRule]
        let resources = LintResources()
        var out: [Finding] = []
        var tally = RuleTally(rules: rules.map(\.ruleInfo))
        for input in inputs {
            var files = Set<String>()
            var storyboards: [String: StoryboardSummary] = [:]
            for storyboard in input.allStoryboards {
                for scene in storyboard.scenes {
                    for name in scene.documents { storyboards[name] = storyboard }
                }
            }
            for document in input.documents {
                let path = document.path ?? input.path
                let context = LintContext(document: document, path: path, resources: resources)
                context.isFirstOfFile = files.insert(path).inserted
                context.storyboard = storyboards[document.name]
                out += run(rules, on: context, tally: &tally)
            }
        }
        return (out.sorted { NibSourceCheck.sortKey($0).lexicographicallyPrecedes(NibSourceCheck.sortKey($1)) }, tally.coverage)
    }

    /// The findings of `rules` on one document, rule by rule.
    static func run(_ rules: [any LintRule], on context: LintContext) -> [Finding] {
        var tally = RuleTally(rules: [])
        return run(rules, on: context, tally: &tally)
    }

    /// The findings of `rules` on one document, rule by rule; `tally` counts the documents each
    /// rule ran on or left out.
    static func run(_ rules: [any LintRule], on context: LintContext, tally: inout RuleTally) -> [Finding] {
        let active = rules.filter { $0.ruleInfo.scope.admits(context.document) && $0.applies(to: context) }
        tally.count(context.document, outside: rules.map { $0.applies(to: context) })
        var out = active.map { RuleFindings(rule: $0.ruleInfo, context: context) }
        for (i, rule) in active.enumerated() { rule.check(document: context, into: &out[i]) }
        for o in context.document.objects {
            for (i, rule) in active.enumerated() { rule.check(object: o, in: context, into: &out[i]) }
        }
        for c in context.document.connections {
            for (i, rule) in active.enumerated() { rule.check(connection: c, in: context, into: &out[i]) }
        }
        return out.flatMap(\.findings)
    }

    /// Rules that report a subset of another's findings with more advice: a finding of the key's
    /// code on an object the value's code also reports is a repeat.
    static let repeats: [FindingCode: FindingCode] = [.placeholderAccessibilityLabel: .placeholderAsLabel]

    /// `findings` without repeats: a `placeholder-accessibility-label` finding on a field that
    /// `placeholder-as-label` reports too (both ask the same question; the latter says more). The
    /// finding kept takes the higher of the two severities, so that enabling the xiblint rule
    /// fails the same runs. Call it on the findings that are reported, after configuration and
    /// `--only`.
    public static func dropRepeats(_ findings: [Finding]) -> [Finding] {
        func key(_ code: FindingCode, _ f: Finding) -> String? {
            f.objectID.map { "\(code)|\(f.document ?? "")|\($0.rawValue)" }
        }
        var repeated: [String: Diagnostic.Severity] = [:]
        let kept = Set(findings.filter { repeats.values.contains($0.code) }.compactMap { key($0.code, $0) })
        guard !kept.isEmpty else { return findings }
        let rank: (Diagnostic.Severity) -> Int = { $0 == .error ? 2 : $0 == .warning ? 1 : 0 }
        var out = findings.filter { f in
            guard let other = repeats[f.code], let k = key(other, f), kept.contains(k) else { return true }
            if rank(f.severity) > rank(repeated[k] ?? .info) { repeated[k] = f.severity }
            return false
        }
        for i in out.indices {
            if let k = key(out[i].code, out[i]), let s = repeated[k], rank(s) > rank(out[i].severity) { out[i].severity = s }
        }
        return out
    }

    /// True for a macOS main nib: a document named `MainMenu`, or one whose File's Owner is
    /// `NSApplication` and which holds the main menu (`_NSMainMenu`, xib `systemMenu="main"`).
    public static func isMainNib(_ document: NibDocument) -> Bool {
        if NibSourceCheck.baseName(document.name) == "MainMenu" { return true }
        guard document.platform == .macOS || document.platform == .unknown else { return false }
        let ownerIsApplication = document.objects.contains {
            $0.placeholder?.kind == .filesOwner
                && ($0.placeholder?.target?.effectiveClass ?? $0.customClass ?? $0.className) == "NSApplication"
        }
        return ownerIsApplication && document.objects.contains(where: isMainMenu)
    }

    /// The menu bar: `NSMenu` named `_NSMainMenu` (compiled) or with `systemMenu="main"` (source).
    static func isMainMenu(_ o: NibObject) -> Bool {
        guard o.className == "NSMenu" else { return false }
        if case .string(let s)? = o.property("systemMenu"), s == "main" { return true }
        if case .string(let s)? = o.property("name"), s == "_NSMainMenu" { return true }
        return o.name == "_NSMainMenu"
    }

    /// True for images the system provides: AppKit named images (`NSAdvanced`, `NSActionTemplate`:
    /// `NS` and an uppercase letter) and SF Symbol-style names (`square.and.arrow.up`: a dot and
    /// no image file extension).
    public static func isSystemImageName(_ name: String) -> Bool {
        if isAppKitNamedImage(name) { return true }
        guard name.contains("."), !name.contains("/"), !name.contains(" ") else { return false }
        let ext = (name as NSString).pathExtension.lowercased()
        return !ResourceIndex.imageExtensions.contains(ext) && name == name.lowercased()
    }

    /// AppKit's named images (`NSAdvanced`, `NSActionTemplate`): `NS` and an uppercase letter.
    static func isAppKitNamedImage(_ name: String) -> Bool {
        name.hasPrefix("NS") && name.dropFirst(2).first?.isUppercase == true
    }
}

/// Documents each nib rule ran on, and those its scope left out by kind, for ``Coverage``.
struct RuleTally {
    let rules: [RuleInfo]
    private var ran: [Int]
    /// Per rule: the kind of document left out (`compiled nibs`, `macOS documents`) → count.
    private var left: [[String: Int]]

    init(rules: [RuleInfo]) {
        self.rules = rules
        ran = Array(repeating: 0, count: rules.count)
        left = Array(repeating: [:], count: rules.count)
    }

    /// Counts `document` for every rule: run, or left out by the rule's scope or, where
    /// `applies[i]` is false, by its own paths (a custom rule's).
    mutating func count(_ document: NibDocument, outside applies: [Bool] = []) {
        for (i, rule) in rules.enumerated() {
            if i < applies.count, !applies[i] {
                left[i]["documents outside the rule's paths", default: 0] += 1
            } else if rule.scope.admits(document) { ran[i] += 1 } else { left[i][Self.kind(of: document, for: rule.scope), default: 0] += 1 }
        }
    }

    /// Why `scope` leaves `document` out: its kind of document, else its platform.
    static func kind(of document: NibDocument, for scope: RuleScope) -> String {
        let kind: RuleScope.Documents = document.format.isCompiled ? .compiled : document.format == .storyboard ? .storyboard : .xib
        if !scope.documents.contains(kind) {
            return kind == .compiled ? "compiled nibs" : kind == .storyboard ? "storyboard sources" : "xib sources"
        }
        return "\(document.platform.rawValue) documents"
    }

    var coverage: Coverage {
        var c = Coverage()
        for (i, rule) in rules.enumerated() {
            let gaps = left[i].sorted { $0.key < $1.key }.map {
                Coverage.Gap(count: $0.value, reason: "\($0.key) (the rule applies to \(rule.scope))")
            }
            let skipped = ran[i] == 0 && !gaps.isEmpty
                ? "the rule applies to \(rule.scope), not to " + left[i].sorted { $0.key < $1.key }
                    .map { "\($0.key) (\(NibSourceCheck.count($0.value, "document", "documents")))" }.joined(separator: ", ")
                : nil
            c.record(check: rule.code.rawValue, title: rule.code.rawValue, rules: [rule.code], checked: ran[i], unit: "documents",
                     notChecked: skipped == nil ? gaps : [], skippedReason: skipped)
        }
        return c
    }
}
