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
        self.init(name: storyboard.name, rankDirection: options.rankDirection, showsLegend: options.legend)
        let sceneIdentifiers = Set(storyboard.scenes.map(\.identifier))
        let contained = storyboard.controllers.filter { !sceneIdentifiers.contains($0.id) }
        let known = sceneIdentifiers.union(contained.map(\.id))
        func truncate(_ s: String) -> String {
            s.count <= options.maxLabelLength ? s : String(s.prefix(options.maxLabelLength - 1)) + "…"
        }
        func sceneID(_ identifier: String) -> String { "@scene:" + identifier }

        // A node is labelled by controller class and storyboard identifier; the generated scene
        // and nib names (`UIViewController-BYZ-38-t0r`) go to the tooltip only.
        let controllersByID = Dictionary(storyboard.controllers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func storyboardIdentifier(_ id: String, className: String?) -> String? {
            if let given = controllersByID[id]?.storyboardIdentifier, !given.isEmpty { return given }
            if controllersByID[id] == nil, id != className, !Self.isGeneratedName(id, className: className) { return id }
            return nil
        }
        var sceneNodes: [Node] = []
        var seen = Set<String>()
        for scene in storyboard.scenes where seen.insert(sceneID(scene.identifier)).inserted {
            let className = scene.controllerClass ?? controllersByID[scene.identifier]?.effectiveClass
            var lines = [className ?? "Scene"]
            if let identifier = storyboardIdentifier(scene.identifier, className: className) {
                lines.append("“" + truncate(identifier) + "”")
            }
            let isEntry = scene.identifier == storyboard.entryPoint
            var parts: [String] = []
            for part in [scene.identifier, scene.nibName, scene.viewNibName].compactMap({ $0 }) where !parts.contains(part) {
                parts.append(part)
            }
            let tooltip = parts.joined(separator: ", ")
            sceneNodes.append(Node(id: sceneID(scene.identifier), kind: .scene(isEntryPoint: isEntry), lines: lines,
                                   tooltip: tooltip))
        }
        for controller in contained where seen.insert(sceneID(controller.id)).inserted {
            var lines = [controller.effectiveClass]
            if let identifier = storyboardIdentifier(controller.id, className: controller.effectiveClass) {
                lines.append("“" + truncate(identifier) + "”")
            }
            let tooltip = [controller.id, "in scene " + controller.scene, controller.viewNibName].compactMap { $0 }.joined(separator: ", ")
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
            var lines = [isRelationship ? (s.segue.relationship ?? "relationship") : s.segue.kind.rawValue]
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
        if rankDirection == .automatic {
            let shape = Self.layeredShape(nodes: nodes.map(\.id), edges: edges.map { ($0.from, $0.to) })
            rankDirection = Self.sceneFlowDirection(ranks: shape.ranks, breadth: shape.breadth)
        }
    }

    /// True for the names Interface Builder generates for a scene or controller without a
    /// storyboard identifier: `<Class>-<object id>` (`UIViewController-BYZ-38-t0r`), or a
    /// `<scene>/<archive id>` path (`UIViewController-abc/#67`).
    static func isGeneratedName(_ name: String, className: String?) -> Bool {
        if name.contains("/#") { return true }
        if let className, name.hasPrefix(className + "-") { return true }
        // The framework class of a custom-class controller: `UIViewController-…`, `NSWindowController-…`.
        guard let dash = name.firstIndex(of: "-") else { return false }
        let prefix = name[..<dash]
        return (prefix.hasPrefix("UI") || prefix.hasPrefix("NS") || prefix.hasPrefix("WK")) && prefix.hasSuffix("Controller")
    }

    /// The number of ranks (longest path from a source, cycles broken at the first edge that
    /// closes one) and the largest number of nodes in one rank, as `dot` would layer the graph.
    static func layeredShape(nodes: [String], edges: [(String, String)]) -> (ranks: Int, breadth: Int) {
        guard !nodes.isEmpty else { return (0, 0) }
        var successors: [String: [String]] = [:]
        var indegree: [String: Int] = [:]
        for n in nodes { indegree[n] = 0 }
        for (a, b) in edges where a != b && indegree[a] != nil && indegree[b] != nil {
            successors[a, default: []].append(b)
            indegree[b, default: 0] += 1
        }
        // Kahn's algorithm; nodes left on a cycle are started from where the cycle is entered.
        var rank: [String: Int] = [:]
        var queue = nodes.filter { indegree[$0] == 0 }
        var remaining = indegree
        var head = 0
        var processed = Set<String>()
        while processed.count < nodes.count {
            if head == queue.count, let next = nodes.first(where: { !processed.contains($0) && !queue.contains($0) }) {
                queue.append(next)
            }
            guard head < queue.count else { break }
            let n = queue[head]
            head += 1
            guard processed.insert(n).inserted else { continue }
            let r = rank[n] ?? 0
            for m in successors[n] ?? [] where !processed.contains(m) {
                rank[m] = max(rank[m] ?? 0, r + 1)
                remaining[m, default: 1] -= 1
                if remaining[m] == 0 { queue.append(m) }
            }
        }
        var perRank: [Int: Int] = [:]
        for n in nodes { perRank[rank[n] ?? 0, default: 0] += 1 }
        return ((perRank.keys.max() ?? 0) + 1, perRank.values.max() ?? 1)
    }

    /// The direction for a scene flow of `ranks` layers, at most `breadth` scenes in one: the one
    /// whose drawing is closer to a page's proportions (√2, either orientation). A scene node is
    /// about 2 inches wide and 0.6 high, plus 0.5 between ranks and 0.3 between nodes.
    static func sceneFlowDirection(ranks: Int, breadth: Int) -> GraphOptions.RankDirection {
        let r = Double(max(ranks, 1)), b = Double(max(breadth, 1))
        let leftToRight = (width: r * 2.0 + (r - 1) * 0.5, height: b * 0.6 + (b - 1) * 0.3)
        let topToBottom = (width: b * 2.0 + (b - 1) * 0.3, height: r * 0.6 + (r - 1) * 0.5)
        func misfit(_ size: (width: Double, height: Double)) -> Double {
            let ratio = max(size.width, size.height) / min(size.width, size.height)
            return abs(ratio - 2.0.squareRoot())
        }
        return misfit(topToBottom) < misfit(leftToRight) ? .topToBottom : .leftToRight
    }
}
