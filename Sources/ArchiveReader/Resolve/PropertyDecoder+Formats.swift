/// Display forms of key equivalents and constraints (nib-format.md §3.5, §4.5).
extension PropertyDecoder {
    /// A key equivalent as AppKit's menus show it (``KeyEquivalent/description``): `⌘Q`, `⇧⌘F`, `F5`.
    static func keyEquivalent(_ key: String, mask: Int64?) -> String {
        KeyEquivalent(key: key, modifierMask: mask).description
    }

    static let attributeNames = [
        "notAnAttribute", "left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX",
        "centerY", "lastBaseline", "firstBaseline", "leftMargin", "rightMargin", "topMargin", "bottomMargin",
        "leadingMargin", "trailingMargin", "centerXWithinMargins", "centerYWithinMargins",
    ]

    /// The constraint of an `NSLayoutConstraint` (§3.5): items by id, attributes by their xib
    /// names; nil for objects that are not constraints.
    func constraint(_ object: ArchivedObject) -> LayoutConstraint? {
        guard object.className.contains("LayoutConstraint"), object["NSFirstAttribute"] != nil || object["NSFirstItem"] != nil
        else { return nil }
        func attribute(_ key: String) -> String {
            guard let a = graph.integer(object[key]) else { return "?" }
            return a >= 0 && a < Self.attributeNames.count ? Self.attributeNames[Int(a)] : "attribute\(a)"
        }
        let relation: LayoutConstraint.Relation
        switch graph.integer(object["NSRelation"]) ?? 0 {
        case -1: relation = .lessThanOrEqual
        case 1: relation = .greaterThanOrEqual
        default: relation = .equal
        }
        let second = object["NSSecondItem"]?.objectRef.map { ObjectID($0) }
        return LayoutConstraint(
            firstItem: object["NSFirstItem"]?.objectRef.map { ObjectID($0) }, firstAttribute: attribute("NSFirstAttribute"),
            relation: relation, secondItem: second, secondAttribute: second == nil ? nil : attribute("NSSecondAttribute"),
            multiplier: graph.double(object["NSMultiplier"]) ?? 1,
            constant: graph.double(object["NSConstant"]) ?? graph.double(object["NSConstantV2"]) ?? 0,
            priority: graph.double(object["NSPriority"]).flatMap { $0 == 1000 ? nil : $0 })
    }
}
