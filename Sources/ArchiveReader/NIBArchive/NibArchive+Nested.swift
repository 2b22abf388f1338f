/// Archives nested in data values (nib-format.md §2.9 "Nested archives"): iOS prototype-cell nibs
/// (`UINib.archiveData` → `NSData.NS.bytes`) and macOS storyboard `NSNib` data. They are decoded
/// only on request and never deeper than ``DecodingLimits/maxNestingDepth``; error offsets stay
/// absolute in the outermost input.
extension NibArchive {
    /// Decodes the nested `NIBArchive` held by data value `valueIndex`.
    ///
    /// - Parameters:
    ///   - valueIndex: index into ``values`` of a type-8 value whose bytes start with `NIBArchive`
    ///     (see ``nestedArchiveValues``).
    ///   - limits: the limits for the nested archive, including ``DecodingLimits/maxNestingDepth``.
    ///   - depth: nesting depth of the archive being returned: 1 for an archive inside the outermost
    ///     file, 2 inside that, and so on.
    /// - Returns: the nested archive; its ``baseOffset`` and every offset in it are absolute in the
    ///   outermost input (the payload offset assumes minimal varints in the value record, as Apple
    ///   writes them; a forced 2-byte WinObjC form would shift it by one byte).
    /// - Throws: ``ArchiveError``: `indexOutOfRange(.values)` for a bad index, `notAnArchive` when the
    ///   value holds no NIBArchive, `unsupportedFormat` for a nested binary plist, `limitExceeded(.nestingDepth)`
    ///   past the depth limit (at the data's offset), or any decoding error of the nested bytes; the
    ///   breadcrumb names the value.
    public func nestedArchive(at valueIndex: Int, limits: DecodingLimits = .default, depth: Int = 1) throws(ArchiveError) -> NibArchive {
        guard values.indices.contains(valueIndex) else {
            throw ArchiveError(.indexOutOfRange(.values, index: valueIndex, count: values.count), at: baseOffset)
        }
        let value = values[valueIndex]
        let crumb = "value #\(valueIndex) '\(keys.indices.contains(value.keyIndex) ? keys[value.keyIndex] : "?")'"
        guard case .data(let bytes) = value.value else {
            throw ArchiveError(.notAnArchive(detected: "a non-data value"), at: value.offset).within(crumb)
        }
        let at = value.payloadOffset
        if bytes.starts(with: Array("bplist00".utf8)) {
            throw ArchiveError(.unsupportedFormat("nested binary plist keyed archive"), at: at).within(crumb)
        }
        guard bytes.starts(with: Self.magic) else {
            let format = FileFormat(sniffing: bytes)
            throw ArchiveError(.notAnArchive(detected: format == .unknown ? nil : format.displayName), at: at).within(crumb)
        }
        guard depth <= limits.maxNestingDepth else {
            throw ArchiveError(.limitExceeded(.nestingDepth, value: depth), at: at).within(crumb)
        }
        do throws(ArchiveError) {
            return try NibArchive(bytes: bytes, limits: limits, baseOffset: at)
        } catch {
            throw error.within(crumb)
        }
    }

    /// Every nested `NIBArchive` of this archive, decoded, with the value index that holds it;
    /// with `recursive`, also the archives nested in those (depth-first, bounded by
    /// ``DecodingLimits/maxNestingDepth``).
    ///
    /// - Throws: the first ``ArchiveError`` of ``nestedArchive(at:limits:depth:)``.
    /// - Complexity: O(total size of the nested archives).
    public func nestedArchives(limits: DecodingLimits = .default, recursive: Bool = false,
                               depth: Int = 1) throws(ArchiveError) -> [(valueIndex: Int, depth: Int, archive: NibArchive)] {
        var out: [(valueIndex: Int, depth: Int, archive: NibArchive)] = []
        for entry in nestedArchiveValues where entry.bytes.starts(with: Self.magic) {
            let inner = try nestedArchive(at: entry.valueIndex, limits: limits, depth: depth)
            out.append((entry.valueIndex, depth, inner))
            if recursive { out += try inner.nestedArchives(limits: limits, recursive: true, depth: depth + 1) }
        }
        return out
    }

    /// The absolute offset of the data payload of each value holding a nested archive, keyed by
    /// the value record's offset (``ArchiveField/offset`` in ``objectGraph()``).
    public var nestedPayloadOffsets: [Int: Int] {
        var map: [Int: Int] = [:]
        for entry in nestedArchiveValues { map[values[entry.valueIndex].offset] = entry.offset }
        return map
    }
}
