/// The result of comparing an Interface Builder source with its compiled nib (`nibinspect compare`).
///
/// Object ids do not survive compilation (nib-format.md §7.5), so objects are matched by structure
/// (see ``ObjectMatcher``) and every compiled object is named by the source id it was matched to.
/// ``agrees`` is true when no ``differences`` remain; what compilation legitimately drops
/// (§7.5: macOS First Responder, Exit placeholders, `<resources>`, connection ids, design-time
/// objects) is listed in ``dropped`` and never counted as a difference.
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

        public init(kind: Kind, message: String, sourceLine: Int? = nil, connectionKind: String? = nil,
                    label: String? = nil, source: ObjectRef? = nil, compiled: ObjectRef? = nil) {
            self.kind = kind
            self.message = message
            self.sourceLine = sourceLine
            self.connectionKind = connectionKind
            self.label = label
            self.source = source
            self.compiled = compiled
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
    public struct Counts: Hashable, Sendable, Codable {
        public var sourceObjects = 0
        public var compiledObjects = 0
        public var matchedObjects = 0
        public var sourceConnections = 0
        public var compiledConnections = 0
        public var matchedConnections = 0
        public init() {}
    }

    public var source: String
    public var compiled: String
    public var counts: Counts
    public var differences: [Difference]
    /// Things present on one side only because compilation drops or adds them, one line each
    /// (`First Responder placeholder (line 8): not archived on macOS`).
    public var dropped: [String]
    /// Source id → compiled id for every matched object (JSON output only); with several compiled
    /// documents (a `.storyboardc`) the compiled id is `<document>|#N`.
    public var matches: [String: String]

    public var agrees: Bool { differences.isEmpty }

    /// True when no connection difference remains (objects may still differ).
    public var connectionsAgree: Bool { !differences.contains { $0.isConnectionDifference } }

    public init(source: String, compiled: String, counts: Counts = Counts(), differences: [Difference] = [],
                dropped: [String] = [], matches: [String: String] = [:]) {
        self.source = source
        self.compiled = compiled
        self.counts = counts
        self.differences = differences
        self.dropped = dropped
        self.matches = matches
    }
}
