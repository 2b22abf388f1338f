import Foundation
import Testing
@testable import ArchiveReader

@Suite("Keyed archive layer")
struct KeyedArchiveTests {
    static let blob: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF]

    /// A small AppKit-shaped keyed archive exercising every mapping of the graph contract.
    static let archive: PlistValue = .dictionary([
        PlistEntry("$version", .int(100_000)),
        PlistEntry("$archiver", .string("NSKeyedArchiver")),
        PlistEntry("$top", .dictionary([PlistEntry("IB.objectdata", .uid(1))])),
        PlistEntry("$objects", .array([
            .string("$null"),                                               // 0
            .dictionary([                                                   // 1
                PlistEntry("NSRoot", .uid(2)),
                PlistEntry("$class", .uid(7)),
                PlistEntry("NSLabel", .string("inline")),
                PlistEntry("NSCount", .int(3)),
                PlistEntry("NSList", .uid(4)),
                PlistEntry("NSNil", .uid(0)),
                PlistEntry("NSMap", .uid(5)),
                PlistEntry("NSBlob", .uid(11)),
                PlistEntry("NSReal", .uid(12)),
                PlistEntry("NSFlag", .uid(13)),
                PlistEntry("NSOtherNil", .uid(14)),
                PlistEntry("NSWhen", .date(3600)),
                PlistEntry("NSInlineData", .data([1, 2])),
            ]),
            .string("File's Owner"),                                        // 2
            .int(42),                                                       // 3
            .dictionary([PlistEntry("$class", .uid(8)),                     // 4
                         PlistEntry("NS.objects", .array([.uid(2), .uid(3), .uid(6)]))]),
            .dictionary([PlistEntry("$class", .uid(9)),                     // 5
                         PlistEntry("NS.keys", .array([.uid(2)])), PlistEntry("NS.objects", .array([.uid(3)]))]),
            .dictionary([PlistEntry("$class", .uid(10)), PlistEntry("NS.string", .string("mutable"))]),   // 6
            .dictionary([PlistEntry("$classes", .array([.string("MyObject"), .string("NSObject")])),      // 7
                         PlistEntry("$classname", .string("MyObject"))]),
            .dictionary([PlistEntry("$classes", .array(["NSMutableArray", "NSArray", "NSObject"].map { .string($0) })),
                         PlistEntry("$classname", .string("NSMutableArray"))]),                          // 8
            .dictionary([PlistEntry("$classes", .array(["NSDictionary", "NSObject"].map { .string($0) })),
                         PlistEntry("$classname", .string("NSDictionary"))]),                            // 9
            .dictionary([PlistEntry("$classes", .array(["NSMutableString", "NSString", "NSObject"].map { .string($0) })),
                         PlistEntry("$classname", .string("NSMutableString"))]),                         // 10
            .data(blob),                                                    // 11
            .real(2.5),                                                     // 12
            .bool(true),                                                    // 13
            .string("$null"),                                               // 14
        ])),
    ])

    static func graph(xml: Bool = false) throws -> ObjectGraph {
        let bytes = xml ? XMLPlistWriter.write(archive) : BPlistWriter.write(archive)
        return try KeyedArchive.objectGraph(bytes: bytes)
    }

    @Test("objects, classes, root and inline values follow the graph contract")
    func contract() throws {
        let g = try Self.graph()
        #expect(g.encoding == .keyedArchiveBinary)
        #expect(g.versionMajor == 100_000)
        #expect(g.objects.count == 16)
        #expect(g.root == ObjectRef(15))
        let top = try #require(g[g.root])
        #expect(top.className == "$top")
        #expect(top.fields.map(\.key) == ["IB.objectdata"])
        #expect(top["IB.objectdata"] == .object(ObjectRef(1)))
        let data = g.objects[1]
        #expect(data.className == "MyObject")
        #expect(data.classChain == ["NSObject"])
        #expect(data.fields.map(\.key) == ["NSRoot", "NSLabel", "NSCount", "NSList", "NSNil", "NSMap", "NSBlob", "NSReal",
                                           "NSFlag", "NSOtherNil", "NSWhen", "NSInlineData"])
        #expect(data["NSLabel"] == .string("inline"))
        #expect(data["NSCount"] == .int(3))
        #expect(data["NSNil"] == .null)
        #expect(data["NSOtherNil"] == .null)
        #expect(data["NSWhen"] == .date(3600))
        #expect(data["NSInlineData"] == .data([1, 2]))
        #expect(g.objects[0].className == "$null" && g.objects[14].className == "$null")
        #expect(g.objects[7].className == "$classdescription")
        #expect(g.objects[8].className == "$classdescription")
        #expect(g.objects[4].className == "NSMutableArray" && g.objects[4].classChain == ["NSArray", "NSObject"])
        #expect(try #require(data.offset) > 8)
    }

    @Test("Foundation accessors understand keyed objects")
    func accessors() throws {
        let g = try Self.graph()
        let data = g.objects[1]
        #expect(g.string(data["NSRoot"]) == "File's Owner")
        #expect(g.objects[2].className == "NSString")
        #expect(g.integer(.object(ObjectRef(3))) == 42)
        #expect(g.objects[3].className == "NSNumber")
        #expect(g.elements(data["NSList"]) == [.object(ObjectRef(2)), .object(ObjectRef(3)), .object(ObjectRef(6))])
        #expect(g.string(.object(ObjectRef(6))) == "mutable")
        let pairs = try #require(g.pairs(data["NSMap"]))
        #expect(pairs.count == 1)
        #expect(g.string(pairs.first?.key) == "File's Owner" && g.integer(pairs.first?.value) == 42)
        #expect(g.data(data["NSBlob"]) == Self.blob)
        #expect(g.data(data["NSInlineData"]) == [1, 2])
        #expect(g.double(data["NSReal"]) == 2.5)
        #expect(g.bool(data["NSFlag"]) == true)
    }

    @Test("the XML form gives the same graph as the binary form")
    func xmlEqualsBinary() throws {
        let binary = try Self.graph()
        var xml = try Self.graph(xml: true)
        #expect(xml.encoding == .keyedArchiveXML)
        xml.encoding = .keyedArchiveBinary
        #expect(xml.withoutOffsets == binary.withoutOffsets)
        #expect(xml.objects[1].offset != nil)
    }

    @Test("a hand-written XML keyed archive with CF$UID references")
    func handWrittenXML() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>$archiver</key><string>NSKeyedArchiver</string>
        \t<key>$objects</key>
        \t<array>
        \t\t<string>$null</string>
        \t\t<dict><key>$class</key><dict><key>CF$UID</key><integer>2</integer></dict>
        \t\t\t<key>NSTitle</key><string>A &amp; B</string></dict>
        \t\t<dict><key>$classname</key><string>NSMenu</string>
        \t\t\t<key>$classes</key><array><string>NSMenu</string><string>NSObject</string></array></dict>
        \t</array>
        \t<key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
        \t<key>$version</key><integer>100000</integer>
        </dict>
        </plist>
        """
        let g = try KeyedArchive.objectGraph(bytes: Array(text.utf8))
        #expect(g.objects.map(\.className) == ["$null", "NSMenu", "$classdescription", "$top"])
        #expect(g.objects[1]["NSTitle"] == .string("A & B"))
        #expect(g[g.root]?["root"] == .object(ObjectRef(1)))
        // Offsets point at the element's "<": object 1 is the <dict> on line 8.
        let offset = try #require(g.objects[1].offset)
        #expect(Array(text.utf8)[offset...].starts(with: Array("<dict><key>$class".utf8)))
    }

    @Test("a nested archive reports offsets in the outer input", arguments: [false, true])
    func baseOffset(xml: Bool) throws {
        let bytes = xml ? XMLPlistWriter.write(Self.archive) : BPlistWriter.write(Self.archive)
        let plain = try KeyedArchive.objectGraph(bytes: bytes)
        let nested = try KeyedArchive.objectGraph(bytes: bytes, baseOffset: 1000)
        #expect(nested.objects.map { $0.offset.map { $0 - 1000 } } == plain.objects.map(\.offset))
        #expect(nested.objects[1].fields.map { $0.offset.map { $0 - 1000 } } == plain.objects[1].fields.map(\.offset))
        var broken = bytes
        broken.removeLast(xml ? 40 : 1)
        do {
            _ = try KeyedArchive.objectGraph(bytes: broken, baseOffset: 1000)
            Issue.record("accepted a truncated archive")
        } catch {
            #expect(error.offset >= 1000)
        }
    }

    @Test("plists that are not keyed archives are named as such")
    func notKeyed() {
        let expected = ArchiveError(.notAnArchive(detected: "property list (not a keyed archive)"), at: 0)
        let info = PlistValue.dictionary([PlistEntry("IBFramework Version", .string("677"))])
        #expect(throws: expected) { try KeyedArchive.objectGraph(bytes: BPlistWriter.write(info)) }
        #expect(throws: expected) { try KeyedArchive.objectGraph(bytes: XMLPlistWriter.write(info)) }
        #expect(throws: expected) { try KeyedArchive.objectGraph(bytes: BPlistWriter.write(.array([]))) }
    }

    @Test("a UID beyond $objects is an index error with a breadcrumb")
    func uidOutOfRange() throws {
        guard case .dictionary(var entries) = Self.archive, case .array(var objects) = entries[3].value,
              case .dictionary(var first) = objects[1] else { Issue.record("fixture shape"); return }
        first[0] = PlistEntry("NSRoot", .uid(99))
        objects[1] = .dictionary(first)
        entries[3] = PlistEntry("$objects", .array(objects))
        do {
            _ = try KeyedArchive.objectGraph(bytes: BPlistWriter.write(.dictionary(entries)))
            Issue.record("accepted UID 99")
        } catch {
            #expect(error.kind == .indexOutOfRange(.keyedArchive, index: 99, count: 15))
            #expect(error.path == ["object #1", "key \"NSRoot\""])
            #expect(error.offset > 8)
        }
    }

    @Test("a container cycle inside an object is rejected")
    func keyedCycle() throws {
        let b = BPlistTestBuilder(objects: [
            [0xD3, 1, 2, 3, 4, 5, 6],                   // top dict: 3 keys (#1-#3), 3 values (#4-#6)
            [0x59] + Array("$archiver".utf8),
            [0x54] + Array("$top".utf8),
            [0x58] + Array("$objects".utf8),
            [0x5F, 0x10, 0x0F] + Array("NSKeyedArchiver".utf8),
            [0xD0],                                     // $top = {}
            [0xA2, 7, 8],                               // $objects = ["$null", #8]
            [0x55] + Array("$null".utf8),
            [0xA1, 9],                                  // $objects[1] = array [#9]
            [0xA1, 9],                                  // #9 = array containing itself -- CYCLE
        ])
        let bytes = b.build()
        do {
            _ = try KeyedArchive.objectGraph(bytes: bytes)
            Issue.record("accepted a cycle")
        } catch {
            #expect(error.kind == .referenceCycle)
            #expect(error.offset == b.offset(of: 9))
            #expect(error.path.first == "object #1")
        }
    }
}
