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
                     summary: "read + decode + objectGraph of one (synthetic) NIBArchive file",
                     run: synthetic),
    ]

    static func corpus(_ args: [String]) -> Int32 {
        guard let root = args.first, let files = Bench.corpusFiles(root, format: "NIBArchive") else {
            print("nibarchive-corpus: corpus not found (need <dir>/MANIFEST.tsv); skipped")
            return 0
        }
        let passes = args.count > 1 ? max(1, Int(args[1]) ?? 3) : 3
        var bytes = 0, objects = 0, failures = 0
        let start = Bench.now()
        for _ in 0..<passes {
            for path in files {
                guard let data = Bench.readFile(path) else { failures += 1; continue }
                bytes += data.count
                do {
                    let graph = try NibArchive(bytes: data).objectGraph()
                    objects += graph.objects.count
                } catch {
                    failures += 1
                }
            }
        }
        let seconds = Bench.now() - start
        Bench.report("nibarchive corpus (\(files.count) files × \(passes))", bytes: bytes, seconds: seconds,
                     extra: ", \(objects / passes) objects per pass, \(failures / passes) failures")
        print(String(format: "swift-seconds-per-pass=%.6f", seconds / Double(passes)))
        return failures == 0 ? 0 : 1
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

    static func synthetic(_ args: [String]) -> Int32 {
        guard let path = args.first, let data = Bench.readFile(path) else {
            print("nibarchive-synthetic: cannot read \(args.first ?? "<path>")")
            return 66
        }
        let baseline = Bench.peakRSS()
        do {
            let t0 = Bench.now()
            let archive = try NibArchive(bytes: data)
            let t1 = Bench.now()
            Bench.report("nibarchive synthetic: decode tables", bytes: data.count, seconds: t1 - t0,
                         extra: " (\(archive.header.objectCount) objects, \(archive.header.valueCount) values)")
            let graph = archive.objectGraph()
            let t2 = Bench.now()
            Bench.report("nibarchive synthetic: decode + objectGraph", bytes: data.count, seconds: t2 - t0,
                         extra: " (\(graph.objects.count) objects)")
            let budget = 2 * data.count + 50_000_000
            print("nibarchive synthetic: peak RSS \(Bench.mb(Bench.peakRSS())) (before decoding \(Bench.mb(baseline))), "
                  + "target < 2 × file + 50 MB = \(Bench.mb(budget)): \(Bench.peakRSS() < budget ? "met" : "MISSED")")
            return 0
        } catch {
            print("nibarchive-synthetic: error: \(error)")
            return 65
        }
    }
}
