import ArchiveReader

/// Version of the JSON produced by `json --raw`; bumped on any incompatible change
/// (2: `diagnostics` objects instead of `warnings` strings).
let rawJSONSchemaVersion: Int64 = 2

/// The archive tables as JSON for `nibinspect json --raw`: header, objects with their class and
/// ordered key/value list, class names with fallbacks, keys and trailer (NIBArchive), in table
/// order so that output is stable.
enum RawJSON {
    /// `{"code", "severity", "message", "location": {…}}`, the shape of the resolved JSON
    /// (unknown location fields left out).
    static func diagnostic(_ d: Diagnostic) -> JSONValue {
        var location: [String: JSONValue] = [:]
        if let v = d.location.document { location["document"] = .string(v) }
        if let v = d.location.object { location["object"] = .string(v.rawValue) }
        if let v = d.location.sourceLine { location["sourceLine"] = .int(Int64(v)) }
        if let v = d.location.byteOffset { location["byteOffset"] = .int(Int64(v)) }
        if let v = d.location.path { location["path"] = .string(v) }
        return .object(["code": .string(d.code.rawValue), "severity": .string(d.severity.rawValue),
                        "message": .string(d.message), "location": .object(location)])
    }

    /// One archive as the `json --raw` document object. Its object list is made object by object
    /// while it is written (``LazyJSON``), so the output of a large archive is never held whole.
    static func document(_ loaded: LoadedArchive) -> LazyJSON {
        let graph = loaded.graph
        var doc: [String: LazyJSON] = [
            "schemaVersion": .value(.int(rawJSONSchemaVersion)),
            "name": .value(.string(loaded.name)),
            "encoding": .value(.string(graph.encoding.rawValue)),
            "root": .value(.int(Int64(graph.root.index))),
            "diagnostics": .array(count: graph.diagnostics.count) { .value(RawJSON.diagnostic(graph.diagnostics[$0])) },
        ]
        if let variant = loaded.variant { doc["variant"] = .value(.string(variant)) }
        if let archive = loaded.nibArchive {
            let h = archive.header
            doc["header"] = .value(.object([
                "formatVersion": .int(Int64(h.formatVersion)), "coderVersion": .int(Int64(h.coderVersion)),
                "objectCount": .int(Int64(h.objectCount)), "objectsOffset": .int(Int64(h.objectsOffset)),
                "keyCount": .int(Int64(h.keyCount)), "keysOffset": .int(Int64(h.keysOffset)),
                "valueCount": .int(Int64(h.valueCount)), "valuesOffset": .int(Int64(h.valuesOffset)),
                "classCount": .int(Int64(h.classCount)), "classesOffset": .int(Int64(h.classesOffset)),
            ]))
            doc["keys"] = .array(count: archive.keys.count) { .value(.string(archive.keys[$0])) }
            doc["classNames"] = .array(count: archive.classNames.count) { i in
                let c = archive.classNames[i]
                return .value(.object(["index": .int(Int64(i)), "name": .string(c.name), "offset": .int(Int64(c.offset)),
                                       "fallbacks": .array(c.fallbacks.map { .int(Int64($0)) })]))
            }
            doc["trailer"] = .value(.object([
                "offset": .int(Int64(archive.trailerOffset)),
                "hex": .string(archive.trailer.map { String(format2: $0) }.joined()),
                "lne": .bool(archive.hasLNETrailer),
            ]))
            doc["objects"] = .array(count: archive.objects.count) { i in object(i, of: archive) }
        } else {
            doc["versions"] = .value(.array([.int(Int64(graph.versionMajor))] + (graph.versionMinor.map { [.int(Int64($0))] } ?? [])))
            doc["objects"] = .array(count: graph.objects.count) { i in object(i, of: graph) }
        }
        return .object(doc)
    }

    /// Object `i` of a NIBArchive's object table with its values, as in the value table; each
    /// value made as it is written (an array object of a large nib holds one per element).
    static func object(_ i: Int, of archive: NibArchive) -> LazyJSON {
        let o = archive.objects[i]
        let cls = archive.classNames[o.classIndex]
        let values = o.valueRange
        return .object([
            "index": .value(.int(Int64(i))), "class": .value(.string(cls.name)), "classIndex": .value(.int(Int64(o.classIndex))),
            "offset": .value(.int(Int64(o.offset))), "firstValue": .value(.int(Int64(o.firstValue))),
            "valueCount": .value(.int(Int64(o.valueCount))),
            "values": .array(count: values.count) { k in
                let vi = values.lowerBound + k
                let v = archive.values[vi]
                return .value(.object([
                    "index": .int(Int64(vi)), "key": .string(archive.keys[v.keyIndex]),
                    "type": .string(nibTypeName(v.type)), "value": value(v.value),
                    "offset": .int(Int64(v.offset)),
                ]))
            },
        ])
    }

    /// Object `i` of a keyed-archive or typedstream graph with its fields, each field and each
    /// element of an inline array or dictionary made as it is written.
    static func object(_ i: Int, of graph: ObjectGraph) -> LazyJSON {
        let o = graph.objects[i]
        let fields = o.fields
        var obj: [String: LazyJSON] = [
            "index": .value(.int(Int64(i))), "class": .value(.string(o.className)),
            "classChain": .value(.array(o.classChain.map { .string($0) })),
            "values": .array(count: fields.count) { k in
                let f = fields[fields.index(fields.startIndex, offsetBy: k)]
                var v: [String: LazyJSON] = ["key": .value(.string(f.key)), "type": .value(.string(typeName(f.value))),
                                             "value": lazyValue(f.value)]
                if let off = f.offset { v["offset"] = .value(.int(Int64(off))) }
                return .object(v)
            },
        ]
        if let off = o.offset { obj["offset"] = .value(.int(Int64(off))) }
        return .object(obj)
    }

    /// ``value(_:)`` with the elements of an inline array or dictionary made as they are written.
    static func lazyValue(_ v: ArchiveValue) -> LazyJSON {
        switch v {
        case .array(let items):
            return .array(count: items.count) { k in
                .object(["type": .value(.string(typeName(items[k]))), "value": lazyValue(items[k])])
            }
        case .dictionary(let fields):
            return .array(count: fields.count) { k in
                .object(["key": .value(.string(fields[k].key)), "type": .value(.string(typeName(fields[k].value))),
                         "value": lazyValue(fields[k].value)])
            }
        default:
            return .value(value(v))
        }
    }

    static func nibTypeName(_ type: UInt8) -> String {
        ["int8", "int16", "int32", "int64", "false", "true", "float", "double", "data", "nil", "object"][Int(type)]
    }

    static func typeName(_ v: ArchiveValue) -> String {
        switch v {
        case .int: return "int"
        case .bool: return "bool"
        case .float: return "float"
        case .double: return "double"
        case .data: return "data"
        case .string: return "string"
        case .date: return "date"
        case .null: return "nil"
        case .object: return "object"
        case .array: return "array"
        case .dictionary: return "dictionary"
        }
    }

    /// A value: numbers and booleans as JSON scalars, data as a hex string, references as the
    /// object index, inline arrays and dictionaries as lists of typed values.
    static func value(_ v: ArchiveValue) -> JSONValue {
        switch v {
        case .int(let i): return .int(i)
        case .bool(let b): return .bool(b)
        case .float(let f): return .double(Double(f))
        case .double(let d): return .double(d)
        case .data(let bytes): return .string(bytes.map { String(format2: $0) }.joined())
        case .string(let s): return .string(s)
        case .date(let t): return .double(t)
        case .null: return .null
        case .object(let r): return .int(Int64(r.index))
        case .array(let items): return .array(items.map { .object(["type": .string(typeName($0)), "value": value($0)]) })
        case .dictionary(let fields):
            return .array(fields.map { .object(["key": .string($0.key), "type": .string(typeName($0.value)), "value": value($0.value)]) })
        }
    }
}

extension String {
    /// Two lowercase hex digits.
    init(format2 b: UInt8) {
        let s = String(b, radix: 16)
        self = b < 16 ? "0" + s : s
    }
}
