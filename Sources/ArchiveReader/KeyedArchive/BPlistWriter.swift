/// Writes a ``PlistValue`` as a binary property list (`bplist00`, nib-format.md §4.1), the way
/// CoreFoundation does: scalars de-duplicated, integers in the smallest of 1/2/4/8 bytes
/// (negative ones in 8, values above `Int64.max` in 16), 8-byte reals, ASCII strings as `0x5n`
/// and others as UTF-16BE `0x6n`, counts ≥ 15 as `0xnF` + an int object, the smallest offset
/// and reference widths that fit, and the 32-byte trailer. Used by round-trip tests and samples.
package struct BPlistWriter {
    /// Wider-than-needed sizes (1, 2, 4 or 8), for tests of every width; nil = smallest that fits.
    package var objectRefSize: Int?
    package var offsetIntSize: Int?

    private enum Item { case scalar(PlistValue), array(UInt8, [Int]), dictionary([Int], [Int]) }
    private var items: [Item] = []
    private var scalarIndex: [PlistValue: Int] = [:]

    package init(objectRefSize: Int? = nil, offsetIntSize: Int? = nil) {
        self.objectRefSize = objectRefSize
        self.offsetIntSize = offsetIntSize
    }

    /// The whole file for `value` (the top object).
    package static func write(_ value: PlistValue) -> [UInt8] {
        var writer = BPlistWriter()
        return writer.write(value)
    }

    package mutating func write(_ value: PlistValue) -> [UInt8] {
        items = []
        scalarIndex = [:]
        let top = flatten(value)
        let count = items.count
        let refSize = max(objectRefSize ?? 1, Self.width(for: UInt64(max(0, count - 1))))
        var out: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for item in items {
            offsets.append(out.count)
            switch item {
            case .scalar(let v): Self.encodeScalar(v, into: &out)
            case .array(let marker, let refs):
                Self.header(marker, refs.count, into: &out)
                for r in refs { Self.bigEndian(UInt64(r), refSize, into: &out) }
            case .dictionary(let keys, let values):
                Self.header(0xD, keys.count, into: &out)
                for r in keys { Self.bigEndian(UInt64(r), refSize, into: &out) }
                for r in values { Self.bigEndian(UInt64(r), refSize, into: &out) }
            }
        }
        let tableOffset = out.count
        let offsetSize = max(offsetIntSize ?? 1, Self.width(for: UInt64(tableOffset)))
        for o in offsets { Self.bigEndian(UInt64(o), offsetSize, into: &out) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
        Self.bigEndian(UInt64(count), 8, into: &out)
        Self.bigEndian(UInt64(top), 8, into: &out)
        Self.bigEndian(UInt64(tableOffset), 8, into: &out)
        return out
    }

    /// Appends `value` (children first for scalars, parents first for containers); returns its index.
    private mutating func flatten(_ value: PlistValue) -> Int {
        switch value {
        case .array(let list), .set(let list):
            let index = items.count
            items.append(.array(0xA, []))
            let refs = list.map { flatten($0) }
            if case .set = value { items[index] = .array(0xC, refs) } else { items[index] = .array(0xA, refs) }
            return index
        case .dictionary(let entries):
            let index = items.count
            items.append(.dictionary([], []))
            let keys = entries.map { flatten(.string($0.key)) }
            let values = entries.map { flatten($0.value) }
            items[index] = .dictionary(keys, values)
            return index
        default:
            if let known = scalarIndex[value] { return known }
            items.append(.scalar(value))
            scalarIndex[value] = items.count - 1
            return items.count - 1
        }
    }

    static func width(for value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    static func bigEndian(_ value: UInt64, _ width: Int, into out: inout [UInt8]) {
        for i in stride(from: width - 1, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }

    /// Marker with a count in the low nibble, or `0xF` followed by an int object.
    static func header(_ kind: UInt8, _ count: Int, into out: inout [UInt8]) {
        if count < 15 { out.append(kind << 4 | UInt8(count)); return }
        out.append(kind << 4 | 0x0F)
        let width = Self.width(for: UInt64(count))
        out.append(0x10 | UInt8(width.trailingZeroBitCount))
        bigEndian(UInt64(count), width, into: &out)
    }

    static func encodeScalar(_ value: PlistValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(0x00)
        case .bool(let b): out.append(b ? 0x09 : 0x08)
        case .int(let i):
            if i < 0 { out.append(0x13); bigEndian(UInt64(bitPattern: i), 8, into: &out); return }
            let width = Self.width(for: UInt64(i))
            out.append(0x10 | UInt8(width.trailingZeroBitCount))
            bigEndian(UInt64(i), width, into: &out)
        case .uint(let u):
            if u <= UInt64(Int64.max) { encodeScalar(.int(Int64(u)), into: &out); return }
            out.append(0x14)
            bigEndian(0, 8, into: &out)
            bigEndian(u, 8, into: &out)
        case .real(let d): out.append(0x23); bigEndian(d.bitPattern, 8, into: &out)
        case .date(let t): out.append(0x33); bigEndian(t.bitPattern, 8, into: &out)
        case .data(let bytes): header(0x4, bytes.count, into: &out); out += bytes
        case .string(let s):
            if s.utf8.allSatisfy({ $0 < 0x80 }) {
                header(0x5, s.utf8.count, into: &out)
                out += s.utf8
            } else {
                let units = Array(s.utf16)
                header(0x6, units.count, into: &out)
                for u in units { out.append(UInt8(u >> 8)); out.append(UInt8(u & 0xFF)) }
            }
        case .uid(let n):
            let width = Self.width(for: n)
            out.append(0x80 | UInt8(width - 1))
            bigEndian(n, width, into: &out)
        case .array, .set, .dictionary: break   // containers are never scalars
        }
    }
}
