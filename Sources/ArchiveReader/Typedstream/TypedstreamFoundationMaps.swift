/// Foundation classes of typedstreams, emitted in the keyed-archive spelling (nib-format.md §4.1):
/// `NS.string`, `NS.objects`, `NS.keys`, `NS.intval`/`NS.dblval`, `NS.data`, `NS.time`.
/// Layouts and class versions: [S: pytypedstream `types/foundation.py`].
extension TypedstreamClassMaps {
    /// `NSString` v1: one `+` group, UTF-8 text → `NS.string` (inline `.string`).
    static func mapString(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {
        let (values, offset) = try ctx.take("+")
        switch values.first {
        case .data(let bytes)?: ctx.emit("NS.string", .string(String(decoding: bytes, as: UTF8.self)), at: offset)
        default: ctx.emit("NS.string", values.first ?? .null, at: offset)
        }
    }

    /// `NSArray` v0 (`i` count then one `@` group per element) and `NSSet` v0 (`I` count) →
    /// `NS.objects` (inline `.array`).
    static func mapArray(countEncoding: String) -> Mapper {
        return { (ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) in
            let start = ctx.nextOffset
            let count = try ctx.takeCount(countEncoding, groupsPerItem: 1)
            var items: [ArchiveValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try ctx.take("@").values[0]) }
            ctx.emit("NS.objects", .array(items), at: start)
        }
    }

    /// `NSDictionary` v0: `i` count then alternating key and value `@` groups →
    /// `NS.keys` + `NS.objects`.
    static func mapDictionary(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {
        let start = ctx.nextOffset
        let count = try ctx.takeCount("i", groupsPerItem: 2)
        var keys: [ArchiveValue] = []
        var values: [ArchiveValue] = []
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        for _ in 0..<count {
            keys.append(try ctx.take("@").values[0])
            values.append(try ctx.take("@").values[0])
        }
        ctx.emit("NS.keys", .array(keys), at: start)
        ctx.emit("NS.objects", .array(values), at: start)
    }

    /// `NSValue` v0: a `*` group with the value's type encoding, then one group of that type.
    /// Numbers (`NSNumber`) become `NS.intval` or `NS.dblval`; other values stay raw.
    static func mapValue(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {
        let start = ctx.valueIndex
        let (typeValues, typeOffset) = try ctx.take("*")
        ctx.emit(ctx.rawKey(start), typeValues.first ?? .null, at: typeOffset)
        guard case .string(let type)? = typeValues.first else { return }
        let (values, offset) = try ctx.take(type)
        guard values.count == 1 else {
            for (i, v) in values.enumerated() { ctx.emit(ctx.rawKey(start + 1 + i), v, at: offset) }
            return
        }
        switch values[0] {
        case .int, .bool: ctx.emit("NS.intval", values[0], at: offset)
        case .float(let f): ctx.emit("NS.dblval", .double(Double(f)), at: offset)
        case .double: ctx.emit("NS.dblval", values[0], at: offset)
        default: ctx.emit(ctx.rawKey(start + 1), values[0], at: offset)
        }
    }

    /// `NSData` v0: `i` length then a `[Nc]` byte array → `NS.data`.
    static func mapData(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {
        _ = try ctx.take("i")
        let (values, offset) = try ctx.take(TypedstreamClassMaps.isByteArrayEncoding, describing: "[Nc]")
        ctx.emit("NS.data", values.first ?? .null, at: offset)
    }

    /// True for an encoding that starts with `[` and ends with `c]` (`[Nc]`), compared byte by
    /// byte: encodings are ASCII where these characters stand (the reader checked them), so this
    /// is `hasPrefix("[") && hasSuffix("c]")` without comparing characters.
    static func isByteArrayEncoding(_ encoding: String) -> Bool {
        let utf8 = encoding.utf8
        guard utf8.count >= 2, utf8.first == UInt8(ascii: "[") else { return false }
        var end = utf8.endIndex
        utf8.formIndex(before: &end)
        guard utf8[end] == UInt8(ascii: "]") else { return false }
        utf8.formIndex(before: &end)
        return utf8[end] == UInt8(ascii: "c")
    }

    /// `NSDate` v0: seconds since 2001 as `d` → `NS.time`.
    static func mapDate(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {
        try ctx.take("d", name: "NS.time")
    }

    /// Foundation entries of the class table.
    static func foundationMapper(for name: String, version: Int) -> Mapper? {
        switch (name, version) {
        case ("NSObject", _): return { (_: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) in }
        case ("NSString", 1): return mapString
        case ("NSMutableString", 1), ("NSMutableArray", 0), ("NSMutableSet", 0), ("NSMutableDictionary", 0),
             ("NSNumber", 0), ("NSMutableData", 0):
            return none
        case ("NSArray", 0): return mapArray(countEncoding: "i")
        case ("NSSet", 0): return mapArray(countEncoding: "I")
        case ("NSDictionary", 0): return mapDictionary
        case ("NSValue", 0): return mapValue
        case ("NSData", 0): return mapData
        case ("NSDate", 0): return mapDate
        default: return nil
        }
    }

    /// A class level that archives nothing of its own.
    static func none(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {}
}
