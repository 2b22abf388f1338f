/// The object table of a binary plist after ``BPlistReader/withObjects(_:)`` validated every
/// object (nib-format.md §4.1), read in place from the input bytes.
///
/// Nothing is materialised up front: a consumer asks for the shape of an object, its children
/// (object references, read from the bytes) or its scalar value, so the keyed-archive decoder
/// goes from the offset table straight to an ``ObjectGraph`` without a ``PlistDocument``.
/// The only per-object state is the 32-bit offset of its marker byte: an object's marker, count
/// and payload are re-read from the bytes on each visit (``slot(_:)``), because the decoder
/// visits objects in reference order, not in order, and a small table stays in cache where a
/// table of parsed headers would not.
/// It reads through an `UnsafeBufferPointer` (no array retain or double bounds check per byte, as
/// ``NibCursor``), so a value is only valid inside ``BPlistReader/withObjects(_:)``.
/// Every object was checked by the scan (payload inside the object area, every reference below
/// the object count, UTF-16 well formed, 16-byte integers fitting 64 bits), so these accessors
/// cannot fail and read only validated ranges.
struct BPlistObjects {
    /// One object's header: its marker byte, where its payload starts (after the marker and any
    /// extended count) and its count (bytes of data, code units of a string, references of an
    /// array or set, entries of a dictionary, width of a number or UID).
    struct Slot {
        var marker: UInt8
        var start: Int
        var count: Int
    }

    /// The whole input; valid only inside ``BPlistReader/withObjects(_:)``.
    let buf: UnsafeBufferPointer<UInt8>
    /// Absolute offset of `bytes[0]` in the outermost input.
    let base: Int
    let trailer: BPlistReader.Trailer
    /// Offset of each object's marker byte, relative to `buf` (validated: inside the object area);
    /// valid only inside ``BPlistReader/withObjects(_:)``.
    let offsets: UnsafeBufferPointer<UInt32>
    /// Per object: its marker byte in bits 24–31 and, for a UID of 1–3 bytes (marker `0x80`–`0x82`)
    /// or an integer of 1–2 bytes (`0x10`, `0x11`), its value in bits 0–23; made by the scan, valid only inside ``BPlistReader/withObjects(_:)``.
    let info: UnsafeBufferPointer<UInt32>

    var count: Int { offsets.count }
    var top: Int { trailer.topObject }

    /// Absolute byte offset of object `i`.
    @inline(__always)
    func offset(_ i: Int) -> Int { base + Int(offsets[i]) }

    /// The marker byte of object `i`.
    @inline(__always)
    func marker(_ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: info[i] >> 24) }

    /// The header of object `i`, re-read from its validated bytes (the rules of ``BPlistReader``'s scan).
    @inline(__always)
    func slot(_ i: Int) -> Slot {
        let at = Int(offsets[i])
        let marker = buf[at], low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0: return Slot(marker: marker, start: at + 1, count: 0)
        case 0x1: return Slot(marker: marker, start: at + 1, count: 1 << low)
        case 0x2: return Slot(marker: marker, start: at + 1, count: marker == 0x22 ? 4 : 8)
        case 0x3: return Slot(marker: marker, start: at + 1, count: 8)
        case 0x8: return Slot(marker: marker, start: at + 1, count: low + 1)
        default:   // 0x4, 0x5, 0x6, 0xA, 0xC, 0xD: a count in the low nibble, or an int object after the marker
            guard low == 0x0F else { return Slot(marker: marker, start: at + 1, count: low) }
            let width = 1 << Int(buf[at + 1] & 0x0F)
            return Slot(marker: marker, start: at + 2 + width, count: Int(Self.be(buf, at + 2, width)))
        }
    }

    /// Big-endian unsigned integer of `width` (1…8) bytes at `at`; the caller has bounds-checked.
    @inline(__always)
    static func be(_ buf: UnsafeBufferPointer<UInt8>, _ at: Int, _ width: Int) -> UInt64 {
        switch width {
        case 1: return UInt64(buf[at])
        case 2: return UInt64(buf[at]) << 8 | UInt64(buf[at + 1])
        default:
            var v: UInt64 = 0
            for i in at..<(at + width) { v = (v << 8) | UInt64(buf[i]) }
            return v
        }
    }

    /// Reference `i` of the list that starts at byte `start` (a container's ``Slot/start``): element
    /// `i` of an array or set; for a dictionary of `n` entries, key `i` for `i < n` and value
    /// `i - n` otherwise (the layout of the `0xDn` marker).
    @inline(__always)
    func childRef(_ start: Int, _ i: Int) -> Int {
        let size = trailer.objectRefSize
        return Int(Self.be(buf, start + i * size, size))
    }

    /// The value of scalar object `i` (containers give `.null`; they are read with ``childRef(_:_:)``).
    func scalar(_ i: Int) -> PlistValue {
        let slot = slot(i)
        let p = slot.start, n = slot.count
        switch slot.marker >> 4 {
        case 0x0:
            return slot.marker == 0x08 ? .bool(false) : slot.marker == 0x09 ? .bool(true) : .null
        case 0x1:
            if n < 8 { return .int(Int64(Self.be(buf, p, n))) }   // 1, 2, 4 bytes: unsigned
            if n == 8 { return .int(Int64(bitPattern: Self.be(buf, p, 8))) }
            let high = Self.be(buf, p, 8), lowWord = Self.be(buf, p + 8, 8)   // the scan checked it fits
            if high == 0 { return lowWord <= UInt64(Int64.max) ? .int(Int64(lowWord)) : .uint(lowWord) }
            return .int(Int64(bitPattern: lowWord))
        case 0x2:
            if slot.marker == 0x22 { return .real(Double(Float(bitPattern: UInt32(Self.be(buf, p, 4))))) }
            return .real(Double(bitPattern: Self.be(buf, p, 8)))
        case 0x3:
            return .date(Double(bitPattern: Self.be(buf, p, 8)))
        case 0x4:
            return .data(Array(UnsafeBufferPointer(rebasing: buf[p..<(p + n)])))
        case 0x5:
            return .string(Self.string(UnsafeBufferPointer(rebasing: buf[p..<(p + n)])))
        case 0x6:
            return .string(Self.utf16BEString(buf, p, n))
        case 0x8:
            var value: UInt64 = 0
            for j in p..<(p + n) {
                guard value >> 56 == 0 else { value = .max; break }   // > 64 bits: out of range anyway
                value = value << 8 | UInt64(buf[j])
            }
            return .uid(value)
        default:
            return .null
        }
    }

    /// The text of string object `i` (marker `0x5n` or `0x6n`), without a ``PlistValue``.
    @inline(__always)
    func text(_ i: Int) -> String {
        let slot = slot(i)
        switch slot.marker >> 4 {
        case 0x5: return Self.string(UnsafeBufferPointer(rebasing: buf[slot.start..<(slot.start + slot.count)]))
        case 0x6: return Self.utf16BEString(buf, slot.start, slot.count)
        default: return ""
        }
    }

    /// The `n` big-endian UTF-16 code units at `p` (checked by the scan: inside the object area,
    /// no unpaired surrogate) as a String, transcoded straight to UTF-8 (the same text as
    /// `String(decoding:as: UTF16.self)`, without an intermediate `[UInt16]`).
    static func utf16BEString(_ buf: UnsafeBufferPointer<UInt8>, _ p: Int, _ n: Int) -> String {
        guard n > 0 else { return "" }
        return String(unsafeUninitializedCapacity: 3 * n) { out in   // ≤ 3 UTF-8 bytes per unit
            var o = 0, j = 0
            while j < n {
                let unit = UInt32(buf[p + 2 * j]) << 8 | UInt32(buf[p + 2 * j + 1])
                j += 1
                if unit < 0x80 {
                    out[o] = UInt8(unit); o += 1
                } else if unit < 0x800 {
                    out[o] = UInt8(0xC0 | unit >> 6); out[o + 1] = UInt8(0x80 | unit & 0x3F); o += 2
                } else if unit >= 0xD800, unit <= 0xDBFF, j < n {
                    // A high surrogate: the scan checked that a low surrogate follows.
                    let low = UInt32(buf[p + 2 * j]) << 8 | UInt32(buf[p + 2 * j + 1])
                    j += 1
                    let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low &- 0xDC00) & 0x3FF
                    out[o] = UInt8(0xF0 | scalar >> 18); out[o + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    out[o + 2] = UInt8(0x80 | scalar >> 6 & 0x3F); out[o + 3] = UInt8(0x80 | scalar & 0x3F)
                    o += 4
                } else {
                    out[o] = UInt8(0xE0 | unit >> 12); out[o + 1] = UInt8(0x80 | unit >> 6 & 0x3F)
                    out[o + 2] = UInt8(0x80 | unit & 0x3F); o += 3
                }
            }
            return o
        }
    }

    /// The value of UID object `i` (marker `0x8n`).
    @inline(__always)
    func uid(_ i: Int) -> UInt64 {
        let slot = slot(i)
        if slot.count == 1 { return UInt64(buf[slot.start]) }
        if slot.count == 2 { return UInt64(buf[slot.start]) << 8 | UInt64(buf[slot.start + 1]) }   // > 256 objects
        if case .uid(let raw) = scalar(i) { return raw }
        return 0
    }

    /// Scalar object `i` (not a string, UID or container) as an inline ``ArchiveValue``, read
    /// straight from the bytes (same mapping as the ``PlistNodes`` default).
    @inline(__always)
    func inlineValue(_ i: Int) -> ArchiveValue {
        let slot = slot(i)
        let p = slot.start
        switch slot.marker {
        case 0x10: return .int(Int64(buf[p]))
        case 0x11: return .int(Int64(Self.be(buf, p, 2)))
        case 0x12: return .int(Int64(Self.be(buf, p, 4)))
        case 0x13: return .int(Int64(bitPattern: Self.be(buf, p, 8)))
        case 0x08: return .bool(false)
        case 0x09: return .bool(true)
        case 0x22: return .double(Double(Float(bitPattern: UInt32(Self.be(buf, p, 4)))))
        case 0x23: return .double(Double(bitPattern: Self.be(buf, p, 8)))
        case 0x33: return .date(Double(bitPattern: Self.be(buf, p, 8)))
        default:
            switch scalar(i) {
            case .int(let v): return .int(v)
            case .uint(let u): return .int(Int64(bitPattern: u))
            case .data(let bytes): return .data(bytes)
            default: return .null
            }
        }
    }

    /// True when no byte has its high bit set (8 bytes at a time).
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = bytes.baseAddress.map(UnsafeRawPointer.init) else { return true }
        var i = 0, high: UInt64 = 0
        while i + 8 <= bytes.count { high |= p.loadUnaligned(fromByteOffset: i, as: UInt64.self); i += 8 }
        while i < bytes.count { high |= UInt64(bytes[i]); i += 1 }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// An 8-bit string (`0x5n`): ASCII, else UTF-8 when valid, else Latin-1 (CoreFoundation writes
    /// ASCII here; the leniency keeps hand-made files readable).
    ///
    /// ASCII text is copied into the String's own storage (`String(unsafeUninitializedCapacity:)`):
    /// up to 15 bytes that makes a small string without a second validation pass, where
    /// `String(decoding:as:)` validates again and goes through its repairing path (half the strings
    /// of the corpus' keyed archives are that short; callgrind: about 100 instructions less each).
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if isASCII(bytes) {
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return "" }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                out.baseAddress.unsafelyUnwrapped.update(from: source, count: bytes.count)
                return bytes.count
            }
        }
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
