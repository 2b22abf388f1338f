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
/// - an AppKit segmented cell's segment labels (`segment[i].label`; an empty label is none);
/// - a table column's `minWidth` and `maxWidth` (points, to 0.5) and whether it has a `width`:
///   ibtool recomputes the width itself to fit the table (13 columns of the corpus's pairs
///   compile 8 to 38 points off the source);
/// - the colour space (RGB, white, CMYK; named, system and custom-space colours aside) of every
///   colour property both sides hold.
/// A property one side holds and the other lacks is a difference, except a colour (a source
/// may leave a default colour out).
///
/// Not compared yet, because the readers do not decode them on both sides: the calibrated,
/// device, sRGB or generic colour space within RGB and white (``Color`` keeps only the model), a
/// `<customView>` against a `<view>` (both are `NSView` in the model), a toolbar's allowed and
/// default item lists (references), constraints to layout guides, UIKit segment titles.
enum PropertyComparison {
    /// Keys compared on toolbar items besides the identifier.
    static let toolbarItemKeys = ["label", "paletteLabel"]
    static let tableColumnKeys = ["width", "minWidth", "maxWidth"]

    /// One compared property: key → (source value, compiled value), nil where a side lacks it.
    typealias Values = [String: (source: String?, compiled: String?)]

    /// The surviving properties of a matched pair that differ.
    static func differences(source so: NibObject, compiled co: NibObject) -> Values {
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
        let segmentKeys = Set((so.properties + co.properties).map(\.key).filter { $0.hasPrefix("segment[") && $0.hasSuffix("].label") })
        for key in segmentKeys { put(key, text(so, key).flatMap(nonEmpty), text(co, key).flatMap(nonEmpty)) }
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
        }
        return out
    }

    private static func nonEmpty(_ s: String) -> String? { s.isEmpty ? nil : s }

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
