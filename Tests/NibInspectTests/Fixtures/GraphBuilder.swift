import ArchiveReader

/// Builds ``ObjectGraph`` values by hand in the shape each compiled reader produces
/// (nib-format.md §2.9 NIBArchive conventions, §4.1 keyed archives, §6 typedstream), so the
/// resolver can be tested on every format without binary fixtures.
struct GraphBuilder {
    enum Style {
        /// NIBArchive: strings are `NSString { NS.bytes }` objects, collections use
        /// `NSInlinedValue` + `UINibEncoderEmptyKey`, the root is object 0.
        case nibArchive
        /// Keyed archive: strings and numbers inline, `NSArray { NS.objects = [...] }`,
        /// `NSDictionary { NS.keys, NS.objects }`, class chains, a synthetic `$top` root.
        case keyed
        /// Typedstream as its reader produces it: inline strings, inline `.array` collections,
        /// a synthetic `$top` root.
        case typedstream
    }

    let style: Style
    private(set) var objects: [ArchivedObject] = []

    init(_ style: Style) { self.style = style }

    /// Adds an object and returns a reference to it.
    @discardableResult
    mutating func add(_ className: String, _ fields: [(String, ArchiveValue)] = [], chain: [String] = []) -> ArchiveValue {
        let defaultChain = style == .nibArchive ? [] : chain + ["NSObject"]
        objects.append(ArchivedObject(className: className, classChain: defaultChain,
                                      fields: fields.map { ArchiveField($0.0, $0.1) }))
        return .object(ObjectRef(objects.count - 1))
    }

    /// Appends a field to an object added earlier (for cycles: superviews, parents).
    mutating func set(_ ref: ArchiveValue, _ key: String, _ value: ArchiveValue) {
        guard let r = ref.objectRef else { return }
        objects[r.index].fields.append(ArchiveField(key, value))
    }

    mutating func string(_ s: String) -> ArchiveValue {
        switch style {
        case .nibArchive: return add("NSString", [("NS.bytes", .data(Array(s.utf8)))])
        case .keyed, .typedstream: return .string(s)
        }
    }

    mutating func number(_ i: Int64) -> ArchiveValue {
        style == .nibArchive ? add("NSNumber", [("NS.intval", .int(i))]) : .int(i)
    }

    mutating func array(_ items: [ArchiveValue], className: String = "NSArray") -> ArchiveValue {
        switch style {
        case .nibArchive:
            return add(className, [("NSInlinedValue", .bool(true))] + items.map { ("UINibEncoderEmptyKey", $0) })
        case .keyed: return add(className, [("NS.objects", .array(items))])
        case .typedstream: return .array(items)
        }
    }

    mutating func dictionary(_ pairs: [(ArchiveValue, ArchiveValue)]) -> ArchiveValue {
        switch style {
        case .nibArchive:
            var fields: [(String, ArchiveValue)] = [("NSInlinedValue", .bool(true))]
            for (k, v) in pairs { fields += [("UINibEncoderEmptyKey", k), ("UINibEncoderEmptyKey", v)] }
            return add("NSDictionary", fields)
        case .keyed, .typedstream:
            let keys = pairs.map(\.0), values = pairs.map(\.1)
            return add("NSDictionary", [("NS.keys", .array(keys)), ("NS.objects", .array(values))])
        }
    }

    /// A float64 geometry blob (`07` + components, §2.9).
    static func geometry(_ values: Double...) -> ArchiveValue {
        var bytes: [UInt8] = [7]
        for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        return .data(bytes)
    }

    /// The graph, with `root` as the root object (NIBArchive) or a synthetic `$top` object
    /// holding `topFields` appended last (keyed, typedstream).
    func graph(root: ArchiveValue? = nil, topFields: [(String, ArchiveValue)] = []) -> ObjectGraph {
        var all = objects
        let rootRef: ObjectRef
        if let r = root?.objectRef {
            rootRef = r
        } else {
            all.append(ArchivedObject(className: "$top", fields: topFields.map { ArchiveField($0.0, $0.1) }))
            rootRef = ObjectRef(all.count - 1)
        }
        switch style {
        case .nibArchive: return ObjectGraph(encoding: .nibArchive, objects: all, root: rootRef, versionMajor: 1, versionMinor: 10)
        case .keyed: return ObjectGraph(encoding: .keyedArchiveBinary, objects: all, root: rootRef, versionMajor: 100000, versionMinor: nil)
        case .typedstream: return ObjectGraph(encoding: .typedstream, objects: all, root: rootRef, versionMajor: 4, versionMinor: 1000)
        }
    }
}
