#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where a command writes: stdout carries only data, stderr diagnostics. Tests pass buffers.
public final class Console: @unchecked Sendable {
    private var outBuffer: [UInt8]?
    private var errBuffer: [UInt8]?
    /// Bytes read for the input `-` (tests set this; nil reads the process's stdin).
    public var stdin: [UInt8]?
    /// Whether stdout is a terminal (decides `--color auto`).
    public var stdoutIsTerminal: Bool
    /// Environment (for `NO_COLOR`).
    public var environment: [String: String]

    /// The process's real stdout/stderr/stdin.
    public static func process() -> Console {
        Console(capturing: false, stdoutIsTerminal: isatty(1) != 0, environment: ProcessInfo.processInfo.environment)
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

    public func write(_ text: String) { writeBytes(Array(text.utf8)) }

    /// The first failure writing standard output (`errno` text), if any; the CLI reports it and
    /// exits 74 instead of pretending the data went out.
    private(set) var outputFailure: String?

    public func writeBytes(_ bytes: [UInt8]) {
        if outBuffer != nil { outBuffer!.append(contentsOf: bytes); return }
        guard outputFailure == nil else { return }
        bytes.withUnsafeBufferPointer { p in
            var off = 0
            while off < p.count {
                let n = Glibc_write(1, p.baseAddress! + off, p.count - off)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    outputFailure = String(cString: strerror(errno))
                    return
                }
                off += n
            }
        }
    }

    /// One diagnostic line on stderr (`nibinspect: warning: …`), made terminal-safe so that
    /// whatever an input holds it stays one line.
    func diagnostic(_ line: String) { error(terminalSafe(line) + "\n") }

    public func error(_ text: String) {
        let bytes = Array(text.utf8)
        if errBuffer != nil { errBuffer!.append(contentsOf: bytes); return }
        bytes.withUnsafeBufferPointer { p in _ = Glibc_write(2, p.baseAddress!, p.count) }
    }

    /// Reads all of standard input.
    func readStdin() -> [UInt8] {
        if let stdin { return stdin }
        return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, p, n)
    #else
    return Darwin.write(fd, p, n)
    #endif
}
