#if !NIBINSPECT_SINGLE_MODULE
import ArchiveReader
#endif
import Foundation

/// A zip archive (`.ipa`, `.zip`) held in memory as a ``FileTree``: its members live under the
/// archive's own absolute path (`/work/App.ipa/Payload/App.app/Main.storyboardc/…`), so that the
/// opener reads `Payload/App.app` inside it as it reads an app on disk — nib bundles and
/// `.storyboardc` directories included — and nothing is written anywhere.
///
/// Only the members ``NibScanner`` keeps are read (``NibScanner/keep(_:head:)``: anything inside a nib
/// bundle or `.storyboardc`, files named like nibs or sources, compiled nibs and property lists by
/// their first bytes); images, code and the rest are skipped after their first KiB. Member names
/// are normalised (``ZipMembers``: no `..`, no leading `/`), so a hostile name stays inside the
/// archive's path, and ``ArchiveLimits`` bounds what is held.
///
/// ```swift
/// let archive = try ArchiveTree.read(path: "App.ipa")
/// var opener = NibOpener()
/// opener.loader.files = archive.tree
/// let opened = try opener.open(.path(archive.root))   // the app map's documents
/// ```
public struct ArchiveTree: Sendable {
    /// The kept members, under ``root``.
    public var tree: FileTree
    /// The archive's absolute, standardised path: the directory its members are under.
    public var root: String
    /// Kept members that were not read (over the member limit, or a name that cannot be read),
    /// by their path inside the archive.
    public var refused: [(path: String, error: ArchiveError)]
    /// Set when reading stopped at the total limit; what was read before is in ``tree``.
    public var stopped: ArchiveError?
    /// Regular members seen, kept or not.
    public var memberCount: Int

    /// The members of `members` (read from the archive at `path`) as a tree under `path`'s
    /// absolute form.
    public init(members: ZipMembers, archive path: String) {
        let root = URL(fileURLWithPath: path).standardizedFileURL.path
        var files: [String: [UInt8]] = [:]
        for (name, bytes) in members.files { files[root + "/" + name] = bytes }
        self.tree = FileTree(files: files)
        self.root = root
        self.refused = members.refused.sorted { $0.path < $1.path }
        self.stopped = members.stopped
        self.memberCount = members.memberCount
    }

    /// Reads the zip archive at `path`, streaming it from disk (``ZipMembers/read(path:limits:keep:)``).
    ///
    /// - Throws: ``InputError`` when the file cannot be opened; ``ArchiveError`` when libarchive
    ///   cannot read it as a zip (with the compressed offset reached) or it has more members than
    ///   ``ArchiveLimits/maxMembers``.
    public static func read(path: String, limits: ArchiveLimits = .default) throws -> ArchiveTree {
        ArchiveTree(members: try ZipMembers.read(path: path, limits: limits, keep: NibScanner.keep), archive: path)
    }

    /// Whether `path` is a regular file whose first bytes are a zip archive's (an `.ipa` or
    /// `.zip`, whatever its name). Reads at most 8 bytes; false for directories, pipes and
    /// anything unreadable.
    public static func isArchive(_ path: String) -> Bool {
        guard FileTree.disk.isRegularFile(path), let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 8) else { return false }
        return ForeignFormat(sniffing: [UInt8](head)) == .zip
    }
}
