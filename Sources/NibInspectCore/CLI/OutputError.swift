import ArchiveReader
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let (file, through) = destination(path)
        do {
            if through {
                guard let handle = FileHandle(forWritingAtPath: file) else { throw CocoaError(.fileWriteNoPermission) }
                defer { try? handle.close() }
                try handle.write(contentsOf: bytes)
            } else {
                try Data(bytes).write(to: URL(fileURLWithPath: file), options: .atomic)
            }
        } catch {
            throw OutputError(path: path, reason: reason(path, error))
        }
    }

    /// Where `-o PATH` writes: a symbolic link's target (the link stays a link), and whether to
    /// write through the file rather than replace it: a device, FIFO or socket (`-o /dev/stdout`)
    /// is written to, never replaced by a regular file.
    static func destination(_ path: String) -> (path: String, writeThrough: Bool) {
        // stat follows every link, /dev/stdout → /proc/self/fd/1 → pipe included.
        var st = stat()
        guard stat(path, &st) == 0 else { return (path, false) }   // not there yet: created
        if (st.st_mode & S_IFMT) != S_IFREG { return (path, true) }
        return (URL(fileURLWithPath: path).resolvingSymlinksInPath().path, false)
    }

    /// Refuses `-o` (or `option`, such as `--write-baseline`) naming an input (inputs are never
    /// modified): the same file as an input (same path after resolving links, or same device and
    /// inode), or an existing file inside an input directory that the tool reads (a nib, archive,
    /// plist, xib, storyboard, strings file or Swift/Objective-C source). Standard input (`-`) is
    /// skipped.
    ///
    /// - Throws: ``UsageError`` naming the option, the output and the input.
    static func checkNotInput(_ output: String, inputs: [String], option: String = "--output") throws {
        if output.isEmpty {
            throw UsageError("\(option) needs a file name\(option == "--output" ? " ('-' for standard output)" : ""), not an empty string")
        }
        let fm = FileManager.default
        let out = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath()
        let outAttributes = try? fm.attributesOfItem(atPath: out.path)
        for input in inputs where input != "-" {
            let inURL = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath()
            var same = out.path == inURL.path
            if !same, let x = outAttributes, let y = try? fm.attributesOfItem(atPath: inURL.path),
               let ix = x[.systemFileNumber] as? UInt64, let iy = y[.systemFileNumber] as? UInt64,
               let dx = x[.systemNumber] as? UInt64, let dy = y[.systemNumber] as? UInt64 {
                same = ix == iy && dx == dy
            }
            if same { throw UsageError("\(option) '\(output)' is the input file; nibinspect never overwrites its input") }
            var isDirectory: ObjCBool = false
            if outAttributes != nil, fm.fileExists(atPath: inURL.path, isDirectory: &isDirectory), isDirectory.boolValue,
               out.path.hasPrefix(inURL.path.hasSuffix("/") ? inURL.path : inURL.path + "/"), isReadAsInput(out.path) {
                throw UsageError("\(option) '\(output)' is a file inside the input '\(input)' that nibinspect reads; it never overwrites its input")
            }
        }
    }

    /// True for a file the tool reads as input: by extension (nib, xib, storyboard, plist,
    /// strings, Swift and Objective-C sources) or by its first bytes (any format it opens).
    static func isReadAsInput(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        if ["nib", "xib", "storyboard", "plist", "strings", "swift", "m", "mm", "h"].contains(ext) { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 512)).map { [UInt8]($0) } ?? []
        switch FileFormat(sniffing: head) {
        case .unknown, .empty: return false
        default: return true
        }
    }

    /// Writes what `body` passes to its sink to `path`, piece by piece: into a temporary file
    /// beside it, renamed over it when `body` returns, so that `path` is replaced atomically and
    /// the whole text is never held. On any failure the temporary file is removed. A device,
    /// FIFO or socket (``destination(_:)``) is written to directly, piece by piece.
    ///
    /// - Throws: an ``OutputError`` when the file cannot be created, written or renamed; what
    ///   `body` throws (nothing is left at `path` then).
    static func write(to path: String, _ body: ((String) -> Void) throws -> Void) throws {
        // A device, FIFO or socket is written through, piece by piece as well; anything else
        // goes to a temporary file renamed over the destination at the end.
        let (path, through) = destination(path)
        let temporary = through ? path : temporaryPath(beside: path)
        guard through || FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw OutputError(path: path, reason: reason(path, CocoaError(.fileWriteUnknown)))
        }
        var written = false
        defer {
            try? handle.close()
            if !written && !through { try? FileManager.default.removeItem(atPath: temporary) }
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
        guard through || rename(temporary, path) == 0 else {
            throw OutputError(path: path, reason: reason(path, CocoaError(.fileWriteUnknown)))
        }
        written = true
    }

    /// `.NAME.nibinspect-PID.tmp` in the directory of `path`. (Through URL: swift-corelibs
    /// Foundation's `NSString.lastPathComponent` traps on a one-character path such as `x`.)
    static func temporaryPath(beside path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).nibinspect-\(getpid()).tmp").path
    }

    /// The most specific reason `path` cannot be written, checked from the file up to its directory.
    static func reason(_ path: String, _ error: any Error) -> String {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return "is a directory" }
            if !fm.isWritableFile(atPath: path) { return "permission denied" }
        }
        // The directory as the path gives it (`out` of `out/x.svg`, `.` for a bare name).
        let directory = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        if !fm.fileExists(atPath: directory, isDirectory: &isDirectory) { return "no such directory" }
        if !isDirectory.boolValue { return "\(directory) is not a directory" }
        if !fm.isWritableFile(atPath: directory) { return "permission denied (directory \(directory))" }
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        return (underlying ?? error as NSError).localizedDescription
    }
}
