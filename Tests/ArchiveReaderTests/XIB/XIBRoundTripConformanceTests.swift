import TestSupport
import Foundation
import Testing
@testable import ArchiveReader

/// `nibinspect xib` on every Apple-compiled nib of the corpus (MANIFEST.tsv formats NIBArchive,
/// bplist, xml-plist, typedstream): the rebuilt xib must be well-formed, read back without
/// diagnostics, and `compare rebuilt.xib original.nib` must agree. Every difference must be
/// explained in `Tests/Conformance/xib-roundtrip-exceptions.tsv` (corpus file, difference kind,
/// label or `*`, reason). Files that are not nibs (`classes.nib`, `info.nib` property lists) are
/// counted apart.
@Suite("xib round trip conformance", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct XIBRoundTripConformanceTests {
    struct Exception: Hashable { var file: String; var kind: String; var label: String }

    static func exceptions() -> [Exception] {
        let url = Corpus.packageRoot.appendingPathComponent("Tests/Conformance/xib-roundtrip-exceptions.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") { return nil }
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count >= 4 else { return nil }
            return Exception(file: cols[0], kind: cols[1], label: cols[2])
        }
    }

    @Test func everyCompiledNibRoundTrips() throws {
        let entries = Corpus.entries.filter { ["NIBArchive", "bplist", "xml-plist", "typedstream"].contains($0.format) }
        #expect(entries.count >= 700, "compiled nibs in MANIFEST.tsv: \(entries.count)")
        let exceptions = Self.exceptions()
        var used = Set<Exception>()
        var agreeing = 0, notNibs = 0, explained = 0, prototypes = 0
        var failures: [String] = [], unexplained: [String] = []
        let loader = NibLoader()
        let start = Date()
        for entry in entries {
            let archives: [LoadedArchive]
            do { archives = try loader.loadArchives(at: entry.url.path) } catch { notNibs += 1; continue }
            var docs: [NibDocument] = [], hints: [String: [ObjectID: String]] = [:], nesting: [String: ArchiveNesting] = [:]
            for a in archives {
                docs.append(NibResolver.resolve(a.graph, name: a.name, path: entry.url.path))
                hints[a.name] = LocalizationHints.sourceIDs(in: a.graph)
                if let n = a.nesting { nesting[a.name] = n }
            }
            let compiled = NibInput(path: entry.url.path, kind: "compiled", documents: docs)
            let text: String
            let back: NibInput
            do {
                text = try XIBWriter.source(for: compiled)
                back = try SourceReader.read(bytes: Array(text.utf8), name: "rebuilt.xib")
            } catch {
                failures.append("\(entry.file): \(error)")
                continue
            }
            let readDiagnostics = back.documents.flatMap(\.diagnostics)
            if !readDiagnostics.isEmpty { failures.append("\(entry.file): read back: \(readDiagnostics.map(\.message).prefix(3))") }
            if text.contains("<prototypes>") { prototypes += 1 }
            let report = NibComparer.compare(source: back, compiled: compiled, hints: hints, nesting: nesting)
            if report.agrees { agreeing += 1; continue }
            var open = 0
            for d in report.differences {
                if let hit = exceptions.first(where: { $0.file == entry.file && $0.kind == d.kind.rawValue && ($0.label == "*" || $0.label == (d.label ?? "")) }) {
                    used.insert(hit)
                } else {
                    open += 1
                    unexplained.append("\(entry.file)\t\(d.kind.rawValue)\t\(d.label ?? "")\t\(d.message)")
                }
            }
            if open == 0 { explained += 1 }
        }
        let nibs = entries.count - notNibs
        print("xib round trip: \(entries.count) compiled files in MANIFEST.tsv, \(notNibs) not nibs, \(nibs) nibs: "
              + "\(agreeing) agree, \(explained) differ only as explained in xib-roundtrip-exceptions.tsv, "
              + "\(unexplained.count) unexplained differences, \(failures.count) failures, \(prototypes) with prototype cells "
              + "(\(String(format: "%.1f", Date().timeIntervalSince(start))) s)")
        if ProcessInfo.processInfo.environment["XIB_DUMP"] != nil {
            try? (unexplained + failures).joined(separator: "\n").write(toFile: "/tmp/xib-unexplained.tsv", atomically: true, encoding: .utf8)
        }
        #expect(notNibs <= 64, "files that did not load: \(notNibs)")
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
        let stale = exceptions.filter { !used.contains($0) }
        #expect(stale.isEmpty, "stale xib round-trip exceptions: \(stale)")
        #expect(unexplained.isEmpty, "\(unexplained.count) unexplained differences:\n\(unexplained.prefix(40).joined(separator: "\n"))")
    }
}
