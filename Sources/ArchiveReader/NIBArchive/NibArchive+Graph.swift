/// The format-neutral view of a ``NibArchive`` (nib-format.md §2.7, §9 layer 2).
extension NibArchive {
    /// The format-neutral object graph: one ``ArchivedObject`` per object record, in table order,
    /// with its class, fallback classes and ordered fields (repeated keys kept); root is object 0.
    ///
    /// Fields are decoded straight from the archive's bytes into one column store shared by every
    /// object (``FieldColumns``: 24 bytes per field, no reference per field); key and class-name
    /// strings are shared, not copied; a data payload stays a slice of the archive's bytes until it
    /// is read, so the graph costs about the size of its field records on top of the input (objects
    /// are made when they are read, ``ArchivedObjects``). Every `.object` reference is a valid index
    /// (the decoder checked it).
    /// - Complexity: O(objects + values).
    public func objectGraph() -> ObjectGraph {
        let names = classNames.map(\.name)
        // One chain array per class, shared by every object of that class. Fallback indexes were checked.
        let chains = classNames.map { $0.fallbacks.map { names.indices.contains($0) ? names[$0] : "" } }
        // A class index out of range (a hand-made archive) names the class "" (the last entry).
        let classes = zip(names, chains).map { (name: $0, chain: $1) } + [(name: "", chain: [])]
        let keyCount = values.keyCount, objectCount = values.objectCount, base = values.base
        var fields = FieldColumnsBuilder(capacity: values.offsets.count)   // one field per value record at most
        fields.bytes = values.bytes
        let slices = values.bytes.count <= Int(UInt32.max)   // a slice record keeps 32-bit positions
        var heads: [ObjectTable.Header] = []
        heads.reserveCapacity(objects.count)
        // The decoder gives both tables the same bytes; objects are still read through their own buffer.
        objects.bytes.withUnsafeBufferPointer { objectBuf in
            values.bytes.withUnsafeBufferPointer { buf in
                values.offsets.withUnsafeBufferPointer { valueOffsets in
                    for objectPosition in objects.offsets {
                        let object = objects.record(objectBuf, at: Int(objectPosition))
                        // Indexes were validated by the decoder; the guards keep a hand-made archive memory-safe.
                        let range = object.valueRange.clamped(to: 0..<valueOffsets.count)
                        let start = fields.count
                        for i in range {
                            let position = Int(valueOffsets[i])
                            var r = NibCursor(buf, from: position, base: base)
                            guard let raw = try? RawValueRecord.read(&r, keyCount: keyCount, objectCount: objectCount)
                            else { continue }
                            if raw.type == 8 && slices {
                                fields.appendSlice(key: raw.keyIndex, start: raw.payload, length: Int(raw.bits), offset: base + position)
                            } else {
                                fields.append(key: raw.keyIndex, raw.value(buf), offset: base + position)
                            }
                        }
                        let c = object.classIndex
                        heads.append(ObjectTable.Header(classIndex: UInt32(names.indices.contains(c) ? c : names.count),
                                                        start: UInt32(start), end: UInt32(fields.count), offset: object.offset))
                    }
                }
            }
        }
        let table = ObjectTable(classes: classes, headers: heads, columns: fields.finish(keys: keys))
        return ObjectGraph(encoding: .nibArchive, objects: ArchivedObjects(table: table), root: ObjectRef(0),
                           versionMajor: Int(header.formatVersion), versionMinor: Int(header.coderVersion),
                           diagnostics: diagnostics)
    }
}
