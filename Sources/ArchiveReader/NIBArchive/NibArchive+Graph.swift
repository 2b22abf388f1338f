/// The format-neutral view of a ``NibArchive`` (nib-format.md §2.7, §9 layer 2).
extension NibArchive {
    /// The format-neutral object graph: one ``ArchivedObject`` per object record, in table order,
    /// with its class, fallback classes and ordered fields (repeated keys kept); root is object 0.
    ///
    /// Fields are decoded straight from the archive's bytes into one array shared by every object
    /// (``ArchiveFields``; no intermediate ``NibArchive/Value``s); key and class-name strings are
    /// shared, not copied; each data payload becomes its own `[UInt8]`. Every `.object` reference is a valid index (the
    /// decoder checked it).
    /// - Complexity: O(objects + values + bytes of data).
    public func objectGraph() -> ObjectGraph {
        let names = classNames.map(\.name)
        // One chain array per class, shared by every object of that class. Fallback indexes were checked.
        let chains = classNames.map { $0.fallbacks.map { names.indices.contains($0) ? names[$0] : "" } }
        let keyCount = values.keyCount, objectCount = values.objectCount, base = values.base
        // Every object's fields go to one shared array (ArchiveFields): one allocation for all of
        // them, not one per object; the objects are made once it is complete.
        var all: [ArchiveField] = []
        all.reserveCapacity(values.offsets.count)   // one field per value record at most
        var heads: [(classIndex: Int, start: Int, end: Int, offset: Int)] = []
        heads.reserveCapacity(objects.count)
        // The decoder gives both tables the same bytes; objects are still read through their own buffer.
        objects.bytes.withUnsafeBufferPointer { objectBuf in
            values.bytes.withUnsafeBufferPointer { buf in
                values.offsets.withUnsafeBufferPointer { valueOffsets in
                    keys.withUnsafeBufferPointer { keys in
                        for objectPosition in objects.offsets {
                            let object = objects.record(objectBuf, at: Int(objectPosition))
                            // Indexes were validated by the decoder; the guards keep a hand-made archive memory-safe.
                            let range = object.valueRange.clamped(to: 0..<valueOffsets.count)
                            let start = all.count
                            for i in range {
                                let position = Int(valueOffsets[i])
                                var r = NibCursor(buf, from: position, base: base)
                                guard let raw = try? RawValueRecord.read(&r, keyCount: keyCount, objectCount: objectCount)
                                else { continue }
                                let key = raw.keyIndex < keys.count ? keys[raw.keyIndex] : ""
                                all.append(ArchiveField(key, raw.value(buf), offset: base + position))
                            }
                            heads.append((object.classIndex, start, all.count, object.offset))
                        }
                    }
                }
            }
        }
        var out: [ArchivedObject] = []
        out.reserveCapacity(heads.count)
        for h in heads {
            let c = h.classIndex
            out.append(ArchivedObject(className: names.indices.contains(c) ? names[c] : "",
                                      classChain: chains.indices.contains(c) ? chains[c] : [],
                                      fields: ArchiveFields(sharing: all, range: h.start..<h.end), offset: h.offset))
        }
        return ObjectGraph(encoding: .nibArchive, objects: out, root: ObjectRef(0),
                           versionMajor: Int(header.formatVersion), versionMinor: Int(header.coderVersion),
                           diagnostics: diagnostics)
    }
}
