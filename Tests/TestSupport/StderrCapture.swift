import Foundation

/// Redirects file descriptor 2 to a temporary file until ``finish()``, which restores it and
/// returns what was written (for libgvc's and CoreFoundation's complaints, which go to stderr).
/// Anything else the process writes to stderr meanwhile goes to the file too, so keep the window
/// short. Captures wait for each other (tests run in parallel), so two never interleave.
public final class StderrCapture {
    private static let turn = DispatchSemaphore(value: 1)
    private let saved: Int32
    private let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("nibinspect-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        Self.turn.wait()
        fflush(nil)
        saved = dup(2)
        dup2(handle.fileDescriptor, 2)
        try? handle.close()
    }

    public func finish() -> String {
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        Self.turn.signal()
        defer { try? FileManager.default.removeItem(at: url) }
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
}
