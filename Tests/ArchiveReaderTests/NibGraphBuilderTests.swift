import Testing
@testable import ArchiveReader

/// The builder shapes graphs as Apple does (nib-format.md §2.9, §3.1–3.5, §4.3).
@Suite("NibGraphBuilder")
struct NibGraphBuilderTests {
    func roundTrip(_ b: NibGraphBuilder, coder: UInt32 = 9) throws -> ObjectGraph {
        try NibArchive(bytes: try NibArchiveWriter(coderVersion: coder).encode(b.graph(coderVersion: Int(coder)))).objectGraph()
    }

    @Test("iOS root: the seven UINib…Key arrays in Apple's order, empty ones shared")
    func iosRoot() throws {
        var b = NibGraphBuilder()
        let owner = b.proxy("IBFilesOwner")
        let view = b.add("UIView", ["UIBounds": NibGraphBuilder.rect(0, 0, 320, 480)])
        let outlet = b.outlet("view", from: owner, to: view)
        b.setIOSRoot(topLevel: [owner, view], objects: [owner, view], connections: [outlet])
        let graph = try roundTrip(b)
        let root = graph.objects[0]
        #expect(root.className == "NSObject")
        #expect(root.fields.map(\.key) == ["UINibTopLevelObjectsKey", "UINibObjectsKey", "UINibConnectionsKey",
                                           "UINibVisibleWindowsKey", "UINibAccessibilityConfigurationsKey",
                                           "UINibTraitStorageListsKey", "UINibKeyValuePairsKey"])
        #expect(Set(root.fields.suffix(4).map(\.value)).count == 1)
        #expect(graph.elements(root["UINibTopLevelObjectsKey"]) == [.object(owner), .object(view)])
        #expect(graph.elements(root["UINibVisibleWindowsKey"]) == [])
        let connection = try #require(graph.elements(root["UINibConnectionsKey"])?.first?.objectRef)
        #expect(graph.objects[connection.index].className == "UIRuntimeOutletConnection")
        #expect(graph.string(graph.objects[connection.index]["UILabel"]) == "view")
        #expect(graph.string(graph.objects[owner.index]["UIProxiedObjectIdentifier"]) == "IBFilesOwner")
    }

    @Test("values: interned strings, localizable strings, numbers, collections, geometry blobs")
    func values() throws {
        var b = NibGraphBuilder()
        let s1 = b.string("Hello"), s2 = b.string("Hello")
        #expect(s1 == s2)
        let loc = b.localizableString("Sign In", key: "abc-de-fgh.normalTitle")
        let n = b.number(Int64(300)), d = b.number(2.5), t = b.number(true)
        let set = b.array([s1, n], className: "NSSet")
        let dict = b.dictionary([(s1, d)])
        b.append(["loc": loc, "n": n, "d": d, "t": t, "set": set, "dict": dict,
                  "rect": NibGraphBuilder.rect(1, 2, 3, 4), "point": NibGraphBuilder.point(5, 6)], to: b.root)
        let graph = try roundTrip(b)
        let root = graph.objects[0]
        #expect(graph.string(root["loc"]) == "Sign In")
        #expect(graph.localizableKey(root["loc"]) == "abc-de-fgh.normalTitle")
        #expect(graph.integer(root["n"]) == 300 && graph.double(root["d"]) == 2.5 && graph.bool(root["t"]) == true)
        #expect(graph.elements(root["set"])?.count == 2)
        #expect(graph.pairs(root["dict"])?.count == 1)
        guard case .data(let rect)? = root["rect"], case .data(let point)? = root["point"] else {
            Issue.record("geometry is not data"); return
        }
        #expect(rect.count == 33 && rect[0] == 7 && Geometry.components(rect) == [1, 2, 3, 4])
        #expect(point.count == 17 && Geometry.components(point) == [5, 6])
    }

    @Test("connections: event mask omitted when 0, outlet collection destination array, class swapper")
    func connections() throws {
        var b = NibGraphBuilder()
        let owner = b.proxy("IBFilesOwner"), responder = b.proxy("IBFirstResponder")
        let button = b.classSwapper(SwiftNames.mangledClassName(module: "App", names: ["Button"]), original: "UIButton",
                                    fields: [ArchiveField("UITag", .int(3))])
        let tap = b.action("signIn:", from: button, to: owner, events: 0x40)
        let gesture = b.action("dismiss:", from: button, to: responder)
        let collection = b.outletCollection("fields", from: owner, to: [button, button])
        let graph = try roundTrip(b)
        #expect(graph.objects[tap.index]["UIEventMask"] == .int(64))
        #expect(graph.objects[gesture.index]["UIEventMask"] == nil)
        let c = graph.objects[collection.index]
        #expect(c.fields.map(\.key) == ["UILabel", "UISource", "UIDestination", "runtimeCollectionClassName",
                                        "addsContentToExistingCollection"])
        #expect(graph.className(c["UIDestination"]) == "NSMutableArray")
        #expect(graph.elements(c["UIDestination"]) == [.object(button), .object(button)])
        let swapper = graph.objects[button.index]
        #expect(swapper.fields.map(\.key) == ["UIClassName", "UIOriginalClassName", "UITag"])
        #expect(SwiftNames.displayName(graph.string(swapper["UIClassName"]) ?? "") == "App.Button")
    }

    @Test("macOS root: IB.objectdata → NSIBObjectData, coder version 10, fallback classes kept")
    func macOSRoot() throws {
        var b = NibGraphBuilder()
        let className = b.string("NSApplication")
        let owner = b.add("NSCustomObject", ["NSClassName": className])
        let font = b.add("UIFont", fallbacks: ["NSFont"], ["NSSize": .double(13)])
        let data = b.ibObjectData(root: owner, connections: [], parents: [(font, owner)], oids: [owner, font])
        b.setMacOSRoot(objectData: data)
        let graph = try roundTrip(b, coder: 10)
        #expect(graph.versionMinor == 10)
        #expect(graph.objects[0].fields.map(\.key) == ["IB.objectdata", "IB.systemFontUpdateVersion"])
        let objectData = graph.objects[data.index]
        #expect(objectData.className == "NSIBObjectData")
        #expect(objectData["NSRoot"] == .object(owner))
        #expect(graph.elements(objectData["NSOidsValues"])?.compactMap { graph.integer($0) } == [1, 2])
        #expect(graph.objects[font.index].classChain == ["NSFont"])
    }
}
