#if !NIBINSPECT_SINGLE_MODULE
import FileWalk   // (Scripts/fuzz.sh compiles it into the same module)
#endif
import Foundation

/// The facts of Swift files read before, on disk, so that a file whose text has not changed is not
/// parsed again (parsing is most of the time `why` takes: 49 % of the CPU time on NetNewsWire in
/// SwiftParser, 18 % more walking its tree).
///
/// One entry per file, `<directory>/swift-facts/<2 hex>/<14 hex>.json`, named by a 64-bit FNV-1a
/// hash of ``version``, the file's path, its module and its text; the entry holds all four and the
/// ``SourceFileFacts``, and is used only when all four are equal to the file's (a hash collision
/// is a miss, never wrong facts). Entries are written to a temporary file and renamed, so that
/// runs side by side never see half an entry; an entry that cannot be read or decoded is a miss;
/// a cache that cannot be written is no cache (nothing is reported). Entries are never pruned:
/// each edited file adds one (about the size of the file plus its facts); delete the directory to
/// empty the cache.
public struct SourceFactsCache: Sendable {
    /// The directory holding `swift-facts/`.
    public let directory: String
    /// What the facts depend on besides the file: the reader's build. Entries of another version
    /// are misses.
    public let version: String

    public init(directory: String, version: String) {
        self.directory = directory
        self.version = version
    }

    /// The cache the environment asks for: `$NIBINSPECT_CACHE_DIR` (`off` or empty: none), else
    /// `$XDG_CACHE_HOME/nibinspect`, else `$HOME/.cache/nibinspect`; nil when none of these is set.
    public static func fromEnvironment(version: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> SourceFactsCache? {
        if let dir = environment["NIBINSPECT_CACHE_DIR"] {
            return dir.isEmpty || dir == "off" ? nil : SourceFactsCache(directory: dir, version: version)
        }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return SourceFactsCache(directory: xdg + "/nibinspect", version: version) }
        if let home = environment["HOME"], !home.isEmpty { return SourceFactsCache(directory: home + "/.cache/nibinspect", version: version) }
        return nil
    }

    /// The version of the running executable: `tool` plus the executable's size and modification
    /// time, so that every rebuild (even of uncommitted code) starts from an empty cache.
    public static func executableVersion(_ tool: String) -> String {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        return "\(tool) \(size) \(modified)"
    }

    struct Entry: Codable {
        var version: String
        var file: String
        var module: String?
        var text: String
        var facts: SourceFileFacts
    }

    /// The entry's path for one file's text.
    func path(file: String, module: String?, text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
            for b in bytes {
                hash ^= UInt64(b)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            hash ^= 0xFF
            hash = hash &* 0x0000_0100_0000_01B3
        }
        add(version.utf8)
        add(file.utf8)
        add((module ?? "\u{0}").utf8)
        add(text.utf8)
        let hex = String(hash, radix: 16)
        let name = String(repeating: "0", count: 16 - hex.count) + hex
        return "\(directory)/swift-facts/\(name.prefix(2))/\(name.dropFirst(2)).json"
    }

    /// The facts stored for this file, path, module and text; nil on a miss.
    public func facts(file: String, module: String?, text: String) -> SourceFileFacts? {
        let path = path(file: file, module: module, text: text)
        guard let size = FileTree.disk.fileSize(path), size <= 64 << 20, let data = FileManager.default.contents(atPath: path),
              let entry = try? JSONDecoder().decode(Entry.self, from: data),
              entry.version == version, entry.file == file, entry.module == module, entry.text == text else { return nil }
        return entry.facts
    }

    /// Stores `facts` for this file, path, module and text; failures are ignored.
    public func store(_ facts: SourceFileFacts, file: String, module: String?, text: String) {
        let path = path(file: file, module: module, text: text)
        guard let data = try? JSONEncoder().encode(Entry(version: version, file: file, module: module, text: text, facts: facts)) else { return }
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
