import NibModel

extension FindingCode {
    public static let reuseIdentifierMatchesClass = FindingCode("reuse-identifier-matches-class")
}

/// `reuse-identifier-matches-class` (IBLinter `reuse_identifier`): a table or collection view
/// cell, or a collection reusable view, with a custom class has that class as its reuse
/// identifier. Cells without a custom class, and the static cells of a table (in a
/// `UITableViewSection`, never dequeued), are left alone, as by IBLinter. A house rule, off by
/// default.
struct ReuseIdentifierRule: NibRule {
    static let classes: Set<String> = ["UITableViewCell", "UICollectionViewCell", "UICollectionReusableView"]

    static let info = RuleInfo(
        .reuseIdentifierMatchesClass, severity: .warning, appliesTo: RuleScope(documents: .sources),
        aliases: [.iblinter("reuse_identifier")], offByDefault: true,
        "A cell or reusable view with a custom class has a reuse identifier other than the class name.")

    init(options: LintOptions) {}

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        guard Self.classes.contains(o.className), let custom = o.customClass,
              context.document.object(o.parent)?.className != "UITableViewSection" else { return }
        let identifier = o.property("reuseIdentifier")?.text
        guard identifier != custom else { return }
        out.add(o.id, className: o.effectiveClass,
                "\(context.document.semanticPath(of: o.id)) (\(custom)) has reuse identifier \(identifier.map { "'\($0)'" } ?? "none"), not its class name",
                fix: "Set the reuse identifier to '\(custom)'")
    }
}
