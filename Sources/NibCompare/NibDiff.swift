import NibModel

/// What changed between two versions of a document, by semantic path (`nibinspect diff`).
///
/// Objects are paired by ``DocumentPairing``: by id when both sides are XML sources that share at
/// least half their ids (xib/storyboard ids are stable across edits; an object re-created under a
/// new id at the same path and class is paired by path and reported as an `ids` change), otherwise
/// by structure through ``ObjectPairing``, the engine `compare` uses. Reported: objects added or removed (the top of each
/// added or removed subtree only), moved (paired by id, with another parent or another place among
/// the siblings it keeps) and class changes; properties changed, added or removed; connections
/// added, removed, retargeted (same source and label, other destination) or with other control
/// events (same source, label and destination). Values and destinations print as
/// ``CanonicalText`` prints them. Every difference has a ``Category`` so that noise can be left
/// out (``filtered(ignoring:only:)``).
public struct NibDiff: Hashable, Sendable {
    /// What kind of change a difference is, for `--ignore` and `--only`.
    public enum Category: String, CaseIterable, Sendable, Codable {
        /// Objects added, removed, moved or with another class.
        case objects
        /// Connections (outlets, actions, bindings, segues, runtime attributes) added, removed,
        /// retargeted or with other events.
        case connections
        /// Property changes not in a narrower category.
        case properties
        /// Geometry: frame, bounds, rects, sizes, autoresizing, content rects, runtime `frame`.
        case frames
        /// Objects re-created with a new xib id at the same path; Interface Builder object ids
        /// (`oid`) a macOS nib keeps.
        case ids
        /// Tool and system versions, canvas locations, simulated metrics and other design-time keys.
        case tools
        /// Layout constraints added or removed, hugging and compression priorities, autoresizing translation.
        case constraints
        /// Accessibility labels, hints, traits, identifiers.
        case accessibility

        /// Left out unless asked for (`--only`): what a reviewer does not act on.
        public static let ignoredByDefault: Set<Category> = [.tools, .ids]

        /// True when `self`, given with `--ignore` or `--only`, covers a difference of `category`:
        /// `properties` covers every property category.
        public func covers(_ category: Category) -> Bool {
            if self == category { return true }
            return self == .properties && [.frames, .tools, .constraints, .accessibility].contains(category)
        }
    }

    /// What happened to a difference's object, property or connection. JSON and text give the
    /// raw value (`added`); a string literal names a case (`"added"`), and one that names none is a
    /// programming error.
    public enum Change: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible, ExpressibleByStringLiteral {
        case added, removed, changed, moved, retargeted

        public init(stringLiteral value: String) {
            guard let change = Change(rawValue: value) else { preconditionFailure("no NibDiff.Change '\(value)'") }
            self = change
        }

        public var description: String { rawValue }
    }

    /// What a difference is about. JSON and text give the raw value (`property`); a string literal
    /// names a case, and one that names none is a programming error.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// An object (added, removed, moved, its class or id changed).
        case object
        /// A placeholder (its class changed).
        case placeholder
        case property
        case connection
        /// A segue: added, removed, retargeted, or `changed` (its kind).
        case segue
        /// An action's control events.
        case events
        case document
        /// A nested archive filed under another identifier (source ↔ compiled only).
        case identifier

        public init(stringLiteral value: String) {
            guard let kind = Kind(rawValue: value) else { preconditionFailure("no NibDiff.Kind '\(value)'") }
            self = kind
        }

        public var description: String { rawValue }
    }

    public struct Difference: Hashable, Sendable, Codable {
        public var change: Change
        public var kind: Kind
        /// The object's semantic path (the new side's when it has one), with `. key` for a
        /// property and the connection label for a connection.
        public var path: String
        /// The old and new value, class, destination, events or (moved) path; nil on the side that lacks it.
        public var left: String? = nil
        public var right: String? = nil
        /// XML source lines of the object or connection on each side, when read from a source.
        public var leftLine: Int? = nil
        public var rightLine: Int? = nil
        public var category: Category = .objects
        /// Under an added or removed object: the connections (outlets, outlet collections,
        /// actions, bindings, segues) that come or go with it, from or to it and its subtree, each
        /// an added or removed `connection` or `segue` by its source's path and label. Nil otherwise.
        public var children: [Difference]? = nil
        /// The path of the object the difference is about (``path`` without the property or
        /// connection); nil for the document itself. What `diff --format markdown` groups by.
        public var object: String? = nil

        public init(change: Change, kind: Kind, path: String, left: String? = nil, right: String? = nil,
                    leftLine: Int? = nil, rightLine: Int? = nil, category: Category = .objects, children: [Difference]? = nil) {
            self.change = change
            self.kind = kind
            self.path = path
            self.left = left
            self.right = right
            self.leftLine = leftLine
            self.rightLine = rightLine
            self.category = category
            self.children = children
        }
    }

    public var differences: [Difference] = []

    /// The differences kept by `--ignore`/`--only`: with `only` non-empty, those some `only`
    /// category covers; otherwise all but ``Category/ignoredByDefault``. Then without those an
    /// `ignoring` category covers.
    public func filtered(ignoring: Set<Category> = [], only: Set<Category> = []) -> NibDiff {
        NibDiff(differences: differences.filter { Self.keeps($0.category, ignoring: ignoring, only: only) })
    }

    /// True when ``filtered(ignoring:only:)`` keeps a difference of `category`.
    public static func keeps(_ category: Category, ignoring: Set<Category> = [], only: Set<Category> = []) -> Bool {
        if only.isEmpty ? Category.ignoredByDefault.contains(category) : !only.contains(where: { $0.covers(category) }) {
            return false
        }
        return !ignoring.contains { $0.covers(category) }
    }

    static let frameKeys: Set<String> = [
        "frame", "bounds", "rect", "contentRect", "frameRect", "autoresizingMask", "autoresizing",
        "frameOrigin", "frameSize", "center", "size", "origin", "contentSize", "minSize", "maxSize",
        "contentMinSize", "contentMaxSize", "screenRect", "windowPositionMask", "frameAutosaveName",
        "width", "minWidth", "maxWidth",
    ]
    static let constraintKeys: Set<String> = [
        "translatesAutoresizingMaskIntoConstraints", "horizontalHuggingPriority", "verticalHuggingPriority",
        "horizontalCompressionResistancePriority", "verticalCompressionResistancePriority",
        "contentHuggingPriority", "contentCompressionResistancePriority", "placeholderIntrinsicWidth",
        "placeholderIntrinsicHeight",
    ]
    static let toolKeys: Set<String> = CanonicalText.designTimeKeys.subtracting(constraintKeys)

    /// The category of a property key (`constraint …` for a constraint the object holds).
    static func category(ofProperty key: String) -> Category {
        if key == "oid" { return .ids }   // Interface Builder's object id in a macOS nib's oids table
        if key.hasPrefix("constraint ") || constraintKeys.contains(key) { return .constraints }
        if toolKeys.contains(key) { return .tools }
        if frameKeys.contains(key) || key.hasPrefix("frame.") { return .frames }
        if key.hasPrefix("accessibility") || key == "isAccessibilityElement" { return .accessibility }
        return .properties
    }
}
