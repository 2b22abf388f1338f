import Foundation
import NibModel

/// Connections as Xcode writes them: outlets, outlet collections, actions with their control
/// events, bindings, segues, user-defined runtime attributes, accessibility and tool tips.
extension XIBBuilder {
    /// `<userDefinedRuntimeAttributes>`, `<accessibility>` and `<connections>` of `o`; a comment
    /// for what has no xib form.
    func connectionNodes(of o: NibObject) -> [XMLOutput.Node] {
        let list = outgoing[o.id] ?? []
        var out: [XMLOutput.Node] = []
        var connections = XMLOutput.Element("connections")
        for e in injectedConnections[o.id] ?? [] { connections.append(e) }
        var runtime = XMLOutput.Element("userDefinedRuntimeAttributes")
        var accessibility = XMLOutput.Element("accessibility", [("key", "accessibilityConfiguration")])
        var notes: [String] = []
        for (i, c) in list.enumerated() {
            let seed = seedPrefix + document.name + "|" + o.id.rawValue + "|c\(i)|" + c.label
            var n = 0
            func cid() -> String { n += 1; return XIBWriter.freshID(seed: seed + "#\(n)") }
            let dest = c.destination.flatMap { d in
                document.object(d)?.placeholder?.kind == .firstResponder ? firstResponderID : (isWritten(d) ? xibID[d] : nil)
            } ?? (c.isNilTargeted ? firstResponderID : nil)
            if c.unresolved != nil && c.kind != .runtimeAttribute && c.kind != .accessibility {
                notes.append("unresolved \(describe(c))")
                continue
            }
            switch c.kind {
            case .outlet:
                if c.label.hasSuffix("SegueTemplate"), let t = c.destination.flatMap({ document.object($0) }),
                   let key = t.placeholder?.resolvedTarget ?? (t.className.contains("SegueTemplate") ? document.name + ":" + t.id.rawValue : nil),
                   var segue = cellSegues[key] {
                    if c.label.hasPrefix("accessoryAction") { segue.set("trigger", "accessoryAction") }
                    connections.append(segue)
                    continue
                }
                guard let dest else { notes.append(describe(c)); continue }
                // A window controller's own window is its `<window key="window">`.
                if c.label == "window", let d = c.destination, document.object(d)?.parent == o.id,
                   o.className.hasSuffix("WindowController") { continue }
                connections.append(XMLOutput.Element("outlet", [("property", c.label), ("destination", dest), ("id", cid())]))
            case .outletCollection:
                let members = (c.members ?? []).compactMap { isWritten($0) ? xibID[$0] : nil }
                if members.count != (c.members ?? []).count { notes.append("members missing in \(describe(c))") }
                for m in members {
                    var e = XMLOutput.Element("outletCollection", [("property", c.label), ("destination", m),
                                                                   ("collectionClass", c.collectionClass ?? "NSMutableArray")])
                    if c.appendsToCollection == true { e.set("appends", "YES") }
                    e.set("id", cid())
                    connections.append(e)
                }
            case .action:
                guard let dest else { notes.append(describe(c)); continue }
                if isMac {
                    connections.append(XMLOutput.Element("action", [("selector", c.label), ("target", dest), ("id", cid())]))
                } else {
                    var events = c.controlEvents.map { ev in ControlEvents.names.filter { ev.rawValue & $0.0 != 0 }.map(\.1) } ?? []
                    let known = events.reduce(UInt32(0)) { $0 | (ControlEvents(eventType: $1)?.rawValue ?? 0) }
                    if let ev = c.controlEvents, ev.rawValue & ~known != 0 { notes.append("control events \(ev) of \(c.label)") }
                    if events.isEmpty { events = [""] }
                    for ev in events {
                        var e = XMLOutput.Element("action", [("selector", c.label), ("destination", dest)])
                        if !ev.isEmpty { e.set("eventType", ev) }
                        e.set("id", cid())
                        connections.append(e)
                    }
                }
            case .binding:
                guard let dest else { notes.append(describe(c)); continue }
                var e = XMLOutput.Element("binding", [("destination", dest), ("name", c.label)])
                if let kp = c.keyPath { e.set("keyPath", kp) }
                e.set("id", cid())
                if let options = c.options, !options.isEmpty {
                    var d = XMLOutput.Element("dictionary", [("key", "options")])
                    for (k, v) in options.sorted(by: { $0.key < $1.key }) { d.append(Self.bindingOption(key: k, value: v)) }
                    e.append(d)
                }
                connections.append(e)
            case .segue:
                guard let dest, let s = c.segue else { notes.append(describe(c)); continue }
                var e = XMLOutput.Element("segue", [("destination", dest), ("kind", s.kind.rawValue)])
                if let r = s.relationship { e.set("relationship", r) }
                if let id = s.identifier { e.set("identifier", id) }
                if let cls = s.segueClass { e.set("customClass", cls) }
                e.set("id", cid())
                connections.append(e)
            case .runtimeAttribute:
                if let e = runtimeAttribute(c) { runtime.append(e) } else { notes.append(describe(c)) }
            case .accessibility:
                let map = ["accessibilityLabel": "label", "accessibilityHint": "hint", "accessibilityIdentifier": "identifier",
                           "isAccessibilityElement": "isElement", "AXDescription": "description", "AXHelp": "help",
                           "AXIdentifier": "identifier"]
                if let attr = map[c.label], let v = c.value {
                    switch v {
                    case .bool(let b): accessibility.set(attr, b ? "YES" : "NO")
                    default:
                        if let t = v.text, XMLOutput.isRepresentable(t) { accessibility.set(attr, t) } else { notes.append(describe(c)) }
                    }
                } else {
                    notes.append(describe(c))
                }
            case .other:
                if Self.toolTip(c) == nil { notes.append(describe(c)) }   // (a tool tip is the element's `toolTip`)
            }
        }
        if !notes.isEmpty { out.append(.comment(" nibinspect: connections not expressible in a xib: " + notes.joined(separator: "; ") + " ")) }
        if !runtime.children.isEmpty { out.append(.element(runtime)) }
        if accessibility.attributes.count > 1 { out.append(.element(accessibility)) }
        if !connections.children.isEmpty { out.append(.element(connections)) }
        return out
    }

    /// The text of an AppKit tool tip, which a nib archives as a help connector with the file
    /// `NSToolTipHelpKey` and the text as its marker.
    static func toolTip(_ c: Connection) -> String? {
        guard c.kind == .other, c.label == "help", let v = c.value?.text, v.hasPrefix("NSToolTipHelpKey#") else { return nil }
        return String(v.dropFirst("NSToolTipHelpKey#".count))
    }

    /// Binding options whose value is YES or NO (AppKit's `NSBindingOption` constants).
    static let booleanBindingOptions: Set<String> = [
        "NSAllowsEditingMultipleValuesSelection", "NSAllowsNullArgument", "NSAlwaysPresentsApplicationModalAlerts",
        "NSConditionallySetsEditable", "NSConditionallySetsEnabled", "NSConditionallySetsHidden", "NSContinuouslyUpdatesValue",
        "NSCreatesSortDescriptor", "NSDeletesObjectsOnRemove", "NSHandlesContentAsCompoundValue", "NSInsertsNullPlaceholder",
        "NSInvokesSeparatelyWithArrayObjects", "NSRaisesForNotApplicableKeys", "NSValidatesImmediately",
        "NSSelectsInsertedObjects", "NSPreservesSelection", "NSClearsFilterPredicateOnInsertion", "NSFilterRestrictsInsertion",
    ]

    /// A binding option as Xcode writes it: `<integer key value>`, `<bool key value>`,
    /// `<real key value>` or `<string key>text</string>`. `value` is as the readers give it: a
    /// compiled nib's value as ``PropertyValue`` prints it (a string quoted), a source's as written.
    static func bindingOption(key: String, value v: String) -> XMLOutput.Element {
        if v.count >= 2, v.hasPrefix("\""), v.hasSuffix("\"") {   // printed unescaped between quotes
            return XMLOutput.Element("string", [("key", key)], text: String(v.dropFirst().dropLast()))
        }
        // Cocoa Bindings' yes/no options (`NSBindingOption…`), archived as numbers 0 and 1.
        if booleanBindingOptions.contains(key), v == "0" || v == "1" || v == "YES" || v == "NO" {
            return XMLOutput.Element("bool", [("key", key), ("value", v == "1" || v == "YES" ? "YES" : "NO")])
        }
        if Int(v) != nil { return XMLOutput.Element("integer", [("key", key), ("value", v)]) }
        if v == "YES" || v == "NO" { return XMLOutput.Element("bool", [("key", key), ("value", v)]) }
        if Double(v) != nil, v.contains(".") { return XMLOutput.Element("real", [("key", key), ("value", v)]) }
        return XMLOutput.Element("string", [("key", key)], text: v)
    }

    /// `<userDefinedRuntimeAttribute type keyPath value>` for a runtime attribute whose value
    /// has a xib type; nil otherwise.
    func runtimeAttribute(_ c: Connection) -> XMLOutput.Element? {
        let keyPath = c.keyPath ?? c.label
        var e = XMLOutput.Element("userDefinedRuntimeAttribute", [("type", "string"), ("keyPath", keyPath)])
        switch c.value {
        case .string(let s)?:
            guard XMLOutput.isRepresentable(s) else { return nil }
            e.set("value", s)
        case .localizedString(let l)?:
            e.set("type", "localizedString")
            e.set("value", l.text)
        case .bool(let b)?:
            e.set("type", "boolean")
            e.set("value", b ? "YES" : "NO")
        case .int(let i)?:
            e.set("type", "number")
            e.set("value", String(i))
        case .double(let d)?:
            e.set("type", "number")
            e.set("value", num(d))
        case .color(let col)?:
            guard let ce = colorElement(col, key: "value") else { return nil }
            e.set("type", "color")
            e.append(ce)
        case .rect(let r)?:
            e.set("type", "rect")
            e.append(XMLOutput.Element("rect", [("key", "value"), ("x", num(r.x)), ("y", num(r.y)), ("width", num(r.width)), ("height", num(r.height))]))
        case .size(let s)?:
            e.set("type", "size")
            e.append(XMLOutput.Element("size", [("key", "value"), ("width", num(s.width)), ("height", num(s.height))]))
        case .point(let p)?:
            e.set("type", "point")
            e.append(XMLOutput.Element("point", [("key", "value"), ("x", num(p.x)), ("y", num(p.y))]))
        case .image(let img)?:
            e.set("type", "image")
            e.set("value", img.name)
        case .null?, nil:
            e.set("type", "nil")
        default:
            return nil
        }
        return e
    }

    /// `outlet view → #47`, for comments.
    func describe(_ c: Connection) -> String {
        var s = "\(c.kind.rawValue) \(c.label)"
        // The xib id only of what the file holds (a storyboard placeholder's id is in no element).
        if let d = c.destination { s += " → \(d.rawValue)" + (isWritten(d) ? xibID[d].map { " (\($0))" } ?? "" : "") }
        if let m = c.members { s += " → [" + m.map(\.rawValue).joined(separator: ", ") + "]" }
        if let v = c.value { s += " = \(v)" }
        if let u = c.unresolved { s += " (\(u.message))" }
        return s
    }

    /// Storyboard plumbing that compilation adds and a source never holds (nib-format.md §5.2):
    /// File's Owner's `sceneViewController`/`sceneController` outlets, `storyboard` outlets,
    /// connections of segue templates and the storyboard placeholder, `perform:` actions.
    static func isCompilationArtefact(_ c: Connection, in document: NibDocument) -> Bool {
        if c.kind == .outlet && ["sceneViewController", "sceneController", "storyboard", "staticDataSource"].contains(c.label) { return true }
        if c.kind == .action && c.label == "perform:" { return true }
        for id in [c.source, c.destination].compactMap({ $0 }) {
            if let o = document.object(id), o.className.contains("SegueTemplate") || o.placeholder?.kind == .storyboard { return true }
        }
        return false
    }
}
