/// A font as archived: a named font, a system font or a Dynamic Type text style, with its size.
///
/// Read from (nib-format.md §2.9): `UIFont` — `UIFontName`, `UIFontPointSize`, and the
/// `NSCTFontUIUsageAttribute` of its `UIFontDescriptor`; `NSFont` — `NSName`, `NSSize`, and the
/// same attribute of its `NSTextStyleDescriptor`; xib `<fontDescription>`/`<font>` — `name`,
/// `type`, `style`, `metaFont`, `weight`, `pointSize`/`size` (§7.1).
public struct Font: Hashable, Sendable, Codable, CustomStringConvertible {
    /// PostScript name: `Helvetica-Bold`, `.SFUI-Regular`, `.AppleSystemUIFont`.
    public var name: String?
    /// Size in points.
    public var size: Double?
    /// Dynamic Type text style: `UICTFontTextStyleBody` (compiled descriptor, xib `style`), or
    /// the xib `textStyle` of an AppKit font that also has a `name` (`title1`).
    public var textStyle: String?
    /// The system font a xib asks for with `type`: `system`, `boldSystem`, `italicSystem`.
    public var systemType: String?
    /// xib `weight`: `semibold`, `medium`, ….
    public var weight: String?
    /// AppKit xib `metaFont`: `system`, `systemBold`, `message`, `menu`, `label`, ….
    public var metaFont: String?

    public init(name: String? = nil, size: Double? = nil, textStyle: String? = nil, systemType: String? = nil,
                weight: String? = nil, metaFont: String? = nil) {
        self.name = name
        self.size = size
        self.textStyle = textStyle
        self.systemType = systemType
        self.weight = weight
        self.metaFont = metaFont
    }

    /// The first of name, system type, text style and `metaFont <name>`, then weight and size:
    /// `Helvetica-Bold 17`, `system 17`, `boldSystem 15`, `system semibold 17`,
    /// `UICTFontTextStyleBody`, `metaFont system`, `metaFont message 11`.
    public var description: String {
        var parts: [String] = []
        if let face = name ?? systemType ?? textStyle ?? metaFont.map({ "metaFont " + $0 }) { parts.append(face) }
        if let weight { parts.append(weight) }
        if let size { parts.append(ValueText.number(size)) }
        return parts.joined(separator: " ")
    }
}
