/// Turns a typedstream `objects.nib` (IB 2 era, nib-format.md §6) into the shared
/// ``ObjectGraph``, with the fields of known classes under the keys the keyed-archive form of the
/// same classes uses (§4.2, §4.4, §4.5), so the AppKit resolver needs no special case.
///
/// Shape of the result:
/// * one ``ArchivedObject`` per literal object of the stream, in stream order (index = the
///   order in which the objects were numbered), `className` the most-derived class and
///   `classChain` its superclasses;
/// * a synthetic root object of class `$top`, appended last, with `IB.objectdata` → the first
///   top-level object (the `NSIBObjectData`); further top-level values become `$top.<n>`;
/// * values a class mapper does not know stay, under `<Class>.<n>` (n counting the values of that
///   class level), never dropped.
///
/// `encoding` is ``ArchiveEncoding/typedstream``, `versionMajor` the streamer version (4) and
/// `versionMinor` the system version (1000).
public enum TypedstreamUnarchiver {
    /// Decodes `bytes` (a whole typedstream file).
    ///
    /// - Throws: ``ArchiveError`` with the absolute offset and a breadcrumb of the objects being
    ///   read when the stream cannot be followed (bad header, unknown tag, back-reference out of
    ///   range, truncation, absurd counts, limits).
    public static func decode(_ bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) -> ObjectGraph {
        var reader = TypedstreamReader(bytes: bytes, limits: limits)
        let stream = try reader.read()
        return try graph(from: stream)
    }

    static func graph(from stream: TypedstreamStream) throws(ArchiveError) -> ObjectGraph {
        try validateReferences(stream)
        var diagnostics: [Diagnostic] = []
        var objects: [ArchivedObject] = []
        objects.reserveCapacity(stream.objects.count + 1)
        var mappers = MapperCache()
        var ctx = TypedstreamLevelContext(className: "", version: 0, groups: stream.groups, encodings: stream.encodings,
                                          values: stream.values, cursor: 0, classChains: stream.classChains)
        for (index, raw) in stream.objects.enumerated() {
            objects.append(map(raw, index: index, stream: stream, context: &ctx, mappers: &mappers,
                               diagnostics: &diagnostics))
        }
        var top = ArchivedObject(className: "$top", classChain: [], fields: [], offset: nil)
        var n = 0
        var secondAt: Int?   // the group of the second top-level value
        for group in stream.topLevel {
            for value in stream.values[group.start..<group.end] {
                let key = n == 0 ? "IB.objectdata" : "$top.\(n)"
                if n == 1 { secondAt = group.offset }
                top.fields.append(ArchiveField(key, value, offset: group.offset))
                n += 1
            }
        }
        if n == 0 { diagnostics.append(Diagnostic(.noTopLevelValue, "typedstream holds no top-level value")) }
        if n > 1 {
            diagnostics.append(Diagnostic(.extraTopLevelValues, "typedstream holds \(n) top-level values; the first is IB.objectdata",
                                          location: .init(byteOffset: secondAt)))
        }
        objects.append(top)
        return ObjectGraph(encoding: .typedstream, objects: objects, root: ObjectRef(objects.count - 1),
                           versionMajor: stream.streamerVersion, versionMinor: stream.systemVersion,
                           diagnostics: diagnostics)
    }

    /// What the unarchiver needs per class chain, computed once per decode: the names, the levels
    /// root class first, and each level's mapper and raw-key table.
    final class ChainInfo {
        let className: String
        let classChain: [String]
        let levels: [TypedstreamStream.ClassLevel]
        let mappers: [TypedstreamClassMaps.Mapper?]
        let rawKeys: [TypedstreamRawKeys]

        init(_ classes: [TypedstreamStream.ClassLevel]) {
            className = classes.first?.name ?? "?"
            classChain = classes.dropFirst().map(\.name)
            levels = classes.reversed()
            mappers = levels.map { TypedstreamClassMaps.mapper(for: $0.name, version: $0.version) }
            rawKeys = levels.map { TypedstreamRawKeys($0.name) }
        }

        /// `mappers`: each level's mapper, root class first.
        init(_ classes: [TypedstreamStream.ClassLevel], mappers: [TypedstreamClassMaps.Mapper?]) {
            className = classes.first?.name ?? "?"
            classChain = classes.dropFirst().map(\.name)
            levels = classes.reversed()
            self.mappers = mappers
            rawKeys = levels.map { TypedstreamRawKeys($0.name) }
        }
    }

    /// ``ChainInfo`` memoised by class node.
    struct MapperCache {
        private var byNode: [ChainInfo?] = []
        /// The mapper of each class node's own level (``TypedstreamClassMaps/mapper(for:version:)``
        /// is a long `switch` of string comparisons, and the chains of a stream share most of
        /// their levels' nodes), valid where ``mapperKnown`` is set.
        private var mapperByNode: [TypedstreamClassMaps.Mapper?] = []
        private var mapperKnown: [Bool] = []

        mutating func info(for raw: TypedstreamStream.Object, in stream: TypedstreamStream) -> ChainInfo {
            let node = raw.classNode
            guard node >= 0 else { return ChainInfo(stream.classes(of: raw)) }
            if node < byNode.count, let hit = byNode[node] { return hit }
            if node >= byNode.count { byNode += Array(repeating: nil, count: node + 1 - byNode.count) }
            let classes = stream.classes(of: raw)
            // The chain's nodes, most-derived first, as the reader followed them for `classes`.
            var nodes: [Int] = []
            var next = node
            while next >= 0, next < stream.superclassNodes.count, nodes.count < classes.count {
                nodes.append(next)
                next = stream.superclassNodes[next]
            }
            let info: ChainInfo
            if nodes.count == classes.count {
                if mapperKnown.count < stream.superclassNodes.count {
                    mapperKnown = Array(repeating: false, count: stream.superclassNodes.count)
                    mapperByNode = Array(repeating: nil, count: stream.superclassNodes.count)
                }
                var mappers: [TypedstreamClassMaps.Mapper?] = []
                mappers.reserveCapacity(nodes.count)
                for (n, level) in zip(nodes, classes).reversed() {
                    if !mapperKnown[n] {
                        mapperByNode[n] = TypedstreamClassMaps.mapper(for: level.name, version: level.version)
                        mapperKnown[n] = true
                    }
                    mappers.append(mapperByNode[n])
                }
                info = ChainInfo(classes, mappers: mappers)
            } else {
                info = ChainInfo(classes)
            }
            byNode[node] = info
            return info
        }
    }

    /// Maps one literal object level by level, root class first. `ctx` is the decode's one
    /// context over `stream`'s groups and values, pointed here at `raw`'s groups level by level.
    static func map(_ raw: TypedstreamStream.Object, index: Int, stream: TypedstreamStream,
                    context ctx: inout TypedstreamLevelContext,
                    mappers cache: inout MapperCache, diagnostics: inout [Diagnostic]) -> ArchivedObject {
        let info = cache.info(for: raw, in: stream)
        // About one field per value, plus the few a mapper adds (NSvFlags, NSOriginalClassName).
        var valueCount = 0
        for g in raw.groupRange { valueCount += stream.groups[g].count }
        ctx.fields = []
        ctx.fields.reserveCapacity(valueCount + 4)
        ctx.groupEnd = raw.groupEnd
        var levels = info.levels
        var mappers = info.mappers
        var keyTables = info.rawKeys
        var cursor = raw.groupStart
        var i = 0
        while i < levels.count {
            let level = levels[i]
            ctx.className = level.name
            ctx.version = level.version
            ctx.rawKeys = keyTables[i]
            ctx.cursor = cursor
            ctx.valueIndex = 0
            ctx.continueWithChain = nil
            guard let mapper = mappers[i] else {
                ctx.takeRest()
                break
            }
            let mark = ctx.fields.count
            do throws(TypedstreamLayoutMismatch) {
                try mapper(&ctx)
            } catch {
                if diagnostics.count < 100 {
                    let at = cursor < raw.groupEnd ? stream.groups[cursor].offset : raw.offset
                    diagnostics.append(Diagnostic(
                        .unrecognizedClassLayout,
                        "object #\(index) \(info.className): \(level.name) v\(level.version) layout not "
                            + "recognised (expected \(error.expected), found \(error.found.map { "'\($0)'" } ?? "nothing")); "
                            + "values kept raw",
                        location: .init(object: ObjectID(ObjectRef(index)), byteOffset: at)))
                }
                ctx.fields.removeSubrange(mark...)
                ctx.cursor = cursor
                ctx.valueIndex = 0
                ctx.takeRest()
                break
            }
            if let chain = ctx.continueWithChain {
                let extra = Array(chain.reversed())
                levels = Array(levels[...i]) + extra
                mappers = Array(mappers[...i]) + extra.map { TypedstreamClassMaps.mapper(for: $0.name, version: $0.version) }
                keyTables = Array(keyTables[...i]) + extra.map { TypedstreamRawKeys($0.name) }
            } else if i == levels.count - 1 {
                ctx.takeRest()
            }
            cursor = ctx.cursor
            i += 1
        }
        let fields = ctx.fields
        ctx.fields = []
        return ArchivedObject(className: info.className, classChain: info.classChain, fields: fields, offset: raw.offset)
    }

    /// Confirms every `.object` reference of the stream is in range (below the object count plus
    /// the `$top` root). They are by construction, and the class mappers make no references of
    /// their own (they only pass the stream's on), so checking the stream's values checks the
    /// graph's: cheap insurance, one pass over one array.
    static func validateReferences(_ stream: TypedstreamStream) throws(ArchiveError) {
        let count = stream.objects.count + 1
        for i in stream.values.indices {
            let bad: Int?
            switch stream.values[i] {
            case .object(let ref): bad = ref.index >= 0 && ref.index < count ? nil : ref.index
            case .array: bad = invalidReference(stream.values[i], count: count, depth: 0)
            default: bad = nil
            }
            guard let bad else { continue }
            // Never reached on a stream the reader accepted; the owner is looked up only then.
            let owner = stream.objects.first { $0.groupRange.contains { stream.groups[$0].start <= i && i < stream.groups[$0].end } }
            throw ArchiveError(.indexOutOfRange(.typedstream, index: bad, count: count), at: owner?.offset ?? 0)
        }
    }

    /// The first `.object` reference in `value` that is not below `count`, nil when there is none.
    private static func invalidReference(_ value: ArchiveValue, count: Int, depth: Int) -> Int? {
        switch value {
        case .object(let ref): return ref.index >= 0 && ref.index < count ? nil : ref.index
        case .array(let items):
            guard depth < TypedstreamType.maxNesting + 2 else { return nil }
            for item in items {
                if let bad = invalidReference(item, count: count, depth: depth + 1) { return bad }
            }
            return nil
        default: return nil
        }
    }
}
