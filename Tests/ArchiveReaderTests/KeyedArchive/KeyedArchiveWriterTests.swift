import Testing
@testable import ArchiveReader

@Suite("Keyed archive writer")
struct KeyedArchiveWriterTests {
    static func nsString(_ s: String) -> ArchivedObject {
        ArchivedObject(className: "NSString", fields: [ArchiveField("NS.bytes", .data(Array(s.utf8)))])
    }

    /// A macOS main-menu-shaped graph in NIBArchive conventions (nib-format.md §2.9, §4.3).
    static let nibGraph = ObjectGraph(encoding: .nibArchive, objects: [
        ArchivedObject(className: "NSObject", fields: [                                         // 0 root
            ArchiveField("IB.objectdata", .object(ObjectRef(1))), ArchiveField("IB.systemFontUpdateVersion", .int(1))]),
        ArchivedObject(className: "NSIBObjectData", fields: [                                   // 1
            ArchiveField("NSRoot", .object(ObjectRef(2))), ArchiveField("NSConnections", .object(ObjectRef(4))),
            ArchiveField("NSNames", .object(ObjectRef(7))), ArchiveField("NSScale", .float(0.5)),
            ArchiveField("NSNothing", .null)]),
        ArchivedObject(className: "NSCustomObject", fields: [ArchiveField("NSClassName", .object(ObjectRef(3)))]),   // 2
        nsString("NSApplication"),                                                              // 3
        ArchivedObject(className: "NSMutableArray", fields: [                                   // 4
            ArchiveField("NSInlinedValue", .bool(true)), ArchiveField("UINibEncoderEmptyKey", .object(ObjectRef(5)))]),
        ArchivedObject(className: "NSNibOutletConnector", fields: [                             // 5
            ArchiveField("NSSource", .object(ObjectRef(2))), ArchiveField("NSDestination", .object(ObjectRef(2))),
            ArchiveField("NSLabel", .object(ObjectRef(6)))]),
        nsString("delegate"),                                                                   // 6
        ArchivedObject(className: "NSDictionary", fields: [                                     // 7
            ArchiveField("NSInlinedValue", .bool(true)), ArchiveField("UINibEncoderEmptyKey", .object(ObjectRef(3))),
            ArchiveField("UINibEncoderEmptyKey", .object(ObjectRef(8)))]),
        ArchivedObject(className: "NSNumber", fields: [ArchiveField("NS.intval", .int(5))]),    // 8
        ArchivedObject(className: "NSMutableString", fields: [ArchiveField("NS.bytes", .data(Array("Menü".utf8)))]),  // 9
    ], root: ObjectRef(0), versionMajor: 1, versionMinor: 10)

    @Test("a NIBArchive-convention graph becomes a keyed archive with keyed conventions")
    func nibConventions() throws {
        let g = try KeyedArchive.objectGraph(bytes: KeyedArchiveWriter.binary(Self.nibGraph))
        #expect(KeyedArchiveWriter.slots(for: Self.nibGraph) == [nil, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        let top = try #require(g[g.root])
        #expect(top.className == "$top")
        #expect(top.fields.map(\.key) == ["IB.objectdata", "IB.systemFontUpdateVersion"])
        let data = try #require(top["IB.objectdata"]?.objectRef.flatMap { g[$0] })
        #expect(data.className == "NSIBObjectData" && data.classChain == ["NSObject"])
        #expect(data["NSScale"] == .double(0.5))
        #expect(data["NSNothing"] == .null)
        #expect(g.string(g[ObjectRef(2)]?["NSClassName"]) == "NSApplication")
        #expect(g.objects[3].className == "NSString")                         // plist-native string
        let connections = try #require(g.elements(data["NSConnections"]))
        #expect(connections.count == 1)
        #expect(g.objects[4]["NS.objects"] == .array([.object(ObjectRef(5))]))
        #expect(g.objects[4]["NSInlinedValue"] == nil)
        #expect(g.className(connections.first) == "NSNibOutletConnector")
        #expect(g.string(g[ObjectRef(5)]?["NSLabel"]) == "delegate")
        let pairs = try #require(g.pairs(data["NSNames"]))
        #expect(pairs.count == 1 && g.string(pairs[0].key) == "NSApplication" && g.integer(pairs[0].value) == 5)
        #expect(g.objects[8].className == "NSNumber" && g.objects[8]["NS.intval"] == .int(5))
        #expect(g.objects[9]["NS.string"] == .string("Menü"))                 // inline, as Apple writes it
        #expect(g.string(.object(ObjectRef(9))) == "Menü")
    }

    @Test("keyed graphs are written back unchanged (binary and XML)")
    func keyedIdentity() throws {
        let g = try KeyedArchive.objectGraph(bytes: BPlistWriter.write(KeyedArchiveTests.archive))
        let binary = try KeyedArchive.objectGraph(bytes: KeyedArchiveWriter.binary(g))
        #expect(binary.withoutOffsets == g.withoutOffsets)
        var xml = try KeyedArchive.objectGraph(bytes: KeyedArchiveWriter.xml(g))
        xml.encoding = g.encoding
        #expect(xml.withoutOffsets == g.withoutOffsets)
    }

    @Test("writing is a fixed point after the first conversion")
    func fixedPoint() throws {
        let once = try KeyedArchive.objectGraph(bytes: KeyedArchiveWriter.binary(Self.nibGraph))
        let twice = try KeyedArchive.objectGraph(bytes: KeyedArchiveWriter.binary(once))
        #expect(twice.withoutOffsets == once.withoutOffsets)
    }

    @Test("XML plist writer escapes text and reads back")
    func xmlEscapes() throws {
        let value = PlistValue.dictionary([
            PlistEntry("a<b>&c", .string("x < y && z > w\r\n")), PlistEntry("d", .date(-86_400.5)),
            PlistEntry("r", .real(.infinity)), PlistEntry("u", .uid(12)), PlistEntry("big", .uint(UInt64.max)),
            PlistEntry("neg", .int(.min)), PlistEntry("empty", .array([])), PlistEntry("e", .dictionary([])),
        ])
        let back = try PropertyList.decode(bytes: XMLPlistWriter.write(value))
        // Dates are written in whole seconds, as CoreFoundation does.
        guard case .dictionary(var entries) = value else { return }
        entries[1] = PlistEntry("d", .date(-86_401))
        #expect(back == .dictionary(entries))
    }
}
