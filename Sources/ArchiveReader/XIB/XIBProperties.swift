import Foundation

/// Reads the value elements of a `<document>`-format xib (`<rect>`, `<color>`, `<font>`,
/// `<string>`, `<state>`, …) as ``Property`` values (nib-format.md §7.1).
///
/// Geometry, colours and fonts become typed values (``Rect``, ``Point``, ``Size``, ``Insets``,
/// ``Color``, ``Font``) that print like their compiled counterparts. Elements this table does
/// not know, and known ones whose attributes do not make a typed value, are kept as raw
/// properties: `element(attr=value, …)` plus their text (user-needs.md §A4 #33: lossless).
enum XIBProperties {
    /// Typed value of an attribute: `YES`/`NO` → bool, `tag` → int, anything else a string.
    static func attributeValue(key: String, _ value: String) -> PropertyValue {
        if value == "YES" { return .bool(true) }
        if value == "NO" { return .bool(false) }
        if key == "tag", let i = Int64(value) { return .int(i) }
        return .string(value)
    }

    /// The properties one value element contributes (usually one).
    static func properties(of e: XMLElementNode) -> [Property] {
        let key = e["key"] ?? e.name
        switch e.name {
        case "rect":
            if let c = numbers(e, ["x", "y", "width", "height"]), let v = PropertyValue.geometry(c) { return [Property(key, v)] }
        case "point":
            if let c = numbers(e, ["x", "y"]), let v = PropertyValue.geometry(c, pair: .point) { return [Property(key, v)] }
        case "size":
            if let c = numbers(e, ["width", "height"]), let v = PropertyValue.geometry(c) { return [Property(key, v)] }
        case "inset", "edgeInsets":
            if let insets = insets(e) { return [Property(key, .finite(.insets(insets)))] }
        case "color":
            return [Property(key, color(e).map { .finite(.color($0)) } ?? .formatted(raw(e)))]
        case "font", "fontDescription":
            return [Property(key, font(e).map { .finite(.font($0)) } ?? .formatted(raw(e)))]
        case "string", "mutableString":
            return [Property(key, .string(stringValue(e)))]
        case "integer":
            if let v = e["value"], let i = Int64(v) { return [Property(key, .int(i))] }
        case "real":
            if let v = e["value"], let d = Double(v) { return [Property(key, .double(d))] }
        case "boolean", "bool":
            if let v = e["value"] { return [Property(key, .bool(v == "YES"))] }
        case "nil":
            return [Property(key, .null)]
        case "state":
            // Button states: `<state key="normal" title="Sign In" image="…"/>`.
            var out = [Property(key, .formatted(raw(e)))]
            if key == "normal" {
                if let t = e["title"] { out.append(Property("title", .string(t))) }
                if let i = e["image"] { out.append(Property("image", .string(i))) }
            }
            return out
        case "segment":
            // A segment's label (AppKit) or title (UIKit), width, tag, image, selection and state,
            // as the compiled reader gives them (`segment[i].label`, `segment[i].title`, …).
            var out = [Property(key, .formatted(raw(e)))]
            if let list = e.parent, list.name == "segments",
               let index = list.children(named: "segment").firstIndex(where: { $0 == e }) {
                if let label = e["label"] { out.append(Property("segment[\(index)].label", .string(label))) }
                if let title = e["title"], !title.isEmpty { out.append(Property("segment[\(index)].title", .string(title))) }
                if let width = e["width"].flatMap(Double.init), width > 0 { out.append(Property("segment[\(index)].width", .double(width))) }
                if let tag = e["tag"].flatMap({ Int64($0) }), tag != 0 { out.append(Property("segment[\(index)].tag", .int(tag))) }
                if let image = e["image"] { out.append(Property("segment[\(index)].image", .string(image))) }
                if e["selected"] == "YES" { out.append(Property("segment[\(index)].selected", .bool(true))) }
                if e["enabled"] == "NO" { out.append(Property("segment[\(index)].enabled", .bool(false))) }
            }
            return out
        case "autoresizingMask", "windowStyleMask", "behavior", "accessibilityTraits", "dataDetectorType",
             "textInputTraits", "windowPositionMask", "tableViewGridLines":
            return [Property(key, .flags(flags(e)))]
        case "imageReference":
            if let name = e["image"] {
                return [Property(key, .image(ImageReference(name: name, catalog: e["catalog"], element: element(e))))]
            }
        case "accessibility":
            return [Property(key, .accessibility(AccessibilityValue(element: element(e))))]
        default:
            break
        }
        return [Property(key, .formatted(raw(e)))]
    }

    /// `element(attr=value, …)` with the element's text appended after a colon
    /// (``XIBElement/description``).
    static func raw(_ e: XMLElementNode) -> String {
        element(e).description
    }

    /// The element kept whole: name, attributes but `key`, trimmed text.
    static func element(_ e: XMLElementNode) -> XIBElement {
        XIBElement(name: e.name, attributes: e.attributes, text: e.trimmedText)
    }

    /// A flags element (`<autoresizingMask widthSizable="YES" flexibleMaxY="YES"/>`): the
    /// attributes set to `YES` are the members, any other but `key` is kept as an attribute.
    static func flags(_ e: XMLElementNode) -> FlagSet {
        let attributes = e.attributes.filter { $0.key != "key" }
        return FlagSet(members: attributes.filter { $0.value == "YES" }.keys,
                       attributes: attributes.filter { $0.value != "YES" })
    }

    /// The text of `<string>`, decoding `base64-UTF8="YES"` content.
    static func stringValue(_ e: XMLElementNode) -> String {
        let text = e.text
        if e["base64-UTF8"] == "YES" || e["type"] == "base64-UTF8" {
            let compact = text.filter { !$0.isWhitespace }
            // IB writes unpadded base64 and sometimes one stray trailing character.
            var padded = compact
            if padded.count % 4 == 1 { padded.removeLast() }
            while padded.count % 4 != 0 { padded += "=" }
            if let data = Data(base64Encoded: padded), let s = String(data: data, encoding: .utf8) { return s }
        }
        return text
    }

    /// `<edgeInsets top left bottom right>` or `<inset minX minY maxX maxY>` (either element with
    /// either set of attributes; `minX` is the left inset, `minY` the top).
    static func insets(_ e: XMLElementNode) -> Insets? {
        if let c = numbers(e, ["minX", "minY", "maxX", "maxY"]) {
            return Insets(top: c[1], left: c[0], bottom: c[3], right: c[2], notation: .minMax)
        }
        if let c = numbers(e, ["top", "left", "bottom", "right"]) {
            return Insets(top: c[0], left: c[1], bottom: c[2], right: c[3], notation: .edges)
        }
        return nil
    }

    /// The system colour (`systemColor`), named colour (`name`, `catalog`), or RGB, grey or CMYK
    /// components (`red green blue`, `white`, `cyan magenta yellow black`, with `alpha`, and the
    /// `colorSpace` or `customColorSpace` as ``Color/colorSpaceName``); nil for
    /// anything else (`cocoaTouchSystemColor`, components that are not numbers).
    static func color(_ e: XMLElementNode) -> Color? {
        if let system = e["systemColor"] { return Color(space: .system, name: system, notation: .xib) }
        if let name = e["name"] { return Color(space: .catalog, name: name, catalog: e["catalog"], notation: .xib) }
        func n(_ k: String) -> Double? { e[k].flatMap(Double.init) }
        let alpha = n("alpha")
        // `colorSpace="calibratedRGB"`, or `colorSpace="custom" customColorSpace="sRGB"`.
        let spaceName = e["colorSpace"] == "custom" ? e["customColorSpace"] : e["colorSpace"]
        if let r = n("red"), let g = n("green"), let b = n("blue") {
            return Color(space: .rgb, components: [r, g, b], alpha: alpha, notation: .xib, colorSpaceName: spaceName)
        }
        if let w = n("white") { return Color(space: .white, components: [w], alpha: alpha, notation: .xib, colorSpaceName: spaceName) }
        if let c = n("cyan"), let m = n("magenta"), let y = n("yellow"), let k = n("black") {
            return Color(space: .cmyk, components: [c, m, y, k], alpha: alpha, notation: .xib, colorSpaceName: spaceName)
        }
        return nil
    }

    /// `<fontDescription>`/`<font>`: `name`, `type` (system font), `style` (text style),
    /// `metaFont`, `weight`, `pointSize`/`size`; nil when none of these is there
    /// (`usesAppearanceFont`). An AppKit `textStyle` is kept with a `name`, which is what prints.
    static func font(_ e: XMLElementNode) -> Font? {
        let font = Font(name: e["name"], size: (e["pointSize"] ?? e["size"]).flatMap(Double.init),
                        textStyle: e["style"] ?? (e["name"] != nil ? e["textStyle"] : nil),
                        systemType: e["type"], weight: e["weight"], metaFont: e["metaFont"])
        let written = [font.name, font.systemType, font.textStyle, font.metaFont, font.weight].contains { $0 != nil }
        return written || font.size != nil ? font : nil
    }

    /// Numbers for `names` (all must be present and numeric).
    static func numbers(_ e: XMLElementNode, _ names: [String]) -> [Double]? {
        var out: [Double] = []
        for n in names {
            guard let v = e[n], let d = Double(v) else { return nil }
            out.append(d)
        }
        return out
    }
}
