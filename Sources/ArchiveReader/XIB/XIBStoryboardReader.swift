/// A `<document>` storyboard: one ``NibDocument`` per `<scene>` plus the ``StoryboardSummary``
/// (nib-format.md §5.1, §7.1).
///
/// Scene identifiers follow the compiled storyboard's `Info.plist`: the controller's
/// `storyboardIdentifier` when set, else `<framework class>-<object id>`
/// (`UINavigationController-8X4-AC-7cb`, `NSWindowController-wc1-00-001`), so that a source scene
/// and its compiled nib carry the same name. Segue destinations in other scenes are kept as ids
/// (they resolve in the whole file) and named in ``Segue/destinationScene``.
struct XIBStoryboardReader {
    let root: XMLElementNode
    let name: String
    let path: String?
    let platform: Platform
    let index: [String: XMLElementNode]

    /// Object id → scene identifier, for every object of every scene.
    private var sceneOfObject: [String: String] = [:]

    /// Whether each scene's document keeps its XML (``NibDocument/source``).
    var keepsXML = true

    init(root: XMLElementNode, name: String, path: String?, platform: Platform, index: [String: XMLElementNode]) {
        self.root = root
        self.name = name
        self.path = path
        self.platform = platform
        self.index = index
    }

    mutating func read() -> NibInput {
        let scenes = root.child(named: "scenes")?.children(named: "scene") ?? []
        let documentAttributes = XIBDocumentReader.sourceAttributes(root)
        let fileTree = keepsXML ? XIBDocumentReader.sourceTree(root) : nil
        let sceneTrees = fileTree?.children(named: "scenes").first?.children(named: "scene") ?? []
        var documents: [NibDocument] = []
        var summaryScenes: [StoryboardSummary.Scene] = []
        var controllers: [StoryboardSummary.Controller] = []
        var sceneIDs: [String] = []
        // First pass: identifiers, so cross-scene segues can name their destination scene.
        for scene in scenes {
            let identifier = sceneIdentifier(scene)
            sceneIDs.append(identifier)
            var ids: [String: XMLElementNode] = [:]
            var dups: [XMLElementNode] = []
            XIBDocumentReader.indexObjects(scene, into: &ids, duplicates: &dups, depth: 0)
            for id in ids.keys { sceneOfObject[id] = identifier }
        }
        var segues: [StoryboardSummary.SceneSegue] = []
        for (i, scene) in scenes.enumerated() {
            let identifier = sceneIDs[i]
            var builder = XIBObjectBuilder(platform: platform, globalIndex: index, sceneOfObject: sceneOfObject)
            let top = scene.child(named: "objects").map { builder.build(container: $0) } ?? []
            var (objects, connections, diagnostics) = builder.finish()
            for j in connections.indices where connections[j].kind == .segue {
                guard let dest = connections[j].destination else { continue }
                var destScene = sceneOfObject[dest.rawValue]
                // A storyboard reference: the scene lives in another storyboard (user-needs.md §A4 #30).
                if let element = index[dest.rawValue], element.name == "viewControllerPlaceholder" {
                    let storyboard = element["storyboardName"] ?? "(this storyboard)"
                    destScene = storyboard + ":" + (element["referencedIdentifier"] ?? "initial view controller")
                }
                connections[j].segue?.destinationScene = destScene
                if let segue = connections[j].segue {
                    segues.append(.init(from: identifier, to: destScene, segue: segue))
                }
            }
            let docName = "\(name)/\(identifier)"
            var document = NibDocument(name: docName, path: path, platform: platform, format: .storyboard,
                                       formatVersion: root["version"], coderVersion: root["toolsVersion"],
                                       objects: objects, topLevelObjects: top, connections: connections)
            document.visibleWindows = XIBDocumentReader.visibleWindows(objects, platform: platform)
            document.sourceAttributes = documentAttributes
            if i < sceneTrees.count, let fileTree { document.source = SourceXML(element: sceneTrees[i], file: fileTree) }
            document.diagnostics = diagnostics + XIBDocumentReader.unresolvedDiagnostics(connections)
            connections = []   // the document's copy is then its only one: locating its diagnostics copies nothing
            document.locateDiagnostics()
            documents.append(document)
            let controller = controllerElement(scene)
            let viewNib: String? = controller.flatMap { c in
                guard let vcID = c["id"], let view = c.children.first(where: { $0["key"] == "view" && $0["id"] != nil }),
                      let viewID = view["id"] else { return nil }
                return "\(vcID)-view-\(viewID)"
            }
            let controllerObject = controller.flatMap { c in objects.first { $0.id.rawValue == c["id"] } }
            summaryScenes.append(.init(identifier: identifier, nibName: identifier, viewNibName: viewNib,
                                       controllerClass: controllerObject?.effectiveClass, documents: [docName]))
            if let object = controllerObject {
                controllers.append(.init(id: identifier, scene: identifier, className: object.className,
                                         customClass: object.customClass, customModule: object.customModule,
                                         storyboardIdentifier: controller?["storyboardIdentifier"].flatMap { $0.isEmpty ? nil : $0 },
                                         viewNibName: viewNib, objects: [ObjectReference(document: docName, id: object.id)]))
            }
        }
        // A relationship makes the destination scene's controller a child of the source's.
        for segue in segues where segue.segue.kind == "relationship" {
            guard let child = controllers.firstIndex(where: { $0.id == segue.to }), controllers[child].parent == nil else { continue }
            controllers[child].parent = segue.from
            controllers[child].relationship = segue.segue.relationship
        }
        var entry: String?
        if let initial = root["initialViewController"] {
            entry = sceneOfObject[initial] ?? initial
        }
        let summary = StoryboardSummary(name: name, platform: platform, entryPoint: entry, scenes: summaryScenes,
                                        segues: segues, controllers: controllers)
        var diagnostics: [Diagnostic] = []
        if let initial = root["initialViewController"], index[initial] == nil {
            diagnostics.append(Diagnostic(.unknownEntryPoint, "initialViewController '\(initial)' names no object",
                                          location: .init(sourceLine: root.line, sourceColumn: root.column, path: path)))
        }
        return NibInput(path: path ?? name, kind: SourceFormat.storyboard.displayName, documents: documents,
                        storyboard: summary, diagnostics: diagnostics)
    }

    /// The scene's controller element: `sceneMemberID="viewController"`, else the first object that
    /// is not a placeholder.
    func controllerElement(_ scene: XMLElementNode) -> XMLElementNode? {
        let members = scene.child(named: "objects")?.children.filter(XIBObjectBuilder.isObject) ?? []
        return members.first { $0["sceneMemberID"] == "viewController" }
            ?? members.first { !["placeholder", "exit", "customObject"].contains($0.name) }
            ?? members.first
    }

    /// `storyboardIdentifier`, else `<class>-<id>`, else `scene-<sceneID>`.
    func sceneIdentifier(_ scene: XMLElementNode) -> String {
        guard let c = controllerElement(scene), let id = c["id"] else {
            return "scene-\(scene["sceneID"] ?? "line\(scene.line)")"
        }
        if let sbid = c["storyboardIdentifier"], !sbid.isEmpty { return sbid }
        return XIBClassTable.className(element: c.name, platform: platform) + "-" + id
    }
}
