import NibModel

extension FindingCode {
    public static let outletLabelIdentifier = FindingCode("outlet-label-identifier")
}

/// `outlet-label-identifier` (xiblint `automation_identifiers_for_outlet_labels`): a label that a
/// view controller has an outlet to (so its text may change at run time) has no accessibility
/// identifier for UI tests to find it by. Sources only: compiled nibs keep no identifiers of
/// labels. A house rule, off by default. xiblint looks at plain `<viewController>` elements only;
/// this rule at every view controller (table, collection, … view controllers too), and reports a
/// label once however many outlets lead to it.
struct OutletLabelIdentifierRule: NibRule {
    static let info = RuleInfo(
        .outletLabelIdentifier, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.xiblint("automation_identifiers_for_outlet_labels")], offByDefault: true,
        "A label a view controller has an outlet to (its text may change) has no accessibility identifier for UI tests to find it by.")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        let document = context.document
        let identified = AutomationIdentifiersRule.identified(in: document)
        var reported = Set<ObjectID>()
        for c in document.connections where c.kind == .outlet {
            guard let s = c.source, let d = c.destination, let source = document.object(s), source.placeholder == nil,
                  source.className.hasSuffix("ViewController"), let label = document.object(d), label.className == "UILabel",
                  !identified.contains(d), reported.insert(d).inserted else { continue }
            let text = LintContext.text(label.property("text")).map { " with text '\($0)'" } ?? ""
            out.add(d, className: label.effectiveClass, member: c.label,
                    "\(document.semanticPath(of: d))\(text) has an outlet (\(c.label)) into \(source.effectiveClass), so it needs an accessibility identifier",
                    fix: "Set an Identifier in the Identity inspector's Accessibility section")
        }
    }
}
