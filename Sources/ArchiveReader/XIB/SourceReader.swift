/// Reads Interface Builder XML sources into the resolved model (nib-format.md §7):
///
/// * `<document>` xibs and storyboards (Xcode 5 on; iOS, macOS, tvOS, watchOS, visionOS types):
///   a xib becomes one ``NibDocument``; a storyboard one document per scene plus a
///   ``StoryboardSummary``.
/// * `<archive type="com.apple.InterfaceBuilder3…">` xibs and `designable.nib` (IB 3): one
///   ``NibDocument`` built from the `IBDocument.Objects` object and connection records.
///
/// Object ids are the xib ids; every object and connection carries its ``NibObject/sourceLine``.
/// Unknown elements and attributes are kept as raw properties; a connection whose destination id
/// names no object is kept with ``Connection/unresolved`` set (and a document diagnostic with the
/// same code and line), never dropped.
public enum SourceReader {
    /// Reads one source held in memory.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes (UTF-8 XML).
    ///   - name: display name used for the document(s) (`Login.xib`).
    ///   - path: the path it was read from, if any.
    ///   - keepsXML: whether each document keeps the XML it was read from (``NibDocument/source``,
    ///     read by `lint`'s source rules); without it a document holds its objects only, a large
    ///     xib's element tree is released once read (`compare`, `diff`).
    /// - Returns: the input with its documents (and storyboard summary for storyboards).
    /// - Throws: ``ArchiveError`` `.malformed` with the line (and its byte offset) for XML that does
    ///   not parse, `.notAnArchive` when the root element is neither `<document>` nor `<archive>`.
    ///
    /// `bytes` is consumed: once parsed, the file's bytes are released (when the caller holds no
    /// other copy) before the documents are built from the element tree.
    public static func read(bytes: consuming [UInt8], name: String, path: String? = nil, keepsXML: Bool = true) throws(ArchiveError) -> NibInput {
        let root = try XMLTreeBuilder.parse(consume bytes)
        switch root.name {
        case "document":
            return XIBDocumentReader(root: root, name: name, path: path, keepsXML: keepsXML).read()
        case "archive":
            let document = XIBArchiveReader(root: root, name: name, path: path).read()
            return NibInput(path: path ?? name, kind: SourceFormat.xibArchive.displayName, documents: [document])
        default:
            throw ArchiveError(.notAnArchive(detected: "XML with root element <\(root.name)>"), at: 0,
                               path: ["line \(root.line)"])
        }
    }

    /// True when `bytes` sniff as an XML source (`FileFormat.xibDocument` / `.xibArchive`).
    public static func isSource(_ bytes: [UInt8]) -> Bool {
        switch FileFormat(sniffing: bytes) {
        case .xibDocument, .xibArchive: return true
        default: return false
        }
    }
}

/// The `<document>` format: xib or storyboard.
struct XIBDocumentReader {
    let root: XMLElementNode
    let name: String
    let path: String?
    /// Whether the documents keep their XML (``NibDocument/source``).
    var keepsXML = true

    func read() -> NibInput {
        let type = root["type"]
        let platform = XIBClassTable.platform(targetRuntime: root["targetRuntime"], type: type)
        let isStoryboard = (type ?? "").contains("Storyboard") || root.child(named: "scenes") != nil
        var index: [String: XMLElementNode] = [:]
        var duplicates: [XMLElementNode] = []
        Self.indexObjects(root, into: &index, duplicates: &duplicates, depth: 0)
        let duplicateIDs = duplicates.map { e in
            Diagnostic(.duplicateObjectID, "duplicate object id '\(e["id"] ?? "")'",
                       location: .init(object: e["id"].map(ObjectID.init), sourceLine: e.line, sourceColumn: e.column, path: path))
        }
        if isStoryboard {
            var reader = XIBStoryboardReader(root: root, name: name, path: path, platform: platform, index: index)
            reader.keepsXML = keepsXML
            var input = reader.read()
            input.diagnostics += Self.unreported(duplicateIDs, in: input.documents)
            return input
        }
        var builder = XIBObjectBuilder(platform: platform, globalIndex: index)
        var top: [ObjectID] = []
        if let objects = root.child(named: "objects") {
            top = builder.build(container: objects)
        }
        var (objects, connections, diagnostics) = builder.finish()
        var document = NibDocument(name: name, path: path, platform: platform, format: .xib,
                                   formatVersion: root["version"], coderVersion: root["toolsVersion"],
                                   objects: objects, topLevelObjects: top, connections: connections)
        document.visibleWindows = Self.visibleWindows(objects, platform: platform)
        // The document's copies are then the only ones: locating its diagnostics copies nothing.
        (objects, connections) = ([], [])
        document.sourceAttributes = Self.sourceAttributes(root)
        if keepsXML {
            let tree = Self.sourceTree(root)
            document.source = SourceXML(element: tree, file: tree)
        }
        document.diagnostics = diagnostics + Self.unresolvedDiagnostics(document.connections)
        document.locateDiagnostics()
        return NibInput(path: path ?? name, kind: SourceFormat.xib.displayName, documents: [document],
                        diagnostics: Self.unreported(duplicateIDs, in: [document]))
    }

    /// The `<document>` element's attributes and its `<device>`'s as `device.<name>`
    /// (``NibDocument/sourceAttributes``).
    static func sourceAttributes(_ root: XMLElementNode) -> [String: String] {
        var out = root.attributes
        if let device = root.child(named: "device") {
            for (key, value) in device.attributes { out["device." + key] = value }
        }
        return out
    }

    /// The element tree as written, for ``NibDocument/source`` (the parser bounds its depth).
    static func sourceTree(_ e: XMLElementNode) -> SourceElement {
        SourceElement(name: e.name, attributes: e.attributes, line: e.line, children: e.children.map(sourceTree))
    }

    /// The file-wide duplicate ids that no document reported already: a document reports the
    /// duplicates among its own objects (with the id it keeps the later one under), the file
    /// those elsewhere (across the scenes of a storyboard, outside `<objects>`), so that each
    /// duplicate is one warning.
    static func unreported(_ duplicates: [Diagnostic], in documents: [NibDocument]) -> [Diagnostic] {
        func place(_ d: Diagnostic) -> [Int?] { [d.location.sourceLine, d.location.sourceColumn] }
        let reported = Set(documents.flatMap(\.diagnostics).filter { $0.code == .duplicateObjectID }.map(place))
        return duplicates.filter { !reported.contains(place($0)) }
    }

    /// Every object element of the file by id (scenes included).
    static func indexObjects(_ e: XMLElementNode, into index: inout [String: XMLElementNode],
                             duplicates: inout [XMLElementNode], depth: Int) {
        guard depth < 500 else { return }
        if XIBObjectBuilder.isObject(e), let id = e["id"] {
            if index[id] != nil { duplicates.append(e) } else { index[id] = e }
        }
        for c in e.children { indexObjects(c, into: &index, duplicates: &duplicates, depth: depth + 1) }
    }

    /// Windows shown at load: `visibleAtLaunch` (default YES for macOS windows, NO for iOS).
    static func visibleWindows(_ objects: [NibObject], platform: Platform) -> [ObjectID] {
        objects.filter { o in
            guard o.className.hasSuffix("Window") || o.className == "NSPanel" else { return false }
            if case .bool(let b)? = o.property("visibleAtLaunch") { return b }
            return platform == .macOS && o.parent == nil
        }.map(\.id)
    }

    /// One document diagnostic per connection with a dangling id: the connection's own, its
    /// message prefixed with the connection (`outlet 'ghost' of 5: destination 'x' not found`).
    static func unresolvedDiagnostics(_ connections: [Connection]) -> [Diagnostic] {
        connections.compactMap { c in
            guard var d = c.unresolved else { return nil }
            d.message = "\(c.kind.rawValue) '\(c.label)' of \(c.source?.rawValue ?? "?"): \(d.message)"
            return d
        }
    }
}
