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
    /// Containers on the current path (cycle detection), indexed by node.
    var onPath: [Bool]
    var warnings: [String] = []

    init(document: PlistDocument, limits: DecodingLimits) {
        self.document = document
        self.limits = limits
        self.budget = document.nodes.count * 8 + 65_536
        self.onPath = [Bool](repeating: false, count: document.nodes.count)
    }

    private func offset(_ node: Int) -> Int { document.offsets[node] }

    mutating func graph(encoding: ArchiveEncoding) throws(ArchiveError) -> ObjectGraph {
        let notKeyed = ArchiveError(.notAnArchive(detected: "property list (not a keyed archive)"), at: 0)
        guard let top = document.entries(at: document.top) else { throw notKeyed }
        func find(_ key: String) -> Int? { top.first { $0.key == key }?.value }
        // Same rule as KeyedArchive.isKeyedArchive: `$archiver`, or `$objects` with `$top`.
        guard find("$archiver") != nil || (find("$objects") != nil && find("$top") != nil) else { throw notKeyed }
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
        guard let objectsNode = find("$objects"), case .array(let objectsRange) = document.nodes[objectsNode] else {
            throw ArchiveError(.malformed("$objects is missing or not an array"), at: topAt, path: ["keyed archive"])
        }
        guard let topNode = find("$top"), let topEntries = document.entries(at: topNode) else {
            throw ArchiveError(.malformed("$top is missing or not a dictionary"), at: topAt, path: ["keyed archive"])
        }
        let nodes = Array(document.refs[objectsRange])
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
        case .dictionary(let keys, let values):
            var classRef: Int?
            var fields: [ArchiveField] = []
            fields.reserveCapacity(keys.count)   // bounded: keys come from a validated container
            for (k, valueNode) in zip(document.refs[keys], document.refs[values]) {
                guard case .scalar(.string(let key)) = document.nodes[k] else {
                    throw ArchiveError(.malformed("dictionary key is not a string"), at: offset(k))
                }
                if key == "$class" { classRef = valueNode; continue }
                do throws(ArchiveError) {
                    fields.append(ArchiveField(key, try value(valueNode, depth: 1), offset: offset(valueNode)))
                } catch {
                    throw error.within("key \"\(key)\"")
                }
            }
            if let classRef {
                let cls = try classDescription(classRef)
                return ArchivedObject(className: cls.name, classChain: cls.chain, fields: fields, offset: at)
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
            chain = document.refs[items].compactMap { document.string(at: $0) }
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
        case .array(let range), .set(let range):
            let items = document.refs[range]
            try enter(node, depth: depth)
            var out: [ArchiveValue] = []
            out.reserveCapacity(items.count)   // items come from a validated container
            for (i, item) in items.enumerated() {
                do throws(ArchiveError) { out.append(try value(item, depth: depth + 1)) } catch { throw error.within("item #\(i)") }
            }
            onPath[node] = false
            return .array(out)
        case .dictionary(let keys, let values):
            try enter(node, depth: depth)
            var out: [ArchiveField] = []
            for (k, v) in zip(document.refs[keys], document.refs[values]) {
                guard let key = document.string(at: k) else {
                    throw ArchiveError(.malformed("dictionary key is not a string"), at: offset(k))
                }
                do throws(ArchiveError) {
                    out.append(ArchiveField(key, try value(v, depth: depth + 1), offset: offset(v)))
                } catch {
                    throw error.within("key \"\(key)\"")
                }
            }
            onPath[node] = false
            return .dictionary(out)
        }
    }

    private mutating func enter(_ node: Int, depth: Int) throws(ArchiveError) {
        guard depth <= limits.maxNestingDepth else {
            throw ArchiveError(.limitExceeded(.nestingDepth, value: depth), at: offset(node))
        }
        guard !onPath[node] else { throw ArchiveError(.referenceCycle, at: offset(node)) }
        onPath[node] = true
    }
}
