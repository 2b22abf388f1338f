import NibModel

/// The result of comparing an Interface Builder source with its compiled nib (`nibinspect compare`).
///
/// Object ids do not survive compilation (nib-format.md §7.5), so objects are matched by structure
/// (see ``ObjectPairing``) and every compiled object is named by the source id it was matched to.
/// ``agrees`` is true when no ``differences`` remain; what compilation legitimately drops
/// (§7.5: macOS First Responder, Exit placeholders, `<resources>`, connection ids, design-time
/// objects) is listed in ``notes`` (and, as text, ``dropped``) and never counted as a difference.
public struct CompareReport: Hashable, Sendable, Codable {
    /// A reference to one object on one side, for people: `NSButton "Sign In"` at line 42.
    public struct ObjectRef: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The id on its own side (xib id for the source, `#N` for the compiled nib).
        public var id: String
        /// Effective class (custom class when set).
        public var className: String
        public var name: String?
        /// Line in the source (source side only).
        public var line: Int?
        /// Semantic path from the root: `NSWindow "Test" › NSView › NSTextField`.
        public var path: String
        /// The document it belongs to (differs per scene for storyboards).
        public var document: String

        /// `(5, line 30)`: the id and, for the source, the line.
        public var location: String {
            "(" + id + (line.map { ", line \($0)" } ?? "") + ")"
        }

        public var description: String {
            var s = className
            if let name { s += " \"\(name)\"" }
            s += " (\(id)"
            if let line { s += ", line \(line)" }
            return s + ")"
        }
    }

    /// One difference.
    public struct Difference: Hashable, Sendable, Codable {
        public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
            /// A connection in the source has no counterpart in the compiled nib.
            case connectionOnlyInSource
            /// A compiled connection has no counterpart in the source.
            case connectionOnlyInCompiled
            /// Same source object, kind and label, different destination.
            case destinationChanged
            /// Matching connections whose details (control events, key path) differ.
            case connectionDetailsDiffer
            /// Matched objects whose class or custom class differ.
            case classDiffers
            /// A source object with no compiled counterpart.
            case objectOnlyInSource
            /// A compiled object with no source counterpart.
            case objectOnlyInCompiled
            /// A nested archive (prototype cell, reusable view) filed under another identifier
            /// than the source prototype it matches by structure (nib-format.md §2.9).
            case identifierDiffers
            /// Matched objects that differ in a property that survives compilation
            /// (``PropertyComparison``: toolbar item identifiers and labels, segment labels, table
            /// column widths, colour models); ``label`` is the property key.
            case propertyDiffers
        }

        public var kind: Kind
        /// One line for people, naming the objects.
        public var message: String
        /// Source line, when the difference has a source side.
        public var sourceLine: Int?
        /// Connection kind and label, for connection differences.
        public var connectionKind: String?
        public var label: String?
        public var source: ObjectRef?
        public var compiled: ObjectRef?
        /// What the source and the compiled side have where they differ: a connection's destination
        /// (`NSButton "OK" (5, line 30)`), key path or control events, an object's class
        /// (`MyButton (NSButton)`); nil on a side that lacks it (`nibinspect diff` prints these).
        public var sourceValue: String?
        public var compiledValue: String?
        /// The object a connection difference points to on each side (its destination), for
        /// `diff` to name by path; not encoded (the values say it for people).
        public var sourceTarget: ObjectRef?
        public var compiledTarget: ObjectRef?

        private enum CodingKeys: String, CodingKey {
            case kind, message, sourceLine, connectionKind, label, source, compiled, sourceValue, compiledValue
        }

        public init(kind: Kind, message: String, sourceLine: Int? = nil, connectionKind: String? = nil,
                    label: String? = nil, source: ObjectRef? = nil, compiled: ObjectRef? = nil,
                    sourceValue: String? = nil, compiledValue: String? = nil) {
            self.kind = kind
            self.message = message
            self.sourceLine = sourceLine
            self.connectionKind = connectionKind
            self.label = label
            self.source = source
            self.compiled = compiled
            self.sourceValue = sourceValue
            self.compiledValue = compiledValue
        }

        /// True for the connection kinds of difference.
        public var isConnectionDifference: Bool {
            switch kind {
            case .connectionOnlyInSource, .connectionOnlyInCompiled, .destinationChanged, .connectionDetailsDiffer: return true
            default: return false
            }
        }
    }

    /// Counts for the summary line.
    ///
    /// Connections are compared per endpoint: an outlet collection with three members is three
    /// `sourceConnections` (macOS compiles it into three outlet connectors, iOS into one
    /// collection connection, nib-format.md §7.4). The `…ConnectionRecords` counts are the
    /// connections as listed (as `nibinspect tree` counts them), segues and accessibility included.
    public struct Counts: Hashable, Sendable, Codable {
        public var sourceObjects = 0
        public var compiledObjects = 0
        /// Source objects matched (in the main nib, or in a nested archive).
        public var matchedObjects = 0
        /// Compared connection endpoints in the source.
        public var sourceConnections = 0
        /// Compared connection endpoints compiled.
        public var compiledConnections = 0
        /// Source connection endpoints matched.
        public var matchedConnections = 0
        /// Connections as listed in the source documents (one per `<outletCollection>`).
        public var sourceConnectionRecords = 0
        /// Connections as listed in the compiled documents compared.
        public var compiledConnectionRecords = 0
        public init() {}
    }

    /// How a nested archive (a prototype cell or reusable view nib, nib-format.md §2.9) compared
    /// with the source subtree it was compiled from.
    public struct NestedArchive: Hashable, Sendable, Codable {
        /// The compiled document: `X.nib > reusable view "Cell"`.
        public var document: String
        /// Where it is nested: `reusable view "Cell"`, `prototype "Cell"`.
        public var location: String
        /// The source object it was matched with (the prototype cell or table cell view); nil
        /// when the source has none.
        public var sourceRoot: ObjectRef?
        /// Counts of this comparison (source side: the subtree and the placeholders).
        public var counts: Counts
        /// How many of ``CompareReport/differences`` belong to this archive.
        public var differences: Int
    }

    public var source: String
    public var compiled: String
    public var counts: Counts
    public var differences: [Difference]
    /// Things present on one side only because compilation drops or adds them, as `info`
    /// diagnostics with a code each (``DiagnosticCode/firstResponderNotArchived``,
    /// ``DiagnosticCode/implicitObjects``, …), located at the source object and line where there
    /// is one.
    public var notes: [Diagnostic]
    /// Source id → compiled id for every matched object (JSON output only); with several compiled
    /// documents (a `.storyboardc`) the compiled id is `<document>|#N`.
    public var matches: [String: String]
    /// Nested archives of the compiled side, each compared with its source subtree; their
    /// differences are in ``differences`` (messages start with the location).
    public var nested: [NestedArchive] = []

    public var agrees: Bool { differences.isEmpty }

    /// The ``notes`` as the lines `compare` prints under "Not compared"
    /// (`First Responder placeholder (line 8): not archived (actions to it have a nil target)`).
    public var dropped: [String] { notes.map(\.message) }

    /// True when no connection difference remains (objects may still differ).
    public var connectionsAgree: Bool { !differences.contains { $0.isConnectionDifference } }

    public init(source: String, compiled: String, counts: Counts = Counts(), differences: [Difference] = [],
                notes: [Diagnostic] = [], matches: [String: String] = [:]) {
        self.source = source
        self.compiled = compiled
        self.counts = counts
        self.differences = differences
        self.notes = notes
        self.matches = matches
    }

    private enum CodingKeys: String, CodingKey {
        case source, compiled, counts, differences, notes, dropped, matches, nested
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        source = try c.decode(String.self, forKey: .source)
        compiled = try c.decode(String.self, forKey: .compiled)
        counts = try c.decode(Counts.self, forKey: .counts)
        differences = try c.decode([Difference].self, forKey: .differences)
        notes = try c.decodeIfPresent([Diagnostic].self, forKey: .notes) ?? []
        matches = try c.decode([String: String].self, forKey: .matches)
        nested = try c.decodeIfPresent([NestedArchive].self, forKey: .nested) ?? []
    }

    /// Encodes the stored fields plus ``dropped`` (the notes' messages, as before notes had codes).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(source, forKey: .source)
        try c.encode(compiled, forKey: .compiled)
        try c.encode(counts, forKey: .counts)
        try c.encode(differences, forKey: .differences)
        try c.encode(notes, forKey: .notes)
        try c.encode(dropped, forKey: .dropped)
        try c.encode(matches, forKey: .matches)
        try c.encode(nested, forKey: .nested)
    }
}
