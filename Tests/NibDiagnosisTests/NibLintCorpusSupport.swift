import ArchiveReader
import Foundation
import NibDiagnosis
import NibModel
import TestSupport

/// Every input of `../shared/corpus` (manifest rows of a nib format) and every xib and storyboard
/// of `../shared/projects`, for the lint runs over real files.
enum LintCorpus {
    static var paths: [String] {
        var out: [String] = []
        for e in Corpus.entries where !["empty", "other", "format"].contains(e.format) { out.append(e.url.path) }
        let projects = Corpus.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/projects")
        if let walker = FileManager.default.enumerator(atPath: projects.path) {
            var found: [String] = []
            while let rel = walker.nextObject() as? String {
                if rel.hasSuffix(".xib") || rel.hasSuffix(".storyboard") { found.append(projects.appendingPathComponent(rel).path) }
            }
            out += found.sorted()
        }
        return out
    }

    static var isAvailable: Bool {
        Corpus.isAvailable || SharedProjects.root("NetNewsWire") != nil || SharedProjects.root("HexFiend") != nil
    }

    /// Opens every input (one at a time, width 1) and lints it; inputs that do not open are counted.
    /// `lintSeconds` is the time spent in ``NibLint`` alone (opening excluded).
    static func run() -> (findings: [Finding], inputs: Int, unreadable: Int, lintSeconds: Double) {
        let opener = NibOpener(width: 1)
        var findings: [Finding] = []
        var inputs = 0, unreadable = 0
        var seconds = 0.0
        for path in paths {
            guard let input = try? opener.open(.path(path)).input else { unreadable += 1; continue }
            inputs += 1
            let start = Date()
            findings += NibLint.findings([input])
            seconds += Date().timeIntervalSince(start)
        }
        return (findings, inputs, unreadable, seconds)
    }
}
