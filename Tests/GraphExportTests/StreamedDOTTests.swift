import TestSupport
import ArchiveReader
import Testing
@testable import GraphExport

/// ``GraphExport/dotWriter(for:options:objects:)``: the plain graph written as it is made gives
/// the bytes of the graph built whole (``GraphExport/dot(for:options:scene:)``).
@Suite struct StreamedDOTTests {
    /// The streamed text of `input`.
    static func streamed(_ input: NibInput, _ options: GraphOptions = GraphOptions(),
                         objects: @escaping (NibDocument) -> (any GraphObjects)? = { _ in nil }) throws -> String {
        var out = ""
        try GraphExport.dotWriter(for: input, options: options, objects: objects)({ out += $0 })
        return out
    }

    static let optionSets: [GraphOptions] = {
        var all = GraphOptions(kinds: Set(Connection.Kind.allCases))
        all.showsResponderChain = true
        var plain = GraphOptions(rankDirection: .topToBottom, legend: false)
        plain.maxLabelLength = 8
        return [GraphOptions(), GraphOptions(kinds: [.action]), all, plain]
    }()

    @Test func fixturesStreamAsTheHeldGraph() throws {
        var emptyDocument = Fixtures.login
        emptyDocument.name = "Empty.nib"
        emptyDocument.objects = []
        emptyDocument.connections = []
        let inputs = [
            NibInput(path: "a.nib", kind: "NIBArchive", documents: [Fixtures.login]),
            NibInput(path: "/x/Two.nib", kind: "NIBArchive", documents: [Fixtures.login, Fixtures.preferences, emptyDocument]),
            NibInput(path: "e.xib", kind: "xib", documents: [Fixtures.escaping]),
            NibInput(path: "s.nib", kind: "NIBArchive", documents: [Fixtures.sceneWithSegues]),
            NibInput(path: "empty.nib", kind: "NIBArchive", documents: [emptyDocument]),
            GraphExportTests.storyboardInput,
        ]
        for input in inputs {
            for options in Self.optionSets {
                let held = try GraphExport.dot(for: input, options: options)
                #expect(try Self.streamed(input, options) == held, "\(input.path) \(options.kinds.count) kinds")
            }
        }
        // The whole graph of every fixture has nodes, edges and (for two documents) clusters.
        let two = try GraphExport.dot(for: inputs[1])
        #expect(two.contains("subgraph \"cluster_d3\"") && two.contains(" -> "))
    }

    /// A document whose objects are repeated ids (a malformed xib): each id is drawn once, as the
    /// held graph draws it.
    @Test func repeatedIDsStreamAsTheHeldGraph() throws {
        var document = Fixtures.login
        document.objects += document.objects.filter { $0.placeholder == nil }.prefix(3)
        document.objects += document.objects.filter { $0.placeholder != nil }.prefix(1).map {
            var o = $0
            o.placeholder = nil
            return o
        }
        let input = NibInput(path: "dup.xib", kind: "xib", documents: [document])
        for options in Self.optionSets {
            #expect(try Self.streamed(input, options) == GraphExport.dot(for: input, options: options))
        }
    }

    @Test func emptyInputIsAnErrorBeforeAnythingIsWritten() {
        #expect(throws: GraphError.noDocuments("empty.nib")) {
            _ = try GraphExport.dotWriter(for: NibInput(path: "empty.nib", kind: "NIBArchive"))
        }
    }
}

/// A reader's deferred objects as ``GraphObjects`` (as `nibinspect` gives them).
struct DeferredGraphObjects: GraphObjects {
    let objects: ResolvedObjects
    var count: Int { objects.count }
    func id(at position: Int) -> ObjectID { objects.id(at: position) }
    func placeholder(at position: Int) -> Placeholder? { objects.placeholder(at: position) }
    func position(of id: ObjectID?) -> Int? { id.flatMap(objects.position(of:)) }
    func object(at position: Int) -> NibObject { objects[position] }
    var placeholders: [NibObject] {
        objects.indices.filter { objects.placeholder(at: $0) != nil }.map { objects[$0] }
            .sorted { ($0.placeholder!.kind.sortRank, $0.id) < ($1.placeholder!.kind.sortRank, $1.id) }
    }
}

extension CorpusGraphTests {
    /// Every compiled NIBArchive and keyed nib of the corpus: the graph streamed from deferred
    /// objects (made when written) is the text of the graph built whole from resolved documents.
    @Test func streamedGraphFromDeferredObjectsIsTheHeldGraph() throws {
        let entries = Corpus.entries(format: "NIBArchive") + Corpus.entries(format: "bplist")
        #expect(entries.count > 500)
        var failures: [String] = []
        var compared = 0
        for entry in entries {
            guard let archives = try? NibLoader().loadArchives(at: entry.url.path) else { continue }
            var held: [NibDocument] = [], deferred: [NibDocument] = []
            var objects: [String: ResolvedObjects] = [:]
            for a in archives {
                held.append(NibResolver.resolve(a.graph, name: a.name, path: a.path, variant: a.variant))
                let (document, made) = NibResolver.resolveDeferringObjects(a.graph, name: a.name, path: a.path, variant: a.variant)
                deferred.append(document)
                objects[a.name] = made
            }
            guard !held.isEmpty else { continue }
            let path = entry.url.path
            let dot = try GraphExport.dot(for: NibInput(path: path, kind: "NIBArchive", documents: held))
            let streamed = try StreamedDOTTests.streamed(NibInput(path: path, kind: "NIBArchive", documents: deferred)) {
                objects[$0.name].map(DeferredGraphObjects.init(objects:))
            }
            if streamed != dot { failures.append(entry.file) }
            compared += 1
        }
        #expect(compared > 500)
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) differ:\n" + failures.prefix(10).joined(separator: "\n")))
    }
}
