/// A storyboard-level summary: the scenes of a `.storyboardc` or a `.storyboard` source and how
/// they connect (nib-format.md §5, §7).
public struct StoryboardSummary: Hashable, Sendable, Codable {
    public var name: String
    public var platform: Platform
    /// Identifier of the initial view controller (`UIStoryboardDesignatedEntryPointIdentifier`,
    /// `initialViewController`), nil when the storyboard has none.
    public var entryPoint: String?
    public var scenes: [Scene]
    /// Segues between scenes, in scene order.
    public var segues: [SceneSegue]

    public init(name: String, platform: Platform, entryPoint: String? = nil, scenes: [Scene] = [],
                segues: [SceneSegue] = []) {
        self.name = name
        self.platform = platform
        self.entryPoint = entryPoint
        self.scenes = scenes
        self.segues = segues
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

    /// A segue from one scene to another.
    public struct SceneSegue: Hashable, Sendable, Codable {
        public var from: String
        public var to: String?
        public var segue: Segue
        public init(from: String, to: String?, segue: Segue) {
            self.from = from
            self.to = to
            self.segue = segue
        }
    }
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
