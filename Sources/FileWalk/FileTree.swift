import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the readers find files: the file system (``disk``), or files held in memory under
/// absolute paths (the members of an `.ipa` or `.zip` read by `nibinspect scan`), seen through
/// the same paths so that a nib bundle or `.storyboardc` in memory opens as it does on disk, and
/// ``FileWalker`` walks both the same way.
///
/// A memory tree answers only from memory: its directories are implied by the file paths, it has
/// no symbolic links, pipes or devices, and every file in it is a regular file.
///
/// ```swift
/// let tree = FileTree(files: ["/App.ipa/Payload/App.app/Login.nib": bytes])
/// tree.kind("/App.ipa/Payload")                // .directory
/// try tree.list("/App.ipa/Payload/App.app")    // ["Login.nib"]
/// ```
public struct FileTree: Sendable {
    /// Files by normalised absolute path; nil for the file system.
    private let files: [String: [UInt8]]?
    /// Directory path → sorted entry names (memory trees only).
    private let directories: [String: [String]]

    /// The file system.
    public static let disk = FileTree(storage: nil)

    private init(storage: [String: [UInt8]]?) {
        files = storage
        directories = [:]
    }

    /// A tree of `files` (path → bytes). Paths are normalised (`//` and `.` dropped, no trailing
    /// `/`); every ancestor directory of a file exists in the tree, up to `/`.
    public init(files: [String: [UInt8]]) {
        var normalised: [String: [UInt8]] = [:]
        var children: [String: Set<String>] = [:]
        for (path, bytes) in files {
            let p = Self.normalise(path)
            normalised[p] = bytes
            var child = p
            while child != "/" && !child.isEmpty {
                let parent = (child as NSString).deletingLastPathComponent
                let dir = parent.isEmpty ? "/" : parent
                children[dir, default: []].insert((child as NSString).lastPathComponent)
                child = dir
            }
        }
        self.files = normalised
        self.directories = children.mapValues { $0.sorted() }
    }

    /// True when this is the file system.
    public var isDisk: Bool { files == nil }

    /// `path` without `//`, `.` components and trailing `/` (`..` is kept).
    public static func normalise(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." && !$0.isEmpty }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// `dir/name`, without doubling a trailing `/` of `dir`.
    public static func join(_ dir: String, _ name: String) -> String {
        dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }

    // MARK: - What is at a path

    /// What a directory entry is. ``symbolicLink`` only when links are not followed.
    public enum Kind: Sendable, Hashable {
        case regular, directory, symbolicLink
        /// A named pipe: opening it for reading blocks until a writer comes.
        case fifo
        case socket
        /// A character or block device (`/dev/zero` never ends).
        case device
        case other

        /// What to call it in messages: `FIFO (named pipe)`, `socket`, `device`.
        public var displayName: String {
            switch self {
            case .regular: return "regular file"
            case .directory: return "directory"
            case .symbolicLink: return "symbolic link"
            case .fifo: return "FIFO (named pipe)"
            case .socket: return "socket"
            case .device: return "device"
            case .other: return "special file"
            }
        }
    }

    /// What is at `path`, following symbolic links (`followingLinks`) or not; nil when nothing is
    /// there (a dangling link followed, a missing file). `stat(2)` / `lstat(2)` on disk.
    public func kind(_ path: String, followingLinks: Bool = true) -> Kind? {
        if files != nil {
            let p = Self.normalise(path)
            return files?[p] != nil ? .regular : directories[p] != nil ? .directory : nil
        }
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        switch UInt32(info.st_mode) & UInt32(S_IFMT) {
        case UInt32(S_IFREG): return .regular
        case UInt32(S_IFDIR): return .directory
        case UInt32(S_IFLNK): return .symbolicLink
        case UInt32(S_IFIFO): return .fifo
        case UInt32(S_IFSOCK): return .socket
        case UInt32(S_IFCHR), UInt32(S_IFBLK): return .device
        default: return .other
        }
    }

    /// The size in bytes of the regular file at `path` (symbolic links followed), without reading
    /// it; nil for anything else.
    public func fileSize(_ path: String) -> Int? {
        if files != nil { return files?[Self.normalise(path)]?.count }
        var info = stat()
        guard stat(path, &info) == 0, UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG) else { return nil }
        return Int(info.st_size)
    }

    /// True when a file or directory exists at `path` (symbolic links followed).
    public func exists(_ path: String) -> Bool { kind(path) != nil }

    /// True when `path` is a regular file (symbolic links followed); FIFOs, sockets and devices
    /// are never opened while walking a directory, so reading cannot block.
    public func isRegularFile(_ path: String) -> Bool { kind(path) == .regular }

    /// True when `path` is a directory (symbolic links followed).
    public func isDirectory(_ path: String) -> Bool { kind(path) == .directory }

    /// True when something exists at `path` that is neither a directory nor a regular file (a
    /// pipe, a device): it can be read only once.
    public func isSpecial(_ path: String) -> Bool {
        guard let kind = kind(path) else { return false }
        return kind != .regular && kind != .directory
    }

    /// The absolute path of `path` with every symbolic link, `.` and `..` resolved (`realpath(3)`);
    /// nil when it does not exist. A memory tree has no links: its normalised path.
    public func realPath(_ path: String) -> String? {
        if files != nil { return exists(path) ? Self.normalise(path) : nil }
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The text of the symbolic link at `path` (`readlink(2)`), nil when it is not one.
    public func linkDestination(_ path: String) -> String? {
        guard isDisk else { return nil }
        return try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    }

    // MARK: - Listing and bytes

    /// A directory that cannot be listed; `message` says why (`no such directory`, the system's
    /// reason).
    public struct ListingError: Error, Sendable, Hashable {
        public var message: String
        public init(_ message: String) { self.message = message }
    }

    /// The entry names of the directory at `path`, sorted; hidden names (`.DS_Store`, `.git`)
    /// left out unless `includingHidden`. Only this directory: ``FileWalker`` walks below it.
    /// - Throws: ``ListingError`` when it is not a directory or cannot be read.
    public func list(_ path: String, includingHidden: Bool = false) throws(ListingError) -> [String] {
        let names: [String]
        if files != nil {
            guard let listed = directories[Self.normalise(path)] else {
                throw ListingError(exists(path) ? "not a directory" : "no such directory")
            }
            names = listed
        } else {
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
            } catch {
                throw ListingError((error as NSError).localizedDescription)
            }
        }
        return includingHidden ? names : names.filter { !$0.hasPrefix(".") }
    }

    /// The bytes of the file at `path` in a memory tree; nil for a path that is not a file there,
    /// and always nil for ``disk`` (the readers read disk files themselves, with size limits).
    public func memoryContents(_ path: String) -> [UInt8]? {
        files?[Self.normalise(path)]
    }
}
