/// The working state of one ``NibResolver/resolve(_:name:path:variant:)`` call. The UIKit part
/// (`ResolverRun+UIKit.swift`), the AppKit part (`ResolverRun+AppKit.swift`) and the hierarchy
/// (`ResolverRun+Hierarchy.swift`) fill it; ``document(name:path:variant:)`` turns it into a
/// ``NibDocument`` without objects and the ``ResolvedObjects`` that make them, which keep the
/// run's per-object tables. Nothing here throws or traps: every lookup of an input-derived index is
/// checked and problems become ``diagnostics`` or flagged connections.
struct ResolverRun {
    let graph: ObjectGraph
    var platform: Platform = .unknown
    var diagnostics: [Diagnostic] = []
    /// Indexes of archived objects that become ``NibObject``s.
    var members: Set<Int> = []
    var placeholders: [Int: Placeholder] = [:]
    /// Display names from the macOS names table (`NSNamesKeys`/`NSNamesValues`).
    var names: [Int: String] = [:]
    /// Custom class names from the legacy `NSClassesKeys`/`NSClassesValues` table (macOS, §4.2).
    var classTable: [Int: String] = [:]
    /// Object ids from `NSOidsKeys`/`NSOidsValues` (macOS).
    var oids: [Int: Int64] = [:]
    /// Accessibility identifiers (iOS accessibility configurations), used as display names.
    var accessibilityIdentifiers: [Int: String] = [:]
    var topLevel: [Int] = []
    var visibleWindows: [Int] = []
    /// macOS parent table (`NSObjectsKeys` → `NSObjectsValues`), child → parent.
    var tableParent: [Int: Int] = [:]
    /// Children in table order per parent (macOS).
    var tableChildren: [Int: [Int]] = [:]
    /// `NSRoot` (macOS File's Owner).
    var rootObject: Int?
    var connections: [Connection] = []
    var parent: [Int: Int] = [:]
    var children: [Int: [Int]] = [:]
    /// UIKit views → the layout guides that name them as their owning view (``layoutGuidesByOwner()``).
    var ownedLayoutGuides: [Int: [Int]] = [:]

    init(graph: ObjectGraph) {
        self.graph = graph
    }

    /// The object at `index`, nil when out of range.
    func object(_ index: Int) -> ArchivedObject? {
        graph.objects.indices.contains(index) ? graph.objects[index] : nil
    }

    /// The object references among `value`'s elements (or `value` itself), in order.
    func refs(_ value: ArchiveValue?) -> [Int] {
        if let items = graph.elements(value) { return items.compactMap { $0.objectRef?.index } }
        if let r = value?.objectRef { return [r.index] }
        return []
    }

    /// Adds `index` to the document's objects (connection classes excepted).
    mutating func addMember(_ index: Int) {
        guard let object = object(index), !ObjectRoles.isConnection(object.className), !object.className.hasPrefix("$"),
              object.className != "NSIBObjectData", index != graph.root.index else { return }
        members.insert(index)
    }

    /// Which end of a connection ``endpoint(_:role:connection:)`` resolves.
    enum EndpointRole {
        /// The connection's source (`UISource`, `NSSource`).
        case source
        /// The object an attribute, accessibility or help connector configures.
        case object
        case destination
        /// Item `n` of an outlet collection's destination array.
        case member(Int)

        var name: String {
            switch self {
            case .source: return "source"
            case .object: return "object"
            case .destination: return "destination"
            case .member(let n): return "member \(n)"
            }
        }

        var code: DiagnosticCode {
            switch self {
            case .source, .object: return .unresolvedSource
            case .destination: return .unresolvedDestination
            case .member: return .unresolvedMember
            }
        }
    }

    /// The endpoint of a connection: its id, or why there is none (located at the connection
    /// object `connection`). A reference to a valid object always resolves (and makes the object
    /// a member).
    mutating func endpoint(_ value: ArchiveValue?, role: EndpointRole, connection: Int) -> (ObjectID?, Diagnostic?) {
        func problem(_ why: String) -> (ObjectID?, Diagnostic?) {
            (nil, unresolved(role.code, why, connection: connection))
        }
        let name = role.name
        guard let value else { return problem("no \(name) archived") }
        switch value {
        case .null: return problem("\(name) is nil in the archive")
        case .object(let r):
            guard let target = object(r.index) else { return problem("\(name) \(r) is not an object of the archive") }
            addMember(r.index)
            guard members.contains(r.index) else {
                return problem("\(name) \(r) is archive bookkeeping (\(target.className)), not an Interface Builder object")
            }
            return (ObjectID(r), nil)
        default:
            return problem("\(name) is not an object reference")
        }
    }

    /// Why connection object `connection` is flagged, located at its record.
    func unresolved(_ code: DiagnosticCode, _ why: String, connection: Int) -> Diagnostic {
        Diagnostic(code, why, location: .init(byteOffset: object(connection)?.offset))
    }

    /// Pairs of two parallel arrays of `data` (`NSObjectsKeys`/`NSObjectsValues`, …).
    func parallel(_ data: ArchivedObject, _ keysKey: String, _ valuesKey: String) -> [(ArchiveValue, ArchiveValue)] {
        guard let keys = graph.elements(data[keysKey]), let values = graph.elements(data[valuesKey]) else { return [] }
        return Array(zip(keys, values))
    }

    /// Marks the placeholder at `index` from an archived identifier (§3.2, §4.5).
    mutating func markPlaceholder(_ index: Int, identifier: String) {
        let kind: Placeholder.Kind
        switch identifier {
        case "IBFilesOwner": kind = .filesOwner
        case "IBFirstResponder": kind = .firstResponder
        case "UIStoryboardPlaceholder", "NSStoryboardPlaceholder": kind = .storyboard
        default: kind = identifier.hasPrefix("UpstreamPlaceholder-") ? .upstream : .external
        }
        placeholders[index] = Placeholder(kind: kind, identifier: identifier)
        addMember(index)
    }

    /// Platform from class-name prefixes when the root keys alone do not tell (§1, §8).
    mutating func refinePlatform() {
        guard platform == .iOS else { return }
        for object in graph.objects {
            let name = object.className
            if name.hasPrefix("TVMonogram") || name.hasPrefix("TVLockup") || name.hasPrefix("TVPoster")
                || name.hasPrefix("TVCaption") || name.hasPrefix("TVDigitEntry") {
                platform = .tvOS
                return
            }
        }
    }
}
