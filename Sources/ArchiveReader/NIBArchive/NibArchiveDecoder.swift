/// Decodes the four NIBArchive tables (nib-format.md §2.1–2.6, checklist §2.10).
struct NibArchiveDecoder {
    let bytes: [UInt8]
    let limits: DecodingLimits
    let base: Int
    var diagnostics: [Diagnostic] = []

    init(bytes: [UInt8], limits: DecodingLimits, base: Int) {
        self.bytes = bytes
        self.limits = limits
        self.base = base
    }

    /// The text of `raw` if it is valid UTF-8 (ASCII, by far the most common, without the generic path).
    @inline(__always)
    static func utf8String(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
        var ascii = true
        for b in raw where b >= 0x80 { ascii = false; break }
        return ascii ? String(decoding: raw, as: UTF8.self) : String(validating: raw, as: UTF8.self)
    }

    private func error(_ kind: ArchiveError.Kind, _ offset: Int) -> ArchiveError {
        ArchiveError(kind, at: base + offset)
    }

    mutating func decode() throws(ArchiveError) -> NibArchive {
        if bytes.isEmpty { throw error(.emptyFile, 0) }
        guard bytes.starts(with: NibArchive.magic) else {
            throw ArchiveError.notANib(bytes, at: base)
        }
        // Record offsets are stored as UInt32 (NibArchive.Values), hence the 4 GiB ceiling.
        guard bytes.count <= min(limits.maxFileSize, Int(UInt32.max)) else { throw error(.limitExceeded(.fileSize, value: bytes.count), 0) }
        let header = try readHeader()

        // Sections with a non-zero count, sorted by offset, each with its header field offset.
        typealias Sec = (section: ArchiveError.Section, count: Int, offset: Int, field: Int)
        var sections: [Sec] = [
            (.objects, header.objectCount, header.objectsOffset, 22),
            (.keys, header.keyCount, header.keysOffset, 30),
            (.values, header.valueCount, header.valuesOffset, 38),
            (.classNames, header.classCount, header.classesOffset, 46),
        ]
        for s in sections where s.count > 0 {
            guard s.offset >= 50, s.offset < bytes.count else {
                let name = s.section.rawValue
                let place = s.offset < 50 ? "inside the 50-byte header" : "past the end of the file (\(bytes.count) bytes)"
                throw ArchiveError(.sectionOutOfBounds(s.section), at: base + s.field, path: ["header (\(name) offset)"],
                                   detail: "\(name) table out of bounds: the header's \(name) offset \(s.offset) is \(place)")
            }
        }
        // By offset; equal offsets keep header order so the overlap error is deterministic.
        sections = sections.filter { $0.count > 0 }.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        for i in sections.indices.dropFirst() where sections[i].offset == sections[i - 1].offset {
            throw error(.sectionsOverlap(sections[i - 1].section, sections[i].section), sections[i].offset)
                .within("header (\(sections[i].section.rawValue) offset)")
        }
        func limit(of section: ArchiveError.Section) -> Int {
            guard let i = sections.firstIndex(where: { $0.section == section }) else { return bytes.count }
            return i + 1 < sections.count ? sections[i + 1].offset : bytes.count
        }
        func next(after section: ArchiveError.Section) -> ArchiveError.Section? {
            guard let i = sections.firstIndex(where: { $0.section == section }), i + 1 < sections.count else { return nil }
            return sections[i + 1].section
        }
        func checkEnd(_ section: ArchiveError.Section, _ end: Int) throws(ArchiveError) {
            if end > limit(of: section), let other = next(after: section) {
                throw error(.sectionsOverlap(section, other), limit(of: section)).within("\(section.rawValue) table")
            }
        }

        let input = bytes
        let tables = try input.withUnsafeBufferPointer { buf throws(ArchiveError) in
            let (keys, keyOffsets, keysEnd) = try readKeys(buf, header, end: limit(of: .keys))
            try checkEnd(.keys, keysEnd)
            let (classNames, classesEnd) = try readClassNames(buf, header, end: limit(of: .classNames))
            try checkEnd(.classNames, classesEnd)
            let (values, valuesEnd) = try readValues(buf, header, end: limit(of: .values))
            try checkEnd(.values, valuesEnd)
            let (objects, objectsEnd) = try readObjects(buf, header, end: limit(of: .objects))
            try checkEnd(.objects, objectsEnd)
            return (keys, keyOffsets, keysEnd, classNames, classesEnd, values, valuesEnd, objects, objectsEnd)
        }
        let (keys, keyOffsets, keysEnd, classNames, classesEnd, values, valuesEnd, objects, objectsEnd) = tables
        guard header.objectCount > 0 else {
            throw error(.malformed("archive has no objects (no root object)"), 18).within("header (object count)")
        }

        let lastEnd = [keysEnd, classesEnd, valuesEnd, objectsEnd, 50].max()!
        let trailer = Array(bytes[lastEnd...])
        if !trailer.isEmpty {
            let lne = trailer == [0x4C, 0x4E, 0x45, 0x00]
            diagnostics.append(Diagnostic(
                .trailingBytes,
                "\(trailer.count) byte(s) after the last table" + (lne ? " (LNE\\0 trailer)" : ""),
                location: .init(byteOffset: base + lastEnd)))
        }
        return NibArchive(
            header: header, keys: keys, keyOffsets: keyOffsets,
            values: .init(bytes: bytes, offsets: values, base: base, keyCount: header.keyCount, objectCount: header.objectCount),
            objects: .init(bytes: bytes, offsets: objects, base: base, classCount: header.classCount, valueCount: header.valueCount),
            classNames: classNames, trailer: trailer, trailerOffset: base + lastEnd, diagnostics: diagnostics, baseOffset: base)
    }

    private mutating func readHeader() throws(ArchiveError) -> NibArchive.Header {
        guard bytes.count >= 50 else {
            throw ArchiveError(.truncated(needed: 50, available: bytes.count), at: base, path: ["header"],
                               detail: "truncated: the NIBArchive header needs 50 bytes, \(bytes.count) available")
        }
        var r = ByteReader(bytes, from: 10, base: base)
        var words: [Int] = []
        for _ in 0..<10 { words.append(Int(try r.u32LE())) }
        let header = NibArchive.Header(
            formatVersion: UInt32(words[0]), coderVersion: UInt32(words[1]),
            objectCount: words[2], objectsOffset: words[3], keyCount: words[4], keysOffset: words[5],
            valueCount: words[6], valuesOffset: words[7], classCount: words[8], classesOffset: words[9])
        if !(header.formatVersion == 1 && (header.coderVersion == 9 || header.coderVersion == 10)) {
            // The offset of the first unknown word: format version at 10, coder version at 14.
            diagnostics.append(Diagnostic(
                .unknownArchiveVersion,
                "unknown NIBArchive version \(header.formatVersion)/\(header.coderVersion) (expected 1/9 or 1/10); reading anyway",
                location: .init(byteOffset: base + (header.formatVersion == 1 ? 14 : 10))))
        }
        // Counts: each record needs at least 3 (object), 1 (key), 2 (value), 2 (class) bytes.
        let checks: [(Int, Int, ArchiveError.Limit, Int, Int)] = [
            (header.objectCount, 3, .objectCount, limits.maxObjects, 18),
            (header.keyCount, 1, .keyCount, limits.maxValues, 26),
            (header.valueCount, 2, .valueCount, limits.maxValues, 34),
            (header.classCount, 2, .classCount, limits.maxObjects, 42),
        ]
        for (count, minSize, limit, maximum, field) in checks {
            let crumb = "header (\(limit.rawValue))"
            if count > maximum { throw error(.limitExceeded(limit, value: count), field).within(crumb) }
            if count > (bytes.count - 50) / minSize {
                let needed = count * minSize, available = bytes.count - 50
                throw ArchiveError(.truncated(needed: needed, available: available), at: base + field, path: [crumb],
                                   detail: "truncated: the header's \(limit.rawValue) \(count) needs at least \(needed) bytes, "
                                       + "\(available) available after the header")
            }
        }
        return header
    }

    private func readKeys(_ buf: UnsafeBufferPointer<UInt8>, _ h: NibArchive.Header, end: Int) throws(ArchiveError) -> ([String], [Int], Int) {
        guard h.keyCount > 0 else { return ([], [], 0) }
        var r = NibCursor(buf, from: h.keysOffset, to: end, base: base)
        var keys: [String] = []
        var offsets: [Int] = []
        keys.reserveCapacity(h.keyCount)
        offsets.reserveCapacity(h.keyCount)
        for i in 0..<h.keyCount {
            let start = r.absolute
            do throws(ArchiveError) {
                let length = try r.nibVarint()
                let at = r.absolute
                var raw = try r.view(length)
                if raw.last == 0 { raw = UnsafeBufferPointer(rebasing: raw.dropLast()) }  // WinObjC writes a NUL (§2.4)
                guard let key = Self.utf8String(raw) else {
                    throw ArchiveError(.invalidUTF8(.keys), at: at)
                }
                keys.append(key)
                offsets.append(start)
            } catch {
                throw error.within("key #\(i)").within("keys table")
            }
        }
        return (keys, offsets, r.position)
    }

    private func readClassNames(_ buf: UnsafeBufferPointer<UInt8>, _ h: NibArchive.Header, end: Int) throws(ArchiveError) -> ([NibArchive.ClassName], Int) {
        guard h.classCount > 0 else { return ([], 0) }
        var r = NibCursor(buf, from: h.classesOffset, to: end, base: base)
        var out: [NibArchive.ClassName] = []
        out.reserveCapacity(h.classCount)
        for i in 0..<h.classCount {
            let start = r.absolute
            do throws(ArchiveError) {
                let length = try r.nibVarint()
                let extraAt = r.absolute
                let extraCount = try r.nibVarint()
                guard extraCount <= r.remaining / 4 else {
                    throw ArchiveError(.truncated(needed: extraCount * 4, available: r.remaining), at: extraAt)
                }
                var fallbacks: [Int] = []
                for _ in 0..<extraCount {
                    let at = r.absolute
                    let index = Int(Int32(bitPattern: try r.u32LE()))
                    guard index >= 0, index < h.classCount else {
                        throw ArchiveError(.indexOutOfRange(.classNames, index: index, count: h.classCount), at: at)
                    }
                    fallbacks.append(index)
                }
                let at = r.absolute
                var raw = try r.view(length)
                if raw.last == 0 { raw = UnsafeBufferPointer(rebasing: raw.dropLast()) }
                guard let name = Self.utf8String(raw) else {
                    throw ArchiveError(.invalidUTF8(.classNames), at: at)
                }
                out.append(.init(name: name, fallbacks: fallbacks, offset: start))
            } catch {
                throw error.within("class #\(i)").within("class names table")
            }
        }
        return (out, r.position)
    }

    /// Validates every value record and returns their offsets (relative to `bytes`) and the table end.
    private func readValues(_ buf: UnsafeBufferPointer<UInt8>, _ h: NibArchive.Header, end: Int) throws(ArchiveError) -> ([UInt32], Int) {
        guard h.valueCount > 0 else { return ([], 0) }
        var r = NibCursor(buf, from: h.valuesOffset, to: end, base: base)
        var offsets: [UInt32] = []
        offsets.reserveCapacity(h.valueCount)  // ≤ (file size − 50) / 2, checked in readHeader
        for i in 0..<h.valueCount {
            let position = r.position
            do throws(ArchiveError) {
                _ = try RawValueRecord.read(&r, keyCount: h.keyCount, objectCount: h.objectCount)
            } catch {
                throw error.within("value #\(i)").within("values table")
            }
            offsets.append(UInt32(truncatingIfNeeded: position))
        }
        return (offsets, r.position)
    }

    /// Validates every object record and returns their offsets (relative to `bytes`) and the table end.
    private func readObjects(_ buf: UnsafeBufferPointer<UInt8>, _ h: NibArchive.Header, end: Int) throws(ArchiveError) -> ([UInt32], Int) {
        guard h.objectCount > 0 else { return ([], 0) }
        var r = NibCursor(buf, from: h.objectsOffset, to: end, base: base)
        var offsets: [UInt32] = []
        offsets.reserveCapacity(h.objectCount)  // ≤ (file size − 50) / 3, checked in readHeader
        for i in 0..<h.objectCount {
            let position = r.position
            do throws(ArchiveError) {
                _ = try NibArchive.Object.read(&r, classCount: h.classCount, valueCount: h.valueCount)
            } catch {
                throw error.within("object #\(i)").within("objects table")
            }
            offsets.append(UInt32(truncatingIfNeeded: position))
        }
        return (offsets, r.position)
    }
}
