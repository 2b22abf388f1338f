/// The NIBArchive decoder's bounds-checked cursor: ``ByteReader``'s reads and errors over an
/// `UnsafeBufferPointer` (no array retain/release or double bounds checks per byte), for speed.
///
/// Every read checks against `end` first and throws ``ArchiveError`` with the absolute offset
/// where the read started (`truncated`) or the varint's first byte (`varintTooLong`), exactly as
/// ``ByteReader`` does.
struct NibCursor {
    let buffer: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int
    let base: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int? = nil, base: Int) {
        self.buffer = buffer
        self.position = start
        self.end = min(end ?? buffer.count, buffer.count)
        self.base = base
    }

    var absolute: Int { base + position }
    var remaining: Int { max(0, end - position) }

    @inline(__always)
    func truncated(_ needed: Int) -> ArchiveError {
        ArchiveError(.truncated(needed: needed, available: remaining), at: absolute)
    }

    @inline(__always)
    mutating func u8() throws(ArchiveError) -> UInt8 {
        guard position < end else { throw truncated(1) }
        defer { position += 1 }
        return buffer[position]
    }

    /// Little-endian unsigned integer of `width` bytes (1…8).
    @inline(__always)
    mutating func uintLE(_ width: Int) throws(ArchiveError) -> UInt64 {
        guard width <= end - position else { throw truncated(width) }
        var v: UInt64 = 0
        for i in 0..<width { v |= UInt64(buffer[position + i]) << (8 * UInt64(i)) }
        position += width
        return v
    }

    @inline(__always)
    mutating func u32LE() throws(ArchiveError) -> UInt32 { UInt32(truncatingIfNeeded: try uintLE(4)) }

    /// `count` bytes copied out.
    @inline(__always)
    mutating func bytes(_ count: Int) throws(ArchiveError) -> [UInt8] {
        guard count >= 0, count <= end - position else { throw truncated(count) }
        defer { position += count }
        return Array(UnsafeBufferPointer(rebasing: buffer[position..<(position + count)]))
    }

    /// `count` bytes as a view (valid while the buffer is), for UTF-8 validation without a copy.
    @inline(__always)
    mutating func view(_ count: Int) throws(ArchiveError) -> UnsafeBufferPointer<UInt8> {
        guard count >= 0, count <= end - position else { throw truncated(count) }
        defer { position += count }
        return UnsafeBufferPointer(rebasing: buffer[position..<(position + count)])
    }

    /// NIBArchive varint (nib-format.md §2.2): 7 bits per byte, least significant group first,
    /// the high bit set marks the **last** byte; at most 5 bytes and 32 bits.
    @inline(__always)
    mutating func nibVarint() throws(ArchiveError) -> Int {
        if position < end, buffer[position] & 0x80 != 0 {  // one-byte fast path (0…127)
            defer { position += 1 }
            return Int(buffer[position] & 0x7F)
        }
        let start = absolute
        var result: UInt64 = 0
        var shift: UInt64 = 0
        for _ in 0..<5 {
            guard position < end else { throw ArchiveError(.truncated(needed: 1, available: 0), at: absolute) }
            let b = buffer[position]
            position += 1
            result |= UInt64(b & 0x7F) << shift
            if b & 0x80 != 0 {
                guard result <= UInt64(UInt32.max) else { throw ArchiveError(.varintTooLong, at: start) }
                return Int(result)
            }
            shift += 7
        }
        throw ArchiveError(.varintTooLong, at: start)
    }
}
