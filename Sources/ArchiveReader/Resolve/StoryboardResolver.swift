/// Compiled storyboards (`.storyboardc`, nib-format.md §5): per-scene documents, the
/// ``StoryboardSummary`` and upstream placeholders resolved across scene nibs.
extension NibResolver {
    /// Resolves the scene nibs of one compiled storyboard.
    ///
    /// - Parameters:
    ///   - name: the storyboard's display name (`Main.storyboardc`).
    ///   - info: its `Info.plist` (§5.1, §5.3).
    ///   - scenes: every nib of the storyboard with its name as stored in the directory
    ///     (`UIViewController-abc-de-fgh`, `abc-de-fgh-view-ijk-lm-nop`; a `.nib` suffix or a
    ///     `/variant` part is ignored when matching names).
    /// - Returns: one document per scene nib (in the given order) and the summary. Each
    ///   `UpstreamPlaceholder-N` of a view nib gets ``Placeholder/resolvedTarget``
    ///   `<scene nib name>:<object id>` from the parent controller's
    ///   `UIExternalObjectsTableForViewLoading` / `NSExternalObjectsTableForViewLoading`.
    public static func resolveStoryboard(name: String, info: StoryboardInfo,
                                         scenes: [(nibName: String, graph: ObjectGraph)]) -> NibInput {
        var documents = scenes.map { resolve($0.graph, name: $0.nibName) }
        for d in documents.indices where documents[d].platform == .unknown { documents[d].platform = info.platform }
        var diagnostics: [Diagnostic] = []
        // View nib name → placeholder identifier → the object it stands for in a scene nib.
        var upstream: [String: [String: ObjectReference]] = [:]
        for (sceneIndex, scene) in scenes.enumerated() {
            let graph = scene.graph
            for object in graph.objects {
                guard let table = object["UIExternalObjectsTableForViewLoading"] ?? object["NSExternalObjectsTableForViewLoading"],
                      let viewNib = graph.string(object["UINibName"] ?? object["NSNibName"]),
                      let pairs = graph.pairs(table) else { continue }
                for (key, value) in pairs {
                    guard let identifier = graph.string(key), let r = value.objectRef else { continue }
                    let device = SceneNibName.splitDevice(SceneNibName.normalized(scene.nibName)).device
                    upstream[SceneNibName.normalized(viewNib) + device, default: [:]][identifier] =
                        ObjectReference(document: documents[sceneIndex].name, id: ObjectID(r))
                }
            }
        }
        var summary = summarize(name: name, info: info, documents: documents, scenes: scenes)
        var controllerAt: [ObjectReference: Int] = [:]
        for (i, c) in summary.controllers.enumerated() {
            for reference in c.objects { controllerAt[reference] = i }
        }
        let documentIndex = Dictionary(documents.indices.map { (documents[$0].name, $0) }, uniquingKeysWith: { a, _ in a })
        for d in documents.indices {
            let key = SceneNibName.normalized(documents[d].name)
            let table = upstream[key] ?? upstream[SceneNibName.splitDevice(key).base] ?? [:]
            // Placeholders are set in place (`objectList[at:]`): ids stay, so the index is kept.
            for o in documents[d].objects.indices {
                let object = documents[d].objects[o]
                guard let placeholder = object.placeholder, placeholder.kind == .upstream else { continue }
                guard let reference = table[placeholder.identifier] else {
                    diagnostics.append(Diagnostic(
                        .unresolvedUpstreamPlaceholder,
                        "upstream placeholder \(placeholder.identifier) is not in any parent scene's external objects table",
                        location: .init(document: documents[d].name, object: object.id,
                                        byteOffset: object.archiveIndex.flatMap { scenes[d].graph[ObjectRef($0)]?.offset })))
                    continue
                }
                documents[d].objectList[at: o].placeholder?.resolvedTarget = reference.description
                if let t = documentIndex[reference.document], let target = documents[t].object(reference.id) {
                    var identity = Placeholder.Target(target)
                    if let c = controllerAt[reference] {
                        identity.controller = summary.controllers[c].id
                        summary.controllers[c].objects.append(ObjectReference(document: documents[d].name, id: object.id))
                    }
                    documents[d].objectList[at: o].placeholder?.target = identity
                }
            }
        }
        return NibInput(path: name, kind: "compiled storyboard", documents: documents, storyboard: summary, diagnostics: diagnostics)
    }

    /// Scenes in identifier order with their controller class and view nib; every controller
    /// (each scene's, then those archived inside it); the segues, each once and credited to the
    /// controller that owns its template; and a relationship segue from each container to each
    /// controller it archives (§5.2). Upstream placeholders are added to ``StoryboardSummary/Controller/objects``
    /// by the caller.
    private static func summarize(name: String, info: StoryboardInfo, documents: [NibDocument],
                                  scenes: [(nibName: String, graph: ObjectGraph)]) -> StoryboardSummary {
        var summary = StoryboardSummary(name: name, platform: info.platform, entryPoint: info.entryPoint)
        // Documents by the nib name they are a device variant of, in order: looked up per scene
        // and per view nib instead of comparing every document's name each time.
        var documentsOfNib: [String: [Int]] = [:]
        for d in documents.indices { documentsOfNib[SceneNibName.splitDevice(SceneNibName.normalized(documents[d].name)).base, default: []].append(d) }
        var controllerIndex: [String: Int] = [:]
        var seenSegues = Set<StoryboardSummary.SceneSegue>()
        func addSegue(_ segue: StoryboardSummary.SceneSegue) {
            if seenSegues.insert(segue).inserted { summary.segues.append(segue) }
        }
        for (identifier, nibName) in info.identifiersToNibNames.sorted(by: { $0.key < $1.key }) {
            var scene = StoryboardSummary.Scene(identifier: identifier, nibName: nibName)
            let matching = documentsOfNib[SceneNibName.normalized(nibName)] ?? []
            scene.documents = matching.map { documents[$0].name }
            var viewNibs: [String] = []
            var seenViewNibs = Set<String>()
            // Each device variant of the scene nib (`X~ipad`, `X~iphone`) adds its objects to the
            // same controllers; segues are taken from the first, as the variants repeat them.
            for (variant, d) in matching.enumerated() {
                let document = documents[d]
                let controllerID = document.connections.first {
                    $0.kind == .outlet && ($0.label == "sceneViewController" || $0.label == "sceneController")
                }?.destination
                guard let root = document.object(controllerID) else { continue }
                if variant == 0 {
                    scene.controllerClass = root.effectiveClass
                    scene.viewNibName = root.property("nibName")?.text
                }
                // The scene's controller, then what it contains, breadth first.
                var queue: [(object: NibObject, id: String, parent: String?, relationship: String?)] = [(root, identifier, nil, nil)]
                var head = 0
                var visited = Set<ObjectID>()
                var ownerOf: [ObjectID: String] = [:]
                while head < queue.count {
                    let (object, id, parent, relationship) = queue[head]
                    head += 1
                    guard visited.insert(object.id).inserted else { continue }
                    ownerOf[object.id] = id
                    let viewNib = object.property("nibName")?.text
                    if let viewNib, seenViewNibs.insert(viewNib).inserted { viewNibs.append(viewNib) }
                    let reference = ObjectReference(document: document.name, id: object.id)
                    if let existing = controllerIndex[id] {
                        if !summary.controllers[existing].objects.contains(reference) {
                            summary.controllers[existing].objects.append(reference)
                        }
                    } else {
                        controllerIndex[id] = summary.controllers.count
                        summary.controllers.append(StoryboardSummary.Controller(
                            id: id, scene: identifier, className: object.className, customClass: object.customClass,
                            customModule: object.customModule,
                            storyboardIdentifier: object.property("storyboardIdentifier")?.text,
                            viewNibName: viewNib, objects: [reference], parent: parent, relationship: relationship))
                    }
                    if variant == 0, let parent, let relationship {
                        addSegue(.init(from: parent, to: id, segue: Segue(kind: "relationship", relationship: relationship)))
                    }
                    guard let archived = scenes[d].graph[ObjectRef(object.archiveIndex ?? -1)] else { continue }
                    let children = containedControllers(archived, graph: scenes[d].graph)
                    for (k, child) in children.enumerated() {
                        guard let childObject = document.object(ObjectID(child)), childObject.placeholder == nil else { continue }
                        let childID = containedControllerID(childObject, scene: identifier, platform: info.platform)
                        queue.append((childObject, childID, id,
                                      relationshipName(archived, index: k, count: children.count, graph: scenes[d].graph)))
                    }
                }
                guard variant == 0 else { continue }
                for connection in document.connections where connection.kind == .segue {
                    guard let segue = connection.segue else { continue }
                    let owner = connection.source.flatMap { ownerOf[$0] } ?? identifier
                    var to = segue.destinationScene
                    // A storyboard reference: named as the source reader names it.
                    if let dest = to, let storyboard = info.externalReferences[dest] {
                        to = storyboard + ":" + (info.externalReferenceIdentifiers?[dest] ?? "initial view controller")
                    }
                    addSegue(.init(from: owner, to: to, segue: segue))
                }
            }
            var listed = Set(scene.documents)
            for viewNib in viewNibs {
                for v in documentsOfNib[SceneNibName.normalized(viewNib)] ?? [] where listed.insert(documents[v].name).inserted {
                    scene.documents.append(documents[v].name)
                }
            }
            summary.scenes.append(scene)
        }
        return summary
    }

    /// The controllers `controller` archives inside it: `UIChildViewControllers`, then any more
    /// in `UIViewControllers`, then an AppKit window's content controller, each once.
    static func containedControllers(_ controller: ArchivedObject, graph: ObjectGraph) -> [ObjectRef] {
        var out: [ObjectRef] = []
        for key in ["UIChildViewControllers", "UIViewControllers", "IBWindowTemplateContentViewController",
                    "NSChildViewControllers"] {
            let value = controller[key]
            let refs = graph.elements(value)?.compactMap(\.objectRef) ?? value?.objectRef.map { [$0] } ?? []
            for r in refs where !out.contains(r) { out.append(r) }
        }
        return out
    }

    /// What a contained controller is to its container, named as the source's
    /// `<segue kind="relationship" relationship=…>` names it: a navigation controller's first
    /// child is its `rootViewController`, a two-child split view controller's are
    /// `masterViewController` and `detailViewController`, a window controller's is
    /// `window.shadowedContentViewController`; every other child (tab bar, page, others) is one
    /// of the container's `viewControllers`.
    static func relationshipName(_ container: ArchivedObject, index: Int, count: Int, graph: ObjectGraph) -> String {
        if ObjectRoles.object(container, is: "UINavigationController", in: graph) {
            return index == 0 ? "rootViewController" : "viewControllers"
        }
        if ObjectRoles.object(container, is: "UISplitViewController", in: graph), count == 2 {
            return index == 0 ? "masterViewController" : "detailViewController"
        }
        if ObjectRoles.object(container, is: "NSWindowController", in: graph) { return "window.shadowedContentViewController" }
        return "viewControllers"
    }

    /// The id of a controller archived inside another scene's controller: its storyboard
    /// identifier, else `UIViewController-<object id>` (`NSViewController-…` on macOS) from
    /// its view nib name `<object id>-view-<view id>`, the form `Info.plist` gives scenes, else
    /// `<scene>/<archive id>`.
    static func containedControllerID(_ object: NibObject, scene: String, platform: Platform) -> String {
        if let identifier = object.property("storyboardIdentifier")?.text, !identifier.isEmpty { return identifier }
        if let nib = object.property("nibName")?.text, let range = nib.range(of: "-view-"), range.lowerBound > nib.startIndex {
            return (platform == .macOS ? "NSViewController-" : "UIViewController-") + nib[..<range.lowerBound]
        }
        return "\(scene)/\(object.id)"
    }
}
