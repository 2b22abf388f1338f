import Testing
@testable import ArchiveReader

/// Tolerated variations (nib-format.md §2.1, §2.3, §2.7, §2.8), varint edge cases (§2.2) and
/// nested archives (§2.9).
@Suite("NIBArchive layout and varints")
struct NibArchiveLayoutTests {
    typealias B = NibArchiveBytes

    func stripped(_ graph: ObjectGraph) -> [ArchivedObject] {
        graph.objects.map { o in
            ArchivedObject(className: o.className, classChain: o.classChain,
                           fields: o.fields.map { ArchiveField($0.key, $0.value) })
        }
    }

    @Test("keeps a trailer after the last table and recognises LNE\\0, with a warning")
    func lneTrailer() throws {
        let archive = try NibArchive(bytes: B.archive(trailer: [0x4C, 0x4E, 0x45, 0x00]))
        #expect(archive.trailer == [0x4C, 0x4E, 0x45, 0x00])
        #expect(archive.hasLNETrailer)
        #expect(archive.trailerOffset == 69)
        #expect(archive.diagnostics == [Diagnostic(.trailingBytes, "4 byte(s) after the last table (LNE\\0 trailer)",
                                                   severity: .warning, location: .init(byteOffset: 0x45))])
        let other = try NibArchive(bytes: B.archive(trailer: [1, 2]))
        #expect(other.trailer == [1, 2] && !other.hasLNETrailer && other.diagnostics.map(\.code) == [.trailingBytes])
    }

    @Test("accepts unknown version words with a warning")
    func unknownVersion() throws {
        let archive = try NibArchive(bytes: B.archive(version: (2, 11)))
        #expect(archive.header.formatVersion == 2 && archive.header.coderVersion == 11)
        #expect(archive.diagnostics.count == 1)
        #expect(archive.diagnostics.first?.message.contains("unknown NIBArchive version 2/11") == true)
        #expect(try NibArchive(bytes: B.archive(version: (1, 10))).diagnostics.isEmpty)
    }

    @Test("reads objects with no values (first = 0, count = 0)")
    func zeroValueObjects() throws {
        let archive = try NibArchive(bytes: B.archive(objects: B.object + [0x80, 0x80, 0x80], objectCount: 2))
        let graph = archive.objectGraph()
        #expect(graph.objects.count == 2)
        #expect(graph.objects[1].fields.isEmpty)
        #expect(graph.objects[1].className == "NSObject")
    }

    @Test("keeps repeated keys in order; lookups take the first")
    func repeatedKeys() throws {
        let archive = try NibArchive(bytes: B.archive(objects: [0x80, 0x80, 0x82], values: B.value + [0x80, 0x00, 0x06],
                                                      valueCount: 2))
        let object = archive.objectGraph().objects[0]
        #expect(object.fields.map(\.value) == [.int(5), .int(6)])
        #expect(object["a"] == .int(5))
        #expect(object.values(forKey: "a") == [.int(5), .int(6)])
    }

    @Test("reads tables by offset in WinObjC order (class names, keys, values, objects)")
    func tablesOutOfOrder() throws {
        let c = 50, k = c + B.nsObject.count, v = k + B.key.count, o = v + B.value.count
        let bytes = B.header(objects: (1, o), keys: (1, k), values: (1, v), classes: (1, c))
            + B.nsObject + B.key + B.value + B.object
        let archive = try NibArchive(bytes: bytes)
        #expect(stripped(archive.objectGraph()) == stripped(try NibArchive(bytes: B.minimal).objectGraph()))
        #expect(archive.objects[0].offset == o)
        #expect(archive.diagnostics.isEmpty)
    }

    // MARK: Varints (§2.2)

    /// Reads with the decoder's own cursor (``NibCursor``), the one every table read uses.
    func readVarint(_ bytes: [UInt8]) throws(ArchiveError) -> Int {
        try bytes.withUnsafeBufferPointer { buf throws(ArchiveError) -> Int in
            var r = NibCursor(buf, from: 0, base: 0)
            return try r.nibVarint()
        }
    }

    @Test("varints: the high bit marks the last byte; the writer emits the minimal form",
          arguments: [(0, [0x80]), (5, [0x85]), (127, [0xFF]), (128, [0x00, 0x81]), (16383, [0x7F, 0xFF]),
                      (16384, [0x00, 0x00, 0x81]), (Int(UInt32.max), [0x7F, 0x7F, 0x7F, 0x7F, 0x8F])] as [(Int, [UInt8])])
    func varintRoundTrip(value: Int, bytes: [UInt8]) throws {
        var out: [UInt8] = []
        NibArchiveWriter.appendVarint(value, to: &out)
        #expect(out == bytes)
        #expect(try readVarint(bytes) == value)
    }

    @Test("varints: non-minimal forms are accepted; overlong and truncated ones are errors")
    func varintEdges() {
        #expect((try? readVarint([0x05, 0x80])) == 5)  // WinObjC's forced 2-byte form
        #expect(throws: ArchiveError(.varintTooLong, at: 0)) { try readVarint([0, 0, 0, 0, 0, 0x80]) }
        #expect(throws: ArchiveError(.varintTooLong, at: 0)) { try readVarint([0x7F, 0x7F, 0x7F, 0x7F, 0x90]) }
        #expect(throws: ArchiveError(.truncated(needed: 1, available: 0), at: 2)) { try readVarint([0x01, 0x02]) }
        #expect(throws: ArchiveError(.truncated(needed: 1, available: 0), at: 0)) { try readVarint([]) }
    }

    // MARK: Nested archives (§2.9)

    /// An archive whose one value is data holding `inner`: value at 55, type at 56, length varint
    /// at 57, payload from 58 (59 when `inner` has 128 bytes or more).
    func outer(holding inner: [UInt8]) -> [UInt8] {
        var value: [UInt8] = [0x80, 0x08]
        NibArchiveWriter.appendVarint(inner.count, to: &value)
        return B.archive(values: value + inner)
    }

    @Test("decodes a nested archive on request, with absolute offsets")
    func nestedArchive() throws {
        let archive = try NibArchive(bytes: outer(holding: B.minimal))
        #expect(archive.nestedArchiveValues.map(\.offset) == [58])
        let inner = try archive.nestedArchive(at: 0)
        #expect(inner.baseOffset == 58)
        #expect(inner.objects[0].offset == 58 + 50)
        #expect(inner.objectGraph().objects[0]["a"] == .int(5))
        let all = try archive.nestedArchives(recursive: true)
        #expect(all.count == 1 && all[0].valueIndex == 0 && all[0].depth == 1)
    }

    @Test("nested errors carry absolute offsets and the value breadcrumb")
    func nestedError() throws {
        let archive = try NibArchive(bytes: outer(holding: B.archive(values: [0x80, 0x0B, 0x00])))
        #expect(throws: ArchiveError(.unknownValueType(11), at: 58 + 56, path: ["value #0 'a'", "values table", "value #0"])) {
            try archive.nestedArchive(at: 0)
        }
    }

    @Test("nesting deeper than maxNestingDepth is an error at the data's offset")
    func nestingLimit() throws {
        var limits = DecodingLimits()
        limits.maxNestingDepth = 1
        let twoDeep = outer(holding: outer(holding: B.minimal))
        let archive = try NibArchive(bytes: twoDeep, limits: limits)
        let first = try archive.nestedArchive(at: 0, limits: limits, depth: 1)
        #expect(throws: ArchiveError(.limitExceeded(.nestingDepth, value: 2), at: 59 + 58, path: ["value #0 'a'"])) {
            try first.nestedArchive(at: 0, limits: limits, depth: 2)
        }
        #expect(throws: ArchiveError.self) { try archive.nestedArchives(limits: limits, recursive: true) }
    }
}
