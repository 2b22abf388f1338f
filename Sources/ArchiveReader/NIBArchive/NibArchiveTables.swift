/// The compact, lazily decoded value and object tables of a ``NibArchive`` (nib-format.md §2.3, §2.5).
///
/// ``NibArchive/init(bytes:limits:baseOffset:)`` validates every record up front; these tables keep
/// only the archive's bytes (shared, never copied) and one `UInt32` record offset per record, so a
/// decoded archive costs the file plus 4 bytes per value and per object. Reading an element decodes
/// its record again (a few bytes; data payloads are copied out at that moment).
extension NibArchive {
    /// The value table (§2.5) as a random-access collection of ``NibArchive/Value``; `values[i]`
    /// decodes record `i` on access. Indexes are `0..<header.valueCount`.
    public struct Values: RandomAccessCollection, Hashable, Sendable {
        let bytes: [UInt8]
        /// Offset of each record within `bytes`.
        let offsets: [UInt32]
        let base: Int
        let keyCount: Int
        let objectCount: Int

        public var startIndex: Int { 0 }
        public var endIndex: Int { offsets.count }

        /// The value record `i`, decoded. `i` must be in `indices` (like an array subscript).
        public subscript(i: Int) -> Value {
            let position = Int(offsets[i])
            return bytes.withUnsafeBufferPointer { buf in
                // The record was validated by the decoder; the fallback only keeps this total.
                guard let raw = record(buf, at: position) else {
                    return Value(keyIndex: 0, value: .null, type: 9, offset: base + position)
                }
                return Value(keyIndex: raw.keyIndex, value: raw.value(buf), type: raw.type, offset: base + position)
            }
        }

        /// The value of record `i` (``ArchiveField``'s value; data copied out), `.null` for a record
        /// the decoder would have refused.
        @inline(__always)
        func fieldValue(at i: Int) -> ArchiveValue {
            bytes.withUnsafeBufferPointer { buf in record(buf, at: Int(offsets[i]))?.value(buf) ?? .null }
        }

        /// The key index of record `i` (only its first varint is read), `count` for a record the
        /// decoder would have refused (callers map it to the empty key).
        @inline(__always)
        func keyIndex(at i: Int, count: Int) -> Int {
            bytes.withUnsafeBufferPointer { buf in
                var r = NibCursor(buf, from: Int(offsets[i]), base: base)
                guard let k = try? r.nibVarint(), k < count else { return count }
                return k
            }
        }

        /// Absolute offset of the payload of value `i` (for type 8, the first data byte after the
        /// length varint), exact whatever the varint widths.
        public func payloadOffset(at i: Int) -> Int {
            let position = Int(offsets[i])
            return bytes.withUnsafeBufferPointer { buf in base + (record(buf, at: position)?.payload ?? position) }
        }

        @inline(__always)
        func record(_ buf: UnsafeBufferPointer<UInt8>, at position: Int) -> RawValueRecord? {
            var r = NibCursor(buf, from: position, base: base)
            return try? RawValueRecord.read(&r, keyCount: keyCount, objectCount: objectCount)
        }

        /// Element-wise equality (the decoded values, offsets included).
        public static func == (a: Values, b: Values) -> Bool {
            if a.offsets.count != b.offsets.count { return false }
            if a.base == b.base && a.offsets == b.offsets && a.bytes == b.bytes { return true }
            return a.elementsEqual(b)
        }

        /// Hashes the count only (consistent with `==`, and O(1)).
        public func hash(into h: inout Hasher) { h.combine(offsets.count) }
    }

    /// The object table (§2.3) as a random-access collection of ``NibArchive/Object``; `objects[i]`
    /// decodes record `i` on access. Indexes are `0..<header.objectCount`.
    public struct Objects: RandomAccessCollection, Hashable, Sendable {
        let bytes: [UInt8]
        let offsets: [UInt32]
        let base: Int
        let classCount: Int
        let valueCount: Int

        public var startIndex: Int { 0 }
        public var endIndex: Int { offsets.count }

        /// The object record `i`, decoded. `i` must be in `indices` (like an array subscript).
        public subscript(i: Int) -> Object {
            let position = Int(offsets[i])
            return bytes.withUnsafeBufferPointer { buf in record(buf, at: position) }
        }

        @inline(__always)
        func record(_ buf: UnsafeBufferPointer<UInt8>, at position: Int) -> Object {
            var r = NibCursor(buf, from: position, base: base)
            // Validated by the decoder; the fallback (an empty object of class 0) only keeps this total.
            return (try? Object.read(&r, classCount: classCount, valueCount: valueCount))
                ?? Object(classIndex: 0, firstValue: 0, valueCount: 0, offset: base + position)
        }

        /// Element-wise equality (the decoded records, offsets included).
        public static func == (a: Objects, b: Objects) -> Bool {
            if a.offsets.count != b.offsets.count { return false }
            if a.base == b.base && a.offsets == b.offsets && a.bytes == b.bytes { return true }
            return a.elementsEqual(b)
        }

        /// Hashes the count only (consistent with `==`, and O(1)).
        public func hash(into h: inout Hasher) { h.combine(offsets.count) }
    }
}

extension NibArchive.Object {
    /// Reads and checks one object record (§2.3, checklist §2.10 item 4): class index < `classCount`,
    /// `first + count <= valueCount` unless `count` is 0.
    @inline(__always)
    static func read(_ r: inout NibCursor, classCount: Int, valueCount: Int) throws(ArchiveError) -> Self {
        let start = r.absolute
        let classIndex = try r.nibVarint()
        guard classIndex < classCount else {
            throw ArchiveError(.indexOutOfRange(.classNames, index: classIndex, count: classCount), at: start)
        }
        let firstAt = r.absolute
        let first = try r.nibVarint()
        let count = try r.nibVarint()
        if count > 0 {
            guard first < valueCount else {
                throw ArchiveError(.indexOutOfRange(.values, index: first, count: valueCount), at: firstAt)
            }
            guard first + count <= valueCount else {
                throw ArchiveError(.indexOutOfRange(.values, index: first + count - 1, count: valueCount), at: firstAt)
            }
        }
        return .init(classIndex: classIndex, firstValue: first, valueCount: count, offset: start)
    }
}

/// One value record as laid out in the bytes (§2.5), its payload not yet copied: scalars are in
/// `bits`, a data value is `bits` bytes at `payload`.
struct RawValueRecord {
    var keyIndex: Int
    var type: UInt8
    /// Position (relative to the buffer) of the payload; for data, of the first byte after the length.
    var payload: Int
    /// The scalar payload (integer, float bits, object index), or the data length.
    var bits: UInt64

    /// Reads and checks one value record (checklist §2.10 item 5), throwing exactly what the
    /// validating decoder reports: key index < `keyCount`, type ≤ 10, payload in bounds, object
    /// index < `objectCount`.
    @inline(__always)
    static func read(_ r: inout NibCursor, keyCount: Int, objectCount: Int) throws(ArchiveError) -> Self {
        let start = r.absolute
        let keyIndex = try r.nibVarint()
        guard keyIndex < keyCount else {
            throw ArchiveError(.indexOutOfRange(.keys, index: keyIndex, count: keyCount), at: start)
        }
        let typeAt = r.absolute
        let type = try r.u8()
        var payload = r.position
        let bits: UInt64
        switch type {
        case 0: bits = UInt64(try r.u8())
        case 1: bits = UInt64(try r.load(UInt16.self))
        case 2, 6: bits = UInt64(try r.load(UInt32.self))
        case 3, 7: bits = try r.load(UInt64.self)
        case 4, 5, 9: bits = 0
        case 8:
            let length = try r.nibVarint()
            payload = r.position
            try r.skip(length)
            bits = UInt64(length)
        case 10:
            let at = r.absolute
            let index = Int(try r.load(UInt32.self))
            guard index < objectCount else {
                throw ArchiveError(.indexOutOfRange(.objects, index: index, count: objectCount), at: at)
            }
            bits = UInt64(index)
        default:
            throw ArchiveError(.unknownValueType(type), at: typeAt)
        }
        return RawValueRecord(keyIndex: keyIndex, type: type, payload: payload, bits: bits)
    }

    /// The value, integers widened to 64 bits (§2.5); a data payload is copied out of `buf`.
    @inline(__always)
    func value(_ buf: UnsafeBufferPointer<UInt8>) -> ArchiveValue {
        switch type {
        case 0: return .int(Int64(Int8(truncatingIfNeeded: bits)))
        case 1: return .int(Int64(Int16(truncatingIfNeeded: bits)))
        case 2: return .int(Int64(Int32(truncatingIfNeeded: bits)))
        case 3: return .int(Int64(bitPattern: bits))
        case 4: return .bool(false)
        case 5: return .bool(true)
        case 6: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
        case 7: return .double(Double(bitPattern: bits))
        case 8:
            // `read` checked payload + length against the buffer; re-check so a misuse cannot overrun.
            let length = Int(bits)
            guard payload >= 0, length <= buf.count - payload else { return .data([]) }
            return .data(Array(UnsafeBufferPointer(rebasing: buf[payload..<(payload + length)])))
        case 10: return .object(ObjectRef(Int(bits)))
        default: return .null
        }
    }
}
