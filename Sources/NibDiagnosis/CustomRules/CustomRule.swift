import Foundation
import NibModel

/// A rule a team declares in `.nibinspect.json`'s `"customRules"` (Documentation/custom-rules.md):
/// an id, which objects it looks at (``match``), what must hold for them (``require``; without it
/// every matched object is a finding), a message, a severity and path patterns. It runs with the
/// registered rules, in the same pass over every document's objects, and its findings are
/// ``Finding``s like theirs: every reporter, baseline, `--only`/`--disable`, `"severity"` and
/// per-path `"disable"` see them by id.
///
/// ```json
/// {"id": "label-named-colour", "match": "isA(UILabel)", "require": "textColor is namedColor",
///  "message": "{object}: textColor is {textColor}, not a named colour", "severity": "warning",
///  "paths": ["App/*"]}
/// ```
public struct CustomRule: Sendable, Hashable {
    /// The rule's id and finding code (letters, digits, `-`, `_`, `.`), distinct from every
    /// registered rule's id and alias.
    public var id: String
    /// The finding's message: `{object}` (the object's path), `{class}`, and `{KEY}` for any
    /// subject of the language (`{textColor}`, `{font.size}`) are replaced by their text.
    public var message: String
    public var severity: Diagnostic.Severity
    /// What `--list-rules` says of the rule; when none is given, its `match` and `require`.
    public var summary: String
    /// What to do about a finding, one sentence; may be empty.
    public var fix: String
    /// Shell patterns (`fnmatch`) or directories, relative to the configuration's directory, of
    /// the files the rule runs on; empty for every file.
    public var paths: [String]
    /// The configuration file and the line the rule starts at (for `--list-rules` and errors).
    public var file: String
    public var line: Int
    /// The directory `paths` are relative to.
    public var baseDirectory: String
    var match: CustomRuleExpression
    var require: CustomRuleExpression?

    /// The rule as `--list-rules`, SARIF and configuration files see it.
    public var info: RuleInfo {
        let scope = paths.isEmpty ? "every input" : "files matching " + paths.joined(separator: ", ")
        var info = RuleInfo(FindingCode(id), severity: severity, appliesTo: RuleScope(text: "\(scope); user-defined in \((file as NSString).lastPathComponent):\(line)"),
                            summary.hasSuffix(".") ? summary : summary + ".")
        info.isCustom = true
        return info
    }
}

extension CustomRule: LintRule {
    var ruleInfo: RuleInfo { info }

    func applies(to context: LintContext) -> Bool {
        guard !paths.isEmpty else { return true }
        let absolute = URL(fileURLWithPath: context.path).standardizedFileURL.path
        let base = URL(fileURLWithPath: baseDirectory).standardizedFileURL.path + "/"
        let relative = absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : nil
        return paths.contains { PathSection(pattern: $0).covers(relative: relative, absolute: absolute) || fnmatch($0, context.path, 0) == 0 }
    }

    func check(object: NibObject, in context: LintContext, into out: inout RuleFindings) {
        let evaluator = CustomRuleEvaluator(context: context, object: object)
        guard evaluator.holds(match), !(require.map(evaluator.holds) ?? false) else { return }
        out.add(object.id, className: object.effectiveClass, evaluator.format(message), fix: fix)
    }
}

/// Evaluates predicates (``CustomRuleExpression``) on one object of a document.
struct CustomRuleEvaluator {
    let context: LintContext
    let object: NibObject

    func holds(_ e: CustomRuleExpression) -> Bool {
        switch e {
        case .and(let a, let b): return holds(a) && holds(b)
        case .or(let a, let b): return holds(a) || holds(b)
        case .not(let a): return !holds(a)
        case .call(let f, let argument): return call(f, argument)
        case .compare(let subject, let op, let value): return compare(subject, op, value)
        case .kind(let subject, let kind): return self.kind(subject, kind)
        }
    }

    /// Whether `o`'s framework class, custom class (bare or with its module) or runtime class
    /// matches the pattern.
    static func isA(_ o: NibObject, _ pattern: String) -> Bool {
        var names = [o.className, o.effectiveClass]
        if let c = o.customClass {
            names.append(c)
            if let m = o.customModule { names.append("\(m).\(c)") }
        }
        if let r = o.runtimeClassName { names.append(r) }
        return names.contains { $0 == pattern || fnmatch(pattern, $0, 0) == 0 }
    }

    private func call(_ f: CustomRuleExpression.Function, _ argument: String?) -> Bool {
        let document = context.document
        func named(_ s: String) -> Bool { argument.map { $0 == s || fnmatch($0, s, 0) == 0 } ?? true }
        switch f {
        case .isA: return Self.isA(object, argument ?? "")
        case .inside:
            var seen = Set<ObjectID>()
            var next = object.parent
            while let id = next, seen.insert(id).inserted, let parent = document.object(id) {
                if Self.isA(parent, argument ?? "") { return true }
                next = parent.parent
            }
            return false
        case .has: return value(CustomRuleExpression.Subject(key: argument ?? "", field: nil)) != nil
        case .outlet:
            return context.incoming[object.id, default: []].contains { ($0.kind == .outlet || $0.kind == .outletCollection) && named($0.label) }
        case .action:
            return context.outgoing[object.id, default: []].contains { $0.kind == .action && named($0.label) }
        case .segue:
            return context.outgoing[object.id, default: []].contains { c in
                c.kind == .segue && (argument == nil || named(c.segue?.identifier ?? c.label))
            }
        case .topLevel: return object.parent == nil && object.placeholder == nil
        case .placeholder: return object.placeholder != nil
        case .scene:
            return object.property("sceneMemberID") == .string("viewController")
                || context.storyboard != nil && context.document.topLevelObjects.contains(object.id) && object.className.hasSuffix("Controller")
        }
    }

    /// A subject's value: a pseudo-key, else the property (of the object or its cell), with
    /// its field.
    enum Value {
        case text(String)
        case number(Double)
        case property(PropertyValue)
    }

    func value(_ s: CustomRuleExpression.Subject) -> Value? {
        switch s.key {
        case "class": return .text(object.effectiveClass)
        case "customClass": return object.customClass.map { .text($0) }
        case "frameworkClass": return .text(object.className)
        case "module": return object.customModule.map { .text($0) }
        case "label": return (object.label ?? object.name).map { .text($0) }
        case "object": return .text(context.document.semanticPath(of: object.id))
        default: break
        }
        // A compiled nib calls a font `font` where a source has `fontDescription`.
        let alternates = s.key == "font" ? ["fontDescription"] : s.key == "fontDescription" ? ["font"] : []
        guard let v = ([s.key] + alternates).lazy.compactMap({ self.context.property($0, of: self.object) }).first, v != .null else { return nil }
        guard let field = s.field else { return .property(v) }
        switch (v, field) {
        case (.color(let c), "name"): return c.name.map { .text($0) }
        case (.color(let c), "catalog"): return c.catalog.map { .text($0) }
        case (.color(let c), "space"): return .text(c.space.rawValue)
        case (.color(let c), "alpha"): return c.alpha.map { .number($0) }
        case (.font(let f), "name"): return f.name.map { .text($0) }
        case (.font(let f), "size"): return f.size.map { .number($0) }
        case (.font(let f), "textStyle"): return f.textStyle.map { .text($0) }
        case (.image(let i), "name"): return .text(i.name)
        case (.object(let id), "class"): return context.document.object(id).map { .text($0.effectiveClass) }
        default: return nil
        }
    }

    /// The value as text (a colour by its name, an object by its class, numbers as printed).
    func text(_ v: Value) -> String {
        switch v {
        case .text(let s): return s
        case .number(let n): return ValueText.number(n)
        case .property(let p):
            if let t = LintContext.text(p) { return t }
            switch p {
            case .int(let i): return String(i)
            case .double(let d): return ValueText.number(d)
            case .bool(let b): return b ? "YES" : "NO"
            case .color(let c): return c.name ?? c.description
            case .image(let i): return i.name
            case .object(let id): return context.document.object(id)?.effectiveClass ?? id.rawValue
            default: return p.description
            }
        }
    }

    func number(_ v: Value) -> Double? {
        switch v {
        case .number(let n): return n
        case .text(let s): return Double(s)
        case .property(.int(let i)): return Double(i)
        case .property(.double(let d)): return d
        case .property(let p): return Double(text(.property(p)))
        }
    }

    private func compare(_ s: CustomRuleExpression.Subject, _ op: CustomRuleExpression.Operator, _ rhs: CustomRuleExpression.Value) -> Bool {
        let left = value(s)
        let right: Value?
        switch rhs {
        case .text(let t): right = .text(t)
        case .number(let n): right = .number(n)
        case .subject(let other): right = value(other)
        }
        guard let left, let right else { return op == .notEqual && (left != nil || right != nil) }
        let l = text(left)
        let r = text(right)
        switch op {
        case .equal, .notEqual:
            var same = l == r || Self.truth(l) != nil && Self.truth(l) == Self.truth(r)
            if !same, let a = number(left), let b = number(right) { same = a == b }
            return (op == .equal) == same
        case .matches: return fnmatch(r, l, 0) == 0
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let a = number(left), let b = number(right) else { return false }
            switch op {
            case .less: return a < b
            case .lessOrEqual: return a <= b
            case .greater: return a > b
            default: return a >= b
            }
        }
    }

    /// YES/NO, true/false as a truth value; nil for other text.
    static func truth(_ s: String) -> Bool? {
        switch s.lowercased() {
        case "yes", "true": true
        case "no", "false": false
        default: nil
        }
    }

    private func kind(_ s: CustomRuleExpression.Subject, _ kind: CustomRuleExpression.Kind) -> Bool {
        guard let v = value(s) else { return false }
        guard case .property(let p) = v else {
            switch (v, kind) {
            case (.text, .text), (.number, .number): return true
            default: return false
            }
        }
        switch (p, kind) {
        case (.color(let c), .namedColor): return c.space == .catalog && c.catalog != "System"
        case (.color(let c), .systemColor): return c.space == .system || c.space == .catalog && c.catalog == "System"
        case (.color(let c), .customColor): return [.rgb, .white, .cmyk, .components].contains(c.space)
        case (.color, .color), (.font, .font), (.image, .image), (.object, .object), (.bool, .bool): return true
        case (.int, .number), (.double, .number): return true
        case (.string, .text), (.localizedString, .text): return true
        default: return false
        }
    }

    /// `message` with `{object}`, `{class}` and `{subject}` replaced by their text (`none` for a
    /// property that is not set).
    func format(_ message: String) -> String {
        var out = ""
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let name = rest[rest.index(after: open)..<close]
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            if let key = parts.first, !key.isEmpty, !key.contains(" ") {
                out += value(CustomRuleExpression.Subject(key: key, field: parts.count > 1 ? parts[1] : nil)).map(text) ?? "none"
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
