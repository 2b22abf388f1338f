/// Thrown by a class mapper when the groups in the stream do not have the layout it expects; the
/// unarchiver then keeps that class level's values raw (never drops them).
struct TypedstreamLayoutMismatch: Error {
    var expected: String
    var found: String?
}

/// The groups of one object as seen by the mapper of one class level: a cursor over the groups
/// and the keyed fields produced so far. Values that a mapper does not name get the key
/// `<Class>.<n>`, `n` counting every value of that class level (nib-format.md §6).
struct TypedstreamLevelContext {
    let className: String
    let version: Int
    let groups: [TypedstreamStream.Group]
    /// The stream's values, which the groups index (``TypedstreamStream/values``).
    let values: [TypedstreamStream.Value]
    var cursor: Int
    var fields: [ArchiveField] = []
    /// Values consumed by this level so far (names raw keys).
    var valueIndex = 0
    /// Class chains of the stream by class name (for `#` values).
    let classChains: [String: [TypedstreamStream.ClassLevel]]
    /// Set by `NSClassSwapper`: the template's class chain, whose levels follow in the stream.
    var continueWithChain: [TypedstreamStream.ClassLevel]?

    /// Memoised `<Class>.<n>` key strings of this class level.
    let rawKeys: TypedstreamRawKeys

    init(className: String, version: Int, groups: [TypedstreamStream.Group], values: [TypedstreamStream.Value], cursor: Int,
         classChains: [String: [TypedstreamStream.ClassLevel]] = [:], rawKeys: TypedstreamRawKeys? = nil) {
        self.classChains = classChains
        self.rawKeys = rawKeys ?? TypedstreamRawKeys(className)
        self.className = className
        self.version = version
        self.groups = groups
        self.values = values
        self.cursor = cursor
    }

    var remainingGroups: Int { max(0, groups.count - cursor) }

    /// The encoding string of the next group, if any.
    var peek: String? { cursor < groups.count ? groups[cursor].encoding : nil }

    /// Consumes the next group, which must have exactly `encoding`; returns its values and offset.
    mutating func take(_ encoding: String) throws(TypedstreamLayoutMismatch) -> (values: TypedstreamValues, offset: Int) {
        try take({ $0 == encoding }, describing: encoding)
    }

    /// Consumes the next group if `accept` approves its encoding.
    mutating func take(_ accept: (String) -> Bool, describing expected: String)
        throws(TypedstreamLayoutMismatch) -> (values: TypedstreamValues, offset: Int) {
        guard cursor < groups.count, accept(groups[cursor].encoding) else {
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
        while cursor < groups.count {
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
        guard values.count == 2, let a = number(values[values.startIndex]),
              let b = number(values[values.startIndex + 1]) else { return nil }
        return "{\(a), \(b)}"
    }

    /// `{{x, y}, {w, h}}` from four numbers.
    static func rect<C: RandomAccessCollection<ArchiveValue>>(_ values: C) -> String? where C.Index == Int {
        guard values.count == 4, let origin = pair(values.prefix(2)), let size = pair(values.suffix(2)) else { return nil }
        return "{\(origin), \(size)}"
    }
}
