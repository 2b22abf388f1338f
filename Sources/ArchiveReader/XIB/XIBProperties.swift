import Foundation

/// Formats the value elements of a `<document>`-format xib (`<rect>`, `<color>`, `<font>`,
/// `<string>`, `<state>`, …) as ``Property`` values (nib-format.md §7.1).
///
/// Geometry uses the `NSStringFromCGRect` style of ``Geometry/format(_:)`` so that source and
/// compiled frames read alike. Elements this table does not know are kept as raw properties:
/// `element(attr=value, …)` plus their text (user-needs.md §A4 #33: lossless).
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
            if let c = numbers(e, ["x", "y", "width", "height"]) { return [Property(key, .formatted(Geometry.format(c)))] }
        case "point":
            if let c = numbers(e, ["x", "y"]) { return [Property(key, .formatted(Geometry.format(c)))] }
        case "size":
            if let c = numbers(e, ["width", "height"]) { return [Property(key, .formatted(Geometry.format(c)))] }
        case "inset", "edgeInsets":
            if let c = numbers(e, ["minX", "minY", "maxX", "maxY"]) ?? numbers(e, ["top", "left", "bottom", "right"]) {
                return [Property(key, .formatted(Geometry.format(c)))]
            }
        case "color":
            return [Property(key, .formatted(color(e)))]
        case "font", "fontDescription":
            return [Property(key, .formatted(font(e)))]
        case "string", "mutableString":
            return [Property(key, .string(stringValue(e)))]
        case "integer":
            if let v = e["value"], let i = Int64(v) { return [Property(key, .int(i))] }
        case "real":
            if let v = e["value"], let d = Double(v) { return [Property(key, .double(d))] }
        case "boolean", "bool":
            if let v = e["value"] { return [Property(key, .bool(v == "YES"))] }
        case "nil":
            return [Property(key, .formatted("nil"))]
        case "state":
            // Button states: `<state key="normal" title="Sign In" image="…"/>`.
            var out = [Property(key, .formatted(raw(e)))]
            if key == "normal" {
                if let t = e["title"] { out.append(Property("title", .string(t))) }
                if let i = e["image"] { out.append(Property("image", .string(i))) }
            }
            return out
        case "autoresizingMask", "windowStyleMask", "behavior", "accessibilityTraits", "dataDetectorType",
             "textInputTraits", "windowPositionMask", "tableViewGridLines":
            let flags = e.attributes.filter { $0.key != "key" && $0.value == "YES" }.keys.sorted()
            let rest = e.attributes.filter { $0.key != "key" && $0.value != "YES" }
            var text = flags.joined(separator: "|")
            if !rest.isEmpty { text += (text.isEmpty ? "" : " ") + rest.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
            return [Property(key, .formatted(text.isEmpty ? "none" : text))]
        default:
            break
        }
        return [Property(key, .formatted(raw(e)))]
    }

    /// `element(attr=value, …)` with the element's text appended after a colon.
    static func raw(_ e: XMLElementNode) -> String {
        let attrs = e.attributes.filter { $0.key != "key" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var text = e.name
        if !attrs.isEmpty { text += "(" + attrs.joined(separator: ", ") + ")" }
        if let t = e.trimmedText { text += ": " + t }
        return text
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

    /// `rgba(1 0 0 1)` for RGB colours, `white(0.5 1)`, or the named/system colour:
    /// `systemBackgroundColor`, `controlTextColor (System)`.
    static func color(_ e: XMLElementNode) -> String {
        if let system = e["systemColor"] { return system }
        if let name = e["name"] {
            return e["catalog"].map { "\(name) (\($0))" } ?? name
        }
        func n(_ k: String) -> String? { e[k].flatMap(Double.init).map(Geometry.formatNumber) }
        let alpha = n("alpha") ?? "1"
        if let r = n("red"), let g = n("green"), let b = n("blue") { return "rgba(\(r) \(g) \(b) \(alpha))" }
        if let w = n("white") { return "white(\(w) \(alpha))" }
        if let c = n("cyan"), let m = n("magenta"), let y = n("yellow"), let k = n("black") {
            return "cmyka(\(c) \(m) \(y) \(k) \(alpha))"
        }
        return raw(e)
    }

    /// `system 17`, `boldSystem 15`, `Helvetica-Bold 12`, `metaFont system`.
    static func font(_ e: XMLElementNode) -> String {
        let size = (e["pointSize"] ?? e["size"]).flatMap(Double.init).map(Geometry.formatNumber)
        var parts: [String] = []
        if let name = e["name"] { parts.append(name) }
        else if let type = e["type"] { parts.append(type) }
        else if let style = e["style"] { parts.append(style) }
        else if let meta = e["metaFont"] { parts.append("metaFont " + meta) }
        if let weight = e["weight"] { parts.append(weight) }
        if let size { parts.append(size) }
        return parts.isEmpty ? raw(e) : parts.joined(separator: " ")
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
