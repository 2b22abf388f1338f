import TestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ArchiveReader
@testable import NibCompare
@testable import NibWriters

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
                _ = try XMLDocument(data: Data(text.utf8), options: [])   // well-formed for FoundationXML too
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

    /// Every compiled storyboard of the corpus (`.storyboardc`, and ibtool's `X.out` directories)
    /// rebuilt as a storyboard: well-formed, read back without diagnostics, with one controller
    /// per controller of the original whose nib is present (same classes, in order), the same
    /// template and relationship segues (kind, identifier, relationship) where the destination is
    /// present, and the entry point on the same controller.
    @Test func everyCompiledStoryboardReadsBack() throws {
        guard let root = Corpus.root else { return }
        var dirs: [URL] = []
        let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
        while let url = e?.nextObject() as? URL {
            let isStoryboard = url.pathExtension == "storyboardc"
                || (url.pathExtension == "out" && url.path.contains("viraptor__ibtool/samples/correct"))
            if isStoryboard { dirs.append(url); e?.skipDescendants() }
        }
        dirs.sort { $0.path < $1.path }
        #expect(dirs.count >= 17, "compiled storyboards: \(dirs.count)")
        var scenes = 0, segues = 0, controllers = 0, withEntry = 0
        for dir in dirs {
            let input = try NibOpener().open(.path(dir.path)).input
            let text = try XIBWriter.source(for: input)
            _ = try XMLDocument(data: Data(text.utf8), options: [])
            let back = try SourceReader.read(bytes: Array(text.utf8), name: dir.lastPathComponent + ".storyboard")
            let diagnostics = back.diagnostics + back.documents.flatMap(\.diagnostics)
            #expect(diagnostics.isEmpty, "\(dir.lastPathComponent): \(diagnostics.map(\.message).prefix(3))")
            scenes += back.documents.count
            guard let original = input.storyboard else { continue }
            let summary = back.storyboard
            let present = Set(input.documents.map(\.name))
            let kept = original.controllers.filter { c in c.objects.first.map { present.contains($0.document) } ?? false }
            // Scene nibs no controller covers (view nibs whose controller's nib is missing from
            // the corpus copy) follow as scenes of their own, each read back with its first object.
            let covered = Set(kept.flatMap { $0.objects.map(\.document) })
            let plain = input.documents.filter { !covered.contains($0.name) && !$0.name.contains(" > ") }.count
            let rebuilt = summary?.controllers.map(\.effectiveClass) ?? []
            #expect(Array(rebuilt.prefix(kept.count)) == kept.map(\.effectiveClass), "\(dir.lastPathComponent)")
            #expect(rebuilt.count - kept.count <= plain, "\(dir.lastPathComponent): \(rebuilt.count) controllers read back, \(kept.count) + \(plain) scene nibs")
            controllers += kept.count
            let keptIDs = Set(kept.map(\.id))
            let resolvable = original.segues.filter { s in
                keptIDs.contains(s.from) && s.to.map { to in keptIDs.contains(to) || kept.contains { $0.scene == to && $0.parent == nil } } == true
            }
            let describe = { (s: StoryboardSummary.SceneSegue) in "\(s.segue.kind)|\(s.segue.identifier ?? "")|\(s.segue.relationship ?? "")" }
            #expect(summary?.segues.map(describe).sorted() == resolvable.map(describe).sorted(), "\(dir.lastPathComponent)")
            segues += resolvable.count
            if let entry = original.entryPoint, let c = kept.first(where: { $0.id == entry }) {
                #expect(summary?.controller(summary?.entryPoint)?.effectiveClass == c.effectiveClass, "\(dir.lastPathComponent)")
                withEntry += 1
            }
        }
        print("storyboard rebuild: \(dirs.count) compiled storyboards, \(scenes) scenes read back, \(controllers) controllers, \(segues) segues, \(withEntry) entry points")
    }
}
