import ArchiveReader
import Foundation

/// `nibbench open-directory <dir> [passes]`: opens a whole directory through the library's one door
/// (``NibOpener``: inventory, decode, resolve) with one unit at a time and with two at once, and
/// prints wall time per pass for each, the phases of the compiled part, and the ratio. Wall time,
/// not CPU time, is the point here: concurrency spends the same CPU in less time.
enum OpenBench {
    static let sections = [
        BenchSection(name: "open-directory", arguments: "<dir> [passes]",
                     summary: "open and resolve every document of a directory with NibOpener, width 1 vs width 2 (wall time per pass, phases, ratio)",
                     run: { run(directory: $0.first ?? "../shared/corpus", passes: $0.count > 1 ? Int($0[1]) ?? 3 : 3) }),
    ]

    /// Fastest wall time of each phase over the passes.
    struct Times {
        var open = Double.infinity, inventory = Double.infinity, decode = Double.infinity, resolve = Double.infinity
    }

    static func run(directory: String, passes: Int) -> Int32 {
        var times: [Int: Times] = [1: Times(), 2: Times()]
        var documents = 0
        for _ in 0..<max(1, passes) {
            for width in [1, 2] {
                var t = times[width]!
                var start = Bench.now()
                guard let opened = try? NibOpener(width: width).open(.path(directory)) else {
                    print("open-directory: \(directory) could not be opened")
                    return 1
                }
                t.open = min(t.open, Bench.now() - start)
                documents = opened.input.documents.count
                // The compiled part phase by phase.
                let loader = NibLoader()
                start = Bench.now()
                guard let inventory = try? loader.inventory(at: directory) else { return 1 }
                t.inventory = min(t.inventory, Bench.now() - start)
                start = Bench.now()
                guard let loaded = try? Concurrently.wait({ try await loader.loadCompiled(inventory, width: width) }) else { return 1 }
                t.decode = min(t.decode, Bench.now() - start)
                start = Bench.now()
                _ = try? Concurrently.wait { await NibResolver.resolve(loaded, width: width) }
                t.resolve = min(t.resolve, Bench.now() - start)
                times[width] = t
            }
        }
        for width in [1, 2] {
            let t = times[width]!
            print(String(format: "open-directory width %d: %.3f s (compiled part: inventory %.3f s, decode %.3f s, resolve %.3f s)",
                         width, t.open, t.inventory, t.decode, t.resolve))
        }
        let one = times[1]!.open, two = times[2]!.open
        print(String(format: "open-directory: %d documents of %@, fastest of %d passes; speed-up with two concurrent units %.2fx (cores here: %d)",
                     documents, directory, passes, one / max(two, 1e-9), ProcessInfo.processInfo.activeProcessorCount))
        return 0
    }
}
