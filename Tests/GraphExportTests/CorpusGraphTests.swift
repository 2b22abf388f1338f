import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import GraphExport

/// Every compiled NIBArchive nib of the shared corpus, resolved, drawn and rendered in-process.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct CorpusGraphTests {
    /// Loads and resolves one corpus file into its documents.
    static func documents(_ entry: Corpus.Entry) throws -> [NibDocument] {
        try NibLoader().loadArchives(at: entry.url.path).map {
            NibResolver.resolve($0.graph, name: $0.name, path: $0.path, variant: $0.variant)
        }
    }

    /// Renders the graph to SVG and checks it is XML with one node `<title>` per graph node.
    static func renderAndCheck(_ graph: ConnectionGraph) throws -> Bool {
        let svg = try SVGRenderer.render(dot: DOTWriter.write(graph)).svg
        let parsed = try SVGRendererTests.parse(svg)
        return Set(parsed.nodeTitles) == Set(graph.nodes.map(\.id)) && parsed.edgeTitles.count == graph.edges.count
    }

    @Test(arguments: [false, true])
    func everyNIBArchiveNibRendersToValidSVG(hierarchy: Bool) throws {
        let entries = Corpus.entries(format: "NIBArchive")
        #expect(entries.count > 500)
        var failures: [String] = []
        var edges = 0
        for entry in entries {
            do {
                let graph = try ConnectionGraph(documents: try Self.documents(entry),
                                                options: GraphOptions(hierarchy: hierarchy))
                edges += graph.edges.count
                if try !Self.renderAndCheck(graph) { failures.append("\(entry.file): SVG titles differ from the graph") }
            } catch {
                failures.append("\(entry.file): \(error)")
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) of \(entries.count) failed:\n" + failures.prefix(10).joined(separator: "\n")))
        // The corpus has connections; a graph of only placeholders everywhere would be a bug.
        #expect(edges > 1000)
    }
}
