/// One object of a resolved document: a view, control, controller, menu, placeholder, …
public struct NibObject: Hashable, Sendable, Codable {
    public var id: ObjectID
    /// The framework class that is archived or declared (`UIButton`, `NSMenuItem`). For a
    /// `UIClassSwapper`/`NSClassSwapper` this is the original class (`UIOriginalClassName`), for
    /// `NSCustomObject`/`NSCustomView` the base class (`NSObject`/`NSView`), for xib elements the
    /// class the element stands for (`<button>` → `UIButton`).
    public var className: String
    /// The custom class a user set, demangled (`LoginViewController`, not `_TtC5Login19…`).
    public var customClass: String?
    /// The custom class's module (`COVIDSafe`), from a Swift mangled name, `IBClassReference` or
    /// the xib's `customModule`.
    public var customModule: String?
    /// The exact class string the runtime looks up (`_TtC9COVIDSafe33Registration…`), when it
    /// differs from ``customClass``.
    public var runtimeClassName: String?
    /// Set for File's Owner, First Responder, Application, external and storyboard placeholders.
    public var placeholder: Placeholder?
    /// A display name: macOS names table or xib `userLabel`, accessibility identifier, title or
    /// text, placeholder identifier.
    public var name: String?
    /// The name the user gave the object in Interface Builder, not its text: a xib's `userLabel`,
    /// a compiled macOS nib's names-table entry (`NSNamesKeys`, in keyed archives and NIBArchives
    /// alike; not the generated names of a typedstream nib). Nil when there is none. Not encoded
    /// (JSON gives ``name``); `textconv` and `diff` key paths by it (NibCompare's stable names).
    public var label: String? = nil
    /// The parent in the view/menu/controller hierarchy, nil for roots and placeholders.
    public var parent: ObjectID?
    /// Children in order (subviews, menu items, child controllers, …).
    public var children: [ObjectID]
    /// Decoded key properties (frame, text, title, colour, font, image, tag, hidden, …), sorted
    /// by key.
    public var properties: [Property]
    /// Line of the element in an XML source (1-based).
    public var sourceLine: Int?
    /// Index of the object in the compiled archive's object graph (for `--raw` cross-reference).
    public var archiveIndex: Int?

    public init(id: ObjectID, className: String, customClass: String? = nil, customModule: String? = nil,
                runtimeClassName: String? = nil, placeholder: Placeholder? = nil, name: String? = nil,
                parent: ObjectID? = nil, children: [ObjectID] = [], properties: [Property] = [],
                sourceLine: Int? = nil, archiveIndex: Int? = nil, label: String? = nil) {
        self.id = id
        self.className = className
        self.customClass = customClass
        self.customModule = customModule
        self.runtimeClassName = runtimeClassName
        self.placeholder = placeholder
        self.name = name
        self.parent = parent
        self.children = children
        self.properties = properties
        self.sourceLine = sourceLine
        self.archiveIndex = archiveIndex
        self.label = label
    }

    private enum CodingKeys: String, CodingKey {
        case id, className, customClass, customModule, runtimeClassName, placeholder, name, parent, children, properties,
             sourceLine, archiveIndex
    }

    /// The value of property `key`, if decoded.
    public func property(_ key: String) -> PropertyValue? {
        properties.first { $0.key == key }?.value
    }
}

/// A placeholder: an object that is not instantiated from the nib but supplied at load time.
public struct Placeholder: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// `IBFilesOwner` / macOS `NSRoot`: the owner passed to the loader.
        case filesOwner
        /// `IBFirstResponder`: actions to it are nil-targeted (responder chain).
        case firstResponder
        /// macOS Application (`NSApp`).
        case application
        /// An external object supplied by the app (`UINibExternalObjects`).
        case external
        /// `UIStoryboardPlaceholder` / `NSStoryboardPlaceholder`: the storyboard itself.
        case storyboard
        /// `UpstreamPlaceholder-N`: an object of the parent scene nib.
        case upstream
        /// A storyboard exit placeholder (source only).
        case exit

        /// The order Interface Builder lists placeholders in: File's Owner first, then First
        /// Responder, Application, storyboard, upstream, external and exit placeholders.
        public var sortRank: Int {
            switch self {
            case .filesOwner: return 0
            case .firstResponder: return 1
            case .application: return 2
            case .storyboard: return 3
            case .upstream: return 4
            case .external: return 5
            case .exit: return 6
            }
        }

        /// Interface Builder's name for it: `File's Owner`, `First Responder`, …
        public var displayName: String {
            switch self {
            case .filesOwner: return "File's Owner"
            case .firstResponder: return "First Responder"
            case .application: return "Application"
            case .external: return "External Object"
            case .storyboard: return "Storyboard"
            case .upstream: return "Upstream Placeholder"
            case .exit: return "Exit"
            }
        }
    }

    public var kind: Kind
    /// The identifier as archived: `IBFilesOwner`, `UpstreamPlaceholder-1`, an external id.
    public var identifier: String
    /// For upstream placeholders: the object in the parent scene it stands for, as
    /// `<scene nib name>:<object id>`, when resolved through the parent's
    /// `UIExternalObjectsTableForViewLoading`.
    public var resolvedTarget: String?
    /// What ``resolvedTarget`` is, copied from that object when the placeholder is bound, so
    /// the placeholder can be described and matched as that object without its document.
    public var target: Target?

    public init(kind: Kind, identifier: String, resolvedTarget: String? = nil, target: Target? = nil) {
        self.kind = kind
        self.identifier = identifier
        self.resolvedTarget = resolvedTarget
        self.target = target
    }

    /// The object a bound placeholder stands for: its class and, for a storyboard view
    /// controller, the controller's id and storyboard identifier.
    public struct Target: Hashable, Sendable, Codable {
        /// ``NibObject/className``, ``NibObject/customClass``, ``NibObject/customModule`` and
        /// ``NibObject/name`` of the target object.
        public var className: String
        public var customClass: String?
        public var customModule: String?
        public var name: String?
        /// For a view controller: its ``StoryboardSummary/Controller/id`` and storyboard identifier.
        public var controller: String?
        public var storyboardIdentifier: String?

        public init(className: String, customClass: String? = nil, customModule: String? = nil, name: String? = nil,
                    controller: String? = nil, storyboardIdentifier: String? = nil) {
            self.className = className
            self.customClass = customClass
            self.customModule = customModule
            self.name = name
            self.controller = controller
            self.storyboardIdentifier = storyboardIdentifier
        }

        /// The identity of `object` (no controller id).
        public init(_ object: NibObject) {
            self.init(className: object.className, customClass: object.customClass, customModule: object.customModule,
                      name: object.name, storyboardIdentifier: object.property("storyboardIdentifier")?.text)
        }

        /// The names a query may use for the target: ``ClassNamed/classNames`` (class, custom
        /// class plain and module-qualified), name, controller id and storyboard identifier.
        public var names: [String] {
            classNames + [name, controller, storyboardIdentifier].compactMap { $0 }
        }
    }
}

/// A decoded property of an object.
public struct Property: Hashable, Sendable, Codable {
    /// Property name in Interface Builder terms where known (`frame`, `text`, `title`,
    /// `backgroundColor`, `font`, `image`, `tag`, `hidden`, `reuseIdentifier`, …), else the raw key.
    public var key: String
    public var value: PropertyValue

    public init(_ key: String, _ value: PropertyValue) {
        self.key = key
        self.value = value
    }

    enum CodingKeys: String, CodingKey { case key, value }

    /// JSON `{"key": …, "value": …}`; the value gets back the type JSON keeps as text where the
    /// key says it (``retyped(key:_:)``).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let key = try c.decode(String.self, forKey: .key)
        self.init(key, Self.retyped(key: key, try c.decode(PropertyValue.self, forKey: .value)))
    }
}
