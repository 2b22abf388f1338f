/// The shape of one property-list object, as the keyed-archive decoder needs it.
enum PlistNodeKind: Equatable {
    case string
    case uid
    /// Any other non-container value (null, bool, int, real, date, data).
    case otherScalar
    case array
    case set
    case dictionary
}

/// A flat, already validated property list that ``KeyedArchiveDecoder`` reads: ``PlistDocument``
/// (XML plists) or ``BPlistObjects`` (binary plists, read in place from the offset table).
///
/// Nodes are indexes `0..<nodeCount`; container children are node indexes. The decoder is generic
/// over this protocol (specialised per conformance), so both encodings share one set of
/// keyed-archive rules and errors.
protocol PlistNodes {
    var nodeCount: Int { get }
    /// The top-level node.
    var topNode: Int { get }
    /// Absolute byte offset of a node in the input.
    func nodeOffset(_ node: Int) -> Int
    func kind(_ node: Int) -> PlistNodeKind
    /// Elements of an array or set, entries of a dictionary; 0 for a scalar.
    func childCount(_ node: Int) -> Int
    /// Where a container's children start: child `i` is `childRef(childStart(node), i)`, element
    /// `i` of an array or set; for a dictionary of `n` entries, key `i` (`i < n`) or value `i - n`
    /// (`n ≤ i < 2n`). Always a valid node index. A loop over the children finds the container once.
    func childStart(_ node: Int) -> Int
    func childRef(_ start: Int, _ i: Int) -> Int
    /// The value of a scalar node (`.null` for a container).
    func scalar(_ node: Int) -> PlistValue
    /// The text of a `.string` node.
    func text(_ node: Int) -> String
    /// The value of a `.uid` node.
    func uid(_ node: Int) -> UInt64
    /// The value of a `.uid` node, nil for any other node (one look at the node where `kind`
    /// then `uid` take two).
    func uidValue(_ node: Int) -> UInt64?
    /// A boolean or small integer node as an inline value when the reader has it at hand, else
    /// nil (then ``inlineValue(_:)`` or the other accessors read the node).
    func quickScalar(_ node: Int) -> ArchiveValue?
    /// An `.otherScalar` node as an inline value: null, bool, int (an unsigned value above
    /// `Int64.max` keeps its bit pattern), real → `.double`, date → `.date`, data → `.data`.
    func inlineValue(_ node: Int) -> ArchiveValue
}

extension PlistNodes {
    func text(_ node: Int) -> String {
        if case .string(let s) = scalar(node) { return s }
        return ""
    }

    func uid(_ node: Int) -> UInt64 {
        if case .uid(let raw) = scalar(node) { return raw }
        return 0
    }

    func uidValue(_ node: Int) -> UInt64? {
        if case .uid(let raw) = scalar(node) { return raw }
        return nil
    }

    func quickScalar(_ node: Int) -> ArchiveValue? { nil }

    func inlineValue(_ node: Int) -> ArchiveValue {
        switch scalar(node) {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .uint(let u): return .int(Int64(bitPattern: u))
        case .real(let d): return .double(d)
        case .date(let t): return .date(t)
        case .data(let bytes): return .data(bytes)
        case .string, .uid, .array, .set, .dictionary: return .null   // never: other scalars only
        }
    }
}

extension PlistDocument: PlistNodes {
    var nodeCount: Int { nodes.count }
    var topNode: Int { top }
    func nodeOffset(_ node: Int) -> Int { offsets[node] }

    func kind(_ node: Int) -> PlistNodeKind {
        switch nodes[node] {
        case .scalar(.string): return .string
        case .scalar(.uid): return .uid
        case .scalar: return .otherScalar
        case .array: return .array
        case .set: return .set
        case .dictionary: return .dictionary
        }
    }

    func childCount(_ node: Int) -> Int {
        switch nodes[node] {
        case .scalar: return 0
        case .array(let r), .set(let r): return r.count
        case .dictionary(let keys, _): return keys.count
        }
    }

    func scalar(_ node: Int) -> PlistValue {
        if case .scalar(let v) = nodes[node] { return v }
        return .null
    }

    func childStart(_ node: Int) -> Int {
        switch nodes[node] {
        case .scalar: return 0
        case .array(let r), .set(let r): return r.lowerBound
        case .dictionary(let keys, _): return keys.lowerBound   // values follow keys in `refs` (both readers)
        }
    }

    func childRef(_ start: Int, _ i: Int) -> Int { refs[start + i] }
}

extension BPlistObjects: PlistNodes {
    var nodeCount: Int { offsets.count }
    var topNode: Int { top }
    @inline(__always)
    func nodeOffset(_ node: Int) -> Int { offset(node) }

    @inline(__always)
    func kind(_ node: Int) -> PlistNodeKind {
        switch marker(node) >> 4 {
        case 0x5, 0x6: return .string
        case 0x8: return .uid
        case 0xA: return .array
        case 0xC: return .set
        case 0xD: return .dictionary
        default: return .otherScalar
        }
    }

    @inline(__always)
    func childStart(_ node: Int) -> Int { slot(node).start }

    @inline(__always)
    func quickScalar(_ node: Int) -> ArchiveValue? {
        let word = info[node]
        switch word >> 24 {
        case 0x08: return .bool(false)
        case 0x09: return .bool(true)
        case 0x10, 0x11: return .int(Int64(word & 0x00FF_FFFF))   // read by the scan
        default: return nil
        }
    }

    @inline(__always)
    func uidValue(_ node: Int) -> UInt64? {
        let word = info[node]
        switch word >> 24 {
        case 0x80...0x82: return UInt64(word & 0x00FF_FFFF)
        case 0x83...0x8F: return uid(node)
        default: return nil
        }
    }

    @inline(__always)
    func childCount(_ node: Int) -> Int {
        switch marker(node) >> 4 {
        case 0xA, 0xC, 0xD: return slot(node).count
        default: return 0
        }
    }
}
