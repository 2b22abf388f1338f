import NibModel

/// A format-neutral picture of a nib's connections (or a storyboard's scene flow): nodes,
/// edges and nested clusters, with plain (unescaped) label text. ``DOTWriter`` turns it into DOT.
///
/// Build one with ``init(document:options:)``, ``init(documents:options:)`` or
/// ``init(storyboard:options:)``. Node ids are stable: the ``ObjectID`` text (`#12`, a xib id)
/// for objects, prefixed with `d<N>/` when several documents share one graph; synthetic nodes
/// start with `@` (`@firstResponder`, `@unresolved-1`, `@scene:Login`), which no object id does.
public struct ConnectionGraph: Hashable, Sendable {
    /// What a node stands for; decides its shape and colours.
    public enum NodeKind: Hashable, Sendable {
        /// An archived object (view, control, controller, menu item, …).
        case object
        /// A document placeholder: File's Owner, First Responder, Application, external, …
        case placeholder(Placeholder.Kind)
        /// First Responder added for nil-targeted actions when the document has no such placeholder.
        case firstResponder
        /// The missing end of an unresolved connection (drawn as `?`).
        case unresolved
        /// A storyboard scene; `isEntryPoint` for the initial view controller's scene.
        case scene(isEntryPoint: Bool)
        /// A scene outside this input (another storyboard, or a scene only named by a segue).
        case externalScene
        /// The start of the arrow that marks a storyboard's entry point.
        case entryPoint
        /// A menu (`NSMenu`) drawn as one box listing its items (``Node/rows``), with
        /// ``GraphOptions/hierarchy``.
        case menu
        /// In an app map (``AppMap``): a class a nib stands for, its File's Owner or a top-level
        /// object of a custom class.
        case nibClass
        /// In an app map: a class known from the sources only (it presents, loads or
        /// instantiates something, and no scene or nib stands for it).
        case codeClass
    }

    /// What an edge stands for; decides its line style.
    public enum EdgeKind: String, Hashable, Sendable, CaseIterable {
        case outlet, outletCollection, action, binding, runtimeAttribute, accessibility, segue, other
        /// A relationship segue (navigation root, tab children, embed container).
        case relationship
        /// Entry-point arrow of a storyboard.
        case entry
        /// From a menu item's row to the submenu it opens (``GraphOptions/hierarchy``).
        case submenu
        /// In an app map: a segue (or relationship) into another storyboard through a storyboard
        /// reference, drawn to the scene it opens.
        case storyboardReference
        /// In an app map: a transition made in code (`instantiateViewController`,
        /// `UIStoryboard(name:)`, `performSegue`, `present`, `pushViewController`, `show`); the
        /// tooltip gives `file:line`.
        case codeTransition
        /// In an app map: a nib loaded by name in code (`UINib(nibName:)`, `init(nibName:bundle:)`,
        /// `NSWindowController(windowNibName:)`, `loadNibNamed`); the tooltip gives `file:line`.
        case nibLoad

        init(_ kind: Connection.Kind) {
            switch kind {
            case .outlet: self = .outlet
            case .outletCollection: self = .outletCollection
            case .action: self = .action
            case .binding: self = .binding
            case .runtimeAttribute: self = .runtimeAttribute
            case .accessibility: self = .accessibility
            case .segue: self = .segue
            case .other: self = .other
            }
        }
    }

    /// One row of a ``NodeKind/menu`` node: a menu item.
    public struct Row: Hashable, Sendable {
        /// The DOT port edges of this item start or end at (`i3`).
        public var port: String
        /// The item's title (empty for a separator).
        public var text: String
        /// A separator: drawn as a thin rule.
        public var isSeparator: Bool
        /// The item opens a submenu (drawn with `▸`, a ``EdgeKind/submenu`` edge leaves it).
        public var hasSubmenu: Bool
        /// The item's key equivalent as menus show it (`⌘Q`, `⇧⌘S`; ``KeyEquivalent``), drawn
        /// right of the title; nil when it has none.
        public var keyEquivalent: String?

        public init(port: String, text: String, isSeparator: Bool = false, hasSubmenu: Bool = false, keyEquivalent: String? = nil) {
            self.port = port
            self.text = text
            self.isSeparator = isSeparator
            self.hasSubmenu = hasSubmenu
            self.keyEquivalent = keyEquivalent
        }
    }

    public struct Node: Hashable, Sendable {
        /// The DOT node id (also the SVG `<title>` of the node).
        public var id: String
        public var kind: NodeKind
        /// Label lines, top to bottom, unescaped.
        public var lines: [String]
        /// Hover text (SVG `<title>` of the link), e.g. `#12 UIButton (LoginKit.SignInButton)`.
        public var tooltip: String?
        /// The object the node draws, for object and placeholder nodes.
        public var objectID: ObjectID?
        /// A link target (DOT `URL`; in SVG an `<a xlink:href>` around the node), e.g. `#d1-o12`
        /// for an anchor of an HTML report. Nil: the node links nowhere.
        public var url: String?
        /// The items of a ``NodeKind/menu`` node, in menu order, under its title (``lines``).
        public var rows: [Row]?

        public init(id: String, kind: NodeKind, lines: [String], tooltip: String? = nil, objectID: ObjectID? = nil,
                    url: String? = nil) {
            self.id = id
            self.kind = kind
            self.lines = lines
            self.tooltip = tooltip
            self.objectID = objectID
            self.url = url
        }
    }

    public struct Edge: Hashable, Sendable {
        public var from: String
        public var to: String
        public var kind: EdgeKind
        /// Label lines, unescaped (property, `name[i]`, selector + control events, …).
        public var lines: [String]
        /// Drawn in the warning style: the connection could not be fully resolved.
        public var isUnresolved: Bool
        public var tooltip: String?
        /// The row (``Row/port``) of a menu node the edge starts or ends at, for a menu item.
        public var fromPort: String?
        public var toPort: String?

        public init(from: String, to: String, kind: EdgeKind, lines: [String], isUnresolved: Bool = false,
                    tooltip: String? = nil) {
            self.from = from
            self.to = to
            self.kind = kind
            self.lines = lines
            self.isUnresolved = isUnresolved
            self.tooltip = tooltip
        }
    }

    /// A group of nodes drawn inside one box: a document, or a container in the view hierarchy
    /// (the container's own node, when drawn, is the first of ``nodeIDs``).
    public struct Cluster: Hashable, Sendable {
        /// Unique among the graph's clusters; DOT writes it as `cluster_<id>`.
        public var id: String
        /// Label lines: the document name, or `UIView #47` for a hierarchy container whose node is
    /// drawn inside (the full object label when it is not).
        public var lines: [String]
        public var nodeIDs: [String]
        public var clusters: [Cluster]
        /// Nesting depth, 0 for a top-level cluster (for alternating fills).
        public var depth: Int
        /// True for the cluster of a whole document (several documents in one graph).
        public var isDocument: Bool

        public init(id: String, lines: [String] = [], nodeIDs: [String] = [], clusters: [Cluster] = [], depth: Int = 0,
                    isDocument: Bool = false) {
            self.id = id
            self.lines = lines
            self.nodeIDs = nodeIDs
            self.clusters = clusters
            self.depth = depth
            self.isDocument = isDocument
        }
    }

    /// Graph name (the document or storyboard name); DOT writes it as the graph's id and title.
    public var name: String
    public var rankDirection: GraphOptions.RankDirection
    /// Every node in drawing order (those in clusters too).
    public var nodes: [Node]
    public var edges: [Edge]
    /// Top-level clusters.
    public var clusters: [Cluster]
    /// Draw a legend: one sample edge, in its style, for each edge kind the graph uses
    /// (``legendKinds``), in a cluster titled "Legend" (``GraphOptions/legend``).
    public var showsLegend: Bool

    public init(name: String, rankDirection: GraphOptions.RankDirection = .leftToRight, nodes: [Node] = [],
                edges: [Edge] = [], clusters: [Cluster] = [], showsLegend: Bool = false) {
        self.name = name
        self.rankDirection = rankDirection
        self.nodes = nodes
        self.edges = edges
        self.clusters = clusters
        self.showsLegend = showsLegend
    }

    /// Short ids for the text formats that need identifiers of their own (Mermaid, PlantUML):
    /// `n0`, `n1`, … in node order, the first node of a repeated id keeping it; and each node by
    /// its id. O(nodes).
    public var shortNodeIDs: (ids: [String: String], nodes: [String: Node]) {
        var ids: [String: String] = [:]
        var nodes: [String: Node] = [:]
        for node in self.nodes where ids[node.id] == nil {
            ids[node.id] = "n\(ids.count)"
            nodes[node.id] = node
        }
        return (ids, nodes)
    }

    /// The ids of the nodes drawn inside some cluster (at any depth); the others are drawn at the
    /// top level. O(cluster members).
    public var clusteredNodeIDs: Set<String> {
        var ids = Set<String>()
        func collect(_ c: Cluster) {
            ids.formUnion(c.nodeIDs)
            c.clusters.forEach(collect)
        }
        clusters.forEach(collect)
        return ids
    }

    /// The edge kinds drawn, in ``EdgeKind/allCases`` order, plus whether an unresolved edge is
    /// drawn: the rows of the legend.
    public var legendKinds: (kinds: [EdgeKind], unresolved: Bool) {
        let used = Set(edges.map(\.kind))
        return (EdgeKind.allCases.filter { used.contains($0) }, edges.contains { $0.isUnresolved })
    }

    /// The connection graph of one document (see ``DocumentGraphBuilder`` for what is drawn).
    ///
    /// - Throws: ``GraphError/focusNotFound(_:candidates:)`` when ``GraphOptions/focus`` matches nothing.
    public init(document: NibDocument, options: GraphOptions = GraphOptions()) throws(GraphError) {
        try self.init(documents: [document], options: options)
    }

    /// One graph for several documents (for example the variants or scene nibs of one input):
    /// each document becomes a labelled cluster and its node ids get the prefix `d<N>/`.
    /// With one document there is no cluster and no prefix.
    /// An upstream placeholder bound to an object of another of the `documents`
    /// (``Placeholder/resolvedTarget``, nib-format.md §5.2) is drawn as that object's node: a
    /// storyboard controller is one node with the outlets and actions of its scene nib and its
    /// view nib, and an edge drawn at it from another document has that document's name as its
    /// tooltip. `controllerObjects` (from ``NibInput/controllerObjects(named:)`` for the focus)
    /// adds the objects standing for a focused controller to what ``ObjectQuery`` matches.
    /// `mergesBoundPlaceholders` false draws every placeholder in its own document.
    ///
    /// - Throws: ``GraphError/focusNotFound(_:candidates:)`` when the focus matches in no document.
    public init(documents: [NibDocument], options: GraphOptions = GraphOptions(),
                controllerObjects: [String: Set<ObjectID>] = [:], mergesBoundPlaceholders: Bool = true) throws(GraphError) {
        // A title, not a list of every path: the first names and how many there are in all.
        let name = documents.count <= 3 ? documents.map(\.name).joined(separator: ", ")
            : documents.prefix(2).map(\.name).joined(separator: ", ") + " and \(documents.count - 2) more documents"
        self.init(name: name, rankDirection: options.rankDirection == .automatic ? .leftToRight : options.rankDirection,
                  showsLegend: options.legend)
        var matchedAny = options.focus == nil
        let prefixes = documents.indices.map { documents.count == 1 ? "" : "d\($0 + 1)/" }
        var indexByName: [String: Int] = [:]
        for (i, document) in documents.enumerated() where indexByName[document.name] == nil { indexByName[document.name] = i }
        var aliasTargets: [String: (document: Int, object: NibObject)] = [:]
        var parts: [DocumentGraphBuilder.Part?] = []
        for (i, document) in documents.enumerated() {
            var builder = DocumentGraphBuilder(document: document, options: options, idPrefix: prefixes[i])
            builder.controllerFocus = controllerObjects[document.name] ?? []
            for object in document.objects where mergesBoundPlaceholders {
                guard let target = object.placeholder?.resolvedTarget, let colon = target.lastIndex(of: ":"),
                      let j = indexByName[String(target[..<colon])], j != i,
                      let targetObject = documents[j].object(ObjectID(String(target[target.index(after: colon)...]))),
                      targetObject.placeholder == nil else { continue }
                let id = prefixes[j] + targetObject.id.rawValue
                builder.aliases[object.id] = id
                aliasTargets[id] = (j, targetObject)
            }
            let part = builder.build()
            if part != nil { matchedAny = true }
            parts.append(part)
        }
        // A node an edge of another document needs, that its own document did not draw.
        var drawn = Set(parts.flatMap { $0?.nodes.map(\.id) ?? [] })
        var added: [Int: [Node]] = [:]
        for part in parts {
            for edge in part?.edges ?? [] {
                for end in [edge.from, edge.to] {
                    guard let (j, object) = aliasTargets[end], drawn.insert(end).inserted else { continue }
                    let builder = DocumentGraphBuilder(document: documents[j], options: options, idPrefix: prefixes[j])
                    added[j, default: []].append(builder.node(for: object))
                }
            }
        }
        for (i, document) in documents.enumerated() {
            guard var part = parts[i] ?? (added[i] != nil ? DocumentGraphBuilder.Part(nodes: [], edges: [], clusters: [], clusteredNodeIDs: []) : nil) else { continue }
            part.nodes += added[i] ?? []
            nodes += part.nodes
            edges += part.edges
            if documents.count == 1 {
                clusters += part.clusters
            } else {
                let loose = part.nodes.map(\.id).filter { !part.clusteredNodeIDs.contains($0) }
                clusters.append(Cluster(id: "d\(i + 1)", lines: [document.name], nodeIDs: loose,
                                        clusters: part.clusters.map { $0.nested() }, depth: 0, isDocument: true))
            }
        }
        if !matchedAny, let focus = options.focus {
            throw GraphError.focusNotFound(focus, candidates: DocumentGraphBuilder.focusCandidates(documents))
        }
    }
}

extension ConnectionGraph.Cluster {
    /// The same cluster one level deeper (inside a document cluster).
    func nested() -> Self {
        var c = self
        c.depth += 1
        c.clusters = clusters.map { $0.nested() }
        return c
    }
}

/// Why a graph could not be built.
public enum GraphError: Error, Hashable, Sendable, CustomStringConvertible {
    /// ``GraphOptions/focus`` matched no object; `candidates` lists the names and classes of
    /// connected objects.
    case focusNotFound(String, candidates: [String])
    /// The scene asked for matched no scene or document of the input.
    case sceneNotFound(String, candidates: [String])
    /// The input resolved to no document at all.
    case noDocuments(String)

    /// The focus or scene query that matched nothing, as data; nil for ``noDocuments(_:)``.
    public var unmatchedQuery: UnmatchedQuery? {
        switch self {
        case let .focusNotFound(query, candidates): return UnmatchedQuery(query: query, subject: .object, candidates: candidates)
        case let .sceneNotFound(query, candidates): return UnmatchedQuery(query: query, subject: .scene, candidates: candidates)
        case .noDocuments: return nil
        }
    }

    /// `'Zap' matches no object; objects: Login, Sign In`, or `PATH: no document to draw`.
    public var description: String {
        switch self {
        case let .focusNotFound(query, candidates): return UnmatchedQuery(query: query, subject: .object, candidates: candidates).description
        case let .sceneNotFound(query, candidates): return UnmatchedQuery(query: query, subject: .scene, candidates: candidates).description
        case let .noDocuments(path): return "\(path): no document to draw"
        }
    }
}
