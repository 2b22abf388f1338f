import Foundation

/// `NSIBObjectData`, `NSColor` and `NSFont` of typedstream nibs, in the keyed-archive spelling
/// (nib-format.md §4.2, §6).
extension TypedstreamClassMaps {
    /// `NSIBObjectData` (v224; older versions tolerated by layout): root `@`; `i` count + `@@`
    /// (child, parent) pairs; `i` count + (object, name) pairs; visible-windows set `@`;
    /// connections array `@`; font manager `@`; then, when present, `i` count + `@i` (object,
    /// oid) pairs, next oid `i`, `i` count + `@@` (object, class name) pairs and the framework
    /// `@` [S: pytypedstream, Darling/Cocotron `NSIBObjectData.m`].
    ///
    /// Emits `NSRoot`, `NSObjectsKeys`/`NSObjectsValues`, `NSNamesKeys`/`NSNamesValues`,
    /// `NSVisibleWindows`, `NSConnections`, `NSFontManager`, `NSOidsKeys`/`NSOidsValues` (`.int`),
    /// `NSNextOid`, `NSClassesKeys`/`NSClassesValues`, `NSFramework`; tables as inline `.array`s.
    static func mapObjectData(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {
        try ctx.take("@", name: "NSRoot")
        try pairTable(&ctx, accept: { $0 == "@@" }, expected: "@@", keys: "NSObjectsKeys", values: "NSObjectsValues")
        try pairTable(&ctx, accept: { $0 == "@@" || $0 == "@*" }, expected: "@@",
                      keys: "NSNamesKeys", values: "NSNamesValues")
        try ctx.take("@", name: "NSVisibleWindows")
        try ctx.take("@", name: "NSConnections")
        try ctx.take("@", name: "NSFontManager")
        guard ctx.peek == "i" else { return }
        try pairTable(&ctx, accept: { $0 == "@i" }, expected: "@i", keys: "NSOidsKeys", values: "NSOidsValues")
        guard ctx.peek == "i" else { return }
        try ctx.take("i", name: "NSNextOid")
        guard ctx.peek == "i" else { return }
        try pairTable(&ctx, accept: { $0 == "@@" }, expected: "@@", keys: "NSClassesKeys", values: "NSClassesValues")
        guard ctx.peek == "@" else { return }
        try ctx.take("@", name: "NSFramework")
    }

    /// `i` count then `count` two-value groups → two parallel inline arrays.
    private static func pairTable(_ ctx: inout TypedstreamLevelContext, accept: (String) -> Bool, expected: String,
                                  keys: String, values: String) throws(TypedstreamLayoutMismatch) {
        let start = ctx.nextOffset
        let count = try ctx.takeCount("i", groupsPerItem: 1)
        var k: [ArchiveValue] = []
        var v: [ArchiveValue] = []
        k.reserveCapacity(count)
        v.reserveCapacity(count)
        for _ in 0..<count {
            let (pair, _) = try ctx.take(accept, describing: expected)
            k.append(pair[0])
            v.append(pair[1])
        }
        ctx.emit(keys, .array(k), at: start)
        ctx.emit(values, .array(v), at: start)
    }

    /// `NSColor` v0: `c` kind (1/2 calibrated/device RGB, 3/4 calibrated/device white, 5 CMYK,
    /// 6 named), then its components → `NSColorSpace` and `NSRGB`/`NSWhite`/`NSCMYK` as the
    /// keyed form's ASCII data (`"r g b[ a]\0"`, `%.8g` numbers), or `NSCatalogName`,
    /// `NSColorName`, `NSColor`.
    /// `d` as `String(format: "%.8g", d)` prints it: integral values below 10^8 (most colour
    /// components are 0 or 1) without printf, the others with C's `vsnprintf`, which is what
    /// `String(format:)` ends in, without its NSString on every call.
    static func percentG8(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e8, !(d == 0 && d.sign == .minus) { return String(Int64(d)) }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let written = withVaList([d]) { vsnprintf(buffer.baseAddress!, 64, "%.8g", $0) }
            guard written > 0, written < 64 else { return String(format: "%.8g", d) }
            return String(cString: buffer.baseAddress!)
        }
    }

    static func mapColor(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {
        let (kindValues, offset) = try ctx.take("c")
        guard case .int(let kind)? = kindValues.first else { return }
        ctx.emit("NSColorSpace", .int(kind), at: offset)
        func components(_ encoding: String, _ key: String) throws(TypedstreamLayoutMismatch) {
            let (v, at) = try ctx.take(encoding)
            // Components as the keyed form writes them: `%.8g`, alpha omitted when 1
            // [V: keyed twins of the cjwl/cocotron bundles].
            var parts = v.compactMap { value -> String? in
                switch value {
                case .float(let f): return TypedstreamClassMaps.percentG8(Double(f))
                case .double(let d): return TypedstreamClassMaps.percentG8(d)
                case .int(let i): return String(i)
                default: return nil
                }
            }
            if parts.count > 1, parts.last == "1" { parts.removeLast() }
            ctx.emit(key, .data(Array(parts.joined(separator: " ").utf8) + [0]), at: at)
        }
        switch kind {
        case 1, 2: try components("ffff", "NSRGB")
        case 3, 4: try components("ff", "NSWhite")
        case 5: try components("fffff", "NSCMYK")
        case 6: try ctx.take("@@@", names: ["NSCatalogName", "NSColorName", "NSColor"])
        default: break
        }
    }

    /// `NSFont` v21/v30: the name as an old-style serialized property list in a data object
    /// (`i` length + `[Nc]`), `f` size, four `c` flags → `NSName` (string), `NSSize` (double).
    static func mapFont(_ ctx: inout TypedstreamLevelContext) throws(TypedstreamLayoutMismatch) {
        _ = try ctx.take("i")
        let (data, offset) = try ctx.take(TypedstreamClassMaps.isByteArrayEncoding, describing: "[Nc]")
        if case .data(let bytes)? = data.first, let name = oldPlistString(bytes) {
            ctx.emit("NSName", .string(name), at: offset)
        } else {
            ctx.emit(ctx.rawKey(1), data.first ?? .null, at: offset)
        }
        let (size, sizeOffset) = try ctx.take("f")
        if case .float(let f)? = size.first {
            ctx.emit("NSSize", .double(Double(f)), at: sizeOffset)
        }
    }

    /// The root string of a NeXT serialized property list (little-endian type word 5 = 8-bit
    /// text, 6 = UTF-16 with BOM; then a length word) [S: pytypedstream `old_binary_plist.py`].
    static func oldPlistString(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 8 else { return nil }
        func word(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        let type = word(0)
        let length = word(4)
        guard length >= 0, length <= bytes.count - 8 else { return nil }
        let body = Array(bytes[8..<(8 + length)])
        switch type {
        case 5: return String(decoding: body, as: UTF8.self)
        case 6:
            guard body.count >= 2, body.count % 2 == 0 else { return nil }
            let little = body[0] == 0xFF && body[1] == 0xFE
            var units: [UInt16] = []
            var i = 2
            while i + 1 < body.count {
                units.append(little ? UInt16(body[i]) | UInt16(body[i + 1]) << 8 : UInt16(body[i]) << 8 | UInt16(body[i + 1]))
                i += 2
            }
            return String(decoding: units, as: UTF16.self)
        default: return nil
        }
    }
}
