import NibModel

extension FindingCode {
    public static let constraintPlaceholder = FindingCode("constraint-placeholder")
}

/// `constraint-placeholder`: a constraint marked 'Remove at build time', with the outlets to it.
struct ConstraintPlaceholderRule: NibRule {
    static let info = RuleInfo(
        .constraintPlaceholder, severity: .warning, appliesTo: RuleScope(documents: .sources),
        "A constraint marked 'Remove at build time' (placeholder): it is not in the compiled nib, and an outlet to it is nil.")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        let document = context.document
        var placeholders = Set<ObjectID>()
        for o in document.objects where o.placeholder == nil && o.className == "NSLayoutConstraint" {
            if o.property("placeholder") == .bool(true) { placeholders.insert(o.id) }
        }
        guard !placeholders.isEmpty else { return }
        var outlets: [ObjectID: [Connection]] = [:]
        for c in document.connections where c.kind == .outlet || c.kind == .outletCollection {
            for d in (c.members ?? []) + (c.destination.map { [$0] } ?? []) where placeholders.contains(d) {
                outlets[d, default: []].append(c)
            }
        }
        for id in placeholders.sorted() {
            let connected = outlets[id] ?? []
            var message = "Constraint \(document.semanticPath(of: id)) is marked 'Remove at build time' (placeholder): it is not in the compiled nib, so the layout at run time lacks it"
            if !connected.isEmpty {
                let names = connected.map { "\($0.source.map { document.semanticPath(of: $0) } ?? "?").\($0.label)" }
                message += "; the outlet \(names.joined(separator: ", ")) to it is nil at run time"
            }
            out.add(id, message,
                    fix: connected.isEmpty ? "Add the constraint in code, or clear 'Remove at build time' if it should ship"
                        : "Clear 'Remove at build time', or remove the outlet and create the constraint in code")
        }
    }
}
