/// Reads a binary property list (`bplist00`, nib-format.md §4.1) into a flat ``PlistDocument``.
///
/// Validate first, then trust (the discipline of swift-foundation's `BPlistScanner`, style.md §2):
/// the 32-byte trailer and **every** offset-table entry are checked before any object is read;
/// then each object is decoded once, bounds-checked against the object area `[8, tableOffset)`,
/// and every reference is checked against the object count. Containers keep indexes, so the
/// reader never recurses; cycles are reported when a tree is built (``PlistDocument/tree(at:maxDepth:)``).
/// Unlike Foundation on Linux, UIDs keep their value and every error has a byte offset.
struct BPlistReader {
    /// Trailer fields (CoreFoundation `CFBinaryPlistTrailer`).
    struct Trailer: Hashable {
        var offsetIntSize: Int
        var objectRefSize: Int
        var objectCount: Int
        var topObject: Int
        var offsetTableOffset: Int
    }

    static let magic: [UInt8] = Array("bplist00".utf8)
    static let trailerSize = 32

    let bytes: [UInt8]
    let limits: DecodingLimits
    let base: Int

    init(bytes: [UInt8], limits: DecodingLimits = .default, base: Int = 0) {
        self.bytes = bytes
        self.limits = limits
        self.base = base
    }

    private func fail(_ kind: ArchiveError.Kind, _ offset: Int) -> ArchiveError {
        ArchiveError(kind, at: base + offset)
    }

    /// Big-endian unsigned integer of `width` (1…8) bytes at `at`; the caller has bounds-checked.
    @inline(__always)
    private func be(_ at: Int, _ width: Int) -> UInt64 {
        switch width {
        case 1: return UInt64(bytes[at])
        case 2: return UInt64(bytes[at]) << 8 | UInt64(bytes[at + 1])
        default:
            var v: UInt64 = 0
            for i in at..<(at + width) { v = (v << 8) | UInt64(bytes[i]) }
            return v
        }
    }

    /// Checks magic and trailer (every rule before any object is touched).
    func readTrailer() throws(ArchiveError) -> Trailer {
        let minimum = Self.magic.count + 1 + 1 + Self.trailerSize   // header, 1 object, 1 offset, trailer
        guard bytes.count >= minimum else {
            throw fail(.truncated(needed: minimum, available: bytes.count), 0)
        }
        guard bytes.starts(with: Self.magic) else { throw fail(.notAnArchive(detected: nil), 0) }
        guard bytes.count <= limits.maxFileSize else { throw fail(.limitExceeded(.fileSize, value: bytes.count), 0) }
        let t = bytes.count - Self.trailerSize
        let offsetIntSize = Int(bytes[t + 6]), objectRefSize = Int(bytes[t + 7])
        guard [1, 2, 4, 8].contains(offsetIntSize) else {
            throw fail(.malformed("offset int size \(offsetIntSize) is not 1, 2, 4 or 8"), t + 6).within("trailer")
        }
        guard [1, 2, 4, 8].contains(objectRefSize) else {
            throw fail(.malformed("object ref size \(objectRefSize) is not 1, 2, 4 or 8"), t + 7).within("trailer")
        }
        let rawCount = be(t + 8, 8), rawTop = be(t + 16, 8), rawTable = be(t + 24, 8)
        guard rawCount >= 1 else { throw fail(.malformed("property list has no objects"), t + 8).within("trailer") }
        guard rawCount <= UInt64(limits.maxObjects) else {
            throw fail(.limitExceeded(.objectCount, value: Int(clamping: rawCount)), t + 8).within("trailer")
        }
        let count = Int(rawCount)
        guard rawTop < rawCount else {
            throw fail(.indexOutOfRange(.plistObjects, index: Int(clamping: rawTop), count: count), t + 16).within("trailer")
        }
        // The offset table lies after the header and at least one object, and ends at or before the trailer.
        let tableSize = count * offsetIntSize   // ≤ 10M × 8: no overflow
        guard rawTable >= UInt64(Self.magic.count + 1), rawTable <= UInt64(t),
              Int(rawTable) + tableSize <= t else {
            throw fail(.sectionOutOfBounds(.offsetTable), t + 24).within("trailer")
        }
        // The reference width must be able to address every object.
        if objectRefSize < 8, rawCount > UInt64(1) << UInt64(8 * objectRefSize) {
            throw fail(.malformed("object ref size \(objectRefSize) cannot address \(count) objects"), t + 7).within("trailer")
        }
        return Trailer(offsetIntSize: offsetIntSize, objectRefSize: objectRefSize, objectCount: count,
                       topObject: Int(rawTop), offsetTableOffset: Int(rawTable))
    }

    /// Reads and checks every offset-table entry: each must point into `[8, tableOffset)`.
    func readOffsets(_ trailer: Trailer) throws(ArchiveError) -> [Int] {
        var offsets = [Int](repeating: 0, count: trailer.objectCount)   // bounded by the table check
        let end = trailer.offsetTableOffset
        for i in 0..<trailer.objectCount {
            let at = end + i * trailer.offsetIntSize
            let raw = be(at, trailer.offsetIntSize)
            guard raw >= UInt64(Self.magic.count), raw < UInt64(end) else {
                throw fail(.sectionOutOfBounds(.plistObjects), at).within("offset table entry #\(i)")
            }
            offsets[i] = Int(raw)
        }
        return offsets
    }

    /// Decodes the whole list: trailer, offset table, then every object.
    func read() throws(ArchiveError) -> PlistDocument {
        let trailer = try readTrailer()
        let offsets = try readOffsets(trailer)
        var nodes: [PlistDocument.Node] = []
        nodes.reserveCapacity(trailer.objectCount)   // bounded by the offset table check
        var pool: [Int] = []
        // References need at least `objectRefSize` bytes each in the object area.
        pool.reserveCapacity(DecodingLimits.reservation(trailer.objectCount * 2, remaining: trailer.offsetTableOffset,
                                                        minRecordSize: trailer.objectRefSize))
        // Objects must not overlap: an offset table aliasing one large object (or pointing inside
        // another's payload) would otherwise copy it once per entry. Decoded payload bytes and
        // references may total at most twice the object area (UTF-8 of Latin-1/UTF-16 text grows).
        var payload = 0
        let payloadLimit = 2 * trailer.offsetTableOffset
        for i in 0..<trailer.objectCount {
            do throws(ArchiveError) {
                let poolBefore = pool.count
                let node = try object(at: offsets[i], trailer, &pool)
                payload += (pool.count - poolBefore) * trailer.objectRefSize
                if case .scalar(let v) = node {
                    if case .data(let d) = v { payload += d.count } else if case .string(let s) = v { payload += s.utf8.count }
                }
                guard payload <= payloadLimit else { throw fail(.sectionsOverlap(.plistObjects, .plistObjects), offsets[i]) }
                nodes.append(node)
            } catch {
                throw error.within("object #\(i)")
            }
        }
        return PlistDocument(nodes: nodes, refs: pool, offsets: base == 0 ? offsets : offsets.map { $0 + base }, top: trailer.topObject)
    }

    @inline(__always)
    private func need(_ n: Int, _ p: Int, _ end: Int) throws(ArchiveError) {
        guard n >= 0, n <= end - p else { throw fail(.truncated(needed: n, available: max(0, end - p)), p) }
    }

    /// A count: the low nibble, or for `0xF` an int object that follows (advances `p`).
    private func count(_ low: Int, _ p: inout Int, _ end: Int) throws(ArchiveError) -> Int {
        guard low == 0x0F else { return low }
        try need(1, p, end)
        let intMarker = bytes[p]
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
            throw fail(.malformed("extended count is not an integer (marker 0x\(String(intMarker, radix: 16, uppercase: true)))"), p)
        }
        let width = 1 << Int(intMarker & 0x0F)
        p += 1
        try need(width, p, end)
        let raw = be(p, width)
        guard raw <= UInt64(end) else { throw fail(.truncated(needed: Int(clamping: raw), available: end - p - width), p) }
        p += width
        return Int(raw)
    }

    /// Appends `n` object references starting at `p` to `pool`, each checked against the object
    /// count (advances `p`); returns their range in `pool`.
    private func refs(_ n: Int, _ p: inout Int, _ trailer: Trailer, _ pool: inout [Int]) throws(ArchiveError) -> Range<Int> {
        let size = trailer.objectRefSize, end = trailer.offsetTableOffset
        guard n <= (end - p) / size else { throw fail(.truncated(needed: n * size, available: end - p), p) }
        let start = pool.count
        for i in 0..<n {
            let at = p + i * size
            let raw = be(at, size)
            guard raw < UInt64(trailer.objectCount) else {
                throw fail(.indexOutOfRange(.plistObjects, index: Int(clamping: raw), count: trailer.objectCount), at)
            }
            pool.append(Int(raw))
        }
        p += n * size
        return start..<pool.count
    }

    /// Decodes the object whose marker byte is at `start` (already checked to be in the object area).
    private func object(at start: Int, _ trailer: Trailer, _ pool: inout [Int]) throws(ArchiveError) -> PlistDocument.Node {
        let end = trailer.offsetTableOffset
        let marker = bytes[start]
        let low = Int(marker & 0x0F)
        var p = start + 1

        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00, 0x0F: return .scalar(.null)
            case 0x08: return .scalar(.bool(false))
            case 0x09: return .scalar(.bool(true))
            default: throw fail(.unknownMarker(marker), start)
            }
        case 0x1:
            guard low <= 4 else { throw fail(.unknownMarker(marker), start) }
            let width = 1 << low
            try need(width, p, end)
            if width < 8 { return .scalar(.int(Int64(be(p, width)))) }   // 1, 2, 4 bytes: unsigned
            if width == 8 { return .scalar(.int(Int64(bitPattern: be(p, 8)))) }
            let high = be(p, 8), lowWord = be(p + 8, 8)
            if high == 0 { return .scalar(lowWord <= UInt64(Int64.max) ? .int(Int64(lowWord)) : .uint(lowWord)) }
            if high == UInt64.max, lowWord > UInt64(Int64.max) { return .scalar(.int(Int64(bitPattern: lowWord))) }
            throw fail(.malformed("16-byte integer does not fit 64 bits"), start)
        case 0x2:
            if marker == 0x22 { try need(4, p, end); return .scalar(.real(Double(Float(bitPattern: UInt32(be(p, 4)))))) }
            if marker == 0x23 { try need(8, p, end); return .scalar(.real(Double(bitPattern: be(p, 8)))) }
            throw fail(.unknownMarker(marker), start)
        case 0x3:
            guard marker == 0x33 else { throw fail(.unknownMarker(marker), start) }
            try need(8, p, end)
            return .scalar(.date(Double(bitPattern: be(p, 8))))
        case 0x4:
            let n = try count(low, &p, end)
            try need(n, p, end)
            return .scalar(.data(Array(bytes[p..<(p + n)])))
        case 0x5:
            let n = try count(low, &p, end)
            try need(n, p, end)
            let slice = bytes[p..<(p + n)]
            var ascii = true
            for b in slice where b >= 0x80 { ascii = false; break }
            if ascii {
                let text = bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[p..<(p + n)]), as: UTF8.self) }
                return .scalar(.string(text))
            }
            if let s = String(validating: slice, as: UTF8.self) { return .scalar(.string(s)) }
            return .scalar(.string(String(String.UnicodeScalarView(slice.map { Unicode.Scalar($0) }))))   // Latin-1 leniency
        case 0x6:
            let n = try count(low, &p, end)
            guard n <= (end - p) / 2 else { throw fail(.truncated(needed: n * 2, available: end - p), p) }
            var units = [UInt16](repeating: 0, count: n)
            for i in 0..<n { units[i] = UInt16(bytes[p + 2 * i]) << 8 | UInt16(bytes[p + 2 * i + 1]) }
            guard let s = String(validating: units, as: UTF16.self) else {
                throw fail(.malformed("invalid UTF-16 string (unpaired surrogate)"), start)
            }
            return .scalar(.string(s))
        case 0x8:
            let width = low + 1
            try need(width, p, end)
            var value: UInt64 = 0
            for i in p..<(p + width) {
                guard value >> 56 == 0 else { value = .max; break }   // > 64 bits: out of range anyway
                value = value << 8 | UInt64(bytes[i])
            }
            return .scalar(.uid(value))
        case 0xA:
            let n = try count(low, &p, end)
            return .array(try refs(n, &p, trailer, &pool))
        case 0xC:
            let n = try count(low, &p, end)
            return .set(try refs(n, &p, trailer, &pool))
        case 0xD:
            let n = try count(low, &p, end)
            guard n <= (end - p) / (2 * trailer.objectRefSize) else {
                throw fail(.truncated(needed: n * 2 * trailer.objectRefSize, available: end - p), p)
            }
            let keys = try refs(n, &p, trailer, &pool)
            let values = try refs(n, &p, trailer, &pool)
            return .dictionary(keys: keys, values: values)
        default:
            throw fail(.unknownMarker(marker), start)
        }
    }
}
