/// Display forms of key equivalents and constraints (nib-format.md §3.5, §4.5).
extension PropertyDecoder {
    /// A menu item's key equivalent as AppKit's menus show it: modifiers in Apple's order ⌃⌥⇧⌘,
    /// then the key (`⌘Q`, `⌥⌘N`, `⇧⌘F` for an uppercase `F`, which implies Shift; `⌘↑`, `F5`,
    /// `⌦`). The bare key when no modifier mask is archived.
    ///
    /// Function keys are the Unicode private-use characters of `NSEvent` (`NSUpArrowFunctionKey`
    /// U+F700 … `NSF35FunctionKey` U+F726, `NSDeleteFunctionKey` U+F728, Home, End, Page Up/Down);
    /// control characters are Backspace ⌫, Tab ⇥, Return ↩, Enter ⌤, Escape ⎋.
    static func keyEquivalent(_ key: String, mask: Int64?) -> String {
        var shift = mask.map { $0 & (1 << 17) != 0 } ?? false
        var name: String
        let scalars = Array(key.unicodeScalars)
        if scalars.count == 1, let special = specialKeyNames[scalars[0].value] {
            name = special
        } else if key.count == 1, key.lowercased() != key {
            // An uppercase letter: AppKit adds Shift to the mask it matches and shows.
            name = key
            shift = true
        } else {
            name = key.uppercased()
        }
        if scalars.count == 1, scalars[0].value >= 0xF704, scalars[0].value <= 0xF726 {
            name = "F\(scalars[0].value - 0xF704 + 1)"
        }
        var s = ""
        if let mask {
            if mask & (1 << 18) != 0 { s += "⌃" }
            if mask & (1 << 19) != 0 { s += "⌥" }
        }
        if shift { s += "⇧" }
        if let mask, mask & (1 << 20) != 0 { s += "⌘" }
        return s + name
    }

    /// Symbols for the keys that have no printable character of their own.
    static let specialKeyNames: [UInt32: String] = [
        0x03: "⌤", 0x08: "⌫", 0x09: "⇥", 0x0D: "↩", 0x19: "⇤", 0x1B: "⎋", 0x20: "Space", 0x7F: "⌫",
        0xF700: "↑", 0xF701: "↓", 0xF702: "←", 0xF703: "→",
        0xF727: "Insert", 0xF728: "⌦", 0xF729: "↖", 0xF72B: "↘", 0xF72C: "⇞", 0xF72D: "⇟",
        0xF739: "⌧", 0xF746: "Help",
    ]

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
