import NibModel
import SourceIndex

/// One navigation map of a whole app: every storyboard's scenes and every nib's classes, one
/// cluster per storyboard and per nib, and what leads from one to another: segues and
/// relationship segues, storyboard references drawn to the scene they open, and, when sources
/// were read, the transitions made in code and the nibs loaded by name (``AppMap+Code.swift``).
///
/// Nodes (``ConnectionGraph/NodeKind``): a storyboard's scenes and the controllers archived in
/// them as in ``ConnectionGraph/init(storyboard:options:)`` (class, storyboard identifier, entry
/// point), without the storyboard-reference placeholders; for each nib (localized copies of one
/// nib once) its File's Owner drawn as its class and each top-level object of a custom class
/// (``ConnectionGraph/NodeKind/nibClass``; a cell nib's classless owner is left out); a class
/// only the code knows (``ConnectionGraph/NodeKind/codeClass``); and a red `?` for an end that
/// really is missing: a storyboard the app lacks, an identifier no scene, segue or nib has.
/// Node ids: `s<N>/…` for the N-th storyboard's nodes, `n<N>/owner` and `n<N>/<object id>` for
/// the N-th nib's, `@code:<class>`, `@missing:<what>:<name>`.
public struct AppMap: Sendable {
    /// How many edges of one kind the map has, and how many of them end at a missing `?`.
    public struct Count: Hashable, Sendable, Codable {
        public var edges = 0
        public var broken = 0
        /// The code facts (calls, one per `file:line`) the edges stand for; 0 for edges drawn from
        /// documents alone.
        public var calls = 0
        public init(edges: Int = 0, broken: Int = 0, calls: Int = 0) {
            self.edges = edges
            self.broken = broken
            self.calls = calls
        }
    }

    /// The picture: ``DOTWriter``, ``MermaidWriter`` and ``SVGRenderer`` draw it.
    public internal(set) var graph: ConnectionGraph
    /// Edges by kind (``ConnectionGraph/EdgeKind``: `segue`, `relationship`,
    /// `storyboardReference`, `codeTransition`, `nibLoad`).
    public internal(set) var counts: [ConnectionGraph.EdgeKind: Count] = [:]
    /// Nib loads made by the nib's own File's Owner class (`self.init(windowNibName:)` in the
    /// controller the nib is for): no edge, named in the tooltip of that class's node.
    public internal(set) var ownNibLoads = 0
    /// Classes shown from code that neither a scene, a nib nor the sources declare (framework
    /// controllers such as `UIAlertController`): not drawn.
    public internal(set) var frameworkPresentations = 0
    /// Code facts left out because their class or API is of a platform the inputs have no
    /// document of (`UIStoryboard(name:)` in a Mac app's shared sources, an `NSWindowController`
    /// subclass's nib load in an iOS app's).
    public internal(set) var otherPlatform = 0
    /// Whether sources were read: without them the map has no code transitions or nib loads.
    public internal(set) var sourcesRead: Bool
    /// Node id → the name of the document it stands for (a scene's first document, a nib's
    /// document), for links from the map.
    public internal(set) var documents: [String: String] = [:]

    /// The map of `inputs` (directories, apps, storyboards, nibs; every storyboard and document of
    /// each), with the code edges of `sources` when given. `title` names the graph.
    /// ``GraphOptions/legend``, ``GraphOptions/rankDirection`` and ``GraphOptions/maxLabelLength``
    /// apply; the other options are for document graphs.
    public init(inputs: [NibInput], sources: SourceIndex? = nil, options: GraphOptions = GraphOptions(), title: String) {
        var builder = AppMapBuilder(options: options)
        for input in inputs {
            builder.platforms.formUnion(input.documents.map(\.platform) + input.allStoryboards.map(\.platform))
            builder.addStoryboards(of: input)
        }
        for input in inputs { builder.addNibs(of: input) }
        builder.resolveReferences()
        if let sources { builder.addCode(sources) }
        graph = builder.finish(title: title)
        counts = builder.counts
        ownNibLoads = builder.ownNibLoads
        frameworkPresentations = builder.frameworkPresentations
        otherPlatform = builder.otherPlatform
        documents = builder.documents
        sourcesRead = sources != nil
        let direction = options.rankDirection == .automatic ? GraphOptions.RankDirection.leftToRight : options.rankDirection
        graph.rankDirection = direction
    }

    /// The title of the map of `inputs`: their file names and what is drawn
    /// (`iOS — app map: 6 storyboards, 6 nibs`).
    public static func title(_ inputs: [NibInput]) -> String {
        let names = inputs.map { input -> String in
            var path = Substring(input.path)
            while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
            return path.split(separator: "/").last.map(String.init) ?? input.path
        }
        var stems = Set<String>()
        for input in inputs {
            for document in input.documents where !input.allStoryboards.contains(where: { sb in sb.scenes.contains { $0.documents.contains(document.name) } }) {
                stems.insert(stem(document.name))
            }
        }
        let storyboards = inputs.reduce(0) { $0 + $1.allStoryboards.count }
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return names.joined(separator: ", ") + " — app map: " + count(storyboards, "storyboard") + ", " + count(stems.count, "nib")
    }

    /// The counts in words, for a note: `segue 12, relationship 4, storyboardReference 1 (1 to
    /// ?), codeTransition 23 from 31 calls (2 to ?), nibLoad 14 from 14 calls; nibs loaded by
    /// their own File's Owner class: 3`.
    public var summary: String {
        let kinds: [ConnectionGraph.EdgeKind] = [.segue, .relationship, .storyboardReference, .codeTransition, .nibLoad]
        var parts = kinds.map { kind -> String in
            let c = counts[kind] ?? Count()
            var text = "\(kind.rawValue) \(c.edges)"
            if c.calls > 0 { text += " from \(c.calls) calls" }
            if c.broken > 0 { text += " (\(c.broken) to ?)" }
            return text
        }.joined(separator: ", ")
        if !sourcesRead { parts += "; no sources read" }
        if ownNibLoads > 0 { parts += "; nibs loaded by their own File's Owner class: \(ownNibLoads)" }
        if frameworkPresentations > 0 { parts += "; framework controllers shown, not drawn: \(frameworkPresentations)" }
        if otherPlatform > 0 { parts += "; calls for another platform, left out: \(otherPlatform)" }
        return parts
    }

    /// `Main` from `Main.storyboard`, `Base.lproj/Main~ipad.storyboardc`, `Cell.xib`, `Cell.nib/runtime.nib`:
    /// the name code gives `UIStoryboard(name:)`, `UINib(nibName:)` and the like.
    public static func stem(_ name: String) -> String {
        var parts = name.split(separator: "/").map(String.init)
        // A nib bundle's variant (`Cell.nib/objects-13.0+.nib`) or a scene inside a storyboard.
        while parts.count > 1, let last = parts.last, !(last.hasSuffix(".storyboard") || last.hasSuffix(".storyboardc")
            || last.hasSuffix(".xib") || last.hasSuffix(".nib")) || parts.dropLast().contains(where: { $0.hasSuffix(".nib") }) {
            parts.removeLast()
        }
        var base = parts.last ?? name
        for ext in [".storyboardc", ".storyboard", ".xib", ".nib"] where base.hasSuffix(ext) {
            base = String(base.dropLast(ext.count))
            break
        }
        if let tilde = base.firstIndex(of: "~"), tilde > base.startIndex { base = String(base[..<tilde]) }
        return base
    }
}

/// The parts of an ``AppMap`` as they are found; ``AppMap/init(inputs:sources:options:title:)`` runs it.
struct AppMapBuilder {
    typealias Node = ConnectionGraph.Node
    typealias Edge = ConnectionGraph.Edge

    /// A storyboard of the map: its summary, node-id prefix and stem.
    struct Board {
        var summary: StoryboardSummary
        var prefix: String
        var stem: String
    }

    let options: GraphOptions
    var boards: [Board] = []
    var nodes: [Node] = []
    var nodeIndex: [String: Int] = [:]
    var edges: [Edge] = []
    var clusters: [ConnectionGraph.Cluster] = []
    /// Class name → the node standing for it (a scene's controller first, then a nib's class).
    var classNode: [String: String] = [:]
    /// Nib stem → the node a load of that nib ends at, and the nib's File's Owner class.
    var nibs: [String: (node: String, ownerClass: String?)] = [:]
    var counts: [ConnectionGraph.EdgeKind: AppMap.Count] = [:]
    var ownNibLoads = 0
    var frameworkPresentations = 0
    var otherPlatform = 0
    /// Node id → document name (``AppMap/documents``).
    var documents: [String: String] = [:]
    /// The platforms of the documents and storyboards drawn.
    var platforms = Set<Platform>()
    /// Code edges by `from|to|kind|label`: their index in ``edges`` and their places in code.
    var codeEdges: [String: (index: Int, places: [SourceLocation])] = [:]

    init(options: GraphOptions) { self.options = options }

    static let referenceClasses: Set<String> = ["UIStoryboardReference", "NSStoryboardReference"]

    mutating func add(_ node: Node) {
        guard nodeIndex[node.id] == nil else { return }
        nodeIndex[node.id] = nodes.count
        nodes.append(node)
    }

    /// Each storyboard's scene flow, its node ids prefixed, in a cluster of its own; the
    /// storyboard-reference placeholder scenes left out (their segues are redirected by
    /// ``resolveReferences()``).
    mutating func addStoryboards(of input: NibInput) {
        for summary in input.allStoryboards {
            let k = boards.count
            let prefix = "s\(k + 1)/"
            boards.append(Board(summary: summary, prefix: prefix, stem: AppMap.stem(summary.name)))
            var flowOptions = GraphOptions(rankDirection: .leftToRight, legend: false)
            flowOptions.maxLabelLength = options.maxLabelLength
            guard let flow = try? ConnectionGraph(storyboard: summary, options: flowOptions) else { continue }
            let references = Set(summary.scenes.filter { Self.referenceClasses.contains($0.controllerClass ?? "") }.map { "@scene:" + $0.identifier })
            var members: [String] = []
            for var node in flow.nodes where !references.contains(node.id) {
                node.id = prefix + node.id
                members.append(node.id)
                add(node)
            }
            for var edge in flow.edges where !references.contains(edge.to) && !references.contains(edge.from) {
                edge.from = prefix + edge.from
                edge.to = prefix + edge.to
                edges.append(edge)
            }
            clusters.append(.init(id: "s\(k + 1)", lines: [summary.name], nodeIDs: members, isDocument: true))
            for scene in summary.scenes {
                if let first = scene.documents.first { documents[prefix + "@scene:" + scene.identifier] = first }
            }
            for controller in summary.controllers where documents[prefix + "@scene:" + controller.id] == nil {
                if let first = controller.documents.first { documents[prefix + "@scene:" + controller.id] = first }
            }
            for scene in summary.scenes {
                guard let cls = scene.controllerClass, !Self.referenceClasses.contains(cls), classNode[cls] == nil else { continue }
                classNode[cls] = prefix + "@scene:" + scene.identifier
            }
            for controller in summary.controllers where classNode[controller.effectiveClass] == nil {
                classNode[controller.effectiveClass] = prefix + "@scene:" + controller.id
            }
            addSceneObjects(of: summary, in: input, prefix: prefix)
        }
    }

    /// The top-level objects of a custom class in a scene besides its controller (an app
    /// delegate in a main storyboard's Application scene): the scene's node stands for them, and
    /// names them under its class.
    mutating func addSceneObjects(of summary: StoryboardSummary, in input: NibInput, prefix: String) {
        let documents = Dictionary(input.documents.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let controllerObjects = Set(summary.controllers.flatMap(\.objects))
        for scene in summary.scenes {
            let node = prefix + "@scene:" + scene.identifier
            guard let i = nodeIndex[node] else { continue }
            var named: [String] = []
            for name in scene.documents {
                guard let document = documents[name] else { continue }
                for id in document.topLevelObjects {
                    guard let object = document.object(id), object.placeholder == nil, let custom = object.customClass,
                          !controllerObjects.contains(ObjectReference(document: name, id: id)), classNode[custom] == nil else { continue }
                    classNode[custom] = node
                    named.append(custom)
                }
            }
            if !named.isEmpty { nodes[i].lines.append("+ " + named.prefix(2).joined(separator: ", ") + (named.count > 2 ? ", …" : "")) }
        }
    }

    /// One cluster per nib outside the storyboards (the first of localized copies): its File's
    /// Owner as its class and its top-level objects of a custom class.
    mutating func addNibs(of input: NibInput) {
        var inStoryboards = Set<String>()
        for summary in input.allStoryboards {
            for scene in summary.scenes { inStoryboards.formUnion(scene.documents) }
            for controller in summary.controllers { inStoryboards.formUnion(controller.documents) }
        }
        for document in input.documents where !inStoryboards.contains(document.name) && document.format != .storyboard {
            let stem = AppMap.stem(document.name)
            guard nibs[stem] == nil, !document.name.contains(".storyboardc/") else { continue }
            let k = clusters.count + 1
            let owner = document.placeholders.first { $0.placeholder?.kind == .filesOwner }
            let ownerClass = owner?.customClass
            var members: [Node] = []
            for id in document.topLevelObjects {
                guard let object = document.object(id), object.placeholder == nil, let custom = object.customClass else { continue }
                var lines = [custom]
                if custom != object.className { lines.append("(" + object.className + ")") }
                members.append(Node(id: "n\(k)/\(object.id.rawValue)", kind: .nibClass, lines: lines,
                                    tooltip: "\(object.id) \(object.className) (\(custom)) in \(document.name)"))
            }
            if owner != nil && (ownerClass != nil || members.isEmpty) {
                let lines = ownerClass.map { [$0, "File's Owner"] } ?? ["File's Owner"]
                members.insert(Node(id: "n\(k)/owner", kind: .nibClass, lines: lines,
                                    tooltip: "File's Owner of \(document.name)"), at: 0)
            }
            if members.isEmpty {
                let first = document.topLevelObjects.first.flatMap { document.object($0) }
                members.append(Node(id: "n\(k)/nib", kind: .nibClass, lines: [first?.effectiveClass ?? stem],
                                    tooltip: document.name))
            }
            for node in members {
                add(node)
                documents[node.id] = document.name
                if let cls = node.lines.first, node.lines != ["File's Owner"], classNode[cls] == nil { classNode[cls] = node.id }
            }
            nibs[stem] = (members[0].id, ownerClass)
            clusters.append(.init(id: "n\(k)", lines: [document.name], nodeIDs: members.map(\.id), isDocument: true))
        }
    }

    /// The board a storyboard name (`Account`, `Account.storyboard`) names, preferring one of
    /// `platform`.
    func board(named name: String, platform: Platform? = nil) -> Board? {
        let stem = AppMap.stem(name)
        let candidates = boards.filter { $0.stem == stem }
        return candidates.first { $0.summary.platform == platform } ?? candidates.first
    }

    /// The node of the scene or controller `identifier` names in `board` (scene identifier, or a
    /// controller's id or storyboard identifier); `initial view controller` (or nil) is the entry point.
    func sceneNode(_ identifier: String?, in board: Board) -> String? {
        let summary = board.summary
        guard let identifier, identifier != "initial view controller" else {
            return summary.entryPoint.map { board.prefix + "@scene:" + $0 }.flatMap { nodeIndex[$0] != nil ? $0 : nil }
        }
        if summary.scenes.contains(where: { $0.identifier == identifier }) || summary.controllers.contains(where: { $0.id == identifier }) {
            return board.prefix + "@scene:" + identifier
        }
        if let c = summary.controllers.first(where: { $0.storyboardIdentifier == identifier }) { return board.prefix + "@scene:" + c.id }
        return nil
    }

    /// A red `?` node for an end that is missing.
    mutating func missing(_ what: String, _ name: String) -> String {
        let id = "@missing:\(what):\(name)"
        let text: String
        switch what {
        case "storyboard": text = "no storyboard “\(name)”"
        case "segue": text = "no segue “\(name)”"
        case "nib": text = "no nib “\(name)”"
        default: text = "no scene “\(name)”"
        }
        add(Node(id: id, kind: .unresolved, lines: ["?", text], tooltip: text))
        return id
    }

    /// Segues into another storyboard (`Account:initial view controller`, `Account:Login`, as the
    /// readers name them) drawn to the scene they open as ``ConnectionGraph/EdgeKind/storyboardReference``
    /// edges; a storyboard or scene the app lacks becomes a `?`.
    mutating func resolveReferences() {
        var drop = Set<String>()
        for i in edges.indices {
            let to = edges[i].to
            guard let slash = to.firstIndex(of: "/"), to[to.index(after: slash)...].hasPrefix("@external:") else { continue }
            let target = String(to[to.index(after: slash)...].dropFirst("@external:".count))
            guard let colon = target.lastIndex(of: ":") else { continue }
            let storyboardName = String(target[..<colon]), identifier = String(target[target.index(after: colon)...])
            let source = boards.first { to.hasPrefix($0.prefix) }
            let other = storyboardName == "(this storyboard)" ? source : board(named: storyboardName, platform: source?.summary.platform)
            edges[i].kind = .storyboardReference
            drop.insert(to)
            if let other, let node = sceneNode(identifier, in: other) {
                edges[i].to = node
                edges[i].tooltip = "storyboard reference to \(other.summary.name)" + (edges[i].tooltip.map { ", " + $0 } ?? "")
            } else {
                edges[i].to = other == nil ? missing("storyboard", storyboardName) : missing("scene", storyboardName + ":" + identifier)
                edges[i].isUnresolved = true
                edges[i].lines.append("(unresolved)")
            }
        }
        nodes.removeAll { drop.contains($0.id) }
        for c in clusters.indices { clusters[c].nodeIDs.removeAll { drop.contains($0) } }
        nodeIndex = Dictionary(nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The graph, with the edge counts recorded.
    mutating func finish(title: String) -> ConnectionGraph {
        for (key, entry) in codeEdges {
            _ = key
            var edge = edges[entry.index]
            let places = entry.places.sorted()
            let shown = places.prefix(8).map(\.description)
            edge.tooltip = (shown + (places.count > 8 ? ["and \(places.count - 8) more"] : [])).joined(separator: "\n")
            if places.count > 1 { edge.lines[edge.lines.count - 1] += " ×\(places.count)" }
            edges[entry.index] = edge
            counts[edge.kind, default: .init()].calls += places.count
        }
        for edge in edges where edge.kind != .entry {
            counts[edge.kind, default: .init()].edges += 1
            if edge.isUnresolved { counts[edge.kind, default: .init()].broken += 1 }
        }
        return ConnectionGraph(name: title, rankDirection: .leftToRight, nodes: nodes, edges: edges, clusters: clusters,
                               showsLegend: options.legend)
    }
}
