import ArchiveReader
import Foundation
import NibScan

/// `nibbench scan <dir> [passes]`: `nibinspect scan` of a whole directory (every unit decoded,
/// resolved and rendered as a JSON line) with `--jobs 1` and `--jobs 2` in one run; prints the
/// fastest wall time of each, lines and bytes written, CPU time and the speed-up. Wall time is the
/// point: parallel units spend the same CPU in less time.
enum ScanBench {
    static let sections = [
        BenchSection(name: "scan", arguments: "<dir> [passes]",
                     summary: "scan every unit of a directory into JSON lines with --jobs 1 vs --jobs 2 (wall time, speed-up)",
                     run: { run(directory: $0.first ?? "../shared/corpus", passes: $0.count > 1 ? Int($0[1]) ?? 3 : 3) }),
    ]

    static func run(directory: String, passes: Int) -> Int32 {
        var wall: [Int: Double] = [:]
        var cpu: [Int: Double] = [:]
        var lines = 0, bytes = 0, failures = 0, units = 0
        var outputs: [Int: Int] = [:]
        for _ in 0..<max(1, passes) {
            for jobs in [1, 2] {
                let scanner = NibScanner(jobs: jobs)
                let start = Bench.now(), cpuStart = Bench.cpuNow()
                let result = try? Concurrently.wait { () async -> (ScanSummary, Int, Int, Int) in
                    var count = 0, size = 0, hash = 0
                    let summary = await scanner.scan([directory]) { _, line in
                        count += 1
                        size += line.utf8.count + 1
                        hash = hash &* 31 &+ line.hashValue
                    }
                    return (summary, count, size, hash)
                }
                guard let (summary, count, size, hash) = result else { return 1 }
                wall[jobs] = min(wall[jobs] ?? .infinity, Bench.now() - start)
                cpu[jobs] = min(cpu[jobs] ?? .infinity, Bench.cpuNow() - cpuStart)
                (lines, bytes, failures, units) = (count, size, summary.failures, summary.units)
                if let previous = outputs[jobs == 1 ? 2 : 1], previous != hash {
                    print("scan: the output of --jobs 1 and --jobs 2 differs")
                    return 1
                }
                outputs[jobs] = hash
            }
        }
        for jobs in [1, 2] {
            print(String(format: "scan --jobs %d: %.3f s wall, %.3f s CPU", jobs, wall[jobs]!, cpu[jobs]!))
        }
        print(String(format: "scan: %d units, %d lines (%d error lines), %@ of JSON Lines from %@, fastest of %d passes; same output; speed-up with --jobs 2: %.2fx (cores here: %d)",
                     units, lines, failures, Bench.mb(bytes), directory, passes, wall[1]! / max(wall[2]!, 1e-9),
                     ProcessInfo.processInfo.activeProcessorCount))
        return 0
    }
}
