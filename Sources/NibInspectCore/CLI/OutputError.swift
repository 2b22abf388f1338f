import Foundation

/// An output file (`-o PATH`) that cannot be written; printed as `cannot write PATH: REASON`,
/// exit 73 (EX_CANTCREAT).
struct OutputError: Error, CustomStringConvertible {
    var path: String
    /// Why, in words: `no such directory`, `permission denied`, `is a directory`, …
    var reason: String

    var description: String { "cannot write \(path): \(reason)" }

    /// Writes `bytes` to `path` atomically; a failure becomes an ``OutputError`` whose reason is
    /// found by looking at the path (the Foundation error text names no path and no cause on Linux).
    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw OutputError(path: path, reason: reason(path, error))
        }
    }

    /// Writes what `body` passes to its sink to `path`, piece by piece: into a temporary file
    /// beside it, renamed over it when `body` returns, so that `path` is replaced atomically and
    /// the whole text is never held. On any failure the temporary file is removed.
    ///
    /// - Throws: an ``OutputError`` when the file cannot be created, written or renamed; what
    ///   `body` throws (nothing is left at `path` then).
    static func write(to path: String, _ body: ((String) -> Void) throws -> Void) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).nibinspect-\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw OutputError(path: path, reason: reason(path, CocoaError(.fileWriteUnknown)))
        }
        var written = false
        defer {
            try? handle.close()
            if !written { try? FileManager.default.removeItem(atPath: temporary) }
        }
        var chunk: [UInt8] = []
        var failure: (any Error)?
        func flush() {
            guard failure == nil, !chunk.isEmpty else { return }
            do { try handle.write(contentsOf: chunk) } catch { failure = error }
            chunk.removeAll(keepingCapacity: true)
        }
        try body { text in
            chunk.append(contentsOf: text.utf8)
            if chunk.count >= Console.chunkSize { flush() }
        }
        flush()
        if let failure { throw OutputError(path: path, reason: reason(path, failure)) }
        try? handle.close()
        guard rename(temporary, path) == 0 else {
            throw OutputError(path: path, reason: reason(path, CocoaError(.fileWriteUnknown)))
        }
        written = true
    }

    /// The most specific reason `path` cannot be written, checked from the file up to its directory.
    static func reason(_ path: String, _ error: any Error) -> String {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return "is a directory" }
            if !fm.isWritableFile(atPath: path) { return "permission denied" }
        }
        let parent = (path as NSString).deletingLastPathComponent
        let directory = parent.isEmpty ? "." : parent
        if !fm.fileExists(atPath: directory, isDirectory: &isDirectory) { return "no such directory" }
        if !isDirectory.boolValue { return "\(directory) is not a directory" }
        if !fm.isWritableFile(atPath: directory) { return "permission denied (directory \(directory))" }
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        return (underlying ?? error as NSError).localizedDescription
    }
}
