import Foundation
import NibModel

/// Decoded properties as Xcode writes them: attributes, value elements (frames, colours, fonts),
/// button states, flags, key equivalents, constraints.
extension XIBBuilder {
    /// Writes one decoded property as Xcode does: an attribute, a value element, a button state;
    /// a note when the xib format has no place for it.
    func write(_ p: Property, of o: NibObject, into e: inout XMLOutput.Element, elements: inout [XMLOutput.Element],
               notes: inout [String]) {
        let isButton = !isMac && o.className == "UIButton"
        func attribute(_ name: String, _ text: String) {
            if XMLOutput.isRepresentable(text) {
                e.set(name, text)
            } else {
                elements.append(XMLOutput.Element("string", [("key", name), ("base64-UTF8", "YES")],
                                                  text: Data(text.utf8).base64EncodedString()))
            }
        }
        func state(_ attr: String, _ value: String?, element: XMLOutput.Element? = nil) {
            var s = elements.first { $0.name == "state" && $0["key"] == "normal" } ?? XMLOutput.Element("state", [("key", "normal")])
            elements.removeAll { $0.name == "state" && $0["key"] == "normal" }
            if let value { s.set(attr, value) }
            if let element { s.append(element) }
            elements.append(s)
        }
        if p.key.hasPrefix("segment[") {   // (before the value cases: a segment's image is an image)
            writeSegment(p, into: &elements, notes: &notes)
            return
        }
        switch (p.key, p.value) {
        case ("frame", .rect(let r)), ("contentRect", .rect(let r)), ("bounds", .rect(let r)):
            elements.append(XMLOutput.Element("rect", [("key", p.key == "bounds" ? "frame" : p.key), ("x", num(r.x)), ("y", num(r.y)),
                                                       ("width", num(r.width)), ("height", num(r.height))]))
        case ("frameSize", .size(let s)):
            elements.append(XMLOutput.Element("rect", [("key", "frame"), ("x", "0.0"), ("y", "0.0"), ("width", num(s.width)), ("height", num(s.height))]))
        case (_, .color(let c)):
            if let ce = colorElement(c, key: p.key) {
                if isButton && p.key == "titleColor" { state("", nil, element: ce) } else { elements.append(ce) }
            } else {
                notes.append("\(p.key) = \(p.value)")
            }
        case ("font", .font(let f)):
            elements.append(fontElement(f))
        case (_, .image(let img)):
            if isButton && p.key == "image" {
                state("image", img.name)
            } else if img.isSystemSymbol && !isMac {
                elements.append(XMLOutput.Element("imageReference", [("key", p.key), ("image", img.name), ("catalog", "system")]))
            } else {
                attribute(p.key, img.name)
            }
        case ("title", _) where isButton:
            if let t = p.value.text { state("title", t) }
        case ("text", _) where isMac && o.className.hasSuffix("Cell"):
            if let t = p.value.text { attribute("title", t) }
        case ("placeholder", _) where isMac:
            if let t = p.value.text { attribute("placeholderString", t) }
        case ("keyEquivalent", .keyEquivalent(let k)):
            writeKeyEquivalent(k, into: &e, elements: &elements, notes: &notes)
        case ("keyEquivalent", .string(let key)):
            // A xib's `keyEquivalent` on an element the xib reader gives no modifiers: the key alone.
            writeKeyEquivalent(KeyEquivalent(key: key, modifierMask: nil), into: &e, elements: &elements, notes: &notes)
        case ("separator", .bool(let b)):
            if b { e.set("isSeparatorItem", "YES") }
        case ("state", .int(let i)) where isMac:
            switch i {
            case 0: break
            case 1: e.set("state", "on")
            case -1: e.set("state", "mixed")
            default: notes.append("state = \(i)")
            }
        case ("prototypeCells", .identifiers(let list)) where list.allSatisfy(prototypeNames.contains):
            break  // written in <prototypes>
        case ("prototypeCells", _):
            notes.append("prototype cells \(p.value) (compiled as nested nibs, written as documents of their own)")
        case ("objectName", _) where isMac:
            break  // written as userLabel
        case ("styleMask", .flags(let flags)) where isMac:
            elements.append(Self.flagsElement("windowStyleMask", key: "styleMask", flags, order: XIBFlagNames.windowStyle.map(\.name)))
        case ("behavior", .flags(let flags)) where isMac:
            elements.append(Self.flagsElement("behavior", key: "behavior", flags, order: XIBFlagNames.behavior.map(\.name)))
        case ("autoresizingMask", .flags(let flags)):
            var mask = XMLOutput.Element("autoresizingMask", [("key", "autoresizingMask")])
            for flag in flags.members { mask.set(flag, "YES") }
            elements.append(mask)
        case ("nibName", _) where storyboardMode && sceneMember[o.id] != nil:
            break  // the view nib of a storyboard controller: its view is written inline
        case ("identifier", _) where o.placeholder != nil:
            break  // the placeholder element says it (`placeholderIdentifier`, File's Owner's fixed id)
        case ("numberOfRows", .int), ("numberOfColumns", .int) where isMac && o.className.hasSuffix("Matrix"):
            break  // the `<column>` elements of its `<cells>` (``matrixColumns(_:of:)``)
        case ("customView", .bool(true)) where isMac:
            break  // the element is `<customView>` (``element(for:notes:)``)
        case ("defaultToolbarItems", .identifiers(let list)) where isMac:
            elements.append(defaultToolbarItems(list, of: o, notes: &notes))
        case ("oid", _):
            break  // IB 3's object id (NSOidsKeys): ids are fresh, as the top comment says
        case ("name", _) where isMac && o.className == "NSMenu":
            if let t = p.value.text { e.set("systemMenu", Self.systemMenu(t) ?? t) }
            if let t = p.value.text, Self.systemMenu(t) == nil { notes.append("menu name = \(t)") }
        case (_, .string(let s)):
            attribute(p.key, s)
        case (_, .localizedString(let l)):
            attribute(p.key, l.text)
        case ("enabled", .bool(true)):
            break  // the default, which Xcode does not write
        case (_, .bool(let b)):
            e.set(p.key, b ? "YES" : "NO")
        case (_, .int(let i)):
            e.set(p.key, String(i))
        case (_, .double(let d)):
            e.set(p.key, num(d))
        case (_, .rect(let r)):
            elements.append(XMLOutput.Element("rect", [("key", p.key), ("x", num(r.x)), ("y", num(r.y)), ("width", num(r.width)), ("height", num(r.height))]))
        case (_, .size(let s)):
            elements.append(XMLOutput.Element("size", [("key", p.key), ("width", num(s.width)), ("height", num(s.height))]))
        case (_, .point(let pt)):
            elements.append(XMLOutput.Element("point", [("key", p.key), ("x", num(pt.x)), ("y", num(pt.y))]))
        case (_, .insets(let i)):
            elements.append(XMLOutput.Element("inset", [("key", p.key), ("minX", num(i.left)), ("minY", num(i.top)), ("maxX", num(i.right)), ("maxY", num(i.bottom))]))
        case (_, .object(let ref)):
            if let target = xibID[ref], document.object(ref)?.parent != o.id {
                notes.append("\(p.key) → \(target)")
            }
        default:
            notes.append("\(p.key) = \(p.value)")
        }
    }

    /// `<constraint firstItem firstAttribute relation secondItem secondAttribute multiplier
    /// constant priority>`; `firstItem` is left out when it is the view that holds the constraint
    /// (as Xcode does); an item that is not written is noted.
    func writeConstraint(_ c: LayoutConstraint, holder: ObjectID?, into e: inout XMLOutput.Element, notes: inout [String]) {
        func item(_ id: ObjectID) -> String? {
            if isWritten(id), let x = xibID[id] { return x }
            notes.append("constraint item \(id.rawValue) is not written")
            return nil
        }
        // Xcode names NSLayoutAttributeLastBaseline (11) `baseline`.
        func attribute(_ name: String) -> String { name == "lastBaseline" ? "baseline" : name }
        if let first = c.firstItem, first != holder || c.secondItem != nil, let x = item(first) { e.set("firstItem", x) }
        e.set("firstAttribute", attribute(c.firstAttribute))
        if c.relation != .equal { e.set("relation", c.relation.rawValue) }
        if let second = c.secondItem, let x = item(second) {
            e.set("secondItem", x)
            if let a = c.secondAttribute { e.set("secondAttribute", attribute(a)) }
        }
        if c.multiplier != 1 { e.set("multiplier", num(c.multiplier)) }
        if c.constant != 0 { e.set("constant", num(c.constant)) }
        if let p = c.priority, p != 1000 { e.set("priority", num(p)) }
    }

    /// AppKit's special menus by the name the nib gives them (`_NSMainMenu` → `main`).
    static func systemMenu(_ name: String) -> String? {
        ["_NSMainMenu": "main", "_NSAppleMenu": "apple", "_NSWindowsMenu": "window", "_NSServicesMenu": "services",
         "_NSHelpMenu": "help", "_NSRecentDocumentsMenu": "recentDocuments", "_NSFontMenu": "font"][name]
    }

    /// A flags element (`<windowStyleMask>`, `<behavior>`) from a `|`-joined property value: each
    /// flag set as `name="YES"`, in `order` (Xcode's attribute order).
    static func flagsElement(_ name: String, key: String, _ flags: FlagSet, order: [String]) -> XMLOutput.Element {
        var element = XMLOutput.Element(name, [("key", key)])
        for flag in order where flags.contains(flag) { element.set(flag, "YES") }
        return element
    }

    /// A key equivalent as `keyEquivalent="Z"` and a `<modifierMask key="keyEquivalentModifierMask">`
    /// unless the modifiers are ⌘ alone, from the key as shown (``KeyEquivalent/keyName``) and
    /// its shown modifiers: an uppercase letter is written for a letter with Shift.
    func writeKeyEquivalent(_ equivalent: KeyEquivalent, into e: inout XMLOutput.Element, elements: inout [XMLOutput.Element],
                            notes: inout [String]) {
        var mods = equivalent.modifiers
        let name = equivalent.keyName
        var key: String
        let special = ["⌤": 0x03, "⌫": 0x08, "⇥": 0x09, "↩": 0x0D, "⇤": 0x19, "⎋": 0x1B, "Space": 0x20,
                       "↑": 0xF700, "↓": 0xF701, "←": 0xF702, "→": 0xF703, "Insert": 0xF727, "⌦": 0xF728, "↖": 0xF729,
                       "↘": 0xF72B, "⇞": 0xF72C, "⇟": 0xF72D, "⌧": 0xF739, "Help": 0xF746] as [String: UInt32]
        if let v = special[name], let u = Unicode.Scalar(v) {
            key = String(Character(u))
        } else if name.count > 1, name.first == "F", let n = UInt32(name.dropFirst()), (1...35).contains(n), let u = Unicode.Scalar(0xF704 + n - 1) {
            key = String(Character(u))
        } else if name.count == 1 {
            // An uppercase letter means Shift; a letter without Shift is archived lowercase.
            let letter = name.first!.isLetter
            if letter && mods.contains(.shift) {
                key = name.uppercased()
                mods.remove(.shift)
            } else {
                key = letter ? name.lowercased() : name
            }
        } else {
            notes.append("keyEquivalent = \(equivalent)")
            return
        }
        if XMLOutput.isRepresentable(key) {
            e.set("keyEquivalent", key)
        } else {
            elements.append(XMLOutput.Element("string", [("key", "keyEquivalent"), ("base64-UTF8", "YES")], text: Data(key.utf8).base64EncodedString()))
        }
        if mods != [.command] {
            var m = XMLOutput.Element("modifierMask", [("key", "keyEquivalentModifierMask")])
            let attributes: [(KeyEquivalent.Modifiers, String)] = [(.shift, "shift"), (.control, "control"), (.option, "option"), (.command, "command")]
            for (modifier, attr) in attributes where mods.contains(modifier) {
                m.set(attr, "YES")
            }
            elements.append(m)
        }
    }

    /// `<color key=…>` as Xcode writes it, in the colour's space (``Color/colorSpaceName``:
    /// `calibratedWhite`, `deviceRGB`, custom `sRGB`, …); nil for colours of no xib form
    /// (custom component spaces, colour classes not decoded).
    func colorElement(_ c: Color, key: String) -> XMLOutput.Element? {
        var e = XMLOutput.Element("color", [("key", key)])
        let alpha = num(c.alpha ?? 1)
        switch c.space {
        case .system:
            guard let name = c.name else { return nil }
            e.set("systemColor", name)
        case .catalog:
            guard let name = c.name else { return nil }
            e.set("name", name)
            e.set("catalog", c.catalog ?? "System")
            e.set("colorSpace", "catalog")
        case .rgb where c.components.count == 3:
            e.attributes += [("red", num(c.components[0])), ("green", num(c.components[1])), ("blue", num(c.components[2])), ("alpha", alpha)]
            e.attributes += Self.colorSpaceAttributes(c.colorSpaceName, standard: ["calibratedRGB", "deviceRGB"], fallback: "sRGB")
        case .white where c.components.count == 1:
            e.attributes += [("white", num(c.components[0])), ("alpha", alpha)]
            e.attributes += Self.colorSpaceAttributes(c.colorSpaceName, standard: ["calibratedWhite", "deviceWhite"],
                                                      fallback: "genericGamma22GrayColorSpace")
        case .cmyk where c.components.count == 4:
            e.attributes += [("cyan", num(c.components[0])), ("magenta", num(c.components[1])), ("yellow", num(c.components[2])),
                             ("black", num(c.components[3])), ("alpha", alpha), ("colorSpace", "custom"),
                             ("customColorSpace", "genericCMYKColorSpace")]
        default:
            return nil
        }
        return e
    }

    /// `colorSpace="calibratedRGB"` for a space a xib names itself (`standard`), else
    /// `colorSpace="custom" customColorSpace=…` with the colour's custom space, or `fallback`
    /// (sRGB, generic grey gamma 2.2: what UIKit colours and colours of an unknown space are).
    static func colorSpaceAttributes(_ name: String?, standard: Set<String>, fallback: String) -> [(String, String)] {
        if let name, standard.contains(name) { return [("colorSpace", name)] }
        return [("colorSpace", "custom"), ("customColorSpace", name ?? fallback)]
    }

    /// iOS `<fontDescription key="fontDescription">`, macOS `<font key="font">`: the system font
    /// (`.SFUI-Regular`, `.AppleSystemUIFont`) as `type="system"` with its weight, a Dynamic Type
    /// style as `style`, other fonts by `name`.
    func fontElement(_ f: Font) -> XMLOutput.Element {
        var e = isMac ? XMLOutput.Element("font", [("key", "font")]) : XMLOutput.Element("fontDescription", [("key", "fontDescription")])
        if let style = f.textStyle, f.name == nil || !isMac {
            e.set("style", style)
        } else if let meta = f.metaFont {
            e.set("metaFont", meta)
        } else if let type = f.systemType {
            e.set("type", type)
            if let w = f.weight { e.set("weight", w) }
        } else if let name = f.name, let (type, weight) = Self.systemFont(name) {
            e.set("type", type)
            if let weight { e.set("weight", weight) }
        } else if let name = f.name {
            e.set("name", name)
            if let style = f.textStyle { e.set("textStyle", style) }
        }
        if let size = f.size { e.set(isMac ? "size" : "pointSize", num(size)) }
        return e
    }

    /// `.SFUI-Semibold` → (`system`, `semibold`), `.SFUI-Bold` → (`boldSystem`, nil), …
    static func systemFont(_ name: String) -> (String, String?)? {
        guard name.hasPrefix(".SFUI") || name.hasPrefix(".AppleSystemUIFont") || name.hasPrefix(".SFNS") else { return nil }
        let face = name.split(separator: "-").dropFirst().first.map { String($0).lowercased() } ?? "regular"
        switch face {
        case "regular", "": return ("system", nil)
        case "bold": return ("boldSystem", nil)
        case "italic": return ("italicSystem", nil)
        default: return ("system", face)
        }
    }

    /// Xcode's number form: `0.0` for zero, integers without a fraction, else the shortest form.
    func num(_ d: Double) -> String {
        if d == 0 { return "0.0" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }
}
