import Foundation
import Testing
import TestSupport
@testable import ArchiveReader

/// Writer → reader → equal, then re-encode → identical bytes (nib-format.md §2; style.md §10.8).
@Suite("NIBArchive round trip")
struct NibArchiveRoundTripTests {
    static let classes: [(String, [String])] = [
        ("NSObject", []), ("UIView", []), ("UIColor", ["NSColor"]), ("UIFont", ["NSFont"]), ("NSArray", []),
        ("UIButton", []), ("NSString", []), ("_UILayoutGuide", ["UIView"]), ("Ünïcødé", []),
    ]
    static let keys = ["UIBounds", "UICenter", "UINibEncoderEmptyKey", "NS.bytes", "UITag", "é", "k", ""]

    static func randomValue(_ rng: inout SeededRandom, objects: Int) -> ArchiveValue {
        switch Int.random(in: 0..<14, using: &rng) {
        case 0: return .int(Int64.random(in: 0...127, using: &rng))
        case 1: return .int(Int64.random(in: 128...Int64(Int16.max), using: &rng))
        case 2: return .int(Int64.random(in: Int64(Int16.max) + 1...Int64(Int32.max), using: &rng))
        case 3: return .int([Int64.min, -1, Int64(Int32.max) + 1, Int64.max].randomElement(using: &rng) ?? 0)
        case 4: return .bool(Bool.random(using: &rng))
        case 5: return .float(Float.random(in: -1e6...1e6, using: &rng))
        case 6: return .double([0, -0.5, 1e300, Double.infinity, Double.random(in: -1...1, using: &rng)].randomElement(using: &rng) ?? 0)
        case 7: return .data((0..<Int.random(in: 0...20, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
        case 8: return .data([UInt8](repeating: 0xAB, count: Int.random(in: 128...300, using: &rng)))  // 2-byte length
        case 9: return .data(NibArchiveBytes.minimal)  // a nested archive
        case 10: return .null
        default: return .object(ObjectRef(Int.random(in: 0..<objects, using: &rng)))
        }
    }

    static func randomGraph(_ rng: inout SeededRandom, coderVersion: Int) -> ObjectGraph {
        let count = Int.random(in: 1...40, using: &rng)
        var objects: [ArchivedObject] = []
        for _ in 0..<count {
            let (name, chain) = classes.randomElement(using: &rng) ?? ("NSObject", [])
            let fields = (0..<Int.random(in: 0...8, using: &rng)).map { _ in
                ArchiveField(keys.randomElement(using: &rng) ?? "k", randomValue(&rng, objects: count))
            }
            objects.append(ArchivedObject(className: name, classChain: chain, fields: fields))
        }
        return ObjectGraph(encoding: .nibArchive, objects: objects, root: ObjectRef(0), versionMajor: 1,
                           versionMinor: coderVersion)
    }

    static func withoutOffsets(_ graph: ObjectGraph) -> ObjectGraph {
        var copy = graph
        copy.objects = ArchivedObjects(graph.objects.map { o in
            ArchivedObject(className: o.className, classChain: o.classChain, fields: o.fields.map { ArchiveField($0.key, $0.value) })
        })
        copy.diagnostics = []
        return copy
    }

    @Test("seeded random graphs: write, read back equal, re-encode identical bytes")
    func randomRoundTrips() throws {
        let seed = SeededRandom.seed(env: "NIB_ROUNDTRIP_SEED", fallback: 0x5EED_0001)
        var rng = SeededRandom(seed: seed)
        var typesSeen = Set<UInt8>()
        for iteration in 0..<200 {
            let coder = Bool.random(using: &rng) ? 9 : 10
            let lne = coder == 10 && Bool.random(using: &rng)
            let graph = Self.randomGraph(&rng, coderVersion: coder)
            let writer = NibArchiveWriter(coderVersion: UInt32(coder), trailer: lne ? NibArchiveWriter.lneTrailer : [])
            let bytes = try writer.encode(graph)
            let archive = try NibArchive(bytes: bytes)
            let decoded = archive.objectGraph()
            #expect(Self.withoutOffsets(decoded) == graph, "seed \(seed) iteration \(iteration)")
            #expect(archive.hasLNETrailer == lne)
            #expect(NibArchiveWriter.encode(archive) == bytes, "seed \(seed) iteration \(iteration)")
            #expect(try writer.encode(decoded) == bytes, "seed \(seed) iteration \(iteration)")
            typesSeen.formUnion(archive.values.map(\.type))
        }
        #expect(typesSeen == Set(0...10))
    }

    @Test("the writer lays tables out as Apple does: contiguous from byte 50, objects → keys → values → classes")
    func appleLayout() throws {
        var b = NibGraphBuilder()
        let owner = b.proxy("IBFilesOwner")
        b.setIOSRoot(topLevel: [owner], objects: [owner], connections: [])
        let archive = try NibArchive(bytes: try NibArchiveWriter().encode(b.graph()))
        let h = archive.header
        #expect(h.objectsOffset == 50)
        #expect(h.keysOffset > h.objectsOffset && h.valuesOffset > h.keysOffset && h.classesOffset > h.valuesOffset)
        #expect(archive.trailer.isEmpty)
        // Keys de-duplicated, in first-use order (the root's fields come first).
        #expect(archive.keys == ["UINibTopLevelObjectsKey", "UINibObjectsKey", "UINibConnectionsKey",
                                 "UINibVisibleWindowsKey", "UINibAccessibilityConfigurationsKey",
                                 "UINibTraitStorageListsKey", "UINibKeyValuePairsKey", "NS.bytes",
                                 "UIProxiedObjectIdentifier", "NSInlinedValue", "UINibEncoderEmptyKey"])
        #expect(Set(archive.keys).count == archive.keys.count)
        // The empty NSArray is one object shared by four root keys.
        let root = archive.objectGraph().objects[0]
        #expect(Set(root.fields.suffix(4).map(\.value)).count == 1)
    }

    @Test("the writer rejects graphs it cannot encode")
    func writerErrors() {
        let writer = NibArchiveWriter()
        let object = ArchivedObject(className: "NSObject", fields: [ArchiveField("k", .string("inline"))])
        #expect(throws: ArchiveError.self) {
            try writer.encode(ObjectGraph(encoding: .nibArchive, objects: [object], root: ObjectRef(0), versionMajor: 1, versionMinor: 9))
        }
        let dangling = ArchivedObject(className: "NSObject", fields: [ArchiveField("k", .object(ObjectRef(3)))])
        #expect(throws: ArchiveError.self) {
            try writer.encode(ObjectGraph(encoding: .nibArchive, objects: [dangling], root: ObjectRef(0), versionMajor: 1, versionMinor: 9))
        }
        #expect(throws: ArchiveError.self) {
            try writer.encode(ObjectGraph(encoding: .nibArchive, objects: [object, object], root: ObjectRef(1), versionMajor: 1, versionMinor: 9))
        }
    }
}
