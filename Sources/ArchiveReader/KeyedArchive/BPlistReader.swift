/// Reads a binary property list (`bplist00`, nib-format.md §4.1): ``withObjects(_:)`` validates it
/// and hands over the objects to read in place (the keyed-archive path, no intermediate tree);
/// ``read()`` builds a flat ``PlistDocument`` from them (``PropertyList``).
///
/// Validate first, then trust (the discipline of swift-foundation's `BPlistScanner`, style.md §2):
/// the 32-byte trailer and **every** offset-table entry are checked before any object is read;
/// then each object is checked once, in order, against the object area `[8, tableOffset)` (marker,
/// counts, lengths, UTF-16 well-formedness), and every reference against the object count. The
/// first failure is thrown with its absolute offset and `object #i`; nothing is decoded before the
/// whole list passed. Containers keep indexes, so the reader never recurses; cycles are reported
/// by the consumers (``PlistDocument/tree(at:maxDepth:)``, ``KeyedArchiveDecoder``).
/// Reads go through an `UnsafeBufferPointer` over the input (as ``NibCursor``), after these checks.
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
        // Objects keep 32-bit offsets (BPlistObjects.Slot): a binary plist must stay below 4 GiB
        // whatever limit the caller set (CoreFoundation's own writer never gets near it).
        guard bytes.count <= min(limits.maxFileSize, Int(UInt32.max)) else {
            throw fail(.limitExceeded(.fileSize, value: bytes.count), 0)
        }
        let t = bytes.count - Self.trailerSize
        // A trailer that fails any check is usually a file cut short (its last 32 bytes are then
        // object data), so every trailer error says "truncated or corrupt" and why.
        func bad(_ kind: ArchiveError.Kind, _ at: Int, _ why: String? = nil) -> ArchiveError {
            ArchiveError(kind, at: base + at, path: ["trailer"],
                         detail: "truncated or corrupt binary plist: the last 32 bytes are not a valid trailer ("
                             + (why ?? ArchiveError(kind, at: 0).kindDescription) + ")")
        }
        let offsetIntSize = Int(bytes[t + 6]), objectRefSize = Int(bytes[t + 7])
        guard [1, 2, 4, 8].contains(offsetIntSize) else {
            throw bad(.malformed("offset int size \(offsetIntSize) is not 1, 2, 4 or 8"), t + 6)
        }
        guard [1, 2, 4, 8].contains(objectRefSize) else {
            throw bad(.malformed("object ref size \(objectRefSize) is not 1, 2, 4 or 8"), t + 7)
        }
        let rawCount = be(t + 8, 8), rawTop = be(t + 16, 8), rawTable = be(t + 24, 8)
        guard rawCount >= 1 else { throw bad(.malformed("property list has no objects"), t + 8) }
        guard rawCount <= UInt64(limits.maxObjects) else {
            throw bad(.limitExceeded(.objectCount, value: Int(clamping: rawCount)), t + 8,
                      "object count \(rawCount) exceeds the limit of \(limits.maxObjects)")
        }
        let count = Int(rawCount)
        guard rawTop < rawCount else {
            throw bad(.indexOutOfRange(.plistObjects, index: Int(clamping: rawTop), count: count), t + 16,
                      "top object \(rawTop) is not below the object count \(count)")
        }
        // The offset table lies after the header and at least one object, and ends at or before the trailer.
        let tableSize = count * offsetIntSize   // ≤ 10M × 8: no overflow
        guard rawTable >= UInt64(Self.magic.count + 1), rawTable <= UInt64(t),
              Int(rawTable) + tableSize <= t else {
            throw bad(.sectionOutOfBounds(.offsetTable), t + 24,
                      "an offset table of \(count) × \(offsetIntSize) bytes at offset \(rawTable) does not fit "
                          + "between the objects and the trailer at offset \(t)")
        }
        // The reference width must be able to address every object.
        if objectRefSize < 8, rawCount > UInt64(1) << UInt64(8 * objectRefSize) {
            throw bad(.malformed("object ref size \(objectRefSize) cannot address \(count) objects"), t + 7)
        }
        return Trailer(offsetIntSize: offsetIntSize, objectRefSize: objectRefSize, objectCount: count,
                       topObject: Int(rawTop), offsetTableOffset: Int(rawTable))
    }

    /// Reads and checks every offset-table entry: each must point into `[8, tableOffset)`.
    /// 32 bits each: the input is below 4 GiB (``readTrailer()``).
    func readOffsets(_ trailer: Trailer) throws(ArchiveError) -> [UInt32] {
        let end = trailer.offsetTableOffset, size = trailer.offsetIntSize
        return try bytes.withUnsafeBufferPointer { buf throws(ArchiveError) -> [UInt32] in
            let count = trailer.objectCount
            // Bounded by the table check. Read every entry, then take the smallest and largest
            // (branch-free loops the compiler vectorises); only when one is out of range look for
            // the first bad entry.
            var smallest = UInt64.max, largest: UInt64 = 0
            let offsets = [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
                guard let base = buf.baseAddress, let dst = out.baseAddress else { return }
                // One loop per width, loads the compiler can vectorise: the table's start is added
                // once and the index scaled with wrapping arithmetic (`count × size` fits the input,
                // checked by readTrailer), so no overflow check sits inside the loop.
                let table = UnsafeRawPointer(base + end)
                switch size {
                case 1:
                    for i in 0..<count { dst[i] = UInt32(table.load(fromByteOffset: i, as: UInt8.self)) }
                case 2:
                    for i in 0..<count {
                        dst[i] = UInt32(UInt16(bigEndian: table.loadUnaligned(fromByteOffset: i &* 2, as: UInt16.self)))
                    }
                case 4:
                    for i in 0..<count {
                        dst[i] = UInt32(bigEndian: table.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
                    }
                default:   // 8: an entry above 32 bits is out of range (the table lies below 4 GiB)
                    for i in 0..<count {
                        let raw = UInt64(bigEndian: table.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self))
                        dst[i] = raw > UInt64(UInt32.max) ? UInt32.max : UInt32(raw)
                    }
                }
                var lo = UInt32.max, hi: UInt32 = 0
                for i in 0..<count { lo = min(lo, dst[i]); hi = max(hi, dst[i]) }
                smallest = UInt64(lo); largest = UInt64(hi)
                initialized = count
            }
            if smallest < UInt64(Self.magic.count) || largest >= UInt64(end) {
                for i in 0..<count {
                    let at = end + i * size, raw = BPlistObjects.be(buf, at, size)
                    guard raw >= UInt64(Self.magic.count), raw < UInt64(end) else {
                        throw fail(.sectionOutOfBounds(.plistObjects), at).within("offset table entry #\(i)")
                    }
                }
            }
            return offsets
        }
    }

    /// Validates the whole list (trailer, offset table, then every object in order) without
    /// materialising any value, then calls `body` with the validated objects, read in place
    /// (the ``BPlistObjects`` value must not escape `body`).
    func withObjects<R>(_ body: (BPlistObjects) throws(ArchiveError) -> R) throws(ArchiveError) -> R {
        let trailer = try readTrailer()
        let offsetTable = try readOffsets(trailer)
        return try offsetTable.withUnsafeBufferPointer { offsets throws(ArchiveError) -> R in
            try bytes.withUnsafeBufferPointer { buf throws(ArchiveError) -> R in
                // Objects must not overlap: an offset table aliasing one large object (or pointing inside
                // another's payload) would otherwise have it validated and copied once per entry.
                // Payload bytes and references may total at most twice the object area.
                var payload = 0
                let payloadLimit = 2 * trailer.offsetTableOffset
                let end = trailer.offsetTableOffset
                // Per object, for the decoder (BPlistObjects.info): the marker, and the value of a UID of
                // 1–3 bytes or an integer of 1–2 bytes. Read here, in file order, so the decoder never goes to the bytes of a
                // UID or for a marker: it visits objects in reference order.
                let info = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: trailer.objectCount)
                defer { info.deallocate() }
                for i in 0..<trailer.objectCount {
                    // The common small objects are checked inline by the rules of `slot`: UIDs (6 in 10
                    // objects of the corpus' keyed archives), booleans and null, integers of 1–8 bytes and
                    // 8-bit strings of up to 14 bytes; anything else, or any failure, goes to `slot`.
                    let at = Int(offsets[i]), marker = buf[at], low = Int(marker & 0x0F), room = end - at - 1
                    switch marker >> 4 {
                    case 0x8 where low + 1 <= room:
                        // Not counted in `payload`: ≤ 16 bytes each, their number bounded by the offset table.
                        let value = low <= 2 ? UInt32(truncatingIfNeeded: BPlistObjects.be(buf, at + 1, low + 1)) : 0
                        info[i] = UInt32(marker) << 24 | value
                        continue
                    default:
                        info[i] = UInt32(marker) << 24
                    }
                    switch marker >> 4 {
                    case 0x0 where marker == 0x00 || marker == 0x08 || marker == 0x09 || marker == 0x0F:
                        continue
                    case 0x1 where low <= 3 && 1 << low <= room:
                        if low <= 1 { info[i] |= UInt32(truncatingIfNeeded: BPlistObjects.be(buf, at + 1, 1 << low)) }
                        payload += 1 << low
                        continue
                    case 0x5 where low < 0x0F && low <= room:
                        payload += low
                        continue
                    default:
                        break
                    }
                    do throws(ArchiveError) {
                        let s = try slot(buf, at: at, trailer)
                        switch s.marker >> 4 {
                        case 0x4, 0x5: payload += s.count
                        case 0x6: payload += 2 * s.count
                        case 0xA, 0xC: payload += s.count * trailer.objectRefSize
                        case 0xD: payload += 2 * s.count * trailer.objectRefSize
                        default: payload += s.count
                        }
                        guard payload <= payloadLimit else {
                            throw fail(.sectionsOverlap(.plistObjects, .plistObjects), Int(offsets[i]))
                        }
                    } catch {
                        throw error.within("object #\(i)")
                    }
                }
                return try body(BPlistObjects(buf: buf, base: base, trailer: trailer, offsets: offsets,
                                              info: UnsafeBufferPointer(info)))
            }
        }
    }

    /// Decodes the whole list into a flat document: ``withObjects(_:)``, then one node per object.
    func read() throws(ArchiveError) -> PlistDocument {
        try withObjects { objects throws(ArchiveError) -> PlistDocument in
            var nodes: [PlistDocument.Node] = []
            nodes.reserveCapacity(objects.count)
            var pool: [Int] = []
            // References need at least `objectRefSize` bytes each in the object area.
            pool.reserveCapacity(DecodingLimits.reservation(objects.count * 2, remaining: objects.trailer.offsetTableOffset,
                                                            minRecordSize: objects.trailer.objectRefSize))
            for i in 0..<objects.count {
                let slot = objects.slot(i)
                switch slot.marker >> 4 {
                case 0xA, 0xC:
                    let start = pool.count
                    for j in 0..<slot.count { pool.append(objects.childRef(slot.start, j)) }
                    nodes.append(slot.marker >> 4 == 0xA ? .array(start..<pool.count) : .set(start..<pool.count))
                case 0xD:
                    let start = pool.count
                    for j in 0..<(2 * slot.count) { pool.append(objects.childRef(slot.start, j)) }
                    nodes.append(.dictionary(keys: start..<(start + slot.count), values: (start + slot.count)..<pool.count))
                default:
                    nodes.append(.scalar(objects.scalar(i)))
                }
            }
            return PlistDocument(nodes: nodes, refs: pool, offsets: objects.offsets.map { base + Int($0) },
                                 top: objects.top)
        }
    }

    @inline(__always)
    private func need(_ n: Int, _ p: Int, _ end: Int) throws(ArchiveError) {
        guard n >= 0, n <= end - p else { throw fail(.truncated(needed: n, available: max(0, end - p)), p) }
    }

    /// A count: the low nibble, or for `0xF` an int object that follows (advances `p`).
    @inline(__always)
    private func count(_ buf: UnsafeBufferPointer<UInt8>, _ low: Int, _ p: inout Int, _ end: Int) throws(ArchiveError) -> Int {
        guard low == 0x0F else { return low }
        try need(1, p, end)
        let intMarker = buf[p]
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
            throw fail(.malformed("extended count is not an integer (marker 0x\(String(intMarker, radix: 16, uppercase: true)))"), p)
        }
        let width = 1 << Int(intMarker & 0x0F)
        p += 1
        try need(width, p, end)
        let raw = BPlistObjects.be(buf, p, width)
        guard raw <= UInt64(end) else { throw fail(.truncated(needed: Int(clamping: raw), available: end - p - width), p) }
        p += width
        return Int(raw)
    }

    /// Checks `n` object references starting at `p` against the object area and the object
    /// count (advances `p`).
    @inline(__always)
    private func refs(_ buf: UnsafeBufferPointer<UInt8>, _ n: Int, _ p: inout Int, _ trailer: Trailer) throws(ArchiveError) {
        let size = trailer.objectRefSize, end = trailer.offsetTableOffset
        guard n <= (end - p) / size else { throw fail(.truncated(needed: n * size, available: end - p), p) }
        let limit = UInt64(trailer.objectCount)
        func outOfRange(_ at: Int) -> ArchiveError {
            fail(.indexOutOfRange(.plistObjects, index: Int(clamping: BPlistObjects.be(buf, at, size)), count: trailer.objectCount), at)
        }
        // The common widths: first the largest reference (a branch-free loop the compiler
        // vectorises), and only when it is out of range look for the first bad one.
        switch size {
        case 1:
            var largest: UInt8 = 0
            for at in p..<(p + n) { largest = max(largest, buf[at]) }
            if UInt64(largest) >= limit {
                for at in p..<(p + n) where UInt64(buf[at]) >= limit { throw outOfRange(at) }
            }
        case 2:
            if n > 0, let start = buf.baseAddress.map({ UnsafeRawPointer($0 + p) }) {
                var largest: UInt16 = 0
                for i in 0..<n { largest = max(largest, UInt16(bigEndian: start.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self))) }
                if UInt64(largest) >= limit {
                    for i in 0..<n where UInt64(buf[p + 2 * i]) << 8 | UInt64(buf[p + 2 * i + 1]) >= limit { throw outOfRange(p + 2 * i) }
                }
            }
        default:
            for i in 0..<n where BPlistObjects.be(buf, p + i * size, size) >= limit { throw outOfRange(p + i * size) }
        }
        p += n * size
    }

    /// Validates the object whose marker byte is at `start` (already checked to be in the object
    /// area) and returns where its payload lies.
    private func slot(_ buf: UnsafeBufferPointer<UInt8>, at start: Int, _ trailer: Trailer) throws(ArchiveError) -> BPlistObjects.Slot {
        typealias Slot = BPlistObjects.Slot
        let end = trailer.offsetTableOffset
        let marker = buf[start]
        let low = Int(marker & 0x0F)
        var p = start + 1

        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00, 0x0F, 0x08, 0x09: return Slot(marker: marker, start: p, count: 0)
            default: throw fail(.unknownMarker(marker), start)
            }
        case 0x1:
            guard low <= 4 else { throw fail(.unknownMarker(marker), start) }
            let width = 1 << low
            try need(width, p, end)
            if width == 16 {
                let high = BPlistObjects.be(buf, p, 8), lowWord = BPlistObjects.be(buf, p + 8, 8)
                guard high == 0 || (high == UInt64.max && lowWord > UInt64(Int64.max)) else {
                    throw fail(.malformed("16-byte integer does not fit 64 bits"), start)
                }
            }
            return Slot(marker: marker, start: p, count: width)
        case 0x2:
            if marker == 0x22 { try need(4, p, end); return Slot(marker: marker, start: p, count: 4) }
            if marker == 0x23 { try need(8, p, end); return Slot(marker: marker, start: p, count: 8) }
            throw fail(.unknownMarker(marker), start)
        case 0x3:
            guard marker == 0x33 else { throw fail(.unknownMarker(marker), start) }
            try need(8, p, end)
            return Slot(marker: marker, start: p, count: 8)
        case 0x4, 0x5:
            let n = try count(buf, low, &p, end)
            try need(n, p, end)
            return Slot(marker: marker, start: p, count: n)
        case 0x6:
            let n = try count(buf, low, &p, end)
            guard n <= (end - p) / 2 else { throw fail(.truncated(needed: n * 2, available: end - p), p) }
            guard Self.isValidUTF16BE(buf, p, n) else {
                throw fail(.malformed("invalid UTF-16 string (unpaired surrogate)"), start)
            }
            return Slot(marker: marker, start: p, count: n)
        case 0x8:
            let width = low + 1
            try need(width, p, end)
            return Slot(marker: marker, start: p, count: width)
        case 0xA, 0xC:
            let n = try count(buf, low, &p, end)
            let first = p
            try refs(buf, n, &p, trailer)
            return Slot(marker: marker, start: first, count: n)
        case 0xD:
            let n = try count(buf, low, &p, end)
            guard n <= (end - p) / (2 * trailer.objectRefSize) else {
                throw fail(.truncated(needed: n * 2 * trailer.objectRefSize, available: end - p), p)
            }
            let first = p
            try refs(buf, 2 * n, &p, trailer)   // keys, then values (contiguous; the first bad one is reported)
            return Slot(marker: marker, start: first, count: n)
        default:
            throw fail(.unknownMarker(marker), start)
        }
    }

    /// True when the `n` big-endian UTF-16 code units at `p` have no unpaired surrogate (the
    /// condition under which `String(validating:as: UTF16.self)` succeeds).
    static func isValidUTF16BE(_ buf: UnsafeBufferPointer<UInt8>, _ p: Int, _ n: Int) -> Bool {
        var j = 0
        while j < n {
            let unit = UInt16(buf[p + 2 * j]) << 8 | UInt16(buf[p + 2 * j + 1])
            j += 1
            switch unit {
            case 0xD800...0xDBFF:
                guard j < n else { return false }
                let next = UInt16(buf[p + 2 * j]) << 8 | UInt16(buf[p + 2 * j + 1])
                guard (0xDC00...0xDFFF).contains(next) else { return false }
                j += 1
            case 0xDC00...0xDFFF:
                return false
            default:
                continue
            }
        }
        return true
    }
}
