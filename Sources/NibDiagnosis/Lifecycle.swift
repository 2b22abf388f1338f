import Foundation
import NibModel

/// The load sequence of one input (`nibinspect lifecycle`): for each nib, object by object, what
/// the loader does with it, in the order Apple's documentation gives.
///
/// Sources of the facts (cited per step kind in ``LifecycleStep``):
/// - Resource Programming Guide, "Nib Object Life Cycle" and "Managing the Lifetimes of Objects
///   from Nib Files" (the order load → instantiate → connect → awake → show; how each platform
///   initialises objects and sets outlets);
/// - `UINib` (`instantiateWithOwner:options:`, `UINibExternalObjects`), `NSNib`
///   (`instantiateWithOwner:topLevelObjects:`) and `awakeFromNib` (`NSObject(UINibLoadingAdditions)`,
///   `NSNibAwaking`) reference documentation;
/// - `UIViewController.loadView`/`viewDidLoad`, `UIStoryboard.instantiateViewController(withIdentifier:)`
///   for storyboards;
/// - nib-format.md §3.1 (UIKit's own order, from the decompiled `-[UINib instantiateWithOwner:options:]`:
///   accessibility configurations and user-defined runtime attributes are applied before the
///   connection table is connected), §3.2 (placeholders), §4.2 and §5 (AppKit and storyboards).
///
/// JSON (`Codable`, keys as the property names):
/// ```
/// {"path": "Login.nib", "documents": [{"document": "Login.nib", "platform": "iOS", "format": "nibArchive",
///   "role": "nib", "scene": null, "controller": null, "loader": "UINib instantiateWithOwner:options:",
///   "notes": [{"phase": "awake", "text": "…"}],
///   "steps": [{"step": 1, "phase": "instantiate", "object": "#47 UIView", "objectID": "#47", "class": "UIView",
///              "call": "initWithCoder:"}, …]}]}
/// ```
public struct LoadSequence: Hashable, Sendable, Codable {
    /// The input's path, as given.
    public var path: String
    /// One entry per nib loaded, in load order: for a storyboard, scene by scene (scene nib, then
    /// the view nib of each of its controllers), then the nibs nested in others.
    public var documents: [DocumentLoad]

    /// How steps name an object: the CLI passes the naming of `tree` (`#5 UILabel "Welcome"`,
    /// `#1 File's Owner (LoginViewController)`); ``plainName`` is the default.
    public typealias Naming = @Sendable (NibObject, NibDocument) -> String

    /// `#5 LoginDemo.PrimaryButton (UIButton) "Sign In"`, `#2 File's Owner`, as `tree` prints
    /// objects, without colour and without describing an upstream placeholder's target.
    public static let plainName: Naming = { o, _ in
        var s = o.id.rawValue + " "
        if let p = o.placeholder {
            s += p.kind == .upstream ? p.identifier
                : p.kind == .external ? "External Object \"\(p.identifier)\"" : p.kind.displayName
            if let custom = o.customClass { s += " (" + (o.customModule.map { "\($0).\(custom)" } ?? custom) + ")" }
            return s
        }
        if let custom = o.customClass {
            s += (o.customModule.map { "\($0).\(custom)" } ?? custom) + " (\(o.className))"
        } else {
            s += o.className
        }
        if let name = o.name { s += " \"\(name.count <= 60 ? name : String(name.prefix(59)) + "…")\"" }
        return s
    }

    public init(path: String, documents: [DocumentLoad]) {
        self.path = path
        self.documents = documents
    }

    /// The load sequence of every document of `input`.
    /// - Parameters:
    ///   - archivedClasses: per document name, the class actually archived for objects whose
    ///     archived class the model folds into another (`NSCustomView` → `NSView`,
    ///     `NSCustomObject` → `NSObject`, `NSWindowTemplate` → `NSWindow`, class swappers). The CLI
    ///     reads it from the archive; without it macOS objects are judged from the model (see
    ///     ``LifecycleStep``, instantiate).
    ///   - resources: what images and sounds are checked against; nil: ``ResourceIndex/near(_:)``
    ///     of the input's path.
    public init(_ input: NibInput, archivedClasses: [String: [ObjectID: String]] = [:],
                resources: ResourceIndex? = nil, naming: @escaping Naming = LoadSequence.plainName) {
        let index = resources ?? ResourceIndex.near(input.path)
        var builder = LoadSequenceBuilder(archivedClasses: archivedClasses, resources: index, naming: naming)
        self.init(path: input.path, documents: builder.documents(of: input))
    }

    /// The load sequence of standalone `documents` (each a nib of its own, no storyboard).
    public init(path: String, documents: [NibDocument], archivedClasses: [String: [ObjectID: String]] = [:],
                resources: ResourceIndex = ResourceIndex(), naming: @escaping Naming = LoadSequence.plainName) {
        var builder = LoadSequenceBuilder(archivedClasses: archivedClasses, resources: resources, naming: naming)
        self.init(path: path, documents: documents.map { builder.standalone($0, role: .nib) })
    }
}

/// The load of one nib (a document, or for a storyboard source the part of a scene that
/// `ibtool` compiles into the scene nib or the view nib).
public struct DocumentLoad: Hashable, Sendable, Codable {
    public enum Role: String, Hashable, Sendable, Codable {
        /// A nib loaded on its own (`UINib`/`NSNib`, `loadNibNamed:owner:`).
        case nib
        /// A storyboard scene nib: instantiates the scene's controller (and controllers it contains).
        case sceneNib = "scene-nib"
        /// A storyboard view nib: loaded by the controller's `loadView`.
        case viewNib = "view-nib"
        /// A nib archived inside another (a prototype cell, an `NSNib`/`UINib` value): loaded when
        /// its owner instantiates it (a cell dequeued).
        case nestedNib = "nested-nib"
    }

    /// A remark about one phase (for example that the awake order is not guaranteed).
    public struct Note: Hashable, Sendable, Codable {
        public var phase: LifecycleStep.Phase
        public var text: String
        public init(phase: LifecycleStep.Phase, text: String) {
            self.phase = phase
            self.text = text
        }
    }

    /// ``NibDocument/name``; for the view-nib part of a storyboard source scene, the scene
    /// document's name followed by ` (view nib <name>)`.
    public var document: String
    public var platform: Platform
    public var format: SourceFormat
    public var role: Role
    /// The storyboard scene identifier, for scene and view nibs.
    public var scene: String?
    /// For a view nib: the controller (``StoryboardSummary/Controller/id``) whose `loadView` loads it.
    public var controller: String?
    /// What loads the nib: `UINib instantiateWithOwner:options:`, `loadView`, ….
    public var loader: String
    public var notes: [Note]
    public var steps: [LifecycleStep]

    public init(document: String, platform: Platform, format: SourceFormat, role: Role, scene: String? = nil,
                controller: String? = nil, loader: String, notes: [Note] = [], steps: [LifecycleStep] = []) {
        self.document = document
        self.platform = platform
        self.format = format
        self.role = role
        self.scene = scene
        self.controller = controller
        self.loader = loader
        self.notes = notes
        self.steps = steps
    }

    /// The steps of `phase`, in order.
    public func steps(_ phase: LifecycleStep.Phase) -> [LifecycleStep] { steps.filter { $0.phase == phase } }
}

/// One thing the loader does to one object.
///
/// - **load**: the archive is read (`object` is the document); then one step per image or sound
///   the nib names (typed ``ImageReference`` values, `image`/`…Image`/`sound` properties of a
///   source), with ``resource`` saying whether the bundle or an asset catalog next to the input
///   has it (resources are looked up by name when the object is decoded, not bundled in the nib).
/// - **instantiate**: placeholders first, `call` `supplied by the loader` (never instantiated:
///   File's Owner is the owner argument, External Objects come from the options' external
///   objects, Application is `NSApp`, upstream placeholders the scene nib's objects); then every
///   archived object in archive order: iOS `initWithCoder:` (UINib: every archived object);
///   macOS `initWithCoder:` for standard objects, `initWithFrame:` for a custom view
///   (`NSCustomView`), `init` for a custom object (`NSCustomObject`),
///   `initWithContentRect:styleMask:backing:defer:` for a window (`NSWindowTemplate`).
/// - **connect**: the connection table in archive order, `kind` the connection kind. Outlets:
///   iOS `setValue:forKey:`, macOS `set<Outlet>:` else the instance variable; outlet collections
///   `setValue:forKey:` with the array; actions: iOS `addTarget:action:forControlEvents:` (with
///   ``events``; gesture recognizers `addTarget:action:`, bar button items `setTarget:` and
///   `setAction:`), macOS `setTarget:` and `setAction:`; nil-targeted actions (First Responder)
///   have no destination and go up the responder chain; bindings `bind:toObject:withKeyPath:options:`;
///   user-defined runtime attributes `setValue:forKeyPath:` (iOS: before the connection table,
///   nib-format.md §3.1); accessibility (iOS `setAccessibility…:`, also first).
/// - **awake**: `awakeFromNib`: iOS every object the nib instantiated, never a placeholder;
///   macOS every object that implements it, placeholders included, File's Owner last. A storyboard
///   view nib's awake phase ends with the controller's `viewDidLoad`.
/// - **show**: windows visible at load (iOS `makeKeyAndVisible`, macOS `makeKeyAndOrderFront:`).
public struct LifecycleStep: Hashable, Sendable, Codable {
    public enum Phase: String, Hashable, Sendable, Codable, CaseIterable {
        case load, instantiate, connect, awake, show
    }

    /// An image or sound the nib names, and whether it was found.
    public struct Resource: Hashable, Sendable, Codable {
        public enum Kind: String, Hashable, Sendable, Codable { case image, sound }
        public enum Status: String, Hashable, Sendable, Codable {
            /// In the bundle or an asset catalog next to the input (``location``).
            case found
            /// Searched for and not found.
            case missing
            /// A system image: an SF Symbol (catalog `system`) or an AppKit named image (`NSFolder`).
            case system
            /// Not found loose, but a compiled asset catalog (`Assets.car`, not readable) may hold it.
            case unknown
            /// Nothing to check against: no bundle or asset catalog near the input.
            case unchecked
        }
        public var kind: Kind
        public var name: String
        public var status: Status
        /// Where it was found (a path relative to the searched root), or the `Assets.car` that may hold it.
        public var location: String?
        /// The objects that name it (ids).
        public var objects: [ObjectID]

        public init(kind: Kind, name: String, status: Status, location: String? = nil, objects: [ObjectID] = []) {
            self.kind = kind
            self.name = name
            self.status = status
            self.location = location
            self.objects = objects
        }
    }

    /// 1-based position in the document's sequence.
    public var step: Int
    public var phase: Phase
    /// The object acted on, named as `tree` names it (the document itself for the archive read).
    public var object: String
    public var objectID: ObjectID?
    /// The class that receives the call: the custom class (module-qualified) when set, else the
    /// framework class; nil for the archive, resources and First Responder.
    public var `class`: String?
    /// The selector or what happens: `initWithCoder:`, `setValue:forKey:`, `supplied by the loader`.
    public var call: String
    /// Connect: `outlet`, `outletCollection`, `action`, `binding`, `runtimeAttribute`,
    /// `accessibility`, `other` (``Connection/Kind``); instantiate: `placeholder` for placeholders.
    public var kind: String?
    /// Outlet or binding name, selector, key path.
    public var label: String?
    /// The connection's other end (the target of an action, the value of an outlet), named as ``object``.
    public var destination: String?
    public var destinationID: ObjectID?
    /// Outlet collection members.
    public var members: [ObjectID]?
    /// iOS control events of an action (`touchUpInside`).
    public var events: [String]?
    /// A binding's key path or a runtime attribute's value.
    public var value: String?
    public var resource: Resource?
    /// Anything the reader should know about this step.
    public var note: String?

    public init(step: Int = 0, phase: Phase, object: String, objectID: ObjectID? = nil, class cls: String? = nil,
                call: String, kind: String? = nil, label: String? = nil, destination: String? = nil,
                destinationID: ObjectID? = nil, members: [ObjectID]? = nil, events: [String]? = nil,
                value: String? = nil, resource: Resource? = nil, note: String? = nil) {
        self.step = step
        self.phase = phase
        self.object = object
        self.objectID = objectID
        self.class = cls
        self.call = call
        self.kind = kind
        self.label = label
        self.destination = destination
        self.destinationID = destinationID
        self.members = members
        self.events = events
        self.value = value
        self.resource = resource
        self.note = note
    }
}

/// Images and sounds found near an input: loose files of a bundle or project and the sets of
/// asset catalogs (`*.xcassets/*.imageset`, `.symbolset`, `.dataset`); compiled catalogs
/// (`Assets.car`) are noted, not read.
public struct ResourceIndex: Hashable, Sendable, Codable {
    /// The directory searched, nil when nothing was searched.
    public var root: String?
    /// Normalised name (no extension, scale or device suffix, lowercased) → path relative to ``root``.
    public var images: [String: String]
    public var sounds: [String: String]
    /// Asset-catalog set name (lowercased) → path relative to ``root``.
    public var assets: [String: String]
    /// Asset catalogs (`.xcassets`) and compiled catalogs (`Assets.car`) seen, relative to ``root``.
    public var catalogs: [String]
    public var compiledCatalogs: [String]

    public init(root: String? = nil, images: [String: String] = [:], sounds: [String: String] = [:],
                assets: [String: String] = [:], catalogs: [String] = [], compiledCatalogs: [String] = []) {
        self.root = root
        self.images = images
        self.sounds = sounds
        self.assets = assets
        self.catalogs = catalogs
        self.compiledCatalogs = compiledCatalogs
    }

    /// True when there is something to check against.
    public var isEmpty: Bool { images.isEmpty && sounds.isEmpty && assets.isEmpty && compiledCatalogs.isEmpty }

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "pdf", "tif", "tiff", "gif", "icns", "heic", "svg", "bmp"]
    static let soundExtensions: Set<String> = ["aif", "aiff", "wav", "caf", "mp3", "m4a", "snd"]
    static let setExtensions: Set<String> = ["imageset", "symbolset", "dataset", "appiconset", "iconset"]
    static let skipped: Set<String> = [".git", ".build", "build", "DerivedData", "node_modules", ".swiftpm"]

    /// The resources near `path`: for an input inside an `.app`, `.framework`, `.bundle` or
    /// `.appex`, that bundle; else the nearest enclosing directory (at most 4 levels up) holding an
    /// Xcode project, workspace, `Package.swift` or `.git`; else the nearest (at most 2 levels up)
    /// with an asset catalog at most 2 levels below it; else the input's own directory. At most
    /// 50,000 entries are looked at.
    public static func near(_ path: String) -> ResourceIndex {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { return ResourceIndex() }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        var start = isDirectory.boolValue && !isCompiledContainer(absolute.pathExtension) ? absolute : absolute.deletingLastPathComponent()
        // Inside a bundle: the bundle.
        var probe = start
        for _ in 0..<8 where probe.path != "/" {
            if ["app", "framework", "bundle", "appex"].contains(probe.pathExtension) { return index(probe) }
            probe = probe.deletingLastPathComponent()
        }
        probe = start
        for _ in 0...4 where probe.path != "/" {
            let names = (try? fm.contentsOfDirectory(atPath: probe.path)) ?? []
            if names.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") || $0 == "Package.swift" || $0 == ".git" }) {
                return index(probe)
            }
            probe = probe.deletingLastPathComponent()
        }
        probe = start
        for _ in 0...2 where probe.path != "/" {
            if hasCatalog(probe, depth: 2) { start = probe; break }
            probe = probe.deletingLastPathComponent()
        }
        return index(start)
    }

    private static func isCompiledContainer(_ ext: String) -> Bool { ["nib", "storyboardc", "xib", "storyboard"].contains(ext) }

    private static func hasCatalog(_ dir: URL, depth: Int) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        for name in names where !skipped.contains(name) {
            if name.hasSuffix(".xcassets") || name == "Assets.car" { return true }
            if depth > 1, !name.contains(".") {
                var isDirectory: ObjCBool = false
                let child = dir.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: child.path, isDirectory: &isDirectory), isDirectory.boolValue,
                   hasCatalog(child, depth: depth - 1) { return true }
            }
        }
        return false
    }

    /// Every resource under `root` (depth at most 10).
    static func index(_ root: URL) -> ResourceIndex {
        var out = ResourceIndex(root: root.path)
        var stack: [(URL, String, Int)] = [(root, "", 0)]
        var seen = 0
        let fm = FileManager.default
        while let (dir, relative, depth) = stack.popLast(), seen < 50_000 {
            guard let names = try? fm.contentsOfDirectory(atPath: dir.path) else { continue }
            for name in names.sorted() where !skipped.contains(name) {
                seen += 1
                let rel = relative.isEmpty ? name : relative + "/" + name
                let url = dir.appendingPathComponent(name)
                let ext = url.pathExtension.lowercased()
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if setExtensions.contains(ext) {
                        let key = url.deletingPathExtension().lastPathComponent.lowercased()
                        if out.assets[key] == nil { out.assets[key] = rel }
                        continue
                    }
                    if ext == "xcassets" { out.catalogs.append(rel) }
                    if depth < 10 { stack.append((url, rel, depth + 1)) }
                } else if name == "Assets.car" {
                    out.compiledCatalogs.append(rel)
                } else if imageExtensions.contains(ext) {
                    let key = normalized(name)
                    if out.images[key] == nil { out.images[key] = rel }
                } else if soundExtensions.contains(ext) {
                    let key = normalized(name)
                    if out.sounds[key] == nil { out.sounds[key] = rel }
                }
            }
        }
        out.catalogs.sort()
        out.compiledCatalogs.sort()
        return out
    }

    /// `Star@2x~ipad.png` → `star`.
    static func normalized(_ name: String) -> String {
        var s = Substring(name)
        if let dot = s.lastIndex(of: "."),
           imageExtensions.contains(s[s.index(after: dot)...].lowercased()) || soundExtensions.contains(s[s.index(after: dot)...].lowercased()) {
            s = s[..<dot]
        }
        for suffix in ["~ipad", "~iphone", "~mac", "~tv"] where s.lowercased().hasSuffix(suffix) { s = s.dropLast(suffix.count) }
        for suffix in ["@1x", "@2x", "@3x"] where s.hasSuffix(suffix) { s = s.dropLast(suffix.count) }
        return s.lowercased()
    }

    /// The names of the `<image name="…" catalog="system">` resources of the xib or storyboard at
    /// `path` (its SF Symbols); empty when it cannot be read or is over 64 MB.
    static func systemImageNames(inSource path: String) -> Set<String> {
        var names = Set<String>()
        guard let data = FileManager.default.contents(atPath: path), data.count < 64 << 20 else { return names }
        let text = String(decoding: data, as: UTF8.self)
        var rest = text[...]
        while let start = rest.range(of: "<image ") {
            let tail = rest[start.upperBound...]
            guard let end = tail.firstIndex(of: ">") else { break }
            let tag = tail[..<end]
            if tag.contains("catalog=\"system\""), let n = tag.range(of: "name=\""),
               let close = tag[n.upperBound...].firstIndex(of: "\"") {
                names.insert(String(tag[n.upperBound..<close]))
            }
            rest = tail[end...]
        }
        return names
    }

    /// The image a property names, with its catalog when known: typed image values, and `image` /
    /// `…Image` string properties of sources (`system` when `systemImages` lists the name).
    static func imageNamed(by p: Property, systemImages: Set<String>) -> (name: String, catalog: String?)? {
        switch p.value {
        case .image(let ref): return (ref.name, ref.catalog)
        case .string(let s) where !s.isEmpty:
            if p.key == "image" || (p.key.hasSuffix("Image") && p.key.first?.isLowercase == true) {
                return (s, systemImages.contains(s) ? "system" : nil)
            }
            return nil
        default: return nil
        }
    }

    /// The status of `name` of `kind`, with where it was found. `catalog` is the archived catalog
    /// name, if any (`system` for SF Symbols).
    public func lookup(_ kind: LifecycleStep.Resource.Kind, _ name: String, catalog: String? = nil,
                       platform: Platform) -> (LifecycleStep.Resource.Status, String?) {
        if catalog == "system" { return (.system, nil) }
        if platform == .macOS, kind == .image, NibLint.isAppKitNamedImage(name) {
            return (.system, nil)
        }
        if root == nil || isEmpty { return (.unchecked, nil) }
        let key = Self.normalized(name)
        if kind == .image {
            if let found = assets[key] ?? images[key] { return (.found, found) }
        } else {
            if let found = sounds[key] ?? assets[key] { return (.found, found) }
        }
        if let car = compiledCatalogs.first { return (.unknown, car) }
        return (.missing, nil)
    }
}

/// Builds ``DocumentLoad``s; one per input.
struct LoadSequenceBuilder {
    let archivedClasses: [String: [ObjectID: String]]
    let resources: ResourceIndex
    let naming: LoadSequence.Naming
    /// Per source file: the image names its `<resources>` section gives catalog `system` (SF Symbols).
    private var systemImageCache: [String: Set<String>] = [:]

    init(archivedClasses: [String: [ObjectID: String]], resources: ResourceIndex, naming: @escaping LoadSequence.Naming) {
        self.archivedClasses = archivedClasses
        self.resources = resources
        self.naming = naming
    }

    /// Every document: storyboards scene by scene, then the rest (nested nibs last).
    mutating func documents(of input: NibInput) -> [DocumentLoad] {
        var out: [DocumentLoad] = []
        var done = Set<String>()
        let byName = Dictionary(input.documents.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for storyboard in input.allStoryboards {
            for scene in storyboard.scenes {
                let documents = scene.documents.compactMap { byName[$0] }.filter { !done.contains($0.name) }
                let controllers = storyboard.controllers.filter { $0.scene == scene.identifier }
                guard !documents.isEmpty else { continue }
                if documents.count == 1, !documents[0].format.isCompiled {
                    // A source scene: split as ibtool compiles it.
                    out += sourceScene(documents[0], scene: scene, controllers: controllers, storyboard: storyboard)
                    done.insert(documents[0].name)
                    continue
                }
                let sceneNib = documents.first { Self.names(scene.nibName, $0.name) } ?? documents[0]
                out.append(standalone(sceneNib, role: .sceneNib, scene: scene, storyboard: storyboard))
                done.insert(sceneNib.name)
                for controller in controllers {
                    guard let view = controller.viewNibName else { continue }
                    for d in documents where !done.contains(d.name) && Self.names(view, d.name) {
                        out.append(standalone(d, role: .viewNib, scene: scene, controller: controller, storyboard: storyboard))
                        done.insert(d.name)
                    }
                }
                for d in documents where !done.contains(d.name) && !Self.isNested(d.name) {
                    out.append(standalone(d, role: .nib, scene: scene, storyboard: storyboard))
                    done.insert(d.name)
                }
            }
        }
        for d in input.documents where !done.contains(d.name) && !Self.isNested(d.name) {
            out.append(standalone(d, role: .nib))
            done.insert(d.name)
        }
        for d in input.documents where !done.contains(d.name) {
            out.append(standalone(d, role: .nestedNib))
            done.insert(d.name)
        }
        return out
    }

    /// True when document `name` is the nib named `nib` (`…/nib.nib` or `…/nib.nib/objects-….nib`).
    static func names(_ nib: String?, _ name: String) -> Bool {
        guard let nib else { return false }
        if isNested(name) { return false }
        return name.hasSuffix("/\(nib).nib") || name.contains("/\(nib).nib/") || name == "\(nib).nib" || name.hasPrefix("\(nib).nib/")
    }

    /// Documents nested in another archive are named `<outer> > <what>`.
    static func isNested(_ name: String) -> Bool { name.contains(" > ") }

    /// The load of a whole document.
    mutating func standalone(_ d: NibDocument, role: DocumentLoad.Role, scene: StoryboardSummary.Scene? = nil,
                             controller: StoryboardSummary.Controller? = nil,
                             storyboard: StoryboardSummary? = nil) -> DocumentLoad {
        build(d, name: d.name, objects: d.objects, connections: d.connections, visibleWindows: d.visibleWindows,
              role: role, scene: scene, controller: controller, controllerObject: nil, storyboard: storyboard)
    }

    /// A scene of a storyboard source: the controller's view subtree and the connections that
    /// touch it go to the view nib (as `ibtool` compiles it); the rest is the scene nib.
    mutating func sourceScene(_ d: NibDocument, scene: StoryboardSummary.Scene, controllers: [StoryboardSummary.Controller],
                              storyboard: StoryboardSummary) -> [DocumentLoad] {
        var viewParts: [(StoryboardSummary.Controller, Set<ObjectID>, ObjectID?, ObjectID)] = []
        var inViews = Set<ObjectID>()
        for c in controllers {
            guard let view = c.viewNibName, let range = view.range(of: "-view-") else { continue }
            let viewID = ObjectID(String(view[range.upperBound...]))
            guard d.object(viewID) != nil else { continue }
            var subtree = Set<ObjectID>()
            var stack = [viewID]
            while let id = stack.popLast() {
                guard subtree.insert(id).inserted, let o = d.object(id) else { continue }
                stack += o.children
            }
            let controllerObject = c.objects.first { $0.document == d.name }?.id
            viewParts.append((c, subtree, controllerObject, viewID))
            inViews.formUnion(subtree)
        }
        func touches(_ c: Connection, _ set: Set<ObjectID>) -> Bool {
            [c.source, c.destination].compactMap { $0 }.contains(where: set.contains) || (c.members ?? []).contains(where: set.contains)
        }
        var out: [DocumentLoad] = []
        let sceneObjects = d.objects.filter { !inViews.contains($0.id) }
        let sceneConnections = d.connections.filter { !touches($0, inViews) }
        out.append(build(d, name: d.name, objects: sceneObjects, connections: sceneConnections,
                         visibleWindows: d.visibleWindows.filter { !inViews.contains($0) }, role: .sceneNib,
                         scene: scene, controller: nil, controllerObject: nil, storyboard: storyboard,
                         extraNotes: viewParts.isEmpty ? [] : [DocumentLoad.Note(phase: .load, text:
                            "A storyboard source: the controller's view and the connections that touch it are compiled into a view nib of their own (below); the rest into this scene nib.")]))
        for (c, subtree, controllerObject, viewID) in viewParts {
            let objects = d.objects.filter { subtree.contains($0.id) || $0.placeholder?.kind == .firstResponder }
            let connections = d.connections.filter { touches($0, subtree) }
            out.append(build(d, name: d.name + " (view nib \(c.viewNibName ?? ""))", objects: objects, connections: connections,
                             visibleWindows: [], role: .viewNib, scene: scene, controller: c,
                             controllerObject: controllerObject, storyboard: storyboard, sourceView: viewID))
        }
        return out
    }

    /// The class receiving calls: module-qualified custom class, else the framework class.
    static func runtimeClass(_ o: NibObject) -> String {
        if let t = o.placeholder?.target {
            return t.customClass.map { c in t.customModule.map { "\($0).\(c)" } ?? c } ?? t.className
        }
        guard let custom = o.customClass else { return o.className }
        return o.customModule.map { "\($0).\(custom)" } ?? custom
    }

    // swiftlint:disable:next function_body_length cyclomatic_complexity
    mutating func build(_ d: NibDocument, name: String, objects: [NibObject], connections: [Connection],
                        visibleWindows: [ObjectID], role: DocumentLoad.Role, scene: StoryboardSummary.Scene?,
                        controller: StoryboardSummary.Controller?, controllerObject: ObjectID?,
                        storyboard: StoryboardSummary?, extraNotes: [DocumentLoad.Note] = [],
                        sourceView: ObjectID? = nil) -> DocumentLoad {
        let mac = d.platform == .macOS
        let ui = !mac
        var steps: [LifecycleStep] = []
        var notes = extraNotes
        let inPart = Set(objects.map(\.id))
        func nameOf(_ id: ObjectID?) -> String? {
            guard let id else { return nil }
            if controllerObject == id, let o = d.object(id) { return naming(o, d) + " (the controller, not in this nib)" }
            return d.object(id).map { naming($0, d) } ?? id.rawValue
        }
        func add(_ s: LifecycleStep) {
            var s = s
            s.step = steps.count + 1
            steps.append(s)
        }

        // Load.
        let loader: String
        switch role {
        case .sceneNib:
            loader = mac ? "NSStoryboard instantiateControllerWithIdentifier:" : "UIStoryboard instantiateViewControllerWithIdentifier:"
        case .viewNib:
            loader = mac ? "NSViewController loadView → NSNib instantiateWithOwner:topLevelObjects:"
                : "UIViewController loadView → UINib instantiateWithOwner:options:"
        case .nib, .nestedNib:
            loader = mac ? "NSNib instantiateWithOwner:topLevelObjects:" : "UINib instantiateWithOwner:options:"
        }
        var readNote = "\(d.format.displayName)"
        if !d.format.isCompiled { readNote += " source: Xcode compiles it with ibtool; the sequence is the compiled nib's" }
        if let scene, role == .sceneNib { readNote += "; scene \(scene.identifier)" }
        if role == .viewNib, let controller {
            readNote += "; the first access to the view of \(controller.effectiveClass) (\(controller.id)) calls loadView, which loads this nib with the controller as owner"
        }
        if role == .nestedNib {
            readNote += "; archived inside another nib, loaded when its owner instantiates it (a table or collection view dequeuing a cell)"
        }
        add(LifecycleStep(phase: .load, object: name, call: "read the archive", kind: "archive", note: readNote))
        for r in resourcesNamed(objects, platform: d.platform, systemImages: systemImages(of: d)) { add(r) }
        if !resources.compiledCatalogs.isEmpty, steps.contains(where: { $0.resource?.status == .unknown }) {
            notes.append(.init(phase: .load, text: "Assets.car (a compiled asset catalog) cannot be read: images not found as files may be in it."))
        } else if resources.root == nil || resources.isEmpty, steps.contains(where: { $0.resource != nil }) {
            notes.append(.init(phase: .load, text: "No bundle or asset catalog next to the input: images and sounds are not checked."))
        }

        // Instantiate: placeholders, then archived objects.
        let placeholders = objects.filter { $0.placeholder != nil }
            .sorted { ($0.placeholder!.kind.sortRank, $0.id) < ($1.placeholder!.kind.sortRank, $1.id) }
        for o in placeholders {
            guard let p = o.placeholder else { continue }
            add(LifecycleStep(phase: .instantiate, object: naming(o, d), objectID: o.id,
                              class: p.kind == .firstResponder ? nil : Self.runtimeClass(o),
                              call: "supplied by the loader", kind: "placeholder",
                              note: supplied(p, o, mac: mac, role: role, controller: controller)))
        }
        if let controllerObject, let o = d.object(controllerObject) {
            add(LifecycleStep(phase: .instantiate, object: naming(o, d) + " (the controller, not in this nib)", objectID: o.id,
                              class: Self.runtimeClass(o), call: "supplied by the loader", kind: "placeholder",
                              note: "File's Owner of the view nib: the controller whose loadView loads it (compiled, connections to it are from File's Owner or an upstream placeholder)"))
        }
        let archived = archivedClasses[d.name] ?? [:]
        var customViewGuess = false
        for o in objects where o.placeholder == nil {
            var call = "initWithCoder:"
            var note: String?
            if mac {
                switch macArchivedClass(o, archived[o.id], d) {
                case "NSCustomObject"?:
                    call = "init"
                    note = "custom object (NSCustomObject): created with init"
                case "NSCustomView"?:
                    call = "initWithFrame:"
                    note = "custom view (NSCustomView): created with initWithFrame:, then given its subviews"
                    if archived[o.id] == nil { customViewGuess = true }
                case "NSClassSwapper"?:
                    note = "class swapper (NSClassSwapper): \(Self.runtimeClass(o)) is created in place of \(o.className)"
                case "NSWindowTemplate"?:
                    call = "initWithContentRect:styleMask:backing:defer:"
                    note = "window (NSWindowTemplate): created from the template, not decoded"
                default: break
                }
            }
            add(LifecycleStep(phase: .instantiate, object: naming(o, d), objectID: o.id, class: Self.runtimeClass(o),
                              call: call, note: note))
        }
        notes.append(.init(phase: .instantiate, text: mac
            ? "Objects are created as the unarchiver reaches them: a view's subviews are decoded inside its own initWithCoder:, so nesting, not this list, decides which call returns first."
            : "UINib decodes every archived object with initWithCoder: as the unarchiver reaches it: a view's subviews are decoded inside its own initWithCoder:, so nesting, not this list, decides which call returns first."))
        if customViewGuess {
            notes.append(.init(phase: .instantiate, text: "A source does not say how a view with a custom class is archived: NSView views with a custom class are taken for custom views (NSCustomView, initWithFrame:)."))
        }

        // Connect.
        var ordered = connections.filter { $0.kind != .segue }
        if ui {
            // UIKit applies accessibility configurations and key-value pairs before the connections.
            let first = ordered.filter { $0.kind == .accessibility } + ordered.filter { $0.kind == .runtimeAttribute }
            ordered = first + ordered.filter { $0.kind != .accessibility && $0.kind != .runtimeAttribute }
            if !first.isEmpty {
                notes.append(.init(phase: .connect, text: "UIKit applies accessibility configurations and user-defined runtime attributes (setValue:forKeyPath:) before the connection table."))
            }
        }
        for c in ordered { add(connectStep(c, d, mac: mac, nameOf: nameOf)) }
        if let sourceView, let controllerObject, let o = d.object(controllerObject) {
            add(LifecycleStep(phase: .connect, object: naming(o, d) + " (the controller, not in this nib)", objectID: o.id,
                              class: Self.runtimeClass(o), call: mac ? "setView:" : "setValue:forKey:", kind: "outlet",
                              label: "view", destination: nameOf(sourceView), destinationID: sourceView,
                              note: "the view outlet ibtool adds from File's Owner to the view"))
        }
        let segues = connections.filter { $0.kind == .segue }.count
        if segues > 0 {
            notes.append(.init(phase: .connect, text: "\(segues) segue\(segues == 1 ? "" : "s"): not connections made at load; the segue templates are archived with their controller and performed later."))
        }
        if ordered.contains(where: { $0.unresolved != nil }) {
            notes.append(.init(phase: .connect, text: "Connections marked unresolved name an object the reader could not find; what the loader does with them is unknown."))
        }

        // Awake.
        var awake = objects.filter { $0.placeholder == nil }
        if mac {
            let others = placeholders.filter { $0.placeholder!.kind != .filesOwner && $0.placeholder!.kind != .firstResponder && $0.placeholder!.kind != .exit }
            let owner = placeholders.filter { $0.placeholder!.kind == .filesOwner }
            awake = others + awake + owner
        }
        for o in awake {
            let isOwner = o.placeholder?.kind == .filesOwner
            add(LifecycleStep(phase: .awake, object: naming(o, d), objectID: o.id, class: Self.runtimeClass(o),
                              call: "awakeFromNib", note: isOwner ? "File's Owner: attempted last" : (o.placeholder != nil ? "placeholder: sent if it implements awakeFromNib" : nil)))
        }
        if let controllerObject, mac, let o = d.object(controllerObject) {
            add(LifecycleStep(phase: .awake, object: naming(o, d) + " (the controller, not in this nib)", objectID: o.id,
                              class: Self.runtimeClass(o), call: "awakeFromNib", note: "File's Owner: attempted last"))
        }
        notes.append(.init(phase: .awake, text: mac
            ? "awakeFromNib goes to every object that implements it, placeholders included (File's Owner attempted last), after every connection is made; the order is not guaranteed."
            : "awakeFromNib goes to the objects the nib instantiated, never to File's Owner, First Responder or another placeholder, after every connection is made; the order is not guaranteed."))
        if role == .viewNib, let controller {
            let owner = objects.first { $0.placeholder?.kind == .filesOwner }
            let controllerID = controllerObject ?? owner?.id
            add(LifecycleStep(phase: .awake, object: "\(controller.effectiveClass) (\(controller.id))", objectID: controllerID,
                              class: controller.customModule.map { "\($0).\(controller.effectiveClass)" } ?? controller.effectiveClass,
                              call: "viewDidLoad",
                              note: "after loadView returns: the outlets into the view set above are set before viewDidLoad"))
        }

        // Show.
        for id in visibleWindows where inPart.contains(id) {
            guard let o = d.object(id) else { continue }
            add(LifecycleStep(phase: .show, object: naming(o, d), objectID: o.id, class: Self.runtimeClass(o),
                              call: mac ? "makeKeyAndOrderFront:" : "makeKeyAndVisible", note: "visible at load"))
        }
        return DocumentLoad(document: name, platform: d.platform, format: d.format, role: role, scene: scene?.identifier,
                            controller: controller?.id, loader: loader, notes: notes, steps: steps)
    }

    /// The class an object was archived as, on macOS: from the archive when known, else from the
    /// model (`NSObject` base → custom object; `NSView` with a custom class → custom view;
    /// `NSWindow`/`NSPanel` at the top → window template).
    private func macArchivedClass(_ o: NibObject, _ archived: String?, _ d: NibDocument) -> String? {
        if let archived { return archived }
        if !archivedClasses.isEmpty, d.format.isCompiled { return nil }
        if o.className == "NSObject" { return "NSCustomObject" }
        if o.className == "NSView", o.customClass != nil { return "NSCustomView" }
        if ["NSWindow", "NSPanel"].contains(o.className), o.parent == nil { return "NSWindowTemplate" }
        return nil
    }

    /// Who supplies a placeholder.
    private func supplied(_ p: Placeholder, _ o: NibObject, mac: Bool, role: DocumentLoad.Role,
                          controller: StoryboardSummary.Controller?) -> String {
        switch p.kind {
        case .filesOwner:
            switch role {
            case .sceneNib: return "the storyboard's scene object; it receives the controller through its sceneViewController outlet"
            case .viewNib: return "the controller" + (controller.map { " \($0.effectiveClass) (\($0.id))" } ?? "") + " whose loadView loads the nib"
            default: return "the owner argument" + (mac ? " of instantiateWithOwner:topLevelObjects: (NSApp for the main nib)" : " of instantiateWithOwner:options:")
            }
        case .firstResponder: return "not an object: actions to it are nil-targeted and go up the responder chain"
        case .application: return "the application object (NSApp)"
        case .external:
            return mac ? "an external object the app supplies under \"\(p.identifier)\" (external name table)"
                : "UINibExternalObjects[\"\(p.identifier)\"] in the options dictionary"
        case .storyboard: return "the storyboard that loads the scene"
        case .upstream:
            var s = mac ? "an object of the scene nib (the controller, a segue template), passed by the controller's loadView as an external object"
                : "an object of the scene nib (the controller, a segue template), passed by loadView in UINibExternalObjects"
            if let t = p.target { s += ": " + (t.customModule.map { "\($0).\(t.effectiveClass)" } ?? t.effectiveClass) }
            if let r = p.resolvedTarget { s += " (\(r))" }
            return s
        case .exit: return "an unwind target (source only); not instantiated"
        }
    }

    /// One connect step.
    private func connectStep(_ c: Connection, _ d: NibDocument, mac: Bool, nameOf: (ObjectID?) -> String?) -> LifecycleStep {
        let source = d.object(c.source)
        var step = LifecycleStep(phase: .connect, object: nameOf(c.source) ?? "(no source)", objectID: c.source,
                                 class: source.map(Self.runtimeClass), call: "", kind: c.kind.rawValue, label: c.label,
                                 destination: nameOf(c.destination), destinationID: c.destination)
        var notes: [String] = []
        switch c.kind {
        case .outlet:
            if mac {
                step.call = "set" + c.label.prefix(1).uppercased() + c.label.dropFirst() + ":"
                notes.append("else the instance variable \(c.label); neither: no connection")
            } else {
                step.call = "setValue:forKey:"
            }
        case .outletCollection:
            step.call = "setValue:forKey:"
            step.members = c.members
            step.destination = "[" + (c.members ?? []).map { nameOf($0) ?? $0.rawValue }.joined(separator: ", ") + "]"
            var n = "an \(c.collectionClass ?? "NSArray") of \(c.members?.count ?? 0)"
            if c.appendsToCollection == true { n += ", appended to the existing collection" }
            notes.append(n)
        case .action:
            let sourceClass = source?.className ?? ""
            if mac {
                step.call = "setTarget: setAction:"
            } else if sourceClass.hasSuffix("GestureRecognizer") {
                step.call = "addTarget:action:"
            } else if sourceClass == "UIBarButtonItem" || sourceClass == "UIMenuItem" {
                step.call = "setTarget: setAction:"
            } else {
                step.call = "addTarget:action:forControlEvents:"
                if c.controlEvents == nil { notes.append("no control events archived") }
            }
            if let events = c.controlEvents { step.events = events.eventNames }
            if c.isNilTargeted {
                step.destination = "nil (First Responder)"
                notes.append("nil-targeted: sent up the responder chain")
            }
        case .binding:
            step.call = "bind:toObject:withKeyPath:options:"
            step.value = c.keyPath
            if let options = c.options, !options.isEmpty {
                notes.append("options " + options.keys.sorted().map { "\($0)=\(options[$0] ?? "")" }.joined(separator: ", "))
            }
        case .runtimeAttribute:
            step.call = "setValue:forKeyPath:"
            step.label = c.keyPath ?? c.label
            step.value = c.value.map(valueText)
            step.destination = nil
            notes.append("user-defined runtime attribute, after init")
        case .accessibility:
            if mac {
                step.call = "accessibility attribute (NSNibAXAttributeConnector)"
            } else if c.label.hasPrefix("accessibility") {
                step.call = "set" + c.label.prefix(1).uppercased() + c.label.dropFirst() + ":"
            } else {
                step.call = "setValue:forKey:"
            }
            step.value = c.value.map(valueText)
            step.destination = nil
        case .segue, .other:
            step.call = "establishConnection"
            step.value = c.value.map(valueText)
        }
        if let why = c.unresolved { notes.append("unresolved: \(why.message)") }
        step.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
        return step
    }

    private func valueText(_ v: PropertyValue) -> String {
        if case .object(let id) = v { return id.rawValue }
        return v.description
    }

    /// The names of a source's `<image name="…" catalog="system">` resources: the model keeps an
    /// object's image name, the source's `<resources>` section says which are SF Symbols.
    mutating func systemImages(of d: NibDocument) -> Set<String> {
        guard !d.format.isCompiled, let path = d.path else { return [] }
        if let cached = systemImageCache[path] { return cached }
        let names = ResourceIndex.systemImageNames(inSource: path)
        systemImageCache[path] = names
        return names
    }

    /// The images and sounds named by `objects`, each once, in first-use order.
    private func resourcesNamed(_ objects: [NibObject], platform: Platform, systemImages: Set<String>) -> [LifecycleStep] {
        var order: [(LifecycleStep.Resource.Kind, String, String?)] = []
        var users: [String: [ObjectID]] = [:]
        for o in objects {
            for p in o.properties {
                var found: (LifecycleStep.Resource.Kind, String, String?)?
                if let image = ResourceIndex.imageNamed(by: p, systemImages: systemImages) {
                    found = (.image, image.name, image.catalog)
                } else if p.key == "sound", case .string(let s) = p.value, !s.isEmpty {
                    found = (.sound, s, nil)
                }
                guard let (kind, name, catalog) = found else { continue }
                let key = "\(kind.rawValue):\(name)"
                if users[key] == nil { order.append((kind, name, catalog)) }
                if users[key]?.last != o.id { users[key, default: []].append(o.id) }
            }
        }
        return order.map { kind, name, catalog in
            let (status, location) = resources.lookup(kind, name, catalog: catalog, platform: platform)
            let objects = users["\(kind.rawValue):\(name)"] ?? []
            var note: String
            switch status {
            case .found: note = location ?? "found"
            case .missing:
                note = "not in the bundle or asset catalogs next to the input"
                if kind == .image, platform != .macOS, name.contains("."), name == name.lowercased() {
                    note += " (an SF Symbol name? the system provides those)"
                }
            case .system: note = catalog == "system" ? "SF Symbol" : "a named system image"
            case .unknown: note = "not found as a file or asset set; may be in \(location ?? "Assets.car"), which cannot be read"
            case .unchecked: note = "not checked: nothing to check against"
            }
            let users = objects.map(\.rawValue).joined(separator: ", ")
            let call = kind == .sound ? "soundNamed:"
                : catalog == "system" ? (platform == .macOS ? "imageWithSystemSymbolName:accessibilityDescription:" : "systemImageNamed:")
                : "imageNamed:"
            return LifecycleStep(phase: .load, object: "\(kind.rawValue) \"\(name)\"", call: call,
                                 kind: kind.rawValue, label: name,
                                 resource: .init(kind: kind, name: name, status: status, location: location, objects: objects),
                                 note: note + " (used by \(users))")
        }
    }
}
