import Testing
@testable import ArchiveReader

/// Annotated broken streams: each asserts the error kind and the exact byte offset.
@Suite("Typedstream corruption")
struct TypedstreamCorruptionTests {
    func decodeError(_ bytes: [UInt8]) -> ArchiveError? {
        do {
            _ = try TypedstreamUnarchiver.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("bad header: wrong signature, streamer version 3, unknown streamer version, short file")
    func badHeader() throws {
        let badSignature = [4, 11] + Array("typedstreax".utf8) + [0x81, 0x03, 0xE8]
        let e1 = try #require(decodeError(badSignature))
        #expect(e1.offset == 2)
        guard case .malformed = e1.kind else { Issue.record("\(e1)"); return }

        var old = TypedstreamTestWriter(bigEndian: true).bytes
        old[0] = 3
        #expect(decodeError(old) == ArchiveError(.unsupportedFormat("typedstream streamer version 3 (early NeXTSTEP)"), at: 0))

        var five = TypedstreamTestWriter(bigEndian: true).bytes
        five[0] = 5
        #expect(decodeError(five) == ArchiveError(.malformed("unknown typedstream streamer version 5"), at: 0))

        // Header cut inside the signature: 4 of 11 signature bytes present.
        let short = Array(TypedstreamTestWriter(bigEndian: true).bytes.prefix(6))
        #expect(decodeError(short) == ArchiveError(.truncated(needed: 11, available: 4), at: 2))
    }

    @Test("unknown tag where an integer is expected")
    func unknownTag() {
        var w = TypedstreamTestWriter(bigEndian: false)
        w.group("i")
        let at = w.offset
        w.raw([0x87])                       // reserved tag byte, not 0x81/0x82
        let e = decodeError(w.bytes)
        #expect(e?.kind == .unknownMarker(0x87))
        #expect(e?.offset == at)
        #expect(e?.path == ["top-level group #0"])
    }

    @Test("back-references out of range: objects and shared strings")
    func referenceOutOfRange() {
        var w = TypedstreamTestWriter(bigEndian: true)
        w.group("@")
        let at = w.offset
        w.reference(5)                      // the shared-object table is empty
        #expect(decodeError(w.bytes) == ArchiveError(.indexOutOfRange(.typedstream, index: 5, count: 0), at: at,
                                                     path: ["top-level group #0"]))

        var s = TypedstreamTestWriter(bigEndian: true)
        let stringAt = s.offset
        s.raw([0x93])                       // shared-string reference #1, table empty
        #expect(decodeError(s.bytes) == ArchiveError(.indexOutOfRange(.typedstream, index: 1, count: 0), at: stringAt,
                                                     path: ["top-level group #0"]))

        // A reference to a class where an object is expected.
        var k = TypedstreamTestWriter(bigEndian: true)
        k.group("@")
        k.beginObject([("Foo", 1), ("NSObject", 0)])
        k.group("@")
        let kindAt = k.offset
        k.reference(1)                      // #1 is the class Foo
        k.endObject()
        let e = decodeError(k.bytes)
        #expect(e?.offset == kindAt)
        #expect(e?.path == ["top-level group #0", "object #0 Foo"])
    }

    @Test("truncated object names the object being read")
    func truncatedObject() {
        var w = TypedstreamTestWriter(bigEndian: false)
        w.group("@")
        w.beginObject([("Foo", 1), ("NSObject", 0)])
        w.group("@")
        w.beginObject([("Bar", 2), ("NSObject", 0)])
        w.group("i")
        let end = w.offset                  // the int and both end-of-object tags are missing
        #expect(decodeError(w.bytes) == ArchiveError(.truncated(needed: 1, available: 0), at: end,
                                                     path: ["top-level group #0", "object #0 Foo", "object #1 Bar"]))
    }

    @Test("absurd C-array counts fail before allocating")
    func absurdArrayCount() {
        var w = TypedstreamTestWriter(bigEndian: true)
        w.group("[999999999i]")
        let at = w.offset
        w.integer(1)
        #expect(decodeError(w.bytes) == ArchiveError(.truncated(needed: 999_999_999, available: 1), at: at,
                                                     path: ["top-level group #0"]))

        var b = TypedstreamTestWriter(bigEndian: true)
        b.group("[4000000000c]")
        let byteAt = b.offset
        #expect(decodeError(b.bytes) == ArchiveError(.truncated(needed: 4_000_000_000, available: 0), at: byteAt,
                                                     path: ["top-level group #0"]))

        var z = TypedstreamTestWriter(bigEndian: true)
        z.group("[2000[2000!]]")            // 4 million values of no bytes
        let zeroAt = z.offset
        let e = decodeError(z.bytes)
        #expect(e?.offset == zeroAt)
        guard case .limitExceeded(.valueCount, _)? = e?.kind else { Issue.record("\(String(describing: e))"); return }
    }

    @Test("invalid type encodings and nil encodings")
    func badEncodings() {
        var w = TypedstreamTestWriter(bigEndian: true)
        let at = w.offset
        w.group("^i")
        #expect(decodeError(w.bytes) == ArchiveError(.malformed("invalid type encoding '^i'"), at: at,
                                                     path: ["top-level group #0"]))
        var n = TypedstreamTestWriter(bigEndian: true)
        let nilAt = n.offset
        n.nilTag()
        #expect(decodeError(n.bytes) == ArchiveError(.malformed("nil type encoding"), at: nilAt,
                                                     path: ["top-level group #0"]))
    }

    @Test("object nesting beyond the depth limit throws instead of overflowing the stack")
    func nestingDepth() {
        var w = TypedstreamTestWriter(bigEndian: true)
        w.group("@")
        var at = 0
        for level in 0...TypedstreamReader.maxObjectDepth {
            at = w.offset
            w.beginObject([("Box", 1), ("NSObject", 0)])
            if level < TypedstreamReader.maxObjectDepth { w.group("@") }
        }
        let e = decodeError(w.bytes)
        #expect(e?.kind == .limitExceeded(.nestingDepth, value: TypedstreamReader.maxObjectDepth + 1))
        #expect(e?.offset == at)
        #expect(e?.path.count == TypedstreamReader.maxObjectDepth + 1)
    }

    @Test("the deepest accepted nesting decodes")
    func deepestAccepted() throws {
        var w = TypedstreamTestWriter(bigEndian: false)
        w.group("@")
        let depth = TypedstreamReader.maxObjectDepth
        for level in 0..<depth {
            w.beginObject([("Box", 1), ("NSObject", 0)])
            if level < depth - 1 { w.group("@") }
        }
        for _ in 0..<depth { w.endObject() }
        let graph = try TypedstreamUnarchiver.decode(w.bytes)
        #expect(graph.objects.count == depth + 1)
    }
}
