@testable import ArchiveReader

/// Assembles a binary plist from hand-written object bytes, independently of `BPlistWriter`:
/// `bplist00`, the objects in order, the offset table with `offsetIntSize`-byte entries, and the
/// 32-byte trailer. Tests write each object's bytes literally, with a comment per field.
struct BPlistTestBuilder {
    var objects: [[UInt8]]
    var offsetIntSize = 1
    var objectRefSize = 1
    var top = 0

    /// Absolute offset of object `i` in the built file.
    func offset(of i: Int) -> Int { 8 + objects[..<i].reduce(0) { $0 + $1.count } }
    /// Absolute offset of the offset table.
    var tableOffset: Int { offset(of: objects.count) }

    /// Big-endian bytes of `value` in `width` bytes.
    static func be(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A reference to object `i` in `objectRefSize` bytes.
    func ref(_ i: Int) -> [UInt8] { Self.be(UInt64(i), objectRefSize) }

    func build() -> [UInt8] {
        var out = Array("bplist00".utf8)                               // magic
        for o in objects { out += o }                                  // objects
        let table = out.count
        for i in objects.indices { out += Self.be(UInt64(offset(of: i)), offsetIntSize) }   // offset table
        out += [0, 0, 0, 0, 0, 0]                                      // unused, sort version
        out += [UInt8(offsetIntSize), UInt8(objectRefSize)]            // sizes
        out += Self.be(UInt64(objects.count), 8)                       // object count
        out += Self.be(UInt64(top), 8)                                 // top object
        out += Self.be(UInt64(table), 8)                               // offset table offset
        return out
    }
}

extension ObjectGraph {
    /// The graph with every byte offset removed, for comparing binary and XML forms.
    var withoutOffsets: ObjectGraph {
        var copy = self
        copy.objects = ArchivedObjects(objects.map { o in
            var o = o
            o.offset = nil
            o.fields = ArchiveFields(o.fields.map { ArchiveField($0.key, $0.value.withoutOffsets) })
            return o
        })
        return copy
    }

    /// The graph with fields sorted by key (for comparing with writers that sort keys).
    var withSortedFields: ObjectGraph {
        var copy = self
        copy.objects = ArchivedObjects(objects.map { o in
            var o = o
            o.fields = ArchiveFields(o.fields.map { ArchiveField($0.key, $0.value.withSortedFields, offset: $0.offset) }
                .sorted { $0.key < $1.key })
            return o
        })
        return copy
    }
}

extension ArchiveValue {
    var withoutOffsets: ArchiveValue {
        switch self {
        case .array(let items): return .array(items.map(\.withoutOffsets))
        case .dictionary(let fields): return .dictionary(fields.map { ArchiveField($0.key, $0.value.withoutOffsets) })
        default: return self
        }
    }

    var withSortedFields: ArchiveValue {
        switch self {
        case .array(let items): return .array(items.map(\.withSortedFields))
        case .dictionary(let fields):
            return .dictionary(fields.map { ArchiveField($0.key, $0.value.withSortedFields, offset: $0.offset) }.sorted { $0.key < $1.key })
        default: return self
        }
    }
}
