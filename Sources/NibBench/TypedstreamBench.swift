import ArchiveReader
import Foundation

/// `make bench` section for the typedstream reader (nib-format.md §6): decodes every corpus file
/// whose MANIFEST format is `typedstream` (read + tokenise + unarchive into an ``ObjectGraph``),
/// repeating passes until at least one second of CPU time has been spent (the files total ~140 KB).
/// Times are process CPU time (`CLOCK_PROCESS_CPUTIME_ID`), so that a busy shared machine does not
/// distort the ratio; `Scripts/bench_typedstream.py` measures Python the same way.
///
/// Prints one report line (MB/s, peak RSS) and `swift-seconds-per-pass=<s>`, which
/// `Scripts/bench_typedstream.py --swift-seconds` turns into the ratio to pytypedstream
/// (target ≥ 20×). Returns the exit status: 0, or 1 when a file failed to decode.
@discardableResult
func runTypedstreamBench(corpus: URL) -> Int32 {
    let manifest = corpus.appendingPathComponent("MANIFEST.tsv")
    guard let text = try? String(contentsOf: manifest, encoding: .utf8) else {
        print("typedstream corpus: \(manifest.path) not found; skipped")
        return 0
    }
    let paths = text.split(separator: "\n").dropFirst().compactMap { line -> String? in
        let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
        return cols.count > 6 && cols[6] == "typedstream" ? String(cols[3]) : nil
    }
    var blobs: [[UInt8]] = []
    for path in paths {
        guard let data = try? Data(contentsOf: corpus.appendingPathComponent(path)) else {
            print("typedstream corpus: cannot read \(path)")
            return 1
        }
        blobs.append([UInt8](data))
    }
    let size = blobs.reduce(0) { $0 + $1.count }
    var passes = 0, objects = 0, failures = 0
    let start = typedstreamBenchNow()
    repeat {
        for bytes in blobs {
            do {
                objects += try TypedstreamUnarchiver.decode(bytes).objects.count
            } catch {
                failures += 1
            }
        }
        passes += 1
    } while typedstreamBenchNow() - start < 1.0 && passes < 100_000
    let seconds = typedstreamBenchNow() - start
    let perPass = seconds / Double(passes)
    print(String(format: "typedstream corpus (%d files × %d passes): %.3f MB in %.6f CPU s per pass = %.1f MB/s, "
                 + "peak RSS %.1f MB, %d objects per pass, %d failures per pass",
                 blobs.count, passes, Double(size) / 1e6, perPass, Double(size) / 1e6 / perPass,
                 Double(Bench.peakRSS()) / 1e6, objects / passes, failures / passes))
    print(String(format: "swift-seconds-per-pass=%.6f", perPass))
    return failures == 0 ? 0 : 1
}

/// CPU seconds used by this process.
private func typedstreamBenchNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

