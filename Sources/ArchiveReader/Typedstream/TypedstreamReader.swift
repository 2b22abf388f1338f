/// Reads the bytes of a NeXT/Apple typedstream (both byte orders) into a ``TypedstreamStream``
/// (nib-format.md §1, §6).
///
/// Wire format: a header (streamer version byte, signature length 11, `typedstream` for
/// big-endian or `streamtyped` for little-endian, system version as an encoded integer), then
/// groups of values each prefixed by a shared type-encoding string. Integers are one signed byte
/// unless that byte is a tag: `0x81` int16 follows, `0x82` int32, `0x83` float/double, `0x84` a
/// new (literal) string or object, `0x85` nil, `0x86` end of object. Bytes `0x80…0x91` are
/// reserved for tags; back-reference numbers start at `0x92` (−110). Shared strings form one
/// table; C strings, classes and objects share a second one, objects being numbered before their
/// class chain is read [S: pytypedstream].
///
/// Every failure throws ``ArchiveError`` at the absolute offset of the offending byte, with a
/// breadcrumb naming the objects being read. Memory and recursion are bounded by
/// ``DecodingLimits`` and ``maxObjectDepth``.
struct TypedstreamReader {
    static let tagInt16: Int8 = -127      // 0x81
    static let tagInt32: Int8 = -126      // 0x82
    static let tagFloat: Int8 = -125      // 0x83
    static let tagNew: Int8 = -124        // 0x84
    static let tagNil: Int8 = -123        // 0x85
    static let tagEndOfObject: Int8 = -122 // 0x86
    static let firstReference: Int64 = -110 // 0x92
    static let tagRange: ClosedRange<Int8> = -128 ... -111
    /// Deepest nesting of literal objects inside one another (far above the corpus maximum).
    static let maxObjectDepth = 400

    enum Shared {
        case object(Int)
        case classNode(Int)
        case cString(String)
    }

    private struct ClassNode {
        var level: TypedstreamStream.ClassLevel
        var superIndex: Int?
    }

    /// A parsed group encoding, in flat tables indexed by encoding id (``TypedstreamStream/Group/encoding``)
    /// so that reading a group retains nothing: when every type is a scalar (the common case),
    /// the type codes are `scalarCodes[start..<end]`, read without walking the type tree.
    private struct EncodingInfo {
        /// Bounds in ``TypedstreamReader/scalarCodes``; `scalarStart` is -1 when a type is not a scalar.
        var scalarStart: Int
        var scalarEnd: Int
        /// How many values a group of this encoding holds (one per top-level type).
        var count: Int
        /// True when a value of this encoding can hold an object (`@`), whose groups are read
        /// while this group's values are.
        var nests: Bool
    }

    /// Values that occupy no bytes (`!`, empty structs, their arrays) are bounded separately, so
    /// that nested zero-size arrays cannot make a tiny stream loop for long.
    static let maxZeroSizeValues = 100_000

    // State shared with the primitives in TypedstreamReader+Primitives.swift.
    var input: ByteReader
    var bigEndian = true
    /// The shared-string table (type encodings, class names, C-string contents).
    var sharedStrings: [[UInt8]] = []
    /// The shared-object table (objects, classes, C strings), in numbering order.
    var shared: [Shared] = []
    /// The text of each shared string, made on its first use as text (``sharedText(_:)``), so that
    /// the selectors and atoms a stream refers to again and again are decoded once.
    var sharedTexts: [String?] = []

    private let limits: DecodingLimits
    /// The encoding id of each shared string used as a group encoding, -1 for none yet.
    private var encodingIDs: [Int] = []
    /// Per encoding id: its shape, and its types when they are not all scalars.
    private var encodingInfo: [EncodingInfo] = []
    private var encodingTypes: [[TypedstreamType]] = []
    /// The scalar type codes of every all-scalar encoding, one after another (``EncodingInfo``).
    private var scalarCodes: [UInt8] = []
    /// The text of each parsed encoding, by ``Encoding/id`` (``TypedstreamStream/encodings``).
    private var encodings: [String] = []
    private var classNodes: [ClassNode] = []
    /// The chain of each class node, made on first use (``TypedstreamStream/chains``).
    private var chains: [[TypedstreamStream.ClassLevel]?] = []
    private var classChains: [String: [TypedstreamStream.ClassLevel]] = [:]
    private var objects: [TypedstreamStream.Object] = []
    /// The values of the groups read so far (``TypedstreamStream/values``). A group's slots are
    /// appended when it starts and filled as its values are read, so the values of the objects
    /// nested in it follow them and each group's values stay contiguous.
    private var values: [TypedstreamStream.Value] = []
    /// The groups of the objects read so far, object after object (``TypedstreamStream/groups``).
    private var groups: [TypedstreamStream.Group] = []
    /// The groups of the objects being read: an object's own groups sit above those of the
    /// objects it is nested in, and move to ``groups`` when it ends.
    /// Positions `0..<pendingCount` hold them; the slots above are reused, not freed.
    private var pendingGroups: [TypedstreamStream.Group] = []
    private var pendingCount = 0
    private var depth = 0
    private var valueCount = 0
    private var zeroSizeValues = 0

    init(bytes: [UInt8], limits: DecodingLimits = .default) {
        self.input = ByteReader(bytes)
        self.limits = limits
    }

    /// Reads the whole stream.
    mutating func read() throws(ArchiveError) -> TypedstreamStream {
        guard input.bytes.count <= limits.maxFileSize else {
            throw ArchiveError(.limitExceeded(.fileSize, value: input.bytes.count), at: 0)
        }
        let (streamer, system) = try readHeader()
        // The corpus holds about one value per 4 bytes and one group per 10: room for that many
        // up front, so that the tables seldom grow (and copy) while the stream is read.
        values.reserveCapacity(input.bytes.count / 3)
        groups.reserveCapacity(input.bytes.count / 8)
        var top: [TypedstreamStream.Group] = []
        while !input.isAtEnd {
            let at = input.absolute
            let head = try readHead()
            do throws(ArchiveError) {
                top.append(try readGroup(head: head, at: at))
            } catch {
                throw error.within("top-level group #\(top.count)")
            }
        }
        return TypedstreamStream(bigEndian: bigEndian, streamerVersion: streamer, systemVersion: system,
                                 objects: objects, chains: chains, superclassNodes: classNodes.map { $0.superIndex ?? -1 },
                                 classChains: classChains, groups: groups,
                                 topLevel: top, encodings: encodings, values: values)
    }

    // MARK: Groups and values

    private mutating func readGroup(head: Int8, at: Int) throws(ArchiveError) -> TypedstreamStream.Group {
        guard let index = try readSharedStringIndex(head: head, at: at) else {
            throw ArchiveError(.malformed("nil type encoding"), at: at)
        }
        let id: Int
        if index < encodingIDs.count, encodingIDs[index] >= 0 {
            id = encodingIDs[index]
        } else {
            id = try parseEncoding(index, at: at)
        }
        let info = encodingInfo[id]
        let start = values.count
        if info.scalarStart >= 0, !info.nests {
            // No value of this group can start another object: its values go straight to `values`.
            for k in info.scalarStart..<info.scalarEnd {
                try countValue()
                let value = try readScalar(scalarCodes[k])
                values.append(value)
            }
            return TypedstreamStream.Group(encoding: id, start: start, end: values.count, offset: at)
        }
        // A value can start an object, whose groups' values are appended while this group's are
        // read: the group's slots come first (one value per type) and are filled in place.
        for _ in 0..<info.count { values.append(.null) }
        if info.scalarStart >= 0 {
            for k in info.scalarStart..<info.scalarEnd {
                try countValue()
                let value = try readScalar(scalarCodes[k])
                values[start + k - info.scalarStart] = value
            }
        } else {
            for (i, type) in encodingTypes[id].enumerated() {
                let value = try readValue(type)
                values[start + i] = value
            }
        }
        return TypedstreamStream.Group(encoding: id, start: start, end: start + info.count, offset: at)
    }

    /// Parses shared string `index` as a group encoding (the group's head at `at`) and returns
    /// its new encoding id.
    private mutating func parseEncoding(_ index: Int, at: Int) throws(ArchiveError) -> Int {
        let bytes = sharedStrings[index]
        guard let parsed = TypedstreamType.parseList(bytes) else {
            throw ArchiveError(.malformed("invalid type encoding '\(text(bytes))'"), at: at)
        }
        let id = encodingInfo.count
        let scalarStart = scalarCodes.count
        var allScalars = true
        for type in parsed {
            if case .scalar(let code) = type { scalarCodes.append(code) } else { allScalars = false; break }
        }
        if !allScalars { scalarCodes.removeSubrange(scalarStart...) }
        encodingInfo.append(EncodingInfo(scalarStart: allScalars ? scalarStart : -1, scalarEnd: scalarCodes.count,
                                         count: parsed.count, nests: bytes.contains(UInt8(ascii: "@"))))
        encodingTypes.append(allScalars ? [] : parsed)
        encodings.append(text(bytes))
        if index >= encodingIDs.count {
            encodingIDs += Array(repeating: -1, count: index + 1 - encodingIDs.count)
        }
        encodingIDs[index] = id
        return id
    }

    private mutating func countValue() throws(ArchiveError) {
        valueCount += 1
        if valueCount > limits.maxValues {
            throw ArchiveError(.limitExceeded(.valueCount, value: valueCount), at: input.absolute)
        }
    }

    private mutating func readValue(_ type: TypedstreamType) throws(ArchiveError) -> TypedstreamStream.Value {
        try countValue()
        switch type {
        case .scalar(let code):
            return try readScalar(code)
        case .array(let count, let element):
            let at = input.absolute
            if type.isByteArray {
                guard count <= input.remaining else {
                    throw ArchiveError(.truncated(needed: count, available: input.remaining), at: at)
                }
                return .data(try input.bytes(count))
            }
            let minimum = element.minimumByteSize
            if minimum == 0 {
                guard count <= Self.maxZeroSizeValues - zeroSizeValues else {
                    throw ArchiveError(.limitExceeded(.valueCount, value: count), at: at)
                }
                zeroSizeValues += count
            } else if count > input.remaining / minimum {
                throw ArchiveError(.truncated(needed: type.minimumByteSize, available: input.remaining), at: at)
            }
            var items: [TypedstreamStream.Value] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try readValue(element)) }
            return .array(items)
        case .structure(_, let fields):
            var items: [TypedstreamStream.Value] = []
            items.reserveCapacity(fields.count)
            for f in fields { items.append(try readValue(f)) }
            return .array(items)
        }
    }

    private mutating func readScalar(_ code: UInt8) throws(ArchiveError) -> TypedstreamStream.Value {
        switch code {
        case UInt8(ascii: "c"): return .int(Int64(try readHead()))
        case UInt8(ascii: "C"): return .int(Int64(UInt8(bitPattern: try readHead())))
        case UInt8(ascii: "B"): return .bool(try readHead() != 0)
        case UInt8(ascii: "s"), UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "q"):
            let at = input.absolute
            return .int(try readInteger(head: try readHead(), signed: true, at: at))
        case UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "Q"):
            let at = input.absolute
            return .int(try readInteger(head: try readHead(), signed: false, at: at))
        case UInt8(ascii: "f"): return try readReal(double: false)
        case UInt8(ascii: "d"): return try readReal(double: true)
        case UInt8(ascii: "+"):
            let at = input.absolute
            return try readUnsharedString(head: try readHead(), at: at).map { .data($0) } ?? .null
        case UInt8(ascii: "%"), UInt8(ascii: ":"):
            let at = input.absolute
            return try readSharedStringIndex(head: try readHead(), at: at).map { .string(sharedText($0)) } ?? .null
        case UInt8(ascii: "*"): return try readCString()
        case UInt8(ascii: "#"):
            let at = input.absolute
            guard let node = try readClass(head: try readHead(), at: at) else { return .null }
            let levels = chain(from: node)
            if let name = levels.first?.name, classChains[name] == nil { classChains[name] = levels }
            return .string(levels.first?.name ?? "")
        case UInt8(ascii: "@"): return try readObject()
        default: return .null // "!": an ignored int-sized field, no bytes.
        }
    }

    private mutating func readCString() throws(ArchiveError) -> TypedstreamStream.Value {
        let at = input.absolute
        let head = try readHead()
        if head == Self.tagNil { return .null }
        if head == Self.tagNew {
            let innerAt = input.absolute
            guard let index = try readSharedStringIndex(head: try readHead(), at: innerAt) else {
                throw ArchiveError(.malformed("literal C string is nil"), at: innerAt)
            }
            let s = sharedText(index)
            shared.append(.cString(s))
            return .string(s)
        }
        guard case .cString(let s) = try sharedEntry(head: head, at: at) else {
            throw ArchiveError(.malformed("back-reference is not a C string"), at: at)
        }
        return .string(s)
    }

    /// Reads a class chain; returns the class-node index of the first class, or nil for Nil.
    private mutating func readClass(head first: Int8, at firstAt: Int) throws(ArchiveError) -> Int? {
        var head = first
        var at = firstAt
        var fresh: [Int] = []
        while head == Self.tagNew {
            let nameAt = input.absolute
            guard let (name, _) = try readSharedString(head: try readHead(), at: nameAt) else {
                throw ArchiveError(.malformed("class name is nil"), at: nameAt)
            }
            let versionAt = input.absolute
            let version = try readInteger(head: try readHead(), signed: true, at: versionAt)
            classNodes.append(ClassNode(level: .init(name: text(name), version: Int(version)), superIndex: nil))
            shared.append(.classNode(classNodes.count - 1))
            fresh.append(classNodes.count - 1)
            at = input.absolute
            head = try readHead()
        }
        var terminal: Int?
        if head != Self.tagNil {
            guard case .classNode(let node) = try sharedEntry(head: head, at: at) else {
                throw ArchiveError(.malformed("back-reference is not a class"), at: at)
            }
            terminal = node
        }
        for (i, node) in fresh.enumerated() {
            classNodes[node].superIndex = i + 1 < fresh.count ? fresh[i + 1] : terminal
        }
        return fresh.first ?? terminal
    }

    /// The chain of class node `node`, most-derived first (memoised: objects of one class share
    /// one array).
    private mutating func chain(from node: Int) -> [TypedstreamStream.ClassLevel] {
        if node < chains.count, let cached = chains[node] { return cached }
        var out: [TypedstreamStream.ClassLevel] = []
        var next: Int? = node
        while let n = next, out.count < 64 {
            out.append(classNodes[n].level)
            next = classNodes[n].superIndex
        }
        if node >= chains.count {
            chains += Array(repeating: nil, count: node + 1 - chains.count)
        }
        chains[node] = out
        return out
    }

    private mutating func readObject() throws(ArchiveError) -> TypedstreamStream.Value {
        let at = input.absolute
        let head = try readHead()
        if head == Self.tagNil { return .null }
        guard head == Self.tagNew else {
            guard case .object(let index) = try sharedEntry(head: head, at: at) else {
                throw ArchiveError(.malformed("back-reference is not an object"), at: at)
            }
            return .object(ObjectRef(index))
        }
        guard depth < Self.maxObjectDepth else {
            throw ArchiveError(.limitExceeded(.nestingDepth, value: depth + 1), at: at)
        }
        guard objects.count < limits.maxObjects else {
            throw ArchiveError(.limitExceeded(.objectCount, value: objects.count + 1), at: at)
        }
        let index = objects.count
        objects.append(TypedstreamStream.Object(classNode: -1, groupStart: 0, groupEnd: 0, offset: at))
        shared.append(.object(index))
        depth += 1
        defer { depth -= 1 }
        do throws(ArchiveError) {
            let classAt = input.absolute
            guard let node = try readClass(head: try readHead(), at: classAt) else {
                throw ArchiveError(.malformed("object class is Nil"), at: classAt)
            }
            _ = chain(from: node)
            objects[index].classNode = node
            let base = pendingCount
            while true {
                let groupAt = input.absolute
                let next = try readHead()
                if next == Self.tagEndOfObject { break }
                let group = try readGroup(head: next, at: groupAt)
                if pendingCount < pendingGroups.count {
                    pendingGroups[pendingCount] = group
                } else {
                    pendingGroups.append(group)
                }
                pendingCount += 1
            }
            objects[index].groupStart = groups.count
            for i in base..<pendingCount { groups.append(pendingGroups[i]) }
            objects[index].groupEnd = groups.count
            pendingCount = base
        } catch {
            // The breadcrumb is built only on failure: `object #12 NSButton`.
            let node = objects[index].classNode
            let name = node >= 0 && node < chains.count ? chains[node]?.first?.name : nil
            throw error.within("object #\(index) " + (name ?? "?"))
        }
        return .object(ObjectRef(index))
    }
}
