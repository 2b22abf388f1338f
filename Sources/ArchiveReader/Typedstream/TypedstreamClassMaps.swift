/// The class table of the typedstream unarchiver: which class levels it knows, and for each the
/// groups it reads and the keyed-archive keys it gives them (nib-format.md §4.2, §4.4, §4.5, §6).
///
/// Layouts and versions are [S: pytypedstream `types/appkit.py`] and [V: corpus `objects.nib`
/// files]; a level whose version is not listed here, or whose groups do not match, keeps its
/// values raw under `<Class>.<n>`.
enum TypedstreamClassMaps {
    typealias Mapper = (inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) -> Void

    /// The mapper for one class level, or nil when the class/version is not known.
    static func mapper(for name: String, version: Int) -> Mapper? {
        foundationMapper(for: name, version: version) ?? appKitMapper(for: name, version: version)
            ?? controlMapper(for: name, version: version)
    }

    static func appKitMapper(for name: String, version: Int) -> Mapper? {
        switch (name, version) {
        case ("NSIBObjectData", _): return mapObjectData
        case ("NSNibConnector", 17), ("NSIBConnector", 17):
            return fixed("@@@", ["NSSource", "NSDestination", "NSLabel"])
        case ("NSNibOutletConnector", 207), ("NSNibControlConnector", 207),
             ("NSIBOutletConnector", 0), ("NSIBControlConnector", 0):
            return none
        case ("NSIBHelpConnector", 17): return fixed("@@@", ["NSDestination", "NSFile", "NSMarker"])
        case ("NSCustomObject", 41): return fixed("@@", ["NSClassName", "NSObject"])
        case ("NSCustomResource", 41): return fixed("@@", ["NSClassName", "NSResourceName"])
        case ("NSClassSwapper", 42): return mapClassSwapper
        case ("NSResponder", 0): return fixed("@", ["NSNextResponder"])
        case ("NSView", 41): return mapView
        case ("NSControl", 41): return fixed("icc@", ["NSTag", "NSEnabled", nil, "NSCell"])
        case ("NSCell", 65), ("NSCell", 60):
            // Name lists made once per mapper, not once per object.
            let flags: [String?] = ["NSCellFlags", "NSCellFlags2"], contents: [String?] = ["NSContents", "NSSupport"]
            return { (ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) in
                try ctx.take("ii", names: flags)
                try ctx.take("@@@@", names: contents)
            }
        case ("NSActionCell", 17):
            let names: [String?] = ["NSTag", "NSAction"]
            return { (ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) in
                try ctx.take("i:", names: names)
                try ctx.take("@", name: "NSTarget")
                try ctx.take("@", name: "NSControlView")
            }
        case ("NSButtonCell", 63), ("NSButtonCell", 57):
            // v57 (OPENSTEP-era gnustep test.nib) writes the first flags word unsigned.
            return fixed(version == 57 ? "ssIi@@@@@" : "ssii@@@@@",
                         // The first int is the keyed form's NSButtonFlags2, the second its NSButtonFlags
                         // [V: keyed twins of the cjwl/cocotron bundles].
                         [nil, nil, "NSButtonFlags2", "NSButtonFlags", "NSAlternateContents", "NSKeyEquivalent",
                          "NSNormalImage", "NSAlternateImage"])
        case ("NSTextFieldCell", 61), ("NSTextFieldCell", 62):
            // The leading `c` is not the keyed NSDrawsBackground (they disagree in the keyed twins).
            return fixed("c@@", [nil, "NSBackgroundColor", "NSTextColor"])
        case ("NSMenu", 204): return fixed("i@@@", [nil, "NSTitle", "NSMenuItems", "NSName"])
        case ("NSMenuItem", 505), ("NSMenuItem", 671): return mapMenuItem
        case ("NSWindowTemplate", 504), ("NSWindowTemplate", 41): return mapWindowTemplate
        case ("NSCustomView", 41): return fixed("@@", ["NSClassName"])
        case ("NSColor", 0): return mapColor
        case ("NSFont", 21), ("NSFont", 30): return mapFont
        default: return nil
        }
    }

    /// A level made of one group of exactly `encoding`, named by `names`.
    static func fixed(_ encoding: String, _ names: [String?]) -> Mapper {
        return { (ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) in
            try ctx.take(encoding, names: names)
        }
    }

    /// `NSClassSwapper` v42: `@#` (class name, template class); the template class's own levels
    /// follow in the stream → `NSClassName`, `NSOriginalClassName` + the template's keys (§4.5).
    static func mapClassSwapper(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {
        let (values, offset) = try ctx.take("@#")
        ctx.emit("NSClassName", values[0], at: offset)
        if case .string(let name) = values[1], let chain = ctx.classChains[name], !chain.isEmpty {
            ctx.emit("NSOriginalClassName", .string(name), at: offset)
            ctx.continueWithChain = chain
        } else {
            ctx.emit(ctx.rawKey(1), values[1], at: offset)
        }
    }

    /// `NSView` v41: `i` flags; `@@@@ffffffff` (subviews, 2 unknown, dragged types, frame,
    /// bounds); `@` superview; three more `@` → `NSvFlags`, `NSSubviews`, `NSDragTypes`, `NSFrame`
    /// or `NSFrameSize`, `NSBounds` (strings), `NSSuperview`.
    ///
    /// The archived flags word is NeXT's big-endian `_vFlags` bitfield (autoresizing mask in
    /// bits 24–29, autoresizes-subviews bit 23); it stays raw as `NSView.0`, and `NSvFlags` gets
    /// those bits where the keyed form has them (mask in bits 0–5, bit 8) [V: keyed twins of
    /// the cjwl/cocotron bundles]. Other bits have no keyed counterpart and are not carried over.
    static func mapView(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {
        let (flags, flagsOffset) = try ctx.take("i")
        ctx.emit(ctx.rawKey(0), flags[0], at: flagsOffset)
        if case .int(let word) = flags[0] {
            let bits = UInt32(truncatingIfNeeded: word)
            let keyed = Int64((bits >> 24) & 0x3F) | Int64((bits >> 23) & 1) << 8
            ctx.emit("NSvFlags", .int(keyed), at: flagsOffset)
        }
        let start = ctx.valueIndex
        let (v, offset) = try ctx.take("@@@@ffffffff")
        ctx.emit("NSSubviews", v[0], at: offset)
        ctx.emit(ctx.rawKey(start + 1), v[1], at: offset)
        ctx.emit(ctx.rawKey(start + 2), v[2], at: offset)
        ctx.emit("NSDragTypes", v[3], at: offset)
        // Like the keyed form: `NSFrameSize` when the origin is zero, else `NSFrame`.
        if TypedstreamGeometry.isZeroPair(v[4..<6]), let size = TypedstreamGeometry.pair(v[6..<8]) {
            ctx.emit("NSFrameSize", .string(size), at: offset)
        } else {
            ctx.emit("NSFrame", TypedstreamGeometry.rect(v[4..<8]).map(ArchiveValue.string) ?? .null, at: offset)
        }
        ctx.emit("NSBounds", TypedstreamGeometry.rect(v[8..<12]).map(ArchiveValue.string) ?? .null, at: offset)
        try ctx.take("@", name: "NSSuperview")
        for _ in 0..<3 { try ctx.take("@", name: nil) }
    }

    /// `NSMenuItem` v505/v671: `@` menu; `i@@IIi@@@@:i@` (flags, title, key equivalent, modifier
    /// mask, mnemonic location, state, 4 images/unknown, action, tag, unknown); `@` target;
    /// `@` submenu.
    private static let menuItemNames: [String?] = [
        nil, "NSTitle", "NSKeyEquiv", "NSKeyEquivModMask", "NSMnemonicLoc", "NSState", nil, "NSOnImage", nil,
        "NSMixedImage", "NSAction", "NSTag",
    ]

    static func mapMenuItem(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {
        try ctx.take("@", name: "NSMenu")
        try ctx.take("i@@IIi@@@@:i@", names: menuItemNames)
        try ctx.take("@", name: "NSTarget")
        try ctx.take("@", name: "NSSubmenu")
    }

    /// `NSWindowTemplate` v504: `iiffffi@@@@@c` (style mask, backing, content rect, flags, title,
    /// window class, view class, content view, 2 unknown) then `ffff` screen rect; the rest raw.
    static func mapWindowTemplate(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {
        let start = ctx.valueIndex
        let (v, offset) = try ctx.take("iiffffi@@@@@c")
        ctx.emit("NSWindowStyleMask", v[0], at: offset)
        ctx.emit("NSWindowBacking", v[1], at: offset)
        ctx.emit("NSWindowRect", TypedstreamGeometry.rect(v[2..<6]).map(ArchiveValue.string) ?? .null, at: offset)
        ctx.emit("NSWTFlags", v[6], at: offset)
        ctx.emit("NSWindowTitle", v[7], at: offset)
        ctx.emit("NSWindowClass", v[8], at: offset)
        ctx.emit("NSViewClass", v[9], at: offset)
        ctx.emit("NSWindowView", v[10], at: offset)
        ctx.emit(ctx.rawKey(start + 11), v[11], at: offset)
        ctx.emit(ctx.rawKey(start + 12), v[12], at: offset)
        guard ctx.peek == "ffff" else { return }
        let (s, screenOffset) = try ctx.take("ffff")
        ctx.emit("NSScreenRect", TypedstreamGeometry.rect(s[0..<4]).map(ArchiveValue.string) ?? .null, at: screenOffset)
        // v504 [V: corpus, NSMinSize checked against the keyed twin of cjwl/cocotron NSFontPanel.nib]:
        // `c` 1 + `ff` min size; `@` (nil in every corpus file); `c` non-zero + `ff` max size [U].
        try optionalSize(&ctx, key: "NSMinSize")
        guard ctx.peek == "@" else { return }
        try ctx.take("@", name: nil)
        try optionalSize(&ctx, key: "NSMaxSize")
    }

    /// A `c` flag, followed by an `ff` size when non-zero; a `{0, 0}` size stays raw (the keyed
    /// form omits it).
    private static func optionalSize(_ ctx: inout TypedstreamLevelContext, key: String) throws(TypedstreamLayoutMismatch) {
        guard ctx.peek == "c" else { return }
        let flagIndex = ctx.valueIndex
        let (flag, flagOffset) = try ctx.take("c")
        ctx.emit(ctx.rawKey(flagIndex), flag.first ?? .null, at: flagOffset)
        guard case .int(let f)? = flag.first, f != 0, ctx.peek == "ff" else { return }
        let index = ctx.valueIndex
        let (size, offset) = try ctx.take("ff")
        if let text = TypedstreamGeometry.pair(size[0..<2]), text != "{0, 0}" {
            ctx.emit(key, .string(text), at: offset)
        } else {
            ctx.emit(ctx.rawKey(index), .array(Array(size)), at: offset)
        }
    }
}
