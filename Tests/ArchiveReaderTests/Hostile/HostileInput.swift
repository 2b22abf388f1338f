import Foundation
@testable import ArchiveReader

/// Builders and helpers for hand-crafted hostile inputs (Tests/ArchiveReaderTests/Hostile/):
/// inputs a fuzzer is unlikely to reach, each of which must fail fast with one `ArchiveError`.
enum HostileInput {
    /// Decodes `bytes` the way `nibinspect tree -` does (format by magic, nested archives too);
    /// returns the error, or nil when it decoded.
    static func error(_ bytes: [UInt8], limits: DecodingLimits = .default) -> ArchiveError? {
        do {
            _ = try NibLoader(limits: limits).loadContainer(bytes: bytes, name: "hostile")
            return nil
        } catch let error as ArchiveError {
            return error
        } catch {
            return ArchiveError(.malformed("not an ArchiveError: \(error)"), at: -1)
        }
    }

    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * UInt32($0))) } }
    static func be(_ v: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) }
    }

    /// A 50-byte NIBArchive header with the given counts and offsets (nib-format.md §2.1).
    static func nibHeader(objects: UInt32, objectsAt: UInt32 = 50, keys: UInt32 = 0, keysAt: UInt32 = 50,
                          values: UInt32 = 0, valuesAt: UInt32 = 50, classes: UInt32 = 0, classesAt: UInt32 = 50) -> [UInt8] {
        Array("NIBArchive".utf8) + le32(1) + le32(9) + le32(objects) + le32(objectsAt) + le32(keys) + le32(keysAt)
            + le32(values) + le32(valuesAt) + le32(classes) + le32(classesAt)
    }

    /// A binary plist from raw object bytes with `width`-byte offsets and references.
    static func bplist(_ objects: [[UInt8]], offsets: [Int]? = nil, width: Int, top: Int = 0) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var natural: [Int] = []
        for o in objects { natural.append(out.count); out += o }
        let table = out.count
        let entries = offsets ?? natural
        for o in entries { out += be(UInt64(o), width) }
        out += [0, 0, 0, 0, 0, 0, UInt8(width), UInt8(width)]
        out += be(UInt64(entries.count), 8) + be(UInt64(top), 8) + be(UInt64(table), 8)
        return out
    }

    /// Objects #0…#11 of a binary keyed archive whose `$objects` are `["$null", #12]` and whose
    /// `$top` is `{root: UID 1}`; the caller appends #12 onwards. References are `width` bytes.
    static func keyedPrefix(width: Int) -> [[UInt8]] {
        func r(_ i: UInt64) -> [UInt8] { be(i, width) }
        return [
            [0xD4] + r(1) + r(2) + r(3) + r(4) + r(5) + r(6) + r(7) + r(8),  // #0 top dict
            [0x59] + Array("$archiver".utf8),                                  // #1
            [0x58] + Array("$version".utf8),                                   // #2
            [0x54] + Array("$top".utf8),                                       // #3
            [0x58] + Array("$objects".utf8),                                   // #4
            [0x5F, 0x10, 15] + Array("NSKeyedArchiver".utf8),                  // #5
            [0x12, 0x00, 0x01, 0x86, 0xA0],                                    // #6 100000
            [0xD1] + r(9) + r(10),                                             // #7 $top = {root: UID 1}
            [0xA2] + r(11) + r(12),                                            // #8 $objects = ["$null", #12]
            [0x54] + Array("root".utf8),                                       // #9
            [0x80, 0x01],                                                      // #10 UID 1
            [0x55] + Array("$null".utf8),                                      // #11
        ]
    }

    /// A keyed archive (`$archiver`, `$version`, `$top` root → UID 1, `$objects`) as a PlistValue.
    static func keyedArchive(objects: [PlistValue]) -> PlistValue {
        .dictionary([
            PlistEntry("$archiver", .string("NSKeyedArchiver")),
            PlistEntry("$version", .int(100_000)),
            PlistEntry("$top", .dictionary([PlistEntry("root", .uid(1))])),
            PlistEntry("$objects", .array([.string("$null")] + objects)),
        ])
    }

    /// A NIBArchive whose root object holds `payload` as a data value named `key`.
    static func nibArchive(holding payload: [UInt8], key: String = "archiveData") throws -> [UInt8] {
        let graph = ObjectGraph(encoding: .nibArchive, objects: [
            ArchivedObject(className: "UINib", fields: [ArchiveField(key, .data(payload))]),
        ], root: ObjectRef(0), versionMajor: 1, versionMinor: 9)
        return try NibArchiveWriter().encode(graph)
    }

    /// A fresh temporary directory (removed by the caller).
    static func temporaryDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "nibinspect-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}
