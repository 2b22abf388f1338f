import Foundation
import Testing

/// Golden files: output the code produced, reviewed once, checked in, then compared byte for byte.
///
/// `RECORD_GOLDENS=1 swift test --filter …` rewrites the goldens a run touches instead of comparing,
/// and records an issue for each file written, so a recording run always fails: a golden becomes
/// a guard only after a second run without `RECORD_GOLDENS` (and a review of `git diff`).
///
/// ```swift
/// let goldens = Golden(directory: Golden.directory(besides: #filePath))
/// goldenFiles.check(output, "login.dot")
/// ```
public struct Golden: Sendable {
    /// The directory the golden files are in.
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    /// `Goldens/` beside the test file at `filePath` (pass `#filePath`).
    public static func directory(besides filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    }

    /// Whether this run records goldens (`RECORD_GOLDENS=1`).
    public static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Compares `actual` with the golden `name` byte for byte; records an issue naming the first
    /// line that differs, or a missing golden. When recording, writes the file and records an issue.
    public func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        Self.check(actual, file: directory.appendingPathComponent(name), sourceLocation: sourceLocation)
    }

    /// ``check(_:_:sourceLocation:)`` for a file anywhere (a generated document under
    /// `Documentation/`, say).
    public static func check(_ actual: String, file url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        let name = url.lastPathComponent
        if recording {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url)
                Issue.record("recorded golden \(name): review it, then run again without RECORD_GOLDENS",
                             sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot write golden \(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record("missing golden \(name); record it with RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        guard expected != Data(actual.utf8) else { return }
        let e = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
        Issue.record("""
            golden \(name) differs at line \(line + 1):
              expected: \(line < e.count ? String(e[line]) : "<end>")
              actual:   \(line < a.count ? String(a[line]) : "<end>")
            (RECORD_GOLDENS=1 re-records after review)
            """, sourceLocation: sourceLocation)
    }
}
