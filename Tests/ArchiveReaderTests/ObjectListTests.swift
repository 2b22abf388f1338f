import Testing
import NibModel
import TestSupport

/// ``ObjectList`` keeps its id index up to date through in-place mutations, without a rebuild.
@Suite("ObjectList index")
struct ObjectListTests {
    /// The index of `list` as a fresh build from its objects computes it.
    static func rebuilt(_ list: ObjectList) -> [ObjectID: Int] {
        ObjectList(wrappedValue: list.wrappedValue).positions
    }

    static func object(_ id: String, name: String? = nil) -> NibObject {
        NibObject(id: ObjectID(id), className: "UIView", name: name)
    }

    @Test("random appends, inserts, removals, replacements and id changes keep the index equal to a rebuilt one")
    func randomMutations() {
        var rng = SeededRandom(seed: SeededRandom.seed(env: "NIB_OBJECTLIST_SEED", fallback: 0x0B1EC7))
        var list = ObjectList(wrappedValue: (0..<20).map { Self.object("#\($0)") })
        // A small id space, so that duplicate ids (a malformed xib) come and go often.
        func randomID() -> String { "#\(rng.below(40))" }
        for step in 0..<2_000 {
            let n = list.wrappedValue.count
            switch rng.below(6) {
            case 0: list.append(Self.object(randomID()))
            case 1: list.insert(Self.object(randomID()), at: rng.below(n + 1))
            case 2 where n > 0: list.remove(at: rng.below(n))
            case 3 where n > 0: list.replace(at: rng.below(n), with: Self.object(randomID()))
            case 4 where n > 0: list[at: rng.below(n)].id = ObjectID(randomID())
            case 5 where n > 0: list[at: rng.below(n)].name = "step \(step)"
            default: list.append(Self.object(randomID()))
            }
            #expect(list.positions == Self.rebuilt(list), "step \(step)")
            if list.positions != Self.rebuilt(list) { return }
        }
        for (id, p) in list.positions { #expect(list[id]?.id == id && list.wrappedValue[p].id == id) }
    }

    @Test("through a document: objectList mutates in place, objects[i] and a whole assignment re-index")
    func throughDocument() {
        var document = NibDocument(name: "a", platform: .iOS, format: .xib,
                                   objects: [Self.object("1"), Self.object("2"), Self.object("2")])
        #expect(document.$objects.positions == [ObjectID("1"): 0, ObjectID("2"): 1])
        document.objectList.remove(at: 1)
        #expect(document.object(ObjectID("2")) != nil && document.$objects.positions[ObjectID("2")] == 1)
        document.objectList.append(Self.object("3", name: "Sign In"))
        #expect(document.object(ObjectID("3"))?.name == "Sign In")
        document.objectList[at: 0].placeholder = Placeholder(kind: .filesOwner, identifier: "IBFilesOwner")
        #expect(document.object(ObjectID("1"))?.placeholder?.kind == .filesOwner)
        document.objects[2].id = ObjectID("4")   // through the array: its setter sees the new id
        #expect(document.object(ObjectID("3")) == nil && document.object(ObjectID("4"))?.name == "Sign In")
        document.objects = [Self.object("9")]
        #expect(document.$objects.positions == [ObjectID("9"): 0])
    }
}

extension ObjectListTests {
    /// An edit through ``NibDocument/objectList`` is in place: 10,000 edits of a 10,000-object
    /// document take milliseconds; copying the list for each (as an edit through a read-only
    /// projection does) took 175 s for 20,000 in a debug build.
    @Test("edits through objectList do not copy the list")
    func inPlace() {
        var document = NibDocument(name: "a", platform: .iOS, format: .xib,
                                   objects: (0..<10_000).map { Self.object("#\($0)") })
        let elapsed = ContinuousClock().measure {
            for i in 0..<10_000 { document.objectList[at: i].name = "x" }
        }
        #expect(elapsed < .seconds(60))   // a bound on copying (175 s), not a speed figure
        #expect(document.object(ObjectID("#9999"))?.name == "x")
    }
}
