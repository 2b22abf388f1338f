/// Writes `NIBArchive` bytes laid out exactly as Apple's `UINibEncoder` lays them out
/// (nib-format.md §2): the 50-byte header, then the object, key, value and class-name tables,
/// contiguous and in that order from byte 50, minimal varints (high bit marks the **last** byte,
/// §2.2), class names with their NUL and fallback extras (§2.6), then optional trailer bytes
/// (`LNE\0` of Xcode 26 iOS nibs, §2.8).
///
/// Two entry points:
/// - ``encode(_:)-(ObjectGraph)``: an ``ObjectGraph`` whose root is object 0. Keys are
///   de-duplicated in first-use order; classes in first-use order, each fallback class placed before
///   the first class that names it; objects without fields get `first = 0` (§2.3); integers take the
///   smallest type that fits, following §2.5 (int8 only for 0…127, negatives as int64).
/// - ``encode(_:)-(NibArchive)``: a table-level ``NibArchive``, keeping its tables, value type
///   codes, versions and trailer (offsets are recomputed). Decoding an Apple file and encoding it
///   again gives the same bytes.
package struct NibArchiveWriter: Sendable {
    /// Header word at byte 10 (1 in Apple files).
    package var formatVersion: UInt32
    /// Header word at byte 14: 9 (iOS, Xcode ≤ 12) or 10 (macOS; iOS from Xcode 26).
    package var coderVersion: UInt32
    /// Bytes written after the class-name table; `NibArchiveWriter.lneTrailer` for Xcode 26 iOS nibs.
    package var trailer: [UInt8]

    /// `LNE\0`, the trailer of Xcode 26 iOS nibs (§2.8).
    package static let lneTrailer: [UInt8] = [0x4C, 0x4E, 0x45, 0x00]

    package init(coderVersion: UInt32 = 9, formatVersion: UInt32 = 1, trailer: [UInt8] = []) {
        self.coderVersion = coderVersion
        self.formatVersion = formatVersion
        self.trailer = trailer
    }

    /// Encodes `graph` (root must be object 0).
    ///
    /// - Throws: ``ArchiveError`` of kind `malformed` when the root is not object 0, the graph is
    ///   empty, a value has no NIBArchive form (`.string`, `.date`, `.array`, `.dictionary`), or an
    ///   object reference is out of range; the path names the object and key.
    /// - Complexity: O(objects + values + bytes of data).
    package func encode(_ graph: ObjectGraph) throws(ArchiveError) -> [UInt8] {
        guard !graph.objects.isEmpty else { throw ArchiveError(.malformed("graph has no objects"), at: 0) }
        guard graph.root.index == 0 else {
            throw ArchiveError(.malformed("the root must be object 0, not \(graph.root)"), at: 0)
        }
        var table = Tables()
        for (i, object) in graph.objects.enumerated() {
            let cls = table.classIndex(object.className, chain: object.classChain)
            table.objects.append((cls, object.fields.isEmpty ? 0 : table.values.count, object.fields.count))
            for field in object.fields {
                let key = table.keyIndex(field.key)
                if case .object(let r) = field.value, !graph.objects.indices.contains(r.index) {
                    throw ArchiveError(.malformed("reference \(r) out of range (\(graph.objects.count) objects)"), at: 0,
                                       path: ["object #\(i) \(object.className)", "key '\(field.key)'"])
                }
                guard let type = Self.typeCode(field.value) else {
                    throw ArchiveError(.malformed("value has no NIBArchive form: \(field.value)"), at: 0,
                                       path: ["object #\(i) \(object.className)", "key '\(field.key)'"])
                }
                table.values.append((key, type, field.value))
            }
        }
        return Self.layout(formatVersion: formatVersion, coderVersion: coderVersion, objects: table.objects,
                           keys: table.keys, values: table.values, classes: table.classes, trailer: trailer)
    }

    /// Encodes a table-level archive with its own versions, value type codes and trailer.
    /// - Complexity: O(size of the archive).
    package static func encode(_ archive: NibArchive) -> [UInt8] {
        layout(formatVersion: archive.header.formatVersion, coderVersion: archive.header.coderVersion,
               objects: archive.objects.map { ($0.classIndex, $0.firstValue, $0.valueCount) },
               keys: archive.keys, values: archive.values.map { ($0.keyIndex, $0.type, $0.value) },
               classes: archive.classNames.map { ($0.name, $0.fallbacks) }, trailer: archive.trailer)
    }

    /// The type code for a value (§2.5), or nil when it has no NIBArchive form.
    package static func typeCode(_ value: ArchiveValue) -> UInt8? {
        switch value {
        case .int(let v):
            if v >= 0 && v <= 127 { return 0 }
            if v < 0 { return 3 }
            if v <= Int64(Int16.max) { return 1 }
            if v <= Int64(Int32.max) { return 2 }
            return 3
        case .bool(let b): return b ? 5 : 4
        case .float: return 6
        case .double: return 7
        case .data: return 8
        case .null: return 9
        case .object: return 10
        case .string, .date, .array, .dictionary: return nil
        }
    }

    /// Appends a minimal NIBArchive varint (§2.2).
    package static func appendVarint(_ value: Int, to out: inout [UInt8]) {
        var v = UInt(bitPattern: value)
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F))
            v >>= 7
        }
        out.append(UInt8(v) | 0x80)
    }

    private static func appendLE<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }

    private static func layout(formatVersion: UInt32, coderVersion: UInt32, objects: [(Int, Int, Int)],
                               keys: [String], values: [(Int, UInt8, ArchiveValue)],
                               classes: [(String, [Int])], trailer: [UInt8]) -> [UInt8] {
        var objectBytes: [UInt8] = []
        objectBytes.reserveCapacity(objects.count * 4)
        for (cls, first, count) in objects {
            appendVarint(cls, to: &objectBytes)
            appendVarint(first, to: &objectBytes)
            appendVarint(count, to: &objectBytes)
        }
        var keyBytes: [UInt8] = []
        for key in keys {
            appendVarint(key.utf8.count, to: &keyBytes)
            keyBytes.append(contentsOf: key.utf8)
        }
        var valueBytes: [UInt8] = []
        valueBytes.reserveCapacity(values.count * 6)
        for (key, type, value) in values {
            appendVarint(key, to: &valueBytes)
            valueBytes.append(type)
            appendPayload(type, value, to: &valueBytes)
        }
        var classBytes: [UInt8] = []
        for (name, fallbacks) in classes {
            appendVarint(name.utf8.count + 1, to: &classBytes)
            appendVarint(fallbacks.count, to: &classBytes)
            for f in fallbacks { appendLE(Int32(truncatingIfNeeded: f), to: &classBytes) }
            classBytes.append(contentsOf: name.utf8)
            classBytes.append(0)
        }
        var out: [UInt8] = []
        out.reserveCapacity(50 + objectBytes.count + keyBytes.count + valueBytes.count + classBytes.count + trailer.count)
        out.append(contentsOf: NibArchive.magic)
        let objectsAt = 50, keysAt = objectsAt + objectBytes.count
        let valuesAt = keysAt + keyBytes.count, classesAt = valuesAt + valueBytes.count
        for word in [Int(formatVersion), Int(coderVersion), objects.count, objectsAt, keys.count, keysAt,
                     values.count, valuesAt, classes.count, classesAt] {
            appendLE(UInt32(truncatingIfNeeded: word), to: &out)
        }
        out.append(contentsOf: objectBytes)
        out.append(contentsOf: keyBytes)
        out.append(contentsOf: valueBytes)
        out.append(contentsOf: classBytes)
        out.append(contentsOf: trailer)
        return out
    }

    private static func appendPayload(_ type: UInt8, _ value: ArchiveValue, to out: inout [UInt8]) {
        switch (type, value) {
        case (0, .int(let v)): out.append(UInt8(truncatingIfNeeded: v))
        case (1, .int(let v)): appendLE(Int16(truncatingIfNeeded: v), to: &out)
        case (2, .int(let v)): appendLE(Int32(truncatingIfNeeded: v), to: &out)
        case (3, .int(let v)): appendLE(v, to: &out)
        case (6, .float(let f)): appendLE(f.bitPattern, to: &out)
        case (7, .double(let d)): appendLE(d.bitPattern, to: &out)
        case (8, .data(let bytes)):
            appendVarint(bytes.count, to: &out)
            out.append(contentsOf: bytes)
        case (10, .object(let r)): appendLE(UInt32(truncatingIfNeeded: r.index), to: &out)
        default: break  // 4, 5, 9 carry no payload
        }
    }
}

/// The tables being built from a graph: de-duplicated keys and classes.
private struct Tables {
    var objects: [(Int, Int, Int)] = []
    var keys: [String] = []
    var keyIndexes: [String: Int] = [:]
    var values: [(Int, UInt8, ArchiveValue)] = []
    var classes: [(String, [Int])] = []
    var classIndexes: [[String]: Int] = [:]

    mutating func keyIndex(_ key: String) -> Int {
        if let i = keyIndexes[key] { return i }
        keys.append(key)
        keyIndexes[key] = keys.count - 1
        return keys.count - 1
    }

    /// The class entry for `name` with fallback classes `chain` (each fallback a class of its own,
    /// written before the class that names it, as in Apple's files: `NSFont` before `UIFont`).
    mutating func classIndex(_ name: String, chain: [String]) -> Int {
        let id = [name] + chain
        if let i = classIndexes[id] { return i }
        let fallbacks = chain.map { classIndex($0, chain: []) }
        classes.append((name, fallbacks))
        classIndexes[id] = classes.count - 1
        return classes.count - 1
    }
}
