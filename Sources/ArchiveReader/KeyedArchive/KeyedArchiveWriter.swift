/// Writes an ``ObjectGraph`` as an NSKeyedArchiver keyed archive (nib-format.md §4.1), binary or
/// XML plist. Accepts graphs in NIBArchive conventions (§2.9: root object with `IB.objectdata` or
/// `UINib…Key`s, `NSInlinedValue` + `UINibEncoderEmptyKey` collections, `NSString { NS.bytes }`)
/// and graphs read from keyed archives (which it writes back unchanged up to byte offsets).
///
/// Conversions to keyed conventions: the root object's fields become `$top`; `NSString`,
/// `NSNumber` and `NSData` objects become plist-native `$objects` entries; `NSMutableString` and
/// `NSLocalizableString` keep their text inline as `NS.string`; `NSMutableData` as `NS.data`;
/// collections get `NS.objects` (and `NS.keys` for dictionaries) arrays of UIDs; each class gets a
/// `{$classname, $classes}` entry whose `$classes` is the class, its `classChain`, then `NSObject`.
/// Explicit nil (`.null`) is UID 0, and `.float` is written as an 8-byte real.
package enum KeyedArchiveWriter {
    /// The keyed archive as a plist value (`$version`, `$archiver`, `$top`, `$objects`).
    package static func archive(_ graph: ObjectGraph) -> PlistValue {
        var state = State(graph: graph)
        return state.archive()
    }

    package static func binary(_ graph: ObjectGraph) -> [UInt8] { BPlistWriter.write(archive(graph)) }

    package static func xml(_ graph: ObjectGraph) -> [UInt8] { XMLPlistWriter.write(archive(graph)) }

    /// The `$objects` index (UID) each graph object is written at; nil for the root (which
    /// becomes `$top`). Keyed-origin graphs keep their indexes.
    package static func slots(for graph: ObjectGraph) -> [Int?] {
        var next = 1
        return graph.objects.indices.map { i in
            if i == graph.root.index { return nil }
            if i == 0, graph.objects[0].className == KeyedArchive.nullClassName { return 0 }
            defer { next += 1 }
            return next
        }
    }

    private struct ClassKey: Hashable {
        var name: String
        var classes: [String]
    }

    private struct State {
        let graph: ObjectGraph
        let slots: [Int?]
        let keyedOrigin: Bool
        var classSlots: [ClassKey: Int] = [:]
        var extraClasses: [PlistValue] = []
        var slotCount: Int

        init(graph: ObjectGraph) {
            self.graph = graph
            self.slots = KeyedArchiveWriter.slots(for: graph)
            self.keyedOrigin = graph.objects.first?.className == KeyedArchive.nullClassName
            self.slotCount = (slots.compactMap { $0 }.max() ?? 0) + 1
            for (i, object) in graph.objects.enumerated() where object.className == KeyedArchive.classDescriptionClassName {
                guard let slot = slots[i], let name = graph.string(object["$classname"]) else { continue }
                let classes = (graph.elements(object["$classes"]) ?? []).compactMap { graph.string($0) }
                classSlots[ClassKey(name: name, classes: classes)] = slot
            }
        }

        mutating func archive() -> PlistValue {
            var objects = [PlistValue](repeating: .string("$null"), count: slotCount)
            for (i, object) in graph.objects.enumerated() {
                guard let slot = slots[i], slot != 0 || object.className != KeyedArchive.nullClassName else { continue }
                objects[slot] = encode(object)
            }
            objects += extraClasses
            let root = graph[graph.root]?.fields ?? []
            let version = graph.encoding == .nibArchive || graph.encoding == .typedstream ? 100_000 : graph.versionMajor
            return .dictionary([
                PlistEntry("$version", .int(Int64(version))),
                PlistEntry("$archiver", .string("NSKeyedArchiver")),
                PlistEntry("$top", .dictionary(root.map { PlistEntry($0.key, value($0.value)) })),
                PlistEntry("$objects", .array(objects)),
            ])
        }

        private func only(_ object: ArchivedObject, _ keys: Set<String>) -> Bool {
            object.fields.count == 1 && keys.contains(object.fields[0].key)
        }

        private mutating func encode(_ object: ArchivedObject) -> PlistValue {
            let name = object.className
            switch name {
            case KeyedArchive.nullClassName: return .string("$null")
            case KeyedArchive.classDescriptionClassName:
                return .dictionary(object.fields.map { PlistEntry($0.key, value($0.value)) })
            case "$reference": return object.fields.first.map { value($0.value) } ?? .uid(0)
            default: break
            }
            if name == "NSString", object.classChain.isEmpty, only(object, ["NS.bytes", "NS.string"]),
               let text = textValue(object) { return .string(text) }
            if name == "NSNumber", object.fields.count == 1 {
                switch object.fields[0].value {
                case .int(let i): return .int(i)
                case .double(let d): return .real(d)
                case .float(let f): return .real(Double(f))
                case .bool(let b): return .bool(b)
                default: break
                }
            }
            if name == "NSData", only(object, ["NS.bytes", "NS.data"]), case .data(let bytes) = object.fields[0].value {
                return .data(bytes)
            }
            if name == "NSDate", object.classChain.isEmpty, only(object, ["NS.time"]), let t = graph.double(object.fields[0].value) {
                return .date(t)
            }
            var entries = [PlistEntry("$class", .uid(UInt64(classSlot(object))))]
            let isCollection = object["NSInlinedValue"] != nil || object.fields.contains { $0.key == "UINibEncoderEmptyKey" }
            if isCollection {
                let items = object.values(forKey: "UINibEncoderEmptyKey")
                if name.contains("Dictionary") {
                    let pairs = stride(from: 0, to: items.count - 1, by: 2).map { (items[$0], items[$0 + 1]) }
                    entries.append(PlistEntry("NS.keys", .array(pairs.map { value($0.0) })))
                    entries.append(PlistEntry("NS.objects", .array(pairs.map { value($0.1) })))
                } else {
                    entries.append(PlistEntry("NS.objects", .array(items.map { value($0) })))
                }
            }
            let textual = name.hasSuffix("String") && !name.contains("Attributed")
            for field in object.fields where !(isCollection && (field.key == "NSInlinedValue" || field.key == "UINibEncoderEmptyKey")) {
                if textual, field.key == "NS.bytes", case .data(let bytes) = field.value, let text = String(validatingUTF8Bytes: bytes) {
                    entries.append(PlistEntry("NS.string", .string(text)))
                } else if name == "NSMutableData", field.key == "NS.bytes" {
                    entries.append(PlistEntry("NS.data", value(field.value)))
                } else {
                    entries.append(PlistEntry(field.key, value(field.value)))
                }
            }
            return .dictionary(entries)
        }

        private func textValue(_ object: ArchivedObject) -> String? {
            switch object.fields[0].value {
            case .string(let s): return s
            case .data(let bytes): return String(validatingUTF8Bytes: bytes)
            default: return nil
            }
        }

        /// The `$objects` index of the class description for `object`, appending one if new.
        private mutating func classSlot(_ object: ArchivedObject) -> Int {
            var classes = [object.className] + object.classChain
            if !keyedOrigin, classes.last != "NSObject" { classes.append("NSObject") }
            let key = ClassKey(name: object.className, classes: classes)
            if let slot = classSlots[key] { return slot }
            let slot = slotCount + extraClasses.count
            extraClasses.append(.dictionary([
                PlistEntry("$classes", .array(classes.map { .string($0) })),
                PlistEntry("$classname", .string(object.className)),
            ]))
            classSlots[key] = slot
            return slot
        }

        /// A field value in keyed form: references become UIDs, nil is UID 0.
        private func value(_ v: ArchiveValue) -> PlistValue {
            switch v {
            case .int(let i): return .int(i)
            case .bool(let b): return .bool(b)
            case .float(let f): return .real(Double(f))
            case .double(let d): return .real(d)
            case .data(let bytes): return .data(bytes)
            case .string(let s): return .string(s)
            case .date(let t): return .date(t)
            case .null: return .uid(0)
            case .object(let ref):
                guard slots.indices.contains(ref.index), let slot = slots[ref.index] else { return .uid(0) }
                return .uid(UInt64(slot))
            case .array(let items): return .array(items.map { value($0) })
            case .dictionary(let fields): return .dictionary(fields.map { PlistEntry($0.key, value($0.value)) })
            }
        }
    }
}
