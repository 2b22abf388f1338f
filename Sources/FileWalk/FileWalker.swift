import Foundation

/// The one walk of a directory tree, on disk or in memory (``FileTree``), used by every command
/// that looks below a directory: the inputs of `tree`, `json`, `connections`, `graph`,
/// `textconv`, `lint`, `why`, `lifecycle`, `report`, `diff`, `compare` and `scan` (the inventory of
/// an input and of a zip archive's members), `tree --list-variants`, the sources of `why` and
/// `lint` (`--sources` and directories given as inputs), the images near an input, and the
/// sources of `strings DIR`.
///
/// Rules (the same for every caller):
/// - **Order**: depth first, entries of a directory sorted by name (Swift `String` order), so the
///   walk and everything made from it are the same on every machine. Hidden entries (`.git`,
///   `.DS_Store`) are left out.
/// - **Symbolic links never leave the root.** A link is followed only when its target (every
///   link in it resolved) lies inside the real path of the root. A link whose target is outside
///   (`toRoot -> /`, `shared -> ../../Other`) is skipped with a ``WalkWarning/Kind/symlinkOutsideRoot``
///   warning; a link to a directory that contains it (`loop -> ..`, a link to the root) is skipped
///   with a ``WalkWarning/Kind/symlinkCycle`` warning. A dangling link is skipped quietly (it holds
///   nothing). A directory reached a second time by another name is walked once, under the name
///   met first in sorted order, and quietly skipped after that.
/// - **Only regular files and directories.** FIFOs (named pipes), sockets and devices are skipped
///   with a ``WalkWarning/Kind/specialFileSkipped`` warning and never opened, so a walk never blocks
///   on a pipe or reads `/dev/zero`.
/// - **One depth limit**, ``maxDepth`` (64): a directory that many levels below the root is not
///   listed, with a ``WalkWarning/Kind/directoryTooDeep`` warning naming it.
/// - A directory that cannot be listed (permissions) is reported to the visitor
///   (``Event/unreadableDirectory(_:message:)``), which decides what it means; the rest is walked.
///
/// Every warning is given once, to the visitor, in walk order, as data (a kind, the path, a message).
///
/// ```swift
/// var sources: [String] = []
/// let warnings = FileWalker().walk("Project") { event in
///     if case .file(let entry) = event, entry.name.hasSuffix(".swift") { sources.append(entry.path) }
///     return .proceed
/// }
/// ```
public struct FileWalker: Sendable {
    /// The files walked: the file system or a memory tree.
    public var tree: FileTree
    /// Levels below the root that are listed: a directory at this depth (its path has this many
    /// components below the root) is not listed, with a warning.
    public var maxDepth: Int

    /// The one depth limit of every walk: 64 levels.
    public static let defaultMaxDepth = 64

    public init(tree: FileTree = .disk, maxDepth: Int = FileWalker.defaultMaxDepth) {
        self.tree = tree
        self.maxDepth = maxDepth
    }

    /// One file or directory met by the walk.
    public struct Entry: Sendable, Hashable {
        /// The root joined with ``relative`` (the path as walked: links in it are not resolved).
        public var path: String
        /// Path below the root, `/`-separated (`Base.lproj/Main.storyboardc`); empty for the root.
        public var relative: String
        /// Last path component.
        public var name: String
        /// Components in ``relative``: 1 for an entry of the root.
        public var depth: Int
        /// True when the entry is a symbolic link (followed: its target is inside the root).
        public var isSymbolicLink: Bool

        public init(path: String, relative: String, name: String, depth: Int, isSymbolicLink: Bool = false) {
            self.path = path
            self.relative = relative
            self.name = name
            self.depth = depth
            self.isSymbolicLink = isSymbolicLink
        }
    }

    /// What the visitor is told, in walk order.
    public enum Event: Sendable, Hashable {
        /// A regular file (or a link to one inside the root).
        case file(Entry)
        /// A directory (or a link to one inside the root), before its entries. Answer
        /// ``Action/skipDescendants`` to not list it.
        case directory(Entry)
        /// A directory that could not be listed (the root included, with an empty relative path).
        case unreadableDirectory(Entry, message: String)
        /// Something skipped by a rule of the walk.
        case warning(WalkWarning)
    }

    /// The visitor's answer.
    public enum Action: Sendable, Hashable {
        case proceed
        /// For a directory: do not list it. Same as ``proceed`` for other events.
        case skipDescendants
        /// End the walk now.
        case stop
    }

    /// Walks the directory at `root` (its entries, not the root itself), calling `visit` for each
    /// event, and returns the warnings given to it, in order. The root may be a symbolic link;
    /// links below it are judged against its real path. Nothing happens when `root` is not a
    /// directory.
    @discardableResult
    public func walk(_ root: String, _ visit: (Event) -> Action) -> [WalkWarning] {
        let real = tree.realPath(root) ?? FileTree.normalise(root)
        var state = Walk(walker: self, root: root, realRoot: real)
        if tree.isDirectory(root) {
            state.visited.insert(real)
            state.ancestors.append(real)
            _ = state.list(root, relative: "", depth: 0, visit)
        }
        return state.warnings
    }

    /// Every event of a walk of `root`, in order (for callers that need no early answer).
    public func events(_ root: String) -> [Event] {
        var out: [Event] = []
        walk(root) { out.append($0); return .proceed }
        return out
    }

    /// The state of one walk.
    private struct Walk {
        let walker: FileWalker
        let root: String
        let realRoot: String
        /// Real paths of the directories listed or about to be.
        var visited = Set<String>()
        /// Real paths of the directories being listed, root first.
        var ancestors: [String] = []
        var warnings: [WalkWarning] = []

        var tree: FileTree { walker.tree }

        mutating func warn(_ kind: WalkWarning.Kind, _ entry: Entry, _ message: String, _ visit: (Event) -> Action) -> Bool {
            let warning = WalkWarning(kind, path: entry.path, relative: entry.relative, message: message)
            warnings.append(warning)
            return visit(.warning(warning)) != .stop
        }

        func isInside(_ real: String) -> Bool {
            realRoot == "/" || real == realRoot || real.hasPrefix(realRoot + "/")
        }

        /// Lists `dir`; false when the visitor stopped the walk.
        mutating func list(_ dir: String, relative: String, depth: Int, _ visit: (Event) -> Action) -> Bool {
            let names: [String]
            do { names = try tree.list(dir) } catch {
                let entry = Entry(path: dir, relative: relative, name: (dir as NSString).lastPathComponent, depth: depth)
                return visit(.unreadableDirectory(entry, message: error.message)) != .stop
            }
            for name in names {
                let entry = Entry(path: FileTree.join(dir, name), relative: relative.isEmpty ? name : relative + "/" + name,
                                  name: name, depth: depth + 1)
                guard step(entry, visit) else { return false }
            }
            return true
        }

        /// One entry; false when the visitor stopped the walk.
        mutating func step(_ entry: Entry, _ visit: (Event) -> Action) -> Bool {
            var entry = entry
            guard var kind = tree.kind(entry.path, followingLinks: false) else { return true }
            var real: String?
            if kind == .symbolicLink {
                // Dangling: nothing to read, nothing to say.
                guard let target = tree.realPath(entry.path), let targetKind = tree.kind(entry.path) else { return true }
                let shown = tree.linkDestination(entry.path) ?? target
                guard isInside(target) else {
                    return warn(.symlinkOutsideRoot, entry, "symbolic link to '\(shown)' leads outside \(root); not followed", visit)
                }
                if targetKind == .directory && ancestors.contains(target) {
                    return warn(.symlinkCycle, entry, "symbolic link to '\(shown)' leads back to a directory that holds it; not followed", visit)
                }
                entry.isSymbolicLink = true
                kind = targetKind
                real = target
            }
            switch kind {
            case .regular:
                return visit(.file(entry)) != .stop
            case .directory:
                switch visit(.directory(entry)) {
                case .stop: return false
                case .skipDescendants: return true
                case .proceed: break
                }
                guard entry.depth < walker.maxDepth else {
                    return warn(.directoryTooDeep, entry, "directory nesting deeper than \(walker.maxDepth) levels; not read", visit)
                }
                guard let real = real ?? tree.realPath(entry.path), visited.insert(real).inserted else { return true }
                ancestors.append(real)
                defer { ancestors.removeLast() }
                return list(entry.path, relative: entry.relative, depth: entry.depth, visit)
            default:
                return warn(.specialFileSkipped, entry, "\(kind.displayName), not a regular file; skipped", visit)
            }
        }
    }
}

/// Something a ``FileWalker`` skipped, as data: what (``kind``), where (``path``, ``relative``)
/// and one line for people (``message``). SourceIndex hands these on as they are; the other
/// targets turn them into diagnostics with the same code (``Kind/rawValue``).
public struct WalkWarning: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A symbolic link whose target lies outside the root; not followed.
        case symlinkOutsideRoot = "symlink-outside-root"
        /// A symbolic link to a directory that holds it; not followed.
        case symlinkCycle = "symlink-cycle"
        /// A FIFO, socket or device; not opened.
        case specialFileSkipped = "special-file-skipped"
        /// A directory ``FileWalker/maxDepth`` levels below the root; not listed.
        case directoryTooDeep = "directory-too-deep"
        /// A directory that could not be listed (given by callers that report it as a warning).
        case unreadableDirectory = "unreadable-directory"
    }

    public var kind: Kind
    /// The path as walked (the root joined with ``relative``).
    public var path: String
    /// Path below the root.
    public var relative: String
    /// One line for people, without the path (which ``path`` carries): `symbolic link to '/'
    /// leads outside Project; not followed`.
    public var message: String

    public init(_ kind: Kind, path: String, relative: String, message: String) {
        self.kind = kind
        self.path = path
        self.relative = relative
        self.message = message
    }

    /// A warning for a directory that could not be listed (``FileWalker/Event/unreadableDirectory(_:message:)``).
    public init(unreadable entry: FileWalker.Entry, message: String) {
        self.init(.unreadableDirectory, path: entry.path, relative: entry.relative,
                  message: "cannot read: \(message)")
    }

    /// `Assets/toRoot: symbolic link to '/' leads outside Project; not followed`.
    public var description: String { "\(relative.isEmpty ? path : relative): \(message)" }
}
