/// The resolved, Interface Builder-level view of one nib, scene nib or xib: what every compiled
/// form and every XML source turns into (nib-format.md §3, §4.2–4.5, §5, §7).
///
/// Object ids are stable within one document: `#12` (the object's index in the compiled archive)
/// for compiled input, the xib `id` attribute for sources. Objects are listed in id order for
/// compiled input and in document order for sources; ``connections`` in archive/document order.
public struct NibDocument: Hashable, Sendable, Codable {
    /// Display name: the file name (`Login.nib`), the variant path inside a bundle
    /// (`Login.nib/objects-13.0+.nib`) or the scene nib name inside a `.storyboardc`.
    public var name: String
    /// Path of the file the document was read from, when read from disk.
    public var path: String?
    public var platform: Platform
    public var format: SourceFormat
    /// NIBArchive format version / keyed `$version` / typedstream streamer version / xib `version`.
    public var formatVersion: String?
    /// NIBArchive coder version (9, 10), typedstream system version, xib `toolsVersion`.
    public var coderVersion: String?
    /// Variant file inside a nib bundle (`objects-13.0+.nib`, `runtime.nib`, …), if any.
    public var variant: String?
    /// Every object, placeholders included, indexed by id (``object(_:)`` is O(1)).
    @ObjectList public var objects: [NibObject]
    /// ``objects`` with their index, for edits in place that keep the index up to date without
    /// re-indexing (`document.objectList[at: i].placeholder = p`, `document.objectList.append(o)`;
    /// see ``ObjectList``). Editing through ``objects`` copies the array first.
    public var objectList: ObjectList {
        get { _objects }
        _modify { yield &_objects }
    }
    /// Top-level objects in archive order (`UINibTopLevelObjectsKey`; children of `NSRoot`;
    /// elements directly under `<objects>`).
    public var topLevelObjects: [ObjectID]
    /// Windows shown at load (`UINibVisibleWindowsKey`, `NSVisibleWindows`, `visibleAtLaunch`).
    public var visibleWindows: [ObjectID]
    /// The connection table, in archive (or document) order.
    public var connections: [Connection]
    /// What the reader and resolver noticed that a user may need to know (an unknown version, a
    /// reference they could not follow, …), in the order noticed; each names this document in its
    /// ``Diagnostic/location``.
    public var diagnostics: [Diagnostic]
    /// The attributes of an XML source's `<document>` element (`useAutolayout`,
    /// `useTraitCollections`, `targetRuntime`, `initialViewController`, …) and of its `<device>`
    /// as `device.id`, `device.orientation`, … (`retina6_1`, `portrait`), as written; empty for
    /// compiled input, where none of them survives. Design-time facts read by `lint`'s house
    /// rules; not part of the resolved JSON.
    public var sourceAttributes: [String: String] = [:]
    /// The XML of a source document as written (``SourceXML``: its own subtree and the whole
    /// file), nil for compiled input. Read by `lint`'s rules taken from xiblint and IBLinter; not
    /// part of the document's identity (equality, hashing) and not encoded.
    public var source: SourceXML?

    private enum CodingKeys: String, CodingKey {
        case name, path, platform, format, formatVersion, coderVersion, variant, objects, topLevelObjects, visibleWindows
        case connections, diagnostics
    }

    public init(name: String, path: String? = nil, platform: Platform, format: SourceFormat,
                formatVersion: String? = nil, coderVersion: String? = nil, variant: String? = nil,
                objects: [NibObject] = [], topLevelObjects: [ObjectID] = [], visibleWindows: [ObjectID] = [],
                connections: [Connection] = [], diagnostics: [Diagnostic] = []) {
        self.name = name
        self.path = path
        self.platform = platform
        self.format = format
        self.formatVersion = formatVersion
        self.coderVersion = coderVersion
        self.variant = variant
        self.objects = objects
        self.topLevelObjects = topLevelObjects
        self.visibleWindows = visibleWindows
        self.connections = connections
        self.diagnostics = diagnostics
    }

    /// The object with `id`, if any (the first, should a malformed source repeat an id). O(1).
    public func object(_ id: ObjectID?) -> NibObject? {
        guard let id else { return nil }
        return $objects[id]
    }

    /// The placeholder objects (File's Owner first, then First Responder, Application, others).
    public var placeholders: [NibObject] {
        objects.filter { $0.placeholder != nil }
            .sorted { ($0.placeholder!.kind.sortRank, $0.id) < ($1.placeholder!.kind.sortRank, $1.id) }
    }

    /// Objects with no parent that are not placeholders, in ``topLevelObjects`` order first.
    public var roots: [ObjectID] {
        var seen = Set<ObjectID>()
        var out: [ObjectID] = []
        let parentless = objects.filter { $0.parent == nil && $0.placeholder == nil }.map(\.id)
        let known = Set(parentless)
        for id in topLevelObjects where known.contains(id) && seen.insert(id).inserted { out.append(id) }
        for id in parentless where seen.insert(id).inserted { out.append(id) }
        return out
    }
}

/// Which UI framework a document targets.
public enum Platform: String, Hashable, Sendable, Codable, CaseIterable {
    case iOS, macOS, tvOS, watchOS, visionOS, unknown

    /// The framework name used in output: `UIKit`, `AppKit`, `WatchKit`.
    public var framework: String {
        switch self {
        case .iOS, .tvOS, .visionOS: return "UIKit"
        case .macOS: return "AppKit"
        case .watchOS: return "WatchKit"
        case .unknown: return "unknown"
        }
    }
}

/// What kind of input a document was read from.
public enum SourceFormat: String, Hashable, Sendable, Codable, CaseIterable {
    /// Compiled `NIBArchive` (§2).
    case nibArchive
    /// NSKeyedArchiver keyed archive as a binary plist (§4.1).
    case keyedArchiveBinary
    /// NSKeyedArchiver keyed archive as an XML plist (§4.1).
    case keyedArchiveXML
    /// Legacy NeXT typedstream `objects.nib` (§6).
    case typedstream
    /// `<document>` xib source (§7.1).
    case xib
    /// `<document>` storyboard source (§7.1).
    case storyboard
    /// Old `<archive type="com.apple.InterfaceBuilder3…">` xib or `designable.nib` (§7.1).
    case xibArchive

    /// True for compiled forms, false for XML sources.
    public var isCompiled: Bool {
        switch self {
        case .nibArchive, .keyedArchiveBinary, .keyedArchiveXML, .typedstream: return true
        case .xib, .storyboard, .xibArchive: return false
        }
    }

    /// Human-readable name: `NIBArchive`, `keyed archive (binary plist)`, …
    public var displayName: String {
        switch self {
        case .nibArchive: return "NIBArchive"
        case .keyedArchiveBinary: return "keyed archive (binary plist)"
        case .keyedArchiveXML: return "keyed archive (XML plist)"
        case .typedstream: return "typedstream"
        case .xib: return "xib"
        case .storyboard: return "storyboard"
        case .xibArchive: return "xib (IB 3 archive)"
        }
    }
}

/// A stable per-document object id: `#12` for compiled input, the xib id for sources.
public struct ObjectID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// Compiled ids sort numerically (`#2` < `#10`), others lexicographically after them.
    public static func < (a: ObjectID, b: ObjectID) -> Bool {
        switch (a.number, b.number) {
        case let (x?, y?): return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return a.rawValue < b.rawValue
        }
    }

    private var number: Int? {
        rawValue.hasPrefix("#") ? Int(rawValue.dropFirst()) : nil
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}
