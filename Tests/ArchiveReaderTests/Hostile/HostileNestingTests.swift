import Foundation
import Testing
@testable import ArchiveReader

/// Archives nested in data values (nib-format.md §2.9): depth chains past the limit and
/// "zip bombs" that share one nested archive through many references.
@Suite("Hostile nested archives")
struct HostileNestingTests {
    /// A keyed archive whose NSNib object refers `fanOut` times to one shared data value `payload`.
    static func sharedNib(_ payload: [UInt8], fanOut: Int) -> [UInt8] {
        let nib = PlistValue.dictionary([PlistEntry("$class", .uid(2))]
            + Array(repeating: PlistEntry("NSNibFileData", .data(payload)), count: fanOut))
        let cls = PlistValue.dictionary([PlistEntry("$classname", .string("NSNib")),
                                         PlistEntry("$classes", .array([.string("NSNib"), .string("NSObject")]))])
        return BPlistWriter.write(HostileInput.keyedArchive(objects: [nib, cls]))
    }

    @Test("a chain of NIBArchives nested 24 deep stops at maxNestingDepth with a warning")
    func deepChain() throws {
        var bytes = try HostileInput.nibArchive(holding: [1, 2, 3], key: "leaf")
        for _ in 0..<24 { bytes = try HostileInput.nibArchive(holding: bytes) }
        let loaded = try NibLoader().loadContainer(bytes: bytes, name: "chain.nib")
        let limit = DecodingLimits.default.maxNestingDepth
        #expect(loaded.archives.count == limit + 1)
        #expect(loaded.archives.last?.nesting?.depth == limit)
        let warning = try #require(loaded.container.diagnostics.first)
        #expect(warning.message.contains("nesting depth"), "\(warning)")
        #expect(warning.code == .nestedArchiveTooDeep)
        #expect(loaded.container.diagnostics.count == 1)
    }

    @Test("one nested archive shared 40 ways at each of 5 levels (40^5 decodes) is read a bounded number of times")
    func sharedFanOut() throws {
        var bytes = try HostileInput.nibArchive(holding: [1, 2, 3], key: "leaf")
        for _ in 0..<5 { bytes = Self.sharedNib(bytes, fanOut: 40) }
        #expect(bytes.count < 4000)
        let loaded = try NibLoader().loadContainer(bytes: bytes, name: "bomb.nib")
        // Each level adds at most input × maxNestingDepth bytes in total.
        let decoded = loaded.archives.dropFirst().count
        #expect(decoded > 0 && decoded < bytes.count * DecodingLimits.default.maxNestingDepth / 11)
        #expect(loaded.container.diagnostics.contains { $0.message.contains("referenced many times") },
                "\(loaded.container.diagnostics.prefix(3))")
        #expect(loaded.container.diagnostics.filter { $0.code == .nestedArchivesTooLarge }.count == 1)
    }

    @Test("a NIBArchive nested in itself by a hand-edited length is just a malformed value")
    func nestedTruncated() throws {
        var inner = try HostileInput.nibArchive(holding: [1, 2, 3], key: "leaf")
        inner[14] = 0xFF   // coder version garbage: warning only
        inner[18] = 0xFF   // object count 255 in a tiny file: truncated
        let outer = try HostileInput.nibArchive(holding: inner)
        let loaded = try NibLoader().loadContainer(bytes: outer, name: "outer.nib")
        #expect(loaded.archives.count == 1)
        let warning = try #require(loaded.container.diagnostics.first)
        #expect(warning.location.document?.hasPrefix("outer.nib > archiveData") == true, "\(warning.location)")
        #expect(warning.code == .nestedArchiveUnreadable)
        #expect(warning.message.hasPrefix("truncated") && !warning.message.contains("outer.nib"), "\(warning)")
    }
}
