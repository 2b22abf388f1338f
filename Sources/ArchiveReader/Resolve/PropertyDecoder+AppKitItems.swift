/// AppKit toolbar items, segmented cells and table columns (nib-format.md §4.5 AppKit keys), in
/// the xib's terms, so that `compare` can check what a source and its compiled nib say of them.
extension PropertyDecoder {
    /// Puts, for an `NSToolbarItem` (or a subclass): `implicitItemIdentifier`
    /// (`NSToolbarItemIdentifier`: a compiled nib cannot tell whether the source gave it as the
    /// xib's `explicitItemIdentifier` or left IB's `implicitItemIdentifier`),
    /// `label` (`NSToolbarItemLabel`), `paletteLabel` (`NSToolbarItemPaletteLabel`); for an
    /// `NSSegmentedCell`: `segment[i].label` for each segment (`NSSegmentImages`, an array of
    /// `NSSegmentItem`, label `NSSegmentItemLabel`; i from 0) that has a label; for an
    /// `NSTableColumn`: `width`, `minWidth`, `maxWidth` in points (`NSWidth`, `NSMinWidth`,
    /// `NSMaxWidth`).
    func appKitItems(_ object: ArchivedObject, _ put: (String, PropertyValue?) -> Void) {
        if object["NSToolbarItemIdentifier"] != nil {
            put("implicitItemIdentifier", text(object["NSToolbarItemIdentifier"]))
            put("label", text(object["NSToolbarItemLabel"]))
            put("paletteLabel", text(object["NSToolbarItemPaletteLabel"]))
        }
        if let segments = graph.elements(object["NSSegmentImages"]) {
            for (i, segment) in segments.prefix(1_000).enumerated() {
                guard let ref = segment.objectRef, let item = graph[ref], let label = text(item["NSSegmentItemLabel"]) else { continue }
                put("segment[\(i)].label", label)
            }
        }
        if object.className == "NSTableColumn" {
            for (key, name) in [("NSWidth", "width"), ("NSMinWidth", "minWidth"), ("NSMaxWidth", "maxWidth")] {
                put(name, graph.double(object[key]).map { .double($0) })
            }
        }
    }
}
