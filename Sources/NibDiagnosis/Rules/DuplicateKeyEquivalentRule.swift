import NibModel

extension FindingCode {
    public static let duplicateKeyEquivalent = FindingCode("duplicate-key-equivalent")
}

/// `duplicate-key-equivalent`: two items of one menu with the same key equivalent.
struct DuplicateKeyEquivalentRule: NibRule {
    static let info = RuleInfo(
        .duplicateKeyEquivalent, severity: .warning, appliesTo: RuleScope(text: "menus"),
        "Two items of one menu share a key equivalent (with the same modifiers, an uppercase letter meaning Shift): only the first one fires.")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        let document = context.document
        var byMenu: [ObjectID: [String: [ObjectID]]] = [:]
        for o in document.objects where o.className == "NSMenuItem" {
            guard let menu = o.parent, let key = LintContext.text(o.property("keyEquivalent")), !key.isEmpty else { continue }
            byMenu[menu, default: [:]][key, default: []].append(o.id)
        }
        for menu in byMenu.keys.sorted() {
            for (key, items) in byMenu[menu]!.sorted(by: { $0.key < $1.key }) where items.count > 1 {
                let names = items.map { document.semanticPath(of: $0) }
                for id in items.dropFirst() {
                    out.add(id, className: "NSMenuItem", member: key,
                            "\(document.semanticPath(of: id)) has the key equivalent \(key), as \(names[0]) in the same menu: pressing \(key) performs only the first enabled one",
                            fix: "Give one of the items another key equivalent or modifiers")
                }
            }
        }
    }
}
