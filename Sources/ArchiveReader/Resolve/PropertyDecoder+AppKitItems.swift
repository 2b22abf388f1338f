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
    /// `NSMaxWidth`) and `editable` NO (`NSIsEditable` false or absent). Also `segment[i].width`,
    /// `.tag`, `.image`, `.selected`, `.enabled` NO and the cell's `style` and `trackingMode` by
    /// the xib's names; a toolbar's identifier, modes and `defaultToolbarItems`
    /// (``toolbar(_:_:)``), a toolbar item's image, tool tip and tag; `customView` YES for an
    /// `NSCustomView` placeholder, a scroller's `horizontal`, a drawer's `leadingOffset`,
    /// `trailingOffset` and `preferredEdge`, a stack view's hugging and clipping resistance
    /// priorities and `spacing`, a level indicator cell's `minValue`, `maxValue`, `warningValue`
    /// and `criticalValue`, a matrix's `numberOfRows` and `numberOfColumns` (not
    /// for typedstream nibs).
    func appKitItems(_ object: ArchivedObject, _ put: (String, PropertyValue?) -> Void) {
        if object["NSToolbarItemIdentifier"] != nil {
            put("implicitItemIdentifier", text(object["NSToolbarItemIdentifier"]))
            put("label", text(object["NSToolbarItemLabel"]))
            put("paletteLabel", text(object["NSToolbarItemPaletteLabel"]))
        }
        if let segments = graph.elements(object["NSSegmentImages"]) {
            for (i, segment) in segments.prefix(1_000).enumerated() {
                guard let ref = segment.objectRef, let item = graph[ref] else { continue }
                put("segment[\(i)].label", text(item["NSSegmentItemLabel"]))
                put("segment[\(i)].width", graph.double(item["NSSegmentItemWidth"]).flatMap { $0 > 0 ? .double($0) : nil })
                put("segment[\(i)].tag", graph.integer(item["NSSegmentItemTag"]).flatMap { $0 != 0 ? .int($0) : nil })
                put("segment[\(i)].image", image(item["NSSegmentItemImage"]))
                if graph.bool(item["NSSegmentItemSelected"]) == true { put("segment[\(i)].selected", .bool(true)) }
                if graph.bool(item["NSSegmentItemDisabled"]) == true { put("segment[\(i)].enabled", .bool(false)) }
            }
            put("style", Self.segmentStyles[graph.integer(object["NSSegmentStyle"]) ?? 0].map { .string($0) })
            put("trackingMode", Self.trackingModes[graph.integer(object["NSTrackingMode"]) ?? 0].map { .string($0) })
        }
        if object.className == "NSTableColumn" {
            for (key, name) in [("NSWidth", "width"), ("NSMinWidth", "minWidth"), ("NSMaxWidth", "maxWidth")] {
                put(name, graph.double(object[key]).map { .double($0) })
            }
            // A column is editable unless `NSIsEditable` is false or absent; the xib says `editable="NO"`.
            if graph.bool(object["NSIsEditable"]) != true { put("editable", .bool(false)) }
        }
        guard graph.encoding != .typedstream else { return }
        // An `NSCustomView` placeholder (xib `<customView>`): AppKit creates its class with
        // `initWithFrame:`, where a `<view>` is decoded (`initWithCoder:`).
        if object.className == "NSCustomView" { put("customView", .bool(true)) }
        // A scroller's orientation: bit 0 of `NSsFlags` (the scroll view holds it as `NSHScroller`).
        if ObjectRoles.object(object, is: "NSScroller", in: graph) {
            put("horizontal", .bool((graph.integer(object["NSsFlags"]) ?? 0) & 1 != 0))
        }
        if ObjectRoles.object(object, is: "NSToolbar", in: graph) { toolbar(object, put) }
        // A drawer's offsets (points) and edge, as a xib's `<drawer>` attributes.
        if ObjectRoles.object(object, is: "NSDrawer", in: graph) {
            put("leadingOffset", graph.double(object["NSLeadingOffset"]).map { .double($0) })
            put("trailingOffset", graph.double(object["NSTrailingOffset"]).map { .double($0) })
            put("preferredEdge", graph.integer(object["NSPreferredEdge"]).flatMap { [0: "minX", 1: "minY", 2: "maxX", 3: "maxY"][$0] }.map { .string($0) })
        }
        // A stack view's hugging and clipping resistance priorities and spacing (xib attributes).
        if ObjectRoles.object(object, is: "NSStackView", in: graph) {
            for (key, name) in [("NSStackViewHorizontalHugging", "horizontalStackHuggingPriority"),
                                ("NSStackViewVerticalHugging", "verticalStackHuggingPriority"),
                                ("NSStackViewHorizontalClippingResistance", "horizontalClippingResistancePriority"),
                                ("NSStackViewVerticalClippingResistance", "verticalClippingResistancePriority"),
                                ("NSStackViewSpacing", "spacing")] {
                put(name, graph.double(object[key]).map { .double($0) })
            }
        }
        // A level indicator cell's range and thresholds (xib attributes).
        if ObjectRoles.object(object, is: "NSLevelIndicatorCell", in: graph) {
            for (key, name) in [("NSMinValue", "minValue"), ("NSMaxValue", "maxValue"), ("NSWarningValue", "warningValue"),
                                ("NSCriticalValue", "criticalValue")] {
                put(name, graph.double(object[key]).map { .double($0) })
            }
        }
        // A matrix's grid (`NSNumRows`, `NSNumCols`; its `NSCells` are row by row): the xib
        // writes the cells by `<column>`.
        if ObjectRoles.object(object, is: "NSMatrix", in: graph) {
            put("numberOfRows", graph.integer(object["NSNumRows"]).map { .int($0) })
            put("numberOfColumns", graph.integer(object["NSNumCols"]).map { .int($0) })
        }
        if object["NSToolbarItemIdentifier"] != nil {
            put("image", image(object["NSToolbarItemImage"]))
            put("toolTip", text(object["NSToolbarItemToolTip"]).flatMap { $0.text?.isEmpty == false ? $0 : nil })
            put("tag", graph.integer(object["NSToolbarItemTag"]).flatMap { $0 != 0 ? .int($0) : nil })
        }
    }

    /// An `NSToolbar`'s identifier (`NSToolbarIdentifier`, the xib's `implicitIdentifier`), display
    /// and size modes, whether it autosaves its configuration and lets the user customise it, and
    /// its default items (`NSToolbarIBDefaultItems`, as `defaultToolbarItems`: the items'
    /// identifiers in order; the allowed items are the toolbar's children).
    private func toolbar(_ object: ArchivedObject, _ put: (String, PropertyValue?) -> Void) {
        put("implicitIdentifier", text(object["NSToolbarIdentifier"]))
        put("displayMode", graph.integer(object["NSToolbarDisplayMode"]).flatMap { [1: "iconAndLabel", 2: "iconOnly", 3: "labelOnly"][$0] }.map { .string($0) })
        put("sizeMode", graph.integer(object["NSToolbarSizeMode"]).flatMap { [1: "regular", 2: "small"][$0] }.map { .string($0) })
        if graph.bool(object["NSToolbarAutosavesConfiguration"]) == false { put("autosavesConfiguration", .bool(false)) }
        if graph.bool(object["NSToolbarAllowsUserCustomization"]) == false { put("allowsUserCustomization", .bool(false)) }
        if let items = graph.elements(object["NSToolbarIBDefaultItems"]) {
            let identifiers = items.prefix(1_000).compactMap { v -> String? in
                guard let r = v.objectRef, let item = graph[r] else { return nil }
                return graph.string(item["NSToolbarItemIdentifier"])
            }
            if !identifiers.isEmpty { put("defaultToolbarItems", .identifiers(identifiers)) }
        }
    }

    /// `NSSegmentStyle` by the xib's `style` names (viraptor/ibtool `segmentedCell.py`).
    static let segmentStyles: [Int64: String] = [0: "automatic", 1: "rounded", 2: "texturedRounded", 3: "roundRect",
                                                 4: "texturedSquare", 5: "capsule", 6: "smallSquare", 8: "separated", 9: "separated"]
    /// `NSTrackingMode` by the xib's `trackingMode` names.
    static let trackingModes: [Int64: String] = [0: "selectOne", 1: "selectAny", 2: "momentary", 3: "momentaryAccelerator"]
}
