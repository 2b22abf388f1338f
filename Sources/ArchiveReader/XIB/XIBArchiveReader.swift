import Foundation

/// The IB 3 `<archive type="com.apple.InterfaceBuilder3…">` format (old xibs and `designable.nib`,
/// nib-format.md §7.1, §8.1): an XML rendering of keyed objects (`<object class=… id=…>`,
/// `<reference ref=…>`, `<string key=…>`, …) with Interface Builder's own records under
/// `IBDocument.Objects`:
///
/// * `objectRecords` → `IBObjectRecord { objectID, object, parent, children, objectName }`: the
///   IB outline. Its `objectID`s (`-2` File's Owner, `-1` First Responder, `-3` Application,
///   then 1, 2, …) become the document's ``ObjectID``s.
/// * `connectionRecords` → `IBConnectionRecord { connection, connectionID }` wrapping
///   `IBOutletConnection`, `IBActionConnection` (its `source` is the *target*, its `destination`
///   the control — the reverse of `NSNibControlConnector`), `IBBindingConnection` (with the
///   `NSNibBindingConnector` as `connector`), `IBCocoaTouchOutletConnection`,
///   `IBCocoaTouchEventConnection` (`IBEventType`).
/// * `flattenedProperties` → `<objectID>.CustomClassName` custom classes.
struct XIBArchiveReader {
    let root: XMLElementNode
    let name: String
    let path: String?

    /// Every element with an `id` attribute (archive object ids, not IB object ids).
    private var byArchiveID: [String: XMLElementNode] = [:]

    init(root: XMLElementNode, name: String, path: String?) {
        self.root = root
        self.name = name
        self.path = path
        var index: [String: XMLElementNode] = [:]
        Self.index(root, into: &index, depth: 0)
        byArchiveID = index
    }

    private static func index(_ e: XMLElementNode, into index: inout [String: XMLElementNode], depth: Int) {
        guard depth < 500 else { return }
        if let id = e["id"], e.name != "reference", index[id] == nil { index[id] = e }
        for c in e.children { Self.index(c, into: &index, depth: depth + 1) }
    }

    /// `<reference ref=…>` → the element it names; any other element is itself.
    func resolve(_ e: XMLElementNode?) -> XMLElementNode? {
        guard let e else { return nil }
        if e.name == "reference" { return e["ref"].flatMap { byArchiveID[$0] } }
        return e
    }

    /// The text of a string-valued element: `<string>` (plain or base64), an `NSMutableString`
    /// object with `NS.bytes`/`NS.string` characters, or a `<reference>` to either.
    func text(_ e: XMLElementNode?) -> String? {
        guard let e = resolve(e) else { return nil }
        if e.name == "string" || e.name == "characters" { return XIBProperties.stringValue(e) }
        if let inner = e.child(key: "NS.bytes") ?? e.child(key: "NS.string"), inner != e { return text(inner) }
        return nil
    }

    /// The first descendant (breadth-first, bounded) whose `key` is `key`.
    func find(key: String, in e: XMLElementNode) -> XMLElementNode? {
        var queue = [e]
        var i = 0
        while i < queue.count && i < 200_000 {
            let n = queue[i]
            i += 1
            if n["key"] == key { return n }
            queue.append(contentsOf: n.children)
        }
        return nil
    }

    /// `children` in the order the parent's archived element holds them (its `NSMenuItems`,
    /// `NSSubviews`, … items, looked for three levels down, back and cross references left out):
    /// the order of the object records is not always the outline's (a main menu's records list
    /// the Window menu first). Children not found there follow in record order.
    func archiveOrder(_ children: [ObjectID], in parent: XMLElementNode, ibID: [String: String]) -> [ObjectID] {
        guard children.count > 1 else { return children }
        let wanted = Set(children.map(\.rawValue))
        let crossReferences: Set<String> = ["NSNextKeyView", "NSNextResponder", "NSSuperview", "NSTarget", "NSWindow",
                                            "NSInitialFirstResponder", "NSMenu"]
        var rank: [String: Int] = [:]
        var level = parent.children.filter { !crossReferences.contains($0["key"] ?? "") }
        for _ in 0..<3 where !level.isEmpty {
            var next: [XMLElementNode] = []
            for e in level {
                let archiveID = e.name == "reference" ? e["ref"] : e["id"]
                if let a = archiveID, let objectID = ibID[a], wanted.contains(objectID), rank[objectID] == nil { rank[objectID] = rank.count }
                next += e.children.filter { !crossReferences.contains($0["key"] ?? "") }
            }
            level = next
        }
        let position = Dictionary(children.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        return children.sorted { a, b in
            switch (rank[a.rawValue], rank[b.rawValue]) {
            case let (x?, y?): return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return position[a]! < position[b]!
            }
        }
    }

    /// Element items of an archived array: direct children except the `EncodedWithXMLCoder` marker.
    func items(_ e: XMLElementNode?) -> [XMLElementNode] {
        guard let e = resolve(e) else { return [] }
        return e.children.filter { $0["key"] == nil }
    }

    func read() -> NibDocument {
        let type = root["type"] ?? ""
        let platform: Platform = XIBClassTable.platform(targetRuntime: nil, type: type) == .iOS ? .iOS : .macOS
        let data = root.child(named: "data") ?? root
        var diagnostics: [Diagnostic] = []
        guard let container = data.child(key: "IBDocument.Objects") else {
            var document = NibDocument(name: name, path: path, platform: platform, format: .xibArchive,
                                       formatVersion: root["version"],
                                       diagnostics: [Diagnostic(.missingObjectsRecord, "no IBDocument.Objects record; no objects read",
                                                                location: .init(sourceLine: data.line, sourceColumn: data.column))])
            document.locateDiagnostics()
            return document
        }
        let customClasses = flattenedCustomClasses(container)
        // Object records → objects.
        let records = items(container.child(key: "objectRecords").flatMap { find(key: "orderedObjects", in: $0) })
        var ibID: [String: String] = [:]          // archive element id → IB objectID
        var recordInfo: [(objectID: String, element: XMLElementNode?, record: XMLElementNode)] = []
        var usedIDs = Set<String>()
        for record in records {
            guard var objectID = record.child(key: "objectID")?.trimmedText else { continue }
            if usedIDs.contains(objectID) {
                // As in a modern xib: a repeated id is kept under an id of its own (found by fuzzing).
                let repeated = objectID
                objectID = XIBObjectBuilder.separateID(for: repeated) { usedIDs.contains($0) }
                diagnostics.append(Diagnostic(.duplicateObjectID,
                                              "duplicate objectID '\(repeated)'; later record kept as a separate entry, id '\(objectID)'",
                                              location: .init(object: ObjectID(objectID), sourceLine: record.line,
                                                              sourceColumn: record.column)))
            }
            usedIDs.insert(objectID)
            let element = resolve(record.child(key: "object"))
            if let e = element, let archiveID = e["id"] { ibID[archiveID] = objectID }
            recordInfo.append((objectID, element, record))
        }
        var objects: [NibObject] = []
        var top: [ObjectID] = []
        for info in recordInfo where info.objectID != "0" {
            guard let element = info.element else {
                diagnostics.append(Diagnostic(.emptyObjectRecord, "object record \(info.objectID) has no object",
                                              location: .init(object: ObjectID(info.objectID), sourceLine: info.record.line,
                                                              sourceColumn: info.record.column)))
                continue
            }
            var object = XIBArchiveObjects.object(element, id: info.objectID, platform: platform,
                                                  customClass: customClasses[info.objectID], reader: self)
            object.sourceLine = element.line
            if let name = text(info.record.child(key: "objectName")) {
                object.name = name
                if object.placeholder == nil { object.label = name }
            }
            let parentElement = resolve(info.record.child(key: "parent"))
            if let pid = parentElement?["id"].flatMap({ ibID[$0] }), pid != "0" {
                object.parent = ObjectID(pid)
            } else {
                top.append(object.id)
            }
            object.children = items(info.record.child(key: "children")).compactMap { c in
                resolve(c)?["id"].flatMap { ibID[$0] }.map(ObjectID.init)
            }
            objects.append(object)
        }
        // The parent records decide the hierarchy. A parent chain that closes on itself (malformed
        // records) is cut where it closes, that object becoming a root; a listed child whose record
        // names another parent is not listed here; where the record lists no children they come
        // from the parents.
        var position: [ObjectID: Int] = [:]
        for (i, o) in objects.enumerated() where position[o.id] == nil { position[o.id] = i }
        var settled = Set<ObjectID>()
        for i in objects.indices where !settled.contains(objects[i].id) {
            var chain: [Int] = [], onChain = Set<ObjectID>()
            var current: Int? = i
            while let c = current, !settled.contains(objects[c].id) {
                guard onChain.insert(objects[c].id).inserted else {
                    objects[c].parent = nil
                    top.append(objects[c].id)
                    break
                }
                chain.append(c)
                current = objects[c].parent.flatMap { position[$0] }
            }
            for c in chain { settled.insert(objects[c].id) }
        }
        var childrenByParent: [ObjectID: [ObjectID]] = [:]
        for o in objects { if let p = o.parent { childrenByParent[p, default: []].append(o.id) } }
        var elementOf: [ObjectID: XMLElementNode] = [:]
        for info in recordInfo { if let e = info.element { elementOf[ObjectID(info.objectID)] = e } }
        for i in objects.indices {
            let id = objects[i].id
            objects[i].children = objects[i].children.filter { child in position[child].map { objects[$0].parent == id } ?? false }
            if objects[i].children.isEmpty { objects[i].children = childrenByParent[id] ?? [] }
            if let e = elementOf[id] { objects[i].children = archiveOrder(objects[i].children, in: e, ibID: ibID) }
        }
        let firstResponders = Set(objects.filter { $0.placeholder?.kind == .firstResponder }.map(\.id))
        let connectionRecords = items(container.child(key: "connectionRecords"))
        var connections: [Connection] = []
        // Endpoints are the objects made above: a record whose objectID is 0 (the outline's root,
        // or another record claiming its id) or that has no object is not one (found by fuzzing).
        let made = Set(objects.map(\.id.rawValue))
        let endpointID = ibID.filter { made.contains($0.value) }
        for record in connectionRecords {
            guard let c = record.child(key: "connection") else { continue }
            if var conn = XIBArchiveObjects.connection(c, reader: self, ibID: endpointID) {
                if conn.kind == .action, let d = conn.destination, firstResponders.contains(d) { conn.isNilTargeted = true }
                connections.append(conn)
            }
        }
        let windows = objects.filter { o in o.className.contains("Window") || o.className == "NSPanel" }
        let flattenedValues = windows.isEmpty ? [:] : flattenedTable(container)
        let visible = windows.filter { o in
            flattenedValues["\(o.id.rawValue).NSWindowTemplate.visibleAtLaunch"] != "NO"
        }.map(\.id)
        diagnostics += XIBDocumentReader.unresolvedDiagnostics(connections)
        var document = NibDocument(name: name, path: path, platform: platform, format: .xibArchive,
                           formatVersion: root["version"],
                           coderVersion: data.child(key: "IBDocument.InterfaceBuilderVersion")?.trimmedText,
                           objects: objects, topLevelObjects: top, visibleWindows: visible,
                           connections: connections, diagnostics: diagnostics)
        document.locateDiagnostics()
        return document
    }

    /// `flattenedProperties` as key → text, in both archive spellings (`<dictionary>` with keyed
    /// children, or `NSMutableDictionary` with `dict.sortedKeys` + `dict.values`).
    func flattened(_ container: XMLElementNode) -> [(String, XMLElementNode)] {
        guard let dict = container.child(key: "flattenedProperties") else { return [] }
        if let keys = dict.child(key: "dict.sortedKeys"), let values = dict.child(key: "dict.values") {
            let k = items(keys).map { text($0) ?? "" }
            let v = items(values)
            return zip(k, v).map { ($0, $1) }
        }
        return dict.children.compactMap { c in c["key"].map { ($0, c) } }
    }

    func flattenedCustomClasses(_ container: XMLElementNode) -> [String: String] {
        var out: [String: String] = [:]
        for (key, value) in flattened(container) where key.hasSuffix(".CustomClassName") {
            out[String(key.dropLast(".CustomClassName".count))] = text(value) ?? ""
        }
        return out
    }

    /// The text value of each `flattenedProperties` key (the first entry of a repeated key wins,
    /// also when it has no text).
    func flattenedTable(_ container: XMLElementNode) -> [String: String] {
        var out: [String: String] = [:]
        var seen = Set<String>()
        for (key, e) in flattened(container) where seen.insert(key).inserted {
            if let value = e["value"] ?? e.trimmedText { out[key] = value }
        }
        return out
    }
}
