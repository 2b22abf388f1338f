import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `nibbench` does differently on Glibc (Linux) and Darwin (macOS), in one place: the only
/// file of this target with a platform condition (PortabilityTests checks it). The other files
/// call these and import no C library of their own.
enum HostSystem {
    /// `getrusage` of this process (`children` false) or of its reaped children.
    static func usage(children: Bool = false) -> rusage {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
        #endif
        return usage
    }

    /// Peak resident set size of `usage` in bytes: `ru_maxrss` counts KiB on Linux, bytes on Darwin.
    static func peakRSSBytes(_ usage: rusage) -> Int {
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)
        #else
        return Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// Resident bytes after glibc's `malloc_trim(0)` has returned the free heap to the system
    /// (Linux: `/proc/self/statm`): the memory in use, code and libraries included. Nil elsewhere
    /// (Darwin has neither; `memory-phases` then says so and skips).
    static func residentBytesAfterTrim() -> Int? {
        #if os(Linux)
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") { _ = unsafeBitCast(symbol, to: Trim.self)(0) }
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return nil
        #endif
    }

    /// This executable's path: `/proc/self/exe` on Linux, else the bundle's (Darwin's
    /// `_NSGetExecutablePath` through Foundation), else `argv[0]`.
    static var executablePath: String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }

    /// Storage for `posix_spawn_file_actions_init`: a struct on Glibc; on Darwin an optional opaque
    /// pointer (`posix_spawn_file_actions_t?`, nil until initialised), where
    /// `posix_spawn_file_actions_t()` does not compile.
    #if canImport(Darwin)
    typealias SpawnFileActions = posix_spawn_file_actions_t?
    static func uninitialisedFileActions() -> SpawnFileActions { nil }
    #else
    typealias SpawnFileActions = posix_spawn_file_actions_t
    static func uninitialisedFileActions() -> SpawnFileActions { posix_spawn_file_actions_t() }
    #endif

    /// This process's environment as the `NAME=value` strings `posix_spawn` takes (each `strdup`ed,
    /// nil-terminated; free them with ``freeCStrings(_:)``), from `ProcessInfo` on both platforms:
    /// Glibc's `environ` is not exported by Darwin's module, and Darwin's `_NSGetEnviron` not by Glibc.
    static func environmentBlock() -> [UnsafeMutablePointer<CChar>?] {
        ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    }

    /// Frees the strings of ``environmentBlock()`` or of an argument vector made with `strdup`.
    static func freeCStrings(_ strings: [UnsafeMutablePointer<CChar>?]) {
        for p in strings { free(p) }
    }
}
