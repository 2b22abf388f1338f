import Foundation
import Testing
@testable import ArchiveReader

@Suite("Binary plist reader")
struct BPlistReaderTests {
    /// One object of every marker, referenced from a top-level array (object 0).
    /// (With 4- and 8-byte references the file exceeds 255 bytes: offsets need 2 bytes.)
    static func everyMarker(refSize: Int = 1, offsetSize: Int = 1) -> (bytes: [UInt8], expected: PlistValue) {
        var b = BPlistTestBuilder(objects: [], offsetIntSize: offsetSize, objectRefSize: refSize)
        let scalars: [([UInt8], PlistValue)] = [
            ([0x00], .null),                                                    // null
            ([0x08], .bool(false)),                                             // false
            ([0x09], .bool(true)),                                              // true
            ([0x0F], .null),                                                    // fill
            ([0x10, 0xFF], .int(255)),                                          // 1-byte int (unsigned)
            ([0x11, 0x12, 0x34], .int(0x1234)),                                 // 2-byte int
            ([0x12, 0xFF, 0xFF, 0xFF, 0xFE], .int(0xFFFF_FFFE)),                // 4-byte int (unsigned)
            ([0x13] + BPlistTestBuilder.be(UInt64(bitPattern: -7), 8), .int(-7)),   // 8-byte int (signed)
            ([0x14] + BPlistTestBuilder.be(0, 8) + BPlistTestBuilder.be(UInt64.max, 8), .uint(UInt64.max)),  // 16-byte int
            ([0x14] + BPlistTestBuilder.be(UInt64.max, 8) + BPlistTestBuilder.be(UInt64(bitPattern: -2), 8), .int(-2)),
            ([0x22] + BPlistTestBuilder.be(UInt64(Float(0.5).bitPattern), 4), .real(0.5)),   // 4-byte real
            ([0x23] + BPlistTestBuilder.be(1.25.bitPattern, 8), .real(1.25)),   // 8-byte real
            ([0x33] + BPlistTestBuilder.be(86_400.0.bitPattern, 8), .date(86_400)),  // date
            ([0x43, 0x00, 0x01, 0xFF], .data([0x00, 0x01, 0xFF])),              // 3 bytes of data
            ([0x52] + Array("hi".utf8), .string("hi")),                         // ASCII string
            ([0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00], .string("é😀")),        // UTF-16BE, 3 units
            ([0x80, 0x07], .uid(7)),                                            // 1-byte UID
            ([0x81, 0x01, 0x2C], .uid(300)),                                    // 2-byte UID
            ([0x83, 0x00, 0x01, 0x11, 0x70], .uid(70_000)),                     // 4-byte UID
            ([0x8F] + [UInt8](repeating: 0, count: 15) + [0x09], .uid(9)),      // 16-byte UID
            ([0x5F, 0x10, 0x0F] + Array("fifteen chars!!".utf8), .string("fifteen chars!!")),  // count 0xF + int 15
            ([0x4F, 0x11, 0x00, 0x02, 0xAA, 0xBB], .data([0xAA, 0xBB])),        // count 0xF + 2-byte int
        ]
        let n = scalars.count
        // object 0: array of all scalars + a set + a dict; objects 1…n: the scalars;
        // n+1: set {#1}; n+2: dict {#15 ("hi") : #5 (255)}; n+3: empty array
        var top: [UInt8] = [0xAF, 0x10, UInt8(n + 3)]                         // array, count 0xF + int
        for i in 1...(n + 3) { top += b.ref(i) }
        b.objects.append(top)
        b.objects += scalars.map(\.0)
        b.objects.append([0xC1] + b.ref(1))                                   // set of 1
        b.objects.append([0xD1] + b.ref(15) + b.ref(5))                       // dict of 1: key ref, value ref
        b.objects.append([0xA0])                                              // empty array
        let expected = PlistValue.array(scalars.map(\.1) + [.set([.null]), .dictionary([PlistEntry("hi", .int(255))]), .array([])])
        return (b.build(), expected)
    }

    @Test("every marker decodes", arguments: [1, 2, 4, 8])
    func everyMarkerDecodes(refSize: Int) throws {
        let (bytes, expected) = Self.everyMarker(refSize: refSize, offsetSize: refSize >= 4 ? 2 : 1)
        #expect(try PropertyList.decode(bytes: bytes) == expected)
    }

    @Test("every offset width decodes", arguments: [1, 2, 4, 8])
    func everyOffsetWidth(offsetSize: Int) throws {
        let (bytes, expected) = Self.everyMarker(refSize: 2, offsetSize: offsetSize)
        #expect(try PropertyList.decode(bytes: bytes) == expected)
    }

    @Test("writer output reads back, at every reference and offset width", arguments: [1, 2, 4, 8])
    func writerRoundTrip(size: Int) throws {
        let (_, expected) = Self.everyMarker()
        var writer = BPlistWriter(objectRefSize: size, offsetIntSize: size)
        let bytes = writer.write(expected)
        #expect(bytes[bytes.count - 26] == UInt8(size) && bytes[bytes.count - 25] == UInt8(size))
        // The fill marker reads as null and XML/bplist have no fill to write, so expect null.
        #expect(try PropertyList.decode(bytes: bytes) == expected)
    }

    @Test("a large list uses 2-byte references and extended counts")
    func largeList() throws {
        let value = PlistValue.array((0..<1000).map { .string("s\($0)") })
        let bytes = BPlistWriter.write(value)
        #expect(bytes[bytes.count - 25] == 2)
        #expect(try PropertyList.decode(bytes: bytes) == value)
    }

    @Test("non-binary input is named, empty input is empty")
    func notAPlist() {
        #expect(throws: ArchiveError(.emptyFile, at: 0)) { try PropertyList.decode(bytes: []) }
        #expect(throws: ArchiveError(.notAnArchive(detected: "NIBArchive"), at: 0)) {
            try PropertyList.decode(bytes: Array("NIBArchive".utf8) + [1, 0, 0, 0])
        }
    }
}
