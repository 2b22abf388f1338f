/// A bounds-checked cursor over an input's bytes. Every read that fails throws
/// ``ArchiveError`` with the absolute offset where the read started.
///
/// `base` is the absolute offset of `bytes[0]` in the original input (non-zero for nested
/// archives read from a data value), so reported offsets always point into the user's file.
struct ByteReader {
    let bytes: [UInt8]
    var position: Int
    let end: Int
    let base: Int

    init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil, base: Int = 0) {
        self.bytes = bytes
        self.position = start
        self.end = min(end ?? bytes.count, bytes.count)
        self.base = base
    }

    /// Absolute offset of the cursor in the original input.
    var absolute: Int { base + position }
    var remaining: Int { max(0, end - position) }
    var isAtEnd: Bool { position >= end }

    func truncated(_ needed: Int) -> ArchiveError {
        ArchiveError(.truncated(needed: needed, available: remaining), at: absolute)
    }

    mutating func u8() throws(ArchiveError) -> UInt8 {
        guard position < end else { throw truncated(1) }
        defer { position += 1 }
        return bytes[position]
    }

    /// Little-endian fixed-width unsigned integer of `width` bytes (1…8).
    mutating func uintLE(_ width: Int) throws(ArchiveError) -> UInt64 {
        guard remaining >= width else { throw truncated(width) }
        var v: UInt64 = 0
        for i in 0..<width { v |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
        position += width
        return v
    }

    /// Big-endian fixed-width unsigned integer of `width` bytes (1…8).
    mutating func uintBE(_ width: Int) throws(ArchiveError) -> UInt64 {
        guard remaining >= width else { throw truncated(width) }
        var v: UInt64 = 0
        for i in 0..<width { v = (v << 8) | UInt64(bytes[position + i]) }
        position += width
        return v
    }

    mutating func u32LE() throws(ArchiveError) -> UInt32 { UInt32(truncatingIfNeeded: try uintLE(4)) }

    mutating func bytes(_ count: Int) throws(ArchiveError) -> [UInt8] {
        guard count >= 0, remaining >= count else { throw truncated(count) }
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }
}
