import Foundation

extension NibLoader {
    /// Opens `path` — a file, a nib bundle (`Foo.nib/`), a `.storyboardc`, or any directory — and
    /// decodes every document in it, nested archives included (nib-format.md §5, §8; user-needs §A3).
    ///
    /// - A file or nib bundle yields one document (plus nested archives); decoding errors are thrown.
    /// - A `.storyboardc` yields one document per scene/view nib; a directory, every nib, nib
    ///   bundle, `.storyboardc` and keyed archive below it in sorted path order (images, `info.nib`,
    ///   `classes.nib`, xib sources skipped quietly). Documents that fail are reported in
    ///   ``LoadedContainer/failures`` and the rest are still returned.
    /// - ``variant`` picks a nib-bundle variant by file name; for a directory it applies to every
    ///   bundle that has it (the others use their default, with a warning).
    /// - Throws: ``InputError`` (missing, unreadable, empty directory), ``VariantNotFound``,
    ///   ``ArchiveError`` (malformed file, `.invalidContainer` for a bundle without compiled variant
    ///   or a storyboard without Info.plist). Inputs are only read.
    public func loadContainer(at path: String) throws -> LoadedContainer {
        guard FileManager.default.fileExists(atPath: path) else { throw InputError(.notFound, path: path) }
        let name = (path as NSString).lastPathComponent
        var builder = ContainerBuilder(loader: self)
        let kind: NibContainer.Kind
        let (nibName, device, _) = NibFileName.nibNameAndDevice(name)
        let info = NibContainer.Document(name: name, path: path, format: "", device: device,
                                         nibName: name.hasSuffix(".nib") ? nibName : nil)
        if !FileProbe.isDirectory(path) {
            if let variant { throw VariantNotFound(requested: variant, container: name, available: []) }
            kind = .file
            try builder.addFile(path, name: name, info: info)
        } else if name.hasSuffix(".nib") {
            kind = .nibBundle
            try builder.addBundle(path, name: name, strict: true, info: info)
        } else if name.hasSuffix(".storyboardc") {
            kind = .compiledStoryboard
            try builder.addStoryboard(path, name: name)
        } else {
            kind = .directory
            var visited = Set<String>()
            builder.walk(path, relative: "", depth: 0, visited: &visited)
            if builder.units == 0 { throw InputError(.emptyDirectory, path: path) }
        }
        if let variant, kind != .nibBundle, !builder.variantMatched {
            throw VariantNotFound(requested: variant, container: name, available: builder.variantsSeen)
        }
        let container = NibContainer(kind: kind, path: path, name: name, variants: builder.bundleVariants,
                                     storyboards: builder.storyboards, documents: builder.documents,
                                     diagnostics: builder.diagnostics)
        return LoadedContainer(container: container, archives: builder.archives, failures: builder.failures)
    }

    /// Decodes one archive held in memory (standard input) with its nested archives.
    public func loadContainer(bytes: [UInt8], name: String) throws -> LoadedContainer {
        if let variant { throw VariantNotFound(requested: variant, container: name, available: []) }
        var builder = ContainerBuilder(loader: self)
        let loaded = try loadArchive(bytes: bytes, name: name)
        builder.append(loaded, info: NibContainer.Document(name: name, path: nil, format: ""), bytes: bytes)
        let container = NibContainer(kind: .file, path: name, name: name, documents: builder.documents,
                                     diagnostics: builder.diagnostics)
        return LoadedContainer(container: container, archives: builder.archives, failures: builder.failures)
    }
}

/// Accumulates the documents of one input.
struct ContainerBuilder {
    let loader: NibLoader
    var documents: [NibContainer.Document] = []
    var archives: [LoadedArchive] = []
    var failures: [LoadedContainer.Failure] = []
    var diagnostics: [Diagnostic] = []
    var storyboards: [CompiledStoryboard] = []
    /// Variants of the nib bundle input (strict mode).
    var bundleVariants: [NibVariant] = []
    /// Files, bundles and storyboards found (for the empty-directory error).
    var units = 0
    var variantMatched = false
    /// Bytes of nested archives that may still be decoded for the current top-level archive.
    var nestedBytesLeft = 0
    var variantsSeen: [String] = []
    /// Main document name by file path, so a nib read twice (device storyboards) is listed once.
    private var documentByPath: [String: String] = [:]
    /// Name of the bundle variant document whose decoding just failed (for failure messages).
    private var failedDocument: String?

    init(loader: NibLoader) { self.loader = loader }

    /// Decodes the file at `path` as document `name`; `info` carries the other document fields.
    @discardableResult
    mutating func addFile(_ path: String, name: String, info: NibContainer.Document) throws -> String {
        units += 1
        if let existing = documentByPath[path] { return existing }
        let bytes = try NibLoader.readFile(path, maxSize: loader.limits.maxFileSize)
        if bytes.count > loader.limits.maxFileSize {
            throw ArchiveError(.limitExceeded(.fileSize, value: bytes.count), at: 0)
        }
        let loaded = try loader.loadArchive(bytes: bytes, name: name, path: path, variant: info.variant)
        var doc = info
        doc.name = name
        doc.path = path
        append(loaded, info: doc, bytes: bytes)
        documentByPath[path] = name
        return name
    }

    /// Adds a decoded top-level archive and, recursively, the archives nested in it.
    mutating func append(_ loaded: LoadedArchive, info: NibContainer.Document, bytes: [UInt8]) {
        var doc = info
        doc.format = FileFormat(sniffing: bytes.prefix(1024)).displayName
        documents.append(doc)
        archives.append(loaded)
        nestedBytesLeft = bytes.count * max(1, loader.limits.maxNestingDepth)
        addNested(of: loaded, document: doc, depth: 1)
    }

    /// Reads the chosen variant of the bundle at `path`. `strict`: an unknown `--variant` throws
    /// (the input is this bundle) instead of falling back to the default with a warning.
    @discardableResult
    mutating func addBundle(_ path: String, name: String, strict: Bool, info: NibContainer.Document) throws -> String {
        let bundle = try NibBundle(path: path)
        var chosen: String
        var notes: [Diagnostic]
        if let requested = loader.variant {
            if let v = bundle.variants.first(where: { $0.name == requested || $0.name == requested + ".nib" }) {
                (chosen, notes) = (v.name, [])
                variantMatched = true
            } else if strict {
                throw VariantNotFound(requested: requested, container: name, available: bundle.variants.map(\.name))
            } else {
                (chosen, notes) = try bundle.choose(nil, displayName: name)
                notes.append(Diagnostic(.variantNotFound, "\(name): no variant '\(requested)'; read \(chosen)",
                                        location: .init(path: path)))
                for v in bundle.variants where !variantsSeen.contains(v.name) { variantsSeen.append(v.name) }
            }
        } else {
            (chosen, notes) = try bundle.choose(nil, displayName: name)
        }
        diagnostics += notes
        let variants = bundle.marking(chosen)
        if strict { bundleVariants = variants }
        var doc = info
        doc.variant = chosen
        doc.variants = variants
        do {
            return try addFile(FileProbe.join(path, chosen), name: name + "/" + chosen, info: doc)
        } catch let e as ArchiveError where strict {
            throw e.within(chosen)
        } catch {
            failedDocument = name + "/" + chosen
            throw error
        }
    }

    /// Reads a `.storyboardc` and every nib in it; nib failures are collected, not thrown.
    mutating func addStoryboard(_ path: String, name: String) throws {
        units += 1
        var (sb, nibPaths, notes) = try CompiledStoryboard.scan(path: path, displayName: name, limits: loader.limits)
        diagnostics += notes
        var prefix = name
        if let dir = sb.nibDirectory {
            let parent = (name as NSString).deletingLastPathComponent
            prefix = parent.isEmpty ? dir : parent + "/" + dir
        }
        for (i, nib) in sb.nibs.enumerated() {
            let nibPath = nibPaths[i]
            let docName = prefix + "/" + nib.fileName
            let info = NibContainer.Document(name: docName, path: nibPath, format: "", device: nib.device,
                                             nibName: nib.nibName, storyboard: name)
            do {
                let added = nib.isBundle
                    ? try addBundle(nibPath, name: docName, strict: false, info: info)
                    : try addFile(nibPath, name: docName, info: info)
                sb.nibs[i].documents = [added]
            } catch {
                failures.append(.init(name: failedDocument ?? docName, path: nibPath, error: Self.sendable(error)))
            }
            failedDocument = nil
        }
        for (i, scene) in sb.scenes.enumerated() {
            sb.scenes[i].documents = sb.nibs.filter { $0.nibName == scene.nibName }.flatMap(\.documents)
        }
        storyboards.append(sb)
    }

    /// Walks a plain directory in sorted order; symbolic-link loops and very deep trees are cut.
    mutating func walk(_ dir: String, relative: String, depth: Int, visited: inout Set<String>) {
        guard depth < 64 else {
            diagnostics.append(Diagnostic(.directoryTooDeep, "\(relative): directory nesting deeper than 64 levels; not read",
                                          location: .init(path: dir)))
            return
        }
        let real = URL(fileURLWithPath: dir).resolvingSymlinksInPath().path
        guard visited.insert(real).inserted else { return }
        let entries: [String]
        do { entries = try FileProbe.entries(dir) } catch {
            failures.append(.init(name: relative.isEmpty ? dir : relative, path: dir, error: error))
            return
        }
        for entry in entries {
            let path = FileProbe.join(dir, entry)
            let name = relative.isEmpty ? entry : relative + "/" + entry
            do {
                if FileProbe.isDirectory(path) {
                    if entry.hasSuffix(".nib") {
                        units += 1
                        let (nibName, device, doubled) = NibFileName.nibNameAndDevice(entry)
                        if doubled { diagnostics.append(Self.doubledDeviceModifier(name, path: path)) }
                        try addBundle(path, name: name, strict: false,
                                      info: .init(name: name, path: path, format: "", device: device, nibName: nibName))
                    } else if entry.hasSuffix(".storyboardc") {
                        try addStoryboard(path, name: name)
                    } else {
                        walk(path, relative: name, depth: depth + 1, visited: &visited)
                    }
                } else if Self.isArchiveFile(path, name: entry) {
                    let (nibName, device, doubled) = NibFileName.nibNameAndDevice(entry)
                    if doubled && entry.hasSuffix(".nib") { diagnostics.append(Self.doubledDeviceModifier(name, path: path)) }
                    try addFile(path, name: name, info: .init(name: name, path: path, format: "", device: device,
                                                             nibName: entry.hasSuffix(".nib") ? nibName : nil))
                }
            } catch {
                failures.append(.init(name: failedDocument ?? name, path: path, error: Self.sendable(error)))
            }
            failedDocument = nil
        }
    }

    /// A nib named with two device modifiers (`Foo~iphone~iphone.nib`), which no loader asks for;
    /// `name` is its display name in the container.
    static func doubledDeviceModifier(_ name: String, path: String) -> Diagnostic {
        Diagnostic(.doubledDeviceModifier, "\(name): doubled device modifier; no loader resolves this name",
                   location: .init(document: name, path: path))
    }

    /// Whether a loose file in a directory walk is a compiled archive (by magic; a `.nib` name is
    /// enough for empty or unrecognised bytes, so broken nibs are reported rather than skipped).
    static func isArchiveFile(_ path: String, name: String) -> Bool {
        guard FileProbe.isRegularFile(path), let probe = FileProbe.head(path) else { return false }
        let isNibName = name.hasSuffix(".nib") && !["info.nib", "classes.nib", "designable.nib"].contains(name)
        switch FileFormat(sniffing: probe.head) {
        case .nibArchive, .typedstream: return true
        case .empty, .unknown: return isNibName
        case .binaryPlist, .xmlPlist:
            if isNibName { return true }
            guard probe.size <= 64 << 20, let data = FileManager.default.contents(atPath: path) else { return false }
            return data.range(of: Data("NSKeyedArchiver".utf8)) != nil
        default: return false
        }
    }

    static func sendable(_ error: any Error) -> any Error & Sendable {
        switch error {
        case let e as ArchiveError: return e
        case let e as InputError: return e
        case let e as VariantNotFound: return e
        default: return ArchiveError(.malformed(String(describing: error)), at: 0)
        }
    }
}
