#if !NIBINSPECT_SINGLE_MODULE
// FileTree and FileWalker come from FileWalk (Scripts/fuzz.sh compiles it into the same module).
@_exported import FileWalk
#endif
import Foundation

/// What the readers need of a ``FileTree`` beyond walking it: a file's first bytes and size to
/// tell its format, the whole file within a size limit, a directory's entries; failures as
/// ``InputError``.
extension FileTree {
    /// Size and first bytes of the file at `path`, enough to tell its format: 1 KiB, or up to
    /// ``FileFormat/sniffLength`` for XML whose root element comes later (a long licence comment);
    /// nil when unreadable.
    func head(_ path: String) -> (size: Int, head: [UInt8])? {
        if !isDisk {
            guard let bytes = memoryContents(path) else { return nil }
            var head = Array(bytes.prefix(1024))
            if head.count == 1024, Self.looksLikeXMLWithoutRoot(head) { head = Array(bytes.prefix(FileFormat.sniffLength)) }
            return (bytes.count, head)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let size = fileSize(path)
        var bytes = [UInt8]((try? handle.read(upToCount: 1024)) ?? Data())
        if bytes.count == 1024, Self.looksLikeXMLWithoutRoot(bytes) {
            bytes += [UInt8]((try? handle.read(upToCount: FileFormat.sniffLength - 1024)) ?? Data())
        }
        return (size ?? bytes.count, bytes)
    }

    /// The first `count` bytes (or fewer) of the regular file at `path`; nil when it cannot be
    /// opened.
    func prefix(_ path: String, _ count: Int) -> [UInt8]? {
        if !isDisk { return memoryContents(path).map { Array($0.prefix(count)) } }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var out: [UInt8] = []
        while out.count < count, let chunk = try? handle.read(upToCount: count - out.count), !chunk.isEmpty { out += chunk }
        return out
    }

    /// The size in bytes of the regular file at `path` (symbolic links followed), without
    /// reading it; nil for anything else or when unknown.
    func size(_ path: String) -> Int? { fileSize(path) }

    /// True when `bytes` start like XML (after a byte-order mark and blanks) but the root element
    /// has not started within them.
    private static func looksLikeXMLWithoutRoot(_ bytes: [UInt8]) -> Bool {
        let text = XMLProlog.utf8(bytes).bytes
        guard let first = text.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }), first == 0x3C
        else { return false }
        return XMLProlog.rootTag(text) == nil
    }

    /// Directory entries sorted by name, hidden files (`.DS_Store`) left out: one directory's
    /// listing (a nib bundle's variants, a `.storyboardc`'s nibs); ``FileWalker`` walks trees.
    func entries(_ path: String) throws(InputError) -> [String] {
        do { return try list(path) } catch { throw InputError(.unreadable(error.message), path: path) }
    }

    /// The whole file at `path`, at most `maxSize + 1` bytes (see ``NibLoader/readFile(_:maxSize:)``).
    func read(_ path: String, maxSize: Int) throws(InputError) -> [UInt8] {
        guard !isDisk else { return try NibLoader.readFile(path, maxSize: maxSize) }
        guard let bytes = memoryContents(path) else {
            throw isDirectory(path) ? InputError(.unreadable("is a directory"), path: path) : InputError(.notFound, path: path)
        }
        return bytes.count > maxSize ? Array(bytes.prefix(maxSize + 1)) : bytes
    }
}

extension Diagnostic {
    /// A warning of a ``FileWalker`` walk as a diagnostic with the same code (`symlink-outside-root`,
    /// `symlink-cycle`, `special-file-skipped`, `directory-too-deep`, `unreadable-directory`),
    /// message and path.
    public init(_ warning: WalkWarning) {
        let code: DiagnosticCode
        switch warning.kind {
        case .symlinkOutsideRoot: code = .symlinkOutsideRoot
        case .symlinkCycle: code = .symlinkCycle
        case .specialFileSkipped: code = .specialFileSkipped
        case .directoryTooDeep: code = .directoryTooDeep
        case .unreadableDirectory: code = .unreadableDirectory
        }
        self.init(code, warning.message, location: .init(path: warning.path))
    }
}
