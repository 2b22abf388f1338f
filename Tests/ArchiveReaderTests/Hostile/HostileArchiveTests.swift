import Foundation
import Testing
@testable import ArchiveReader

/// Hand-crafted hostile archives (bombs, loops, absurd counts): each must fail fast with one
/// `ArchiveError` naming the offending byte, never trap, hang or allocate from a declared count.
@Suite("Hostile archives")
struct HostileArchiveTests {
    @Test("NIBArchive declaring 4 billion objects in a 60-byte file")
    func nibArchiveFourBillionObjects() throws {
        let bytes = HostileInput.nibHeader(objects: 0xFFFF_FFFF) + [UInt8](repeating: 0, count: 10)
        #expect(bytes.count == 60)
        let error = try #require(HostileInput.error(bytes))
        #expect(error.kind == .limitExceeded(.objectCount, value: 0xFFFF_FFFF))
        #expect(error.offset == 18)
        // Under the object limit but far above what 10 bytes can hold: a truncation, not an allocation.
        let small = HostileInput.nibHeader(objects: 5_000_000) + [UInt8](repeating: 0, count: 10)
        let smallError = try #require(HostileInput.error(small))
        #expect(smallError.kind == .truncated(needed: 15_000_000, available: 10) && smallError.offset == 18)
    }

    @Test("bplist whose trailer declares 2^63 objects")
    func bplistHugeCount() throws {
        var bytes = HostileInput.bplist([[0x08]], width: 1)
        let t = bytes.count - 32
        bytes.replaceSubrange((t + 8)..<(t + 16), with: HostileInput.be(1 << 63, 8))
        let error = try #require(HostileInput.error(bytes))
        #expect(error.kind == .limitExceeded(.objectCount, value: Int.max))
        #expect(error.offset == t + 8)
    }

    @Test("bplist string declaring 2^62 bytes and array declaring 2^63 elements")
    func bplistHugeDeclaredLengths() throws {
        // 0x5F 0x13 <8-byte count>: ASCII string of 2^62 bytes.
        let string = HostileInput.bplist([[0x5F, 0x13] + HostileInput.be(1 << 62, 8)], width: 1)
        let e1 = try #require(HostileInput.error(string))
        #expect(e1.offset == 10, "\(e1)")
        guard case .truncated = e1.kind else { Issue.record("\(e1)"); return }
        let array = HostileInput.bplist([[0xAF, 0x13] + HostileInput.be(1 << 63, 8)], width: 1)
        let e2 = try #require(HostileInput.error(array))
        #expect(e2.offset == 10, "\(e2)")
        guard case .truncated = e2.kind else { Issue.record("\(e2)"); return }
    }

    @Test("bplist offset table entry pointing into the offset table itself")
    func bplistOffsetIntoTable() throws {
        let good = HostileInput.bplist([[0x08]], width: 1)
        let table = good.count - 32 - 1
        let bytes = HostileInput.bplist([[0x08]], offsets: [table], width: 1)
        #expect(HostileInput.error(bytes) == ArchiveError(.sectionOutOfBounds(.plistObjects), at: table,
                                                          path: ["offset table entry #0"]))
    }

    @Test("bplist: 100 000 offset-table entries aliasing one 60 kB data object are rejected, not copied")
    func bplistAliasedOffsets() throws {
        // One data object of 60 000 bytes; every entry of a 100 000-entry table points at it.
        // Copying it per entry would need 6 GB.
        let data: [UInt8] = [0x4F, 0x11] + HostileInput.be(60_000, 2) + [UInt8](repeating: 0x41, count: 60_000)
        let bytes = HostileInput.bplist([data], offsets: Array(repeating: 8, count: 100_000), width: 4)
        let error = try #require(HostileInput.error(bytes))
        #expect(error.kind == .sectionsOverlap(.plistObjects, .plistObjects), "\(error)")
        #expect(error.offset == 8)
        #expect(error.path == ["object #2"])   // #0 and #1 fit in twice the object area
    }

    @Test("bplist: objects overlapping each other inside a data payload are rejected")
    func bplistOverlappingObjects() throws {
        // Every 4th byte starts `4F 11 FF FF` (data of 65 535 bytes) inside the previous one.
        var area: [UInt8] = []
        for _ in 0..<40_000 { area += [0x4F, 0x11, 0xFF, 0xFF] }
        let offsets = stride(from: 8, to: 8 + area.count - 70_000, by: 4).map { $0 }
        let bytes = HostileInput.bplist([area], offsets: offsets, width: 4)
        let error = try #require(HostileInput.error(bytes))
        #expect(error.kind == .sectionsOverlap(.plistObjects, .plistObjects), "\(error)")
    }

    @Test("bplist: 100 000-deep nesting of single-element arrays")
    func bplistDeepArrays() throws {
        let n = 100_000
        var objects: [[UInt8]] = []
        for i in 0..<n { objects.append([0xA1] + HostileInput.be(UInt64(i + 1), 4)) }
        objects.append([0x10, 0x01])
        let bytes = HostileInput.bplist(objects, width: 4)
        let plain = try #require(throws: ArchiveError.self) { try PropertyList.decode(bytes: bytes) }
        #expect(plain.kind == .limitExceeded(.nestingDepth, value: DecodingLimits.default.maxNestingDepth + 1), "\(plain)")
        // Through the loader: a plist that is not a keyed archive, said in one line.
        let error = try #require(HostileInput.error(bytes))
        #expect(error.kind == .notAnArchive(detected: "property list (not a keyed archive)"), "\(error)")
    }

    @Test("keyed archive whose $objects hold a 100 000-deep array chain")
    func keyedDeepArrays() throws {
        // #12 = {root: #13}, #13 = [#14], …, #100012 = [#100013], #100013 = 1.
        var objects = HostileInput.keyedPrefix(width: 4)
        let first = objects.count + 1
        objects.append([0xD1] + HostileInput.be(9, 4) + HostileInput.be(UInt64(first), 4))
        for i in 0..<100_000 { objects.append([0xA1] + HostileInput.be(UInt64(first + i + 1), 4)) }
        objects.append([0x10, 0x01])
        let error = try #require(HostileInput.error(HostileInput.bplist(objects, width: 4)))
        #expect(error.kind == .limitExceeded(.nestingDepth, value: DecodingLimits.default.maxNestingDepth + 1), "\(error)")
    }

    @Test("keyed archive: 1 000 $objects entries sharing one dictionary whose inline array holds 1 000 UIDs")
    func keyedSharedInlineArray() throws {
        // Expanding the shared array once per entry is 10^6 values from a 9 kB file: the value
        // budget (8 per plist object + 65 536) must stop it, counting every array item, UIDs included.
        func r(_ i: UInt64) -> [UInt8] { HostileInput.be(i, 4) }
        let entries = 1_000, items = 1_000
        var objects = HostileInput.keyedPrefix(width: 4)                              // #0…#11, with #8 replaced:
        objects[8] = [0xAF, 0x12] + r(UInt64(entries)) + r(11)                         // #8 $objects: "$null", then
            + Array((1..<entries).map { _ in r(12) }.joined())                         //    #12 again and again
        objects += [
            [0xD1] + r(13) + r(14),                                                    // #12 {a: #14}
            [0x51] + Array("a".utf8),                                                  // #13
            [0xAF, 0x12] + r(UInt64(items)) + Array((0..<items).map { _ in r(10) }.joined()),   // #14 [UID 1 × 1000]
        ]
        let bytes = HostileInput.bplist(objects, width: 4)
        let kind = HostileInput.error(bytes)?.kind   // (not #require: it would print the 9 kB input)
        #expect(kind == .limitExceeded(.valueCount, value: 15 * 8 + 65_536), "\(String(describing: kind))")
    }

    @Test("keyed archive with a cycle of plain arrays")
    func keyedArrayCycle() throws {
        // #12 = {root: #13}, #13 = [#14], #14 = [#13]: a container cycle outside UIDs.
        let objects = HostileInput.keyedPrefix(width: 1) + [[0xD1, 9, 13], [0xA1, 14], [0xA1, 13]]
        let error = try #require(HostileInput.error(HostileInput.bplist(objects, width: 1)))
        #expect(error.kind == .referenceCycle, "\(error)")
    }

    @Test("XML plist: 100 000-deep nesting and a billion-laughs entity bomb")
    func xmlBombs() throws {
        let deep = "<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: "<array>", count: 100_000)
            + String(repeating: "</array>", count: 100_000) + "</plist>"
        let e1 = try #require(HostileInput.error(Array(deep.utf8)))
        #expect(e1.kind == .limitExceeded(.nestingDepth, value: DecodingLimits.default.maxNestingDepth + 2), "\(e1)")

        var dtd = "<!ENTITY a0 \"laughlaughlaughlaugh\">"
        for i in 1...12 { dtd += "<!ENTITY a\(i) \"" + String(repeating: "&a\(i - 1);", count: 10) + "\">" }
        let laughs = "<?xml version=\"1.0\"?><!DOCTYPE plist [" + dtd + "]><plist version=\"1.0\"><dict><key>$archiver</key><string>&a12;</string></dict></plist>"
        let e2 = try #require(HostileInput.error(Array(laughs.utf8)))
        #expect(e2.path == ["xml"], "\(e2)")
    }

    @Test("typedstream: 2^31-element array type and a back-reference to itself")
    func typedstreamBombs() throws {
        var w = TypedstreamTestWriter(bigEndian: false)
        w.group("[2147483647i]")
        let e1 = try #require(HostileInput.error(w.bytes))
        guard case .truncated = e1.kind else { Issue.record("\(e1)"); return }

        // An object whose only value is a back-reference to itself (object #0 while it is read).
        var r = TypedstreamTestWriter(bigEndian: false)
        r.group("@")
        r.beginObject([("NSArray", 0), ("NSObject", 0)])
        r.group("@")
        r.reference(0)
        r.endObject()
        // Decodes (a self-reference is a valid graph edge) or fails cleanly; either way no trap.
        if let e2 = HostileInput.error(r.bytes) { #expect(e2.offset > 0, "\(e2)") }

        // A back-reference to an object number that does not exist yet.
        var f = TypedstreamTestWriter(bigEndian: false)
        f.group("@")
        f.reference(40)
        let e3 = try #require(HostileInput.error(f.bytes))
        #expect(e3.offset > 0, "\(e3)")
    }

    @Test("XML plist values that overflow or do not parse: error or value, never a trap",
          arguments: ["<integer>99999999999999999999999999</integer>", "<integer>-</integer>", "<real>1e99999</real>",
                      "<real>nan(0x1)</real>", "<date>9999-99-99T99:99:99Z</date>", "<data>!!!=</data>",
                      "<string>&#x110000;&#0;</string>", "<dict><key>CF$UID</key><integer>-1</integer></dict>",
                      "<dict><key>CF$UID</key><integer>18446744073709551615</integer></dict>",
                      "<dict><key>a</key></dict>", "<array><key>x</key></array>", "<string><string/></string>"])
    func xmlOddValues(_ value: String) throws {
        let xml = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>$archiver</key><string>NSKeyedArchiver</string>"
            + "<key>$version</key><integer>100000</integer><key>$top</key><dict><key>root</key><dict><key>CF$UID</key>"
            + "<integer>1</integer></dict></dict><key>$objects</key><array><string>$null</string>" + value
            + "</array></dict></plist>"
        if let error = HostileInput.error(Array(xml.utf8)) {
            #expect(error.offset >= 0 && error.offset < xml.utf8.count, "\(error)")
        }
    }
}
