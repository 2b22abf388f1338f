import Foundation

/// Where the readers find files: the file system (``disk``), or files held in memory under
/// absolute paths (the members of an `.ipa` or `.zip` read by `nibinspect scan`), seen through
/// the same paths so that a nib bundle or `.storyboardc` in memory opens as it does on disk.
///
/// A memory tree answers only from memory: its directories are implied by the file paths, it has
/// no symbolic links, pipes or devices, and every file in it is a regular file.
///
/// ```swift
/// let tree = FileTree(files: ["/App.ipa/Payload/App.app/Login.nib": bytes])
/// var opener = NibOpener(width: 1)
/// opener.loader.files = tree
/// let opened = try opener.open(.path("/App.ipa/Payload/App.app/Login.nib"))
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

    static func normalise(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." && !$0.isEmpty }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// True when a file or directory exists at `path`.
    func exists(_ path: String) -> Bool {
        guard let files else { return FileManager.default.fileExists(atPath: path) }
        let p = Self.normalise(path)
        return files[p] != nil || directories[p] != nil
    }

    /// Size and first bytes of the file at `path`, enough to tell its format: 1 KiB, or up to
    /// ``FileFormat/sniffLength`` for XML whose root element comes later (a long licence comment);
    /// nil when unreadable.
    func head(_ path: String) -> (size: Int, head: [UInt8])? {
        if let files {
            guard let bytes = files[Self.normalise(path)] else { return nil }
            var head = Array(bytes.prefix(1024))
            if head.count == 1024, Self.looksLikeXMLWithoutRoot(head) { head = Array(bytes.prefix(FileFormat.sniffLength)) }
            return (bytes.count, head)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        var bytes = [UInt8]((try? handle.read(upToCount: 1024)) ?? Data())
        if bytes.count == 1024, Self.looksLikeXMLWithoutRoot(bytes) {
            bytes += [UInt8]((try? handle.read(upToCount: FileFormat.sniffLength - 1024)) ?? Data())
        }
        return (size ?? bytes.count, bytes)
    }

    /// The size in bytes of the regular file at `path` (symbolic links followed), without
    /// reading it; nil for anything else or when unknown.
    func size(_ path: String) -> Int? {
        if let files { return files[Self.normalise(path)]?.count }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: URL(fileURLWithPath: path).resolvingSymlinksInPath().path),
              attributes[.type] as? FileAttributeType == .typeRegular else { return nil }
        return (attributes[.size] as? NSNumber)?.intValue
    }

    /// True when `bytes` start like XML (after a byte-order mark and blanks) but the root element
    /// has not started within them.
    private static func looksLikeXMLWithoutRoot(_ bytes: [UInt8]) -> Bool {
        let text = XMLProlog.utf8(bytes).bytes
        guard let first = text.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }), first == 0x3C
        else { return false }
        return XMLProlog.rootTag(text) == nil
    }

    /// True when `path` is a regular file (following symbolic links); FIFOs, sockets and devices
    /// are never opened while walking a directory, so reading cannot block.
    func isRegularFile(_ path: String) -> Bool {
        if let files { return files[Self.normalise(path)] != nil }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType
        return type == .typeRegular
    }

    /// True when `path` is a directory (following symbolic links).
    func isDirectory(_ path: String) -> Bool {
        if files != nil { return directories[Self.normalise(path)] != nil }
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// True when something exists at `path` that is neither a directory nor a regular file (a
    /// pipe, a device): it can be read only once.
    func isSpecial(_ path: String) -> Bool {
        !isDisk ? false : exists(path) && !isDirectory(path) && !isRegularFile(path)
    }

    /// The path with symbolic links resolved, to cut link loops (memory trees have none).
    func resolved(_ path: String) -> String {
        isDisk ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : Self.normalise(path)
    }

    /// Directory entries sorted by name, hidden files (`.DS_Store`) left out.
    func entries(_ path: String) throws(InputError) -> [String] {
        if files != nil {
            guard let names = directories[Self.normalise(path)] else {
                throw InputError(.unreadable(exists(path) ? "not a directory" : "no such directory"), path: path)
            }
            return names.filter { !$0.hasPrefix(".") }
        }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw InputError(.unreadable((error as NSError).localizedDescription), path: path)
        }
    }

    /// The whole file at `path`, at most `maxSize + 1` bytes (see ``NibLoader/readFile(_:maxSize:)``).
    func read(_ path: String, maxSize: Int) throws(InputError) -> [UInt8] {
        guard let files else { return try NibLoader.readFile(path, maxSize: maxSize) }
        let p = Self.normalise(path)
        guard let bytes = files[p] else {
            throw directories[p] != nil ? InputError(.unreadable("is a directory"), path: path) : InputError(.notFound, path: path)
        }
        return bytes.count > maxSize ? Array(bytes.prefix(maxSize + 1)) : bytes
    }

    static func join(_ dir: String, _ name: String) -> String {
        dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }
}
