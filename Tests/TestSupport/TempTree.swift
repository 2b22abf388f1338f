import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary directory tree made by a test, removed by ``remove()``.
public struct TempTree {
    public let root: String

    public init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("nibinspect-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Absolute path of `relative`.
    public func path(_ relative: String) -> String { relative.isEmpty ? root : root + "/" + relative }

    /// Writes `bytes` at `relative`, creating parent directories.
    @discardableResult
    public func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let p = path(relative)
        try FileManager.default.createDirectory(atPath: (p as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: p))
        return p
    }

    @discardableResult
    public func write(_ relative: String, text: String) throws -> String { try write(relative, Array(text.utf8)) }

    @discardableResult
    public func mkdir(_ relative: String) throws -> String {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
        return path(relative)
    }

    /// A symbolic link at `relative` whose text is `destination` (`/`, `../outside`, `..`).
    @discardableResult
    public func symlink(_ relative: String, to destination: String) throws -> String {
        let p = path(relative)
        try FileManager.default.createDirectory(atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: p, withDestinationPath: destination)
        return p
    }

    /// A FIFO (named pipe) at `relative`: opening it for reading blocks until a writer comes.
    @discardableResult
    public func fifo(_ relative: String) throws -> String {
        let p = path(relative)
        guard mkfifo(p, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return p
    }

    /// A Unix-domain socket bound at `relative` (closed again: the file stays), or nil when the
    /// path is too long for a socket address.
    @discardableResult
    public func socket(_ relative: String) -> String? {
        let p = path(relative)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(p.utf8CString)
        guard bytes.count <= MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = UInt8(bitPattern: b) }
        }
        #if canImport(Glibc)
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = Darwin.socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return bound == 0 ? p : nil
    }

    /// `levels` nested directories `d/d/…/d` under `relative`; returns the deepest one's path
    /// relative to the root.
    @discardableResult
    public func deep(_ relative: String, levels: Int) throws -> String {
        let rel = ([relative] + Array(repeating: "d", count: levels)).filter { !$0.isEmpty }.joined(separator: "/")
        try mkdir(rel)
        return rel
    }

    /// A storyboard Info.plist (binary or XML) from a dictionary.
    @discardableResult
    public func writePlist(_ relative: String, _ dict: [String: Any], binary: Bool = true) throws -> String {
        let data = try PropertyListSerialization.data(fromPropertyList: dict, format: binary ? .binary : .xml, options: 0)
        return try write(relative, [UInt8](data))
    }

    /// Every file below the root with its size, modification date and content hash, to show
    /// that reading changed nothing.
    public func snapshot() -> [String: String] {
        var out: [String: String] = [:]
        guard let e = FileManager.default.enumerator(atPath: root) else { return out }
        while let rel = e.nextObject() as? String {
            let p = path(rel)
            let attrs = (try? FileManager.default.attributesOfItem(atPath: p)) ?? [:]
            let data = FileManager.default.contents(atPath: p) ?? Data()
            out[rel] = "\(attrs[.size] ?? 0) \(attrs[.modificationDate] ?? "") \(data.hashValue)"
        }
        return out
    }

    public func remove() { try? FileManager.default.removeItem(atPath: root) }
}
