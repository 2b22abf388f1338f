import ArchiveReader
import Foundation

/// Throughput of the keyed-archive reader (bytes → ``ObjectGraph``) over every keyed archive of
/// the corpus (MANIFEST.tsv rows of format `bplist` or `xml-plist` that are NSKeyedArchiver
/// archives), binary and XML plists separately, plus peak RSS. Compare with
/// `Scripts/bench_keyed.py` (the PyPI package `bpylist2` on the same files); target ≥ 20×.
///
/// Time is this process's CPU time (the machine is shared, so wall time is noisy); the Python
/// script measures the same way (`time.process_time`).
///
/// Prints one human line per encoding and one `key=value` summary line:
/// `keyed-bench swift files=104 bytes=… binary_mbps=… xml_mbps=… all_mbps=… peak_rss_mb=…`.
func runKeyedBench(corpus: URL, minimumSeconds: Double = 1.0) {
    guard let manifest = try? String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else {
        print("keyed-bench: no MANIFEST.tsv in \(corpus.path)")
        return
    }
    var binary: [[UInt8]] = [], xml: [[UInt8]] = []
    for line in manifest.split(separator: "\n").dropFirst() {
        let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard cols.count >= 7, cols[6] == "bplist" || cols[6] == "xml-plist",
              let data = try? Data(contentsOf: corpus.appendingPathComponent(cols[3])) else { continue }
        let bytes = [UInt8](data)
        guard (try? KeyedArchive.objectGraph(bytes: bytes)) != nil else { continue }   // keyed archives only
        if cols[6] == "bplist" { binary.append(bytes) } else { xml.append(bytes) }
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
    let b = measure(binary), x = measure(xml), all = measure(binary + xml)
    let rss = peakRSSMegabytes()
    print(String(format: "keyed archives, binary plist: %d files, %.2f MB: %.1f MB/s, %.0f objects/s",
                 binary.count, Double(b.bytes) / 1e6, b.mbps, b.objectsPerSecond))
    print(String(format: "keyed archives, XML plist:    %d files, %.2f MB: %.1f MB/s, %.0f objects/s",
                 xml.count, Double(x.bytes) / 1e6, x.mbps, x.objectsPerSecond))
    print(String(format: "keyed-bench swift files=%d bytes=%d binary_mbps=%.1f xml_mbps=%.1f all_mbps=%.1f peak_rss_mb=%.1f",
                 binary.count + xml.count, all.bytes, b.mbps, x.mbps, all.mbps, rss))
}

/// CPU time of this process in seconds.
private func processCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Peak resident set size of this process in MB (`VmHWM` on Linux, `ru_maxrss` elsewhere).
private func peakRSSMegabytes() -> Double {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kb = Double(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") {
        return kb / 1024
    }
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
    #else
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
    #endif
}
