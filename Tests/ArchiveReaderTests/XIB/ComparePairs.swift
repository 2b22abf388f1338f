import TestSupport
import Foundation
@testable import ArchiveReader

/// Source ↔ Apple-compiled pairs of the corpus, for the compare conformance test:
/// `viraptor__ibtool/samples/correct` (`X.xib` next to `X.nib`, `X.storyboard` next to the
/// compiled storyboard directory `X.out/`) and IB 3 nib bundles holding `designable.nib` next to
/// `keyedobjects.nib`.
struct ComparePair: CustomStringConvertible {
    var name: String
    var source: URL
    var compiled: URL
    var description: String { name }

    static func all() -> [ComparePair] {
        guard let root = Corpus.root else { return [] }
        var out: [ComparePair] = []
        let fm = FileManager.default
        let correct = root.appendingPathComponent("viraptor__ibtool/samples/correct")
        for dir in [correct, correct.appendingPathComponent("Base.lproj")] {
            let files = ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
            for f in files where f.hasSuffix(".xib") || f.hasSuffix(".storyboard") {
                let stem = (f as NSString).deletingPathExtension
                let compiled = dir.appendingPathComponent(f.hasSuffix(".xib") ? stem + ".nib" : stem + ".out")
                if fm.fileExists(atPath: compiled.path) {
                    out.append(ComparePair(name: "ibtool/" + (dir == correct ? "" : "Base.lproj/") + f,
                                           source: dir.appendingPathComponent(f), compiled: compiled))
                }
            }
        }
        for entry in Corpus.entries where entry.file.hasSuffix("/designable.nib") {
            let bundle = entry.url.deletingLastPathComponent()
            // Every compiled variant beside it: keyedobjects.nib and keyedobjects-<os>.nib (§8.1).
            let variants = ((try? fm.contentsOfDirectory(atPath: bundle.path)) ?? []).sorted()
                .filter { $0.hasPrefix("keyedobjects") && $0.hasSuffix(".nib") }
            for variant in variants {
                let suffix = variant == "keyedobjects.nib" ? "" : " [\(variant)]"
                out.append(ComparePair(name: entry.file + suffix, source: entry.url,
                                       compiled: bundle.appendingPathComponent(variant)))
            }
        }
        return out
    }

    /// Reads both sides; the compiled side through the project's own container loader (nested
    /// archives included, as `nibinspect compare` reads it) and resolver.
    func load() throws -> (NibInput, NibInput, [String: [ObjectID: String]]) {
        let (src, compiled, hints, _) = try loadWithNesting()
        return (src, compiled, hints)
    }

    /// ``load()`` plus, per nested-archive document, where it is nested.
    func loadWithNesting() throws -> (NibInput, NibInput, [String: [ObjectID: String]], [String: ArchiveNesting]) {
        let bytes = [UInt8](try Data(contentsOf: source))
        let src = try SourceReader.read(bytes: bytes, name: source.lastPathComponent, path: source.path)
        var isDir: ObjCBool = false
        FileManager.default.fileExists(atPath: compiled.path, isDirectory: &isDir)
        let loader = NibLoader()
        var docs: [NibDocument] = []
        var hints: [String: [ObjectID: String]] = [:]
        var nesting: [String: ArchiveNesting] = [:]
        let files = isDir.boolValue
            ? try FileManager.default.contentsOfDirectory(atPath: compiled.path).filter { $0.hasSuffix(".nib") }.sorted()
                .map { (compiled.appendingPathComponent($0), compiled.lastPathComponent + "/") }
            : [(compiled, "")]
        for (url, prefix) in files {
            for a in try loader.loadArchives(at: url.path) {
                let name = prefix + a.name
                docs.append(NibResolver.resolve(a.graph, name: name, path: url.path))
                hints[name] = LocalizationHints.sourceIDs(in: a.graph)
                if var n = a.nesting {
                    n.parent = prefix + n.parent
                    nesting[name] = n
                }
            }
        }
        return (src, NibInput(path: compiled.path, kind: "compiled", documents: docs), hints, nesting)
    }
}
