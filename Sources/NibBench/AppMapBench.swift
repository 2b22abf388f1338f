import ArchiveReader
import Foundation
import GraphExport
import SourceIndex
import SwiftSourceParser

/// `nibbench app-map <dir> [passes] [--sources]` (issue 29): the cost of the app map of a whole
/// app or tree — opening it, reading its sources (with `--sources`), building the map, writing
/// DOT and Mermaid — with the map's size, its edges by kind and the peak RSS. Fastest wall time
/// over the passes; the map is not laid out (Graphviz's share is the `graph` section's).
enum AppMapBench {
    static let sections = [
        BenchSection(name: "app-map", arguments: "<dir> [passes] [--sources]",
                     summary: "the app map of a directory (graph of an app): open, sources (with --sources), map, DOT and Mermaid text; nodes, edges by kind, peak RSS",
                     run: { args in
                         let rest = args.filter { $0 != "--sources" }
                         return run(directory: rest.first ?? "../shared/projects/NetNewsWire", passes: rest.count > 1 ? Int(rest[1]) ?? 3 : 3,
                                    sources: args.contains("--sources"))
                     }),
    ]

    static func run(directory: String, passes: Int, sources withSources: Bool) -> Int32 {
        var open = Double.infinity, read = Double.infinity, build = Double.infinity, write = Double.infinity
        var map: AppMap?
        var documents = 0, bytes = 0
        for _ in 0..<max(1, passes) {
            var start = Bench.now()
            guard let opened = try? NibOpener().open(.path(directory)) else { print("app-map: \(directory) could not be opened"); return 1 }
            open = min(open, Bench.now() - start)
            documents = opened.input.documents.count
            start = Bench.now()
            let sources = withSources ? SourceCodeReader(swift: SwiftSourceReader.available).read(directories: [directory]) : nil
            read = min(read, Bench.now() - start)
            start = Bench.now()
            let built = AppMap(inputs: [opened.input], sources: sources, title: AppMap.title([opened.input]))
            build = min(build, Bench.now() - start)
            start = Bench.now()
            bytes = DOTWriter.write(built.graph).utf8.count + MermaidWriter.write(built.graph).utf8.count
            write = min(write, Bench.now() - start)
            map = built
        }
        guard let map else { return 1 }
        print(String(format: "%d documents: opened %.3f s%@; map %.3f s (%d nodes, %d edges, %d clusters); DOT + Mermaid %.3f s (%@); peak RSS %@",
                     documents, open, withSources ? String(format: ", sources %.3f s", read) : "", build, map.graph.nodes.count,
                     map.graph.edges.count, map.graph.clusters.count, write, Bench.mb(bytes), Bench.mb(Bench.peakRSS())))
        print("  edges: " + map.summary)
        return 0
    }
}
