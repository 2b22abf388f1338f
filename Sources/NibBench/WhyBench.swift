import ArchiveReader
import Foundation
import NibDiagnosis
import SourceIndex
import SwiftSourceParser

/// `nibbench why <project-dir> [passes]` (issue 12): the cost of `nibinspect why` on a whole app,
/// by phase — reading its Swift and Objective-C sources (files and MB per second, one file at a time
/// and all cores), opening its nibs, and the checks — so source reading is seen side by side with
/// reading the nibs. Fastest wall time over the passes.
enum WhyBench {
    static let sections = [
        BenchSection(name: "lint-corpus", arguments: "<dir> [passes]",
                     summary: "lint of a whole directory: opening it (NibOpener) beside the nib rules and checks run on what was opened (issue 13: lint must not cost much more than reading)",
                     run: { lint(directory: $0.first ?? "../shared/corpus", passes: $0.count > 1 ? Int($0[1]) ?? 3 : 3) }),
        BenchSection(name: "why", arguments: "<project-dir> [passes]",
                     summary: "nibinspect why on a whole project: sources read (files/s, MB/s, 1 file at a time vs parallel), nibs opened, checks run",
                     run: { run(directory: $0.first ?? "../shared/projects/NetNewsWire", passes: $0.count > 1 ? Int($0[1]) ?? 3 : 3) }),
    ]

    static func lint(directory: String, passes: Int) -> Int32 {
        var open = Double.infinity, rules = Double.infinity
        var documents = 0, findings = 0
        for _ in 0..<max(1, passes) {
            var start = Bench.now()
            guard let opened = try? NibOpener().open(.path(directory)) else { print("lint-corpus: \(directory) could not be opened"); return 1 }
            open = min(open, Bench.now() - start)
            documents = opened.input.documents.count
            start = Bench.now()
            let check = NibSourceCheck(inputs: [opened.input], sources: SourceIndex([]))
            findings = check.findings().count + NibLint.findings([opened.input]).count
            rules = min(rules, Bench.now() - start)
        }
        print(String(format: "%d documents: opened and resolved %.3f s; lint rules %.3f s (%d findings); lint adds %.1f %% to reading",
                     documents, open, rules, findings, 100 * rules / open))
        return 0
    }

    static func run(directory: String, passes: Int) -> Int32 {
        let reader = SourceCodeReader(swift: SwiftSourceReader.available)
        let files = reader.sourceFiles(in: directory)
        guard !files.isEmpty else { print("why: no sources under \(directory)"); return 1 }
        let bytes = files.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
        var serial = Double.infinity, parallel = Double.infinity, open = Double.infinity, check = Double.infinity
        var parallelCPU = Double.infinity, openCPU = Double.infinity, checkCPU = Double.infinity
        var warm = Double.infinity, warmCPU = Double.infinity
        var findings = 0, documents = 0, classes = 0, warmFindings = 0
        // The parse cache of `nibinspect why` (SourceFactsCache), filled by one read and then read back.
        let cacheDir = NSTemporaryDirectory() + "nibbench-why-cache-\(ProcessInfo.processInfo.processIdentifier)"
        defer { try? FileManager.default.removeItem(atPath: cacheDir) }
        var cached = reader
        cached.cache = SourceFactsCache(directory: cacheDir, version: "nibbench")
        _ = cached.read(files: files)
        for _ in 0..<max(1, passes) {
            var start = Bench.now()
            var facts: [SourceFileFacts] = []
            for f in files { facts.append(reader.read(file: f)) }
            _ = SourceIndex(facts)
            serial = min(serial, Bench.now() - start)

            start = Bench.now()
            var cpu = Bench.cpuNow()
            let sources = reader.read(files: files)
            parallel = min(parallel, Bench.now() - start)
            parallelCPU = min(parallelCPU, Bench.cpuNow() - cpu)
            classes = sources.classes.count

            start = Bench.now()
            cpu = Bench.cpuNow()
            guard let opened = try? NibOpener().open(.path(directory)) else { print("why: \(directory) has no nibs"); return 1 }
            open = min(open, Bench.now() - start)
            openCPU = min(openCPU, Bench.cpuNow() - cpu)
            documents = opened.input.documents.count

            start = Bench.now()
            cpu = Bench.cpuNow()
            findings = NibSourceCheck(inputs: [opened.input], sources: sources).findings().count
            check = min(check, Bench.now() - start)
            checkCPU = min(checkCPU, Bench.cpuNow() - cpu)

            start = Bench.now()
            cpu = Bench.cpuNow()
            let fromCache = cached.read(files: files)
            warm = min(warm, Bench.now() - start)
            warmCPU = min(warmCPU, Bench.cpuNow() - cpu)
            warmFindings = NibSourceCheck(inputs: [opened.input], sources: fromCache).findings().count
        }
        let mb = Double(bytes) / 1_048_576
        print(String(format: "sources: %d files, %.1f MB, %d classes", files.count, mb, classes))
        print(String(format: "  read one at a time  %7.3f s  %7.0f files/s  %6.1f MB/s", serial, Double(files.count) / serial, mb / serial))
        print(String(format: "  read in parallel    %7.3f s  %7.0f files/s  %6.1f MB/s", parallel, Double(files.count) / parallel, mb / parallel))
        print(String(format: "nibs: %d documents opened and resolved  %7.3f s", documents, open))
        print(String(format: "checks: %d findings  %7.3f s", findings, check))
        print(String(format: "  read, parse cache warm %5.3f s  (%.3f s CPU; %d findings, ", warm, warmCPU, warmFindings)
              + (warmFindings == findings ? "the same count)" : "NOT the same count)"))
        print(String(format: "why total (parallel sources + nibs + checks): %.3f s; peak RSS %.0f MB", parallel + open + check, Double(Bench.peakRSS()) / 1_048_576))
        print(String(format: "why-cold-seconds=%.3f", parallel + open + check))
        print(String(format: "why-cold-cpu-seconds=%.3f", parallelCPU + openCPU + checkCPU))
        print(String(format: "why-warm-seconds=%.3f", warm + open + check))
        print(String(format: "why-warm-cpu-seconds=%.3f", warmCPU + openCPU + checkCPU))
        return 0
    }
}
