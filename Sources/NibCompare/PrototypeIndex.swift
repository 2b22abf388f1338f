import NibModel

/// The source objects a nested archive can have been compiled from (nib-format.md §2.9, §7.4):
/// children of a table column (AppKit `<prototypeCellViews>`), of a table or collection view (UIKit
/// `<prototypes>`, `<cells>`), or any object with a reuse identifier, in document order; and the
/// source subtree of one of them as a document of its own, for ``NestedArchiveCompare``.
struct PrototypeIndex {
    struct Prototype {
        var id: ObjectID
        var object: NibObject
        /// The reuse identifier the compiled nib files it under (see ``reuseIdentifier(of:)``).
        var reuse: String?
    }

    let documents: [NibDocument]
    /// Object id → (document index, object); source ids are unique across a storyboard's scenes.
    private(set) var objects: [ObjectID: (document: Int, object: NibObject)] = [:]
    private(set) var prototypes: [Prototype] = []
    /// The placeholders of each document, in object order.
    private var placeholders: [[NibObject]] = []
    /// Connection source → (document index, connection index), in document and connection order.
    private var connectionsBySource: [ObjectID: [(document: Int, index: Int)]] = [:]

    static let containerClasses: Set<String> = ["NSTableColumn", "UITableView", "UICollectionView"]

    init(_ documents: [NibDocument]) {
        self.documents = documents
        for (i, d) in documents.enumerated() {
            for o in d.objects where objects[o.id] == nil { objects[o.id] = (i, o) }
            placeholders.append(d.objects.filter { $0.placeholder != nil })
            for (k, c) in d.connections.enumerated() {
                if let s = c.source { connectionsBySource[s, default: []].append((i, k)) }
            }
        }
        for d in documents {
            for o in d.objects where o.placeholder == nil {
                let parentBase = o.parent.flatMap { objects[$0]?.object }.map(CompareClasses.base) ?? ""
                let reuse = reuseIdentifier(of: o)
                guard Self.containerClasses.contains(parentBase) || Self.ownIdentifier(o) != nil else { continue }
                prototypes.append(Prototype(id: o.id, object: o, reuse: reuse))
            }
        }
    }

    /// `identifier` (AppKit) or `reuseIdentifier` (UIKit) as written in the source.
    static func ownIdentifier(_ o: NibObject) -> String? {
        for key in ["reuseIdentifier", "identifier"] {
            if let s = o.property(key)?.text, !s.isEmpty { return s }
        }
        return nil
    }

    /// The identifier a compiled nib files a prototype under: its own, else (a cell view in a
    /// table column) the column's, else `AutomaticTableColumnIdentifier.<column index>`, the name
    /// Interface Builder gives a column without one [V: viraptor ibtool samples].
    func reuseIdentifier(of o: NibObject) -> String? {
        if let own = Self.ownIdentifier(o) { return own }
        guard let pid = o.parent, let column = objects[pid]?.object, CompareClasses.base(column) == "NSTableColumn" else {
            return nil
        }
        if let own = Self.ownIdentifier(column) { return own }
        guard let tid = column.parent, let table = objects[tid]?.object else { return nil }
        let columns = table.children.filter { objects[$0].map { CompareClasses.base($0.object) } == "NSTableColumn" }
        return columns.firstIndex(of: column.id).map { "AutomaticTableColumnIdentifier.\($0)" }
    }

    /// The subtree under `root` (made a root) with the placeholders of its document and the
    /// connections among them that start inside the subtree; nil: the placeholders of the first
    /// document alone.
    ///
    /// - Complexity: O(k log k) in the subtree, its document's placeholders and the connections
    ///   that start inside it (the tables of `init` are not walked again).
    func subdocument(root: ObjectID?) -> NibDocument {
        let docIndex = root.flatMap { objects[$0]?.document } ?? 0
        guard documents.indices.contains(docIndex) else {
            return NibDocument(name: "source", platform: .unknown, format: .xib)
        }
        let base = documents[docIndex]
        var subtree: [ObjectID] = []
        var seen = Set<ObjectID>()
        var stack: [ObjectID] = root.map { [$0] } ?? []
        while let id = stack.popLast(), subtree.count < 100_000 {
            guard seen.insert(id).inserted, let o = objects[id]?.object else { continue }
            subtree.append(id)
            stack += o.children.reversed()
        }
        let placeholders = self.placeholders[docIndex]
        let inside = seen
        let allowed = inside.union(placeholders.map(\.id))
        var out = placeholders
        for id in subtree {
            guard var o = objects[id]?.object else { continue }
            if id == root { o.parent = nil }
            o.children = o.children.filter { inside.contains($0) }
            out.append(o)
        }
        // Connections whose source is inside, in document and connection order.
        var positions = inside.flatMap { connectionsBySource[$0] ?? [] }
        positions.sort { ($0.document, $0.index) < ($1.document, $1.index) }
        var connections: [Connection] = []
        for p in positions {
            let c = documents[p.document].connections[p.index]
            let ends = (c.members ?? []) + [c.destination].compactMap { $0 }
            if ends.allSatisfy({ allowed.contains($0) }) { connections.append(c) }
        }
        return NibDocument(name: base.name, path: base.path, platform: base.platform, format: base.format,
                           formatVersion: base.formatVersion, coderVersion: base.coderVersion,
                           objects: out, topLevelObjects: root.map { [$0] } ?? [], connections: connections)
    }
}
