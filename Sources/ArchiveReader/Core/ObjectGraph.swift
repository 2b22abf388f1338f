/// A reference to an object of an ``ObjectGraph``: its index in ``ObjectGraph/objects``.
///
/// Indexes are file-local: the same object has different indexes in two compilations
/// (nib-format.md §2.3), so never compare them across files.
public struct ObjectRef: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: ObjectRef, b: ObjectRef) -> Bool { a.index < b.index }
    /// `#12`.
    public var description: String { "#\(index)" }
}

/// One value of an archived object's field, in a form shared by every compiled format.
///
/// NIBArchive produces only `int`, `bool`, `float`, `double`, `data`, `null` and `object`
/// (nib-format.md §2.5). Keyed archives add the plist-native `string`, `date` and inline `array`
/// values (§4.1); typedstream readers use `string` and `array` for C strings and C arrays (§6).
public enum ArchiveValue: Hashable, Sendable {
    /// Any integer, widened to 64 bits (NIBArchive types 0–3, bplist ints, typedstream integers).
    case int(Int64)
    /// NIBArchive types 4 (false) and 5 (true); bplist `08`/`09`.
    case bool(Bool)
    /// 32-bit float (NIBArchive type 6).
    case float(Float)
    /// 64-bit float (NIBArchive type 7, bplist reals).
    case double(Double)
    /// Raw bytes (NIBArchive type 8, bplist data). Also carries strings and geometry in NIBArchive.
    case data([UInt8])
    /// Inline text (keyed archive strings, typedstream C strings).
    case string(String)
    /// Seconds since 2001-01-01 00:00:00 UTC (bplist dates).
    case date(Double)
    /// Explicit nil (NIBArchive type 9, keyed UID 0, typedstream nil).
    case null
    /// A reference to another object (NIBArchive type 10, keyed UID, typedstream object).
    case object(ObjectRef)
    /// An inline ordered list (keyed `NS.objects` arrays of UIDs, plist arrays, typedstream arrays).
    case array([ArchiveValue])
    /// An inline dictionary in key order (plist dictionaries that are not archived objects).
    case dictionary([ArchiveField])

    /// The referenced object, if this is `.object`.
    public var objectRef: ObjectRef? {
        if case .object(let r) = self { return r }
        return nil
    }
}

/// A key and its value. Objects keep their fields in archive order, repeated keys included.
public struct ArchiveField: Hashable, Sendable {
    public var key: String
    public var value: ArchiveValue
    /// The offset, `Int.min` for none (a plain `Int` keeps the field 8 bytes smaller than `Int?`;
    /// graphs hold one field per value, so this is most of a graph's memory).
    @usableFromInline var storedOffset: Int

    /// Absolute byte offset of the value record in the input, when the format has one.
    @inlinable public var offset: Int? {
        get { storedOffset == .min ? nil : storedOffset }
        set { storedOffset = newValue ?? .min }
    }

    @inlinable public init(_ key: String, _ value: ArchiveValue, offset: Int? = nil) {
        self.key = key
        self.value = value
        self.storedOffset = offset ?? .min
    }
}

/// One archived object: its class and its ordered fields.
public struct ArchivedObject: Hashable, Sendable {
    /// The archived class name (`UIButton`, `UIClassSwapper`, `NSCustomObject`, …).
    public var className: String
    /// Further class names: NIBArchive fallback classes (§2.6), or a keyed archive's `$classes`
    /// superclass chain after the class itself (§4.1), or typedstream superclasses (§6).
    public var classChain: [String]
    /// Fields in archive order; keys may repeat (§2.7). Lookups take the first occurrence.
    /// Readers share one buffer among all the objects of a graph (``ArchiveFields``).
    public var fields: ArchiveFields
    /// Absolute byte offset of the object's record in the input, when the format has one.
    public var offset: Int?

    public init(className: String, classChain: [String] = [], fields: [ArchiveField] = [], offset: Int? = nil) {
        self.className = className
        self.classChain = classChain
        self.fields = ArchiveFields(fields)
        self.offset = offset
    }

    /// An object whose fields are already an ``ArchiveFields`` (a slice of a graph's shared buffer).
    public init(className: String, classChain: [String] = [], fields: ArchiveFields, offset: Int? = nil) {
        self.className = className
        self.classChain = classChain
        self.fields = fields
        self.offset = offset
    }

    /// The first value stored under `key`, or nil when the key is absent.
    public subscript(key: String) -> ArchiveValue? {
        fields.first(forKey: key)
    }

    /// Every value stored under `key`, in archive order.
    public func values(forKey key: String) -> [ArchiveValue] {
        fields.compactMap { $0.key == key ? $0.value : nil }
    }
}

/// Which compiled encoding an ``ObjectGraph`` came from.
public enum ArchiveEncoding: String, Hashable, Sendable, Codable, CaseIterable {
    /// `NIBArchive` (UINibEncoder), nib-format.md §2.
    case nibArchive
    /// NSKeyedArchiver keyed archive stored as a binary plist (`bplist00`), §4.1.
    case keyedArchiveBinary
    /// NSKeyedArchiver keyed archive stored as an XML plist, §4.1.
    case keyedArchiveXML
    /// NeXT typedstream (`objects.nib`), §6.
    case typedstream
}

/// The format-neutral object graph every compiled reader produces (nib-format.md §9 layer 2).
///
/// ``root`` is the archive root: object 0 of a NIBArchive; for keyed archives a synthetic object
/// of class `$top` (appended after the `$objects`) holding the `$top` dictionary's keys; for
/// typedstream nibs a synthetic object of class `$top` with one field `IB.objectdata` pointing at
/// the `NSIBObjectData`. Every `.object` value anywhere in the graph is a valid index
/// (readers validate before returning).
public struct ObjectGraph: Hashable, Sendable {
    public var encoding: ArchiveEncoding
    /// The objects, indexed by ``ObjectRef/index`` (``ArchivedObjects``: reads like an array).
    public var objects: ArchivedObjects
    public var root: ObjectRef
    /// First format version word: NIBArchive format version (1), keyed `$version` (100000),
    /// typedstream streamer version (4).
    public var versionMajor: Int
    /// Second version word: NIBArchive coder version (9 or 10), typedstream system version (1000).
    public var versionMinor: Int?
    /// Non-fatal observations made while reading (unknown version words, trailing bytes, …),
    /// with the byte offset where the reader knows one.
    public var diagnostics: [Diagnostic]

    public init(encoding: ArchiveEncoding, objects: [ArchivedObject], root: ObjectRef,
                versionMajor: Int, versionMinor: Int?, diagnostics: [Diagnostic] = []) {
        self.init(encoding: encoding, objects: ArchivedObjects(objects), root: root,
                  versionMajor: versionMajor, versionMinor: versionMinor, diagnostics: diagnostics)
    }

    public init(encoding: ArchiveEncoding, objects: ArchivedObjects, root: ObjectRef,
                versionMajor: Int, versionMinor: Int?, diagnostics: [Diagnostic] = []) {
        self.encoding = encoding
        self.objects = objects
        self.root = root
        self.versionMajor = versionMajor
        self.versionMinor = versionMinor
        self.diagnostics = diagnostics
    }

    /// The object for `ref`, or nil when out of range.
    public subscript(ref: ObjectRef) -> ArchivedObject? {
        objects.indices.contains(ref.index) ? objects[ref.index] : nil
    }

    /// Equality ignores nothing: objects, root, versions, diagnostics.
    public static func == (a: ObjectGraph, b: ObjectGraph) -> Bool {
        a.encoding == b.encoding && a.objects == b.objects && a.root == b.root
            && a.versionMajor == b.versionMajor && a.versionMinor == b.versionMinor && a.diagnostics == b.diagnostics
    }

    public func hash(into h: inout Hasher) {
        h.combine(encoding); h.combine(objects); h.combine(root)
    }
}
