import Testing
@testable import ArchiveReader

/// One test per ``ArchiveError/Kind`` the NIBArchive reader throws, each asserting the kind and the
/// exact byte offset (nib-format.md §2.10). Offsets refer to the layout in ``NibArchiveBytes``.
@Suite("NIBArchive validation")
struct NibArchiveValidationTests {
    typealias B = NibArchiveBytes

    func decodeError(_ bytes: [UInt8], limits: DecodingLimits = .default) -> ArchiveError? {
        do {
            _ = try NibArchive(bytes: bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    func expectError(_ bytes: [UInt8], _ kind: ArchiveError.Kind, at offset: Int,
                     limits: DecodingLimits = .default, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = decodeError(bytes, limits: limits)
        #expect(error?.kind == kind, sourceLocation: sourceLocation)
        #expect(error?.offset == offset, "\(String(describing: error))", sourceLocation: sourceLocation)
    }

    @Test("the reference bytes decode")
    func minimalDecodes() throws {
        let archive = try NibArchive(bytes: B.minimal)
        let graph = archive.objectGraph()
        #expect(graph.objects.count == 1)
        #expect(graph.objects[0].className == "NSObject")
        #expect(graph.objects[0].fields == [ArchiveField("a", .int(5), offset: 55)])
        #expect(archive.diagnostics.isEmpty)
    }

    @Test("rejects an empty file")
    func emptyFile() { expectError([], .emptyFile, at: 0) }

    @Test("names the format of a file that is not a NIBArchive")
    func notAnArchive() {
        let xib = Array(#"<?xml version="1.0"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">"#.utf8)
        expectError(xib, .notAnArchive(detected: "XML xib source"), at: 0)
        expectError(Array("bplist00".utf8) + [0, 0, 0], .notAnArchive(detected: "binary plist"), at: 0)
        expectError([1, 2, 3], .notAnArchive(detected: nil), at: 0)
    }

    @Test("rejects a header shorter than 50 bytes")
    func truncatedHeader() {
        expectError(Array(B.minimal.prefix(30)), .truncated(needed: 50, available: 30), at: 0)
    }

    @Test("rejects a table whose offset lies outside the file, at the header field")
    func tableOutOfBounds() {
        let tables = B.object + B.key + B.value + B.nsObject
        // key table offset 500 (> 69 bytes): the field is at 0x1E.
        expectError(B.header(objects: (1, 50), keys: (1, 500), values: (1, 55), classes: (1, 58)) + tables,
                    .sectionOutOfBounds(.keys), at: 30)
        // class table offset inside the header: the field is at 0x2E.
        expectError(B.header(objects: (1, 50), keys: (1, 53), values: (1, 55), classes: (1, 10)) + tables,
                    .sectionOutOfBounds(.classNames), at: 46)
    }

    @Test("rejects two tables at one offset")
    func overlappingTables() {
        let tables = B.object + B.key + B.value + B.nsObject
        expectError(B.header(objects: (1, 50), keys: (1, 53), values: (1, 53), classes: (1, 58)) + tables,
                    .sectionsOverlap(.keys, .values), at: 53)
    }

    @Test("rejects a class index past the class table")
    func classIndexOutOfRange() {
        expectError(B.archive(objects: [0x81, 0x80, 0x81]), .indexOutOfRange(.classNames, index: 1, count: 1), at: 50)
        #expect(decodeError(B.archive(objects: [0x81, 0x80, 0x81]))?.path == ["objects table", "object #0"])
    }

    @Test("rejects a fallback class index past the class table")
    func fallbackIndexOutOfRange() {
        let cls: [UInt8] = [0x89, 0x81, 0x05, 0x00, 0x00, 0x00] + Array("NSObject".utf8) + [0]
        expectError(B.archive(classes: cls), .indexOutOfRange(.classNames, index: 5, count: 1), at: 60)
    }

    @Test("rejects a key index past the key table")
    func keyIndexOutOfRange() {
        expectError(B.archive(values: [0x81, 0x00, 0x05]), .indexOutOfRange(.keys, index: 1, count: 1), at: 55)
    }

    @Test("rejects a value range past the value table")
    func valueRangeOutOfRange() {
        // first 0, count 2 of 1 value: the range's last index 1 is reported at the first-value varint.
        expectError(B.archive(objects: [0x80, 0x80, 0x82]), .indexOutOfRange(.values, index: 1, count: 1), at: 51)
        expectError(B.archive(objects: [0x80, 0x81, 0x81]), .indexOutOfRange(.values, index: 1, count: 1), at: 51)
    }

    @Test("rejects an object reference past the object table")
    func objectRefOutOfRange() {
        // value: key 0, type 10, u32 1 — the reference is at 0x39.
        expectError(B.archive(values: [0x80, 0x0A, 0x01, 0x00, 0x00, 0x00]),
                    .indexOutOfRange(.objects, index: 1, count: 1), at: 57)
    }

    @Test("rejects a varint of more than 5 bytes or 32 bits, at its first byte")
    func varintTooLong() {
        expectError(B.archive(keys: [0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x61]), .varintTooLong, at: 53)
        expectError(B.archive(keys: [0x7F, 0x7F, 0x7F, 0x7F, 0xFF, 0x61]), .varintTooLong, at: 53)
    }

    @Test("rejects a value type byte above 10, at the type byte")
    func unknownValueType() {
        expectError(B.archive(values: [0x80, 0x0B, 0x00]), .unknownValueType(11), at: 56)
    }

    @Test("rejects key and class names that are not UTF-8, at the name bytes")
    func invalidUTF8() {
        expectError(B.archive(keys: [0x81, 0xFF]), .invalidUTF8(.keys), at: 54)
        expectError(B.archive(classes: [0x82, 0x80, 0xFF, 0x00]), .invalidUTF8(.classNames), at: 60)
    }

    @Test("rejects data running past its table")
    func truncatedData() {
        // value: key 0, type 8, length 10, but only 1 byte before the class table at 0x3B.
        expectError(B.archive(values: [0x80, 0x08, 0x8A, 0x01]), .truncated(needed: 10, available: 1), at: 58)
        // 1000 objects cannot fit in 19 bytes: reported at the object count field.
        expectError(B.archive(objectCount: 1000), .truncated(needed: 3000, available: 19), at: 18)
    }

    @Test("enforces decoding limits")
    func limitsExceeded() {
        var limits = DecodingLimits()
        limits.maxObjects = 0
        expectError(B.minimal, .limitExceeded(.objectCount, value: 1), at: 18, limits: limits)
        limits = DecodingLimits()
        limits.maxFileSize = 60
        expectError(B.minimal, .limitExceeded(.fileSize, value: 69), at: 0, limits: limits)
    }

    @Test("rejects an archive without objects")
    func noObjects() {
        let bytes = B.header(objects: (0, 0), keys: (0, 0), values: (0, 0), classes: (0, 0))
        expectError(bytes, .malformed("archive has no objects (no root object)"), at: 18)
    }

    @Test("messages name the offset in hex and the breadcrumb")
    func messages() {
        let error = decodeError(B.archive(values: [0x80, 0x0B, 0x00]))
        #expect(error?.description == "unknown value type 11 at byte 0x38 in values table > value #0")
        #expect(decodeError(B.archive(keys: [0x81, 0xFF]))?.description == "invalid UTF-8 in keys at byte 0x36 in keys table > key #0")
    }

    @Test("header errors name the header field and the count or offset it holds")
    func headerMessages() {
        #expect(decodeError(B.archive(objectCount: 1000))?.description ==
                "truncated: the header's object count 1000 needs at least 3000 bytes, 19 available after the header at byte 0x12 in header (object count)")
        #expect(decodeError(Array(B.minimal.prefix(30)))?.description ==
                "truncated: the NIBArchive header needs 50 bytes, 30 available at byte 0x0 in header")
        let tables = B.object + B.key + B.value + B.nsObject
        #expect(decodeError(B.header(objects: (1, 50), keys: (1, 500), values: (1, 55), classes: (1, 58)) + tables)?.description ==
                "keys table out of bounds: the header's keys offset 500 is past the end of the file (69 bytes) at byte 0x1E in header (keys offset)")
        #expect(decodeError(B.header(objects: (1, 50), keys: (1, 53), values: (1, 53), classes: (1, 58)) + tables)?.description ==
                "keys and values tables overlap at byte 0x35 in header (values offset)")
        var limits = DecodingLimits()
        limits.maxObjects = 0
        #expect(decodeError(B.minimal, limits: limits)?.description == "object count limit exceeded (1) at byte 0x12 in header (object count)")
    }
}
