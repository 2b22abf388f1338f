/// Decodes the key properties of an Interface Builder object into ``Property`` values in
/// Interface Builder's terms (nib-format.md §2.9 value conventions, §3.5 view keys, §4.5 AppKit
/// keys): frame, text, title, placeholder, colours, fonts, images by name, tag, hidden, enabled,
/// identifiers, key equivalents, window titles, constraints. Geometry, colours, fonts, images and
/// localizable strings become typed values (``Rect``, ``Color``, ``Font``, ``ImageReference``,
/// ``LocalizedString``).
struct PropertyDecoder {
    let graph: ObjectGraph

    enum Kind { case string, int, bool, invertedBool, double, color, font, image, geometry, value }

    /// (archived key, property name, how to decode), UIKit keys first, then AppKit keys.
    static let specs: [(String, String, Kind)] = [
        ("UIText", "text", .string), ("UITitle", "title", .string), ("UIPlaceholder", "placeholder", .string),
        ("UITag", "tag", .int), ("UIHidden", "hidden", .bool), ("UIEnabled", "enabled", .bool),
        ("UIUserInteractionDisabled", "userInteractionEnabled", .invertedBool), ("UIAlpha", "alpha", .double),
        ("UIBackgroundColor", "backgroundColor", .color), ("UITextColor", "textColor", .color),
        ("UITintColor", "tintColor", .color), ("UIFont", "font", .font), ("UIImage", "image", .image),
        ("UIReuseIdentifier", "reuseIdentifier", .string), ("UIStoryboardIdentifier", "storyboardIdentifier", .string),
        ("UIRestorationIdentifier", "restorationIdentifier", .string), ("UINibName", "nibName", .string),
        ("UINumberOfLines", "numberOfLines", .int), ("UIProxiedObjectIdentifier", "identifier", .string),
        ("UIIdentifier", "identifier", .string), ("UIDestinationViewControllerIdentifier", "destination", .string),
        ("UIActionName", "actionName", .string), ("UISegueClassName", "segueClass", .string),
        ("NSLayoutIdentifier", "identifier", .string), ("_UILayoutGuideIdentifier", "identifier", .string),
        ("UILayoutGuideIdentifier", "identifier", .string),
        ("NSLayoutGuideIdentifier", "identifier", .string),
        ("UITableSectionHeaderTitle", "headerTitle", .string), ("UITableSectionFooterTitle", "footerTitle", .string),
        ("NSIdentifier", "identifier", .string),
        ("NSFrame", "frame", .geometry), ("NSFrameSize", "frameSize", .geometry),
        ("NSWindowRect", "contentRect", .geometry), ("NSWindowTitle", "title", .string), ("NSTitle", "title", .string),
        ("NSTag", "tag", .int), ("NSIsHidden", "hidden", .bool), ("NSHidden", "hidden", .bool),
        ("NSIsDisabled", "enabled", .invertedBool), ("NSEnabled", "enabled", .bool),
        ("NSPlaceholderString", "placeholder", .string), ("NSBackgroundColor", "backgroundColor", .color),
        ("NSTextColor", "textColor", .color), ("NSColor", "color", .color), ("NSSupport", "font", .font),
        ("NSNormalImage", "image", .image), ("NSImage", "image", .image), ("NSReuseIdentifierKey", "reuseIdentifier", .string),
        ("NSFrameAutosaveName", "autosaveName", .string), ("NSUserInterfaceItemIdentifier", "identifier", .string),
        ("NSName", "name", .string), ("NSNibName", "nibName", .string), ("NSToolTip", "toolTip", .string),
        ("NSExternalObjectPlaceholderIdentifier", "identifier", .string), ("NSIsSeparator", "separator", .bool),
        ("NSState", "state", .int), ("explicitStoryboardIdentifier", "storyboardIdentifier", .string),
        ("NSProtoCell", "prototype", .value),
    ]

    /// The set bits of an autoresizing mask by the xib's attribute names
    /// (``XIBFlagNames/autoresizing``: bit 0 flexibleMinX, 1 widthSizable, 2 flexibleMaxX,
    /// 3 flexibleMinY, 4 heightSizable, 5 flexibleMaxY); prints `flexibleMaxX|flexibleMinY`.
    static func autoresizing(_ mask: Int64) -> FlagSet {
        FlagSet(rawValue: mask, names: XIBFlagNames.autoresizing)
    }

    /// The set bits of an `NSWindowStyleMask` by the xib's attribute names
    /// (``XIBFlagNames/windowStyle``); prints `closable|titled`, `none` for 0 (a borderless window).
    static func styleMask(_ mask: Int64) -> FlagSet {
        FlagSet(rawValue: mask, names: XIBFlagNames.windowStyle)
    }

    /// The decoded properties of `object`, sorted by key (first decoding of a key wins).
    func properties(of object: ArchivedObject) -> [Property] {
        var out: [String: PropertyValue] = [:]
        func put(_ key: String, _ value: PropertyValue?) {
            if let value, out[key] == nil { out[key] = value }
        }
        if let frame = uikitFrame(object) { put(frame.0, frame.1) }
        for (key, name, kind) in Self.specs {
            guard let raw = object[key] else { continue }
            if kind == .string, let s = graph.string(raw), s.isEmpty, key == "NSWindowTitle" || key == "NSTitle" { continue }
            put(name, decode(raw, kind))
        }
        if let contents = object["NSContents"] {
            let isText = object.className.contains("TextField") || object.className.contains("FormCell")
            if let s = graph.string(contents) {
                if !s.isEmpty { put(isText ? "text" : "title", text(contents)) }
            } else {
                put("image", image(contents))
            }
        }
        if let key = graph.string(object["NSKeyEquiv"]), !key.isEmpty {
            put("keyEquivalent", .keyEquivalent(KeyEquivalent(key: key, modifierMask: graph.integer(object["NSKeyEquivModMask"]))))
        }
        buttonContent(object, put)
        buttonCellLook(object, put)
        appKitItems(object, put)
        uiKitItems(object, put)
        // Springs and struts: `UIAutoresizingMask`, or the low six bits of an AppKit view's
        // `NSvFlags` (same bit order: minX, width, maxX, minY, height, maxY). Written as the xib
        // reader shows `<autoresizingMask>`; a mask of 0 (fixed, or Auto Layout) is left out.
        // A view under Auto Layout (`UIViewDoesNotTranslateAutoresizingMaskIntoConstraints`,
        // `NSDoNotTranslateAutoresizingMask`) keeps no mask that means anything.
        let autoLayout = [object["UIViewDoesNotTranslateAutoresizingMaskIntoConstraints"], object["NSDoNotTranslateAutoresizingMask"]]
            .contains { if case .bool(true)? = $0 { return true } else { return false } }
        if autoLayout {
            put("translatesAutoresizingMaskIntoConstraints", .bool(false))
        } else if let mask = graph.integer(object["UIAutoresizingMask"]) ?? graph.integer(object["NSvFlags"]), mask & 0x3f != 0 {
            put("autoresizingMask", .flags(Self.autoresizing(mask)))
        }
        // A window template's style mask, as the xib's `<windowStyleMask>` flags.
        if let mask = graph.integer(object["NSWindowStyleMask"]) {
            put("styleMask", .flags(Self.styleMask(mask)))
        }
        // A typedstream (IB 2) menu item keeps no NSIsSeparator: a separator is an item without a
        // title whose flags word has bit 30 set (every such item of the corpus, and no other).
        if object.className == "NSMenuItem", let flags = graph.integer(object["NSMenuItem.1"]), flags & 0x4000_0000 != 0,
           graph.string(object["NSTitle"])?.isEmpty ?? true {
            put("separator", .bool(true))
        }
        // Prototype cells are nested nibs keyed by reuse identifier (§2.9 "Nested archives").
        if let prototypes = graph.pairs(object["UITableViewCellPrototypeNibs"]), !prototypes.isEmpty {
            put("prototypeCells", .identifiers(prototypes.compactMap { graph.string($0.key) }.sorted()))
        }
        if let constraint = constraint(object) { put("constraint", .finite(.constraint(constraint))) }
        return out.keys.sorted().compactMap { k in out[k].map { Property(k, $0) } }
    }

    private func decode(_ raw: ArchiveValue, _ kind: Kind) -> PropertyValue? {
        switch kind {
        case .string: return text(raw)
        case .int: return graph.integer(raw).map { .int($0) }
        case .bool: return graph.bool(raw).map { .bool($0) }
        case .invertedBool: return graph.bool(raw).map { .bool(!$0) }
        case .double: return graph.double(raw).map { .double($0) }
        case .color: return color(raw)
        case .font: return font(raw)
        case .image: return image(raw)
        case .geometry:
            if let s = graph.string(raw) { return .geometry(text: s) }
            if case .data(let bytes) = raw, let g = Geometry.components(bytes) { return .geometry(g) }
            return nil
        case .value: return value(raw)
        }
    }

    /// iOS frame from `UIBounds` (size) and `UICenter`: origin = center − size/2 (§2.9).
    /// Without a `UICenter` the bounds are kept as `bounds`.
    private func uikitFrame(_ object: ArchivedObject) -> (String, PropertyValue?)? {
        guard case .data(let b)? = object["UIBounds"], let bounds = Geometry.components(b), bounds.count == 4 else { return nil }
        guard case .data(let c)? = object["UICenter"], let center = Geometry.components(c), center.count == 2 else {
            return ("bounds", .geometry(bounds))
        }
        let w = bounds[2], h = bounds[3]
        return ("frame", .geometry([center[0] - w / 2, center[1] - h / 2, w, h]))
    }

    /// `NSBezelStyle` values and the xib's `bezelStyle` names (AppKit's `NSBezelStyle` cases,
    /// except 12, `NSBezelStyleRoundRect`, which a xib calls `roundedRect`; 0 is no bezel, which a
    /// xib leaves out). The corpus's pairs show all but 3, 4 and 7.
    static let bezelStyles: [Int64: String] = [
        1: "rounded", 2: "regularSquare", 3: "thickSquare", 4: "thickerSquare", 5: "disclosure", 6: "shadowlessSquare",
        7: "circular", 8: "texturedSquare", 9: "helpButton", 10: "smallSquare", 11: "texturedRounded",
        12: "roundedRect", 13: "recessed", 14: "roundedDisclosure", 15: "inline",
    ]

    /// The `<behavior>` bits of an `NSButtonFlags` word by the xib's attribute names
    /// (``XIBFlagNames/behavior``); prints `changeContents|lightByBackground`, `none` for none.
    static func behavior(_ flags: UInt32) -> FlagSet {
        FlagSet(rawValue: Int64(flags), names: XIBFlagNames.behavior.map { (Int64($0.mask), $0.name) })
    }

    /// An AppKit button cell's look in the xib's terms: `behavior` (``behavior(_:)``),
    /// `bezelStyle` (`NSBezelStyle`, or
    /// in archives without it bits 0–2 and 5 of `NSButtonFlags2`), `borderStyle` `border`
    /// (`NSButtonFlags` bit 23), `inset` (bits 13–14), `type` `check` or `radio` (the
    /// alternate image AppKit draws a switch or radio button with: `NSSwitch`, `NSRadioButton`),
    /// `state` 1 (on: `NSCellFlags` bit 31) and `keyEquivalent` (`NSKeyEquivalent`, its modifier
    /// mask `NSButtonFlags2 >> 8`, shown as ``keyEquivalent(_:mask:)`` shows a menu item's).
    /// Only for `NSButtonCell` itself (a custom class of it included) or a subclass a keyed
    /// archive's class chain names (not the pop-up and menu item cells, whose flags mean more).
    /// The bits are those Cocotron's and Cappuccino's `NSButtonCell initWithCoder:` read; every
    /// value agrees with the xib on the 577 button cells of the corpus's source ↔ compiled pairs
    /// whose title is unique in their document (23 compiled files; test: `ButtonCellLookTests`).
    private func buttonCellLook(_ object: ArchivedObject, _ put: (String, PropertyValue?) -> Void) {
        // (A class chain leaves out the object's own class; a swapper stands for its original.)
        let classes = [ClassIdentity(object, in: graph).className, object.className] + object.classChain
        guard classes.contains("NSButtonCell"), !classes.contains("NSMenuItemCell"),
              let raw = graph.integer(object["NSButtonFlags"]) else { return }
        let flags = UInt32(truncatingIfNeeded: raw)
        put("behavior", .flags(Self.behavior(flags)))
        let flags2 = graph.integer(object["NSButtonFlags2"]).map { ($0 & 7) | (($0 & 0x20) >> 2) }
        if let bezel = graph.integer(object["NSBezelStyle"]) ?? flags2, let name = Self.bezelStyles[bezel] { put("bezelStyle", .string(name)) }
        if flags & (1 << 23) != 0 { put("borderStyle", .string("border")) }
        let inset = (flags >> 13) & 3
        if inset != 0 { put("inset", .string(String(inset))) }
        // The on state is `NSCellFlags` bit 31 (a button cell archives no `NSState`).
        if let cellFlags = graph.integer(object["NSCellFlags"]), UInt32(truncatingIfNeeded: cellFlags) & (1 << 31) != 0 { put("state", .int(1)) }
        // The key equivalent, with its modifier mask in `NSButtonFlags2` from bit 8 (as menu items).
        if let key = graph.string(object["NSKeyEquivalent"]), !key.isEmpty {
            put("keyEquivalent", .keyEquivalent(KeyEquivalent(key: key, modifierMask: (graph.integer(object["NSButtonFlags2"]) ?? 0) >> 8)))
        }
        if let r = object["NSAlternateImage"]?.objectRef, let source = graph[r], source.className == "NSButtonImageSource" {
            switch graph.string(source["NSImageName"]) {
            case "NSSwitch": put("type", .string("check"))
            case "NSRadioButton": put("type", .string("radio"))
            default: break
            }
        }
    }

    /// Title, image and title colour of a `UIButton`'s normal state (`UIButtonStatefulContent`).
    private func buttonContent(_ object: ArchivedObject, _ put: (String, PropertyValue?) -> Void) {
        guard let states = graph.pairs(object["UIButtonStatefulContent"]) else { return }
        for (state, content) in states where (graph.integer(state) ?? 0) == 0 {
            guard let r = content.objectRef, let c = graph[r] else { continue }
            put("title", text(c["UITitle"]))
            put("image", image(c["UIImage"]))
            put("titleColor", color(c["UITitleColor"]))
        }
    }

    /// Any archived value as a property value: scalars, strings, colours, fonts, images, geometry
    /// (two numbers read as a size: a bare blob does not say), byte counts, or a reference
    /// (`.object`) to a non-value object.
    func value(_ raw: ArchiveValue?) -> PropertyValue? {
        guard let raw else { return nil }
        switch raw {
        case .int(let i): return .int(i)
        case .bool(let b): return .bool(b)
        case .float(let f): return .double(Double(f))
        case .double(let d): return .double(d)
        case .string(let s): return .string(s)
        case .date(let t): return .formatted("date(\(Geometry.formatNumber(t)))")
        case .null: return nil
        case .array(let items): return .formatted("[\(items.count) items]")
        case .dictionary(let fields): return .formatted("{\(fields.count) entries}")
        case .data(let bytes):
            if let g = Geometry.components(bytes), let value = PropertyValue.geometry(g) { return value }
            if let s = graph.string(raw) { return .string(s) }
            return .data(byteCount: bytes.count)
        case .object(let r):
            guard let o = graph[r] else { return nil }
            if let s = text(raw) { return s }
            if o.className.hasSuffix("Number") {
                if case .double(let d)? = o["NS.dblval"] { return .double(d) }
                if case .bool(let b)? = o["NS.boolval"] { return .bool(b) }
                if let i = graph.integer(raw) { return .int(i) }
            }
            if o.className.hasSuffix("Color") { return color(raw) }
            if o.className.hasSuffix("Font") { return font(raw) }
            if let image = image(raw) { return image }
            if o.className == "NSValue" {
                if let s = graph.string(o["NS.rectval"]) ?? graph.string(o["NS.sizeval"]) { return .geometry(text: s) }
                if let s = graph.string(o["NS.pointval"]) { return .geometry(text: s, pair: .point) }
                if let s = graph.string(o["NS.rangeval"]) { return .formatted(s) }
            }
            if let items = graph.elements(raw) { return .formatted("[\(items.count) items]") }
            if ObjectRoles.isPlumbing(o.className) { return .formatted("<\(o.className)>") }
            return .object(ObjectID(r))
        }
    }
}
