import Foundation
import Testing

/// Golden files under `Tests/NibInspectTests/Goldens`: produced by the code, reviewed, checked in.
/// `RECORD_GOLDENS=1 swift test --filter ResolvedGoldenTests` rewrites them.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if recording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do { try actual.write(to: url, atomically: true, encoding: .utf8) }
            catch { Issue.record("cannot write golden \(name): \(error)", sourceLocation: sourceLocation) }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden \(name); record it with RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
            Issue.record("""
                golden \(name) differs at line \(line + 1):
                  expected: \(line < e.count ? String(e[line]) : "<end>")
                  actual:   \(line < a.count ? String(a[line]) : "<end>")
                (RECORD_GOLDENS=1 re-records after review)
                """, sourceLocation: sourceLocation)
        }
    }
}
