import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore

/// `tree` and `connections` over a compiled nib whose objects are made as they are printed
/// (``DocumentObjects`` over ``ResolvedObjects``, issue 31) print what they print over the
/// document resolved whole.
@Suite("Deferred objects")
struct DeferredObjectsTests {
    /// Every option combination of `tree` that reads objects differently.
    static let treeOptions: [(depth: Int, properties: Bool, incoming: Bool, constraints: Bool)] = [
        (.max, false, false, false), (.max, true, true, true), (1, false, false, false), (0, false, true, false),
    ]

    /// The tree, connection text and TSV of `input` with `deferred` objects, beside those of `eager`.
    static func check(_ input: NibInput, deferred: [String: ResolvedObjects], eager: NibInput, _ label: String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        for o in treeOptions {
            var made = ""
            TreeCommand.render(input, style: .plain, depth: o.depth, properties: o.properties, incoming: o.incoming,
                               constraints: o.constraints, headings: input.documents.count > 1, deferred: deferred) { made += $0 }
            let whole = TreeCommand.render(eager, style: .plain, depth: o.depth, properties: o.properties, incoming: o.incoming,
                                           constraints: o.constraints, headings: eager.documents.count > 1)
            #expect(made == whole, "\(label) tree \(o)", sourceLocation: sourceLocation)
        }
        let rows = FixtureInputs.rows(input), eagerRows = FixtureInputs.rows(eager)
        var text = "", tsv = ""
        ConnectionsCommand.text(rows, documents: input.documents, style: .plain, deferred: deferred) { text += $0 }
        ConnectionsCommand.tsv(rows, deferred: deferred) { tsv += $0 }
        #expect(text == ConnectionsCommand.text(eagerRows, documents: eager.documents, style: .plain), "\(label) connections",
                sourceLocation: sourceLocation)
        #expect(tsv == ConnectionsCommand.tsv(eagerRows), "\(label) connections tsv", sourceLocation: sourceLocation)
    }

    @Test("fixtures: tree and connections of deferred objects equal the whole document's", arguments: [
        ("ios-login", UIKitFixtures.login()), ("mac-keyed", AppKitFixtures.preferences(.keyed)),
        ("mac-nibarchive", AppKitFixtures.preferences(.nibArchive)), ("mac-typedstream", AppKitFixtures.preferences(.typedstream)),
    ])
    func fixtures(_ name: String, _ graph: ObjectGraph) {
        let eager = NibResolver.resolve(graph, name: name)
        let (document, objects) = NibResolver.resolveDeferringObjects(graph, name: name)
        #expect(document.objects.isEmpty)
        Self.check(NibInput(path: name, kind: "file", documents: [document]), deferred: [name: objects],
                   eager: NibInput(path: name, kind: "file", documents: [eager]), name)
    }

    @Test("an id finds its deferred object, without making the others; other ids find none")
    func lookup() {
        let graph = UIKitFixtures.login()
        let eager = NibResolver.resolve(graph, name: "Login.nib")
        let objects = NibResolver.resolveDeferringObjects(graph, name: "Login.nib").objects
        #expect(objects.count == eager.objects.count)
        for (i, o) in eager.objects.enumerated() {
            #expect(objects.position(of: o.id) == i)
            #expect(objects.object(o.id) == o)
            #expect(objects.id(at: i) == o.id && objects.placeholder(at: i) == o.placeholder && objects.parent(at: i) == o.parent)
        }
        let outside = (eager.objects.compactMap(\.archiveIndex).max() ?? 0) + 1
        for id in ["#\(outside)", "#-1", "#01", "1", "#", "", "#1x", "a-b-c"] {
            #expect(objects.position(of: ObjectID(id)) == nil, "\(id)")
        }
        #expect(objects.object(nil) == nil)
        let view = DocumentObjects(NibResolver.resolveDeferringObjects(graph, name: "Login.nib").document, deferred: objects)
        #expect(view.placeholders == eager.placeholders)
        #expect(view.roots == eager.roots)
    }

    /// Every corpus entry opened as `tree` and `connections` open it (objects deferred, no XML)
    /// prints what the entry opened whole prints.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func corpus() throws {
        var deferredEntries = 0
        for entry in Corpus.entries {
            guard let whole = try? NibOpener(width: 1).open(.path(entry.url.path)) else { continue }
            var opener = NibOpener(width: 1)
            opener.defersObjects = true
            opener.keepsSourceXML = false
            let deferred = try opener.open(.path(entry.url.path))
            if !deferred.deferredObjects.isEmpty { deferredEntries += 1 }
            Self.check(deferred.input, deferred: deferred.deferredObjects, eager: whole.input, entry.file)
        }
        #expect(deferredEntries > 300)
    }
}
