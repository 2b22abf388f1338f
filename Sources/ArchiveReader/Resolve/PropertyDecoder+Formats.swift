/// Display forms of key equivalents and constraints (nib-format.md §3.5, §4.5).
extension PropertyDecoder {
    /// `⌘Q`, `⌥⌘N`; the bare key when no modifier mask is archived.
    static func keyEquivalent(_ key: String, mask: Int64?) -> String {
        var s = ""
        if let mask {
            if mask & (1 << 18) != 0 { s += "⌃" }
            if mask & (1 << 19) != 0 { s += "⌥" }
            if mask & (1 << 17) != 0 { s += "⇧" }
            if mask & (1 << 20) != 0 { s += "⌘" }
        }
        let special: [String: String] = ["\r": "↩", "\u{1b}": "⎋", "\u{8}": "⌫", "\u{7f}": "⌫", "\t": "⇥", " ": "Space"]
        return s + (special[key] ?? key.uppercased())
    }

    static let attributeNames = [
        "notAnAttribute", "left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX",
        "centerY", "lastBaseline", "firstBaseline", "leftMargin", "rightMargin", "topMargin", "bottomMargin",
        "leadingMargin", "trailingMargin", "centerXWithinMargins", "centerYWithinMargins",
    ]

    /// `#5.leading = #3.leading + 20`, `#5.width = 100 @750` for `NSLayoutConstraint`s.
    func constraint(_ object: ArchivedObject) -> String? {
        guard object.className.contains("LayoutConstraint"), object["NSFirstAttribute"] != nil || object["NSFirstItem"] != nil
        else { return nil }
        func attribute(_ key: String) -> String {
            guard let a = graph.integer(object[key]) else { return "?" }
            return a >= 0 && a < Self.attributeNames.count ? Self.attributeNames[Int(a)] : "attribute\(a)"
        }
        let first = object["NSFirstItem"]?.objectRef.map { "\(ObjectID($0))" } ?? "self"
        var s = "\(first).\(attribute("NSFirstAttribute"))"
        switch graph.integer(object["NSRelation"]) ?? 0 {
        case -1: s += " <= "
        case 1: s += " >= "
        default: s += " = "
        }
        let constant = graph.double(object["NSConstant"]) ?? graph.double(object["NSConstantV2"]) ?? 0
        if let second = object["NSSecondItem"]?.objectRef {
            s += "\(ObjectID(second)).\(attribute("NSSecondAttribute"))"
            if let m = graph.double(object["NSMultiplier"]), m != 1 { s += " × " + Geometry.formatNumber(m) }
            if constant != 0 { s += (constant < 0 ? " - " : " + ") + Geometry.formatNumber(abs(constant)) }
        } else {
            s += Geometry.formatNumber(constant)
        }
        if let p = graph.double(object["NSPriority"]), p != 1000 { s += " @" + Geometry.formatNumber(p) }
        return s
    }
}
