/// Display forms of colours, fonts, images, key equivalents and constraints (nib-format.md §2.9,
/// §3.5, §4.5).
extension PropertyDecoder {
    /// `systemBlue`, `rgba(1 0.5 0 1)`, `white(0.2 1)`, `named(System labelColor)`.
    func color(_ raw: ArchiveValue?) -> String? {
        guard let r = raw?.objectRef, let c = graph[r] else { return nil }
        if let name = graph.string(c["UISystemColorName"]) { return name }
        if let name = graph.string(c["NSColorName"]) {
            let catalog = graph.string(c["NSCatalogName"]).map { $0 + " " } ?? ""
            return "named(\(catalog)\(name))"
        }
        if let red = number(c["UIRed"]), let green = number(c["UIGreen"]), let blue = number(c["UIBlue"]) {
            return "rgba(\(fmt(red)) \(fmt(green)) \(fmt(blue)) \(fmt(number(c["UIAlpha"]) ?? 1)))"
        }
        if let white = number(c["UIWhite"]) { return "white(\(fmt(white)) \(fmt(number(c["UIAlpha"]) ?? 1)))" }
        if let text = asciiComponents(c["NSRGB"]) { return "rgb(\(text))" }
        if let text = asciiComponents(c["NSWhite"]) { return "white(\(text))" }
        if let text = asciiComponents(c["NSCMYK"]) { return "cmyk(\(text))" }
        if let text = asciiComponents(c["NSComponents"]) { return "components(\(text))" }
        if let inner = c["NSColor"], inner.objectRef != nil, inner.objectRef != r { return color(inner) }
        return "<\(c.className)>"
    }

    private func number(_ v: ArchiveValue?) -> Double? { graph.double(v) }

    private func fmt(_ d: Double) -> String {
        let rounded = (d * 1000).rounded() / 1000
        return Geometry.formatNumber(rounded)
    }

    /// `NSRGB`-style ASCII components (`0.314 0.318 0.318`), trimmed of NULs.
    private func asciiComponents(_ v: ArchiveValue?) -> String? {
        guard let v else { return nil }
        var text: String?
        if case .data(let bytes) = v { text = String(decoding: bytes.filter { $0 != 0 }, as: UTF8.self) }
        else { text = graph.string(v) }
        let parts = (text ?? "").split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard !parts.isEmpty else { return nil }
        return parts.map { Double($0).map(fmt) ?? String($0) }.joined(separator: " ")
    }

    /// `Helvetica-Bold 17`, `system 17`.
    func font(_ raw: ArchiveValue?) -> String? {
        guard let r = raw?.objectRef, let f = graph[r] else { return nil }
        let name = graph.string(f["UIFontName"]) ?? graph.string(f["NSName"])
        let size = graph.double(f["UIFontPointSize"]) ?? graph.double(f["NSSize"])
        let sizeText = size.map { " " + Geometry.formatNumber($0) } ?? ""
        if let name { return name + sizeText }
        return "<\(f.className)>" + sizeText
    }

    /// The image name of `UIImageNibPlaceholder`, `NSCustomResource` or an inline string.
    func image(_ raw: ArchiveValue?) -> String? {
        guard let raw else { return nil }
        guard let r = raw.objectRef, let i = graph[r] else { return nil }
        if let name = graph.string(i["UIResourceName"]) ?? graph.string(i["NSResourceName"]) { return name }
        if i.className == "NSImage" || i.className == "UIImage" {
            return graph.string(i["NSImageName"]).map { $0 } ?? "<\(i.className)>"
        }
        return nil
    }

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
