/// Thrown by a class mapper when the groups in the stream do not have the layout it expects; the
/// unarchiver then keeps that class level's values raw (never drops them).
struct TypedstreamLayoutMismatch: Error {
    var expected: String
    var found: String?
}

/// The groups of one object as seen by the mapper of one class level: a cursor over the groups
/// and the keyed fields produced so far. Values that a mapper does not name get the key
/// `<Class>.<n>`, `n` counting every value of that class level (nib-format.md §6).
///
/// One context serves every object and level of a decode (``TypedstreamUnarchiver``): the
/// unarchiver points it at the next object's groups and level instead of making a new one.
struct TypedstreamLevelContext {
    var className: String
    var version: Int
    /// The stream's groups (``TypedstreamStream/groups``); this object's are `cursor..<groupEnd`.
    let groups: [TypedstreamStream.Group]
    /// The stream's encoding strings, which the groups index (``TypedstreamStream/encodings``).
    let encodings: [String]
    /// The stream's values, which the groups index (``TypedstreamStream/values``).
    let values: [TypedstreamStream.Value]
    /// The next group to read: an index in ``groups``.
    var cursor: Int
    /// The end of the object's groups in ``groups``.
    var groupEnd: Int
    var fields: [ArchiveField] = []
    /// Values consumed by this level so far (names raw keys).
    var valueIndex = 0
    /// Class chains of the stream by class name (for `#` values).
    let classChains: [String: [TypedstreamStream.ClassLevel]]
    /// Set by `NSClassSwapper`: the template's class chain, whose levels follow in the stream.
    var continueWithChain: [TypedstreamStream.ClassLevel]?

    /// Memoised `<Class>.<n>` key strings of this class level.
    var rawKeys: TypedstreamRawKeys

    /// A context over `groups[cursor..<groupEnd]` (all of `groups` when `groupEnd` is nil).
    init(className: String, version: Int, groups: [TypedstreamStream.Group], encodings: [String],
         values: [TypedstreamStream.Value], cursor: Int, groupEnd: Int? = nil,
         classChains: [String: [TypedstreamStream.ClassLevel]] = [:], rawKeys: TypedstreamRawKeys? = nil) {
        self.classChains = classChains
        self.rawKeys = rawKeys ?? TypedstreamRawKeys(className)
        self.className = className
        self.version = version
        self.groups = groups
        self.encodings = encodings
        self.values = values
        self.cursor = cursor
        self.groupEnd = groupEnd ?? groups.count
    }

    var remainingGroups: Int { max(0, groupEnd - cursor) }

    /// The encoding string of the next group, if any.
    var peek: String? { cursor < groupEnd ? encodings[groups[cursor].encoding] : nil }

    /// The offset of the next group, if any.
    var nextOffset: Int? { cursor < groupEnd ? groups[cursor].offset : nil }

    /// Consumes the next group, which must have exactly `encoding`; returns its values and offset.
    mutating func take(_ encoding: String) throws(TypedstreamLayoutMismatch) -> (values: TypedstreamValues, offset: Int) {
        try take({ $0 == encoding }, describing: encoding)
    }

    /// Consumes the next group if `accept` approves its encoding.
    mutating func take(_ accept: (String) -> Bool, describing expected: String)
        throws(TypedstreamLayoutMismatch) -> (values: TypedstreamValues, offset: Int) {
        guard cursor < groupEnd, accept(encodings[groups[cursor].encoding]) else {
            throw TypedstreamLayoutMismatch(expected: expected, found: peek)
        }
        let group = groups[cursor]
        cursor += 1
        valueIndex += group.count
        return (TypedstreamValues(values, group), group.offset)
    }

    /// Consumes the next group (exact `encoding`) and emits its values under `names`; a nil name
    /// (or a missing one) produces the raw key `<Class>.<n>`.
    mutating func take(_ encoding: String, names: [String?]) throws(TypedstreamLayoutMismatch) {
        let start = valueIndex
        let (values, offset) = try take(encoding)
        for (i, value) in values.enumerated() {
            let name = i < names.count ? names[i] : nil
            emit(name ?? rawKey(start + i), value, at: offset)
        }
    }

    /// Consumes the next group (exact `encoding`) and emits its first value under `name` (the
    /// raw key when nil), the others under raw keys: `take(encoding, names: [name])` without an
    /// array per call.
    mutating func take(_ encoding: String, name: String?) throws(TypedstreamLayoutMismatch) {
        let start = valueIndex
        let (values, offset) = try take(encoding)
        for i in values.indices {
            emit(i == 0 ? name ?? rawKey(start) : rawKey(start + i), values[i], at: offset)
        }
    }

    /// An integer group (`i`, `I`, …) as a count, bounded by the groups left to read.
    mutating func takeCount(_ encoding: String, groupsPerItem: Int) throws(TypedstreamLayoutMismatch) -> Int {
        let (values, _) = try take(encoding)
        guard case .int(let n)? = values.first, n >= 0, n <= Int64(remainingGroups / max(1, groupsPerItem)) else {
            throw TypedstreamLayoutMismatch(expected: "a count of at most \(remainingGroups) items", found: nil)
        }
        return Int(n)
    }

    /// `<Class>.<n>`: the key of the level's value number `n` when no keyed name is known.
    func rawKey(_ n: Int) -> String { rawKeys.key(n) }

    mutating func emit(_ key: String, _ value: ArchiveValue, at offset: Int?) {
        fields.append(ArchiveField(key, value, offset: offset))
    }

    /// Emits every remaining group's values under raw keys.
    mutating func takeRest() {
        while cursor < groupEnd {
            let group = groups[cursor]
            cursor += 1
            for value in values[group.start..<group.end] {
                emit(rawKey(valueIndex), value, at: group.offset)
                valueIndex += 1
            }
        }
    }
}

/// The `<Class>.<n>` keys of one class level, built once per decode and class level.
final class TypedstreamRawKeys {
    let className: String
    private var keys: [String] = []

    init(_ className: String) { self.className = className }

    func key(_ n: Int) -> String {
        guard n >= 0, n < 256 else { return "\(className).\(n)" }
        while keys.count <= n { keys.append("\(className).\(keys.count)") }
        return keys[n]
    }
}

/// Geometry strings in the keyed-archive spelling (`NSStringFromRect`): `{{x, y}, {w, h}}`.
enum TypedstreamGeometry {
    static func number(_ value: ArchiveValue) -> String? {
        let d: Double
        switch value {
        case .float(let f): d = Double(f)
        case .double(let x): d = x
        case .int(let i): return String(i)
        default: return nil
        }
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return d.isFinite ? "\(d)" : nil
    }

    /// `{a, b}` from two numbers.
    static func pair<C: RandomAccessCollection<ArchiveValue>>(_ values: C) -> String? where C.Index == Int {
        guard values.count == 2 else { return nil }
        var text = Text()
        guard text.pair(values[values.startIndex], values[values.startIndex + 1]) else { return nil }
        return text.string
    }

    /// `{{x, y}, {w, h}}` from four numbers.
    static func rect<C: RandomAccessCollection<ArchiveValue>>(_ values: C) -> String? where C.Index == Int {
        guard values.count == 4 else { return nil }
        let i = values.startIndex
        var text = Text()
        text.bytes.append(UInt8(ascii: "{"))
        guard text.pair(values[i], values[i + 1]) else { return nil }
        text.bytes.append(UInt8(ascii: ","))
        text.bytes.append(UInt8(ascii: " "))
        guard text.pair(values[i + 2], values[i + 3]) else { return nil }
        text.bytes.append(UInt8(ascii: "}"))
        return text.string
    }

    /// True when `values` are two numbers that are both zero (``pair(_:)`` would be `{0, 0}`).
    static func isZeroPair<C: RandomAccessCollection<ArchiveValue>>(_ values: C) -> Bool where C.Index == Int {
        guard values.count == 2 else { return false }
        func zero(_ v: ArchiveValue) -> Bool {
            switch v {
            case .float(let f): return f == 0
            case .double(let d): return d == 0
            case .int(let i): return i == 0
            default: return false
            }
        }
        return zero(values[values.startIndex]) && zero(values[values.startIndex + 1])
    }

    /// The UTF-8 of a geometry string, written number by number: integral numbers (nearly all)
    /// digit by digit, others through ``number(_:)``; the same text as interpolating
    /// ``number(_:)``'s results, without a string per number and per interpolation.
    struct Text {
        var bytes: [UInt8] = []

        init() { bytes.reserveCapacity(40) }

        var string: String { String(decoding: bytes, as: UTF8.self) }

        /// Appends `{a, b}`; false when either is not a number.
        mutating func pair(_ a: ArchiveValue, _ b: ArchiveValue) -> Bool {
            bytes.append(UInt8(ascii: "{"))
            guard number(a) else { return false }
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: " "))
            guard number(b) else { return false }
            bytes.append(UInt8(ascii: "}"))
            return true
        }

        /// Appends ``TypedstreamGeometry/number(_:)`` of `value`; false when it is nil.
        mutating func number(_ value: ArchiveValue) -> Bool {
            let d: Double
            switch value {
            case .float(let f): d = Double(f)
            case .double(let x): d = x
            case .int(let i): integer(i); return true
            default: return false
            }
            if d.isFinite, d == d.rounded(), abs(d) < 1e15 { integer(Int64(d)); return true }
            guard let text = TypedstreamGeometry.number(value) else { return false }
            bytes.append(contentsOf: text.utf8)
            return true
        }

        /// `String(i)`'s digits.
        mutating func integer(_ i: Int64) {
            if i < 0 { bytes.append(UInt8(ascii: "-")) }
            var magnitude = i.magnitude
            let first = bytes.count
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            bytes[first...].reverse()
        }
    }
}
