import Foundation

extension NibLoader {
    /// Opens `path` — a file, a nib bundle (`Foo.nib/`), a `.storyboardc`, or any directory — and
    /// decodes every compiled document in it, nested archives included (nib-format.md §5, §8;
    /// user-needs §A3). XML sources are not compiled documents: ``NibOpener`` reads them.
    ///
    /// - A file or nib bundle yields one document (plus nested archives); decoding errors are thrown.
    /// - A `.storyboardc` yields one document per scene/view nib; a directory, every nib, nib
    ///   bundle, `.storyboardc` and keyed archive below it in sorted path order (see
    ///   ``inventory(at:)``). Documents that fail are reported in ``LoadedContainer/failures`` and
    ///   the rest are still returned.
    /// - ``variant`` picks a nib-bundle variant by file name; for a directory it applies to every
    ///   bundle that has it (the others use their default, with a warning).
    /// - Throws: ``InputError`` (missing, unreadable, a directory without compiled document),
    ///   ``VariantNotFound``, ``ArchiveError`` (malformed file, `.invalidContainer` for a bundle
    ///   without compiled variant or a storyboard without Info.plist). Inputs are only read.
    public func loadContainer(at path: String) throws -> LoadedContainer {
        let inventory = try inventory(at: path)
        if inventory.kind == .directory && !inventory.units.contains(where: \.holdsArchives) {
            throw InputError(.emptyDirectory, path: path, notes: inventory.units.flatMap(\.notes) + inventory.trailingNotes)
        }
        return try loadCompiled(inventory)
    }

    /// Decodes the compiled units of `inventory` concurrently (at most `width` at a time) and
    /// assembles them in inventory order; XML source units are left out.
    public func loadCompiled(_ inventory: InputInventory, width: Int) async throws -> LoadedContainer {
        let loader = self
        let decoded = await Concurrently.map(inventory.compiledUnits, width: width) { loader.decode($0, of: inventory) }
        return try assemble(inventory, decoded: decoded)
    }

    /// Decodes the compiled units of `inventory` one after another (see ``loadCompiled(_:width:)``).
    public func loadCompiled(_ inventory: InputInventory) throws -> LoadedContainer {
        try assemble(inventory, decoded: inventory.compiledUnits.map { decode($0, of: inventory) })
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

    /// What one unit decodes to: its builder state, or the error that stops a single-unit input.
    typealias UnitResult = Result<ContainerBuilder, any Error & Sendable>

    /// Decodes one unit into a builder of its own. Within a directory a failure is recorded in the
    /// builder; when the unit is the input itself the error is returned for the caller to throw.
    func decode(_ unit: InputUnit, of inventory: InputInventory) -> UnitResult {
        var builder = ContainerBuilder(loader: self)
        builder.diagnostics = unit.notes
        let info = NibContainer.Document(name: unit.name, path: unit.path, format: "", device: unit.device,
                                         nibName: unit.nibName)
        do {
            switch unit.kind {
            case .file, .source:
                // A source given as the input itself is refused by the archive reader with a message
                // saying what it is; inside a directory sources are not compiled units.
                if inventory.kind == .file, let variant {
                    throw VariantNotFound(requested: variant, container: unit.name, available: [])
                }
                try builder.addFile(unit.path, name: unit.name, info: info)
            case .nibBundle(let strict):
                try builder.addBundle(unit.path, name: unit.name, strict: strict, info: info)
            case .compiledStoryboard:
                try builder.addStoryboard(unit.path, name: unit.name)
            case .unreadableDirectory(let error):
                builder.failures.append(.init(name: unit.name, path: unit.path, error: error))
            case .archive:
                break   // listed only for `scan`, which reads its members; never a compiled unit
            }
        } catch {
            guard inventory.kind == .directory else { return .failure(ContainerBuilder.sendable(error)) }
            builder.recordFailure(name: unit.name, path: unit.path, error: error)
        }
        return .success(builder)
    }

    /// Joins the units' builders in order into one container (see ``ContainerBuilder/absorb(_:)``).
    func assemble(_ inventory: InputInventory, decoded: [UnitResult]) throws -> LoadedContainer {
        var whole = ContainerBuilder(loader: self)
        for result in decoded { whole.absorb(try result.get()) }
        whole.diagnostics += inventory.trailingNotes
        if let variant, inventory.kind != .nibBundle, inventory.kind != .file, !whole.variantMatched {
            throw VariantNotFound(requested: variant, container: inventory.name, available: whole.variantsSeen)
        }
        let container = NibContainer(kind: inventory.kind, path: inventory.path, name: inventory.name,
                                     variants: whole.bundleVariants, storyboards: whole.storyboards,
                                     documents: whole.documents, diagnostics: whole.diagnostics)
        return LoadedContainer(container: container, archives: whole.archives, failures: whole.failures)
    }
}

extension InputUnit {
    /// True for units that hold compiled archives (files, bundles, storyboards), as opposed to
    /// sources and directories that could not be listed.
    var holdsArchives: Bool {
        switch kind {
        case .file, .nibBundle, .compiledStoryboard: return true
        case .source, .unreadableDirectory, .archive: return false
        }
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
    var variantMatched = false
    /// Bytes of nested archives that may still be decoded for the current top-level archive.
    var nestedBytesLeft = 0
    var variantsSeen: [String] = []
    /// Main document name by file path, so a nib read twice (device storyboards) is listed once.
    private var documentByPath: [String: String] = [:]
    /// Name and file of the bundle variant whose decoding just failed (for failure messages).
    private var failedDocument: (name: String, path: String)?
    /// Diagnostics taken over by ``absorb(_:)``, to keep each once.
    private var absorbedDiagnostics = Set<Diagnostic>()

    init(loader: NibLoader) { self.loader = loader }

    /// Appends what another unit's builder read, in order. A file it read that this builder already
    /// holds (a device storyboard reading its nibs from the base storyboard's directory) is listed
    /// once, under the first name, with its nested archives; its diagnostics are kept once.
    mutating func absorb(_ part: ContainerBuilder) {
        var renamed: [String: String] = [:]
        var skipped = Set<String>()
        for (doc, archive) in zip(part.documents, part.archives) {
            if let parent = doc.parent {
                if skipped.contains(parent) { skipped.insert(doc.name); continue }
            } else if let path = doc.path {
                if let existing = documentByPath[path] {
                    renamed[doc.name] = existing
                    skipped.insert(doc.name)
                    continue
                }
                documentByPath[path] = doc.name
            }
            documents.append(doc)
            archives.append(archive)
        }
        failures += part.failures
        for d in part.diagnostics where absorbedDiagnostics.insert(d).inserted { diagnostics.append(d) }
        for var sb in part.storyboards {
            for i in sb.nibs.indices { sb.nibs[i].documents = sb.nibs[i].documents.map { renamed[$0] ?? $0 } }
            for i in sb.scenes.indices { sb.scenes[i].documents = sb.scenes[i].documents.map { renamed[$0] ?? $0 } }
            storyboards.append(sb)
        }
        if !part.bundleVariants.isEmpty { bundleVariants = part.bundleVariants }
        variantMatched = variantMatched || part.variantMatched
        for v in part.variantsSeen where !variantsSeen.contains(v) { variantsSeen.append(v) }
    }

    /// Decodes the file at `path` as document `name`; `info` carries the other document fields.
    @discardableResult
    mutating func addFile(_ path: String, name: String, info: NibContainer.Document) throws -> String {
        if let existing = documentByPath[path] { return existing }
        let bytes = try loader.readArchiveInput(path)
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
        let bundle = try NibBundle(path: path, files: loader.files)
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
                notes.append(Diagnostic(.variantNotFound, "no variant '\(requested)'; read \(chosen)",
                                        location: .init(document: name, path: path)))
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
            return try addFile(FileTree.join(path, chosen), name: name + "/" + chosen, info: doc)
        } catch let e as ArchiveError where strict {
            throw e.within(chosen)
        } catch {
            failedDocument = (name + "/" + chosen, FileTree.join(path, chosen))
            throw error
        }
    }

    /// Reads a `.storyboardc` and every nib in it; nib failures are collected, not thrown.
    mutating func addStoryboard(_ path: String, name: String) throws {
        var (sb, nibPaths, notes) = try CompiledStoryboard.scan(path: path, displayName: name, limits: loader.limits, files: loader.files)
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
                failures.append(.init(name: failedDocument?.name ?? docName, path: failedDocument?.path ?? nibPath,
                                      error: Self.sendable(error)))
            }
            failedDocument = nil
        }
        var documentsOfNib: [String: [String]] = [:]
        for nib in sb.nibs { documentsOfNib[nib.nibName, default: []] += nib.documents }
        for (i, scene) in sb.scenes.enumerated() {
            sb.scenes[i].documents = documentsOfNib[scene.nibName] ?? []
        }
        storyboards.append(sb)
    }

    /// Records a failed document of a directory or storyboard; the name is the bundle variant's
    /// when a variant was being read.
    mutating func recordFailure(name: String, path: String, error: any Error) {
        failures.append(.init(name: failedDocument?.name ?? name, path: failedDocument?.path ?? path, error: Self.sendable(error)))
        failedDocument = nil
    }

    /// A nib named with two device modifiers (`Foo~iphone~iphone.nib`), which no loader asks for;
    /// `name` is its display name in the container.
    static func doubledDeviceModifier(_ name: String, path: String) -> Diagnostic {
        Diagnostic(.doubledDeviceModifier, "doubled device modifier; no loader resolves this name",
                   location: .init(document: name, path: path))
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
