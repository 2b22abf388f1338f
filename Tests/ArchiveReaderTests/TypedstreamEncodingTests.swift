import Testing
@testable import ArchiveReader

/// Every tag and type encoding of the wire format, in both byte orders, through an unknown
/// class whose values therefore come out raw as `TSProbe.<n>` (nib-format.md §6).
@Suite("Typedstream encodings")
struct TypedstreamEncodingTests {
    static func probe(bigEndian: Bool) -> [UInt8] {
        var w = TypedstreamTestWriter(bigEndian: bigEndian)
        w.group("@")
        w.beginObject([("TSProbe", 7), ("NSObject", 0)])
        w.group("cCsSiIlLqQ")
        w.raw([0xFB, 200])                          // c −5, C 200: raw bytes, no tags
        w.integer(-300); w.integer(40_000)          // 0x81 int16; S 40000 via 0x82
        w.integer(70_000); w.integer(5)             // 0x82 int32; single byte
        w.integer(-1); w.integer(127)
        w.integer(-110); w.integer(0)               // −110 is the first non-tag byte (0x92)
        w.group("fd"); w.float(1.5); w.double(2.25) // 0x83 float and double
        w.group("f"); w.float(40)                   // integral float stored as an integer
        w.group("B"); w.raw([1])
        w.group("*"); let c = w.cString("hello")
        w.group("*"); w.reference(c)                // C-string back-reference
        w.group("*"); w.nilTag()
        w.group("%"); w.shared("atom")
        w.group(":"); w.shared("doIt:")
        w.group(":"); w.nilTag()
        w.group("+"); w.unshared("raw")
        w.group("#"); w.classChain([("NSString", 1), ("NSObject", 0)])
        w.group("@")
        let number = w.beginObject([("NSNumber", 0), ("NSValue", 0), ("NSObject", 0)])
        w.group("*"); w.cString("i")
        w.group("i"); w.integer(42)
        w.endObject()
        w.group("@"); w.reference(number)           // object back-reference
        w.group("!")
        w.group("[3i]"); w.integer(1); w.integer(2); w.integer(-200)
        w.group("[4c]"); w.raw([0x41, 0x42, 0x00, 0xFF])
        w.group("{_NSPoint=ff}"); w.float(1); w.float(0.25)
        w.group("[2{?=ii}]"); for v in [1, 2, 3, 4] as [Int64] { w.integer(v) }
        w.group("i"); w.integer(9)                  // shared-string back-reference to "i"
        w.endObject()
        return w.bytes
    }

    @Test("every tag and type encoding decodes", arguments: [true, false])
    func allEncodings(bigEndian: Bool) throws {
        let graph = try TypedstreamUnarchiver.decode(Self.probe(bigEndian: bigEndian))
        let probe = graph.objects[0]
        #expect(probe.className == "TSProbe")
        let expected: [ArchiveValue] = [
            .int(-5), .int(200), .int(-300), .int(40_000), .int(70_000), .int(5), .int(-1), .int(127), .int(-110), .int(0),
            .float(1.5), .double(2.25), .float(40), .bool(true),
            .string("hello"), .string("hello"), .null,
            .string("atom"), .string("doIt:"), .null, .data(Array("raw".utf8)), .string("NSString"),
            .object(ObjectRef(1)), .object(ObjectRef(1)), .null,
            .array([.int(1), .int(2), .int(-200)]), .data([0x41, 0x42, 0x00, 0xFF]),
            .array([.float(1), .float(0.25)]),
            .array([.array([.int(1), .int(2)]), .array([.int(3), .int(4)])]),
            .int(9),
        ]
        #expect(probe.fields.map(\.key) == expected.indices.map { "TSProbe.\($0)" })
        #expect(probe.fields.map(\.value) == expected)
        let number = graph.objects[1]
        #expect(number.className == "NSNumber" && number.classChain == ["NSValue", "NSObject"])
        #expect(graph.integer(.object(ObjectRef(1))) == 42)
        #expect(graph.diagnostics.isEmpty)
    }

    @Test("Foundation collections come out in the keyed spelling")
    func collections() throws {
        var w = TypedstreamTestWriter(bigEndian: false)
        w.group("@")
        w.beginObject([("NSDictionary", 0), ("NSObject", 0)])
        w.group("i"); w.integer(2)
        w.group("@"); w.string("a")
        w.group("@")
        w.beginObject([("NSArray", 0)])
        w.group("i"); w.integer(1)
        w.group("@"); w.string("x")
        w.endObject()
        w.group("@"); w.string("b")
        w.group("@")
        w.beginObject([("NSNumber", 0), ("NSValue", 0)])
        w.group("*"); w.cString("d")
        w.group("d"); w.double(0.5)
        w.endObject()
        w.endObject()
        let graph = try TypedstreamUnarchiver.decode(w.bytes)
        let pairs = try #require(graph.pairs(.object(ObjectRef(0))))
        #expect(pairs.map { graph.string($0.key) } == ["a", "b"])
        #expect(graph.elements(pairs[0].value).map { $0.map { graph.string($0) } } == ["x"])
        #expect(graph.double(pairs[1].value) == 0.5)
    }

    @Test("type-encoding strings parse, malformed ones are rejected")
    func typeParsing() {
        #expect(TypedstreamType.parseList(Array("{_NSRect={_NSPoint=ff}{_NSSize=ff}}".utf8))
                == [.structure(name: "_NSRect", fields: [
                    .structure(name: "_NSPoint", fields: [.scalar(UInt8(ascii: "f")), .scalar(UInt8(ascii: "f"))]),
                    .structure(name: "_NSSize", fields: [.scalar(UInt8(ascii: "f")), .scalar(UInt8(ascii: "f"))]),
                ])])
        #expect(TypedstreamType.parseList(Array("[12c]i".utf8))
                == [.array(count: 12, element: .scalar(UInt8(ascii: "c"))), .scalar(UInt8(ascii: "i"))])
        for bad in ["", "^i", "[i]", "[3i", "{ii", "[99999999999999999999i]", String(repeating: "[1", count: 40) + "i"] {
            #expect(TypedstreamType.parseList(Array(bad.utf8)) == nil, "\(bad)")
        }
    }
}
