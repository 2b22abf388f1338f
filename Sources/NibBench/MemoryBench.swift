import ArchiveReader
import Foundation

/// `nibbench memory-phases <file>`: where the memory of opening one compiled nib goes — heap in
/// use after each phase (bytes read, NIBArchive tables, object graph, resolved document without
/// its objects, then with them) and
/// after each intermediate is released, so that the share of the resolved model in a command's
/// peak RSS can be told apart from the reader's.
enum MemoryBench {
    static let sections = [
        BenchSection(name: "memory-phases", arguments: "<compiled nib>",
                     summary: "memory in use (and peak RSS so far) after reading, decoding, objectGraph, resolving with objects deferred, making the objects, and after releasing the bytes and the graph (Linux)",
                     run: run),
    ]

    /// Resident bytes in use (``HostSystem/residentBytesAfterTrim()``); nil where not known.
    static func heapInUse() -> Int? { HostSystem.residentBytesAfterTrim() }

    static func run(_ args: [String]) -> Int32 {
        guard let path = args.first else { print("usage: nibbench memory-phases <compiled nib>"); return 64 }
        guard let start = heapInUse() else { print("memory-phases: memory in use not known here; skipped"); return 0 }
        guard var bytes = Bench.readFile(path) else {
            print("memory-phases: cannot read \(path)")
            return 66
        }
        var last = start
        func phase(_ name: String) {
            let now = heapInUse() ?? 0
            print("memory-phases: " + name.padding(toLength: 36, withPad: " ", startingAt: 0)
                  + String(format: "in use %9@ (%@%@), peak RSS so far %@", Bench.mb(now - start), now >= last ? "+" : "-",
                           Bench.mb(abs(now - last)), Bench.mb(Bench.peakRSS())))
            last = now
        }
        print("memory-phases: \(path), \(Bench.mb(bytes.count)); bytes per element: ArchiveField \(MemoryLayout<ArchiveField>.stride), "
              + "NibObject \(MemoryLayout<NibObject>.stride), Property \(MemoryLayout<Property>.stride), "
              + "PropertyValue \(MemoryLayout<PropertyValue>.stride), Connection \(MemoryLayout<Connection>.stride)")
        phase("file read")
        do {
            var archive: NibArchive? = try NibArchive(bytes: bytes)
            phase("NIBArchive decoded")
            var graph: ObjectGraph? = archive?.objectGraph()
            phase("objectGraph()")
            let resolved = NibResolver.resolveDeferringObjects(graph!, name: (path as NSString).lastPathComponent)
            var document = resolved.document
            var objects: ResolvedObjects? = resolved.objects
            phase("resolved, objects deferred")
            document.objects = Array(objects!)
            objects = nil   // it holds the graph
            phase("objects made (NibDocument)")
            archive = nil
            bytes = []
            phase("bytes and tables released")
            graph = nil
            phase("graph released: the document alone")
            print("memory-phases: \(document.objects.count) objects, \(document.connections.count) connections; peak RSS \(Bench.mb(Bench.peakRSS()))")
            withExtendedLifetime((archive, graph, document, objects)) {}
            return 0
        } catch {
            print("memory-phases: \(error)")
            return 65
        }
    }
}
