/// Header and primitive encodings of ``TypedstreamReader`` (nib-format.md §1, §6): tagged
/// integers in the stream's byte order, reals, unshared and shared strings, back-references.
extension TypedstreamReader {
    mutating func readHeader() throws(ArchiveError) -> (Int, Int) {
        let streamer = Int(try input.u8())
        let signatureLength = Int(try input.u8())
        if streamer == 3 {
            throw ArchiveError(.unsupportedFormat("typedstream streamer version 3 (early NeXTSTEP)"), at: 0)
        }
        guard streamer == 4 else {
            throw ArchiveError(.malformed("unknown typedstream streamer version \(streamer)"), at: 0)
        }
        guard signatureLength == 11 else {
            throw ArchiveError(.malformed("typedstream signature length \(signatureLength), expected 11"), at: 1)
        }
        let signature = try input.bytes(11)
        switch String(decoding: signature, as: UTF8.self) {
        case "typedstream": bigEndian = true
        case "streamtyped": bigEndian = false
        default:
            throw ArchiveError(.malformed("typedstream signature is neither 'typedstream' nor 'streamtyped'"), at: 2)
        }
        let at = input.absolute
        let system = try readInteger(head: try readHead(), signed: false, at: at)
        return (streamer, Int(system))
    }

    /// The next byte as a signed head (`ByteReader.u8()`, written out here so that the byte loop
    /// of the reader does not make a call per byte).
    @inline(__always)
    mutating func readHead() throws(ArchiveError) -> Int8 {
        let p = input.position
        guard p < input.end else { throw input.truncated(1) }
        input.position = p + 1
        return Int8(bitPattern: input.bytes[p])
    }

    /// An encoded integer whose head byte (at `at`) was already read.
    mutating func readInteger(head: Int8, signed: Bool, at: Int) throws(ArchiveError) -> Int64 {
        if !Self.tagRange.contains(head) {
            return signed ? Int64(head) : Int64(UInt8(bitPattern: head))
        }
        switch head {
        case Self.tagInt16:
            let raw = bigEndian ? try input.uintBE(2) : try input.uintLE(2)
            return signed ? Int64(Int16(truncatingIfNeeded: raw)) : Int64(raw)
        case Self.tagInt32:
            let raw = bigEndian ? try input.uintBE(4) : try input.uintLE(4)
            return signed ? Int64(Int32(truncatingIfNeeded: raw)) : Int64(raw)
        default:
            throw ArchiveError(.unknownMarker(UInt8(bitPattern: head)), at: at)
        }
    }

    mutating func readReal(double: Bool) throws(ArchiveError) -> TypedstreamStream.Value {
        let at = input.absolute
        let head = try readHead()
        guard head == Self.tagFloat else {
            let i = try readInteger(head: head, signed: true, at: at)
            return double ? .double(Double(i)) : .float(Float(i))
        }
        if double {
            let raw = bigEndian ? try input.uintBE(8) : try input.uintLE(8)
            return .double(Double(bitPattern: raw))
        }
        let raw = bigEndian ? try input.uintBE(4) : try input.uintLE(4)
        return .float(Float(bitPattern: UInt32(truncatingIfNeeded: raw)))
    }

    /// A length-prefixed byte string (nil for the nil tag).
    mutating func readUnsharedString(head: Int8, at: Int) throws(ArchiveError) -> [UInt8]? {
        if head == Self.tagNil { return nil }
        let length = try readInteger(head: head, signed: false, at: at)
        guard length <= Int64(input.remaining) else {
            throw ArchiveError(.truncated(needed: Int(clamping: length), available: input.remaining), at: input.absolute)
        }
        return try input.bytes(Int(length))
    }

    /// A shared string: literal (appended to the shared-string table) or a back-reference.
    /// Returns the bytes and the table index, or nil for the nil tag.
    mutating func readSharedString(head: Int8, at: Int) throws(ArchiveError) -> (bytes: [UInt8], index: Int)? {
        guard let index = try readSharedStringIndex(head: head, at: at) else { return nil }
        return (sharedStrings[index], index)
    }

    /// ``readSharedString(head:at:)``'s table index alone (no copy of the bytes to return).
    mutating func readSharedStringIndex(head: Int8, at: Int) throws(ArchiveError) -> Int? {
        if head == Self.tagNil { return nil }
        if head == Self.tagNew {
            let innerAt = input.absolute
            guard let bytes = try readUnsharedString(head: try readHead(), at: innerAt) else {
                throw ArchiveError(.malformed("literal shared string is nil"), at: innerAt)
            }
            sharedStrings.append(bytes)
            return sharedStrings.count - 1
        }
        let index = try referenceIndex(head: head, at: at)
        guard index >= 0, index < sharedStrings.count else {
            throw ArchiveError(.indexOutOfRange(.typedstream, index: index, count: sharedStrings.count), at: at)
        }
        return index
    }

    mutating func referenceIndex(head: Int8, at: Int) throws(ArchiveError) -> Int {
        let number = try readInteger(head: head, signed: true, at: at)
        return Int(number - Self.firstReference)
    }

    /// Resolves a back-reference into the shared object table.
    mutating func sharedEntry(head: Int8, at: Int) throws(ArchiveError) -> Shared {
        let index = try referenceIndex(head: head, at: at)
        guard index >= 0, index < shared.count else {
            throw ArchiveError(.indexOutOfRange(.typedstream, index: index, count: shared.count), at: at)
        }
        return shared[index]
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// ``text(_:)`` of shared string `index` (an index ``readSharedString(head:at:)`` returned), cached.
    mutating func sharedText(_ index: Int) -> String {
        if index < sharedTexts.count, let cached = sharedTexts[index] { return cached }
        if index >= sharedTexts.count { sharedTexts += Array(repeating: nil, count: sharedStrings.count - sharedTexts.count) }
        let s = text(sharedStrings[index])
        sharedTexts[index] = s
        return s
    }
}
