import NibModel
import SourceIndex

/// The code edges of an ``AppMap``: one per distinct transition or nib load, from the node of the
/// class whose code makes the call (its scene, its nib, or a ``ConnectionGraph/NodeKind/codeClass``
/// node) to what it opens, merged over calls (`×3` on the label, every `file:line` in the tooltip).
extension AppMapBuilder {
    /// Adds the edges the literals of `sources` give (``SourceLiteral/Kind``):
    /// - `instantiateViewController(withIdentifier:)` → the scene or controller with that storyboard
    ///   identifier, in any storyboard (`?` when none has it);
    /// - `UIStoryboard(name:)` / `NSStoryboard(name:)` → that storyboard's entry point (its first
    ///   scene without one; `?` when the app has no such storyboard);
    /// - `performSegue(withIdentifier:)` → the destination of the segue with that identifier,
    ///   preferably one the calling class's scene owns (`?` when no segue has it);
    /// - `present`, `pushViewController`, `show`, … of a class → that class's node (a class no
    ///   scene or nib stands for gets a code node when the sources declare it, else is counted in
    ///   ``AppMap/frameworkPresentations``);
    /// - a nib name (`UINib(nibName:)`, `init(nibName:bundle:)`, `windowNibName:`, `loadNibNamed`)
    ///   → the nib's class node, as a ``ConnectionGraph/EdgeKind/nibLoad`` (`?` when no nib has
    ///   that name; a load by the nib's own File's Owner class is no edge, see ``AppMap/ownNibLoads``).
    mutating func addCode(_ sources: SourceIndex) {
        let declared = Set(sources.classes.filter(\.isDeclared).map(\.name))
        var creations: [SourceLiteral] = []
        for literal in sources.literals {
            if !isForDrawnPlatform(literal, sources) {
                otherPlatform += 1
                continue
            }
            var kind = ConnectionGraph.EdgeKind.codeTransition
            let to: String
            let label: String
            let value = literal.value
            switch literal.kind {
            case .storyboardIdentifier:
                label = "instantiate “\(truncate(value))”"
                var found: String?
                for board in boards where found == nil { found = sceneNode(value, in: board) }
                to = found ?? missing("scene", value)
            case .storyboardName:
                label = "storyboard “\(truncate(value))”"
                if let board = board(named: value) {
                    guard let node = sceneNode(nil, in: board) ?? board.summary.scenes.first.map({ board.prefix + "@scene:" + $0.identifier }),
                          nodeIndex[node] != nil else { continue }
                    to = node
                } else {
                    to = missing("storyboard", value)
                }
            case .segueIdentifier:
                label = "performSegue “\(truncate(value))”"
                to = segueDestination(value, fromClass: literal.enclosingClass) ?? missing("segue", value)
            case .presentedClass:
                label = literal.call ?? "present"
                if let node = classNode[value] {
                    to = node
                } else if declared.contains(value) {
                    to = codeNode(value, sources: sources)
                } else {
                    frameworkPresentations += 1
                    continue
                }
            case .nibName:
                kind = .nibLoad
                label = "nib “\(truncate(value))”"
                if let nib = nibs[AppMap.stem(value)] {
                    if let owner = nib.ownerClass, owner == literal.enclosingClass {
                        ownNibLoads += 1
                        note(nib.node, "loads its nib at \(literal.location)")
                        continue
                    }
                    to = nib.node
                } else {
                    to = missing("nib", value)
                }
            case .createdClass:
                creations.append(literal)
                continue
            case .registeredClass:
                continue
            }
            let from = literal.enclosingClass.map { classNode[$0] ?? codeNode($0, sources: sources) }
                ?? fileNode(literal.location.file)
            addCodeEdge(from: from, to: to, kind: kind, label: label, at: literal.location)
        }
        // A controller made in code and not shown by a call read: `creates`, unless another code
        // edge already joins the two.
        let joined = Set(edges.filter { $0.kind == .codeTransition || $0.kind == .nibLoad }.map { $0.from + "|" + $0.to })
        for literal in creations {
            guard let to = classNode[literal.value] else { continue }
            let from = literal.enclosingClass.map { classNode[$0] ?? codeNode($0, sources: sources) } ?? fileNode(literal.location.file)
            guard from != to, !joined.contains(from + "|" + to) else { continue }
            addCodeEdge(from: from, to: to, kind: .codeTransition, label: "creates", at: literal.location)
        }
    }

    /// False when the literal's API (`UIStoryboard`/`NSStoryboard`, `instantiateViewController`/
    /// `instantiateController`), the framework base of the
    /// type a nib is loaded for (`UINib`, `AboutWindowController(windowNibName:)`: an
    /// `NSWindowController`) or its class's framework base (`UI…`, `NS…`) belongs to a platform
    /// none of the drawn documents has.
    func isForDrawnPlatform(_ literal: SourceLiteral, _ sources: SourceIndex) -> Bool {
        var hint = literal.kind == .storyboardName ? literal.call : literal.enclosingClass.flatMap { sources.frameworkBase($0) }
        if literal.kind == .nibName, let type = literal.call, type.first?.isUppercase == true,
           let base = sources.frameworkBase(type), base.hasPrefix("NS") || base.hasPrefix("UI") {
            hint = base
        }
        // `instantiateViewController(withIdentifier:)` is UIStoryboard's, `instantiateController` NSStoryboard's.
        if literal.kind == .storyboardIdentifier, let call = literal.call {
            if call == "instantiateViewController" {
                hint = "UIStoryboard"
            } else if call == "instantiateController" {
                hint = "NSStoryboard"
            }
        }
        guard let hint, hint != "NSObject" else { return true }
        if hint.hasPrefix("NS") { return platforms.contains(.macOS) || platforms.contains(.unknown) }
        if hint.hasPrefix("UI") { return !platforms.isDisjoint(with: [.iOS, .tvOS, .visionOS, .unknown]) }
        return true
    }

    func truncate(_ text: String) -> String {
        text.count <= options.maxLabelLength ? text : String(text.prefix(options.maxLabelLength - 1)) + "…"
    }

    /// One edge per `from`, `to`, kind and label; each call adds its place.
    mutating func addCodeEdge(from: String, to: String, kind: ConnectionGraph.EdgeKind, label: String, at place: SourceLocation) {
        let key = [from, to, kind.rawValue, label].joined(separator: "|")
        if let existing = codeEdges[key] {
            codeEdges[key]?.places = existing.places + [place]
            return
        }
        codeEdges[key] = (edges.count, [place])
        edges.append(Edge(from: from, to: to, kind: kind, lines: [label], isUnresolved: to.hasPrefix("@missing:")))
    }

    /// The node of a class only the code knows, created once.
    mutating func codeNode(_ name: String, sources: SourceIndex) -> String {
        let id = "@code:" + name
        if nodeIndex[id] == nil {
            let home = sources.class(named: name).flatMap { ($0.declarations.first ?? $0.extensions.first)?.description }
            add(Node(id: id, kind: .codeClass, lines: [name], tooltip: home.map { "\(name), \($0)" } ?? name))
        }
        return id
    }

    /// The node of a source file whose code is in no class (top-level code).
    mutating func fileNode(_ file: String) -> String {
        let id = "@code:file:" + file
        if nodeIndex[id] == nil {
            add(Node(id: id, kind: .codeClass, lines: [file.split(separator: "/").last.map(String.init) ?? file], tooltip: file))
        }
        return id
    }

    /// Adds a line to a node's tooltip.
    mutating func note(_ node: String, _ text: String) {
        guard let i = nodeIndex[node] else { return }
        nodes[i].tooltip = (nodes[i].tooltip.map { $0 + "\n" } ?? "") + text
    }

    /// The node a segue with `identifier` leads to: one owned by a controller of class `owner`
    /// first, else any; its destination resolved as the map draws it.
    func segueDestination(_ identifier: String, fromClass owner: String?) -> String? {
        var fallback: String?
        for board in boards {
            let classOf = Dictionary(board.summary.controllers.map { ($0.id, $0.effectiveClass) }, uniquingKeysWith: { a, _ in a })
            for segue in board.summary.segues where segue.segue.identifier == identifier {
                guard let node = destination(of: segue, in: board) else { continue }
                if let owner, classOf[segue.from] == owner { return node }
                if fallback == nil { fallback = node }
            }
        }
        return fallback
    }

    /// Where a segue of `board` ends in the map: the scene node, or the scene a storyboard
    /// reference opens.
    func destination(of segue: StoryboardSummary.SceneSegue, in board: Board) -> String? {
        guard let to = segue.to else { return nil }
        if let node = sceneNode(to, in: board), nodeIndex[node] != nil { return node }
        guard let colon = to.lastIndex(of: ":") else { return nil }
        let name = String(to[..<colon]), identifier = String(to[to.index(after: colon)...])
        let other = name == "(this storyboard)" ? board : self.board(named: name, platform: board.summary.platform)
        return other.flatMap { sceneNode(identifier, in: $0) }
    }
}
