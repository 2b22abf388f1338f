import NibModel

/// The properties of matched objects that survive compilation, compared between a source and its
/// compiled nib (``NibComparer``): what a compiled nib keeps as the source says it, so that a
/// source that lost it (a xib rebuilt by a writer with a bug) does not agree.
///
/// Compared, on each matched pair of objects (placeholders aside), when the source is a
/// `<document>` xib or storyboard (an IB 3 `designable.nib` keeps other keys):
/// - a toolbar item's identifier (``CompareClasses/toolbarItemIdentifier(_:)``), `label` and
///   `paletteLabel` (for a standard item such as `NSToolbarShowColorsItem` only when the source
///   gives one: AppKit supplies them);
/// - a segmented control's segments: AppKit labels (`segment[i].label`) and UIKit titles
///   (`segment[i].title`; an empty label or title is none), images (`segment[i].image`, by name)
///   and widths (`segment[i].width`, points, to 0.5; a width of 0, automatic, is none);
/// - a scroller's orientation (`horizontal`, YES or NO; a scroller the source gives without it
///   differs: Xcode always writes it);
/// - a table column's `minWidth` and `maxWidth` (points, to 0.5) and whether it has a `width`:
///   ibtool recomputes the width itself to fit the table (13 columns of the corpus's pairs
///   compile 8 to 38 points off the source);
/// - the colour model (RGB, white, CMYK; named, system and custom-component colours aside) of
///   every colour property both sides hold, and within a model the colour space where both sides
///   name it (``Color/colorSpaceName``: `calibratedRGB` against custom `sRGB`);
/// - whether an AppKit view is an `NSCustomView` placeholder (`<customView>`) or itself (`<view>`);
/// - a toolbar's default items (`defaultToolbarItems`, by item identifier, in order);
/// - a view's system layout guides that constraints use, and those constraints, as objects
///   (``Drops``: an unused `<viewLayoutGuide>` is not archived).
/// A property one side holds and the other lacks is a difference, except a colour (a source
/// may leave a default colour out).
///
/// Not compared yet: segment tags, selection and enabled state, table column `editable`.
enum PropertyComparison {
    /// Keys compared on toolbar items besides the identifier.
    static let toolbarItemKeys = ["label", "paletteLabel"]
    static let tableColumnKeys = ["width", "minWidth", "maxWidth"]

    /// One compared property: key → (source value, compiled value), nil where a side lacks it.
    typealias Values = [String: (source: String?, compiled: String?)]

    /// The surviving properties of a matched pair that differ.
    ///
    /// - Parameter directInstantiation: the source document says
    ///   `customObjectInstantitationMethod="direct"`: ibtool then compiles a `<customView>` as a
    ///   class swapper, so custom-view placeholders are not compared.
    static func differences(source so: NibObject, compiled co: NibObject, directInstantiation: Bool = false) -> Values {
        var out: Values = [:]
        func put(_ key: String, _ a: String?, _ b: String?) { if a != b { out[key] = (a, b) } }
        func text(_ o: NibObject, _ key: String) -> String? { o.property(key)?.text }
        if CompareClasses.base(so) == "NSToolbarItem" && CompareClasses.base(co) == "NSToolbarItem" {
            let identifier = CompareClasses.toolbarItemIdentifier(so)
            put("itemIdentifier", identifier, CompareClasses.toolbarItemIdentifier(co))
            // A standard item (`NSToolbarShowColorsItem`) takes AppKit's labels unless the source gives its own.
            let standard = identifier.map(CompareClasses.standardToolbarItems.contains) ?? false
            for key in toolbarItemKeys {
                let a = text(so, key).flatMap(nonEmpty)
                if standard && a == nil { continue }
                put(key, a, text(co, key).flatMap(nonEmpty))
            }
        }
        for key in Set((so.properties + co.properties).map(\.key)) where key.hasPrefix("segment[") {
            if key.hasSuffix("].label") || key.hasSuffix("].title") {
                put(key, text(so, key).flatMap(nonEmpty), text(co, key).flatMap(nonEmpty))
            } else if key.hasSuffix("].image") {
                put(key, imageName(so.property(key)), imageName(co.property(key)))
            } else if key.hasSuffix("].width") {
                let a = number(so.property(key)), b = number(co.property(key))
                if let a, let b, abs(a - b) <= 0.5 { continue }
                put(key, a.map(ValueText.number), b.map(ValueText.number))
            }
        }
        if CompareClasses.base(so) == "NSScroller" && CompareClasses.base(co) == "NSScroller" {
            put("horizontal", boolText(so.property("horizontal")), boolText(co.property("horizontal")))
        }
        if so.className == "NSTableColumn" && co.className == "NSTableColumn" {
            for key in tableColumnKeys {
                let a = number(so.property(key)), b = number(co.property(key))
                if let a, let b, abs(a - b) <= 0.5 || key == "width" { continue }
                put(key, a.map(ValueText.number), b.map(ValueText.number))
            }
        }
        for p in so.properties {
            guard case .color(let a) = p.value, case .color(let b)? = co.property(p.key),
                  let sa = space(a), let sb = space(b) else { continue }
            put(p.key + ".space", sa, sb)
            // Within a model, the space itself where both sides name it (`calibratedRGB`, `sRGB`).
            if sa == sb, let na = a.colorSpaceName, let nb = b.colorSpaceName { put(p.key + ".colorSpace", na, nb) }
        }
        // (A class archived by itself, such as an IB 3 plug-in's view, is neither.)
        if CompareClasses.base(so) == "NSView" && CompareClasses.base(co) == "NSView" && so.className.hasPrefix("NS")
            && co.className.hasPrefix("NS") && !directInstantiation {
            put("customView", flag(so, "customView"), flag(co, "customView"))
        }
        if so.className == "NSToolbar" && co.className == "NSToolbar" {
            put("defaultToolbarItems", identifiers(so, "defaultToolbarItems"), identifiers(co, "defaultToolbarItems"))
        }
        return out
    }

    /// `YES` when `o` has property `key` true, else nil.
    private static func flag(_ o: NibObject, _ key: String) -> String? {
        if case .bool(true)? = o.property(key) { return "YES" }
        return nil
    }

    /// A list of identifiers, `, `-joined in order; nil when `o` has none (or an empty list).
    private static func identifiers(_ o: NibObject, _ key: String) -> String? {
        if case .identifiers(let list)? = o.property(key), !list.isEmpty { return list.joined(separator: ", ") }
        return nil
    }

    private static func nonEmpty(_ s: String) -> String? { s.isEmpty ? nil : s }

    /// `YES`/`NO` of a boolean property, nil when absent or not a boolean.
    private static func boolText(_ v: PropertyValue?) -> String? {
        if case .bool(let b)? = v { return b ? "YES" : "NO" }
        return nil
    }

    /// The name of an image property (an image value, or the name a source gives as text).
    private static func imageName(_ v: PropertyValue?) -> String? {
        switch v {
        case .image(let i)?: return nonEmpty(i.name)
        case .string(let s)?: return nonEmpty(s)
        default: return nil
        }
    }

    private static func number(_ v: PropertyValue?) -> Double? {
        switch v {
        case .double(let d)?: return d
        case .int(let i)?: return Double(i)
        default: return nil
        }
    }

    /// The colour model of a component colour; nil for named, system, custom-space and unknown ones.
    private static func space(_ c: Color) -> String? {
        switch c.space {
        case .rgb, .white, .cmyk: return c.space.rawValue
        case .catalog, .system, .components, .otherClass: return nil
        }
    }
}
