/// Turns a flat, validated property list holding an NSKeyedArchiver archive into an ``ObjectGraph``
/// (the graph contract is documented on ``KeyedArchive``).
///
/// Generic over ``PlistNodes``: binary plists are read in place from their offset table
/// (``BPlistObjects``), XML plists from a ``PlistDocument``. Strings are made once per plist
/// object and shared (`stringTable`), class descriptions once per `$class` target (`classes`).
struct KeyedArchiveDecoder<Nodes: PlistNodes> {
    typealias ClassInfo = (name: String, chain: [String])

    /// Per-node decoding state, in one trivial array (one allocation, nothing to free per node).
    struct NodeState {
        /// Index in `stringTable` of a string node's text (made on first use), or -1.
        var string: Int32 = -1
        /// Index in `classes` of the class description at this node, or -1.
        var classIndex: Int32 = -1
        /// The container is on the current path (cycle detection).
        var onPath = false
        /// For a string node whose text was made: `isClassKey` (`$class`) or `isNull` (`$null`), so
        /// the hot loops test a bit instead of comparing Strings.
        var flags: UInt8 = 0
    }
    static var isClassKey: UInt8 { 1 }
    static var isNull: UInt8 { 2 }

    let document: Nodes
    let limits: DecodingLimits
    /// The `$objects` array node; `$objects[uid]` is `document.child(objectsNode, uid)`.
    var objectsNode = 0
    var objectCount = 0
    var state: [NodeState]
    /// Bit `uid` set: `$objects[uid]` is the string `$null` (UID 0, and the extra `$null`s IB 3
    /// writes, which NSKeyedUnarchiver decodes as nil). A bitset, so the check per UID stays in cache.
    var nullUIDs: [UInt64] = []
    var stringTable: [String] = []
    var classes: [ClassInfo] = []
    var budget = 0
    var warnings: [String] = []

    init(document: Nodes, limits: DecodingLimits) {
        self.document = document
        self.limits = limits
        self.budget = document.nodeCount * 8 + 65_536
        // nodeCount ≤ limits.maxObjects (checked by the plist readers).
        self.state = [NodeState](repeating: NodeState(), count: document.nodeCount)
    }

    /// The node of `$objects[uid]` (`uid < objectCount`).
    @inline(__always)
    private func objectNode(_ uid: Int) -> Int { document.child(objectsNode, uid) }

    @inline(__always)
    private func offset(_ node: Int) -> Int { document.nodeOffset(node) }

    /// The text of a string node (nil for any other node), cached.
    @inline(__always)
    private mutating func string(_ node: Int) -> String? {
        let index = state[node].string
        if index >= 0 { return stringTable[Int(index)] }
        guard document.kind(node) == .string else { return nil }
        let s = document.text(node)
        state[node].string = Int32(stringTable.count)   // < nodeCount ≤ Int32.max (checked in graph)
        if s.utf8.count <= 6 {
            state[node].flags = s == "$class" ? Self.isClassKey : s == "$null" ? Self.isNull : 0
        }
        stringTable.append(s)
        return s
    }

    /// The keys and value nodes of a dictionary node, when every key is a string.
    private mutating func entries(_ node: Int) -> [(key: String, value: Int)]? {
        guard document.kind(node) == .dictionary else { return nil }
        let n = document.childCount(node)
        var out: [(key: String, value: Int)] = []
        out.reserveCapacity(n)   // n entries were validated in the input
        for i in 0..<n {
            guard let key = string(document.child(node, i)) else { return nil }
            out.append((key, document.child(node, n + i)))
        }
        return out
    }

    mutating func graph(encoding: ArchiveEncoding) throws(ArchiveError) -> ObjectGraph {
        // NodeState keeps Int32 indexes; the plist readers already cap nodeCount at limits.maxObjects
        // (10M by default), so this only fires for a caller-raised limit.
        guard document.nodeCount <= Int(Int32.max) else {
            throw ArchiveError(.limitExceeded(.objectCount, value: document.nodeCount), at: 0, path: ["keyed archive"])
        }
        let notKeyed = ArchiveError(.notAnArchive(detected: "property list (not a keyed archive)"), at: 0)
        guard let top = entries(document.topNode) else { throw notKeyed }
        func find(_ key: String) -> Int? { top.first { $0.key == key }?.value }
        // Same rule as KeyedArchive.isKeyedArchive: `$archiver`, or `$objects` with `$top`.
        guard find("$archiver") != nil || (find("$objects") != nil && find("$top") != nil) else { throw notKeyed }
        let topAt = offset(document.topNode)
        if let a = find("$archiver"), string(a) != "NSKeyedArchiver" {
            warnings.append("$archiver is \(string(a).map { "'\($0)'" } ?? "not a string"), expected 'NSKeyedArchiver'; reading anyway")
        }
        var version = 0
        if let v = find("$version"), document.kind(v) == .otherScalar, case .int(let n) = document.scalar(v) {
            version = Int(n)
            if n != 100_000 { warnings.append("$version is \(n), expected 100000; reading anyway") }
        } else {
            warnings.append("$version missing or not an integer")
        }
        guard let objectsNode = find("$objects"), document.kind(objectsNode) == .array else {
            throw ArchiveError(.malformed("$objects is missing or not an array"), at: topAt, path: ["keyed archive"])
        }
        guard let topNode = find("$top"), let topEntries = entries(topNode) else {
            throw ArchiveError(.malformed("$top is missing or not a dictionary"), at: topAt, path: ["keyed archive"])
        }
        let count = document.childCount(objectsNode)
        guard count < limits.maxObjects else {
            throw ArchiveError(.limitExceeded(.objectCount, value: count), at: offset(objectsNode), path: ["keyed archive"])
        }
        self.objectsNode = objectsNode
        objectCount = count
        nullUIDs = [UInt64](repeating: 0, count: (count + 63) / 64)
        for uid in 0..<count {
            let node = objectNode(uid)
            guard string(node) != nil, state[node].flags == Self.isNull else { continue }
            nullUIDs[uid >> 6] |= 1 << UInt64(uid & 63)
        }
        var objects: [ArchivedObject] = []
        objects.reserveCapacity(count + 1)
        for uid in 0..<count {
            do throws(ArchiveError) {
                objects.append(try object(uid: uid, node: objectNode(uid)))
            } catch {
                throw error.within("object #\(uid)")
            }
        }
        var rootFields: [ArchiveField] = []
        rootFields.reserveCapacity(topEntries.count)
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
        switch document.kind(node) {
        case .string:
            let s = string(node) ?? ""
            if state[node].flags == Self.isNull { return ArchivedObject(className: KeyedArchive.nullClassName, offset: at) }
            return native("NSString", "NS.string", .string(s))
        case .uid:
            return native("$reference", "value", try value(node, depth: 1))
        case .otherScalar:
            let v = document.inlineValue(node)
            switch v {
            case .int: return native("NSNumber", "NS.intval", v)
            case .double: return native("NSNumber", "NS.dblval", v)
            case .bool: return native("NSNumber", "NS.boolval", v)
            case .data: return native("NSData", "NS.bytes", v)
            case .date(let t): return native("NSDate", "NS.time", .double(t))
            case .null: return ArchivedObject(className: KeyedArchive.nullClassName, offset: at)
            default: return ArchivedObject(className: "$invalid", offset: at)   // never: inlineValue's shapes only
            }
        case .array, .set:
            return native("NSArray", "NS.objects", try value(node, depth: 1))
        case .dictionary:
            let n = document.childCount(node)
            var classRef: Int?
            var fields: [ArchiveField] = []
            fields.reserveCapacity(n)   // bounded: n entries were validated in the input
            for i in 0..<n {
                let k = document.child(node, i), valueNode = document.child(node, n + i)
                guard let key = string(k) else {
                    throw ArchiveError(.malformed("dictionary key is not a string"), at: offset(k))
                }
                if state[k].flags == Self.isClassKey { classRef = valueNode; continue }   // key == "$class"

                do throws(ArchiveError) {
                    fields.append(ArchiveField(key, try value(valueNode, depth: 1), offset: offset(valueNode)))
                } catch {
                    throw error.within("key \"\(key)\"")
                }
            }
            if let classRef {
                let cls = try classDescription(classRef)
                return ArchivedObject(className: classes[cls].name, classChain: classes[cls].chain, fields: fields, offset: at)
            }
            if fields.contains(where: { $0.key == "$classname" }) {
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
    /// Returns an index in `classes` (the first use of a class description reads it: ``readClass``).
    @inline(__always)
    private mutating func classDescription(_ refNode: Int) throws(ArchiveError) -> Int {
        guard document.kind(refNode) == .uid else {
            throw ArchiveError(.malformed("$class is not a UID"), at: offset(refNode), path: ["key \"$class\""])
        }
        let raw = document.uid(refNode)
        guard raw < UInt64(objectCount) else {
            throw ArchiveError(.indexOutOfRange(.keyedArchive, index: Int(clamping: raw), count: objectCount),
                               at: offset(refNode), path: ["key \"$class\""])
        }
        let node = objectNode(Int(raw))
        let cached = state[node].classIndex
        if cached >= 0 { return Int(cached) }
        return try readClass(raw: raw, node: node)
    }

    /// The class description `$objects[raw]` (at `node`), read once and appended to `classes`.
    @inline(never)
    private mutating func readClass(raw: UInt64, node: Int) throws(ArchiveError) -> Int {
        guard let entries = entries(node),
              let nameNode = entries.first(where: { $0.key == "$classname" })?.value,
              let name = string(nameNode) else {
            throw ArchiveError(.malformed("$class #\(raw) is not a class description with a $classname"), at: offset(node),
                               path: ["key \"$class\""])
        }
        var chain: [String] = []
        if let classesNode = entries.first(where: { $0.key == "$classes" })?.value, document.kind(classesNode) == .array {
            let n = document.childCount(classesNode)
            chain.reserveCapacity(n)
            for i in 0..<n {
                if let s = string(document.child(classesNode, i)) { chain.append(s) }
            }
            if chain.first == name { chain.removeFirst() }
        }
        state[node].classIndex = Int32(classes.count)   // < nodeCount ≤ Int32.max (checked in graph)
        classes.append((name, chain))
        return classes.count - 1
    }

    /// A value stored inside an object: UIDs become references, everything else stays inline.
    private mutating func value(_ node: Int, depth: Int) throws(ArchiveError) -> ArchiveValue {
        budget -= 1
        guard budget >= 0 else {
            throw ArchiveError(.limitExceeded(.valueCount, value: document.nodeCount * 8 + 65_536), at: offset(node))
        }
        switch document.kind(node) {
        case .string:
            return .string(string(node) ?? "")
        case .uid:
            let raw = document.uid(node)
            guard raw < UInt64(objectCount) else {
                throw ArchiveError(.indexOutOfRange(.keyedArchive, index: Int(clamping: raw), count: objectCount),
                                   at: offset(node))
            }
            let u = Int(raw)
            return u == 0 || nullUIDs[u >> 6] & (1 << UInt64(u & 63)) != 0 ? .null : .object(ObjectRef(u))
        case .otherScalar:
            return document.inlineValue(node)
        case .array, .set:
            try enter(node, depth: depth)
            let n = document.childCount(node)
            var out: [ArchiveValue] = []
            out.reserveCapacity(n)   // n items were validated in the input
            for i in 0..<n {
                do throws(ArchiveError) {
                    out.append(try value(document.child(node, i), depth: depth + 1))
                } catch {
                    throw error.within("item #\(i)")
                }
            }
            state[node].onPath = false
            return .array(out)
        case .dictionary:
            try enter(node, depth: depth)
            let n = document.childCount(node)
            var out: [ArchiveField] = []
            out.reserveCapacity(n)
            for i in 0..<n {
                let k = document.child(node, i), v = document.child(node, n + i)
                guard let key = string(k) else {
                    throw ArchiveError(.malformed("dictionary key is not a string"), at: offset(k))
                }
                do throws(ArchiveError) {
                    out.append(ArchiveField(key, try value(v, depth: depth + 1), offset: offset(v)))
                } catch {
                    throw error.within("key \"\(key)\"")
                }
            }
            state[node].onPath = false
            return .dictionary(out)
        }
    }

    private mutating func enter(_ node: Int, depth: Int) throws(ArchiveError) {
        guard depth <= limits.maxNestingDepth else {
            throw ArchiveError(.limitExceeded(.nestingDepth, value: depth), at: offset(node))
        }
        guard !state[node].onPath else { throw ArchiveError(.referenceCycle, at: offset(node)) }
        state[node].onPath = true
    }
}
