import NibModel

extension ConnectionGraph {
    /// The scene flow of a storyboard (nib-format.md §5): one node per scene (controller class
    /// and storyboard identifier) and one per controller archived inside a scene's controller
    /// (``StoryboardSummary/controllers``: a navigation controller's root, a tab bar
    /// controller's children), one edge per segue from the controller that owns it, labelled
    /// with its kind and identifier, one relationship edge (grey, bold, diamond at the
    /// container) from each container to each controller it contains, labelled with the
    /// relationship, and an arrow from a dot into the entry-point scene, which is also drawn
    /// bold. A segue to a scene that is not in ``StoryboardSummary/scenes`` (another storyboard,
    /// an external reference) ends at an "external" node; one with no destination at `?`.
    ///
    /// ``GraphOptions/focus`` keeps the scenes and controllers it names (a scene by identifier,
    /// nib name or controller class; a controller by id, storyboard identifier, class or custom
    /// class) and those they have segues or relationships to or from; ``GraphOptions/kinds``
    /// and ``GraphOptions/hierarchy`` do not apply.
    ///
    /// - Throws: ``GraphError/focusNotFound(_:candidates:)`` when the focus matches no scene.
    public init(storyboard: StoryboardSummary, options: GraphOptions = GraphOptions()) throws(GraphError) {
        self.init(name: storyboard.name, rankDirection: options.rankDirection)
        let sceneIdentifiers = Set(storyboard.scenes.map(\.identifier))
        let contained = storyboard.controllers.filter { !sceneIdentifiers.contains($0.id) }
        let known = sceneIdentifiers.union(contained.map(\.id))
        func truncate(_ s: String) -> String {
            s.count <= options.maxLabelLength ? s : String(s.prefix(options.maxLabelLength - 1)) + "…"
        }
        func sceneID(_ identifier: String) -> String { "@scene:" + identifier }

        var sceneNodes: [Node] = []
        var seen = Set<String>()
        for scene in storyboard.scenes where seen.insert(sceneID(scene.identifier)).inserted {
            var lines = [scene.controllerClass ?? "Scene"]
            if scene.identifier != scene.controllerClass { lines.append("“" + truncate(scene.identifier) + "”") }
            let isEntry = scene.identifier == storyboard.entryPoint
            let tooltip = [scene.nibName, scene.viewNibName].compactMap { $0 }.joined(separator: ", ")
            sceneNodes.append(Node(id: sceneID(scene.identifier), kind: .scene(isEntryPoint: isEntry), lines: lines,
                                   tooltip: tooltip.isEmpty ? nil : tooltip))
        }
        for controller in contained where seen.insert(sceneID(controller.id)).inserted {
            var lines = [controller.effectiveClass]
            if controller.id != controller.effectiveClass { lines.append("“" + truncate(controller.id) + "”") }
            let tooltip = ["in scene " + controller.scene, controller.viewNibName].compactMap { $0 }.joined(separator: ", ")
            sceneNodes.append(Node(id: sceneID(controller.id), kind: .scene(isEntryPoint: false), lines: lines, tooltip: tooltip))
        }

        var extraNodes: [Node] = []
        var sceneEdges: [(edge: Edge, scenes: [String])] = []
        func external(_ identifier: String) -> String {
            let id = "@external:" + identifier
            if seen.insert(id).inserted {
                extraNodes.append(Node(id: id, kind: .externalScene, lines: [truncate(identifier), "(external)"]))
            }
            return id
        }
        for (i, s) in storyboard.segues.enumerated() {
            let from = known.contains(s.from) ? sceneID(s.from) : external(s.from)
            let to: String
            var broken = false
            if let dest = s.to {
                to = known.contains(dest) ? sceneID(dest) : external(dest)
            } else {
                to = "@unresolved-\(i + 1)"
                extraNodes.append(Node(id: to, kind: .unresolved, lines: ["?", "no destination scene"]))
                broken = true
            }
            let isRelationship = s.segue.kind == "relationship"
            var lines = [isRelationship ? (s.segue.relationship ?? "relationship") : s.segue.kind]
            if let identifier = s.segue.identifier, !identifier.isEmpty { lines.append("“" + truncate(identifier) + "”") }
            if broken { lines.append("(unresolved)") }
            let edge = Edge(from: from, to: to, kind: isRelationship ? .relationship : .segue, lines: lines,
                            isUnresolved: broken, tooltip: s.segue.segueClass)
            sceneEdges.append((edge, [s.from, s.to].compactMap { $0 }))
        }

        var keep: Set<String>?
        if let focus = options.focus {
            var matched = storyboard.scenes.filter {
                $0.identifier == focus || $0.nibName == focus || $0.controllerClass == focus
            }.map(\.identifier)
            for controller in storyboard.controllers(named: focus) where !matched.contains(controller.id) {
                matched.append(controller.id)
            }
            guard !matched.isEmpty else {
                throw GraphError.focusNotFound(focus, candidates: storyboard.scenes.map(\.identifier))
            }
            sceneEdges = sceneEdges.filter { !Set(matched).isDisjoint(with: $0.scenes) }
            var ids = Set(matched.map(sceneID))
            for e in sceneEdges { ids.insert(e.edge.from); ids.insert(e.edge.to) }
            keep = ids
        }

        if let entry = storyboard.entryPoint {
            let target = known.contains(entry) ? sceneID(entry) : external(entry)
            if keep == nil || keep?.contains(target) == true {
                nodes.append(Node(id: "@entry", kind: .entryPoint, lines: [], tooltip: "entry point"))
                edges.append(Edge(from: "@entry", to: target, kind: .entry, lines: []))
                keep?.insert("@entry")
                keep?.insert(target)
            }
        }
        nodes += (sceneNodes + extraNodes).filter { keep?.contains($0.id) ?? true }
        edges += sceneEdges.map(\.edge)
    }
}
