#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the CLI does differently on Glibc (Linux) and Darwin (macOS), in one place: the only file
/// of this target with a platform condition around more than an import (PortabilityTests checks it).
enum HostSystem {
    /// `write(2)` of `count` bytes at `bytes` to `fd`: the bytes written, or -1 with `errno` set.
    /// Spelled with its module because `Console` has `write` methods of its own.
    @inline(__always)
    static func write(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, bytes, count)
        #else
        return Darwin.write(fd, bytes, count)
        #endif
    }

    /// Returns the heap's free pages to the system (glibc's `malloc_trim(0)`, which trims every
    /// arena); nothing on Darwin. For a command that keeps only the models of inputs it has read:
    /// what reading freed (an XML source's element tree, a nib's archive graph), in the arenas of
    /// the threads that read it, would otherwise stay resident beside what the command allocates
    /// next (`compare`, `diff`).
    static func releaseFreeMemory() {
        #if canImport(Glibc)
        // Not in Swift's Glibc module: looked up once (as NibBench's HostSystem does).
        if let trim = trimFunction { _ = trim(0) }
        #endif
    }

    #if canImport(Glibc)
    private typealias Trim = @convention(c) (Int) -> Int32
    /// glibc's `malloc_trim`, nil if the C library has none.
    private static let trimFunction: Trim? = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
    #endif
}
