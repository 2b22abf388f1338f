import NibModel

extension FindingCode {
    public static let duplicateConstraint = FindingCode("duplicate-constraint")
}

/// `duplicate-constraint` (IBLinter `duplicate_constraint`): a constraint that repeats another
/// constraint of the same view: same items, attributes, relation, multiplier, constant and
/// priority, or the same with first and second swapped and the constant negated. Off by default.
struct DuplicateConstraintRule: NibRule {
    static let info = RuleInfo(
        .duplicateConstraint, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.iblinter("duplicate_constraint")], offByDefault: true,
        "A view holds two constraints that say the same thing (the same items, attributes, relation, multiplier, constant and priority).")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        let document = context.document
        var seen: [ObjectID?: [LayoutConstraint]] = [:]
        for o in document.objects {
            guard case .constraint(let c)? = o.property("constraint") else { continue }
            if seen[o.parent, default: []].contains(where: { Self.same($0, c) }) {
                out.add(o.id, className: o.effectiveClass,
                        "\(document.semanticPath(of: o.id)) repeats another constraint of the same view (\(c))",
                        fix: "Delete one of the two")
            } else {
                seen[o.parent, default: []].append(c)
            }
        }
    }

    /// IBLinter's equality: equal fields, or the items and attributes swapped and the constant negated.
    static func same(_ a: LayoutConstraint, _ b: LayoutConstraint) -> Bool {
        let direct = a.firstItem == b.firstItem && a.secondItem == b.secondItem && a.firstAttribute == b.firstAttribute
            && a.secondAttribute == b.secondAttribute && a.constant == b.constant
            && a.priority == b.priority && a.multiplier == b.multiplier && a.relation == b.relation
        let reversed = a.firstItem == b.secondItem && a.secondItem == b.firstItem && a.secondAttribute == b.firstAttribute
            && a.firstAttribute == b.secondAttribute && a.constant == -b.constant
        return direct || reversed
    }
}
