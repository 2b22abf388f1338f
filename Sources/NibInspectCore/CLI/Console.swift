#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArchiveReader
import Foundation
import TextEscaping

/// Where a command writes: stdout carries only data, stderr diagnostics. Tests pass buffers.
///
/// Commands write their output as they produce it, piece by piece; the process console collects
/// the pieces into chunks of ``chunkSize`` bytes and writes each chunk when it is full, so peak
/// memory does not grow with the output. ``flush()`` writes what is left (``NibInspectCLI``
/// does before returning), and every write to stderr flushes stdout first, so the two streams
/// interleave as they were written.
public final class Console: @unchecked Sendable {
    private var outBuffer: [UInt8]?
    private var errBuffer: [UInt8]?
    /// Stdout bytes not yet written (process console only).
    private var pending: [UInt8] = []
    /// Bytes collected before a write to stdout.
    static let chunkSize = 1 << 16
    /// Bytes read for the input `-` (tests set this; nil reads ``stdinHandle``).
    public var stdin: [UInt8]?
    /// Where the input `-` is read from when ``stdin`` is nil: the process's standard input.
    public var stdinHandle = FileHandle.standardInput
    /// Whether stdout is a terminal (decides `--color auto`).
    public var stdoutIsTerminal: Bool
    /// Whether stderr is a terminal (decides whether `scan` shows a progress line).
    public var stderrIsTerminal = false
    /// Environment (for `NO_COLOR`).
    public var environment: [String: String]

    /// The process's real stdout/stderr/stdin.
    public static func process() -> Console {
        let c = Console(capturing: false, stdoutIsTerminal: isatty(1) != 0, environment: ProcessInfo.processInfo.environment)
        c.stderrIsTerminal = isatty(2) != 0
        return c
    }

    /// A console that records everything, for tests.
    public static func capturing(stdin: [UInt8]? = nil, environment: [String: String] = [:]) -> Console {
        let c = Console(capturing: true, stdoutIsTerminal: false, environment: environment)
        c.stdin = stdin
        return c
    }

    private init(capturing: Bool, stdoutIsTerminal: Bool, environment: [String: String]) {
        if capturing { outBuffer = []; errBuffer = [] }
        self.stdoutIsTerminal = stdoutIsTerminal
        self.environment = environment
    }

    /// Everything written to stdout so far (capturing consoles only).
    public var output: String { String(decoding: outBuffer ?? [], as: UTF8.self) }
    public var outputBytes: [UInt8] { outBuffer ?? [] }
    /// Everything written to stderr so far (capturing consoles only).
    public var errors: String { String(decoding: errBuffer ?? [], as: UTF8.self) }

    /// Appends `text` to stdout (written once a chunk is full, or at ``flush()``).
    public func write(_ text: String) {
        if outBuffer != nil { outBuffer!.append(contentsOf: text.utf8); return }
        pending.append(contentsOf: text.utf8)
        if pending.count >= Self.chunkSize { flush() }
    }

    /// The first failure writing standard output (`errno` text), if any; the CLI reports it and
    /// exits 74 instead of pretending the data went out.
    private(set) var outputFailure: String?

    /// Appends `bytes` to stdout (written once a chunk is full, or at ``flush()``).
    public func writeBytes<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        if outBuffer != nil { outBuffer!.append(contentsOf: bytes); return }
        pending.append(contentsOf: bytes)
        if pending.count >= Self.chunkSize { flush() }
    }

    /// Writes the stdout bytes collected so far (dropped once a write has failed).
    public func flush() {
        guard !pending.isEmpty else { return }
        guard outputFailure == nil else { pending.removeAll(keepingCapacity: true); return }
        pending.withUnsafeBufferPointer { p in
            var off = 0
            while off < p.count {
                let n = HostSystem.write(1, p.baseAddress! + off, p.count - off)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    outputFailure = String(cString: strerror(errno))
                    return
                }
                off += n
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// One diagnostic line on stderr (`nibinspect: warning: …`), made terminal-safe so that
    /// whatever an input holds it stays one line.
    func diagnostic(_ line: String) { error(Escape.terminal(line) + "\n") }

    public func error(_ text: String) {
        flush()
        let bytes = Array(text.utf8)
        if errBuffer != nil { errBuffer!.append(contentsOf: bytes); return }
        bytes.withUnsafeBufferPointer { p in _ = HostSystem.write(2, p.baseAddress!, p.count) }
    }

    /// Reads standard input once (later calls return the same bytes), never more than `limit`
    /// + 1 bytes, so that an endless pipe ends in the caller's size error rather than in memory
    /// exhaustion. When `headLength` bytes have arrived and `keepReading` says no to them, reading
    /// stops there: junk piped in costs its first bytes, not a gigabyte.
    ///
    /// - Throws: ``InputError`` `.unreadable` for `<stdin>` when it cannot be read (standard input
    ///   redirected from a directory).
    func readStdin(limit: Int = 1 << 30, headLength: Int = 64 << 10, keepReading: (([UInt8]) -> Bool)? = nil) throws -> [UInt8] {
        if let stdin { return stdin }
        var bytes: [UInt8] = []
        var checked = keepReading == nil
        while bytes.count <= limit {
            let want = checked ? min(1 << 20, limit + 1 - bytes.count) : headLength - bytes.count
            guard want > 0 else { break }
            let chunk: Data?
            do { chunk = try stdinHandle.read(upToCount: want) } catch {
                let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
                let reason = posix.flatMap { $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil }
                throw InputError(.unreadable(reason ?? (error as NSError).localizedDescription), path: "<stdin>")
            }
            guard let chunk, !chunk.isEmpty else { break }
            bytes += chunk
            if !checked, bytes.count >= headLength {
                checked = true
                if keepReading?(bytes) == false { break }
            }
        }
        stdin = bytes
        return bytes
    }
}
