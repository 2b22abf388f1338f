import Foundation
import FileWalk

/// One file inside a nib bundle directory (nib-format.md §8).
public struct NibVariant: Hashable, Sendable, Codable {
    /// What the file is for.
    public enum Role: String, Hashable, Sendable, Codable {
        /// A compiled archive a loader may read (`objects-13.0+.nib`, `runtime.nib`, `keyedobjects.nib`, …).
        case compiled
        /// `designable.nib`: the IB 3 XML source kept for editing; never loaded at run time.
        case source
        /// `info.nib`, `classes.nib`, images: IB metadata, not an archive.
        case metadata
    }

    /// File name inside the bundle.
    public var name: String
    public var role: Role
    /// Format by magic bytes (``FileFormat/displayName``), never by name.
    public var format: String
    /// File size in bytes.
    public var size: Int
    /// True for the variant that was read.
    public var chosen: Bool

    public init(name: String, role: Role, format: String, size: Int, chosen: Bool = false) {
        self.name = name
        self.role = role
        self.format = format
        self.size = size
        self.chosen = chosen
    }
}

/// A variant asked for (`NibLoader(variant:)`, the CLI's `--variant NAME`) names no file of a nib
/// bundle (or the input has no nib bundle at all). The CLI reports it as a usage error (exit 64),
/// from ``unmatchedQuery``.
public struct VariantNotFound: Error, Hashable, Sendable, CustomStringConvertible {
    public var requested: String
    /// The bundle (or input) it was looked up in.
    public var container: String
    /// Variant names that exist, in preference order (empty when the input has no nib bundle).
    public var available: [String]

    public init(requested: String, container: String, available: [String]) {
        self.requested = requested
        self.container = container
        self.available = available
    }

    /// The query that matched nothing: `requested`, a variant, in `container`, among `available`.
    public var unmatchedQuery: UnmatchedQuery {
        UnmatchedQuery(query: requested, subject: .variant, scope: container, candidates: available)
    }

    /// `'a.nib' matches no variant in Login.nib; variants: runtime.nib, …`
    public var description: String { unmatchedQuery.description }
}

/// A `Foo.nib/` directory and its variants in the order a loader prefers them (nib-format.md §8.2,
/// §8.3): the highest `objects-<v>+.nib`; the highest `keyedobjects-<N>.nib`; `objects.nib` when
/// it is a NIBArchive (UIKit tries it before `runtime.nib` [S: decompiled UIKit, §8.2]);
/// `runtime.nib`; `keyedobjects.nib`; `objects.nib` when it is anything else (a typedstream of
/// IB 2, which AppKit reads only when no keyed archive exists); other compiled `.nib` files by
/// name. `designable.nib` (source) and metadata follow and are never chosen by default.
/// Formats are sniffed by magic bytes (§1).
public struct NibBundle: Sendable {
    public var path: String
    /// Every file, in preference order (``NibVariant/chosen`` all false until ``choose(_:)``).
    public var variants: [NibVariant]

    /// Lists the bundle at `path` in `files` (default: the file system): its regular files, by
    /// ``FileWalker``'s rules (a link is followed only to a file inside the bundle; FIFOs and
    /// devices are never opened; hidden files are left out), subdirectories not listed.
    /// - Throws: ``InputError`` when the directory cannot be listed.
    public init(path: String, files: FileTree = .disk) throws(InputError) {
        self.path = path
        var ranked: [(rank: Int, version: [Int], variant: NibVariant)] = []
        var unreadable: String?
        FileWalker(tree: files).walk(path) { event in
            switch event {
            case .file(let entry):
                let probe = files.head(entry.path) ?? (0, [])
                let format = FileFormat(sniffing: probe.head)
                let (rank, version, role) = Self.rank(entry.name, format)
                ranked.append((rank, version, NibVariant(name: entry.name, role: role, format: format.displayName, size: probe.size)))
                return .proceed
            case .directory: return .skipDescendants
            case .unreadableDirectory(let entry, let message):
                if entry.relative.isEmpty { unreadable = message }
                return .stop
            case .warning: return .proceed
            }
        }
        if let unreadable { throw InputError(.unreadable(unreadable), path: path) }
        if !files.isDirectory(path) { _ = try files.entries(path) }
        ranked.sort { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.version != b.version { return NibFileName.isNewer(a.version, than: b.version) }
            return a.variant.name < b.variant.name
        }
        variants = ranked.map(\.variant)
    }

    /// Compiled variants, in preference order.
    public var compiledVariants: [NibVariant] { variants.filter { $0.role == .compiled } }

    /// Picks the variant to read: `requested` (a file name, `.nib` optional), or by default the
    /// first compiled variant that is not empty. Returns the name and one
    /// ``DiagnosticCode/emptyVariantSkipped`` diagnostic per empty variant passed over.
    /// - Throws: ``VariantNotFound`` for an unknown name; ``ArchiveError`` (`.invalidContainer`) when the
    ///   bundle holds no compiled variant.
    /// - Parameter displayName: the bundle's name in messages (default: its last path component).
    public func choose(_ requested: String?, displayName: String? = nil) throws -> (name: String, diagnostics: [Diagnostic]) {
        let bundleName = displayName ?? (path as NSString).lastPathComponent
        if let requested {
            guard let v = variants.first(where: { $0.name == requested || $0.name == requested + ".nib" }) else {
                throw VariantNotFound(requested: requested, container: bundleName, available: variants.map(\.name))
            }
            return (v.name, [])
        }
        let compiled = compiledVariants
        guard let first = compiled.first else {
            let files = variants.map(\.name).joined(separator: ", ")
            throw ArchiveError(.invalidContainer("nib bundle holds no compiled variant (files: \(files.isEmpty ? "none" : files))"),
                               at: 0, path: [bundleName])
        }
        guard let usable = compiled.first(where: { $0.size > 0 }) else { return (first.name, []) }
        let skipped = compiled.prefix { $0.size == 0 }.map(\.name)
        let diagnostics = skipped.map { file in
            Diagnostic(.emptyVariantSkipped, "empty variant (0 bytes); read \(usable.name) instead",
                       location: .init(document: bundleName + "/" + file, path: FileTree.join(path, file)))
        }
        return (usable.name, diagnostics)
    }

    /// Every nib bundle at or below `path` (the path itself when it is a `Foo.nib/` directory),
    /// relative names and absolute paths in sorted order, without decoding anything; for
    /// `--list-variants`. The walk is ``FileWalker``'s (links kept inside `path`, no special
    /// files, 64 levels); its warnings are returned as diagnostics.
    public static func bundles(under path: String) -> (bundles: [(name: String, path: String)], diagnostics: [Diagnostic]) {
        if (path as NSString).lastPathComponent.hasSuffix(".nib") && FileTree.disk.isDirectory(path) {
            return ([((path as NSString).lastPathComponent, path)], [])
        }
        var out: [(name: String, path: String)] = []
        let warnings = FileWalker().walk(path) { event in
            guard case .directory(let entry) = event, entry.name.hasSuffix(".nib") else { return .proceed }
            out.append((entry.relative, entry.path))
            return .skipDescendants
        }
        return (out, warnings.map(Diagnostic.init))
    }

    /// `variants` with `chosen` set on `name`.
    public func marking(_ name: String) -> [NibVariant] {
        variants.map { var v = $0; v.chosen = v.name == name; return v }
    }

    /// Preference group (lower is preferred), version for ordering inside the group, role.
    static func rank(_ name: String, _ format: FileFormat) -> (Int, [Int], NibVariant.Role) {
        if let v = NibFileName.objectsVersion(name) { return (0, v, .compiled) }
        if let v = NibFileName.keyedObjectsVersion(name) { return (1, v, .compiled) }
        switch name {
        case "objects.nib": return format == .nibArchive ? (2, [], .compiled) : (5, [], .compiled)
        case "runtime.nib": return (3, [], .compiled)
        case "keyedobjects.nib": return (4, [], .compiled)
        case "designable.nib": return (7, [], .source)
        case "info.nib", "classes.nib": return (8, [], .metadata)
        default: break
        }
        if name.hasSuffix(".nib") {
            switch format {
            case .nibArchive, .binaryPlist, .typedstream, .empty: return (6, [], .compiled)
            case .xibArchive, .xibDocument: return (7, [], .source)
            default: break
            }
        }
        return (8, [], .metadata)
    }
}
