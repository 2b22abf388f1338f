import ArchiveReader
import TextEscaping

/// One-line descriptions of objects, placeholders and connections of a resolved document, shared
/// by `tree` and `connections`. Vocabulary: File's Owner, First Responder, outlet, outlet
/// collection, action, control events, binding (user-needs.md §B0).
struct ConnectionText {
    /// The document's objects (made as they are described when deferred).
    let objects: DocumentObjects
    var document: NibDocument { objects.document }
    let style: TerminalStyle
    /// Other documents of the same input, to describe what an upstream placeholder stands for.
    var siblings: SiblingDocuments

    init(document: NibDocument, style: TerminalStyle, siblings: SiblingDocuments = SiblingDocuments([])) {
        self.init(objects: DocumentObjects(document), style: style, siblings: siblings)
    }

    init(objects: DocumentObjects, style: TerminalStyle, siblings: SiblingDocuments = SiblingDocuments([])) {
        self.objects = objects
        self.style = style
        self.siblings = siblings
    }

    func object(_ id: ObjectID?) -> NibObject? { objects.object(id) }

    /// `LoginView (UIView)`, `MyApp.LoginView (UIView)`, `UILabel`.
    func classText(_ o: NibObject) -> String {
        guard let qualified = o.qualifiedCustomClass else { return style.className(o.className) }
        return style.customClass(qualified) + " (" + style.className(o.className) + ")"
    }

    /// `File's Owner (LoginViewController)`, `First Responder`, `UpstreamPlaceholder-1 (= …)`.
    func placeholderText(_ o: NibObject, _ p: Placeholder, full: Bool = false) -> String {
        var s: String
        switch p.kind {
        case .external: s = style.placeholder("External Object") + " " + style.name(Escape.quoted(p.identifier))
        case .upstream: s = style.placeholder(p.identifier)
        default: s = style.placeholder(p.kind.displayName)
        }
        if let custom = o.qualifiedCustomClass {
            s += " (" + style.customClass(custom) + ")"
        } else if full, p.kind == .filesOwner, o.className == "UIProxyObject" || o.className == "NSObject" {
            s += style.detail(" (class not stated in the nib)")
        }
        if let target = p.resolvedTarget {
            s += " = " + (full ? upstreamText(target, identity: p.target) : upstreamClass(target, identity: p.target))
        }
        return s
    }

    /// `LoginViewController (UIViewController)`: a placeholder target's class without its document.
    func classText(_ t: Placeholder.Target) -> String {
        guard let qualified = t.qualifiedCustomClass else { return style.className(t.className) }
        return style.customClass(qualified) + " (" + style.className(t.className) + ")"
    }

    /// The class of the object an upstream target names (from its document when it is one of
    /// the input's, else from the placeholder's ``Placeholder/target``), or the target itself.
    func upstreamClass(_ target: String, identity: Placeholder.Target? = nil) -> String {
        guard let colon = target.lastIndex(of: ":") else { return style.text(target) }
        let scene = String(target[..<colon])
        let id = ObjectID(String(target[target.index(after: colon)...]))
        if let o = siblings.named(scene)?.object(id) { return classText(o) }
        if let identity { return classText(identity) }
        return style.text(target)
    }

    /// `UIStoryboardShowSegueTemplate #12 in Scene` for `Scene:#12`.
    func upstreamText(_ target: String, identity: Placeholder.Target? = nil) -> String {
        guard let colon = target.lastIndex(of: ":") else { return style.text(target) }
        let scene = String(target[..<colon])
        let id = ObjectID(String(target[target.index(after: colon)...]))
        if let doc = siblings.named(scene), let o = doc.object(id) {
            return classText(o) + " " + style.id(id.rawValue) + " in " + style.text(scene)
        }
        if let identity { return classText(identity) + " " + style.id(id.rawValue) + " in " + style.text(scene) }
        return style.text(target)
    }

    /// `#5 UILabel "Welcome"`, `#1 File's Owner (LoginViewController)`, `nil`.
    func endpoint(_ id: ObjectID?) -> String {
        guard let id else { return style.warning("nil") }
        guard let o = object(id) else { return style.warning("\(id.rawValue) (not an object of this document)") }
        return style.id(id.rawValue) + " " + describe(o)
    }

    /// An object without its id: class (or placeholder) and name.
    func describe(_ o: NibObject, full: Bool = false) -> String {
        if let p = o.placeholder { return placeholderText(o, p, full: full) }
        var s = classText(o)
        if let name = o.name { s += " " + style.name(Escape.quoted(Self.shortened(name))) }
        if case .keyEquivalent(let key)? = o.property("keyEquivalent") { s += " " + style.detail(key.description) }
        if case .bool(true)? = o.property("separator") { s += style.detail(" (separator)") }
        return s
    }

    /// At most 60 characters, with an ellipsis when cut (full text is in `--properties` and JSON).
    static func shortened(_ s: String) -> String {
        s.count <= 60 ? s : String(s.prefix(59)) + "…"
    }

    /// What a connection does, seen from its source: `outlet titleLabel → #5 UILabel "Welcome"`.
    func outgoing(_ c: Connection) -> String {
        var s: String
        switch c.kind {
        case .outlet:
            s = style.kind("outlet") + " " + style.text(c.label) + " → " + endpoint(c.destination)
        case .outletCollection:
            let members = (c.members ?? []).map { endpoint($0) }.joined(separator: ", ")
            s = style.kind("outlet collection") + " " + style.text(c.label) + " → [" + members + "]"
            var notes: [String] = []
            if let cls = c.collectionClass { notes.append(cls) }
            if c.appendsToCollection == true { notes.append("appends") }
            if !notes.isEmpty { s += style.detail(" (" + notes.joined(separator: ", ") + ")") }
        case .action:
            s = style.kind("action") + " " + style.text(c.label) + " → "
            if c.isNilTargeted {
                s += style.placeholder("First Responder") + style.detail(" (responder chain)")
            } else {
                s += endpoint(c.destination)
            }
            if let events = c.controlEvents { s += " [" + events.description + "]" }
        case .binding:
            s = style.kind("binding") + " " + style.text(c.label) + " → " + endpoint(c.destination)
            if let keyPath = c.keyPath { s += " keyPath " + style.name(keyPath) }
            if let options = c.options, !options.isEmpty {
                s += style.detail(" {" + options.keys.sorted().map { "\($0)=\(options[$0] ?? "")" }.joined(separator: ", ") + "}")
            }
        case .runtimeAttribute:
            s = style.kind("runtime attribute") + " " + style.text(c.label) + " = " + (c.value.map(valueText) ?? "nil")
        case .accessibility:
            s = style.kind("accessibility") + " " + style.text(c.label) + " = " + (c.value.map(valueText) ?? "nil")
        case .segue:
            let segue = c.segue
            s = style.kind("segue") + " " + style.text(c.label)
            if let id = segue?.identifier { s += " " + style.name(Escape.quoted(id)) }
            s += " → scene " + (segue?.destinationScene.map { style.name($0) } ?? style.warning("?"))
            if let cls = segue?.segueClass { s += style.detail(" (\(cls))") }
        case .other:
            s = style.kind("other") + " " + style.text(c.label)
            if let d = c.destination { s += " → " + endpoint(d) }
            if let v = c.value { s += " = " + valueText(v) }
        }
        if let why = c.unresolved { s += " " + style.warning("⚠ unresolved: \(why.messageWithLine)") }
        return s
    }

    /// What a connection does, seen from its destination: `← outlet view from #1 File's Owner`.
    func incoming(_ c: Connection) -> String {
        let kind = c.kind == .outletCollection ? "outlet collection" : c.kind.rawValue
        var s = "← " + style.kind(kind) + " " + style.text(c.label) + " from " + endpoint(c.source)
        if let why = c.unresolved { s += " " + style.warning("⚠ unresolved: \(why.messageWithLine)") }
        return s
    }

    func valueText(_ v: PropertyValue) -> String {
        switch v {
        case .string(let s): return style.name(Escape.quoted(s))
        case .localizedString(let l): return style.name(Escape.quoted(l.text))
        case .keyEquivalent(let k): return style.name(Escape.quoted(k.description))
        case .object(let id): return endpoint(id)
        default: return style.text(v.description)
        }
    }
}

/// `1 object`, `2 objects`; `plural(3, "child", "children")`.
func plural(_ count: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : pluralForm ?? singular + "s")
}

/// The documents of one input by name (the first of a repeated name), so that describing an
/// upstream placeholder's `<scene>:<id>` target costs O(1) whatever the number of documents.
/// Build it once per input; copies share the table.
struct SiblingDocuments: Sendable {
    let documents: [NibDocument]
    private let positions: [String: Int]

    init(_ documents: [NibDocument]) {
        self.documents = documents
        var positions: [String: Int] = [:]
        for (i, d) in documents.enumerated() where positions[d.name] == nil { positions[d.name] = i }
        self.positions = positions
    }

    /// The document named `name`, if any.
    func named(_ name: String) -> NibDocument? { positions[name].map { documents[$0] } }
}
