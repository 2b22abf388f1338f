import ArchiveReader
import Foundation

/// `make bench` sections for the NIBArchive reader (nib-format.md §2) and writer.
enum NibArchiveBench {
    static let sections: [BenchSection] = [
        BenchSection(name: "nibarchive-corpus", arguments: "<corpus-dir> [passes]",
                     summary: "read + decode + objectGraph of every NIBArchive file of the corpus, `passes` times (default 3)",
                     run: corpus),
        BenchSection(name: "nibarchive-make-synthetic", arguments: "<path> [megabytes]",
                     summary: "write a synthetic iOS nib of at least `megabytes` MB (default 50) with NibArchiveWriter",
                     run: makeSynthetic),
        BenchSection(name: "nibarchive-synthetic", arguments: "<path>",
                     summary: "decode (target: >= 100 MB/s, peak RSS < 2 x file + 50 MB), then objectGraph (measured only) of one NIBArchive file",
                     run: synthetic),
    ]

    static func corpus(_ args: [String]) -> Int32 {
        guard let root = args.first, let files = Bench.corpusFiles(root, format: "NIBArchive") else {
            print("nibarchive-corpus: corpus not found (need <dir>/MANIFEST.tsv); skipped")
            return 0
        }
        let passes = args.count > 1 ? max(1, Int(args[1]) ?? 3) : 3
        // Decode only first (for information), then the measured work: read + decode + objectGraph,
        // every value materialised, as the Python parser materialises every value.
        let decodeOnly = (0..<passes).map { _ in pass(files, graph: false) }
        let full = (0..<passes).map { _ in pass(files, graph: true) }
        let failures = full.map(\.failures).max() ?? 0
        let wall = full.map(\.wall).sorted(), cpu = full.map(\.cpu).sorted()
        Bench.report("nibarchive corpus (\(files.count) files × \(passes), read + decode + objectGraph)",
                     bytes: full.reduce(0) { $0 + $1.bytes }, seconds: wall.reduce(0, +),
                     extra: ", \(full[0].objects) objects per pass, \(failures) failures")
        print("nibarchive corpus: CPU seconds per pass " + full.map { String(format: "%.4f", $0.cpu) }.joined(separator: ", "))
        print(String(format: "nibarchive corpus: median CPU seconds per pass: read + decode %.4f, read + decode + objectGraph %.4f",
                     decodeOnly.map(\.cpu).sorted()[passes / 2], cpu[passes / 2]))
        // bench.sh compares the median CPU time per pass with Python's (CPU time is what other
        // processes on a shared machine disturb least) and shows the fastest wall-clock passes too.
        print(String(format: "swift-cpu-seconds-per-pass=%.6f", cpu[passes / 2]))
        print(String(format: "swift-seconds-per-pass=%.6f", wall[0]))
        return failures == 0 ? 0 : 1
    }

    /// One pass over `files`: read each, decode it, and with `graph` build its object graph.
    static func pass(_ files: [String], graph: Bool) -> (wall: Double, cpu: Double, bytes: Int, objects: Int, failures: Int) {
        var bytes = 0, objects = 0, failures = 0
        let start = Bench.now(), cpuStart = Bench.cpuNow()
        for path in files {
            guard let data = Bench.readFile(path) else { failures += 1; continue }
            bytes += data.count
            do {
                let archive = try NibArchive(bytes: data)
                objects += graph ? archive.objectGraph().objects.count : archive.objects.count
            } catch {
                failures += 1
            }
        }
        return (Bench.now() - start, Bench.cpuNow() - cpuStart, bytes, objects, failures)
    }

    static func makeSynthetic(_ args: [String]) -> Int32 {
        guard let path = args.first else { print("usage: nibbench nibarchive-make-synthetic <path> [MB]"); return 64 }
        let target = (args.count > 1 ? Int(args[1]) ?? 50 : 50) * 1_000_000
        do {
            var screens = 16
            var bytes = try SyntheticNib.make(screens: screens)
            if bytes.count < target {
                screens = Int(Double(screens) * Double(target) / Double(bytes.count) * 1.02) + 1
                bytes = try SyntheticNib.make(screens: screens)
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            print("nibarchive-make-synthetic: wrote \(path): \(Bench.mb(bytes.count)), \(screens) screens")
            return 0
        } catch {
            print("nibarchive-make-synthetic: error: \(error)")
            return 70
        }
    }

    /// Decode runs timed by `nibarchive-synthetic`; the slowest (usually the first, which also pays
    /// the page faults of the fresh table memory) is held to the target.
    static let decodeRuns = 5

    /// The issue #2 targets apply to the decode (`NibArchive(bytes:)`, every table and index
    /// validated): ≥ 100 MB/s and peak RSS < 2 × file + 50 MB, the file's own bytes included.
    /// `objectGraph()` is timed and measured after that, without a target: its public shape
    /// (one `ArchivedObject` per object, one 56-byte `ArchiveField` per value, one `[UInt8]` per
    /// data value) needs several times the file size by itself.
    static func synthetic(_ args: [String]) -> Int32 {
        guard let path = args.first, let data = Bench.readFile(path) else {
            print("nibarchive-synthetic: cannot read \(args.first ?? "<path>")")
            return 66
        }
        let baseline = Bench.peakRSS()
        let budget = 2 * data.count + 50_000_000
        do {
            var rates: [Double] = []
            var archive: NibArchive?
            for _ in 0..<decodeRuns {
                archive = nil  // the previous run's tables are freed before the next decode
                let t0 = Bench.now()
                archive = try NibArchive(bytes: data)
                rates.append(Double(data.count) / 1_000_000 / max(Bench.now() - t0, 1e-9))
            }
            guard let archive else { return 70 }
            let decodeRSS = Bench.peakRSS()
            let sorted = rates.sorted(), slowest = sorted[0], median = sorted[sorted.count / 2]
            let decodeMet = slowest >= 100 && decodeRSS < budget
            print(String(format: "nibarchive synthetic: decode (NibArchive(bytes:), full validation) of %@, %d objects, %d values: "
                         + "slowest %.1f MB/s, median %.1f MB/s (%d runs: %@), peak RSS %@ (file bytes + process before decoding: %@)",
                         Bench.mb(data.count), archive.header.objectCount, archive.header.valueCount, slowest, median, decodeRuns,
                         rates.map { String(format: "%.0f", $0) }.joined(separator: ", "), Bench.mb(decodeRSS), Bench.mb(baseline)))
            print("nibarchive synthetic: decode target (every run >= 100 MB/s, peak RSS < 2 x file + 50 MB = \(Bench.mb(budget))): "
                  + (decodeMet ? "met" : "MISSED"))
            let t1 = Bench.now()
            let graph = archive.objectGraph()
            let t2 = Bench.now()
            let decodeSeconds = Double(data.count) / 1_000_000 / slowest
            print(String(format: "nibarchive synthetic: objectGraph() %.3f s (%d objects, %d fields); slowest decode + objectGraph "
                         + "%.1f MB/s, peak RSS %@ (no target: the graph's public shape materialises every field)",
                         t2 - t1, graph.objects.count, graph.objects.reduce(0) { $0 + $1.fields.count },
                         Double(data.count) / 1_000_000 / (decodeSeconds + t2 - t1), Bench.mb(Bench.peakRSS())))
            return 0
        } catch {
            print("nibarchive-synthetic: error: \(error)")
            return 65
        }
    }
}
