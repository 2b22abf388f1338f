import NibModel

extension CanonicalText {
    /// Properties printed on lines of their own (`path . key = value`): what a reviewer reads and
    /// what changes on its own in a real history. Geometry (``NibDiff`` frame keys: frame, bounds,
    /// content rect, sizes, autoresizing), texts (title, text, placeholder, tool tip, key
    /// equivalent, a button's per-state titles), images, state (hidden, enabled, state, tag,
    /// values) and identifiers. Every other property is style set once with the object (font,
    /// colours, bezel, line break mode, `translatesAutoresizingMaskIntoConstraints`, …) and is
    /// printed on the object's line (``ownsLine(_:)``).
    ///
    /// From NetNewsWire's history (the newest 250 commits that touched a xib or storyboard, the
    /// textconv diffs of one property per line): the keys kept here changed on their own in 3,645
    /// changed lines and came with a new or removed object in 2,799 (frame alone 3,345 and 1,335);
    /// the style keys changed on their own in 569 and came with objects in 7,138 (`opaque` 0 and
    /// 472, `contentMode` 0 and 362, `textColor` 4 and 351), so that one line per style key made a
    /// new object longer than its XML, whose element puts them on one line.
    public static let lineKeys: Set<String> = NibDiff.frameKeys.union([
        "title", "text", "attributedText", "placeholder", "placeholderString", "placeholderAttributedString",
        "toolTip", "alternateTitle", "headerTitle", "footerTitle", "label", "paletteLabel", "prompt", "message",
        "keyEquivalent", "stringValue", "normal", "highlighted", "selected", "disabled", "focused",
        "image", "alternateImage", "selectedImage", "backgroundImage", "highlightedImage", "landscapeImage",
        "hidden", "enabled", "state", "tag", "on", "value", "minValue", "maxValue", "doubleValue",
        "minimumValue", "maximumValue", "progress", "selectedSegment",
        "identifier", "storyboardIdentifier", "restorationIdentifier", "reuseIdentifier", "placeholderIdentifier",
        "storyboardName", "referencedIdentifier", "rowHeight",
        // IB 3 xibs: the archive keys the reader also gives under the names above (printed only when
        // the alias is missing, ``ArchiveKeyAliases``).
        "NSFrame", "NSFrameSize", "NSWindowRect", "NSTitle", "NSWindowTitle", "NSContents", "NSTag", "NSHidden",
        "IBUIText", "IBUITitle", "IBUINormalTitle", "IBUITag", "IBUIHidden", "IBUIFrame", "NSKeyEquiv",
    ])

    /// True when `p` gets a line of its own: a key of ``lineKeys``, an accessibility key, or a
    /// reference to another object (its value is a path).
    public static func ownsLine(_ p: Property) -> Bool {
        if lineKeys.contains(p.key) || p.key.hasPrefix("accessibility") || p.key.hasPrefix("frame") { return true }
        if case .object = p.value { return true }
        return false
    }
}
