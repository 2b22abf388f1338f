import TestSupport
import Foundation
import Testing
@testable import ArchiveReader
@testable import NibCompare

/// `compare` over every source ↔ Apple-compiled pair of the corpus. Every difference must be
/// explained in `Tests/Conformance/compare-exceptions.tsv` (pair, difference kind, label or `*`, reason).
@Suite("Compare conformance", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct CompareConformanceTests {
    struct Exception: Hashable { var pair: String; var kind: String; var label: String }

    static func exceptions() -> [Exception] {
        let url = Corpus.packageRoot.appendingPathComponent("Tests/Conformance/compare-exceptions.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") { return nil }
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count >= 4 else { return nil }
            return Exception(pair: cols[0], kind: cols[1], label: cols[2])
        }
    }

    @Test func everyPairAgreesOrIsExplained() throws {
        let pairs = ComparePair.all()
        #expect(pairs.count >= 150, "expected the ibtool and designable.nib pairs, found \(pairs.count)")
        let exceptions = Self.exceptions()
        var agreeing = 0, connectionAgreeing = 0, unexplained: [String] = [], loadFailures: [String] = []
        var matchedConnections = 0, totalConnections = 0, hinted = 0, nestedArchives = 0
        var usedExceptions = Set<Exception>()
        for pair in pairs {
            let report: CompareReport
            do {
                let (s, c, hints, nesting) = try pair.loadWithNesting()
                report = NibComparer.compare(source: s, compiled: c, hints: hints, nesting: nesting)
                nestedArchives += report.nested.count
                hinted += hints.values.reduce(0) { $0 + $1.count }
            } catch {
                loadFailures.append("\(pair): \(error)")
                continue
            }
            matchedConnections += report.counts.matchedConnections
            totalConnections += max(report.counts.sourceConnections, report.counts.compiledConnections)
            let open = report.differences.filter { d in
                let hit = exceptions.first { e in
                    e.pair == pair.name && e.kind == d.kind.rawValue && (e.label == "*" || e.label == (d.label ?? ""))
                }
                if let hit { usedExceptions.insert(hit) }
                return hit == nil
            }
            if report.agrees { agreeing += 1 }
            if !open.contains(where: \.isConnectionDifference) { connectionAgreeing += 1 }
            for d in open { unexplained.append("\(pair.name)\t\(d.kind.rawValue)\t\(d.label ?? "")\t\(d.message)") }
        }
        let rate = pairs.isEmpty ? 0 : Double(agreeing) * 100 / Double(pairs.count)
        print("compare conformance: \(pairs.count) pairs, \(agreeing) agree outright (\(String(format: "%.1f", rate))%), "
              + "\(connectionAgreeing) agree on connections after exceptions, \(matchedConnections)/\(totalConnections) connections matched, "
              + "\(unexplained.count) unexplained differences, \(loadFailures.count) load failures, \(hinted) localizable-string ids, "
              + "\(nestedArchives) nested archives")
        // The corpus pairs hold nested archives (reusable table cell views): they must be read.
        #expect(nestedArchives >= 17, "nested archives compared: \(nestedArchives)")
        if ProcessInfo.processInfo.environment["COMPARE_DUMP"] != nil {
            let out = unexplained.joined(separator: "\n") + "\n" + loadFailures.joined(separator: "\n")
            try? out.write(toFile: "/tmp/compare-unexplained.tsv", atomically: true, encoding: .utf8)
        }
        #expect(loadFailures.isEmpty, "\(loadFailures.joined(separator: "\n"))")
        // An exception that explains nothing any more is stale and must go.
        let stale = exceptions.filter { !usedExceptions.contains($0) }
        #expect(stale.isEmpty, "stale compare exceptions: \(stale)")
        let allExplained = unexplained.isEmpty
        #expect(allExplained, "\(unexplained.count) unexplained differences:\n\(unexplained.prefix(40).joined(separator: "\n"))")
    }
}
