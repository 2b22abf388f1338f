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

    /// Reads both sides; the compiled side through the project's own readers and resolver.
    func load() throws -> (NibInput, NibInput, [String: [ObjectID: String]]) {
        let bytes = [UInt8](try Data(contentsOf: source))
        let src = try SourceReader.read(bytes: bytes, name: source.lastPathComponent, path: source.path)
        var isDir: ObjCBool = false
        FileManager.default.fileExists(atPath: compiled.path, isDirectory: &isDir)
        let loader = NibLoader()
        var docs: [NibDocument] = []
        var hints: [String: [ObjectID: String]] = [:]
        if isDir.boolValue {
            let files = try FileManager.default.contentsOfDirectory(atPath: compiled.path).filter { $0.hasSuffix(".nib") }.sorted()
            for f in files {
                let url = compiled.appendingPathComponent(f)
                let a = try loader.loadArchive(bytes: [UInt8](try Data(contentsOf: url)), name: f, path: url.path)
                docs.append(NibResolver.resolve(a.graph, name: compiled.lastPathComponent + "/" + f, path: url.path))
                hints[docs[docs.count - 1].name] = LocalizationHints.sourceIDs(in: a.graph)
            }
        } else {
            let a = try loader.loadArchive(bytes: [UInt8](try Data(contentsOf: compiled)), name: compiled.lastPathComponent,
                                           path: compiled.path)
            docs.append(NibResolver.resolve(a.graph, name: compiled.lastPathComponent, path: compiled.path))
            hints[docs[0].name] = LocalizationHints.sourceIDs(in: a.graph)
        }
        return (src, NibInput(path: compiled.path, kind: "compiled", documents: docs), hints)
    }
}
