/// NSKeyedArchiver keyed archives (macOS `keyedobjects*.nib`, pre-iOS-6 nibs; nib-format.md §4.1)
/// in binary or XML plist form, decoded into the shared ``ObjectGraph``.
///
/// Graph contract (the resolver relies on it):
/// * `ObjectRef(n)` is `$objects[n]` for every UID `n`; UID 0 (`$null`) becomes ``ArchiveValue/null``,
///   and so does a UID of any other `$objects` entry that is the string `$null` (IB 3 writes several;
///   NSKeyedUnarchiver decodes them as nil). Such entries are objects of class `$null`.
/// * A dictionary with `$class` becomes an ``ArchivedObject`` of class `$classname`, `classChain`
///   = the rest of `$classes`, fields = its other keys in file order, offset = its byte offset.
/// * Plist-native entries of `$objects` become Foundation objects the accessors of
///   `ObjectGraph+Foundation` understand: strings → `NSString { NS.string }`, integers →
///   `NSNumber { NS.intval }`, reals → `NSNumber { NS.dblval }`, booleans →
///   `NSNumber { NS.boolval }`, data → `NSData { NS.bytes }`, dates → `NSDate { NS.time }`;
///   class descriptions become objects of class `$classdescription`; `$objects[0]` is `$null`.
/// * Values stored inside an object stay inline (`.string`, `.int`, `.data`, …); arrays of UIDs
///   (`NS.objects`, `NS.keys`) become `.array([.object(…)])`.
/// * The root is a synthetic object of class `$top`, appended after the `$objects`, whose fields
///   are the `$top` entries (`IB.objectdata` for AppKit nibs, `UINib…Key`s for UIKit nibs).
/// * `versionMajor` is `$version` (100000); encoding `.keyedArchiveBinary` or `.keyedArchiveXML`.
public enum KeyedArchive {
    /// Class name of the synthetic root object.
    public static let topClassName = "$top"
    /// Class name of `$objects` entries that describe a class (`$classname`, `$classes`).
    public static let classDescriptionClassName = "$classdescription"
    /// Class name of `$objects[0]`.
    public static let nullClassName = "$null"

    /// Decodes a keyed archive held in a binary or XML plist.
    ///
    /// - Throws: ``ArchiveError``: everything ``PropertyList/decode(bytes:limits:)`` throws;
    ///   `notAnArchive(detected: "property list (not a keyed archive)")` for a plist without
    ///   `$archiver`/`$objects` (`info.nib`, a storyboard's `Info.plist`); `indexOutOfRange(.keyedArchive)`
    ///   for a UID beyond `$objects`; `malformed` for a missing `$top`, a bad `$class`.
    public static func objectGraph(bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) -> ObjectGraph {
        let document = try PropertyList.read(bytes: bytes, limits: limits)
        let encoding: ArchiveEncoding = PropertyList.format(of: bytes) == .xml ? .keyedArchiveXML : .keyedArchiveBinary
        var decoder = KeyedArchiveDecoder(document: document, limits: limits)
        return try decoder.graph(encoding: encoding)
    }

    /// True when `value` (a decoded plist) has the keyed-archive shape (`$archiver` or `$objects` + `$top`).
    public static func isKeyedArchive(_ value: PlistValue) -> Bool {
        value["$archiver"] != nil || (value["$objects"] != nil && value["$top"] != nil)
    }
}

/// Turns a flat ``PlistDocument`` holding an NSKeyedArchiver archive into an ``ObjectGraph``.
struct KeyedArchiveDecoder {
    let document: PlistDocument
    let limits: DecodingLimits
    /// `$objects` node indexes: `objectNodes[uid]`.
    var objectNodes: [Int] = []
    /// `isNull[uid]`: `$objects[uid]` is the string `$null` (UID 0, and the extra `$null`s IB writes).
    var isNull: [Bool] = []
    var classCache: [Int: (name: String, chain: [String])] = [:]
    var budget = 0
    var onPath = Set<Int>()
    var warnings: [String] = []

    init(document: PlistDocument, limits: DecodingLimits) {
        self.document = document
        self.limits = limits
        self.budget = document.nodes.count * 8 + 65_536
    }

    private func offset(_ node: Int) -> Int { document.offsets[node] }

    mutating func graph(encoding: ArchiveEncoding) throws(ArchiveError) -> ObjectGraph {
        let notKeyed = ArchiveError(.notAnArchive(detected: "property list (not a keyed archive)"), at: 0)
        guard let top = document.entries(at: document.top) else { throw notKeyed }
        func find(_ key: String) -> Int? { top.first { $0.key == key }?.value }
        guard find("$archiver") != nil || find("$objects") != nil else { throw notKeyed }
        let topAt = offset(document.top)
        if let a = find("$archiver"), document.string(at: a) != "NSKeyedArchiver" {
            warnings.append("$archiver is \(document.string(at: a).map { "'\($0)'" } ?? "not a string"), expected 'NSKeyedArchiver'; reading anyway")
        }
        var version = 0
        if let v = find("$version"), case .scalar(.int(let n)) = document.nodes[v] {
            version = Int(n)
            if n != 100_000 { warnings.append("$version is \(n), expected 100000; reading anyway") }
        } else {
            warnings.append("$version missing or not an integer")
        }
        guard let objectsNode = find("$objects"), case .array(let nodes) = document.nodes[objectsNode] else {
            throw ArchiveError(.malformed("$objects is missing or not an array"), at: topAt, path: ["keyed archive"])
        }
        guard let topNode = find("$top"), let topEntries = document.entries(at: topNode) else {
            throw ArchiveError(.malformed("$top is missing or not a dictionary"), at: topAt, path: ["keyed archive"])
        }
        guard nodes.count < limits.maxObjects else {
            throw ArchiveError(.limitExceeded(.objectCount, value: nodes.count), at: offset(objectsNode), path: ["keyed archive"])
        }
        objectNodes = nodes
        isNull = nodes.map { document.string(at: $0) == "$null" }
        var objects: [ArchivedObject] = []
        objects.reserveCapacity(nodes.count + 1)
        for (uid, node) in nodes.enumerated() {
            do throws(ArchiveError) {
                objects.append(try object(uid: uid, node: node))
            } catch {
                throw error.within("object #\(uid)")
            }
        }
        var rootFields: [ArchiveField] = []
        for (key, valueNode) in topEntries {
            do throws(ArchiveError) {
                rootFields.append(ArchiveField(key, try value(valueNode, depth: 1), offset: offset(valueNode)))
            } catch {
                throw error.within("key \"\(key)\"").within("$top")
            }
        }
        objects.append(ArchivedObject(className: KeyedArchive.topClassName, fields: rootFields, offset: offset(topNode)))
        return ObjectGraph(encoding: encoding, objects: objects, root: ObjectRef(objects.count - 1),
                           versionMajor: version, versionMinor: nil, warnings: warnings)
    }

    /// `$objects[uid]` as an archived object.
    private mutating func object(uid: Int, node: Int) throws(ArchiveError) -> ArchivedObject {
        let at = offset(node)
        func native(_ className: String, _ key: String, _ value: ArchiveValue) -> ArchivedObject {
            ArchivedObject(className: className, fields: [ArchiveField(key, value, offset: at)], offset: at)
        }
        switch document.nodes[node] {
        case .scalar(let v):
            switch v {
            case .string(let s):
                if s == "$null" { return ArchivedObject(className: KeyedArchive.nullClassName, offset: at) }
                return native("NSString", "NS.string", .string(s))
            case .int(let i): return native("NSNumber", "NS.intval", .int(i))
            case .uint(let u): return native("NSNumber", "NS.intval", .int(Int64(bitPattern: u)))
            case .real(let d): return native("NSNumber", "NS.dblval", .double(d))
            case .bool(let b): return native("NSNumber", "NS.boolval", .bool(b))
            case .data(let bytes): return native("NSData", "NS.bytes", .data(bytes))
            case .date(let t): return native("NSDate", "NS.time", .double(t))
            case .null: return ArchivedObject(className: KeyedArchive.nullClassName, offset: at)
            case .uid: return native("$reference", "value", try value(node, depth: 1))
            case .array, .set, .dictionary: return ArchivedObject(className: "$invalid", offset: at)   // never: scalars only
            }
        case .array, .set:
            return native("NSArray", "NS.objects", try value(node, depth: 1))
        case .dictionary:
            guard let entries = document.entries(at: node) else {
                throw ArchiveError(.malformed("dictionary key is not a string"), at: at)
            }
            if let classRef = entries.first(where: { $0.key == "$class" })?.value {
                let cls = try classDescription(classRef)
                var fields: [ArchiveField] = []
                fields.reserveCapacity(entries.count - 1)
                for (key, valueNode) in entries where key != "$class" {
                    do throws(ArchiveError) {
                        fields.append(ArchiveField(key, try value(valueNode, depth: 1), offset: offset(valueNode)))
                    } catch {
                        throw error.within("key \"\(key)\"")
                    }
                }
                return ArchivedObject(className: cls.name, classChain: cls.chain, fields: fields, offset: at)
            }
            var fields: [ArchiveField] = []
            for (key, valueNode) in entries {
                do throws(ArchiveError) {
                    fields.append(ArchiveField(key, try value(valueNode, depth: 1), offset: offset(valueNode)))
                } catch {
                    throw error.within("key \"\(key)\"")
                }
            }
            if entries.contains(where: { $0.key == "$classname" }) {
                return ArchivedObject(className: KeyedArchive.classDescriptionClassName, fields: fields, offset: at)
            }
            // A plain plist dictionary in $objects (not written by NSKeyedArchiver): keyed NSDictionary form.
            return ArchivedObject(className: "NSDictionary", fields: [
                ArchiveField("NS.keys", .array(fields.map { .string($0.key) }), offset: at),
                ArchiveField("NS.objects", .array(fields.map(\.value)), offset: at),
            ], offset: at)
        }
    }

    /// The class name and superclass chain named by a `$class` UID.
    private mutating func classDescription(_ refNode: Int) throws(ArchiveError) -> (name: String, chain: [String]) {
        let at = offset(refNode)
        guard case .scalar(.uid(let raw)) = document.nodes[refNode] else {
            throw ArchiveError(.malformed("$class is not a UID"), at: at, path: ["key \"$class\""])
        }
        guard raw < UInt64(objectNodes.count) else {
            throw ArchiveError(.indexOutOfRange(.keyedArchive, index: Int(clamping: raw), count: objectNodes.count), at: at,
                               path: ["key \"$class\""])
        }
        let node = objectNodes[Int(raw)]
        if let cached = classCache[node] { return cached }
        guard let entries = document.entries(at: node),
              let nameNode = entries.first(where: { $0.key == "$classname" })?.value,
              let name = document.string(at: nameNode) else {
            throw ArchiveError(.malformed("$class #\(raw) is not a class description with a $classname"), at: offset(node),
                               path: ["key \"$class\""])
        }
        var chain: [String] = []
        if let classesNode = entries.first(where: { $0.key == "$classes" })?.value,
           case .array(let items) = document.nodes[classesNode] {
            chain = items.compactMap { document.string(at: $0) }
            if chain.first == name { chain.removeFirst() }
        }
        classCache[node] = (name, chain)
        return (name, chain)
    }

    /// A value stored inside an object: UIDs become references, everything else stays inline.
    private mutating func value(_ node: Int, depth: Int) throws(ArchiveError) -> ArchiveValue {
        let at = offset(node)
        budget -= 1
        guard budget >= 0 else { throw ArchiveError(.limitExceeded(.valueCount, value: document.nodes.count * 8 + 65_536), at: at) }
        switch document.nodes[node] {
        case .scalar(let v):
            switch v {
            case .null: return .null
            case .bool(let b): return .bool(b)
            case .int(let i): return .int(i)
            case .uint(let u): return .int(Int64(bitPattern: u))
            case .real(let d): return .double(d)
            case .date(let t): return .date(t)
            case .data(let bytes): return .data(bytes)
            case .string(let s): return .string(s)
            case .uid(let raw):
                guard raw < UInt64(objectNodes.count) else {
                    throw ArchiveError(.indexOutOfRange(.keyedArchive, index: Int(clamping: raw), count: objectNodes.count), at: at)
                }
                return raw == 0 || isNull[Int(raw)] ? .null : .object(ObjectRef(Int(raw)))
            case .array, .set, .dictionary: return .null   // never: scalars only
            }
        case .array(let items), .set(let items):
            try enter(node, depth: depth)
            var out: [ArchiveValue] = []
            out.reserveCapacity(items.count)   // items come from a validated container
            for (i, item) in items.enumerated() {
                do throws(ArchiveError) { out.append(try value(item, depth: depth + 1)) } catch { throw error.within("item #\(i)") }
            }
            onPath.remove(node)
            return .array(out)
        case .dictionary(let keys, let values):
            try enter(node, depth: depth)
            var out: [ArchiveField] = []
            for (k, v) in zip(keys, values) {
                guard let key = document.string(at: k) else {
                    throw ArchiveError(.malformed("dictionary key is not a string"), at: offset(k))
                }
                do throws(ArchiveError) {
                    out.append(ArchiveField(key, try value(v, depth: depth + 1), offset: offset(v)))
                } catch {
                    throw error.within("key \"\(key)\"")
                }
            }
            onPath.remove(node)
            return .dictionary(out)
        }
    }

    private mutating func enter(_ node: Int, depth: Int) throws(ArchiveError) {
        guard depth <= limits.maxNestingDepth else {
            throw ArchiveError(.limitExceeded(.nestingDepth, value: depth), at: offset(node))
        }
        guard onPath.insert(node).inserted else { throw ArchiveError(.referenceCycle, at: offset(node)) }
    }
}
