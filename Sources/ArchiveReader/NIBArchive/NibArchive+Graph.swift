/// The format-neutral view of a ``NibArchive`` (nib-format.md §2.7, §9 layer 2).
extension NibArchive {
    /// The format-neutral object graph: one ``ArchivedObject`` per object record, in table order,
    /// with its class, fallback classes and ordered fields (repeated keys kept); root is object 0.
    ///
    /// The objects are records over the archive's own tables (``ObjectTable`` over
    /// ``FieldColumns/valueTable``): a field is decoded from its value record when it is read
    /// (key and class-name strings shared, a data payload copied out at that moment), so the graph
    /// adds one 24-byte record per object to the decoded archive and nothing per field. Every
    /// `.object` reference is a valid index (the decoder checked it).
    /// - Complexity: O(objects).
    public func objectGraph() -> ObjectGraph {
        let names = classNames.map(\.name)
        // One chain array per class, shared by every object of that class. Fallback indexes were checked.
        let chains = classNames.map { $0.fallbacks.map { names.indices.contains($0) ? names[$0] : "" } }
        // A class index out of range (a hand-made archive) names the class "" (the last entry).
        let classes = zip(names, chains).map { (name: $0, chain: $1) } + [(name: "", chain: [])]
        var heads: [ObjectTable.Header] = []
        heads.reserveCapacity(objects.count)
        objects.bytes.withUnsafeBufferPointer { objectBuf in
            for objectPosition in objects.offsets {
                let object = objects.record(objectBuf, at: Int(objectPosition))
                // Indexes were validated by the decoder; clamping keeps a hand-made archive memory-safe.
                let range = object.valueRange.clamped(to: 0..<values.count)
                let c = object.classIndex
                heads.append(ObjectTable.Header(classIndex: UInt32(names.indices.contains(c) ? c : names.count),
                                                start: UInt32(range.lowerBound), end: UInt32(range.upperBound),
                                                offset: object.offset))
            }
        }
        let table = ObjectTable(classes: classes, headers: heads, columns: FieldColumns(keys: keys, valueTable: values))
        return ObjectGraph(encoding: .nibArchive, objects: ArchivedObjects(table: table), root: ObjectRef(0),
                           versionMajor: Int(header.formatVersion), versionMinor: Int(header.coderVersion),
                           diagnostics: diagnostics)
    }
}
