import NibModel

/// GraphExport turns resolved nibs into Graphviz graphs: ``ConnectionGraph`` (the picture),
/// ``DOTWriter`` (DOT text) and ``SVGRenderer`` (SVG rendered in-process by libgvc).
public enum GraphExport {
    /// The graph to draw for one command-line input.
    ///
    /// - A storyboard input (one `.storyboardc` or `.storyboard`, ``NibInput/storyboard`` set)
    ///   without `scene`: its scene flow (``ConnectionGraph/init(storyboard:options:)``). A
    ///   directory is drawn document by document even when it holds storyboards (`nibinspect
    ///   graph` draws a directory as an ``AppMap``).
    /// - With `scene` (a scene identifier, nib name or controller class, or a controller archived
    ///   inside a scene's controller, by id, storyboard identifier or class): the connection graph
    ///   of that scene's (or controller's) documents, each storyboard controller drawn once with
    ///   the connections of its scene nib and view nib
    ///   (``ConnectionGraph/init(documents:options:controllerObjects:mergesBoundPlaceholders:)``);
    ///   so is a graph with ``GraphOptions/focus``.
    /// - Otherwise: the connection graph of all the input's documents (one cluster per
    ///   document when there are several).
    ///
    /// - Throws: ``GraphError`` when `scene` or ``GraphOptions/focus`` matches nothing, or the
    ///   input holds no document.
    public static func graph(for input: NibInput, options: GraphOptions = GraphOptions(),
                             scene: String? = nil) throws(GraphError) -> ConnectionGraph {
        if let storyboard = input.storyboard, scene == nil, input.kind != "directory", input.storyboards.count <= 1 {
            return try ConnectionGraph(storyboard: storyboard, options: options)
        }
        var documents = input.documents
        if let scene {
            let sceneEntries = input.storyboard?.scenes.filter {
                $0.identifier == scene || $0.nibName == scene || $0.controllerClass == scene
            } ?? []
            // A controller archived inside another scene's (a navigation controller's root) is
            // named like a scene: its documents are its scene nib and its view nib.
            let controllers = sceneEntries.isEmpty ? (input.storyboard?.controllers(named: scene) ?? []) : []
            let names = Set(sceneEntries.flatMap { $0.documents + [$0.nibName, $0.viewNibName].compactMap { $0 } }
                            + controllers.flatMap(\.documents))
            documents = input.documents.filter { document in
                names.contains(document.name) || names.contains(where: { document.name.hasPrefix($0 + ".nib") })
                    || document.name == scene || document.name == scene + ".nib"
            }
            if documents.isEmpty {
                let candidates = input.storyboard?.scenes.map(\.identifier) ?? input.documents.map(\.name)
                throw GraphError.sceneNotFound(scene, candidates: candidates)
            }
        }
        guard !documents.isEmpty else { throw GraphError.noDocuments(input.path) }
        if scene != nil || options.focus != nil { documents = ownersBound(documents, in: input) }
        // Bound placeholders are merged into their targets for one scene or one focus; the
        // overview of a whole input keeps each document apart (cross-cluster edges between
        // dozens of nibs are unreadable, and Graphviz's dot ranks them poorly).
        var graph = try ConnectionGraph(documents: documents, options: options,
                                        controllerObjects: options.focus.map { input.controllerObjects(named: $0) } ?? [:],
                                        mergesBoundPlaceholders: scene != nil || options.focus != nil)
        if let scene, let storyboard = input.storyboard {
            graph.name = sceneTitle(scene, in: storyboard)
            for i in graph.clusters.indices where graph.clusters[i].isDocument {
                if let role = documentRole(graph.clusters[i].lines.first ?? "", in: storyboard, preferring: scene) {
                    graph.clusters[i].lines = [role]
                }
            }
        } else if scene == nil {
            graph.name = inputTitle(input, drawn: documents.count)
        }
        return graph
    }

    /// A writer of the DOT text of ``graph(for:options:scene:)`` without a scene: it gives a sink
    /// the same text as ``DOTWriter/write(_:to:)`` of that graph. A document graph is written
    /// without being held (``DOTWriter/writeDocuments(_:objects:name:options:to:)``: each node
    /// and edge made when written), so that its memory is the model's. `objects`: a document's
    /// objects when they are not its own list (a reader's deferred objects); nil for its own list.
    /// Nothing is read until the writer runs; errors come before it is returned.
    ///
    /// - Precondition: no ``GraphOptions/focus`` and no ``GraphOptions/hierarchy``: those
    ///   graphs are built whole first (``graph(for:options:scene:)``).
    /// - Throws: ``GraphError/noDocuments(_:)`` when the input holds no document.
    public static func dotWriter(for input: NibInput, options: GraphOptions = GraphOptions(),
                                 objects: @escaping (NibDocument) -> (any GraphObjects)? = { _ in nil })
        throws(GraphError) -> (_ sink: (String) -> Void) -> Void {
        precondition(options.focus == nil && !options.hierarchy, "a focus or hierarchy graph is built whole first")
        if let storyboard = input.storyboard, input.kind != "directory", input.storyboards.count <= 1 {
            let graph = try ConnectionGraph(storyboard: storyboard, options: options)
            return { sink in DOTWriter.write(graph, to: sink) }
        }
        guard !input.documents.isEmpty else { throw GraphError.noDocuments(input.path) }
        return { sink in
            DOTWriter.writeDocuments(input.documents, objects: { objects($0) ?? DocumentObjectList($0) },
                                     name: inputTitle(input, drawn: input.documents.count), options: options, to: sink)
        }
    }

    /// `documents` with the File's Owner of each storyboard view nib bound to its controller
    /// (``Placeholder/resolvedTarget``): `loadView` loads the view nib with the controller as
    /// owner, so a scene's graph draws the two as one node.
    static func ownersBound(_ documents: [NibDocument], in input: NibInput) -> [NibDocument] {
        var owner: [String: ObjectReference] = [:]
        for storyboard in input.allStoryboards {
            for controller in storyboard.controllers {
                guard let home = controller.objects.first else { continue }
                for name in controller.documents where name != home.document && owner[name] == nil { owner[name] = home }
            }
        }
        guard !owner.isEmpty else { return documents }
        return documents.map { document in
            guard let home = owner[document.name] else { return document }
            var d = document
            for i in d.objects.indices where d.objects[i].placeholder?.kind == .filesOwner && d.objects[i].placeholder?.resolvedTarget == nil {
                d.objectList[at: i].placeholder?.resolvedTarget = home.description
            }
            return d
        }
    }

    /// What a storyboard document is, for the box around it in a scene's graph: the
    /// controller's class and `scene nib` (the nib that archives the controller) or `view nib`
    /// (the nib its `loadView` loads), instead of the generated nib name; the controller `query`
    /// names when it lives there, else the first. Nil when no controller lives in the document.
    static func documentRole(_ document: String, in storyboard: StoryboardSummary, preferring query: String) -> String? {
        let candidates = storyboard.controllers.filter { $0.documents.contains(document) }
        guard let controller = candidates.first(where: { $0.isNamed(query) }) ?? candidates.first else { return nil }
        let isSceneNib = controller.objects.first?.document == document
        return controller.effectiveClass + (isSceneNib ? " — scene nib" : " — view nib")
    }

    /// The title of an input's graph: its file name (`Preferences.nib`, not the variant read
    /// inside the bundle), with the number of documents drawn when there are several
    /// (`transmission_MainMenu.nib — 4 documents`: a nib and its nested archives). Standard
    /// input and inputs without a path keep the document names.
    static func inputTitle(_ input: NibInput, drawn: Int) -> String {
        var path = Substring(input.path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        let file = path.split(separator: "/").last.map(String.init) ?? ""
        guard !file.isEmpty, file != "<stdin>", file != "-" else {
            return input.documents.count == 1 ? input.documents[0].name : input.documents.map(\.name).prefix(2).joined(separator: ", ")
                + (input.documents.count > 2 ? " and \(input.documents.count - 2) more documents" : "")
        }
        return drawn > 1 ? "\(file) — \(drawn) documents" : file
    }

    /// The title of one scene's graph: the storyboard's file name and the scene's controller
    /// class and storyboard identifier (`Main.storyboardc — scene LoginViewController “login”`),
    /// not the generated nib names its documents have.
    static func sceneTitle(_ query: String, in storyboard: StoryboardSummary) -> String {
        let scene = storyboard.scenes.first {
            $0.identifier == query || $0.nibName == query || $0.controllerClass == query
                || $0.documents.contains(query) || $0.documents.contains(query + ".nib")
        }
        let controller = storyboard.controller(scene?.identifier) ?? storyboard.controllers(named: query).first
        guard scene != nil || controller != nil else { return storyboard.name + " — " + query }
        let className = scene?.controllerClass ?? controller?.effectiveClass ?? query
        var title = storyboard.name + " — scene " + className
        var identifier = controller?.storyboardIdentifier
        if identifier == nil, let scene, controller == nil,
           !ConnectionGraph.isGeneratedName(scene.identifier, className: className) {
            identifier = scene.identifier
        }
        if let identifier, !identifier.isEmpty, identifier != className { title += " “" + identifier + "”" }
        return title
    }

    /// The DOT text for one input (see ``graph(for:options:scene:)``).
    public static func dot(for input: NibInput, options: GraphOptions = GraphOptions(),
                           scene: String? = nil) throws(GraphError) -> String {
        DOTWriter.write(try graph(for: input, options: options, scene: scene))
    }
}
