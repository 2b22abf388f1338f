/// The format-neutral view of a ``NibArchive`` (nib-format.md §2.7, §9 layer 2).
extension NibArchive {
    /// The format-neutral object graph: one ``ArchivedObject`` per object record, in table order,
    /// with its class, fallback classes and ordered fields (repeated keys kept); root is object 0.
    ///
    /// Fields are decoded straight from the archive's bytes into each object's field array (no
    /// intermediate ``NibArchive/Value``s); key and class-name strings are shared, not copied; each
    /// data payload becomes its own `[UInt8]`. Every `.object` reference is a valid index (the
    /// decoder checked it).
    /// - Complexity: O(objects + values + bytes of data).
    public func objectGraph() -> ObjectGraph {
        let names = classNames.map(\.name)
        // One chain array per class, shared by every object of that class. Fallback indexes were checked.
        let chains = classNames.map { $0.fallbacks.map { names.indices.contains($0) ? names[$0] : "" } }
        let keyCount = values.keyCount, objectCount = values.objectCount, base = values.base
        var out: [ArchivedObject] = []
        out.reserveCapacity(objects.count)
        // The decoder gives both tables the same bytes; objects are still read through their own buffer.
        objects.bytes.withUnsafeBufferPointer { objectBuf in
            values.bytes.withUnsafeBufferPointer { buf in
                values.offsets.withUnsafeBufferPointer { valueOffsets in
                    keys.withUnsafeBufferPointer { keys in
                        for objectPosition in objects.offsets {
                            let object = objects.record(objectBuf, at: Int(objectPosition))
                            // Indexes were validated by the decoder; the guards keep a hand-made archive memory-safe.
                            let range = object.valueRange.clamped(to: 0..<valueOffsets.count)
                            // reserveCapacity + append is specialized; Array(unsafeUninitializedCapacity:) calls
                            // an unspecialized stdlib entry that looks up the storage metadata on every call.
                            var fields: [ArchiveField] = []
                            fields.reserveCapacity(range.count)
                            for i in range {
                                let position = Int(valueOffsets[i])
                                var r = NibCursor(buf, from: position, base: base)
                                guard let raw = try? RawValueRecord.read(&r, keyCount: keyCount, objectCount: objectCount)
                                else { continue }
                                let key = raw.keyIndex < keys.count ? keys[raw.keyIndex] : ""
                                fields.append(ArchiveField(key, raw.value(buf), offset: base + position))
                            }
                            let c = object.classIndex
                            out.append(ArchivedObject(className: names.indices.contains(c) ? names[c] : "",
                                                      classChain: chains.indices.contains(c) ? chains[c] : [],
                                                      fields: fields, offset: object.offset))
                        }
                    }
                }
            }
        }
        return ObjectGraph(encoding: .nibArchive, objects: out, root: ObjectRef(0),
                           versionMajor: Int(header.formatVersion), versionMinor: Int(header.coderVersion),
                           warnings: warnings)
    }
}
