/// One row of a document's connection table (nib-format.md §3.3, §4.4, §7.3).
///
/// Direction follows Interface Builder: an outlet goes from the object that owns the property
/// (`source`) to the object it points at (`destination`); an action goes from the control
/// (`source`) to the target (`destination`, nil for a First Responder / nil-targeted action).
public struct Connection: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// `source.<label> = destination` (`UIRuntimeOutletConnection`, `NSNibOutletConnector`).
        case outlet
        /// `source.<label> = [members]` (`UIRuntimeOutletCollectionConnection`).
        case outletCollection
        /// Target/action: `label` is the selector (`UIRuntimeEventConnection`, `NSNibControlConnector`).
        case action
        /// Cocoa binding (`NSNibBindingConnector`): `label` is the binding name.
        case binding
        /// User-defined runtime attribute (`UINibKeyValuePair`, `NSIBUserDefinedRuntimeAttributesConnector`):
        /// `label` is the key path.
        case runtimeAttribute
        /// Accessibility configuration (`UIRuntimeAccessibilityConfiguration`, `NSNibAXAttributeConnector`):
        /// `label` is the attribute (`accessibilityLabel`, `AXDescription`, …).
        case accessibility
        /// Storyboard segue: `label` is the segue kind; see ``segue``.
        case segue
        /// Anything else that is archived as a connection (help connectors, ordering markers).
        case other
    }

    public var kind: Kind
    public var source: ObjectID?
    public var destination: ObjectID?
    /// Outlet or property name, selector, binding name, key path, attribute or segue kind.
    public var label: String
    /// Outlet collection members in order.
    public var members: [ObjectID]?
    /// Control events of an iOS action (`UIEventMask`); nil when none are archived.
    public var controlEvents: ControlEvents?
    /// True for an action to First Responder: sent up the responder chain, not broken.
    public var isNilTargeted: Bool
    /// Line of the element in an XML source (1-based).
    public var sourceLine: Int?
    /// Index of the connection object in the compiled archive (for cross-reference with `--raw`).
    public var archiveIndex: Int?
    /// The members most connections leave nil, out of line: a connection takes 112 bytes instead
    /// of 360 (`MemoryLayout<Connection>.stride`, as `nibbench memory-phases` prints it), which
    /// counts in a nib of 100,000 connections.
    private var details: Details?

    /// Outlet collection class (`NSArray`).
    public var collectionClass: String? {
        get { details?.fields.collectionClass }
        set { update { $0.collectionClass = newValue } }
    }
    /// Whether an outlet collection appends to an existing collection.
    public var appendsToCollection: Bool? {
        get { details?.fields.appendsToCollection }
        set { update { $0.appendsToCollection = newValue } }
    }
    /// Binding key path or runtime attribute key path.
    public var keyPath: String? {
        get { details?.fields.keyPath }
        set { update { $0.keyPath = newValue } }
    }
    /// Runtime attribute or accessibility value; binding options are in ``options``.
    public var value: PropertyValue? {
        get { details?.fields.value }
        set { update { $0.value = newValue } }
    }
    /// Binding options (`NSContinuouslyUpdatesValue` → `YES`, …).
    public var options: [String: String]? {
        get { details?.fields.options }
        set { update { $0.options = newValue } }
    }
    /// Segue details.
    public var segue: Segue? {
        get { details?.fields.segue }
        set { update { $0.segue = newValue } }
    }
    /// Why the source, destination or a member could not be resolved, when it could not
    /// (``DiagnosticCode/unresolvedSource``, ``DiagnosticCode/unresolvedDestination``, …; the
    /// message is the reason, `destination 'x' not found (line 10)`). Such a connection is kept
    /// and flagged, never dropped.
    public var unresolved: Diagnostic? {
        get { details?.fields.unresolved }
        set { update { $0.unresolved = newValue } }
    }

    public init(kind: Kind, source: ObjectID?, destination: ObjectID?, label: String,
                members: [ObjectID]? = nil, collectionClass: String? = nil, appendsToCollection: Bool? = nil,
                controlEvents: ControlEvents? = nil, isNilTargeted: Bool = false, keyPath: String? = nil,
                value: PropertyValue? = nil, options: [String: String]? = nil, segue: Segue? = nil,
                unresolved: Diagnostic? = nil, sourceLine: Int? = nil, archiveIndex: Int? = nil) {
        self.kind = kind
        self.source = source
        self.destination = destination
        self.label = label
        self.members = members
        self.controlEvents = controlEvents
        self.isNilTargeted = isNilTargeted
        self.sourceLine = sourceLine
        self.archiveIndex = archiveIndex
        details = Details(Details.Fields(collectionClass: collectionClass, appendsToCollection: appendsToCollection,
                                         keyPath: keyPath, value: value, options: options, segue: segue, unresolved: unresolved))
    }

    /// The out-of-line members; an indirect enum, so that a copy shares them and a change makes
    /// a new box (value semantics).
    private indirect enum Details: Hashable, Sendable {
        case box(Fields)

        /// Coded as members of the connection itself (same keys, nil ones left out).
        struct Fields: Hashable, Sendable, Codable {
            var collectionClass: String?
            var appendsToCollection: Bool?
            var keyPath: String?
            var value: PropertyValue?
            var options: [String: String]?
            var segue: Segue?
            var unresolved: Diagnostic?
        }

        /// The box for `fields`; nil when every field is nil, so that equal connections have
        /// equal (nil or not) boxes.
        init?(_ fields: Fields) {
            guard fields != Fields() else { return nil }
            self = .box(fields)
        }

        var fields: Fields {
            switch self { case .box(let f): return f }
        }
    }

    private mutating func update(_ change: (inout Details.Fields) -> Void) {
        var fields = details?.fields ?? Details.Fields()
        change(&fields)
        details = Details(fields)
    }
}

extension Connection {
    private enum CodingKeys: String, CodingKey {
        case kind, source, destination, label, members, controlEvents, isNilTargeted, sourceLine, archiveIndex
    }

    /// The keys and values a synthesized conformance would read; the out-of-line members are read
    /// from the same keyed container by their own conformance.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(Kind.self, forKey: .kind)
        source = try c.decodeIfPresent(ObjectID.self, forKey: .source)
        destination = try c.decodeIfPresent(ObjectID.self, forKey: .destination)
        label = try c.decode(String.self, forKey: .label)
        members = try c.decodeIfPresent([ObjectID].self, forKey: .members)
        controlEvents = try c.decodeIfPresent(ControlEvents.self, forKey: .controlEvents)
        isNilTargeted = try c.decode(Bool.self, forKey: .isNilTargeted)
        sourceLine = try c.decodeIfPresent(Int.self, forKey: .sourceLine)
        archiveIndex = try c.decodeIfPresent(Int.self, forKey: .archiveIndex)
        details = Details(try Details.Fields(from: decoder))
    }

    /// The keys and values a synthesized conformance would write (nil members left out); the
    /// out-of-line members go to the same keyed container by their own conformance.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(source, forKey: .source)
        try c.encodeIfPresent(destination, forKey: .destination)
        try c.encode(label, forKey: .label)
        try c.encodeIfPresent(members, forKey: .members)
        try c.encodeIfPresent(controlEvents, forKey: .controlEvents)
        try c.encode(isNilTargeted, forKey: .isNilTargeted)
        try c.encodeIfPresent(sourceLine, forKey: .sourceLine)
        try c.encodeIfPresent(archiveIndex, forKey: .archiveIndex)
        try details?.fields.encode(to: encoder)
    }
}

/// A storyboard segue (§5.2, §7.3).
public struct Segue: Hashable, Sendable, Codable {
    /// `show`, `showDetail`, `presentation`, `popoverPresentation`, `embed`, `unwind`,
    /// `relationship`, `custom`, `push`, `modal`, `replace`, or another (``Kind/other(_:)``).
    public var kind: Kind
    public var identifier: String?
    /// Storyboard identifier or nib name of the destination scene
    /// (`UIDestinationViewControllerIdentifier`).
    public var destinationScene: String?
    /// For relationship segues: `rootViewController`, `viewControllers`, …
    public var relationship: String?
    /// Custom segue class (`UISegueClassName`).
    public var segueClass: String?

    public init(kind: Kind, identifier: String? = nil, destinationScene: String? = nil,
                relationship: String? = nil, segueClass: String? = nil) {
        self.kind = kind
        self.identifier = identifier
        self.destinationScene = destinationScene
        self.relationship = relationship
        self.segueClass = segueClass
    }
}

/// `UIControl.Event` bits as archived in `UIEventMask` (nib-format.md §3.4).
public struct ControlEvents: OptionSet, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// (bit, xib `eventType` name) for every named event, in bit order.
    public static let names: [(UInt32, String)] = [
        (0x1, "touchDown"), (0x2, "touchDownRepeat"), (0x4, "touchDragInside"), (0x8, "touchDragOutside"),
        (0x10, "touchDragEnter"), (0x20, "touchDragExit"), (0x40, "touchUpInside"), (0x80, "touchUpOutside"),
        (0x100, "touchCancel"), (0x1000, "valueChanged"), (0x2000, "primaryActionTriggered"),
        (0x4000, "menuActionTriggered"), (0x10000, "editingDidBegin"), (0x20000, "editingChanged"),
        (0x40000, "editingDidEnd"), (0x80000, "editingDidEndOnExit"),
    ]

    /// The mask for one xib `eventType` name, nil when unknown.
    public init?(eventType: String) {
        guard let bit = Self.names.first(where: { $0.1 == eventType })?.0 else { return nil }
        self.init(rawValue: bit)
    }

    /// Names of the set bits in bit order; unknown bits as one hex value (`0x800000`).
    public var eventNames: [String] {
        var out: [String] = []
        var rest = rawValue
        for (bit, name) in Self.names where rawValue & bit != 0 {
            out.append(name)
            rest &= ~bit
        }
        if rest != 0 { out.append("0x" + String(rest, radix: 16, uppercase: true)) }
        return out
    }

    /// `touchUpInside`, `touchDown|touchUpInside`, `0x800000`.
    public var description: String { eventNames.joined(separator: "|") }

    /// Encodes as `{"mask": 64, "names": ["touchUpInside"]}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rawValue, forKey: .mask)
        try c.encode(eventNames, forKey: .names)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        rawValue = try c.decode(UInt32.self, forKey: .mask)
    }

    private enum CodingKeys: String, CodingKey { case mask, names }
}
