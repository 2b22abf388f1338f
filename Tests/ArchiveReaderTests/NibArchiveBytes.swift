@testable import ArchiveReader

/// Hand-assembled NIBArchive bytes for the validation tests (nib-format.md §2).
///
/// The reference archive (`NibArchiveBytes.minimal`) has one of each record, laid out as Apple does:
/// ```
/// 0x00  4E 49 42 41 72 63 68 69 76 65   "NIBArchive"
/// 0x0A  01 00 00 00  09 00 00 00        format 1, coder 9
/// 0x12  01 00 00 00  32 00 00 00        1 object  @ 50
/// 0x1A  01 00 00 00  35 00 00 00        1 key     @ 53
/// 0x22  01 00 00 00  37 00 00 00        1 value   @ 55
/// 0x2A  01 00 00 00  3A 00 00 00        1 class   @ 58
/// 0x32  80 80 81                        object 0: class 0, first value 0, 1 value
/// 0x35  81 61                           key 0: length 1, "a"
/// 0x37  80 00 05                        value 0: key 0, type 0 (int8), 5
/// 0x3A  89 80 4E 53 4F 62 6A 65 63 74 00  class 0: length 9, 0 extras, "NSObject\0"
/// ```
enum NibArchiveBytes {
    static let object: [UInt8] = [0x80, 0x80, 0x81]
    static let key: [UInt8] = [0x81, 0x61]
    static let value: [UInt8] = [0x80, 0x00, 0x05]
    static let nsObject: [UInt8] = [0x89, 0x80] + Array("NSObject".utf8) + [0]

    static func le32(_ v: Int) -> [UInt8] {
        let u = UInt32(truncatingIfNeeded: v)
        return [UInt8(u & 0xFF), UInt8((u >> 8) & 0xFF), UInt8((u >> 16) & 0xFF), UInt8(u >> 24)]
    }

    /// A header: magic, versions, then (count, offset) for objects, keys, values, class names.
    static func header(version: (Int, Int) = (1, 9), objects: (Int, Int), keys: (Int, Int),
                       values: (Int, Int), classes: (Int, Int)) -> [UInt8] {
        var out = Array("NIBArchive".utf8)
        for w in [version.0, version.1, objects.0, objects.1, keys.0, keys.1, values.0, values.1, classes.0, classes.1] {
            out += le32(w)
        }
        return out
    }

    /// Tables laid out contiguously from byte 50 in Apple's order (objects, keys, values, classes),
    /// counts given explicitly so tests can lie about them.
    static func archive(objects: [UInt8] = object, objectCount: Int = 1, keys: [UInt8] = key, keyCount: Int = 1,
                        values: [UInt8] = value, valueCount: Int = 1, classes: [UInt8] = nsObject,
                        classCount: Int = 1, version: (Int, Int) = (1, 9), trailer: [UInt8] = []) -> [UInt8] {
        let o = 50, k = o + objects.count, v = k + keys.count, c = v + values.count
        return header(version: version, objects: (objectCount, o), keys: (keyCount, k), values: (valueCount, v),
                      classes: (classCount, c)) + objects + keys + values + classes + trailer
    }

    static let minimal = archive()
}
