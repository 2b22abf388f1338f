/// A storyboard-level summary: the scenes of a `.storyboardc` or a `.storyboard` source and how
/// they connect (nib-format.md §5, §7).
public struct StoryboardSummary: Hashable, Sendable, Codable {
    public var name: String
    public var platform: Platform
    /// Identifier of the initial view controller (`UIStoryboardDesignatedEntryPointIdentifier`,
    /// `initialViewController`), nil when the storyboard has none.
    public var entryPoint: String?
    public var scenes: [Scene]
    /// Segues in scene order, each once, credited to the controller that owns it: template
    /// segues (`UIStoryboard…SegueTemplate`, `<segue>`) and relationship segues (``Segue/kind``
    /// `relationship`, ``Segue/relationship`` set), which in a compiled storyboard are the
    /// containment of a navigation, tab bar, split view or window controller (§5.2).
    public var segues: [SceneSegue]
    /// Every view or window controller, scene controllers and the controllers a scene nib
    /// archives inside them (a navigation controller's root, a tab bar controller's children),
    /// in scene order, each container before what it contains.
    public var controllers: [Controller]

    public init(name: String, platform: Platform, entryPoint: String? = nil, scenes: [Scene] = [],
                segues: [SceneSegue] = [], controllers: [Controller] = []) {
        self.name = name
        self.platform = platform
        self.entryPoint = entryPoint
        self.scenes = scenes
        self.segues = segues
        self.controllers = controllers
    }

    /// The controller with ``Controller/id`` `id`, if any.
    public func controller(_ id: String?) -> Controller? {
        guard let id else { return nil }
        return controllers.first { $0.id == id }
    }

    /// The controllers `query` names (see ``Controller/isNamed(_:)``), in ``controllers`` order.
    public func controllers(named query: String) -> [Controller] {
        controllers.filter { $0.isNamed(query) }
    }

    /// One scene: a controller and the nibs compiled for it.
    public struct Scene: Hashable, Sendable, Codable {
        /// Storyboard identifier or `<Class>-<objectID>` (Info.plist key).
        public var identifier: String
        /// Scene nib name, and the view nib name if separate.
        public var nibName: String?
        public var viewNibName: String?
        /// Controller class (custom class when set).
        public var controllerClass: String?
        /// Names of the documents (in the enclosing ``NibInput``) that belong to this scene.
        public var documents: [String]

        public init(identifier: String, nibName: String? = nil, viewNibName: String? = nil,
                    controllerClass: String? = nil, documents: [String] = []) {
            self.identifier = identifier
            self.nibName = nibName
            self.viewNibName = viewNibName
            self.controllerClass = controllerClass
            self.documents = documents
        }
    }

    /// One view or window controller of the storyboard, with every object that stands for it:
    /// the controller in the nib that archives it and the upstream placeholders bound to it in
    /// view nibs (nib-format.md §5.2), or the controller element of a source scene (§7).
    public struct Controller: Hashable, Sendable, Codable {
        /// Unique in the summary. A scene's own controller has the scene's identifier; a
        /// controller archived inside another one its storyboard identifier when set, else
        /// `UIViewController-<object id>` from its view nib name (`<object id>-view-<view id>`),
        /// else `<scene identifier>/<archive id>` (`UIViewController-abc/#67`).
        public var id: String
        /// Identifier of the scene whose nib (or source `<scene>`) holds the controller.
        public var scene: String
        /// Framework class (`UINavigationController`; the original class of a class swapper).
        public var className: String
        /// Custom class and its module, when set.
        public var customClass: String?
        public var customModule: String?
        /// `storyboardIdentifier` (`UIStoryboardIdentifier`), when set.
        public var storyboardIdentifier: String?
        /// View nib name (`UINibName`, `<object id>-view-<view id>`), when the view is a nib of its own.
        public var viewNibName: String?
        /// The controller object first, then each upstream placeholder bound to it, as document
        /// name and object id.
        public var objects: [ObjectReference]
        /// The controller that contains this one (``id``), and the relationship
        /// (`rootViewController`, `viewControllers`, `masterViewController`, …), when contained.
        public var parent: String?
        public var relationship: String?

        public init(id: String, scene: String, className: String, customClass: String? = nil,
                    customModule: String? = nil, storyboardIdentifier: String? = nil, viewNibName: String? = nil,
                    objects: [ObjectReference] = [], parent: String? = nil, relationship: String? = nil) {
            self.id = id
            self.scene = scene
            self.className = className
            self.customClass = customClass
            self.customModule = customModule
            self.storyboardIdentifier = storyboardIdentifier
            self.viewNibName = viewNibName
            self.objects = objects
            self.parent = parent
            self.relationship = relationship
        }

        /// The documents the controller's connections live in: the nib that archives it, then
        /// its view nib(s), each once.
        public var documents: [String] {
            var seen = Set<String>()
            return objects.map(\.document).filter { seen.insert($0).inserted }
        }

        /// True when `query` is the controller's ``id``, storyboard identifier, class or custom
        /// class (plain or module-qualified).
        public func isNamed(_ query: String) -> Bool {
            query == id || query == storyboardIdentifier || classNames.contains(query)
        }
    }

    /// A segue from one controller to a scene (a template segue) or to another controller (a
    /// relationship segue).
    public struct SceneSegue: Hashable, Sendable, Codable {
        /// The ``Controller/id`` of the controller that owns the segue (for a scene's own
        /// controller: the scene identifier).
        public var from: String
        /// The destination scene identifier (``Segue/destinationScene``; a storyboard reference
        /// as `<storyboard name>:<identifier>`, `<storyboard name>:initial view controller` for
        /// one that opens the entry point, in source and compiled storyboards alike), or for a relationship the child's
        /// ``Controller/id``; nil when the segue names no destination.
        public var to: String?
        public var segue: Segue
        public init(from: String, to: String?, segue: Segue) {
            self.from = from
            self.to = to
            self.segue = segue
        }
    }
}

/// An object of one document of an input: the document's ``NibDocument/name`` and the object's id.
public struct ObjectReference: Hashable, Sendable, Codable, CustomStringConvertible {
    public var document: String
    public var id: ObjectID
    public init(document: String, id: ObjectID) {
        self.document = document
        self.id = id
    }
    /// `Main.storyboardc/Scene.nib:#12`, the form of ``Placeholder/resolvedTarget``.
    public var description: String { "\(document):\(id)" }
}

/// Everything read from one command-line input (a file, a nib bundle, a `.storyboardc`, a source):
/// one or more documents, plus a storyboard summary when the input is a storyboard.
public struct NibInput: Hashable, Sendable, Codable {
    /// The path as given.
    public var path: String
    /// What the input is: `NIBArchive`, `nib bundle`, `compiled storyboard`, `xib`, …
    public var kind: String
    /// Variant files of a nib bundle in load-preference order (§8), with the chosen one first.
    public var variants: [String]
    public var documents: [NibDocument]
    /// The storyboard summary (for a directory holding several storyboards: the first one).
    public var storyboard: StoryboardSummary?
    /// Every storyboard summary of the input, in container order (a directory may hold several,
    /// e.g. `Main~ipad.storyboardc` and `Main~iphone.storyboardc`); empty for non-storyboards.
    public var storyboards: [StoryboardSummary] = []
    /// What concerns the input as a whole rather than one document: container observations
    /// (empty variants skipped, missing scene nibs, nested archives that could not be read),
    /// storyboard-level problems, and one ``DiagnosticCode/documentNotRead`` error per document of
    /// a directory or storyboard that could not be read (the others are still in ``documents``).
    /// Each document's own diagnostics are in ``NibDocument/diagnostics``.
    public var diagnostics: [Diagnostic]

    public init(path: String, kind: String, variants: [String] = [], documents: [NibDocument] = [],
                storyboard: StoryboardSummary? = nil, diagnostics: [Diagnostic] = []) {
        self.path = path
        self.kind = kind
        self.variants = variants
        self.documents = documents
        self.storyboard = storyboard
        self.diagnostics = diagnostics
    }

    /// ``storyboards``, or ``storyboard`` alone when only it is set.
    public var allStoryboards: [StoryboardSummary] {
        storyboards.isEmpty ? (storyboard.map { [$0] } ?? []) : storyboards
    }

    /// The storyboard controllers `query` names (id, storyboard identifier, class, custom
    /// class; see ``StoryboardSummary/Controller/isNamed(_:)``) in every storyboard of the input.
    public func controllers(named query: String) -> [StoryboardSummary.Controller] {
        var seen = Set<StoryboardSummary.Controller>()
        return allStoryboards.flatMap { $0.controllers(named: query) }.filter { seen.insert($0).inserted }
    }

    /// Every object that stands for a controller `query` names, by document name: the controller
    /// itself and the upstream placeholders bound to it in its view nibs. Empty for a query that
    /// names no controller.
    public func controllerObjects(named query: String) -> [String: Set<ObjectID>] {
        var out: [String: Set<ObjectID>] = [:]
        for controller in controllers(named: query) {
            for reference in controller.objects { out[reference.document, default: []].insert(reference.id) }
        }
        return out
    }

    /// The storyboard controller that `id` stands for in `document` (the controller object or an
    /// upstream placeholder bound to it), if any.
    public func controller(for id: ObjectID?, in document: String) -> StoryboardSummary.Controller? {
        guard let id else { return nil }
        let reference = ObjectReference(document: document, id: id)
        for storyboard in allStoryboards {
            if let c = storyboard.controllers.first(where: { $0.objects.contains(reference) }) { return c }
        }
        return nil
    }

    /// ``controller(for:in:)`` for every object at once: the id of the controller each object
    /// stands for, built in one pass, for callers that ask about many objects.
    public func controllerIDs() -> [ObjectReference: String] {
        var out: [ObjectReference: String] = [:]
        for storyboard in allStoryboards {
            for controller in storyboard.controllers {
                for reference in controller.objects where out[reference] == nil { out[reference] = controller.id }
            }
        }
        return out
    }
}

/// The `Info.plist` of a compiled storyboard (nib-format.md §5.1, §5.3), platform-neutral.
public struct StoryboardInfo: Hashable, Sendable, Codable {
    /// `.iOS` for `UI…` keys, `.macOS` for `NS…` keys.
    public var platform: Platform
    /// `UIStoryboardDesignatedEntryPointIdentifier` / `NSStoryboardDesignatedEntryPointIdentifier`.
    public var entryPoint: String?
    /// `UIViewControllerIdentifiersToNibNames` / `NSViewControllerIdentifiersToNibNames`.
    public var identifiersToNibNames: [String: String]
    /// `UIViewControllerIdentifiersToExternalStoryboardReferences` (identifier → storyboard name), if any.
    public var externalReferences: [String: String]
    /// For the ``externalReferences`` that open a named scene: identifier → the scene's identifier
    /// in the other storyboard (`UIReferencedControllerIdentifier`); a reference absent here opens
    /// that storyboard's entry point. Nil when no reference names one.
    public var externalReferenceIdentifiers: [String: String]?
    /// `UIStoryboardVersion` / `NSStoryboardVersion`.
    public var version: Int?
    /// `NSStoryboardMainMenu` (macOS) or `UIStoryboardDesignatedMenuIdentifier`.
    public var mainMenu: String?

    public init(platform: Platform, entryPoint: String? = nil, identifiersToNibNames: [String: String] = [:],
                externalReferences: [String: String] = [:], version: Int? = nil, mainMenu: String? = nil) {
        self.platform = platform
        self.entryPoint = entryPoint
        self.identifiersToNibNames = identifiersToNibNames
        self.externalReferences = externalReferences
        self.version = version
        self.mainMenu = mainMenu
    }
}
