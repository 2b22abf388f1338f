/// What one input path turned out to be and which documents were read from it: the public,
/// `Codable` description of a container that the CLI prints and the resolver uses
/// (nib-format.md §5, §8; user-needs.md §A3).
///
/// Documents are listed in load order: for a directory, sorted path order; for a compiled
/// storyboard, sorted nib file order; each nested archive right after the document holding it.
/// ``LoadedContainer/archives`` holds the decoded archives in the same order, one per document.
///
/// ```
/// kind: nib bundle, name: Login.nib
/// variants: objects-13.0+.nib (chosen), runtime.nib, designable.nib (source), info.nib (metadata)
/// documents: Login.nib/objects-13.0+.nib, Login.nib/objects-13.0+.nib > prototype "Cell"
/// ```
public struct NibContainer: Hashable, Sendable, Codable {
    /// The shape of the input.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// One file (a flat nib, a keyed archive, standard input).
        case file
        /// A `Foo.nib/` directory holding variant files (§8.1, §8.2).
        case nibBundle = "nib bundle"
        /// A `Foo.storyboardc/` directory: `Info.plist` plus scene and view nibs (§5).
        case compiledStoryboard = "compiled storyboard"
        /// Any other directory: every nib, nib bundle, `.storyboardc` and keyed archive below it.
        case directory
    }

    /// One document read from the input.
    public struct Document: Hashable, Sendable, Codable {
        /// Display name, unique within the container: `Login.nib/objects-13.0+.nib`,
        /// `Main.storyboardc/Scene.nib`, `Main.storyboardc/X-view-Y.nib > prototype "Cell"`.
        public var name: String
        /// File the bytes came from (for a nested archive: the file holding its parent).
        public var path: String?
        /// Format of the bytes, by magic (``FileFormat/displayName``): `NIBArchive`, `binary plist`, …
        public var format: String
        /// Variant file read inside a nib bundle (`objects-13.0+.nib`), nil otherwise.
        public var variant: String?
        /// Every file of the nib bundle this document came from, in preference order; empty for flat files.
        public var variants: [NibVariant]
        /// Device modifier of the nib (`ipad` for `Name~ipad.nib`), nil when none.
        public var device: String?
        /// Nib name as `UINib`/`UIStoryboard` look it up: file name without `.nib` and device
        /// modifier (`UIViewController-abc` for `UIViewController-abc~ipad.nib`).
        public var nibName: String?
        /// Name of the `.storyboardc` (as in ``NibContainer/storyboards``) this nib belongs to.
        public var storyboard: String?
        /// For a nested archive: the name of the document whose data value holds it.
        public var parent: String?
        /// For a nested archive: where in the parent (`prototype "Cell"`, `reusable view "Name"`).
        public var location: String?
        /// For a nested archive: absolute byte offset of its first byte in ``path``, when known.
        public var offset: Int?

        public init(name: String, path: String?, format: String, variant: String? = nil,
                    variants: [NibVariant] = [], device: String? = nil, nibName: String? = nil,
                    storyboard: String? = nil, parent: String? = nil, location: String? = nil, offset: Int? = nil) {
            self.name = name
            self.path = path
            self.format = format
            self.variant = variant
            self.variants = variants
            self.device = device
            self.nibName = nibName
            self.storyboard = storyboard
            self.parent = parent
            self.location = location
            self.offset = offset
        }
    }

    public var kind: Kind
    /// The path as given.
    public var path: String
    /// Last path component: `Login.nib`, `Main.storyboardc`, `<stdin>`.
    public var name: String
    /// For a nib bundle input: its files in preference order, the one read marked ``NibVariant/chosen``.
    public var variants: [NibVariant]
    /// For a compiled storyboard input: its `Info.plist` (nil when it has none, see ``diagnostics``).
    public var storyboardInfo: StoryboardInfo? { storyboards.count == 1 ? storyboards[0].info : nil }
    /// Every `.storyboardc` read (one for a storyboard input, any number for a directory).
    public var storyboards: [CompiledStoryboard]
    public var documents: [Document]
    /// Non-fatal observations: empty variants skipped, missing nibs, doubled device modifiers,
    /// nested archives that could not be read. Documents that could not be read at all are
    /// ``LoadedContainer/failures``, not diagnostics.
    public var diagnostics: [Diagnostic]

    public init(kind: Kind, path: String, name: String, variants: [NibVariant] = [],
                storyboards: [CompiledStoryboard] = [], documents: [Document] = [], diagnostics: [Diagnostic] = []) {
        self.kind = kind
        self.path = path
        self.name = name
        self.variants = variants
        self.storyboards = storyboards
        self.documents = documents
        self.diagnostics = diagnostics
    }

    /// The document named `name`, if any.
    public func document(named name: String) -> Document? { documents.first { $0.name == name } }
}

/// The container description plus the decoded archives, one per document (same order).
public struct LoadedContainer: Sendable {
    /// A document that could not be decoded; the others are still returned (directories and
    /// storyboards only — a single file or nib bundle throws instead).
    public struct Failure: Sendable, CustomStringConvertible {
        /// Display name of the document (`Main.storyboardc/Scene.nib/runtime.nib`).
        public var name: String
        public var path: String?
        /// An ``ArchiveError`` or ``InputError``.
        public var error: any Error & Sendable
        public var description: String { "\(name): \(error)" }

        public init(name: String, path: String?, error: any Error & Sendable) {
            self.name = name
            self.path = path
            self.error = error
        }

        /// The failure as the ``DiagnosticCode/documentNotRead`` error resolving lists in
        /// ``NibInput/diagnostics``.
        public var diagnostic: Diagnostic { NibResolver.notRead(self) }
    }

    public var container: NibContainer
    /// Decoded archives; `archives[i]` is `container.documents[i]`.
    public var archives: [LoadedArchive] {
        didSet { positions = Self.positions(of: archives) }
    }
    public var failures: [Failure]
    /// Position in ``archives`` of the first archive with each name.
    private var positions: [String: Int]

    public init(container: NibContainer, archives: [LoadedArchive], failures: [Failure] = []) {
        self.container = container
        self.archives = archives
        self.failures = failures
        self.positions = Self.positions(of: archives)
    }

    private static func positions(of archives: [LoadedArchive]) -> [String: Int] {
        var out: [String: Int] = [:]
        out.reserveCapacity(archives.count)
        for (i, a) in archives.enumerated() where out[a.name] == nil { out[a.name] = i }
        return out
    }

    /// The archive of the document named `name` (the first, should two share it). O(1).
    public func archive(named name: String) -> LoadedArchive? { positions[name].map { archives[$0] } }

    /// The archives of a storyboard nib (`UIViewController-abc`, view nibs `<vc>-view-<view>`),
    /// one per device variant, nested archives excluded. `storyboard` restricts the search to one
    /// `.storyboardc` (its name in ``NibContainer/storyboards``).
    public func archives(forNibNamed nibName: String, storyboard: String? = nil) -> [LoadedArchive] {
        var names: [String] = []
        for sb in container.storyboards where storyboard == nil || sb.name == storyboard {
            for nib in sb.nibs where nib.nibName == nibName {
                for d in nib.documents where !names.contains(d) { names.append(d) }
            }
        }
        return names.compactMap { archive(named: $0) }
    }

    /// The archives of the scene whose storyboard identifier is `identifier`
    /// (`UIViewControllerIdentifiersToNibNames` → nib name → documents).
    public func archives(forSceneIdentifier identifier: String, storyboard: String? = nil) -> [LoadedArchive] {
        for sb in container.storyboards where storyboard == nil || sb.name == storyboard {
            if let scene = sb.scenes.first(where: { $0.identifier == identifier }) {
                return scene.documents.compactMap { archive(named: $0) }
            }
        }
        return []
    }

    /// The nibs of one storyboard as the storyboard resolver takes them: nib name (as in
    /// `…IdentifiersToNibNames` and `UINibName`: no `.nib`, no device modifier) and archive, in
    /// file order, nested archives excluded. A storyboard holding both `X~ipad.nib` and
    /// `X~iphone.nib` yields `X` twice; device storyboards (`Main~ipad.storyboardc`) yield each once.
    public func sceneNibs(of storyboard: CompiledStoryboard) -> [(nibName: String, archive: LoadedArchive)] {
        storyboard.nibs.flatMap { nib in nib.documents.compactMap { d in archive(named: d).map { (nib.nibName, $0) } } }
    }

    /// Nested archives whose parent is `name`.
    public func children(of name: String) -> [LoadedArchive] {
        zip(container.documents, archives).compactMap { $0.parent == name ? $1 : nil }
    }
}
