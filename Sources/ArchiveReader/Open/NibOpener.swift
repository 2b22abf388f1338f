import Foundation

/// The one door: opens anything the tool reads and returns resolved documents.
///
/// Accepted inputs: a compiled file (`NIBArchive`, keyed archive, typedstream), a nib bundle
/// (`Foo.nib/`, with ``NibLoader/variant`` choosing a variant, `designable.nib` included), a
/// `.storyboardc`, an Interface Builder XML source (xib, storyboard, IB 3 `designable.nib`), any
/// directory (compiled files and sources below it), or bytes in memory (standard input). Formats are
/// told by their first bytes, never by file name.
///
/// What an input consists of is listed first (``NibLoader/inventory(at:)``, nothing decoded);
/// the units are then decoded and resolved as concurrent child tasks (at most ``width`` at a time)
/// and returned in a deterministic order whatever the width: documents in sorted path order, nested
/// archives after their parent, storyboard scenes with their upstream placeholders bound to the
/// controllers of their parent scenes.
///
/// ```swift
/// let opened = try NibOpener().open(.path("Login.xib"))
/// for document in opened.input.documents { print(document.name, document.objects.count) }
/// ```
public struct NibOpener: Sendable {
    /// Limits and the nib-bundle variant to read.
    public var loader: NibLoader
    /// How many units are decoded or resolved at once; 1 reads them one after another.
    public var width: Int
    /// What ``OpenedInput/loaded`` keeps of the compiled archives (default: everything).
    public var retention: ArchiveRetention = .everything
    /// Whole storyboards resolved to bind the upstream placeholders of nibs read on their own from
    /// inside them, kept for the next nib of the same storyboard (nil: none kept). `scan` shares
    /// one between its workers.
    public var storyboardCache: StoryboardCache?
    /// Whether the objects of compiled archives that stand alone are left unmade
    /// (``NibResolver/resolveDeferringObjects(_:width:)``): their documents come with no objects,
    /// and ``OpenedInput/deferredObjects`` makes them when read. Default false.
    ///
    /// Not deferred: storyboard scenes (in a `.storyboardc` or in a directory), a nib read from
    /// inside a `.storyboardc` (its upstream placeholders are bound to the whole storyboard),
    /// nested archives and the archives holding them, standard input and pipes. Deferred objects
    /// keep their object graphs alive whatever ``retention`` says.
    public var defersObjects = false
    /// Whether documents read from XML sources keep the XML (``NibDocument/source``, which
    /// `lint`'s source rules read). Default true; a command that never reads it (`compare`,
    /// `diff`, `tree`, …) sets false, and a large xib's element tree is released once read.
    public var keepsSourceXML = true

    /// - Parameters:
    ///   - limits: decoding limits applied to every archive.
    ///   - variant: the nib-bundle variant to read (`--variant NAME`); nil picks the one the
    ///     newest OS loads.
    ///   - width: concurrent units; defaults to the number of active processors.
    public init(limits: DecodingLimits = .default, variant: String? = nil,
                width: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.loader = NibLoader(limits: limits, variant: variant)
        self.width = max(1, width)
    }

    /// Where the bytes come from.
    public enum Input: Sendable, Hashable {
        /// A file or directory on disk.
        case path(String)
        /// Bytes in memory (standard input); `name` is used in messages (`<stdin>`).
        case bytes([UInt8], name: String)
    }

    /// Opens `input`, waiting for its units on a private executor (safe from any thread).
    ///
    /// - Throws: ``InputError`` (missing, unreadable, a directory with nothing to read),
    ///   ``VariantNotFound``, or ``ArchiveError`` with its byte offset (a malformed single file or
    ///   bundle, a source whose XML does not parse, a file that is not a nib: the message says what
    ///   it is). Documents of a directory or storyboard that fail are listed in
    ///   ``OpenedInput/failures`` instead, and the others are still returned.
    public func open(_ input: Input) throws -> OpenedInput {
        let opener = self
        return try Concurrently.wait { try await opener.open(input) }
    }

    /// Opens `input` (see ``open(_:)-(Input)``) from an asynchronous context.
    public func open(_ input: Input) async throws -> OpenedInput {
        switch input {
        case .bytes(let bytes, let name):
            return try open(bytes: bytes, name: name)
        case .path(let path):
            if let variant = sourceVariant(of: path) { return try openSourceVariant(variant, of: path) }
            if loader.files.isSpecial(path) {
                // A pipe (`<(…)`) can be read only once: read it whole, then tell its format by its bytes.
                return try open(bytes: try loader.readInput(path), name: (path as NSString).lastPathComponent)
            }
            let inventory = try loader.inventory(at: path)
            if inventory.kind == .file, inventory.units.first?.kind == .source {
                return try openSource(at: path, name: inventory.name)
            }
            if inventory.kind == .directory, !inventory.units.contains(where: { $0.holdsArchives || $0.kind == .source }) {
                throw InputError(.emptyDirectory, path: path, notes: inventory.units.flatMap(\.notes) + inventory.trailingNotes)
            }
            var loaded = try await loader.loadCompiled(inventory, width: width)
            loaded.releaseBeforeResolving(retention)
            let storyboard = inventory.kind == .file || inventory.kind == .nibBundle
                ? Self.enclosingStoryboard(of: path, in: loader.files) : nil
            var compiled: NibInput
            var deferred: [String: ResolvedObjects] = [:]
            if defersObjects && storyboard == nil {
                (compiled, deferred) = await NibResolver.resolveDeferringObjects(loaded, width: width)
            } else if retention == .documents {
                compiled = await NibResolver.resolveReleasingGraphs(&loaded, width: width)
            } else {
                compiled = await NibResolver.resolve(loaded, width: width)
            }
            loaded.releaseAfterResolving(retention)
            if let storyboard { await bindUpstream(&compiled, inside: storyboard) }
            let sources = await readSources(inventory.sourceUnits)
            var failures = loaded.failures
            if !sources.isEmpty {
                compiled = merge(compiled, sources: sources, inventory: inventory, failures: &failures)
            }
            return OpenedInput(input: compiled, loaded: loaded, failures: failures, deferredObjects: deferred)
        }
    }

    /// The `.storyboardc` directory holding `path` (a scene or view nib, or a variant of one), if any.
    static func enclosingStoryboard(of path: String, in files: FileTree) -> String? {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        for _ in 0..<2 {
            url.deleteLastPathComponent()
            if url.pathExtension == "storyboardc", files.isDirectory(url.path) { return url.path }
        }
        return nil
    }

    /// A nib read on its own from inside a `.storyboardc`: its upstream placeholders are bound as
    /// when the whole storyboard is read (``Placeholder/resolvedTarget`` and
    /// ``Placeholder/target`` name the parent scene's controller, §5.2). A storyboard that does not
    /// open leaves the placeholders unbound.
    private func bindUpstream(_ input: inout NibInput, inside storyboard: String) async {
        func key(_ path: String?) -> String? { path.map { URL(fileURLWithPath: $0).standardizedFileURL.path } }
        var byPath: [String: NibDocument]
        if let cached = storyboardCache?.documents(of: storyboard) {
            byPath = cached
        } else {
            guard let inventory = try? loader.inventory(at: storyboard),
                  let loaded = try? await loader.loadCompiled(inventory, width: width) else { return }
            let whole = await NibResolver.resolve(loaded, width: width)
            byPath = [:]
            for document in whole.documents { if let k = key(document.path) { byPath[k] = document } }
            storyboardCache?.store(byPath, of: storyboard)
        }
        for d in input.documents.indices {
            guard let k = key(input.documents[d].path), let bound = byPath[k] else { continue }
            for o in input.documents[d].objects.indices {
                let object = input.documents[d].objects[o]
                guard object.placeholder?.kind == .upstream, let p = bound.object(object.id)?.placeholder,
                      p.identifier == object.placeholder?.identifier else { continue }
                input.documents[d].objectList[at: o].placeholder = p   // in place: the id, and so the index, stays
            }
        }
    }

    /// A source or a compiled archive held in memory.
    private func open(bytes: [UInt8], name: String) throws -> OpenedInput {
        if SourceReader.isSource(bytes) {
            return OpenedInput(input: try SourceReader.read(bytes: bytes, name: name, keepsXML: keepsSourceXML), loaded: nil, failures: [])
        }
        var loaded = try loader.loadContainer(bytes: bytes, name: name)
        loaded.releaseBeforeResolving(retention)
        let input = NibResolver.resolve(loaded)
        loaded.releaseAfterResolving(retention)
        return OpenedInput(input: input, loaded: loaded, failures: loaded.failures)
    }

    /// One XML source file given as the input (a `--variant` does not apply to it and is ignored,
    /// so that one command line can name a source and a compiled bundle).
    private func openSource(at path: String, name: String) throws -> OpenedInput {
        let bytes = try loader.readInput(path)
        return OpenedInput(input: try SourceReader.read(bytes: consume bytes, name: name, path: path, keepsXML: keepsSourceXML),
                           loaded: nil, failures: [])
    }

    /// `--variant designable.nib` of a nib bundle: the IB 3 XML source, asked for by name.
    private func openSourceVariant(_ variant: SourceVariant, of path: String) throws -> OpenedInput {
        let bytes = try loader.readInput(variant.file)
        let name = (path as NSString).lastPathComponent + "/" + variant.name
        return OpenedInput(input: try SourceReader.read(bytes: consume bytes, name: name, path: variant.file, keepsXML: keepsSourceXML),
                           loaded: nil, failures: [])
    }

    /// A nib bundle variant that is an XML source rather than a compiled archive.
    public struct SourceVariant: Sendable, Hashable {
        /// File name inside the bundle (`designable.nib`).
        public var name: String
        /// Its path.
        public var file: String
        /// Its format by magic (``FileFormat/xibArchive`` for IB 3).
        public var format: FileFormat
    }

    /// The ``NibLoader/variant`` asked for when `path` is a nib bundle and that variant is an
    /// Interface Builder XML source (by role and by its first bytes); nil otherwise (compiled
    /// variants go through the container loader).
    public func sourceVariant(of path: String) -> SourceVariant? {
        guard let requested = loader.variant, (path as NSString).lastPathComponent.hasSuffix(".nib"),
              loader.files.isDirectory(path), let bundle = try? NibBundle(path: path, files: loader.files),
              let variant = bundle.variants.first(where: { $0.name == requested || $0.name == requested + ".nib" }),
              variant.role == .source else { return nil }
        let file = FileTree.join(path, variant.name)
        guard let head = loader.files.head(file)?.head, SourceReader.isSource(head) else { return nil }
        return SourceVariant(name: variant.name, file: file, format: FileFormat(sniffing: head))
    }

    /// True when `path` opens as an Interface Builder XML source: a file whose first bytes are a
    /// xib, storyboard or IB 3 archive, or a nib bundle whose requested variant is one.
    /// Only regular files are sniffed: a pipe would lose the bytes read.
    public func isSource(_ path: String) -> Bool {
        if sourceVariant(of: path) != nil { return true }
        guard loader.files.isRegularFile(path), let head = loader.files.head(path)?.head else { return false }
        return SourceReader.isSource(head)
    }

    /// The XML sources of a directory, read concurrently; each a resolved input or its failure.
    private func readSources(_ units: [InputUnit]) async -> [(unit: InputUnit, result: Result<NibInput, any Error & Sendable>)] {
        let loader = loader, keepsXML = keepsSourceXML
        return await Concurrently.map(units, width: width) { unit in
            do {
                let bytes = try loader.readInput(unit.path)
                return (unit, .success(try SourceReader.read(bytes: consume bytes, name: unit.name, path: unit.path, keepsXML: keepsXML)))
            } catch {
                return (unit, .failure(ContainerBuilder.sendable(error)))
            }
        }
    }

    /// A directory's compiled documents and its sources in one input: documents in unit (sorted
    /// path) order, storyboard summaries of compiled storyboards first, then those of sources.
    private func merge(_ compiled: NibInput, sources: [(unit: InputUnit, result: Result<NibInput, any Error & Sendable>)],
                       inventory: InputInventory, failures: inout [LoadedContainer.Failure]) -> NibInput {
        var unitIndex: [String: Int] = [:]
        for (i, unit) in inventory.units.enumerated() { unitIndex[unit.path] = i }
        /// The inventory position of the unit a compiled document came from: its file, or the
        /// nearest enclosing bundle or storyboard directory.
        func position(_ document: NibDocument) -> Int {
            var path = document.path ?? ""
            while !path.isEmpty && path != "/" {
                if let i = unitIndex[path] { return i }
                path = (path as NSString).deletingLastPathComponent
            }
            return inventory.units.count
        }
        var ordered: [(Int, Int, NibDocument)] = compiled.documents.enumerated().map { (position($1), $0, $1) }
        var input = compiled
        for (unit, result) in sources {
            let at = unitIndex[unit.path] ?? inventory.units.count
            switch result {
            case .success(let source):
                for (k, document) in source.documents.enumerated() { ordered.append((at, k, document)) }
                input.storyboards += source.storyboards.isEmpty ? (source.storyboard.map { [$0] } ?? []) : source.storyboards
                input.diagnostics += source.diagnostics
            case .failure(let error):
                let failure = LoadedContainer.Failure(name: unit.name, path: unit.path, error: error)
                failures.append(failure)
                input.diagnostics.append(NibResolver.notRead(failure))
            }
        }
        ordered.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        input.documents = ordered.map(\.2)
        if input.storyboard == nil { input.storyboard = input.storyboards.first }
        return input
    }
}

/// The last few whole storyboards resolved by ``NibOpener`` to bind upstream placeholders, by
/// `.storyboardc` path (documents by standardised file path); safe to share between tasks.
public final class StoryboardCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(path: String, documents: [String: NibDocument])] = []
    /// How many storyboards are kept (the oldest is dropped first).
    public let capacity: Int

    public init(capacity: Int = 4) { self.capacity = max(1, capacity) }

    func documents(of path: String) -> [String: NibDocument]? {
        lock.withLock { entries.first { $0.path == path }?.documents }
    }

    func store(_ documents: [String: NibDocument], of path: String) {
        lock.withLock {
            entries.removeAll { $0.path == path }
            entries.append((path, documents))
            if entries.count > capacity { entries.removeFirst() }
        }
    }
}

/// What ``NibOpener`` returns for one input.
public struct OpenedInput: Sendable {
    /// The resolved documents, storyboard summaries and diagnostics (a `document-not-read` error
    /// for each of ``failures``).
    public var input: NibInput
    /// The compiled archives behind the documents and the container description (nib bundle
    /// variants, storyboard `Info.plist`s, nested archives); nil when the input is an XML source.
    /// Their tables and graphs are there as far as ``NibOpener/retention`` keeps them.
    public var loaded: LoadedContainer?
    /// Documents of a directory or storyboard that could not be read (compiled or source), in
    /// the order they were found; the others are in ``input``.
    public var failures: [LoadedContainer.Failure]
    /// With ``NibOpener/defersObjects``: the objects of the compiled documents resolved without
    /// them, by document name (``NibDocument/name``); such a document's own ``NibDocument/objects``
    /// is empty. Empty otherwise.
    public var deferredObjects: [String: ResolvedObjects] = [:]

    init(input: NibInput, loaded: LoadedContainer?, failures: [LoadedContainer.Failure],
                deferredObjects: [String: ResolvedObjects] = [:]) {
        self.input = input
        self.loaded = loaded
        self.failures = failures
        self.deferredObjects = deferredObjects
    }
}
