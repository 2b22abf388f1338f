/// Typed values of archived strings, colours, fonts and images (nib-format.md §2.9).
extension PropertyDecoder {
    /// A string value: `.localizedString` when `raw` is an `NSLocalizableString` with an `NSKey`,
    /// else `.string`; nil when `raw` is not text.
    func text(_ raw: ArchiveValue?) -> PropertyValue? {
        guard let s = graph.string(raw) else { return nil }
        if let key = graph.localizableKey(raw) { return .localizedString(LocalizedString(text: s, key: key)) }
        return .string(s)
    }

    /// A `UIColor`/`NSColor`: system colour, named colour, UIKit components, AppKit component text,
    /// the colour an `NSColor` key wraps, else the class alone (``Color/Space/otherClass``).
    /// Component text that is not all numbers stays text (`.formatted`).
    func color(_ raw: ArchiveValue?) -> PropertyValue? {
        color(raw, depth: 0)
    }

    private func color(_ raw: ArchiveValue?, depth: Int) -> PropertyValue? {
        guard depth < 8, let r = raw?.objectRef, let c = graph[r] else { return nil }
        if let name = graph.string(c["UISystemColorName"]) {
            return .color(Color(space: .system, name: name, notation: .uikit))
        }
        if let name = graph.string(c["NSColorName"]) {
            return .color(Color(space: .catalog, name: name, catalog: graph.string(c["NSCatalogName"]), notation: .appKit))
        }
        let alpha = graph.double(c["UIAlpha"])
        if let red = graph.double(c["UIRed"]), let green = graph.double(c["UIGreen"]), let blue = graph.double(c["UIBlue"]) {
            return .finite(.color(Color(space: .rgb, components: [red, green, blue], alpha: alpha, notation: .uikit)))
        }
        if let white = graph.double(c["UIWhite"]) {
            return .finite(.color(Color(space: .white, components: [white], alpha: alpha, notation: .uikit)))
        }
        let spaceName = colorSpaceName(c)
        for (key, space, channels) in [("NSRGB", Color.Space.rgb, 3), ("NSWhite", .white, 1), ("NSCMYK", .cmyk, 4),
                                       ("NSComponents", .components, 0)] {
            guard var value = componentText(c[key], space, channels: channels) else { continue }
            if case .color(var color) = value, let spaceName {
                // A custom space's own numbers are `NSComponents` (the xib's); `NSRGB`/`NSWhite`
                // hold their conversion to the calibrated space.
                if c["NSCustomColorSpace"] != nil, channels > 0,
                   case .color(let own)? = componentText(c["NSComponents"], .components, channels: 0), own.components.count == channels + 1 {
                    color.components = Array(own.components.dropLast())
                    color.alpha = own.components.last
                }
                color.colorSpaceName = spaceName
                value = .color(color)
            }
            return value
        }
        if let inner = c["NSColor"], inner.objectRef != nil, inner.objectRef != r { return color(inner, depth: depth + 1) }
        return .color(Color(space: .otherClass, name: c.className, notation: c.className.hasPrefix("UI") ? .uikit : .appKit))
    }

    /// The xib's name of an AppKit colour's space (``Color/colorSpaceName``): `NSColorSpace` 1–4
    /// (calibrated or device RGB or white) without `NSCustomColorSpace`, else the custom space by
    /// its `NSID` (``Color/customSpaceNames``); nil for other colours and unknown spaces.
    private func colorSpaceName(_ c: ArchivedObject) -> String? {
        if let custom = c["NSCustomColorSpace"] {
            guard let r = custom.objectRef, let space = graph[r], let id = graph.integer(space["NSID"]) else { return nil }
            return Color.customSpaceNames[id]
        }
        switch graph.integer(c["NSColorSpace"]) {
        case 1: return "calibratedRGB"
        case 2: return "deviceRGB"
        case 3: return "calibratedWhite"
        case 4: return "deviceWhite"
        default: return nil
        }
    }

    /// AppKit's ASCII components (`0.314 0.318 0.318`, sometimes NUL-terminated): `channels`
    /// numbers and, when one more is archived, alpha (`channels` 0: every number is a component).
    private func componentText(_ v: ArchiveValue?, _ space: Color.Space, channels: Int) -> PropertyValue? {
        guard let v else { return nil }
        let text: String?
        if case .data(let bytes) = v { text = String(decoding: bytes.filter { $0 != 0 }, as: UTF8.self) }
        else { text = graph.string(v) }
        let parts = (text ?? "").split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard !parts.isEmpty else { return nil }
        let numbers = parts.compactMap { Double($0) }
        guard numbers.count == parts.count else {
            let shown = parts.map { Double($0).map(ValueText.threeDecimals) ?? String($0) }
            return .formatted((space == .rgb ? "rgb" : space.rawValue) + "(" + shown.joined(separator: " ") + ")")
        }
        let hasAlpha = channels > 0 && numbers.count == channels + 1
        return .finite(.color(Color(space: space, components: hasAlpha ? Array(numbers.dropLast()) : numbers,
                                    alpha: hasAlpha ? numbers.last : nil, notation: .appKit)))
    }

    /// A `UIFont`/`NSFont` with its PostScript name, size and text style; a font without a name
    /// as `<UIFont> 17` text.
    func font(_ raw: ArchiveValue?) -> PropertyValue? {
        guard let r = raw?.objectRef, let f = graph[r] else { return nil }
        let size = graph.double(f["UIFontPointSize"]) ?? graph.double(f["NSSize"])
        guard let name = graph.string(f["UIFontName"]) ?? graph.string(f["NSName"]) else {
            return .formatted("<\(f.className)>" + (size.map { " " + ValueText.number($0) } ?? ""))
        }
        return .finite(.font(Font(name: name, size: size, textStyle: textStyle(f))))
    }

    /// The Dynamic Type style in a font's descriptor: `NSCTFontUIUsageAttribute` of
    /// `UIFontDescriptor`/`NSTextStyleDescriptor` when it names a text style
    /// (`UICTFontTextStyleHeadline`, not a usage such as `CTFontRegularUsage`).
    private func textStyle(_ font: ArchivedObject) -> String? {
        for key in ["UIFontDescriptor", "NSTextStyleDescriptor"] {
            guard let d = font[key]?.objectRef, let descriptor = graph[d] else { continue }
            let attributes = graph.pairs(descriptor["UIFontDescriptorAttributes"] ?? descriptor["NSFontDescriptorAttributes"]) ?? []
            for (k, v) in attributes where graph.string(k) == "NSCTFontUIUsageAttribute" {
                if let style = graph.string(v), style.contains("TextStyle") { return style }
            }
        }
        return nil
    }

    /// The image of `UIImageNibPlaceholder` (`UIResourceName`), `NSCustomResource`
    /// (`NSResourceName`, `NSCatalogName`) or `NSImage`/`UIImage` (`NSImageName`, else
    /// `<NSImage>` text); nil for anything else.
    func image(_ raw: ArchiveValue?) -> PropertyValue? {
        guard let r = raw?.objectRef, let i = graph[r] else { return nil }
        if let name = graph.string(i["UIResourceName"]) ?? graph.string(i["NSResourceName"]) {
            return .image(ImageReference(name: name, catalog: graph.string(i["NSCatalogName"])))
        }
        if i.className == "NSImage" || i.className == "UIImage" {
            return graph.string(i["NSImageName"]).map { .image(ImageReference(name: $0)) } ?? .formatted("<\(i.className)>")
        }
        return nil
    }
}
