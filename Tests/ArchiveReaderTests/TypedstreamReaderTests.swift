import Testing
@testable import ArchiveReader

/// Hand-built typedstreams (bytes made by ``TypedstreamTestWriter``) in both byte orders.
@Suite("Typedstream reader")
struct TypedstreamReaderTests {
    /// The object `value` refers to.
    func object(_ graph: ObjectGraph, _ value: ArchiveValue?) throws -> ArchivedObject {
        try #require(value?.objectRef.flatMap { graph[$0] })
    }

    static let customObject: [(String, Int64)] = [("NSCustomObject", 41), ("NSObject", 0)]

    /// A minimal `objects.nib`: File's Owner, Application, a main menu with one item, an outlet
    /// and a First-Responder action, three oids (one needing int16) and the framework string.
    static func miniNib(bigEndian: Bool) -> [UInt8] {
        var w = TypedstreamTestWriter(bigEndian: bigEndian)
        w.group("@")
        w.beginObject([("NSIBObjectData", 224), ("NSObject", 0)])
        w.group("@")
        let owner = w.beginObject(customObject)
        w.group("@@"); w.string("MyController"); w.nilTag(); w.endObject()
        w.group("i"); w.integer(2)
        w.group("@@")
        let app = w.beginObject(customObject)
        w.group("@@"); w.string("NSApplication", mutable: true); w.nilTag(); w.endObject()
        w.reference(owner)
        w.group("@@")
        let menu = w.beginObject([("NSMenu", 204), ("NSObject", 0)])
        w.group("i@@@"); w.integer(0); w.string("MainMenu")
        w.beginObject([("NSMutableArray", 0), ("NSArray", 0), ("NSObject", 0)])
        w.group("i"); w.integer(1)
        w.group("@")
        let item = w.beginObject([("NSMenuItem", 671), ("NSObject", 0)])
        w.group("@"); w.reference(menu)
        w.group("i@@IIi@@@@:i@")
        w.integer(0); w.string("Quit"); w.string("q"); w.integer(1_048_576); w.integer(0x7FFF_FFFF); w.integer(0)
        for _ in 0..<4 { w.nilTag() }
        w.shared("terminate:"); w.integer(0); w.nilTag()
        w.group("@"); w.nilTag()
        w.group("@"); w.nilTag()
        w.endObject() // item
        w.endObject() // array
        w.string("_NSMainMenu")
        w.endObject() // menu
        w.reference(owner)
        w.group("i"); w.integer(1)
        w.group("@@"); w.reference(owner); w.string("File's Owner")
        w.group("@")
        w.beginObject([("NSMutableSet", 0), ("NSSet", 0), ("NSObject", 0)])
        w.group("I"); w.integer(0); w.endObject()
        w.group("@")
        w.beginObject([("NSMutableArray", 0)])
        w.group("i"); w.integer(2)
        w.group("@")
        w.beginObject([("NSNibOutletConnector", 207), ("NSNibConnector", 17), ("NSObject", 0)])
        w.group("@@@"); w.reference(app); w.reference(owner); w.string("delegate"); w.endObject()
        w.group("@")
        w.beginObject([("NSNibControlConnector", 207), ("NSNibConnector", 17)])
        w.group("@@@"); w.reference(item); w.nilTag(); w.string("terminate:"); w.endObject()
        w.endObject() // connections
        w.group("@"); w.nilTag()
        w.group("i"); w.integer(3)
        for (object, oid) in [(owner, 1), (app, 2), (menu, 300)] {
            w.group("@i"); w.reference(object); w.integer(Int64(oid))
        }
        w.group("i"); w.integer(301)
        w.group("i"); w.integer(0)
        w.group("@"); w.string("IBCocoaFramework")
        w.endObject()
        return w.bytes
    }

    @Test("a minimal nib decodes to the keyed-archive keys, in both byte orders", arguments: [true, false])
    func miniNibDecodes(bigEndian: Bool) throws {
        let graph = try TypedstreamUnarchiver.decode(Self.miniNib(bigEndian: bigEndian))
        #expect(graph.encoding == .typedstream)
        #expect(graph.versionMajor == 4 && graph.versionMinor == 1000)
        let top = try #require(graph[graph.root])
        #expect(top.className == "$top")
        let data = try object(graph, top["IB.objectdata"])
        #expect(data.className == "NSIBObjectData" && data.classChain == ["NSObject"])

        let owner = try object(graph, data["NSRoot"])
        #expect(owner.className == "NSCustomObject")
        #expect(graph.string(owner["NSClassName"]) == "MyController")

        let children = try #require(graph.elements(data["NSObjectsKeys"]))
        let parents = try #require(graph.elements(data["NSObjectsValues"]))
        #expect(children.count == 2 && parents == [data["NSRoot"], data["NSRoot"]])
        #expect(graph.string(try object(graph, children[0])["NSClassName"]) == "NSApplication")
        #expect(graph.elements(data["NSNamesValues"]).map { $0.map { graph.string($0) } } == ["File's Owner"])

        let connections = try #require(graph.elements(data["NSConnections"]))
        #expect(connections.count == 2)
        let outlet = try object(graph, connections[0])
        #expect(outlet.className == "NSNibOutletConnector" && outlet.classChain == ["NSNibConnector", "NSObject"])
        #expect(graph.string(outlet["NSLabel"]) == "delegate")
        #expect(outlet["NSSource"] == children[0] && outlet["NSDestination"] == data["NSRoot"])
        let action = try object(graph, connections[1])
        #expect(action["NSDestination"] == .null)
        #expect(graph.string(action["NSLabel"]) == "terminate:")

        #expect(graph.elements(data["NSOidsValues"]) == [.int(1), .int(2), .int(300)])
        #expect(graph.integer(data["NSNextOid"]) == 301)
        #expect(graph.elements(data["NSClassesKeys"]) == [])
        #expect(graph.string(data["NSFramework"]) == "IBCocoaFramework")
        #expect(graph.elements(data["NSVisibleWindows"]) == [])

        let menu = try object(graph, children[1])
        #expect(graph.string(menu["NSTitle"]) == "MainMenu" && graph.string(menu["NSName"]) == "_NSMainMenu")
        let items = try #require(graph.elements(menu["NSMenuItems"]))
        let item = try object(graph, items.first)
        #expect(graph.string(item["NSTitle"]) == "Quit" && graph.string(item["NSKeyEquiv"]) == "q")
        #expect(item["NSKeyEquivModMask"] == .int(1_048_576) && item["NSMnemonicLoc"] == .int(0x7FFF_FFFF))
        #expect(item["NSAction"] == .string("terminate:") && item["NSMenu"] == children[1])
        #expect(graph.diagnostics.isEmpty)
    }

    @Test("big- and little-endian streams of the same content give the same graph")
    func byteOrdersAgree() throws {
        let big = Self.miniNib(bigEndian: true)
        let little = Self.miniNib(bigEndian: false)
        #expect(big != little)
        #expect(try TypedstreamUnarchiver.decode(big) == TypedstreamUnarchiver.decode(little))
    }

    @Test("NSClassSwapper continues with the template class's levels")
    func classSwapper() throws {
        var w = TypedstreamTestWriter(bigEndian: true)
        w.group("@")
        w.beginObject([("NSClassSwapper", 42), ("NSObject", 0)])
        w.group("@#"); w.string("MyMenu"); w.classChain([("NSMenu", 204), ("NSObject", 0)])
        w.group("i@@@"); w.integer(0); w.string("T"); w.nilTag(); w.nilTag()
        w.endObject()
        let graph = try TypedstreamUnarchiver.decode(w.bytes)
        let swapper = graph.objects[0]
        #expect(swapper.className == "NSClassSwapper")
        #expect(graph.string(swapper["NSClassName"]) == "MyMenu")
        #expect(swapper["NSOriginalClassName"] == .string("NSMenu"))
        #expect(graph.string(swapper["NSTitle"]) == "T")
    }

    @Test("a layout a known class does not expect stays raw, with a warning")
    func layoutMismatchKeepsRaw() throws {
        var w = TypedstreamTestWriter(bigEndian: false)
        w.group("@")
        w.beginObject(Self.customObject)
        w.group("i"); w.integer(7)
        w.endObject()
        let graph = try TypedstreamUnarchiver.decode(w.bytes)
        #expect(graph.objects[0].fields.map(\.key) == ["NSCustomObject.0"])
        #expect(graph.objects[0]["NSCustomObject.0"] == .int(7))
        #expect(graph.diagnostics.count == 1)
        #expect(graph.diagnostics.first?.message.contains("NSCustomObject v41 layout not recognised") == true)
        #expect(graph.diagnostics.first?.code == .unrecognizedClassLayout)
        #expect(graph.diagnostics.first?.location.object == ObjectID("#0") && graph.diagnostics.first?.location.byteOffset != nil)
    }
}
