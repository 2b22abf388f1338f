import Foundation
import Testing

/// Golden files under `Tests/GraphExportTests/Goldens/`: produced by the code, reviewed, checked
/// in. Run with `RECORD_GOLDENS=1` to (re)write them instead of comparing.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Compares `actual` with the golden `name` byte for byte (or records it).
    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if recording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record("missing golden \(name); run with RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        if expected != Data(actual.utf8) {
            let e = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
            let want = line < e.count ? String(e[line]) : "<end>"
            let got = line < a.count ? String(a[line]) : "<end>"
            Issue.record("\(name) differs at line \(line + 1):\n  golden: \(want)\n  actual: \(got)",
                         sourceLocation: sourceLocation)
        }
    }
}
