import ArchiveReader
import Testing
import TestSupport
@testable import NibInspectCore

/// The resolver never traps or hangs on odd graphs: cycles, self-references, wrong shapes, and
/// randomly rewired fixtures. Invariants: every object at most once in the hierarchy, parent and
/// children agree, every connection endpoint is an object of the document or flagged.
@Suite struct ResolverRobustnessTests {
    static func checkInvariants(_ d: NibDocument, sourceLocation: SourceLocation = #_sourceLocation) {
        let ids = Set(d.objects.map(\.id))
        #expect(ids.count == d.objects.count, "duplicate object ids", sourceLocation: sourceLocation)
        var childCount: [ObjectID: Int] = [:]
        for o in d.objects {
            for c in o.children {
                childCount[c, default: 0] += 1
                #expect(d.object(c)?.parent == o.id, "child \(c) of \(o.id) has another parent", sourceLocation: sourceLocation)
            }
            if let p = o.parent { #expect(ids.contains(p), sourceLocation: sourceLocation) }
        }
        #expect(childCount.values.allSatisfy { $0 == 1 }, "an object is listed under two parents", sourceLocation: sourceLocation)
        // No cycles: walking up from any object ends.
        for o in d.objects {
            var seen = Set<ObjectID>()
            var cur: ObjectID? = o.id
            while let c = cur {
                guard seen.insert(c).inserted else { Issue.record("parent cycle at \(c)", sourceLocation: sourceLocation); break }
                cur = d.object(c)?.parent
            }
        }
        for c in d.connections where c.unresolved == nil {
            for id in [c.source, c.destination].compactMap({ $0 }) + (c.members ?? []) {
                #expect(ids.contains(id), "connection endpoint \(id) is not an object", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func subviewCyclesAndSelfReferences() {
        var b = GraphBuilder(.nibArchive)
        let root = b.add("NSObject")
        let a = b.add("UIView")
        let v = b.add("UIView")
        b.set(a, "UISubviews", b.array([v, a]))
        b.set(v, "UISubviews", b.array([a, v]))
        let loop = b.add("UIRuntimeOutletConnection", [("UILabel", .int(3)), ("UISource", a), ("UIDestination", .int(4))])
        b.set(root, "UINibObjectsKey", b.array([a, v]))
        b.set(root, "UINibConnectionsKey", b.array([loop, root, .null]))
        b.set(root, "UINibTopLevelObjectsKey", a)
        let d = NibResolver.resolve(b.graph(root: root), name: "cycle")
        Self.checkInvariants(d)
        #expect(d.objects.count == 2)
        #expect(d.connections.first?.unresolved != nil)
    }

    @Test func unknownRootAndEmptyGraph() {
        var b = GraphBuilder(.keyed)
        let x = b.add("NSView")
        let d = NibResolver.resolve(b.graph(root: x), name: "odd")
        #expect(d.objects.isEmpty && d.diagnostics.map(\.code) == [.unrecognizedArchiveRoot] && d.platform == .unknown)
        let empty = ObjectGraph(encoding: .nibArchive, objects: [], root: ObjectRef(0), versionMajor: 1, versionMinor: 10)
        let none = NibResolver.resolve(empty, name: "empty").diagnostics
        #expect(none.map(\.message) == ["the archive has no root object"] && none.map(\.code) == [.noRootObject])
        #expect(none.first?.location.document == "empty")
    }

    /// Rewires random fields of every fixture to random values, many times, with a fixed seed.
    @Test(arguments: ["ios-login", "mac-keyed", "mac-nibarchive", "mac-typedstream"])
    func randomlyRewiredFixtures(_ name: String) {
        let base: ObjectGraph
        switch name {
        case "ios-login": base = UIKitFixtures.login()
        case "mac-keyed": base = AppKitFixtures.preferences(.keyed)
        case "mac-nibarchive": base = AppKitFixtures.preferences(.nibArchive)
        default: base = AppKitFixtures.preferences(.typedstream)
        }
        var rng = SeededRandom(seed: 0x5EED)
        for _ in 0..<200 {
            var g = base
            for _ in 0..<6 {
                let o = Int(rng.next() % UInt64(g.objects.count))
                guard !g.objects[o].fields.isEmpty else { continue }
                let f = Int(rng.next() % UInt64(g.objects[o].fields.count))
                let target = Int(rng.next() % UInt64(g.objects.count))
                let choices: [ArchiveValue] = [.object(ObjectRef(target)), .null, .int(-1), .data([7, 1]),
                                               .array([.object(ObjectRef(target)), .object(ObjectRef(o))]), .string("_TtCC")]
                g.objects[o].fields[f].value = choices[Int(rng.next() % UInt64(choices.count))]
            }
            Self.checkInvariants(NibResolver.resolve(g, name: name))
        }
    }
}

extension ResolverRobustnessTests {
    /// 20 000 nested views: the resolver's hierarchy walk and the tree printer stay bounded.
    @Test func deepNestingIsBounded() {
        var b = GraphBuilder(.keyed)
        var views: [ArchiveValue] = []
        for _ in 0..<20_000 { views.append(b.add("UIView")) }
        for i in 0..<(views.count - 1) { b.set(views[i], "UISubviews", .array([views[i + 1]])) }
        let list = b.array(views)
        let top = b.array([views[0]])
        let d = NibResolver.resolve(b.graph(topFields: [("UINibObjectsKey", list), ("UINibTopLevelObjectsKey", top)]), name: "deep")
        #expect(d.objects.count == 20_000 && d.roots.count == 1)
        let text = TreeCommand.render(NibInput(path: "deep", kind: "test", documents: [d]), style: .plain)
        #expect(text.contains("1 child below --depth"))
        #expect(text.split(separator: "\n").count < 600)
    }
}
