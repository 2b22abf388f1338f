/// Turns the object elements of a `<document>`-format xib or storyboard subtree into
/// ``NibObject``s and ``Connection``s (nib-format.md §7.1–7.3).
///
/// An element is an object when it carries an `id` and is not a connection or design-time
/// metadata element (``XIBClassTable/nonObjectElements``); its parent is the nearest enclosing
/// object element, so the hierarchy follows the XML nesting (subviews, cells, menu items,
/// controllers and their views) whatever the element names are. Everything else inside an object
/// element becomes a property (`key` attribute or element name) or, for `<connections>`,
/// `<userDefinedRuntimeAttributes>` and `<accessibility>`, a connection.
struct XIBObjectBuilder {
    let platform: Platform
    /// Every object id of the whole file → its element (for resolving destinations across scenes).
    let globalIndex: [String: XMLElementNode]
    /// In a storyboard, every object id of the file → its scene's identifier; empty for a xib.
    /// Only a segue may end in another scene.
    let sceneOfObject: [String: String]
    /// Depth limit for the element walk (the XML parser already bounds nesting).
    let maxDepth = 500

    private(set) var objects: [NibObject] = []
    private(set) var connections: [Connection] = []
    private(set) var diagnostics: [Diagnostic] = []
    private var objectIndex: [ObjectID: Int] = [:]
    /// The column of a `<connections>` child's start tag, by connection index, for diagnostics.
    private var connectionColumns: [Int: Int] = [:]

    init(platform: Platform, globalIndex: [String: XMLElementNode], sceneOfObject: [String: String] = [:]) {
        self.platform = platform
        self.globalIndex = globalIndex
        self.sceneOfObject = sceneOfObject
    }

    /// The objects, connections and diagnostics built, moved out of the builder (which is left
    /// empty), so that the document they go into is their only owner and changing them there
    /// copies nothing.
    mutating func finish() -> (objects: [NibObject], connections: [Connection], diagnostics: [Diagnostic]) {
        defer { (objects, connections, diagnostics, objectIndex) = ([], [], [], [:]) }
        return (objects, connections, diagnostics)
    }

    /// The id a repeated object id is kept under: `raw~2`, `raw~3`, … the first that `isTaken`
    /// refuses, so that every id names one object and the hierarchy stays a tree.
    static func separateID(for raw: String, isTaken: (String) -> Bool) -> String {
        var n = 2
        while isTaken("\(raw)~\(n)") { n += 1 }
        return "\(raw)~\(n)"
    }

    /// True when `element` stands for an archived object.
    static func isObject(_ element: XMLElementNode) -> Bool {
        element["id"] != nil && !XIBClassTable.nonObjectElements.contains(element.name)
    }

    /// Collects every object element below `container` (an `<objects>` element), returning the ids
    /// of the top-level ones in document order.
    mutating func build(container: XMLElementNode) -> [ObjectID] {
        // Sized once: a large xib's object array and index are not copied as they grow.
        let count = Self.objectCount(below: container, maxDepth: maxDepth)
        objects.reserveCapacity(objects.count + count)
        objectIndex.reserveCapacity(objectIndex.count + count)
        var top: [ObjectID] = []
        for child in container.children {
            walk(child, parent: nil, depth: 0, topLevel: &top)
        }
        resolveConnections()
        return top
    }

    /// The object elements below `container` (at most ``maxDepth`` deep): at least as many as
    /// ``build(container:)`` makes objects of.
    static func objectCount(below container: XMLElementNode, maxDepth: Int) -> Int {
        var count = 0
        var stack: [(element: XMLElementNode, depth: Int)] = container.children.map { ($0, 0) }
        while let (element, depth) = stack.popLast() {
            guard depth < maxDepth else { continue }
            if isObject(element) { count += 1 }
            for child in element.children { stack.append((child, depth + 1)) }
        }
        return count
    }

    private mutating func walk(_ element: XMLElementNode, parent: ObjectID?, depth: Int, topLevel: inout [ObjectID]) {
        guard depth < maxDepth else {
            diagnostics.append(Diagnostic(.elementNestingTooDeep,
                                          "nesting deeper than \(maxDepth); rest of branch skipped",
                                          location: .init(sourceLine: element.line, sourceColumn: element.column)))
            return
        }
        if Self.isObject(element), let rawID = element["id"] {
            var id = ObjectID(rawID)
            if objectIndex[id] != nil {
                // Kept under an id of its own (`2~2`); references to the id go to the first element.
                id = ObjectID(Self.separateID(for: rawID) { objectIndex[ObjectID($0)] != nil })
                diagnostics.append(Diagnostic(.duplicateObjectID,
                                              "duplicate object id '\(rawID)'; later element kept as a separate entry, id '\(id)'",
                                              location: .init(object: id, sourceLine: element.line, sourceColumn: element.column)))
            }
            var object = makeObject(element, id: id, parent: parent)
            if parent == nil { topLevel.append(id) }
            if let parent, let pi = objectIndex[parent] { objects[pi].children.append(id) }
            objectIndex[id] = objects.count
            objects.append(object)
            let index = objects.count - 1
            // Properties and connections from non-object children; objects recursively.
            var properties: [Property] = []
            for child in element.children {
                collect(child, owner: id, properties: &properties, depth: depth + 1, topLevel: &topLevel)
            }
            object = objects[index]
            if element.name == "menuItem" || element.name == "buttonCell", element["keyEquivalent"] == nil,
               let i = properties.firstIndex(where: { $0.key == "keyEquivalent" }), case .string(let key) = properties[i].value {
                // `<string key="keyEquivalent" base64-UTF8="YES">CA</string>`: shown with its modifiers, as the attribute form.
                if key.isEmpty {
                    properties.remove(at: i)
                } else {
                    properties[i].value = .keyEquivalent(KeyEquivalent(key: key, modifierMask: Self.modifierMask(element)))
                }
            }
            object.properties = (object.properties + properties).sorted { $0.key < $1.key }
            if object.name == nil { object.name = Self.textName(element) }
            objects[index] = object
        } else {
            for child in element.children {
                walk(child, parent: parent, depth: depth + 1, topLevel: &topLevel)
            }
        }
    }

    /// A non-object child of object `owner`: a property, connections, or a container of objects.
    private mutating func collect(_ element: XMLElementNode, owner: ObjectID, properties: inout [Property],
                                  depth: Int, topLevel: inout [ObjectID]) {
        if Self.isObject(element) {
            if let key = element["key"], let rawID = element["id"] {
                properties.append(Property(key, .object(ObjectID(rawID))))
            }
            walk(element, parent: owner, depth: depth, topLevel: &topLevel)
            return
        }
        switch element.name {
        case "connections":
            for c in element.children {
                for connection in XIBConnections.parse(c, source: owner) {
                    if connection.sourceLine == c.line, let column = c.column { connectionColumns[connections.count] = column }
                    connections.append(connection)
                }
            }
            return
        case "userDefinedRuntimeAttributes":
            for c in element.children where c.name == "userDefinedRuntimeAttribute" {
                connections.append(XIBConnections.runtimeAttribute(c, source: owner))
            }
            return
        case "accessibility":
            connections.append(contentsOf: XIBConnections.accessibility(element, source: owner))
        default:
            break
        }
        let isProperty = element["key"] != nil || element.hasAttributes || element.trimmedText != nil
            || element.children.isEmpty
        if isProperty { properties.append(contentsOf: XIBProperties.properties(of: element)) }
        // Inside a property element only objects and connections are looked for.
        var sink: [Property] = []
        for child in element.children {
            if isProperty {
                collect(child, owner: owner, properties: &sink, depth: depth + 1, topLevel: &topLevel)
            } else {
                collect(child, owner: owner, properties: &properties, depth: depth + 1, topLevel: &topLevel)
            }
        }
    }

    /// The object for one element, before its children are read.
    private func makeObject(_ e: XMLElementNode, id: ObjectID, parent: ObjectID?) -> NibObject {
        var className = XIBClassTable.className(element: e.name, platform: platform)
        var placeholder: Placeholder?
        let customClass = e["customClass"]
        switch e.name {
        case "placeholder":
            let identifier = e["placeholderIdentifier"] ?? ""
            className = platform == .macOS ? "NSObject" : "UIProxyObject"
            switch identifier {
            case "IBFilesOwner": placeholder = Placeholder(kind: .filesOwner, identifier: identifier)
            case "IBFirstResponder": placeholder = Placeholder(kind: .firstResponder, identifier: identifier)
            default: placeholder = Placeholder(kind: .external, identifier: identifier)
            }
        case "exit":
            placeholder = Placeholder(kind: .exit, identifier: e["id"] ?? "")
        case "customObject", "application":
            placeholder = Self.macPlaceholder(e)
        default:
            break
        }
        if e["sceneMemberID"] == "firstResponder" && placeholder == nil {
            placeholder = Placeholder(kind: .firstResponder, identifier: "IBFirstResponder")
        }
        if placeholder?.kind == .application { className = platform == .macOS ? "NSApplication" : "UIApplication" }
        var properties: [Property] = []
        for (key, value) in e.attributes where !Self.structuralAttributes.contains(key) {
            // A table column's widths are points, as compiled (`NSWidth`, `NSMinWidth`, `NSMaxWidth`).
            if e.name == "tableColumn", ["width", "minWidth", "maxWidth"].contains(key), let points = Double(value) {
                properties.append(Property(key, .double(points)))
                continue
            }
            properties.append(Property(key, XIBProperties.attributeValue(key: key, value)))
        }
        if e.name == "menuItem" || e.name == "buttonCell" {
            // As in compiled nibs: the key equivalent as AppKit shows it, separators marked.
            properties.removeAll { $0.key == "keyEquivalent" || $0.key == "isSeparatorItem" }
            if let key = e["keyEquivalent"], !key.isEmpty {
                properties.append(Property("keyEquivalent", .keyEquivalent(KeyEquivalent(key: key, modifierMask: Self.modifierMask(e)))))
            }
            if e["isSeparatorItem"] == "YES" { properties.append(Property("separator", .bool(true))) }
        }
        if platform == .macOS, e.name == "customView" { properties.append(Property("customView", .bool(true))) }
        if e.name == "toolbar", let defaults = Self.defaultToolbarItems(e), !defaults.isEmpty { properties.append(Property("defaultToolbarItems", .identifiers(defaults))) }
        if e.name == "constraint", let constraint = Self.constraint(e, holder: parent) {
            properties.append(Property("constraint", .finite(.constraint(constraint))))
        }
        let nonEmpty = { (s: String?) -> String? in s.flatMap { $0.isEmpty ? nil : $0 } }
        let name = nonEmpty(e["userLabel"]) ?? nonEmpty(e["title"]) ?? nonEmpty(e["text"])
            ?? (placeholder?.kind == .external ? e["placeholderIdentifier"] : placeholder?.kind.displayName)
        let dropCustom = customClass == className || placeholder?.kind == .firstResponder
            || (placeholder?.kind == .application && customClass == "NSObject")
        // A custom class written as its Swift runtime name (`_TtC5MyApp8CardView`) is the same class
        // as `MyApp.CardView`: demangled here as compiled nibs are, the runtime name kept.
        var custom = dropCustom ? nil : customClass
        var module = e["customModule"]
        var runtimeName: String?
        if let c = custom, let swift = SwiftNames.demangle(c) {
            (custom, runtimeName) = (swift.name, c)
            if module == nil { module = swift.module }
        }
        return NibObject(id: id, className: className, customClass: custom, customModule: module,
                         runtimeClassName: runtimeName, placeholder: placeholder, name: name, parent: parent,
                         properties: properties, sourceLine: e.line,
                         label: placeholder == nil ? nonEmpty(e["userLabel"]) : nil)
    }

    /// A toolbar's `<defaultToolbarItems>` as the compiled reader gives them: the identifier
    /// (`explicitItemIdentifier`, else `implicitItemIdentifier`) of each item referenced, in
    /// order; nil without the element.
    static func defaultToolbarItems(_ toolbar: XMLElementNode) -> [String]? {
        guard let defaults = toolbar.children.first(where: { $0.name == "defaultToolbarItems" }) else { return nil }
        let allowed = toolbar.children.filter { $0.name == "allowedToolbarItems" }.flatMap(\.children)
        return defaults.children.prefix(1_000).compactMap { ref in
            guard let id = ref["reference"] ?? ref["id"], let item = allowed.first(where: { $0["id"] == id }) ?? (ref["id"] != nil ? ref : nil) else { return nil }
            return item["explicitItemIdentifier"] ?? item["implicitItemIdentifier"]
        }
    }

    /// Attributes that are part of the object itself rather than properties.
    /// A menu item's or button cell's `<modifierMask key="keyEquivalentModifierMask">` as AppKit's
    /// modifier flags (shift 1<<17, control 1<<18, option 1<<19, command 1<<20); without the
    /// element, ⌘ for a menu item (its default) and none for a button cell.
    static func modifierMask(_ e: XMLElementNode) -> Int64 {
        guard let m = e.children.first(where: { $0.name == "modifierMask" && $0["key"] == "keyEquivalentModifierMask" }) else {
            return e.name == "menuItem" ? 1 << 20 : 0   // (a menu item's default is ⌘, a button's none)
        }
        var mask: Int64 = 0
        for (attribute, bit) in [("shift", 17), ("control", 18), ("option", 19), ("command", 20)] where m[attribute] == "YES" {
            mask |= 1 << Int64(bit)
        }
        return mask
    }

    /// A `<constraint>` element as a ``LayoutConstraint``: a missing `firstItem` is the view
    /// that holds the constraint; `multiplier` is a number or a ratio (`2:1`).
    static func constraint(_ e: XMLElementNode, holder: ObjectID?) -> LayoutConstraint? {
        guard let first = e["firstAttribute"] else { return nil }
        let relation: LayoutConstraint.Relation
        switch e["relation"] {
        case "lessThanOrEqual": relation = .lessThanOrEqual
        case "greaterThanOrEqual": relation = .greaterThanOrEqual
        default: relation = .equal
        }
        var multiplier = 1.0
        if let m = e["multiplier"] {
            let parts = m.split(separator: ":").compactMap { Double($0) }
            // A number or a ratio `a:b`; anything else (`2:0`, text) is no constraint we can state.
            switch parts.count {
            case 1 where !m.contains(":"): multiplier = parts[0]
            case 2 where parts[1] != 0 && m.split(separator: ":").count == 2: multiplier = parts[0] / parts[1]
            default: return nil
            }
        }
        let second = e["secondItem"].map(ObjectID.init)
        return LayoutConstraint(firstItem: e["firstItem"].map(ObjectID.init) ?? holder, firstAttribute: first,
                                relation: relation, secondItem: second,
                                secondAttribute: second == nil ? nil : e["secondAttribute"] ?? first,
                                multiplier: multiplier, constant: e["constant"].flatMap(Double.init) ?? 0,
                                priority: e["priority"].flatMap(Double.init).flatMap { $0 == 1000 ? nil : $0 })
    }

    static let structuralAttributes: Set<String> = ["id", "customClass", "customModule", "userLabel", "key"]

    /// macOS File's Owner (-2), First Responder (-1), Application (-3) custom objects (§7.2).
    static func macPlaceholder(_ e: XMLElementNode) -> Placeholder? {
        let label = e["userLabel"]
        if e["id"] == "-2" || label == "File's Owner" { return Placeholder(kind: .filesOwner, identifier: "NSRoot") }
        if e["id"] == "-1" || label == "First Responder" || e["customClass"] == "FirstResponder" {
            return Placeholder(kind: .firstResponder, identifier: "FirstResponder")
        }
        if e["id"] == "-3" || label == "Application" || e.name == "application" {
            return Placeholder(kind: .application, identifier: "NSApplication")
        }
        return nil
    }

    /// `<string key="text">`/`title` content as a display name.
    static func textName(_ e: XMLElementNode) -> String? {
        for key in ["text", "title", "normalTitle"] {
            if let c = e.child(key: key), c.name == "string", let t = c.trimmedText { return t }
        }
        if let state = e.children.first(where: { $0.name == "state" && $0["key"] == "normal" }), let t = state["title"] {
            return t
        }
        return nil
    }

    /// Marks destinations and members that name no object of the file, or, other than a segue's,
    /// an object of another storyboard scene: each scene compiles to nibs of its own, so such an
    /// end has no object at load (found by fuzzing; NetNewsWire's `Account.storyboard` has one, a
    /// button's second `showHidePassword:` action aimed at another scene's controller).
    private mutating func resolveConnections() {
        for i in connections.indices {
            var problems: [(code: DiagnosticCode, text: String)] = []
            func check(_ id: ObjectID, _ role: String, _ code: DiagnosticCode) {
                if globalIndex[id.rawValue] == nil {
                    problems.append((code, "\(role) '\(id.rawValue)' not found"))
                } else if connections[i].kind != .segue, let scene = sceneOfObject[id.rawValue], objectIndex[id] == nil {
                    problems.append((code, "\(role) '\(id.rawValue)' is an object of another scene (\(scene)), not of this one"))
                }
            }
            if let d = connections[i].destination { check(d, "destination", .unresolvedDestination) }
            for m in connections[i].members ?? [] { check(m, "member", .unresolvedMember) }
            if let first = problems.first {
                connections[i].unresolved = Diagnostic(
                    first.code, problems.map(\.text).joined(separator: "; "),
                    location: .init(object: connections[i].source, sourceLine: connections[i].sourceLine,
                                    sourceColumn: connectionColumns[i]))
            }
            if connections[i].kind == .action, let d = connections[i].destination,
               let element = globalIndex[d.rawValue], Self.isFirstResponder(element) {
                connections[i].isNilTargeted = true
            }
        }
        XIBConnections.mergeOutletCollections(&connections)
    }

    static func isFirstResponder(_ e: XMLElementNode) -> Bool {
        e["placeholderIdentifier"] == "IBFirstResponder" || e["sceneMemberID"] == "firstResponder"
            || (e.name == "customObject" && (e["id"] == "-1" || e["customClass"] == "FirstResponder"))
    }
}
