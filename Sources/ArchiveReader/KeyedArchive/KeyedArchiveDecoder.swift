/// Turns a flat, validated property list holding an NSKeyedArchiver archive into an ``ObjectGraph``
/// (the graph contract is documented on ``KeyedArchive``).
///
/// Generic over ``PlistNodes``: binary plists are read in place from their offset table
/// (``BPlistObjects``), XML plists from a ``PlistDocument``. Strings are made once per plist
/// object and shared (`stringTable`), class descriptions once per `$class` target (`classes`).
struct KeyedArchiveDecoder<Nodes: PlistNodes> {
    typealias ClassInfo = (name: String, chain: [String])

    /// Per-node flags (``flags``): bits for string nodes whose text was made, and for containers
    /// on the current path. One byte per node, so the table stays in cache (the decoder visits
    /// nodes in reference order); the hot loops test a bit instead of comparing Strings.
    static var isClassKey: UInt8 { 1 }     // the string `$class`
    static var isNull: UInt8 { 2 }         // the string `$null`
    static var isClassName: UInt8 { 4 }    // the string `$classname`
    static var onPath: UInt8 { 8 }         // a container on the current path (cycle detection)
    static var isClasses: UInt8 { 16 }     // the string `$classes`

    let document: Nodes
    let limits: DecodingLimits
    /// ``PlistNodes/childStart(_:)`` of the `$objects` array: `$objects[uid]` is
    /// `document.childRef(objectsStart, uid)`.
    var objectsStart = 0
    var objectCount = 0
    /// Per node: ``isClassKey``/``isNull``/``isClassName``/``onPath`` bits.
    var flags: [UInt8]
    /// Per node: index in `stringTable` of a string node's text (made on first use), or -1.
    var stringIndex: [Int32]
    /// Per node: index in `classes` of the class description at this node, or -1.
    var classIndex: [Int32]
    /// Bit `uid` set: `$objects[uid]` is the string `$null` (UID 0, and the extra `$null`s IB 3
    /// writes, which NSKeyedUnarchiver decodes as nil). A bitset, so the check per UID stays in cache.
    var nullUIDs: [UInt64] = []
    var stringTable: [String] = []
    var classes: [ClassInfo] = []
    var budget = 0
    var diagnostics: [Diagnostic] = []
    /// The fields of every object, in `$objects` order, then the `$top` entries (``KeyedObjectHeader``);
    /// keys are indexes in `stringTable`.
    var fields = FieldColumnsBuilder(capacity: 0)

    init(document: Nodes, limits: DecodingLimits) {
        self.document = document
        self.limits = limits
        self.budget = document.nodeCount * 8 + 65_536
        // nodeCount ≤ limits.maxObjects (checked by the plist readers).
        self.flags = [UInt8](repeating: 0, count: document.nodeCount)
        self.stringIndex = [Int32](repeating: -1, count: document.nodeCount)
        self.classIndex = [Int32](repeating: -1, count: document.nodeCount)
        self.stringTable = KeyedObjectHeader.fixedKeys   // the keys of plist-native objects, at fixed indexes
        stringTable.reserveCapacity(stringTable.count + document.nodeCount)   // at most one string per node
    }

    /// The index in `stringTable` of a string node's text (made on first use), nil for another node.
    @inline(__always)
    private mutating func keyIndex(_ node: Int) -> Int? {
        let index = stringIndex[node]
        if index >= 0 { return Int(index) }
        guard string(node) != nil else { return nil }
        return Int(stringIndex[node])
    }

    /// The node of `$objects[uid]` (`uid < objectCount`).
    @inline(__always)
    private func objectNode(_ uid: Int) -> Int { document.childRef(objectsStart, uid) }

    @inline(__always)
    private func offset(_ node: Int) -> Int { document.nodeOffset(node) }

    /// The text of a string node (nil for any other node), cached.
    @inline(__always)
    private mutating func string(_ node: Int) -> String? {
        let index = stringIndex[node]
        if index >= 0 { return stringTable[Int(index)] }
        guard document.kind(node) == .string else { return nil }
        let s = document.text(node)
        stringIndex[node] = Int32(stringTable.count)   // < nodeCount ≤ Int32.max (checked in graph)
        if s.utf8.count <= 10, s.utf8.first == UInt8(ascii: "$") {
            flags[node] = s == "$class" ? Self.isClassKey : s == "$null" ? Self.isNull
                : s == "$classname" ? Self.isClassName : s == "$classes" ? Self.isClasses : 0
        }
        stringTable.append(s)
        return s
    }

    /// The keys and value nodes of a dictionary node, when every key is a string.
    private mutating func entries(_ node: Int) -> [(key: String, keyNode: Int, value: Int)]? {
        guard document.kind(node) == .dictionary else { return nil }
        let n = document.childCount(node), c = document.childStart(node)
        var out: [(key: String, keyNode: Int, value: Int)] = []
        out.reserveCapacity(n)   // n entries were validated in the input
        for i in 0..<n {
            let k = document.childRef(c, i)
            guard let key = string(k) else { return nil }
            out.append((key, k, document.childRef(c, n + i)))
        }
        return out
    }

    mutating func graph(encoding: ArchiveEncoding) throws(ArchiveError) -> ObjectGraph {
        // NodeState keeps Int32 indexes; the plist readers already cap nodeCount at limits.maxObjects
        // (10M by default), so this only fires for a caller-raised limit.
        guard document.nodeCount <= Int(Int32.max) - KeyedObjectHeader.fixedKeys.count else {
            throw ArchiveError(.limitExceeded(.objectCount, value: document.nodeCount), at: 0, path: ["keyed archive"])
        }
        let notKeyed = ArchiveError(.notAnArchive(detected: "property list (not a keyed archive)"), at: 0)
        guard let top = entries(document.topNode) else { throw notKeyed }
        func find(_ key: String) -> Int? { top.first { $0.key == key }?.value }
        // Same rule as KeyedArchive.isKeyedArchive: `$archiver`, or `$objects` with `$top`.
        guard find("$archiver") != nil || (find("$objects") != nil && find("$top") != nil) else { throw notKeyed }
        let topAt = offset(document.topNode)
        if let a = find("$archiver"), string(a) != "NSKeyedArchiver" {
            diagnostics.append(Diagnostic(
                .unexpectedArchiver,
                "$archiver is \(string(a).map { "'\($0)'" } ?? "not a string"), expected 'NSKeyedArchiver'; reading anyway",
                location: .init(byteOffset: offset(a))))
        }
        var version = 0
        if let v = find("$version"), document.kind(v) == .otherScalar, case .int(let n) = document.scalar(v) {
            version = Int(n)
            if n != 100_000 {
                diagnostics.append(Diagnostic(.unknownArchiveVersion, "$version is \(n), expected 100000; reading anyway",
                                              location: .init(byteOffset: offset(v))))
            }
        } else {
            diagnostics.append(Diagnostic(.missingArchiveVersion, "$version missing or not an integer",
                                          location: .init(byteOffset: find("$version").map(offset) ?? topAt)))
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
        objectsStart = document.childStart(objectsNode)
        objectCount = count
        nullUIDs = [UInt64](repeating: 0, count: (count + 63) / 64)
        // One pass over `$objects`: which are `$null`, and how many fields they will have. Every
        // object's fields go to one buffer (`fields`); `headers` say which slice is whose.
        var fieldCount = 0
        for uid in 0..<count {
            let node = objectNode(uid)
            switch document.kind(node) {
            case .dictionary:
                fieldCount += document.childCount(node)
            case .string:
                fieldCount += 1
                if string(node) != nil, flags[node] == Self.isNull { nullUIDs[uid >> 6] |= 1 << UInt64(uid & 63) }
            default:
                fieldCount += 1
            }
        }
        // Bounded: each counted entry is in the input (2 for the NSDictionary form of a plain dictionary).
        fields.deallocate()
        fields = FieldColumnsBuilder(capacity: fieldCount + topEntries.count + 2)
        fields.heavy.reserveCapacity(fieldCount / 4)   // strings, data and arrays: about 1 value in 8 in the corpus
        defer { fields.deallocate() }
        // One header per object, then the root's, written in place (no append per object).
        var failure: ArchiveError?
        let headers = [ObjectTable.Header](unsafeUninitializedCapacity: count + 1) { out, made in
            for uid in 0..<count {
                do throws(ArchiveError) {
                    out[uid] = try object(uid: uid, node: objectNode(uid))
                    made = uid + 1
                } catch {
                    failure = error.within("object #\(uid)")
                    return
                }
            }
            let rootStart = fields.count
            for (key, keyNode, valueNode) in topEntries {
                do throws(ArchiveError) {
                    fields.append(key: Int(stringIndex[keyNode]), try value(valueNode, depth: 1), offset: offset(valueNode))
                } catch {
                    failure = error.within("key \"\(key)\"").within("$top")
                    return
                }
            }
            out[count] = KeyedObjectHeader.header(kind: KeyedObjectHeader.top, start: rootStart, end: fields.count,
                                                  offset: offset(topNode))
            made = count + 1
        }
        if let failure { throw failure }
        guard fields.count < Int(UInt32.max) else {   // ObjectTable keeps 32-bit field positions
            throw ArchiveError(.limitExceeded(.valueCount, value: fields.count), at: 0, path: ["keyed archive"])
        }
        // The fixed names (KeyedObjectHeader.names) first, then the classes read (KeyedObjectHeader.header).
        let fixed = KeyedObjectHeader.names
        let table = ObjectTable(
            classes: fixed.map { (name: $0, chain: [String]()) } + classes,
            headers: headers,
            columns: fields.finish(keys: stringTable))
        let objects = ArchivedObjects(table: table)
        return ObjectGraph(encoding: encoding, objects: objects, root: ObjectRef(objects.count - 1),
                           versionMajor: version, versionMinor: nil, diagnostics: diagnostics)
    }

    /// `$objects[uid]` as an archived object: appends its fields to `fields` and returns its header.
    private mutating func object(uid: Int, node: Int) throws(ArchiveError) -> ObjectTable.Header {
        let at = offset(node)
        let start = fields.count
        func native(_ kind: Int32, _ key: Int, _ value: ArchiveValue) -> ObjectTable.Header {
            fields.append(key: key, value, offset: at)
            return KeyedObjectHeader.header(kind: kind, start: start, end: start + 1, offset: at)
        }
        func empty(_ kind: Int32) -> ObjectTable.Header { KeyedObjectHeader.header(kind: kind, start: start, end: start, offset: at) }
        switch document.kind(node) {
        case .string:
            let s = string(node) ?? ""
            if flags[node] == Self.isNull { return empty(KeyedObjectHeader.null) }
            return native(KeyedObjectHeader.string, KeyedObjectHeader.nsString, .string(s))
        case .uid:
            return native(KeyedObjectHeader.reference, KeyedObjectHeader.value, try value(node, depth: 1))
        case .otherScalar:
            let v = document.inlineValue(node)
            switch v {
            case .int: return native(KeyedObjectHeader.number, KeyedObjectHeader.nsIntval, v)
            case .double: return native(KeyedObjectHeader.number, KeyedObjectHeader.nsDblval, v)
            case .bool: return native(KeyedObjectHeader.number, KeyedObjectHeader.nsBoolval, v)
            case .data: return native(KeyedObjectHeader.data, KeyedObjectHeader.nsBytes, v)
            case .date(let t): return native(KeyedObjectHeader.date, KeyedObjectHeader.nsTime, .double(t))
            case .null: return empty(KeyedObjectHeader.null)
            default: return empty(KeyedObjectHeader.invalid)   // never: inlineValue's shapes only
            }
        case .array, .set:
            return native(KeyedObjectHeader.array, KeyedObjectHeader.nsObjects, try value(node, depth: 1))
        case .dictionary:
            let n = document.childCount(node), c = document.childStart(node)
            var classRef: Int?
            var hasClassName = false
            for i in 0..<n {
                let k = document.childRef(c, i), valueNode = document.childRef(c, n + i)
                guard let key = keyIndex(k) else {
                    throw ArchiveError(.malformed("dictionary key is not a string"), at: offset(k))
                }
                if flags[k] == Self.isClassKey { classRef = valueNode; continue }   // key == "$class"
                if flags[k] == Self.isClassName { hasClassName = true }
                do throws(ArchiveError) {
                    // Most values: a record without an ArchiveValue (nor the budget: one per entry of the input).
                    if let raw = document.uidValue(valueNode) {
                        fields.appendReference(key: key, try reference(raw, valueNode), offset: offset(valueNode))
                    } else if let v = document.quickScalar(valueNode) {   // flags, tags, booleans
                        fields.append(key: key, v, offset: offset(valueNode))
                    } else {
                        fields.append(key: key, try value(valueNode, depth: 1), offset: offset(valueNode))
                    }
                } catch {
                    throw error.within("key \"\(stringTable[key])\"")
                }
            }
            if let classRef {
                let cls = try classDescription(classRef)
                return KeyedObjectHeader.header(kind: Int32(cls), start: start, end: fields.count, offset: at)
            }
            if hasClassName {
                return KeyedObjectHeader.header(kind: KeyedObjectHeader.classDescription, start: start, end: fields.count, offset: at)
            }
            // A plain plist dictionary in $objects (not written by NSKeyedArchiver): keyed NSDictionary form.
            let entries = (start..<fields.count).map { fields.field($0) }
            let keys = ArchiveValue.array(entries.map { .string(stringTable[$0.key]) }), values = ArchiveValue.array(entries.map(\.value))
            fields.removeFields(from: start)
            fields.append(key: KeyedObjectHeader.nsKeys, keys, offset: at)
            fields.append(key: KeyedObjectHeader.nsObjects, values, offset: at)
            return KeyedObjectHeader.header(kind: KeyedObjectHeader.dictionary, start: start, end: start + 2, offset: at)
        }
    }

    /// The class name and superclass chain named by a `$class` UID.
    /// Returns an index in `classes` (the first use of a class description reads it: ``readClass``).
    @inline(__always)
    private mutating func classDescription(_ refNode: Int) throws(ArchiveError) -> Int {
        guard let raw = document.uidValue(refNode) else {
            throw ArchiveError(.malformed("$class is not a UID"), at: offset(refNode), path: ["key \"$class\""])
        }
        guard raw < UInt64(objectCount) else {
            throw ArchiveError(.indexOutOfRange(.keyedArchive, index: Int(clamping: raw), count: objectCount),
                               at: offset(refNode), path: ["key \"$class\""])
        }
        let node = objectNode(Int(raw))
        let cached = classIndex[node]
        if cached >= 0 { return Int(cached) }
        return try readClass(raw: raw, node: node)
    }

    /// The class description `$objects[raw]` (at `node`), read once and appended to `classes`.
    @inline(never)
    private mutating func readClass(raw: UInt64, node: Int) throws(ArchiveError) -> Int {
        // `$classname` and `$classes` found by their flags (no key array, no String compares);
        // every key must be a string, as for ``entries(_:)``.
        var nameNode: Int?, classesNode: Int?, keysAreStrings = false
        if document.kind(node) == .dictionary {
            keysAreStrings = true
            let n = document.childCount(node), c = document.childStart(node)
            for i in 0..<n {
                let k = document.childRef(c, i)
                guard string(k) != nil else { keysAreStrings = false; break }
                if flags[k] == Self.isClassName, nameNode == nil { nameNode = document.childRef(c, n + i) }
                if flags[k] == Self.isClasses, classesNode == nil { classesNode = document.childRef(c, n + i) }
            }
        }
        guard keysAreStrings, let nameNode, let name = string(nameNode) else {
            throw ArchiveError(.malformed("$class #\(raw) is not a class description with a $classname"), at: offset(node),
                               path: ["key \"$class\""])
        }
        // The string items of `$classes`, without a first one equal to the class itself.
        var chain: [String] = []
        if let classesNode, document.kind(classesNode) == .array {
            let n = document.childCount(classesNode), c = document.childStart(classesNode)
            if n > 1 { chain.reserveCapacity(n) }   // n items were validated in the input
            var first = true
            for i in 0..<n {
                guard let s = string(document.childRef(c, i)) else { continue }
                if first { first = false; if s == name { continue } }
                chain.append(s)
            }
        }
        classIndex[node] = Int32(classes.count)   // < nodeCount ≤ Int32.max (checked in graph)
        classes.append((name, chain))
        return classes.count - 1
    }

    /// A value stored inside an object: UIDs become references (the inlined path: 6 in 10 plist
    /// objects of the corpus), everything else stays inline (``otherValue(_:depth:)``).
    @inline(__always)
    private mutating func value(_ node: Int, depth: Int) throws(ArchiveError) -> ArchiveValue {
        budget -= 1
        guard budget >= 0 else {
            throw ArchiveError(.limitExceeded(.valueCount, value: document.nodeCount * 8 + 65_536), at: offset(node))
        }
        if let raw = document.uidValue(node) { return try reference(raw, node) }
        return try otherValue(node, depth: depth)
    }

    /// The value of a UID: a reference, or `.null` for UID 0 and the other `$null` entries.
    @inline(__always)
    private mutating func reference(_ raw: UInt64, _ node: Int) throws(ArchiveError) -> ArchiveValue {
        guard let u = try reference(raw, node) else { return .null }
        return .object(ObjectRef(u))
    }

    /// ``reference(_:_:)`` as an object index, nil for `.null`.
    @inline(__always)
    private mutating func reference(_ raw: UInt64, _ node: Int) throws(ArchiveError) -> Int? {
        guard raw < UInt64(objectCount) else {
            throw ArchiveError(.indexOutOfRange(.keyedArchive, index: Int(clamping: raw), count: objectCount),
                               at: offset(node))
        }
        let u = Int(raw)
        return u == 0 || nullUIDs[u >> 6] & (1 << UInt64(u & 63)) != 0 ? nil : u
    }

    /// ``value(_:depth:)`` of anything but a UID (the budget is already counted).
    @inline(never)
    private mutating func otherValue(_ node: Int, depth: Int) throws(ArchiveError) -> ArchiveValue {
        switch document.kind(node) {
        case .string:
            return .string(string(node) ?? "")
        case .uid:
            return try reference(document.uid(node), node)
        case .otherScalar:
            return document.inlineValue(node)
        case .array, .set:
            try enter(node, depth: depth)
            let n = document.childCount(node), c = document.childStart(node)
            // Every item counts in the budget (an inline array can be shared by many entries).
            budget -= n
            guard budget >= 0 else {
                throw ArchiveError(.limitExceeded(.valueCount, value: document.nodeCount * 8 + 65_536), at: offset(node))
            }
            // n items were validated in the input. Written in place (no append per item); the
            // first failing item stops the loop, with the items made so far counted in `made`.
            var failure: ArchiveError?
            let out = [ArchiveValue](unsafeUninitializedCapacity: n) { items, made in
                for i in 0..<n {
                    do throws(ArchiveError) {
                        let item = document.childRef(c, i)
                        let v: ArchiveValue
                        if let raw = document.uidValue(item) {   // `NS.objects` items: references (counted above)
                            v = try reference(raw, item)
                        } else {
                            v = try value(item, depth: depth + 1)
                        }
                        (items.baseAddress.unsafelyUnwrapped + i).initialize(to: v)
                        made = i + 1
                    } catch {
                        failure = error.within("item #\(i)")
                        return
                    }
                }
            }
            if let failure { throw failure }
            flags[node] &= ~Self.onPath
            return .array(out)
        case .dictionary:
            try enter(node, depth: depth)
            let n = document.childCount(node), c = document.childStart(node)
            var out: [ArchiveField] = []
            out.reserveCapacity(n)
            for i in 0..<n {
                let k = document.childRef(c, i), v = document.childRef(c, n + i)
                guard let key = string(k) else {
                    throw ArchiveError(.malformed("dictionary key is not a string"), at: offset(k))
                }
                do throws(ArchiveError) {
                    out.append(ArchiveField(key, try value(v, depth: depth + 1), offset: offset(v)))
                } catch {
                    throw error.within("key \"\(key)\"")
                }
            }
            flags[node] &= ~Self.onPath
            return .dictionary(out)
        }
    }

    private mutating func enter(_ node: Int, depth: Int) throws(ArchiveError) {
        guard depth <= limits.maxNestingDepth else {
            throw ArchiveError(.limitExceeded(.nestingDepth, value: depth), at: offset(node))
        }
        guard flags[node] & Self.onPath == 0 else { throw ArchiveError(.referenceCycle, at: offset(node)) }
        flags[node] |= Self.onPath
    }
}

/// The classes and fixed keys of the objects the keyed-archive decoder makes: an object's class is
/// one of the fixed ``names`` (kind `-1 - i`) or the class description read `i`-th (kind `i`);
/// ``header(kind:start:end:offset:)`` turns a kind into an index in the ``ObjectTable`` classes
/// (the fixed names first).
enum KeyedObjectHeader {
    @inline(__always)
    static func header(kind: Int32, start: Int, end: Int, offset: Int) -> ObjectTable.Header {
        // start ≤ end ≤ field count, checked against UInt32.max before the table is made.
        assert(names.count == nameCount)
        return ObjectTable.Header(classIndex: UInt32(truncatingIfNeeded: kind >= 0 ? nameCount + Int(kind) : Int(-1 - kind)),
                           start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end), offset: offset)
    }

    /// The first entries of the decoder's string table: the keys of plist-native objects.
    static let fixedKeys = ["NS.string", "NS.intval", "NS.dblval", "NS.boolval", "NS.bytes", "NS.time", "NS.objects",
                            "NS.keys", "value"]
    static var nsString: Int { 0 }
    static var nsIntval: Int { 1 }
    static var nsDblval: Int { 2 }
    static var nsBoolval: Int { 3 }
    static var nsBytes: Int { 4 }
    static var nsTime: Int { 5 }
    static var nsObjects: Int { 6 }
    static var nsKeys: Int { 7 }
    static var value: Int { 8 }

    /// `names.count`, as a constant: ``header(kind:start:end:offset:)`` runs once per object, and
    /// reading the count of the static array costs a lazy-initialisation check and a metadata
    /// lookup each time (callgrind: 1 % of the decoder).
    static var nameCount: Int { 11 }
    static let names = ["NSString", "NSNumber", "NSData", "NSDate", "NSArray", "NSDictionary", "$reference",
                        KeyedArchive.nullClassName, KeyedArchive.classDescriptionClassName,
                        KeyedArchive.topClassName, "$invalid"]
    static var string: Int32 { -1 }
    static var number: Int32 { -2 }
    static var data: Int32 { -3 }
    static var date: Int32 { -4 }
    static var array: Int32 { -5 }
    static var dictionary: Int32 { -6 }
    static var reference: Int32 { -7 }
    static var null: Int32 { -8 }
    static var classDescription: Int32 { -9 }
    static var top: Int32 { -10 }
    static var invalid: Int32 { -11 }
}
