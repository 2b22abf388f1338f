import Testing
@testable import ArchiveReader

/// Corrupt binary plists, each with the expected error kind and absolute byte offset.
/// The base file is a 3-object list: `["a", 1]`.
@Suite("Binary plist corruption")
struct BPlistCorruptionTests {
    /// object 0 (offset 8): array of 2 -> #1, #2; object 1 (offset 11): "a"; object 2 (offset 13): int 1.
    static func base() -> BPlistTestBuilder {
        BPlistTestBuilder(objects: [
            [0xA2, 0x01, 0x02],   // array, 2 refs
            [0x51, 0x61],         // ASCII "a"
            [0x10, 0x01],         // int 1
        ])
    }

    func decode(_ bytes: [UInt8]) throws(ArchiveError) -> PlistValue { try PropertyList.decode(bytes: bytes) }

    func expectError(_ bytes: [UInt8], _ kind: ArchiveError.Kind, at offset: Int,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let value = try decode(bytes)
            Issue.record("decoded \(value) instead of failing", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == kind, sourceLocation: sourceLocation)
            #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("the uncorrupted base decodes")
    func baseDecodes() throws {
        #expect(try decode(Self.base().build()) == .array([.string("a"), .int(1)]))
    }

    @Test("bad trailer sizes")
    func badTrailer() {
        var bytes = Self.base().build()
        let t = bytes.count - 32
        bytes[t + 6] = 3                                          // offset int size 3 -- CORRUPTED
        expectError(bytes, .malformed("offset int size 3 is not 1, 2, 4 or 8"), at: t + 6)
        bytes = Self.base().build()
        bytes[t + 7] = 0                                          // object ref size 0 -- CORRUPTED
        expectError(bytes, .malformed("object ref size 0 is not 1, 2, 4 or 8"), at: t + 7)
        bytes = Self.base().build()
        bytes[t + 23] = 5                                         // top object 5 of 3 -- CORRUPTED
        expectError(bytes, .indexOutOfRange(.plistObjects, index: 5, count: 3), at: t + 16)
        bytes = Self.base().build()
        bytes[t + 15] = 0                                         // object count 0 -- CORRUPTED
        expectError(bytes, .malformed("property list has no objects"), at: t + 8)
        expectError(Array(Self.base().build().prefix(20)), .truncated(needed: 42, available: 20), at: 0)
    }

    @Test("a binary plist cut short says truncated or corrupt, with the trailer's offset")
    func cutShort() throws {
        let long: [UInt8] = [0x5F, 0x10, 0x28] + Array(repeating: 0x78, count: 40)   // ASCII string of 40 "x"
        let whole = BPlistTestBuilder(objects: [[0xA2, 0x01, 0x02], long, long]).build()   // 132 bytes
        let cut = Array(whole.prefix(100))              // the last 32 bytes (68..<100) are string bytes
        expectError(cut, .malformed("offset int size 120 is not 1, 2, 4 or 8"), at: 74)
        do {
            _ = try decode(cut)
        } catch {
            #expect(error.description == "truncated or corrupt binary plist: the last 32 bytes are not a valid trailer "
                    + "(offset int size 120 is not 1, 2, 4 or 8) at byte 0x4A in trailer")
        }
        var bytes = Self.base().build()
        let t = bytes.count - 32
        bytes[t + 31] = UInt8(t - 1)
        do {
            _ = try decode(bytes)
        } catch {
            #expect(error.description == "truncated or corrupt binary plist: the last 32 bytes are not a valid trailer "
                    + "(an offset table of 3 × 1 bytes at offset \(t - 1) does not fit between the objects and the trailer "
                    + "at offset \(t)) at byte 0x\(String(t + 24, radix: 16, uppercase: true)) in trailer")
        }
    }

    @Test("an XML plist cut short names the unclosed top-level element and the end-of-file offset")
    func xmlPlistCutShort() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n<string>b</string>\n"
        do {
            let value = try decode(Array(text.utf8))
            Issue.record("decoded \(value) instead of failing")
        } catch {
            #expect(error.description == "truncated or malformed XML plist: the top-level <dict> is never closed before the end "
                    + "of the file at byte 0x\(String(text.utf8.count, radix: 16, uppercase: true)) in xml")
        }
    }

    @Test("offset table out of range or overlapping the trailer")
    func offsetTableOutOfRange() {
        var bytes = Self.base().build()
        let t = bytes.count - 32
        bytes[t + 31] = UInt8(t - 1)                              // table would run into the trailer -- CORRUPTED
        expectError(bytes, .sectionOutOfBounds(.offsetTable), at: t + 24)
        bytes[t + 30] = 0xFF                                      // table offset far beyond EOF -- CORRUPTED
        expectError(bytes, .sectionOutOfBounds(.offsetTable), at: t + 24)
        bytes = Self.base().build()
        bytes[t + 15] = 0xFF                                      // 255 objects: table too long -- CORRUPTED
        expectError(bytes, .sectionOutOfBounds(.offsetTable), at: t + 24)
    }

    @Test("offset table entry outside the object area")
    func offsetEntryOutOfRange() {
        let b = Self.base()
        var bytes = b.build()
        bytes[b.tableOffset + 1] = UInt8(b.tableOffset + 2)      // entry #1 points into the table -- CORRUPTED
        expectError(bytes, .sectionOutOfBounds(.plistObjects), at: b.tableOffset + 1)
        bytes[b.tableOffset + 1] = 3                              // entry #1 points into the magic -- CORRUPTED
        expectError(bytes, .sectionOutOfBounds(.plistObjects), at: b.tableOffset + 1)
    }

    @Test("reference out of range")
    func refOutOfRange() {
        var b = Self.base()
        b.objects[0] = [0xA2, 0x01, 0x09]                         // second ref 9 of 3 -- CORRUPTED
        expectError(b.build(), .indexOutOfRange(.plistObjects, index: 9, count: 3), at: 8 + 2)
    }

    @Test("reference out of range in a container of 15 or more entries (count in a following int)")
    func refOutOfRangeExtendedCount() {
        // 20 objects, so that the count bytes (0x10 0x10 / 0x10 0x0F) read as references would be in range.
        var b = BPlistTestBuilder(objects: [[0xA0], [0x51, 0x61]] + Array(repeating: [0x10, 0x01], count: 18))
        // array of 16: marker, int marker, count 16; 15 refs to #1, then ref 99 of 20 -- CORRUPTED
        b.objects[0] = [0xAF, 0x10, 0x10] + [UInt8](repeating: 0x01, count: 15) + [0x63]
        expectError(b.build(), .indexOutOfRange(.plistObjects, index: 99, count: 20), at: 8 + 3 + 15)
        // dictionary of 15: keys #1, values #2, the last value 99 -- CORRUPTED
        b.objects[0] = [0xDF, 0x10, 0x0F] + [UInt8](repeating: 0x01, count: 15) + [UInt8](repeating: 0x02, count: 14) + [0x63]
        expectError(b.build(), .indexOutOfRange(.plistObjects, index: 99, count: 20), at: 8 + 3 + 29)
        // the same dictionary with 14 entries (count in the marker): value 99 -- CORRUPTED
        b.objects[0] = [0xDE] + [UInt8](repeating: 0x01, count: 14) + [UInt8](repeating: 0x02, count: 13) + [0x63]
        expectError(b.build(), .indexOutOfRange(.plistObjects, index: 99, count: 20), at: 8 + 1 + 27)
    }

    @Test("reference cycle")
    func cycle() {
        var b = Self.base()
        b.objects[0] = [0xA2, 0x01, 0x00]                         // the array contains itself -- CORRUPTED
        expectError(b.build(), .referenceCycle, at: 8)
        b.objects[2] = [0xD1, 0x01, 0x00]                         // dict {"a": array} inside the array -- CORRUPTED
        b.objects[0] = [0xA2, 0x01, 0x02]
        expectError(b.build(), .referenceCycle, at: 8)
    }

    @Test("unknown marker")
    func unknownMarker() {
        var b = Self.base()
        b.objects[2] = [0x70, 0x01]                               // 0x7n is not defined -- CORRUPTED
        expectError(b.build(), .unknownMarker(0x70), at: 13)
        b.objects[2] = [0x15, 0x01]                               // 32-byte int -- CORRUPTED
        expectError(b.build(), .unknownMarker(0x15), at: 13)
    }

    @Test("truncated object")
    func truncatedObject() {
        var b = Self.base()
        b.objects[1] = [0x5A, 0x61]                               // 10-char string, 1 byte before the table -- CORRUPTED
        expectError(b.build(), .truncated(needed: 10, available: 3), at: 12)
        b.objects[1] = [0xAF, 0x13] + BPlistTestBuilder.be(UInt64.max, 8)   // count 2^64-1 -- CORRUPTED
        let bytes = b.build()
        do {
            _ = try decode(bytes)
            Issue.record("inflated count accepted")
        } catch {
            guard case .truncated = error.kind else { Issue.record("\(error)"); return }
            #expect(error.offset == 13)   // the count's integer bytes
            #expect(error.path == ["object #1"])
        }
    }

    @Test("invalid UTF-16")
    func invalidUTF16() {
        var b = Self.base()
        b.objects[1] = [0x61, 0xD8, 0x3D]                         // lone high surrogate -- CORRUPTED
        expectError(b.build(), .malformed("invalid UTF-16 string (unpaired surrogate)"), at: 11)
    }

    @Test("errors carry a breadcrumb")
    func breadcrumb() {
        var b = Self.base()
        b.objects[2] = [0x70]
        do {
            _ = try decode(b.build())
        } catch {
            #expect(error.path == ["object #2"])
            #expect(error.description == "unknown marker 0x70 at byte 0xD in object #2")
        }
    }
}
