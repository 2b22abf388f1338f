/// Turns a raw ``ObjectGraph`` (any compiled encoding) into the resolved ``NibDocument``:
/// placeholders, objects with their custom classes and key properties, the outline hierarchy and
/// the connection table (nib-format.md §3 UIKit, §4 AppKit, §5 storyboards, §7.4 mapping).
///
/// The resolver reads only through the graph's Foundation accessors (`elements`, `pairs`,
/// `string`, …), so NIBArchive, keyed-archive (synthetic `$top` root) and typedstream graphs
/// resolve the same way. It never throws and never traps: anything it cannot follow becomes a
/// document diagnostic or a connection with ``Connection/unresolved`` set.
public enum NibResolver {
    /// Resolves one compiled nib.
    ///
    /// - Parameters:
    ///   - graph: the raw graph from any compiled reader.
    ///   - name: display name of the document (file name, or scene nib name in a storyboard).
    ///   - path: the file it was read from, if any.
    ///   - variant: the variant file inside a nib bundle, if any.
    /// - Returns: the document; objects are in id (archive index) order, connections in archive
    ///   order (connections, then accessibility, runtime attributes and segues).
    public static func resolve(_ graph: ObjectGraph, name: String, path: String? = nil, variant: String? = nil) -> NibDocument {
        var (document, objects) = resolveDeferringObjects(graph, name: name, path: path, variant: variant)
        document.objects = Array(objects)
        document.locateDiagnostics()   // again, now that the objects' paths are known
        return document
    }

    /// ``resolve(_:name:path:variant:)`` without making the objects.
    ///
    /// For a caller that visits each object once (`nibinspect json` writing them), so that the
    /// objects of a large nib are never held at once: `nibbench memory-phases` on the 84 MB
    /// synthetic nib of `make bench` measures 342 MB for its 372,002 objects, four times the file
    /// (issue 17).
    ///
    /// - Parameters: as ``resolve(_:name:path:variant:)``.
    /// - Returns: `document`, everything ``resolve(_:name:path:variant:)`` returns except its
    ///   objects: ``NibDocument/objects`` is empty, so ``NibDocument/object(_:)``,
    ///   ``NibDocument/placeholders`` and ``NibDocument/roots`` find nothing; and `objects`, which
    ///   makes each ``NibObject`` when it is read, in id order. Assigning `Array(objects)` to the
    ///   document's objects gives the document `resolve` returns, except that its diagnostics
    ///   name their objects by id only (``Diagnostic/Location/objectPath`` needs the objects).
    /// - Complexity: the resolution's, less the objects' properties; `objects` holds the graph
    ///   (it stays alive as long as `objects` does) and the per-object tables.
    public static func resolveDeferringObjects(_ graph: ObjectGraph, name: String, path: String? = nil,
                                               variant: String? = nil) -> (document: NibDocument, objects: ResolvedObjects) {
        var run = ResolverRun(graph: graph)
        if let root = graph[graph.root] {
            if root["UINibObjectsKey"] != nil || root["UINibTopLevelObjectsKey"] != nil || root["UINibConnectionsKey"] != nil {
                run.resolveUIKit(root: root)
            } else if let data = objectData(root, in: graph) {
                run.resolveAppKit(data: data)
            } else {
                run.diagnostics.append(Diagnostic(
                    .unrecognizedArchiveRoot,
                    "the archive root (\(root.className)) has neither UIKit nib keys nor IB.objectdata; no objects resolved",
                    location: .init(byteOffset: root.offset)))
            }
        } else {
            run.diagnostics.append(Diagnostic(.noRootObject, "the archive has no root object"))
        }
        run.markUIKitPlaceholders()
        run.markAppKitPlaceholders()
        run.addSegueConnections()
        run.buildHierarchy()
        return run.document(name: name, path: path, variant: variant)
    }

    /// The `NSIBObjectData` of an AppKit nib: the root's `IB.objectdata`, or the root itself.
    static func objectData(_ root: ArchivedObject, in graph: ObjectGraph) -> ArchivedObject? {
        if root.className == "NSIBObjectData" || root["NSRoot"] != nil { return root }
        guard let r = root["IB.objectdata"]?.objectRef, let data = graph[r] else { return nil }
        return data
    }
}

extension ResolverRun {
    /// Segue templates (`UIStoryboard…SegueTemplate`, `NSStoryboard…SegueTemplate`, §5.2) become
    /// `.segue` connections from the controller that owns them to the destination scene.
    ///
    /// - Complexity: O(n) in the members and connections: the owners are looked up in tables built
    ///   once, not searched per template.
    mutating func addSegueConnections() {
        let sorted = members.sorted()
        let templates = sorted.filter { object($0)?.className.contains("SegueTemplate") == true }
        guard !templates.isEmpty else { return }
        // The owning controller: the template's `viewController` outlet (§5.2), else the first
        // controller (in index order) whose `UIStoryboardSegueTemplates` lists it.
        var outletOwner: [ObjectID: ObjectID?] = [:]
        for c in connections where c.kind == .outlet && c.label == "viewController" {
            if let s = c.source, outletOwner[s] == nil { outletOwner[s] = .some(c.destination) }
        }
        var listOwner: [Int: Int] = [:]
        for m in sorted {
            guard let c = object(m), let list = c["UIStoryboardSegueTemplates"] ?? c["NSStoryboardSegueTemplates"] else { continue }
            for t in refs(list) where listOwner[t] == nil { listOwner[t] = m }
        }
        for index in templates {
            guard let o = object(index) else { continue }
            let templateID = ObjectID(Ref(index))
            var source = outletOwner[templateID] ?? nil
            if source == nil, let m = listOwner[index] { source = ObjectID(Ref(m)) }
            let kind = Self.segueKind(o, graph: graph)
            let segue = Segue(
                kind: Segue.Kind(rawValue: kind),
                identifier: graph.string(o["UIIdentifier"] ?? o["NSIdentifier"] ?? o["identifier"]),
                destinationScene: graph.string(o["UIDestinationViewControllerIdentifier"]
                    ?? o["NSDestinationControllerIdentifier"] ?? o["destinationIdentifier"]),
                segueClass: graph.string(o["UISegueClassName"] ?? o["NSSegueClassName"]))
            connections.append(Connection(kind: .segue, source: source ?? templateID, destination: templateID, label: kind,
                                          segue: segue, archiveIndex: index))
        }
    }

    /// `show`, `showDetail`, `presentation`, `push`, `embed`, … from the template class (§5.2).
    static func segueKind(_ o: ArchivedObject, graph: ObjectGraph) -> String {
        var name = Substring(o.className)
        for prefix in ["UIStoryboard", "NSStoryboard"] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
        if name.hasSuffix("SegueTemplate") { name = name.dropLast("SegueTemplate".count) }
        guard let first = name.first else { return "custom" }
        let kind = first.lowercased() + name.dropFirst()
        if kind == "show", let action = graph.string(o["UIActionName"]), action.hasPrefix("showDetail") { return "showDetail" }
        return kind
    }

    /// Assembles the document from the run's tables, its objects deferred (``ResolvedObjects``).
    ///
    /// The connection table moves into the document (it is not copied: a nib's connections can
    /// take as much memory as its objects), so the run is spent: call this once, last.
    mutating func document(name: String, path: String?, variant: String?) -> (document: NibDocument, objects: ResolvedObjects) {
        // `addMember` admits only objects of the graph; checked again here because
        // ``ResolvedObjects`` subscripts the graph with these indexes.
        let indexes = members.sorted().filter { object($0) != nil }
        let valid = members
        var table: [Connection] = []
        swap(&table, &connections)
        for i in table.indices {
            // A value referring to an object outside the document is shown by class, not by id.
            guard case .object(let id)? = table[i].value, let index = Int(id.rawValue.dropFirst()), !valid.contains(index) else { continue }
            table[i].value = .formatted("<\(object(index)?.className ?? "object")>")
        }
        var document = NibDocument(
            name: name, path: path, platform: platform, format: SourceFormat(graph.encoding),
            formatVersion: String(graph.versionMajor), coderVersion: graph.versionMinor.map { String($0) },
            variant: variant, objects: [],
            topLevelObjects: topLevel.filter { valid.contains($0) }.map { ObjectID(Ref($0)) },
            visibleWindows: visibleWindows.filter { valid.contains($0) }.map { ObjectID(Ref($0)) },
            connections: [], diagnostics: graph.diagnostics + diagnostics)
        swap(&document.connections, &table)
        document.locateDiagnostics()
        // The objects need only the per-object tables: the diagnostics and the hierarchy's
        // working tables are not kept with them.
        var kept = self
        kept.diagnostics = []
        kept.members = []
        kept.tableParent = [:]
        kept.tableChildren = [:]
        kept.topLevel = []
        kept.visibleWindows = []
        return (document, ResolvedObjects(run: kept, indexes: indexes))
    }

    /// The object at archive index `index` (a member of the document).
    func makeObject(_ index: Int, _ archived: ArchivedObject, decoder: PropertyDecoder) -> NibObject {
        var identity = ClassIdentity(archived, in: graph)
        if identity.customClass == nil, let custom = classTable[index], custom != identity.className {
            identity.customClass = custom
        }
        var properties = decoder.properties(of: archived)
        if let oid = oids[index] { properties.append(Property("oid", .int(oid))) }
        let placeholder = placeholders[index]
        let shown = displayName(index, archived, properties, placeholder)
        // The names table of a legacy nib holds Interface Builder's own object names
        // ("NSMenuItem22", "Button2"): when a title is shown instead, the name stays a property.
        if let name = names[index], name != shown { properties.append(Property("objectName", .string(name))) }
        properties.sort { $0.key < $1.key }
        return NibObject(
            id: ObjectID(Ref(index)), className: identity.className, customClass: identity.customClass,
            customModule: identity.customModule, runtimeClassName: identity.runtimeClassName,
            placeholder: placeholder, name: shown,
            parent: parent[index].map { ObjectID(Ref($0)) },
            children: (children[index] ?? []).map { ObjectID(Ref($0)) },
            properties: properties, archiveIndex: index,
            // IB 2's typedstream names are generated ("NSButton4"), not given by the user.
            label: graph.encoding == .typedstream || placeholder != nil ? nil : names[index])
    }

    /// Names table, accessibility identifier, title/text, the title of an AppKit control's cell,
    /// or a placeholder's identifier. In legacy typedstream nibs (IB 2) the names table holds
    /// Interface Builder's generated object names (`1111`, `NSButton4`), so a title comes first.
    private func displayName(_ index: Int, _ o: ArchivedObject, _ properties: [Property], _ placeholder: Placeholder?) -> String? {
        if graph.encoding == .typedstream, placeholder == nil {
            if let title = ownTitle(o, properties) { return title }
            // A separator is marked as such, as in the other formats, not by its generated name.
            if case .bool(true)? = properties.first(where: { $0.key == "separator" })?.value { return nil }
        }
        if let name = names[index] { return name }
        if let placeholder {
            switch placeholder.kind {
            case .external, .upstream: return placeholder.identifier
            default: return nil
            }
        }
        if let id = accessibilityIdentifiers[index] { return id }
        return ownTitle(o, properties)
    }

    /// The title or text the object shows: its `title`, `text`, `placeholder` or header title,
    /// else its cell's contents (`NSCell`, `NSTitleCell`); a segue template's identifier.
    private func ownTitle(_ o: ArchivedObject, _ properties: [Property]) -> String? {
        let keys = o.className.contains("SegueTemplate") ? ["identifier"] : ["title", "text", "placeholder", "headerTitle"]
        for key in keys {
            if let s = properties.first(where: { $0.key == key })?.value.text, !s.isEmpty { return s }
        }
        for key in ["NSCell", "NSTitleCell"] {
            if let r = o[key]?.objectRef, let cell = graph[r], let s = graph.string(cell["NSContents"]), !s.isEmpty { return s }
        }
        return nil
    }
}

/// Shorthand for building ids from indexes.
typealias Ref = ObjectRef

/// The objects of a compiled nib resolved by ``NibResolver/resolveDeferringObjects(_:name:path:variant:)``,
/// in id (archive index) order, each made when it is read.
///
/// Holds the object graph and the resolver's per-object tables (names, placeholders, custom
/// classes, parents and children), not the objects. Reading element `i` decodes that object's
/// properties and allocates a new ``NibObject`` every time (O(fields of the object)); nothing is
/// cached. Everything held is immutable, so several threads may read it at once.
public struct ResolvedObjects: RandomAccessCollection, Sendable {
    let run: ResolverRun
    /// Archive indexes of the document's objects, ascending.
    let indexes: [Int]

    public var startIndex: Int { 0 }
    public var endIndex: Int { indexes.count }

    /// The object at position `position` (not its archive index).
    public subscript(position: Int) -> NibObject {
        // Every index was checked to be an object of the graph when the list was made.
        let index = indexes[position]
        return run.makeObject(index, run.graph.objects[index], decoder: PropertyDecoder(graph: run.graph))
    }
}
