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
}
