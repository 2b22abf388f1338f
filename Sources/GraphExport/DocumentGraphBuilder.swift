import NibModel
import Foundation

/// Turns one ``NibDocument`` into the nodes, edges and hierarchy clusters of a ``ConnectionGraph``.
///
/// Drawn: every placeholder, every object that takes part in a drawn connection (or, with
/// ``GraphOptions/hierarchy``, every object), and synthetic nodes for First Responder (when a
/// nil-targeted action needs one and the document has none), for each unresolved end (`?`) and
/// for scenes named by segues. Edges follow ``Connection`` direction (nib-format.md §3.3, §4.4):
/// outlets owner → value, one edge per outlet collection member (`name[i]`), actions control →
/// target, bindings bound object → observed object (`binding → key path`).
struct DocumentGraphBuilder {
    typealias Node = ConnectionGraph.Node
    typealias Edge = ConnectionGraph.Edge

    /// The part of a graph that one document contributes.
    struct Part {
        var nodes: [Node]
        var edges: [Edge]
        var clusters: [ConnectionGraph.Cluster]
        var clusteredNodeIDs: Set<String>
    }

    /// Deepest hierarchy nesting drawn; deeper (or cyclic) parent chains are cut (drawn flat).
    static let maxClusterDepth = 48

    let document: NibDocument
    let options: GraphOptions
    let idPrefix: String
    /// Node ids of objects drawn in another document of the same graph, for the placeholders
    /// here that stand for them (upstream placeholders bound to a scene nib's object): such a
    /// placeholder is drawn as that object's node, so a controller is one node.
    var aliases: [ObjectID: String] = [:]
    /// Objects ``GraphOptions/focus`` names through a storyboard controller
    /// (``NibInput/controllerObjects(named:)``).
    var controllerFocus: Set<ObjectID> = []
    /// The document's objects: its own list, or objects made when read (``GraphObjects``).
    let objects: any GraphObjects
    /// ``NibDocument/placeholders``, computed once (it filters and sorts every object).
    private let placeholders: [NibObject]
    /// The First Responder placeholder, if the document has one.
    private let firstResponderPlaceholder: NibObject?
    private var syntheticNodes: [Node] = []
    private var syntheticIDs: Set<String> = []
    private var unresolvedCount = 0

    /// `objects`: the document's objects as read (nil: its own list, ``DocumentObjectList``).
    init(document: NibDocument, objects: (any GraphObjects)? = nil, options: GraphOptions, idPrefix: String) {
        self.document = document
        let objects = objects ?? DocumentObjectList(document)
        self.objects = objects
        self.options = options
        self.idPrefix = idPrefix
        placeholders = objects.placeholders
        firstResponderPlaceholder = placeholders.first { $0.placeholder?.kind == .firstResponder }
        var ports: [ObjectID: (menu: ObjectID, port: String)] = [:]
        if options.hierarchy {
            for p in 0..<objects.count {
                let menu = objects.object(at: p)
                guard Self.isMenu(menu) else { continue }
                for (i, child) in menu.children.enumerated() where ports[child] == nil {
                    if objects.object(child)?.className == "NSMenuItem" { ports[child] = (menu.id, "i\(i + 1)") }
                }
            }
        }
        menuPorts = ports
        var names = OutletNames(count: objects.count)
        if options.kinds.contains(.outlet) {
            let connections = document.connections
            for (i, c) in connections.enumerated() where c.kind == .outlet {
                // A storyboard's own bookkeeping outlets name nothing the developer named.
                guard let d = objects.position(of: c.destination), !c.label.isEmpty, !Self.storyboardOutlets.contains(c.label),
                      options.showsResponderChain || !GraphOptions.keyViewLoopOutlets.contains(c.label) else { continue }
                // Outlets the app declares: of a placeholder (File's Owner) or of a custom class,
                // not a framework view's `delegate` or `dataSource`.
                guard let source = objects.position(of: c.source),
                      objects.placeholder(at: source) != nil || objects.object(at: source).customClass != nil else { continue }
                names.add(connection: i, at: d) { connections[$0].label }
            }
        }
        outletNames = names
    }

    /// The names of the drawn outlets of a placeholder or a custom-class object that point at
    /// each object, in connection order (an object is labelled by them: `titleLabel: UILabel`).
    private let outletNames: OutletNames

    /// The first three distinct names of the outlets pointing at each object, by position: a
    /// label shows two and `…` when there are more. Each is the index of its connection, so the
    /// table is three integers per object, not a list of strings (a large nib has as many
    /// outlets as objects).
    struct OutletNames {
        /// Per position three connection indexes, -1 where there is none.
        private var slots: [Int32]

        init(count: Int) {
            slots = Array(repeating: -1, count: count * 3)
        }

        /// Adds the name of the outlet `connection` pointing at the object at `position`, unless
        /// that object has it or three others already; `label` reads a connection's name.
        mutating func add(connection: Int, at position: Int, label: (Int) -> String) {
            let name = label(connection)
            for k in position * 3..<position * 3 + 3 {
                if slots[k] < 0 {
                    slots[k] = Int32(connection)
                    return
                }
                if label(Int(slots[k])) == name { return }
            }
        }

        /// The names kept for the object at `position`, in connection order.
        func names(at position: Int, label: (Int) -> String) -> [String] {
            (position * 3..<position * 3 + 3).prefix { slots[$0] >= 0 }.map { label(Int(slots[$0])) }
        }
    }

    /// Outlets a compiled storyboard's scene nib archives for itself (nib-format.md §5.2): they
    /// do not name their destination in a label.
    static let storyboardOutlets: Set<String> = ["sceneViewController", "sceneController", "storyboard", "viewController"]

    /// With ``GraphOptions/hierarchy``: each menu item's menu and row port. A menu is drawn as one
    /// node listing its items; connections of an item start or end at its row.
    private let menuPorts: [ObjectID: (menu: ObjectID, port: String)]

    /// A layout constraint, or the cell of the control that holds it (`NSButtonCell` in an
    /// `NSButton`): left out of ``GraphOptions/hierarchy`` drawings unless connected.
    func isDetail(_ object: NibObject) -> Bool {
        guard object.placeholder == nil else { return false }
        if object.className.hasSuffix("LayoutConstraint") { return true }
        guard object.className.hasSuffix("Cell"), let parent = objects.object(object.parent) else { return false }
        return object.className == parent.className + "Cell"
    }

    /// An `NSMenu` (not a placeholder).
    static func isMenu(_ object: NibObject) -> Bool {
        object.placeholder == nil && object.className == "NSMenu"
    }

    /// The document's part, or nil when ``GraphOptions/focus`` is set and matches nothing here.
    mutating func build() -> Part? {
        var edges: [(edge: Edge, objects: [ObjectID])] = []
        forEachConnectionEdge { edges.append(($0, $1)) }
        var shown = Set<ObjectID>()
        if let focus = options.focus {
            let focused = Set(ObjectQuery(focus, controllerObjects: [document.name: controllerFocus]).bestMatches(in: document))
            if focused.isEmpty { return nil }
            edges = edges.filter { !focused.isDisjoint(with: $0.objects) }
            shown = focused
        } else {
            forEachShownWithoutEdges { shown.insert($0) }
        }
        if options.hierarchy { edges += submenuEdges() }
        for e in edges { shown.formUnion(e.objects) }
        let usedSynthetic = Set(edges.flatMap { [$0.edge.from, $0.edge.to] })
        // First Responder is drawn only for the edges that end at it.
        if let fr = hiddenFirstResponder, !edges.contains(where: { $0.objects.contains(fr) }) {
            shown.remove(fr)
        }

        var nodes: [Node] = []
        forEachNode(shown: { shown.contains($0) }, usedSynthetic: usedSynthetic) { nodes.append($0) }

        var clusters: [ConnectionGraph.Cluster] = []
        var clustered = Set<String>()
        if options.hierarchy { (clusters, clustered) = hierarchyClusters(shown: shown) }
        return Part(nodes: nodes, edges: edges.map(\.edge), clusters: clusters, clusteredNodeIDs: clustered)
    }

    /// Gives `body` the edges of each drawn connection in connection order, with the objects
    /// each edge shows (a menu item stands for its menu). Makes the synthetic nodes the edges
    /// end at (``forEachNode(shown:usedSynthetic:_:)`` gives them), so a second run over the
    /// same connections needs a copy of the builder as it was before the first.
    mutating func forEachConnectionEdge(_ body: (Edge, [ObjectID]) -> Void) {
        for connection in document.connections where options.kinds.contains(connection.kind) {
            if !options.showsResponderChain && isResponderChain(connection) { continue }
            for e in makeEdges(connection) { body(e.edge, e.objects) }
        }
    }

    /// Without ``GraphOptions/focus``: gives `body` the objects drawn whatever the edges, every
    /// placeholder (and with ``GraphOptions/hierarchy`` every object but menu items and details).
    func forEachShownWithoutEdges(_ body: (ObjectID) -> Void) {
        for p in 0..<objects.count where objects.placeholder(at: p) != nil || options.hierarchy {
            let object = objects.object(at: p)
            // A menu item is a row of its menu's node, not a node of its own; constraints
            // and a control's own cell are drawn only for a connection.
            if menuPorts[object.id] != nil || isDetail(object) { continue }
            body(object.id)
        }
    }

    /// The First Responder placeholder when it is drawn only for the edges that end at it
    /// (without ``GraphOptions/showsResponderChain``).
    var hiddenFirstResponder: ObjectID? {
        options.showsResponderChain ? nil : firstResponderPlaceholder?.id
    }

    /// Gives `body` the document's nodes in drawing order: the `shown` placeholders (not drawn
    /// for another document), the other `shown` objects in document order (the first of a
    /// repeated id; not menu items), then the synthetic nodes whose ids are in `usedSynthetic`.
    /// Each node is made when given.
    func forEachNode(shown: (ObjectID) -> Bool, usedSynthetic: Set<String>, _ body: (Node) -> Void) {
        for object in placeholders where shown(object.id) && aliases[object.id] == nil {
            body(node(for: object))
        }
        for p in 0..<objects.count where objects.placeholder(at: p) == nil {
            let id = objects.id(at: p)
            guard shown(id), menuPorts[id] == nil else { continue }
            let object = objects.object(at: p)
            // A repeated id (a malformed xib): the object is drawn when it equals the first.
            guard objects.position(of: id) == p || objects.object(id) == object else { continue }
            body(node(for: object))
        }
        for node in syntheticNodes where usedSynthetic.contains(node.id) { body(node) }
    }

    // MARK: Nodes

    func nodeID(_ id: ObjectID) -> String {
        if let row = menuPorts[id] { return nodeID(row.menu) }
        return aliases[id] ?? idPrefix + id.rawValue
    }

    /// One edge from each menu item row that opens a submenu to the submenu's node.
    private func submenuEdges() -> [(edge: Edge, objects: [ObjectID])] {
        var out: [(edge: Edge, objects: [ObjectID])] = []
        for (itemID, row) in menuPorts.sorted(by: { $0.key < $1.key }) {
            guard let item = objects.object(itemID) else { continue }
            for child in item.children {
                guard let submenu = objects.object(child), Self.isMenu(submenu) else { continue }
                var edge = Edge(from: nodeID(row.menu), to: nodeID(submenu.id), kind: .submenu, lines: [])
                edge.fromPort = row.port
                out.append((edge, [row.menu, submenu.id]))
            }
        }
        return out
    }

    func node(for object: NibObject) -> Node {
        var lines: [String]
        if let placeholder = object.placeholder {
            lines = [placeholder.kind.displayName]
            if let custom = object.customClass {
                lines.append(custom)
            } else if placeholder.kind == .external || placeholder.kind == .upstream {
                lines.append(truncate(placeholder.identifier))
            }
        } else {
            // The outlets that point at it name it first: `titleLabel: UILabel`.
            let names = objects.position(of: object.id).map { p in
                outletNames.names(at: p) { document.connections[$0].label }
            } ?? []
            let shown = names.prefix(2).joined(separator: ", ") + (names.count > 2 ? ", …" : "")
            lines = [names.isEmpty ? object.effectiveClass : shown + ": " + object.effectiveClass]
            if let custom = object.customClass, custom != object.className { lines.append("(\(object.className))") }
            var name = object.name?.trimmingCharacters(in: .whitespacesAndNewlines)
            // A toolbar item is known by its label (`NSToolbarItemLabel`).
            if name?.isEmpty ?? true, object.className.hasSuffix("ToolbarItem") || object.customClass?.hasSuffix("ToolbarItem") == true {
                name = (object.property("label") ?? object.property("paletteLabel"))?.text
            }
            if let name, !name.isEmpty {
                lines.append("“" + truncate(name) + "”")
            }
        }
        var tooltip = "\(object.id) \(object.className)"
        if let custom = object.qualifiedCustomClass { tooltip += " (" + custom + ")" }
        let kind: ConnectionGraph.NodeKind = object.placeholder.map { .placeholder($0.kind) } ?? .object
        var node = Node(id: nodeID(object.id), kind: kind, lines: lines, tooltip: tooltip, objectID: object.id)
        if options.hierarchy, Self.isMenu(object) {
            node.kind = .menu
            node.lines = [object.name.map(truncate) ?? "Menu"]
            node.rows = object.children.compactMap { child -> ConnectionGraph.Row? in
                guard let row = menuPorts[child], row.menu == object.id, let item = objects.object(child) else { return nil }
                if case .bool(true)? = item.property("separator") { return .init(port: row.port, text: "", isSeparator: true) }
                let title = item.name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                var key: String?
                if case .keyEquivalent(let k)? = item.property("keyEquivalent"), !k.key.isEmpty { key = k.description }
                return .init(port: row.port, text: title.isEmpty ? item.effectiveClass : truncate(title),
                             hasSubmenu: item.children.contains { objects.object($0).map(Self.isMenu) ?? false }, keyEquivalent: key)
            }
        }
        return node
    }

    func truncate(_ text: String) -> String {
        text.count <= options.maxLabelLength ? text : String(text.prefix(options.maxLabelLength - 1)) + "…"
    }

    private mutating func synthetic(_ id: String, _ kind: ConnectionGraph.NodeKind, _ lines: [String],
                                    tooltip: String? = nil) -> String {
        let full = idPrefix + id
        if syntheticIDs.insert(full).inserted {
            syntheticNodes.append(Node(id: full, kind: kind, lines: lines, tooltip: tooltip))
        }
        return full
    }

    // MARK: Edges

    /// A nil-targeted action (or one to the First Responder placeholder), or an outlet of the
    /// key-view loop (``GraphOptions/keyViewLoopOutlets``): hidden unless
    /// ``GraphOptions/showsResponderChain``.
    func isResponderChain(_ c: Connection) -> Bool {
        switch c.kind {
        case .action:
            if c.isNilTargeted { return true }
            if let fr = firstResponderPlaceholder, c.destination == fr.id { return true }
            return c.destination == nil && c.unresolved == nil
        case .outlet:
            return GraphOptions.keyViewLoopOutlets.contains(c.label)
        default:
            return false
        }
    }

    /// One end of a connection: the node id, the object (nil for synthetic nodes) and whether
    /// the end had to be drawn as `?`.
    private mutating func end(_ id: ObjectID?, role: String, _ c: Connection) -> (String, ObjectID?, Bool) {
        if let id, objects.contains(id) { return (nodeID(id), id, false) }
        let reason = id.map { "no object \($0) (\(role))" } ?? c.unresolved?.messageWithLine ?? "no \(role)"
        unresolvedCount += 1
        let node = synthetic("@unresolved-\(unresolvedCount)", .unresolved, ["?", truncate(reason)], tooltip: reason)
        return (node, nil, true)
    }

    private mutating func firstResponder() -> (String, ObjectID?, Bool) {
        if let fr = firstResponderPlaceholder {
            return (nodeID(fr.id), fr.id, false)
        }
        return (synthetic("@firstResponder", .firstResponder, ["First Responder"]), nil, false)
    }

    private mutating func makeEdges(_ c: Connection) -> [(edge: Edge, objects: [ObjectID])] {
        var destination = c.destination
        if destination == nil, c.kind == .runtimeAttribute || c.kind == .accessibility,
           case .object(let id)? = c.value {
            destination = id
        }
        let optional: Set<Connection.Kind> = [.runtimeAttribute, .accessibility, .other]
        if destination == nil, c.members == nil, optional.contains(c.kind) { return [] }

        let from = end(c.source, role: "source", c)
        var targets: [((String, ObjectID?, Bool), [String])] = []
        switch c.kind {
        case .outletCollection:
            let members = c.members ?? destination.map { [$0] } ?? []
            for (i, member) in members.enumerated() {
                targets.append((end(member, role: "member \(i)", c), ["\(c.label)[\(i)]"]))
            }
        case .action:
            let to = c.isNilTargeted || (destination == nil && c.unresolved == nil)
                ? firstResponder() : end(destination, role: "target", c)
            var lines = [c.label]
            if let events = c.controlEvents, events.rawValue != 0 { lines.append(events.description) }
            targets.append((to, lines))
        case .binding:
            targets.append((end(destination, role: "observed object", c),
                            [c.keyPath.map { "\(c.label) → \($0)" } ?? c.label]))
        case .runtimeAttribute:
            targets.append((end(destination, role: "value", c), [c.keyPath ?? c.label]))
        case .segue:
            var to: (String, ObjectID?, Bool)
            if destination == nil, let scene = c.segue?.destinationScene {
                to = (synthetic("@scene:" + scene, .externalScene, [truncate(scene)]), nil, false)
            } else {
                to = end(destination, role: "destination", c)
            }
            var lines = [c.segue?.relationship ?? c.segue?.kind.rawValue ?? c.label]
            if let identifier = c.segue?.identifier, !identifier.isEmpty { lines.append("“" + truncate(identifier) + "”") }
            targets.append((to, lines))
        case .outlet, .accessibility, .other:
            targets.append((end(destination, role: "destination", c), [c.label]))
        }
        return targets.map { to, lines in
            let broken = c.unresolved != nil || from.2 || to.2
            var kind = ConnectionGraph.EdgeKind(c.kind)
            if c.kind == .segue, c.segue?.kind == "relationship" { kind = .relationship }
            // An edge at an object drawn for another document says which nib it lives in.
            let crossing = [c.source, c.destination].contains { $0.map { aliases[$0] != nil } ?? false }
            var edge = Edge(from: from.0, to: to.0, kind: kind, lines: broken ? lines + ["(unresolved)"] : lines,
                            isUnresolved: broken, tooltip: c.unresolved?.messageWithLine ?? (crossing ? "in \(document.name)" : nil))
            edge.fromPort = from.1.flatMap { menuPorts[$0]?.port }
            edge.toPort = to.1.flatMap { menuPorts[$0]?.port }
            // A menu item stands for its menu's node.
            return (edge, [from.1, to.1].compactMap { $0 }.map { menuPorts[$0]?.menu ?? $0 })
        }
    }

    // MARK: Hierarchy

    /// Parent links with cyclic and too-deep chains cut, so what remains is a forest.
    private func effectiveParents() -> [ObjectID: ObjectID] {
        var result: [ObjectID: ObjectID] = [:]
        for p in 0..<objects.count {
            let object = objects.object(at: p)
            guard let parent = object.parent, objects.contains(parent) else { continue }
            // Menu items are rows of their menu, and a submenu is a node of its own beside it.
            if menuPorts[object.id] != nil || (Self.isMenu(object) && menuPorts[parent] != nil) { continue }
            var seen: Set<ObjectID> = [object.id]
            var current: ObjectID? = parent
            var steps = 0
            var ok = true
            while let c = current {
                steps += 1
                if steps > Self.maxClusterDepth || !seen.insert(c).inserted { ok = false; break }
                current = objects.object(c)?.parent.flatMap { objects.contains($0) ? $0 : nil }
            }
            if ok { result[object.id] = parent }
        }
        return result
    }

    /// Clusters for the containers of the shown objects (nested by parent), each holding the
    /// container's node (when shown) and its shown children, labelled `UIView #47`.
    private func hierarchyClusters(shown: Set<ObjectID>) -> ([ConnectionGraph.Cluster], Set<String>) {
        let parents = effectiveParents()
        var containers = Set<ObjectID>()
        for id in shown where objects.object(id)?.placeholder == nil {
            var current = parents[id]
            while let c = current, containers.insert(c).inserted { current = parents[c] }
        }
        var members: [ObjectID: [ObjectID]] = [:]
        var subclusters: [ObjectID: [ObjectID]] = [:]
        var roots: [ObjectID] = []
        var clustered = Set<String>()
        for p in 0..<objects.count {
            let object = objects.object(at: p)
            guard objects.position(of: object.id) == p || objects.object(object.id) == object else { continue }
            let id = object.id
            if containers.contains(id) {
                if shown.contains(id) { members[id, default: []].append(id) }
                if let p = parents[id] { subclusters[p, default: []].append(id) } else { roots.append(id) }
            } else if shown.contains(id), let p = parents[id] {
                members[p, default: []].append(id)
            }
        }
        // Members and subclusters in the container's child order (menu order), then the rest.
        func childOrder(_ parent: ObjectID, _ list: [ObjectID]) -> [ObjectID] {
            guard let children = objects.object(parent)?.children, !children.isEmpty else { return list }
            var rank: [ObjectID: Int] = [parent: -1]
            for (i, c) in children.enumerated() where rank[c] == nil { rank[c] = i }
            return list.enumerated().sorted {
                (rank[$0.element] ?? Int.max, $0.offset) < (rank[$1.element] ?? Int.max, $1.offset)
            }.map(\.element)
        }
        for (p, list) in members { members[p] = childOrder(p, list) }
        for (p, list) in subclusters { subclusters[p] = childOrder(p, list) }
        func cluster(_ id: ObjectID, depth: Int) -> ConnectionGraph.Cluster {
            let nodeIDs = (members[id] ?? []).map(nodeID)
            clustered.formUnion(nodeIDs)
            var lines: [String] = []
            if let object = objects.object(id) {
                // A drawn container is named briefly (its node is inside); an undrawn one in full.
                lines = shown.contains(id) ? ["\(object.effectiveClass) \(id)"] : node(for: object).lines
            }
            let children = (subclusters[id] ?? []).map { cluster($0, depth: depth + 1) }
            return .init(id: "h" + nodeID(id), lines: lines, nodeIDs: nodeIDs, clusters: children, depth: depth)
        }
        return (roots.map { cluster($0, depth: 0) }, clustered)
    }

    /// The names and classes of connected objects, sorted, for a "focus matches nothing" message.
    static func focusCandidates(_ documents: [NibDocument]) -> [String] {
        var names = Set<String>()
        for document in documents {
            let connected = Set(document.connections.flatMap { [$0.source, $0.destination].compactMap { $0 } })
            for object in document.objects where connected.contains(object.id) && object.placeholder == nil {
                names.insert(object.name ?? object.effectiveClass)
            }
        }
        return names.sorted()
    }
}
