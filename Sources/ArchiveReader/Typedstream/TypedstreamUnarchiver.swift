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
        var warnings: [String] = []
        var objects: [ArchivedObject] = []
        objects.reserveCapacity(stream.objects.count + 1)
        for (index, raw) in stream.objects.enumerated() {
            objects.append(map(raw, index: index, warnings: &warnings))
        }
        var top = ArchivedObject(className: "$top", classChain: [], fields: [], offset: nil)
        var n = 0
        for group in stream.topLevel {
            for value in group.values {
                let key = n == 0 ? "IB.objectdata" : "$top.\(n)"
                top.fields.append(ArchiveField(key, TypedstreamLevelContext.convert(value), offset: group.offset))
                n += 1
            }
        }
        if n == 0 { warnings.append("typedstream holds no top-level value") }
        if n > 1 { warnings.append("typedstream holds \(n) top-level values; the first is IB.objectdata") }
        objects.append(top)
        try validateReferences(objects)
        return ObjectGraph(encoding: .typedstream, objects: objects, root: ObjectRef(objects.count - 1),
                           versionMajor: stream.streamerVersion, versionMinor: stream.systemVersion,
                           warnings: warnings)
    }

    /// Maps one literal object level by level, root class first.
    static func map(_ raw: TypedstreamStream.Object, index: Int, warnings: inout [String]) -> ArchivedObject {
        let names = raw.classes.map(\.name)
        var object = ArchivedObject(className: names.first ?? "?", classChain: Array(names.dropFirst()),
                                    fields: [], offset: raw.offset)
        var levels = Array(raw.classes.reversed())
        var cursor = 0
        var i = 0
        while i < levels.count {
            let level = levels[i]
            let isLast = i == levels.count - 1
            var ctx = TypedstreamLevelContext(className: level.name, version: level.version,
                                              groups: raw.groups, cursor: cursor)
            guard let mapper = TypedstreamClassMaps.mapper(for: level.name, version: level.version) else {
                ctx.takeRest()
                object.fields += ctx.fields
                return object
            }
            do throws(TypedstreamLayoutMismatch) {
                try mapper(&ctx)
            } catch {
                if warnings.count < 100 {
                    let at = cursor < raw.groups.count ? raw.groups[cursor].offset : raw.offset
                    warnings.append("object #\(index) \(object.className): \(level.name) v\(level.version) layout not recognised "
                                    + "at byte 0x\(String(at, radix: 16, uppercase: true)) (expected \(error.expected), "
                                    + "found \(error.found.map { "'\($0)'" } ?? "nothing")); values kept raw")
                }
                var rawCtx = TypedstreamLevelContext(className: level.name, version: level.version,
                                                     groups: raw.groups, cursor: cursor)
                rawCtx.takeRest()
                object.fields += rawCtx.fields
                return object
            }
            if let chain = ctx.continueWithChain {
                levels = Array(levels[...i]) + chain.reversed()
            } else if isLast {
                ctx.takeRest()
            }
            object.fields += ctx.fields
            cursor = ctx.cursor
            i += 1
        }
        return object
    }

    /// Confirms every `.object` reference is in range (they are by construction; cheap insurance).
    static func validateReferences(_ objects: [ArchivedObject]) throws(ArchiveError) {
        func check(_ value: ArchiveValue, _ owner: ArchivedObject, depth: Int) throws(ArchiveError) {
            switch value {
            case .object(let ref):
                guard ref.index >= 0, ref.index < objects.count else {
                    throw ArchiveError(.indexOutOfRange(.typedstream, index: ref.index, count: objects.count),
                                       at: owner.offset ?? 0)
                }
            case .array(let items):
                guard depth < TypedstreamType.maxNesting + 2 else { return }
                for item in items { try check(item, owner, depth: depth + 1) }
            default: break
            }
        }
        for object in objects {
            for field in object.fields { try check(field.value, object, depth: 0) }
        }
    }
}
