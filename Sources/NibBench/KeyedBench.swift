import ArchiveReader
import Foundation

/// `make bench` section for the keyed-archive reader (nib-format.md §4.1).
enum KeyedBench {
    static let sections: [BenchSection] = [
        BenchSection(name: "keyed-corpus", arguments: "<corpus-dir> [min-seconds] [binary|xml]",
                     summary: "bytes → ObjectGraph of every keyed archive of the corpus, binary and XML plists measured "
                         + "separately, each repeated for at least `min-seconds` CPU seconds (default 1); `binary` or `xml`: "
                         + "that encoding only (make bench runs one process per encoding)",
                     run: { args in
                         guard let root = args.first else {
                             print("usage: nibbench keyed-corpus <corpus-dir> [min-seconds] [binary|xml]"); return 64
                         }
                         let seconds = args.count > 1 ? max(0.1, Double(args[1]) ?? 1) : 1
                         let only = args.count > 2 ? args[2] : nil
                         guard only == nil || only == "binary" || only == "xml" else {
                             print("keyed-corpus: the third argument is `binary` or `xml`, not \(only!)"); return 64
                         }
                         runKeyedBench(corpus: URL(fileURLWithPath: root), minimumSeconds: seconds,
                                       binary: only != "xml", xml: only != "binary")
                         return 0
                     }),
    ]
}

/// Throughput of the keyed-archive reader (bytes → ``ObjectGraph``) over every keyed archive of
/// the corpus (MANIFEST.tsv rows of format `bplist` or `xml-plist` that are NSKeyedArchiver
/// archives), binary and XML plists separately, plus peak RSS. Compare with
/// `Scripts/bench_keyed.py` (the PyPI package `bpylist2` on the same files); target ≥ 20× on
/// binary plists (`Scripts/bench.sh` prints the ratio). The files are read into memory first;
/// each timed call decodes one file and frees the graph.
///
/// `binary`/`xml` choose the encodings read and measured. `make bench` measures each encoding in
/// a process of its own: decoding the XML files (FoundationXML, libxml2) leaves glibc's heap in a
/// state where the binary decoder's per-file buffers are trimmed and faulted in again on every
/// call, about 15 % slower than in a process that only reads binary plists (measured 2026-11-29:
/// 245 vs 285 MB/s; with `GLIBC_TUNABLES=glibc.malloc.trim_threshold=33554432` both give 280),
/// which says nothing about either decoder.
///
/// Time is this process's CPU time (the machine is shared, so wall time is noisy); the Python
/// script measures the same way (`time.process_time`).
///
/// Prints one human line per encoding measured and one `key=value` summary line:
/// `keyed-bench swift files=… bytes=… binary_mbps=… xml_mbps=… peak_rss_mb=…` (0 for an encoding not measured).
func runKeyedBench(corpus: URL, minimumSeconds: Double = 1.0, binary: Bool = true, xml: Bool = true) {
    guard let manifest = try? String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else {
        print("keyed-bench: no MANIFEST.tsv in \(corpus.path)")
        return
    }
    var binaryFiles: [[UInt8]] = [], xmlFiles: [[UInt8]] = []
    for line in manifest.split(separator: "\n").dropFirst() {
        let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard cols.count >= 7, (binary && cols[6] == "bplist") || (xml && cols[6] == "xml-plist"),
              let data = try? Data(contentsOf: corpus.appendingPathComponent(cols[3])) else { continue }
        let bytes = [UInt8](data)
        guard (try? KeyedArchive.objectGraph(bytes: bytes)) != nil else { continue }   // keyed archives only
        if cols[6] == "bplist" { binaryFiles.append(bytes) } else { xmlFiles.append(bytes) }
    }
    func measure(_ files: [[UInt8]]) -> (mbps: Double, objectsPerSecond: Double, bytes: Int) {
        let total = files.reduce(0) { $0 + $1.count }
        guard total > 0 else { return (0, 0, 0) }
        var rounds = 0, objects = 0
        let start = processCPUSeconds()
        var elapsed = 0.0
        repeat {
            for bytes in files {
                if let graph = try? KeyedArchive.objectGraph(bytes: bytes) { objects += graph.objects.count }
            }
            rounds += 1
            elapsed = processCPUSeconds() - start
        } while elapsed < minimumSeconds || rounds < 3
        return (Double(total * rounds) / 1e6 / elapsed, Double(objects) / elapsed, total)
    }
    let b = measure(binaryFiles), x = measure(xmlFiles)
    let rss = peakRSSMegabytes()
    if binary {
        print(String(format: "keyed archives, binary plist: %d files, %.2f MB: %.1f MB/s, %.0f objects/s",
                     binaryFiles.count, Double(b.bytes) / 1e6, b.mbps, b.objectsPerSecond))
    }
    if xml {
        print(String(format: "keyed archives, XML plist:    %d files, %.2f MB: %.1f MB/s, %.0f objects/s",
                     xmlFiles.count, Double(x.bytes) / 1e6, x.mbps, x.objectsPerSecond))
    }
    print(String(format: "keyed-bench swift files=%d bytes=%d binary_mbps=%.1f xml_mbps=%.1f peak_rss_mb=%.1f",
                 binaryFiles.count + xmlFiles.count, b.bytes + x.bytes, b.mbps, x.mbps, rss))
}

/// CPU time of this process in seconds.
private func processCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Peak resident set size of this process in MB (2^20 bytes).
private func peakRSSMegabytes() -> Double {
    Double(Bench.peakRSS()) / 1_048_576
}
