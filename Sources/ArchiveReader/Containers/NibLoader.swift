import Foundation

/// The input could not be opened at all (as opposed to opened and found malformed).
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case notFound
        case unreadable(String)
        case emptyDirectory
    }
    public var kind: Kind
    public var path: String
    /// Warnings made before giving up, to print before the error: for ``Kind/emptyDirectory``, what
    /// the walk skipped (a directory nested too deeply, a link leading outside, a FIFO).
    public var notes: [Diagnostic]
    public init(_ kind: Kind, path: String, notes: [Diagnostic] = []) {
        self.kind = kind
        self.path = path
        self.notes = notes
    }
    public var description: String {
        switch kind {
        case .notFound: return "no such file or directory"
        case .unreadable(let why): return "cannot read: \(why)"
        case .emptyDirectory: return "directory holds no nib, keyed archive, storyboard or xib file"
        }
    }
}

/// One decoded compiled archive with where it came from: the raw layer for `--raw` output.
public struct LoadedArchive: Sendable {
    /// Display name: `Login.nib`, `Login.nib/objects-13.0+.nib`, `Main.storyboardc/Scene.nib/runtime.nib`.
    public var name: String
    public var path: String?
    /// Variant file name inside a nib bundle, if any.
    public var variant: String?
    public var graph: ObjectGraph
    /// The table-level NIBArchive, when the encoding is NIBArchive.
    public var nibArchive: NibArchive?
    /// For an archive found inside a data value of another (§2.9): its parent and location.
    public var nesting: ArchiveNesting?

    public init(name: String, path: String?, variant: String?, graph: ObjectGraph, nibArchive: NibArchive?,
                nesting: ArchiveNesting? = nil) {
        self.name = name
        self.path = path
        self.variant = variant
        self.graph = graph
        self.nibArchive = nibArchive
        self.nesting = nesting
    }
}

/// Opens any supported input, detecting its format by magic bytes (nib-format.md §1, §8).
public struct NibLoader: Sendable {
    public var limits: DecodingLimits
    /// The nib-bundle variant to read (`--variant NAME`); nil picks the one the newest OS loads.
    public var variant: String?
    /// Where files are read from: the file system, or the members of an archive held in memory.
    public var files: FileTree

    public init(limits: DecodingLimits = .default, variant: String? = nil, files: FileTree = .disk) {
        self.limits = limits
        self.variant = variant
        self.files = files
    }

    /// Reads a whole file, mapping Foundation failures to ``InputError``.
    ///
    /// A regular file up to `maxSize` bytes is read whole. Anything else — a larger file, a pipe
    /// (`<(…)`) — is read in 1 MiB chunks and stops after
    /// `maxSize + 1` bytes, so the caller's file-size check fails instead of memory running out.
    /// Devices (`/dev/zero`) and sockets are refused as unreadable.
    public static func readFile(_ path: String, maxSize: Int = DecodingLimits.default.maxFileSize) throws(InputError) -> [UInt8] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw InputError(.notFound, path: path)
        }
        if isDir.boolValue { throw InputError(.unreadable("is a directory"), path: path) }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let type = attributes?[.type] as? FileAttributeType
        if type == .typeCharacterSpecial || type == .typeBlockSpecial || type == .typeSocket {
            throw InputError(.unreadable("is a device or socket, not a file"), path: path)
        }
        let regular = type == .typeRegular
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? Int.max
        do {
            if regular && size <= maxSize { return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw InputError(.unreadable("cannot open"), path: path)
            }
            defer { try? handle.close() }
            var out: [UInt8] = []
            while out.count <= maxSize, let chunk = try handle.read(upToCount: min(1 << 20, maxSize + 1 - out.count)),
                  !chunk.isEmpty {
                out += chunk
            }
            return out
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(.unreadable((error as NSError).localizedDescription), path: path)
        }
    }

    /// The bytes of the file at `path` within ``DecodingLimits/maxFileSize``: ``readFile(_:maxSize:)``
    /// plus the size check every reader relies on.
    ///
    /// - Throws: ``InputError`` when it cannot be read; ``ArchiveError`` `.limitExceeded(.fileSize)`
    ///   at byte 0 when it is larger than the limit.
    public func readInput(_ path: String) throws -> [UInt8] {
        // A regular file over the limit is refused by its size, before reading a gigabyte of it.
        if let size = files.size(path), size > limits.maxFileSize {
            throw ArchiveError(.limitExceeded(.fileSize, value: size), at: 0)
        }
        let bytes = try files.read(path, maxSize: limits.maxFileSize)
        if bytes.count > limits.maxFileSize {
            throw ArchiveError(.limitExceeded(.fileSize, value: bytes.count), at: 0)
        }
        return bytes
    }

    /// The bytes of the compiled archive at `path`: ``readInput(_:)``, except that a regular file
    /// whose first bytes (``FileFormat/sniffLength``) are no compiled format is refused from them,
    /// with the error ``loadArchive(bytes:name:path:variant:)`` gives for the whole file (`PNG
    /// image: not a nib`, `unrecognised file format`), without reading the rest: a gigabyte of
    /// junk costs 64 KiB, not a gigabyte.
    ///
    /// - Throws: as ``readInput(_:)``; ``ArchiveError`` `.notAnArchive` for a file that is not a
    ///   compiled archive.
    public func readArchiveInput(_ path: String) throws -> [UInt8] {
        if let size = files.size(path), size > limits.maxFileSize {
            throw ArchiveError(.limitExceeded(.fileSize, value: size), at: 0)
        }
        if files.isRegularFile(path), let head = files.prefix(path, FileFormat.sniffLength), head.count < files.size(path) ?? 0,
           let refusal = Self.refusal(FileFormat(sniffing: head), bytes: head) {
            throw refusal
        }
        return try readInput(path)
    }

    /// The error for bytes of `format` that ``loadArchive(bytes:name:path:variant:)`` does not
    /// decode (a source, an old-style plist, anything unknown); nil for the formats it decodes
    /// and for an empty file. The same for a file's first ``FileFormat/sniffLength`` bytes as for
    /// the whole file: sniffing looks at no more.
    static func refusal(_ format: FileFormat, bytes: [UInt8]) -> ArchiveError? {
        switch format {
        case .empty, .nibArchive, .binaryPlist, .xmlPlist, .typedstream: return nil
        case .xibDocument, .xibArchive: return ArchiveError(.notAnArchive(detected: format.displayName), at: 0)
        case .asciiPlist, .unknown: return ArchiveError.notANib(bytes)
        }
    }

    /// Decodes the compiled archive(s) of the input at `path` — a file, a nib bundle, a
    /// `.storyboardc` or a directory — into raw object graphs, nested archives included, in
    /// document order (see ``loadContainer(at:)``, which also describes the container).
    ///
    /// - Throws: ``InputError`` when the path cannot be read, ``VariantNotFound``, ``ArchiveError``
    ///   when it is malformed or is not a compiled nib (the message names what it is), or the first
    ///   failure of a directory or storyboard document.
    public func loadArchives(at path: String) throws -> [LoadedArchive] {
        let loaded = try loadContainer(at: path)
        if let failure = loaded.failures.first {
            if let e = failure.error as? ArchiveError { throw e.within(failure.name) }
            throw failure.error
        }
        return loaded.archives
    }

    /// Decodes one compiled archive held in memory (`name` is used in messages).
    public func loadArchive(bytes: [UInt8], name: String, path: String? = nil, variant: String? = nil) throws -> LoadedArchive {
        let format = FileFormat(sniffing: bytes)
        switch format {
        case .empty:
            throw ArchiveError(.emptyFile, at: 0)
        case .nibArchive:
            let archive = try NibArchive(bytes: bytes, limits: limits)
            return LoadedArchive(name: name, path: path, variant: variant, graph: archive.objectGraph(), nibArchive: archive)
        case .binaryPlist, .xmlPlist:
            let graph = try KeyedArchive.objectGraph(bytes: bytes, limits: limits)
            return LoadedArchive(name: name, path: path, variant: variant, graph: graph, nibArchive: nil)
        case .typedstream:
            let graph = try TypedstreamUnarchiver.decode(bytes, limits: limits)
            return LoadedArchive(name: name, path: path, variant: variant, graph: graph, nibArchive: nil)
        case .xibDocument, .xibArchive, .asciiPlist, .unknown:
            throw Self.refusal(format, bytes: bytes) ?? ArchiveError.notANib(bytes)
        }
    }
}
