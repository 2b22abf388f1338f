import TestSupport
import Foundation
import Testing
@testable import ArchiveReader

@Suite("Keyed archive corpus", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct KeyedArchiveCorpusTests {
    static var plists: [Corpus.Entry] { Corpus.entries(format: "bplist") + Corpus.entries(format: "xml-plist") }

    /// Keyed archives of the corpus with their bytes and graph.
    static func keyed() throws -> [(entry: Corpus.Entry, bytes: [UInt8], graph: ObjectGraph)] {
        try plists.compactMap { entry in
            let bytes = try Corpus.bytes(entry)
            guard let value = try? PropertyList.decode(bytes: bytes), KeyedArchive.isKeyedArchive(value) else { return nil }
            return (entry, bytes, try KeyedArchive.objectGraph(bytes: bytes))
        }
    }

    @Test("every plist decodes; keyed archives open through NibLoader, the others are named")
    func everyPlist() throws {
        var keyed = 0, other = 0
        for entry in Self.plists {
            let bytes = try Corpus.bytes(entry)
            let value: PlistValue
            do { value = try PropertyList.decode(bytes: bytes) } catch { Issue.record("\(entry): \(error)"); continue }
            do {
                let loaded = try NibLoader().loadArchive(bytes: bytes, name: entry.file)
                #expect(KeyedArchive.isKeyedArchive(value), "\(entry)")
                let g = loaded.graph
                #expect(g[g.root]?.className == "$top")
                #expect(g.versionMajor == 100_000)
                #expect(g.encoding == (entry.format == "bplist" ? .keyedArchiveBinary : .keyedArchiveXML))
                let top = try #require(g[g.root])
                #expect(top["IB.objectdata"] != nil || top["UINibTopLevelObjectsKey"] != nil, "\(entry)")
                keyed += 1
            } catch let error as ArchiveError {
                #expect(!KeyedArchive.isKeyedArchive(value), "\(entry): \(error)")
                #expect(error.kind == .notAnArchive(detected: "property list (not a keyed archive)"), "\(entry)")
                other += 1
            }
        }
        #expect(keyed == 104)
        #expect(other == 64)
    }

    @Test("our plist reader agrees with Foundation's on every corpus plist")
    func agreesWithFoundation() throws {
        for entry in Self.plists {
            let bytes = try Corpus.bytes(entry)
            let ours = try PropertyList.decode(bytes: bytes)
            let any = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            let difference = FoundationPlist.firstDifference(FoundationPlist.sorted(ours), FoundationPlist.value(any))
            #expect(difference == nil, "\(entry)")
        }
    }

    @Test("XML conversions (ours, and Foundation's for some) of the binary keyed archives give the same graphs")
    func xmlMatchesBinary() throws {
        for (i, (entry, bytes, graph)) in try Self.keyed().enumerated() where entry.format == "bplist" {
            let plist = try PropertyList.decode(bytes: bytes)
            var ours = try KeyedArchive.objectGraph(bytes: XMLPlistWriter.write(plist))
            #expect(ours.encoding == .keyedArchiveXML)
            ours.encoding = graph.encoding
            #expect(ours.withoutOffsets == graph.withoutOffsets, "\(entry)")
            // Foundation's XML writer is slow in debug builds: every 4th file under 30 KB is enough for a cross-check.
            guard i % 4 == 0, bytes.count < 30_000 else { continue }
            let any = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            let foundationXML = try PropertyListSerialization.data(fromPropertyList: any, format: .xml, options: 0)
            var theirs = try KeyedArchive.objectGraph(bytes: [UInt8](foundationXML))
            theirs.encoding = graph.encoding
            // Foundation's dictionaries are unordered: compare with fields sorted by key.
            #expect(theirs.withoutOffsets.withSortedFields == graph.withoutOffsets.withSortedFields, "\(entry)")
        }
    }

    @Test("keyed archives round-trip through the writer (binary and XML)")
    func writerRoundTrip() throws {
        for (entry, _, graph) in try Self.keyed() {
            var binary = try KeyedArchive.objectGraph(bytes: KeyedArchiveWriter.binary(graph))
            binary.encoding = graph.encoding
            #expect(binary.withoutOffsets == graph.withoutOffsets, "\(entry)")
            var xml = try KeyedArchive.objectGraph(bytes: KeyedArchiveWriter.xml(graph))
            xml.encoding = graph.encoding
            #expect(xml.withoutOffsets == graph.withoutOffsets, "\(entry)")
        }
    }

    @Test("NIBArchive graphs written as keyed archives keep their objects (every 8th corpus nib)")
    func nibArchivesAsKeyed() throws {
        let entries = Corpus.entries(format: "NIBArchive").enumerated().filter { $0.offset % 8 == 0 }.map(\.element)
        #expect(entries.count > 60)
        for entry in entries {
            let nib = try NibArchive(bytes: Corpus.bytes(entry)).objectGraph()
            let keyed = try KeyedArchive.objectGraph(bytes: KeyedArchiveWriter.binary(nib))
            let slots = KeyedArchiveWriter.slots(for: nib)
            var checker = SemanticComparison(nib: nib, keyed: keyed, slots: slots)
            checker.compare(.object(nib.root), .object(keyed.root))
            #expect(checker.mismatches.isEmpty, "\(entry): \(checker.mismatches.prefix(3))")
            #expect(checker.visited > nib.objects.count / 2, "\(entry)")
            let again = try KeyedArchive.objectGraph(bytes: KeyedArchiveWriter.binary(keyed))
            #expect(again.withoutOffsets == keyed.withoutOffsets, "\(entry)")
        }
    }
}

/// Walks a NIBArchive graph and its keyed-archive rewrite side by side, comparing through the
/// Foundation accessors (strings, numbers, collections) rather than raw fields.
struct SemanticComparison {
    let nib: ObjectGraph
    let keyed: ObjectGraph
    let slots: [Int?]
    var mismatches: [String] = []
    var visited = 0
    var seen = Set<Int>()

    mutating func compare(_ a: ArchiveValue, _ b: ArchiveValue) {
        if let s = nib.string(a), nib.className(a).map({ $0.hasSuffix("String") }) ?? true {
            if keyed.string(b) != s { mismatches.append("string \(s) vs \(String(describing: b))") }
            if case .object = a {} else { return }
        }
        switch a {
        case .object(let ref):
            guard let object = nib[ref] else { return }
            guard let slot = slots[ref.index] ?? (ref == nib.root ? keyed.root.index : nil),
                  b.objectRef?.index == slot, let other = keyed[ObjectRef(slot)] else {
                mismatches.append("\(ref) \(object.className) -> \(b)"); return
            }
            guard seen.insert(ref.index).inserted else { return }
            visited += 1
            if ref != nib.root, other.className != object.className {
                mismatches.append("\(ref) class \(object.className) vs \(other.className)")
            }
            if object.className == "NSNumber" {
                if nib.double(a) != keyed.double(b) { mismatches.append("\(ref) number") }
                return
            }
            if let items = nib.pairs(a), object.className.contains("Dictionary") {
                let others = keyed.pairs(b) ?? []
                guard items.count == others.count else { mismatches.append("\(ref) pair count"); return }
                for (x, y) in zip(items, others) { compare(x.key, y.key); compare(x.value, y.value) }
            } else if object["NSInlinedValue"] != nil, let items = nib.elements(a) {
                let others = keyed.elements(b) ?? []
                guard items.count == others.count else { mismatches.append("\(ref) element count"); return }
                for (x, y) in zip(items, others) { compare(x, y) }
            }
            for field in object.fields where !["NSInlinedValue", "UINibEncoderEmptyKey", "NS.bytes"].contains(field.key) {
                guard let value = other[field.key] else { mismatches.append("\(ref) missing \(field.key)"); continue }
                compare(field.value, value)
            }
        case .float(let f):
            if b != .double(Double(f)) { mismatches.append("float \(f) vs \(b)") }
        case .null:
            if b != .null { mismatches.append("nil vs \(b)") }
        default:
            if a != b { mismatches.append("\(a) vs \(b)") }
        }
    }
}
