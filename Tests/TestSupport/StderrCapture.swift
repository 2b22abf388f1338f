import Foundation

/// Redirects file descriptor 2 to a temporary file until ``finish()``, which restores it and
/// returns what was written (for libgvc's and CoreFoundation's complaints, which go to stderr).
/// Swift Testing reports on standard output, so a test's own report is not lost meanwhile.
public final class StderrCapture {
    private let saved: Int32
    private let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("nibinspect-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        fflush(nil)
        saved = dup(2)
        dup2(handle.fileDescriptor, 2)
        try handle.close()
    }

    public func finish() -> String {
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        defer { try? FileManager.default.removeItem(at: url) }
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
}
