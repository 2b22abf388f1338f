import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore

/// Every NIBArchive file of the shared corpus resolves: no unresolved reference, each object
/// at most once in the hierarchy, each object printed exactly once by `tree --constraints`, and
/// the JSON of every file validates against the schema.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ResolvedCorpusTests {
    /// Every corpus NIBArchive resolved once (shared by the tests; a file that fails to load is
    /// recorded as an issue by ``everyNIBArchiveResolvesCleanly()``).
    static let resolved: [(Corpus.Entry, Result<NibDocument, any Error>)] = {
        let loader = NibLoader()
        return Corpus.entries(format: "NIBArchive").map { entry in
            (entry, Result { NibResolver.resolve(try loader.loadArchive(bytes: Corpus.bytes(entry), name: entry.file).graph,
                                                 name: entry.file) })
        }
    }()

    static func resolveAll() throws -> [(Corpus.Entry, NibDocument)] {
        try resolved.map { ($0.0, try $0.1.get()) }
    }

    @Test func everyNIBArchiveResolvesCleanly() throws {
        let all = try Self.resolveAll()
        #expect(all.count > 500)
        var unresolved: [String] = []
        var platforms: [Platform: Int] = [:]
        for (entry, d) in all {
            ResolverRobustnessTests.checkInvariants(d)
            platforms[d.platform, default: 0] += 1
            for c in d.connections where c.unresolved != nil { unresolved.append("\(entry.file): \(c.label): \(c.unresolved!)") }
            #expect(!d.objects.isEmpty, "\(entry.file) resolved to no objects")
            #expect(d.placeholders.contains { $0.placeholder?.kind == .filesOwner }, "\(entry.file) has no File's Owner")
        }
        // The corpus archives leave no reference unresolved (see the report for how this was checked).
        #expect(unresolved.isEmpty, "\(unresolved.prefix(20))")
        #expect(platforms[.unknown] == nil)
        #expect((platforms[.iOS] ?? 0) > 300 && (platforms[.macOS] ?? 0) > 100)
    }

    /// Keyed archives (binary and XML plists) and typedstream nibs resolve with the same
    /// invariants; plists that are not keyed archives (Info.plist, info.nib) are skipped.
    @Test func keyedAndTypedstreamNibsResolveCleanly() throws {
        let loader = NibLoader()
        var resolved = 0
        var unresolved: [String] = []
        for entry in ["bplist", "xml-plist", "typedstream"].flatMap({ Corpus.entries(format: $0) }) {
            guard let loaded = try? loader.loadArchive(bytes: Corpus.bytes(entry), name: entry.file) else { continue }
            let d = NibResolver.resolve(loaded.graph, name: entry.file)
            resolved += 1
            ResolverRobustnessTests.checkInvariants(d)
            #expect(d.platform != .unknown && !d.objects.isEmpty, "\(entry.file)")
            for c in d.connections where c.unresolved != nil { unresolved.append("\(entry.file): \(c.label)") }
        }
        #expect(resolved > 100)
        #expect(unresolved.isEmpty, "\(unresolved.prefix(20))")
    }

    /// Every `.storyboardc` of the corpus: a summary, and every upstream placeholder resolved
    /// through its parent scene's external objects table.
    @Test func storyboardsResolveUpstreamPlaceholders() throws {
        let root = try #require(Corpus.root)
        var storyboards: [String] = []
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let item = walker?.nextObject() as? String {
            if item.hasSuffix(".storyboardc") { storyboards.append(root.appendingPathComponent(item).path) }
        }
        #expect(storyboards.count >= 5)
        var upstream = 0
        for path in storyboards {
            guard let loaded = try? NibLoader().loadContainer(at: path) else { continue }
            let input = NibResolver.resolve(loaded)
            #expect(input.storyboard != nil || loaded.container.storyboards.allSatisfy { $0.info == nil }, "\(path)")
            #expect(!input.diagnostics.contains { $0.code == .unresolvedUpstreamPlaceholder }, "\(path): \(input.diagnostics.prefix(3))")
            for d in input.documents {
                ResolverRobustnessTests.checkInvariants(d)
                for o in d.objects where o.placeholder?.kind == .upstream {
                    upstream += 1
                    #expect(o.placeholder?.resolvedTarget != nil, "\(d.name): \(o.placeholder?.identifier ?? "")")
                }
            }
        }
        #expect(upstream > 10)
    }

    @Test func treePrintsEveryObjectOnce() throws {
        for (entry, d) in try Self.resolveAll() {
            let text = TreeCommand.render(NibInput(path: entry.file, kind: "NIBArchive", documents: [d]),
                                          style: .plain, constraints: true)
            var count: [String: Int] = [:]
            for line in text.split(separator: "\n") {
                let trimmed = line.drop { " │├└─".contains($0) }
                guard trimmed.hasPrefix("#"), let id = trimmed.split(separator: " ").first else { continue }
                count[String(id), default: 0] += 1
            }
            let missing = d.objects.filter { count[$0.id.rawValue] != 1 }.map(\.id.rawValue)
            #expect(missing.isEmpty, "\(entry.file): objects not printed exactly once: \(missing.prefix(10))")
        }
    }

    @Test(.enabled(if: SchemaValidator.isAvailable, Comment(rawValue: SchemaValidator.skipMessage)))
    func corpusJSONValidatesAgainstSchema() throws {
        var files: [(String, String)] = []
        for (i, (entry, d)) in try Self.resolveAll().enumerated() {
            let input = NibInput(path: entry.file, kind: "NIBArchive", documents: [d])
            files.append(("\(i).json", try ResolvedJSON.render(ResolvedOutput(input))))
            let rows = d.connections.map { ConnectionsOutput.Row(document: d.name, connection: $0) }
            files.append(("\(i).connections.json", try ResolvedJSON.render(ConnectionsOutput(path: entry.file, connections: rows))))
        }
        let errors = try SchemaValidator.errors(files)
        #expect(errors.isEmpty, "\(errors.prefix(10))")
    }
}

@Suite(.enabled(if: SchemaValidator.isAvailable, Comment(rawValue: SchemaValidator.skipMessage)))
struct SchemaTests {
    @Test func fixtureOutputsValidate() throws {
        var files: [(String, String)] = []
        for name in FixtureInputs.names {
            let input = FixtureInputs.input(name)
            files.append(("\(name).json", try ResolvedJSON.render(ResolvedOutput(input))))
            let rows = FixtureInputs.rows(input).map { ConnectionsOutput.Row(document: $0.0.name, connection: $0.1) }
            files.append(("\(name).connections.json", try ResolvedJSON.render(ConnectionsOutput(path: name, connections: rows))))
        }
        let errors = try SchemaValidator.errors(files)
        #expect(errors.isEmpty, "\(errors)")
    }

    /// The validator really rejects: a connection without `kind`, a bad platform, no schemaVersion.
    @Test func invalidOutputsAreRejected() throws {
        let good = try ResolvedJSON.render(ResolvedOutput(FixtureInputs.input("ios-login")))
        let noKind = good.replacingOccurrences(of: "\"kind\" : \"outlet\",", with: "")
        let badPlatform = good.replacingOccurrences(of: "\"platform\" : \"iOS\"", with: "\"platform\" : \"DOS\"")
        let noVersion = good.replacingOccurrences(of: "\"schemaVersion\" : 2", with: "\"schemaVersion\" : 1")
        #expect(noKind != good && badPlatform != good && noVersion != good)
        let errors = try SchemaValidator.errors([("a.json", noKind), ("b.json", badPlatform), ("c.json", noVersion), ("d.json", good)])
        #expect(Set(errors.map { String($0.prefix(6)) }) == ["a.json", "b.json", "c.json"], "\(errors)")
    }
}
