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
        var diagnostics: [Diagnostic] = []
        // View nib name → placeholder identifier → "<scene>:<id>", and the controller's class.
        var upstream: [String: [String: (target: String, className: String?)]] = [:]
        for (sceneIndex, scene) in scenes.enumerated() {
            let graph = scene.graph
            for object in graph.objects {
                guard let table = object["UIExternalObjectsTableForViewLoading"] ?? object["NSExternalObjectsTableForViewLoading"],
                      let viewNib = graph.string(object["UINibName"] ?? object["NSNibName"]),
                      let pairs = graph.pairs(table) else { continue }
                for (key, value) in pairs {
                    guard let identifier = graph.string(key), let r = value.objectRef else { continue }
                    let target = documents[sceneIndex].object(ObjectID(r))
                    let device = splitDevice(normalized(scene.nibName)).device
                    upstream[normalized(viewNib) + device, default: [:]][identifier] =
                        ("\(scene.nibName):\(ObjectID(r))", target?.effectiveClass)
                }
            }
        }
        for d in documents.indices {
            let key = normalized(documents[d].name)
            let table = upstream[key] ?? upstream[splitDevice(key).base] ?? [:]
            // Mutate a copy and assign it once: the document re-indexes its objects on assignment.
            var objects = documents[d].objects
            for o in objects.indices {
                guard let placeholder = objects[o].placeholder, placeholder.kind == .upstream else { continue }
                if let entry = table[placeholder.identifier] {
                    objects[o].placeholder?.resolvedTarget = entry.target
                } else {
                    diagnostics.append(Diagnostic(
                        .unresolvedUpstreamPlaceholder,
                        "\(documents[d].name): \(placeholder.identifier) is not in any parent scene's external objects table",
                        location: .init(document: documents[d].name, object: documents[d].objects[o].id,
                                        byteOffset: documents[d].objects[o].archiveIndex.flatMap { scenes[d].graph[ObjectRef($0)]?.offset })))
                }
            }
            documents[d].objects = objects
            if documents[d].platform == .unknown { documents[d].platform = info.platform }
        }
        let summary = summarize(name: name, info: info, documents: documents, scenes: scenes)
        return NibInput(path: name, kind: "compiled storyboard", documents: documents, storyboard: summary, diagnostics: diagnostics)
    }

    /// `Foo.nib/runtime.nib`, `Main.storyboardc/Foo.nib` and `Foo.nib` → `Foo`; `Foo~ipad.nib` →
    /// `Foo~ipad` (device kept): the first path component that names a nib, else the first one.
    static func normalized(_ nibName: String) -> String {
        let parts = nibName.split(separator: "/", omittingEmptySubsequences: true)
        var s = parts.first { $0.hasSuffix(".nib") } ?? parts.first ?? Substring(nibName)
        if s.hasSuffix(".nib") { s = s.dropLast(4) }
        return String(s)
    }

    /// `Foo~ipad` → (`Foo`, `~ipad`); `Foo` → (`Foo`, ``).
    static func splitDevice(_ normalizedName: String) -> (base: String, device: String) {
        guard let tilde = normalizedName.firstIndex(of: "~") else { return (normalizedName, "") }
        return (String(normalizedName[..<tilde]), String(normalizedName[tilde...]))
    }

    /// Scenes in identifier order with their controller class and view nib, and the segues.
    private static func summarize(name: String, info: StoryboardInfo, documents: [NibDocument],
                                  scenes: [(nibName: String, graph: ObjectGraph)]) -> StoryboardSummary {
        var summary = StoryboardSummary(name: name, platform: info.platform, entryPoint: info.entryPoint)
        for (identifier, nibName) in info.identifiersToNibNames.sorted(by: { $0.key < $1.key }) {
            var scene = StoryboardSummary.Scene(identifier: identifier, nibName: nibName)
            let matching = documents.indices.filter { splitDevice(normalized(documents[$0].name)).base == normalized(nibName) }
            guard let d = matching.first else {
                summary.scenes.append(scene)
                continue
            }
            let document = documents[d]
            scene.documents = matching.map { documents[$0].name }
            let controllerID = document.connections.first {
                $0.kind == .outlet && ($0.label == "sceneViewController" || $0.label == "sceneController")
            }?.destination
            if let controller = document.object(controllerID) {
                scene.controllerClass = controller.effectiveClass
                if let viewNib = controller.property("nibName")?.text {
                    scene.viewNibName = viewNib
                    for v in documents where splitDevice(normalized(v.name)).base == normalized(viewNib) {
                        scene.documents.append(v.name)
                    }
                }
            }
            summary.scenes.append(scene)
            for connection in document.connections where connection.kind == .segue {
                guard let segue = connection.segue else { continue }
                summary.segues.append(StoryboardSummary.SceneSegue(from: identifier, to: segue.destinationScene, segue: segue))
            }
        }
        return summary
    }
}
