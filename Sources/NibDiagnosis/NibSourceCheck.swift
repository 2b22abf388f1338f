import NibModel
import SourceIndex

/// Nibs checked against the sources that load them: why an outlet is nil, why loading raises
/// "not key value coding-compliant", why an action raises "unrecognized selector" (part B of the
/// user-needs notes; each ``FindingCode`` names its cause).
///
/// Built from resolved inputs (any mix of compiled nibs, bundles, `.storyboardc`, xibs and
/// storyboards) and a ``SourceIndex``. An object stands for an instance of a class
/// (an *appearance*): a custom object, a File's Owner with a class, an upstream placeholder of a
/// storyboard view nib (together with the controller it stands for: one appearance across the
/// scene nib and its view nibs, from ``StoryboardSummary/Controller/objects``). Every check is
/// one pass over the documents' objects and connections plus lookups in hash tables: linear in
/// the size of the inputs and the sources.
public struct NibSourceCheck: Sendable {
    /// One document with the input it came from.
    struct Doc: Sendable {
        var document: NibDocument
        var inputPath: String
        /// Name without directory, extension and device modifier (`Login` for `Login~ipad.nib`).
        var baseName: String
        /// The document's file, or the input's path joined with the document's name.
        var filePath: String { document.path ?? (inputPath + "/" + document.name) }
    }

    /// Objects standing for one instance of a class.
    public struct Appearance: Sendable, Hashable {
        public enum Role: String, Sendable, Hashable, Codable {
            case filesOwner, controller, object
        }
        /// The class the runtime looks up, as the nib names it (custom class, without module).
        public var className: String
        /// The module the nib gives (`customModule`, or the module of a Swift runtime name).
        public var module: String?
        public var role: Role
        /// (document index, object id) of every object standing for the instance; the first is
        /// the one reported.
        var members: [Member]
        /// The storyboard scene or controller id, for storyboard controllers.
        public var scene: String?
        /// The document's file: same-named classes of different targets are told apart by it.
        public var home: String = ""

        struct Member: Sendable, Hashable {
            var doc: Int
            var id: ObjectID
        }
    }

    let docs: [Doc]
    public let sources: SourceIndex
    /// Appearances, in document and object order.
    public private(set) var appearances: [Appearance] = []
    /// (document index, object id) → appearance index.
    private(set) var appearanceOf: [Int: [ObjectID: Int]] = [:]
    /// Storyboard segue edges between controller appearances (from → to), for `prepare(for:sender:)`.
    private(set) var segueTargets: [Int: Set<Int>] = [:]
    /// Identifiers the storyboards read carry.
    private(set) var segueIdentifiers: Set<String> = []
    private(set) var storyboardIdentifiers: Set<String> = []
    private(set) var storyboardCount = 0
    /// How many of ``storyboardCount`` are compiled (`.storyboardc`), for ``Coverage``.
    private(set) var compiledStoryboardCount = 0
    /// Names of the storyboards read, as `UIStoryboard(name:bundle:)` takes them (`Main` for
    /// `Main.storyboard`, `Main.storyboardc`, `Main~ipad.storyboardc`).
    private(set) var storyboardNames: Set<String> = []

    /// Whether identifiers and nib names in code are checked against the documents read
    /// (`unknown-segue-identifier`, `unknown-storyboard-identifier`, `unknown-nib-name`), and
    /// whether actions are checked against every class of the app (`dead-action`,
    /// `unhandled-first-responder-action`). Only
    /// meaningful when every document of the app was read: set it to false when the inputs are a
    /// few files of a larger project.
    public var checksLiterals = true

    /// Prepares the check; `inputs` as the library's `NibOpener` resolves them.
    public init(inputs: [NibInput], sources: SourceIndex) {
        var docs: [Doc] = []
        for input in inputs {
            for d in input.documents { docs.append(Doc(document: d, inputPath: d.path ?? input.path, baseName: Self.baseName(d.name))) }
        }
        self.docs = docs
        self.sources = sources
        var docIndex: [String: [Int]] = [:]
        for (i, d) in docs.enumerated() { docIndex[d.document.name, default: []].append(i) }

        // Storyboard controllers: one appearance per controller over its scene and view nibs.
        var controllerAppearance: [String: Int] = [:]
        for input in inputs {
            let summaries = input.storyboards.isEmpty ? (input.storyboard.map { [$0] } ?? []) : input.storyboards
            for s in summaries {
                storyboardCount += 1
                storyboardNames.insert(Self.baseName(s.name))
                // Compiled when the documents of its scenes are (a directory may hold both kinds).
                let scene = s.controllers.lazy.flatMap(\.objects).first.flatMap { docIndex[$0.document]?.first }
                if scene.map({ docs[$0].document.format.isCompiled }) ?? input.documents.contains(where: { $0.format.isCompiled }) {
                    compiledStoryboardCount += 1
                }
                for c in s.controllers {
                    if let id = c.storyboardIdentifier { storyboardIdentifiers.insert(id) }
                    var members: [Appearance.Member] = []
                    for ref in c.objects {
                        // Documents of one input have unique names; prefer the one of this input.
                        guard let i = docIndex[ref.document]?.first(where: { docs[$0].inputPath.hasPrefix(input.path) })
                                ?? docIndex[ref.document]?.first else { continue }
                        members.append(.init(doc: i, id: ref.id))
                    }
                    guard !members.isEmpty else { continue }
                    let key = "\(input.path)|\(s.name)|\(c.id)"
                    controllerAppearance[key] = appearances.count
                    appearances.append(Appearance(className: c.customClass ?? c.className, module: c.customModule,
                                                  role: .controller, members: members, scene: c.id,
                                                  home: docs[members[0].doc].filePath))
                    for m in members { appearanceOf[m.doc, default: [:]][m.id] = appearances.count - 1 }
                }
                for segue in s.segues {
                    if let id = segue.segue.identifier, segue.segue.kind != "relationship" { segueIdentifiers.insert(id) }
                    guard let from = controllerAppearance["\(input.path)|\(s.name)|\(segue.from)"],
                          let to = segue.to.flatMap({ controllerAppearance["\(input.path)|\(s.name)|\($0)"] }) else { continue }
                    segueTargets[from, default: []].insert(to)
                }
            }
        }
        // Segue identifiers of documents outside summaries (a single scene nib read alone).
        for d in docs {
            for c in d.document.connections where c.kind == .segue {
                if let id = c.segue?.identifier, c.segue?.kind != "relationship" { segueIdentifiers.insert(id) }
            }
        }
        // Every other object with a custom class, and File's Owners with a class.
        for (i, d) in docs.enumerated() {
            for o in d.document.objects where appearanceOf[i]?[o.id] == nil {
                guard let cls = Self.className(of: o) ?? inferredOwner(o, d, sources) else { continue }
                appearances.append(Appearance(className: cls, module: o.customModule ?? o.placeholder?.target?.customModule,
                                              role: o.placeholder?.kind == .filesOwner ? .filesOwner : .object,
                                              members: [.init(doc: i, id: o.id)], home: d.filePath))
                appearanceOf[i, default: [:]][o.id] = appearances.count - 1
            }
        }
    }

    /// The class an object stands for when it is one the sources can declare: a custom class, a
    /// File's Owner's class, the controller class of an upstream or external placeholder.
    static func className(of o: NibObject) -> String? {
        if let p = o.placeholder {
            switch p.kind {
            case .filesOwner, .upstream, .external: return p.target?.effectiveClass ?? o.customClass
            default: return nil
            }
        }
        return o.customClass
    }

    /// A compiled nib's File's Owner has no class: the class whose code loads the nib by this
    /// name (`init(nibName:)`, `loadNibNamed`, `owner: self`), when exactly one does.
    private func inferredOwner(_ o: NibObject, _ d: Doc, _ sources: SourceIndex) -> String? {
        guard o.placeholder?.kind == .filesOwner, d.document.format.isCompiled else { return nil }
        let loaders = Set(sources.literals(.nibName).filter { $0.value == d.baseName }.compactMap(\.enclosingClass))
        return loaders.count == 1 ? loaders.first : nil
    }

    /// `Login` from `Login.nib`, `Login~ipad.nib`, `Base.lproj/Login.xib`, `Login.nib/runtime.nib`.
    static func baseName(_ name: String) -> String {
        var parts = name.split(separator: "/").map(String.init)
        if parts.count > 1, let last = parts.last, ["runtime.nib", "objects.nib", "keyedobjects.nib", "designable.nib"].contains(last)
            || last.hasPrefix("objects-") || last.hasPrefix("keyedobjects-") { parts.removeLast() }
        var base = parts.last ?? name
        for ext in [".nib", ".xib", ".storyboardc", ".storyboard"] where base.hasSuffix(ext) { base.removeLast(ext.count) }
        if let tilde = base.firstIndex(of: "~") { base = String(base[..<tilde]) }
        return base
    }

    // MARK: Reporting helpers

    func document(_ m: Appearance.Member) -> NibDocument { docs[m.doc].document }

    /// The finding's document, path, object path, id and line for an object.
    func place(_ m: Appearance.Member) -> (document: String, path: String, object: String, id: ObjectID, line: Int?) {
        let d = docs[m.doc]
        return (d.document.name, d.inputPath, d.document.semanticPath(of: m.id), m.id, d.document.object(m.id)?.sourceLine)
    }

    /// `MyApp.LoginViewController` when the module is known, else the bare class name.
    func runtimeName(_ a: Appearance) -> String {
        if let module = a.module ?? sourceClass(a)?.module { return "\(module).\(a.className)" }
        return a.className
    }

    /// The source class an appearance stands for (the one declared nearest to its document); nil
    /// when the sources do not declare it, even if they extend it (`extension NSWindowController
    /// {}` does not make AppKit's class one of the app's).
    func sourceClass(_ a: Appearance) -> SourceClass? {
        sources.class(named: a.className, near: a.home).flatMap { $0.isDeclared ? $0 : nil }
    }

    /// The appearance's class and its declared superclasses.
    func chain(_ a: Appearance) -> [SourceClass] { sources.chain(a.className, near: a.home) }

    /// The appearance an object belongs to, if any.
    func appearance(doc: Int, id: ObjectID?) -> Int? {
        guard let id else { return nil }
        return appearanceOf[doc]?[id]
    }

    /// The connections of every document with its index, in document order.
    var allConnections: [(doc: Int, connection: Connection)] {
        var out: [(Int, Connection)] = []
        for (i, d) in docs.enumerated() { for c in d.document.connections { out.append((i, c)) } }
        return out
    }
}
