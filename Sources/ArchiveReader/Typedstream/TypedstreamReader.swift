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

    /// A parsed group encoding; `scalars` holds the type codes when every type is a scalar (the
    /// common case, read without walking the type tree). A class, so that taking one from the
    /// cache for every group retains one object, not its three arrays.
    private final class Encoding {
        /// Index in ``TypedstreamReader/encodings`` (``TypedstreamStream/Group/encoding``).
        let id: Int
        let types: [TypedstreamType]
        let scalars: [UInt8]?
        /// True when a value of this encoding can hold an object (`@`), whose groups are read
        /// while this group's values are (``pending``).
        let nests: Bool

        init(id: Int, types: [TypedstreamType], scalars: [UInt8]?, nests: Bool) {
            self.id = id
            self.types = types
            self.scalars = scalars
            self.nests = nests
        }
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
    /// Parsed type encodings by shared-string index.
    private var encodingCache: [Encoding?] = []
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
    private var pendingGroups: [TypedstreamStream.Group] = []
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
        if index >= encodingCache.count {
            encodingCache += Array(repeating: nil, count: index + 1 - encodingCache.count)
        }
        let encoding: Encoding
        if let cached = encodingCache[index] {
            encoding = cached
        } else {
            let bytes = sharedStrings[index]
            guard let parsed = TypedstreamType.parseList(bytes) else {
                throw ArchiveError(.malformed("invalid type encoding '\(text(bytes))'"), at: at)
            }
            var scalars: [UInt8]? = []
            for type in parsed {
                if case .scalar(let code) = type { scalars?.append(code) } else { scalars = nil; break }
            }
            encoding = Encoding(id: encodings.count, types: parsed, scalars: scalars,
                                nests: bytes.contains(UInt8(ascii: "@")))
            encodings.append(text(bytes))
            encodingCache[index] = encoding
        }
        let start = values.count
        if !encoding.nests, let scalars = encoding.scalars {
            // No value of this group can start another object: its values go straight to `values`.
            for code in scalars {
                try countValue()
                let value = try readScalar(code)
                values.append(value)
            }
            return TypedstreamStream.Group(encoding: encoding.id, start: start, end: values.count, offset: at)
        }
        // A value can start an object, whose groups' values are appended while this group's are
        // read: the group's slots come first (one value per type) and are filled in place.
        let count = encoding.types.count
        for _ in 0..<count { values.append(.null) }
        if let scalars = encoding.scalars {
            for (i, code) in scalars.enumerated() {
                try countValue()
                let value = try readScalar(code)
                values[start + i] = value
            }
        } else {
            for (i, type) in encoding.types.enumerated() {
                let value = try readValue(type)
                values[start + i] = value
            }
        }
        return TypedstreamStream.Group(encoding: encoding.id, start: start, end: start + count, offset: at)
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
        case UInt8(ascii: "c"): return .int(Int64(Int8(bitPattern: try input.u8())))
        case UInt8(ascii: "C"): return .int(Int64(try input.u8()))
        case UInt8(ascii: "B"): return .bool(try input.u8() != 0)
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
            let base = pendingGroups.count
            while true {
                let groupAt = input.absolute
                let next = try readHead()
                if next == Self.tagEndOfObject { break }
                let group = try readGroup(head: next, at: groupAt)
                pendingGroups.append(group)
            }
            objects[index].groupStart = groups.count
            groups.append(contentsOf: pendingGroups[base...])
            objects[index].groupEnd = groups.count
            pendingGroups.removeSubrange(base...)
        } catch {
            // The breadcrumb is built only on failure: `object #12 NSButton`.
            let node = objects[index].classNode
            let name = node >= 0 && node < chains.count ? chains[node]?.first?.name : nil
            throw error.within("object #\(index) " + (name ?? "?"))
        }
        return .object(ObjectRef(index))
    }
}
