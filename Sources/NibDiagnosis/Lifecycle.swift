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
            if let custom = o.qualifiedCustomClass { s += " (" + custom + ")" }
            return s
        }
        s += o.displayClass
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
