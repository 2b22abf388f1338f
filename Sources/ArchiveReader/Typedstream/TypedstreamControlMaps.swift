/// Container views, matrices and specialised cells of typedstream nibs. Each name here was
/// checked against the keyed twin of the same UI (`keyedobjects.nib` beside `objects.nib` in the
/// cjwl/cocotron bundles) or is evident from the value's class; positions whose meaning could
/// not be confirmed stay raw (`<Class>.<n>`) [V: corpus].
extension TypedstreamClassMaps {
    static func controlMapper(for name: String, version: Int) -> Mapper? {
        switch (name, version) {
        case ("NSMatrix", 62), ("NSMatrix", 60): return mapMatrix
        case ("NSBox", 42):
            // `ff@@ccc` (offsets, title cell, content view, 3 flag bytes) then `@`.
            return { (ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) in
                let (v, offset) = try ctx.take("ff@@ccc")
                ctx.emit("NSOffsets", TypedstreamGeometry.pair(v[0..<2]).map(ArchiveValue.string) ?? .null, at: offset)
                ctx.emit("NSTitleCell", v[2], at: offset)
                ctx.emit("NSContentView", v[3], at: offset)
                for i in 4..<7 { ctx.emit(ctx.rawKey(i), v[i], at: offset) }
            }
        case ("NSTabView", 4): return fixed("@@@icc", ["NSTabViewItems", "NSSelectedTabViewItem", "NSFont"])
        case ("NSTabViewItem", 0):
            return fixed("@@@@@@@", ["NSIdentifier", "NSView", "NSLabel", "NSColor", nil, nil, "NSTabView"])
        case ("NSClipView", 58):
            return { (ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) in
                try ctx.take("@", name: "NSDocView")
                try ctx.take("@@ccc", name: "NSBGColor")
            }
        case ("NSScrollView", 226):
            return { (ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) in
                for name in ["NSVScroller", "NSHScroller", "NSContentView", nil, nil] as [String?] {
                    try ctx.take("@", name: name)
                }
            }
        case ("NSScroller", 211):
            let names: [String?] = [nil, nil, "NSAction"]
            return { (ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) in
                try ctx.take("@", name: "NSTarget")
                try ctx.take("ff:", names: names)
            }
        case ("NSSliderCell", 226): return fixed("ddddiii", ["NSMaxValue", nil, "NSValue"])
        case ("NSMenuItemCell", 210): return fixed("@@", ["NSMenuItem"])
        case ("NSPopUpButtonCell", 561): return fixed("i@i", [nil, "NSMenu"])
        default: return nil
        }
    }

    /// `NSMatrix` v60/v62: `#iiii:::ffffi@@@@@` (cell class, 2 unknown, rows, columns,
    /// 3 selectors, cell size, intercell spacing, flags, cells, background colour, cell
    /// background colour, font, prototype cell) then three `@` (2 unknown, selected cell).
    static func mapMatrix(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {
        let (v, offset) = try ctx.take("#iiii:::ffffi@@@@@")
        ctx.emit("NSCellClass", v[0], at: offset)
        ctx.emit(ctx.rawKey(1), v[1], at: offset)
        ctx.emit(ctx.rawKey(2), v[2], at: offset)
        ctx.emit("NSNumRows", v[3], at: offset)
        ctx.emit("NSNumCols", v[4], at: offset)
        for i in 5..<8 { ctx.emit(ctx.rawKey(i), v[i], at: offset) }
        ctx.emit("NSCellSize", TypedstreamGeometry.pair(v[8..<10]).map(ArchiveValue.string) ?? .null, at: offset)
        ctx.emit("NSIntercellSpacing", TypedstreamGeometry.pair(v[10..<12]).map(ArchiveValue.string) ?? .null, at: offset)
        ctx.emit("NSMatrixFlags", v[12], at: offset)
        ctx.emit("NSCells", v[13], at: offset)
        ctx.emit("NSBackgroundColor", v[14], at: offset)
        ctx.emit("NSCellBackgroundColor", v[15], at: offset)
        ctx.emit("NSFont", v[16], at: offset)
        ctx.emit("NSProtoCell", v[17], at: offset)
        try ctx.take("@", name: nil)
        try ctx.take("@", name: nil)
        try ctx.take("@", name: "NSSelectedCell")
    }
}
