import Testing
@testable import ArchiveReader

/// ObjectGraph+Foundation accessors on hostile but decodable graphs: objects that refer to
/// themselves through the keys the accessors follow must give nil, not recurse without bound.
@Suite("Accessors on self-referencing objects")
struct HostileAccessorTests {
    /// Object #0 (`className`) whose `key` refers to #1, and #1 whose `key` refers back to #0.
    static func loop(_ className: String, _ key: String) -> ObjectGraph {
        ObjectGraph(encoding: .keyedArchiveBinary, objects: [
            ArchivedObject(className: className, fields: [ArchiveField(key, .object(ObjectRef(1)))]),
            ArchivedObject(className: className, fields: [ArchiveField(key, .object(ObjectRef(0)))]),
        ], root: ObjectRef(0), versionMajor: 100_000, versionMinor: nil)
    }

    @Test("NSNumber whose NS.dblval / NS.intval refers to another NSNumber referring back")
    func numberLoop() {
        let self0 = ArchiveValue.object(ObjectRef(0))
        #expect(Self.loop("NSNumber", "NS.dblval").double(self0) == nil)
        #expect(Self.loop("NSNumber", "NS.intval").double(self0) == nil)
        #expect(Self.loop("NSNumber", "NS.intval").integer(self0) == nil)
    }

    @Test("NSArray whose NS.objects refers to another NSArray referring back")
    func arrayLoop() {
        let graph = Self.loop("NSArray", "NS.objects")
        let result = graph.elements(.object(ObjectRef(0)))
        #expect(result == nil || result == [])
        let dict = Self.loop("NSDictionary", "NS.keys")
        _ = dict.pairs(.object(ObjectRef(0)))
    }

    @Test("the same loop read from a keyed archive through the loader")
    func keyedNumberLoop() throws {
        // $objects[1] = {$class: UID 2, NS.dblval: UID 1}; $objects[2] = class NSNumber.
        let number = PlistValue.dictionary([PlistEntry("$class", .uid(2)), PlistEntry("NS.dblval", .uid(1)),
                                            PlistEntry("NS.objects", .uid(1))])
        let cls = PlistValue.dictionary([PlistEntry("$classname", .string("NSNumber")),
                                         PlistEntry("$classes", .array([.string("NSNumber"), .string("NSObject")]))])
        let bytes = BPlistWriter.write(HostileInput.keyedArchive(objects: [number, cls]))
        let loaded = try NibLoader().loadArchive(bytes: bytes, name: "loop")
        let graph = loaded.graph
        #expect(graph.double(.object(ObjectRef(1))) == nil)
        let items = graph.elements(.object(ObjectRef(1)))
        #expect(items == nil || items == [])
    }
}
