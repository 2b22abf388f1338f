import Testing
@testable import ArchiveReader
@testable import NibCompare

/// The candidate queues of nested-archive comparison: the first free prototypes in document order,
/// by reuse identifier or class, with taken ones skipped wherever they are.
@Suite("Prototype candidates")
struct PrototypeCandidatesTests {
    static func prototype(_ id: String, _ cls: String, reuse: String?) -> PrototypeIndex.Prototype {
        PrototypeIndex.Prototype(id: ObjectID(id), object: NibObject(id: ObjectID(id), className: cls), reuse: reuse)
    }

    @Test("free positions skip taken ones, in order, to the end")
    func freePositions() {
        var free = FreePositions(count: 6)
        #expect(free.first(from: 0) == 0)
        free.take(0)
        free.take(2)
        free.take(3)
        #expect(free.first(from: 0) == 1)
        #expect(free.first(from: 2) == 4)
        free.take(1)
        free.take(4)
        #expect(free.first(from: 0) == 5)
        free.take(5)
        #expect(free.first(from: 0) == 6)
        #expect(free.first(from: 9) == 6)
        var none = FreePositions(count: 0)
        #expect(none.first(from: 0) == 0)
    }

    @Test("the first free prototypes by reuse identifier and by class, taken ones left out")
    func candidates() {
        let prototypes = [
            Self.prototype("a", "UITableViewCell", reuse: "Cell"),
            Self.prototype("b", "UITableViewCell", reuse: "Other"),
            Self.prototype("c", "UITableViewCell", reuse: "Cell"),
            Self.prototype("d", "NSTableCellView", reuse: nil),
            Self.prototype("e", "UITableViewCell", reuse: "Cell"),
        ]
        var free = PrototypeCandidates(prototypes)
        #expect(free.first(16, reuse: "Cell").map(\.id.rawValue) == ["a", "c", "e"])
        #expect(free.first(2, reuse: "Cell").map(\.id.rawValue) == ["a", "c"])
        #expect(free.first(16, reuse: "None").isEmpty)
        let cellKey = CompareClasses.key(prototypes[0].object)
        #expect(free.first(16, key: cellKey).map(\.id.rawValue) == ["a", "b", "c", "e"])
        free.use(ObjectID("c"))
        #expect(free.first(16, reuse: "Cell").map(\.id.rawValue) == ["a", "e"])
        #expect(free.first(16, key: cellKey).map(\.id.rawValue) == ["a", "b", "e"])
        free.use(ObjectID("a"))
        free.use(ObjectID("e"))
        #expect(free.first(16, reuse: "Cell").isEmpty)
        #expect(free.first(16, key: cellKey).map(\.id.rawValue) == ["b"])
        #expect(free.first(16, key: CompareClasses.key(prototypes[3].object)).map(\.id.rawValue) == ["d"])
    }
}
