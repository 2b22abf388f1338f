import Foundation

/// Resolves everything a container holds (nib-format.md §5, §8): each compiled storyboard with
/// ``NibResolver/resolveStoryboard(name:info:scenes:)`` (so upstream placeholders resolve across
/// its scene nibs), every other archive with ``NibResolver/resolve(_:name:path:variant:)``.
extension NibResolver {
    /// The resolved input of a loaded container, documents in the container's order.
    ///
    /// Documents keep the container's names (`Main.storyboardc/Scene.nib/runtime.nib`);
    /// ``StoryboardSummary`` comes from the first storyboard that has an `Info.plist`
    /// and ``NibInput/storyboards`` lists the summaries of every storyboard that has one.
    /// ``NibInput/diagnostics`` holds the container's, the storyboards', and one
    /// ``DiagnosticCode/documentNotRead`` error per ``LoadedContainer/failures`` entry.
    public static func resolve(_ loaded: LoadedContainer) -> NibInput {
        assemble(loaded, resolutionJobs(loaded).map { $0.run() }).input
    }

    /// ``resolve(_:)`` with the storyboards and documents resolved as concurrent child tasks, at
    /// most `width` at a time; the result is the same.
    public static func resolve(_ loaded: LoadedContainer, width: Int) async -> NibInput {
        assemble(loaded, await Concurrently.map(resolutionJobs(loaded), width: width) { $0.run() }).input
    }

    /// ``resolve(_:width:)`` for ``ArchiveRetention/documents``: the object graph of each archive
    /// that stands alone (outside a storyboard, holding no nested archive) is let go as soon as its
    /// document is resolved, instead of every graph staying until the last document is, so that
    /// the graphs and the documents of a directory are not all held at once. `loaded` keeps such
    /// an archive with its graph emptied (its encoding, versions, root and diagnostics stay, as
    /// ``LoadedContainer/releaseAfterResolving(_:)`` leaves them); the others keep theirs. The
    /// result is the same.
    public static func resolveReleasingGraphs(_ loaded: inout LoadedContainer, width: Int) async -> NibInput {
        var parents = Set<String>()
        for document in loaded.container.documents { if let parent = document.parent { parents.insert(parent) } }
        var jobs = resolutionJobs(loaded, releasing: { !parents.contains($0.name) })
        let handOffs = jobs.map(JobHandOff.init)
        jobs = []
        let released = Set(handOffs.compactMap(\.released))
        // One assignment: the container re-indexes its archives on each.
        loaded.archives = loaded.archives.map { archive in
            guard released.contains(archive.name) else { return archive }
            var a = archive
            a.releaseGraph()
            return a
        }
        // Each job is taken from its hand-off when it runs, so its graph goes when it returns.
        let results = await Concurrently.map(handOffs, width: width) { $0.take().run() }
        return assemble(loaded, results).input
    }

    /// One job, given up by whoever runs it (``resolveReleasingGraphs(_:width:)``).
    private final class JobHandOff: @unchecked Sendable {
        private let lock = NSLock()
        private var job: ResolutionJob?
        /// The archive name of a standalone archive job whose graph the job alone holds.
        let released: String?

        init(_ job: ResolutionJob) {
            self.job = job
            if case .archive(let archive, _, true) = job { released = archive.name } else { released = nil }
        }

        /// The job; the hand-off keeps no reference to it. Called once.
        func take() -> ResolutionJob {
            lock.lock()
            defer { lock.unlock() }
            let taken = job!
            job = nil
            return taken
        }
    }

    /// ``resolve(_:width:)`` with the objects of archives that stand alone — outside a storyboard,
    /// neither nested in another archive nor holding one — deferred
    /// (``resolveDeferringObjects(_:name:path:variant:)``): their documents come with no objects,
    /// which `objects` makes on reading, by document name. Other documents are resolved whole.
    public static func resolveDeferringObjects(_ loaded: LoadedContainer, width: Int) async
        -> (input: NibInput, objects: [String: ResolvedObjects]) {
        var nested = Set<String>()
        for document in loaded.container.documents {
            if let parent = document.parent { nested.insert(parent); nested.insert(document.name) }
        }
        let jobs = resolutionJobs(loaded, deferring: { !nested.contains($0.name) })
        return assemble(loaded, await Concurrently.map(jobs, width: width) { $0.run() })
    }

    /// What one job resolved: documents by archive name, the storyboard summary, diagnostics, and
    /// the deferred objects of documents resolved without them, by archive name.
    private typealias JobResult = (documents: [String: NibDocument], summary: StoryboardSummary?,
                                   diagnostics: [Diagnostic], objects: [String: ResolvedObjects])

    /// One independent piece of resolution: a compiled storyboard with its scene nibs (upstream
    /// placeholders resolve across them), or one archive outside any storyboard.
    private enum ResolutionJob: Sendable {
        case storyboard(CompiledStoryboard, [(nibName: String, archive: LoadedArchive)])
        /// `releasing`: the graph is held by this job alone (``resolveReleasingGraphs(_:width:)``).
        case archive(LoadedArchive, deferringObjects: Bool, releasing: Bool = false)

        /// Resolved documents by archive name, the storyboard summary and diagnostics.
        func run() -> JobResult {
            switch self {
            case .archive(let archive, let deferring, _):
                guard deferring else {
                    let document = resolve(archive.graph, name: archive.name, path: archive.path, variant: archive.variant)
                    return ([archive.name: document], nil, [], [:])
                }
                let (document, objects) = resolveDeferringObjects(archive.graph, name: archive.name, path: archive.path,
                                                                  variant: archive.variant)
                return ([archive.name: document], nil, [], [archive.name: objects])
            case .storyboard(let storyboard, let nibs):
                // Without an Info.plist (a base storyboard whose device storyboards hold it) the scenes
                // still resolve against each other; only the summary is missing.
                let info = storyboard.info ?? StoryboardInfo(platform: .unknown)
                let scenes = nibs.map { (nibName: $0.archive.name, graph: $0.archive.graph) }
                var input = resolveStoryboard(name: storyboard.name, info: info, scenes: scenes)
                var byName: [String: NibDocument] = [:]
                var paths: [String: String] = [:]
                for (i, nib) in nibs.enumerated() where i < input.documents.count {
                    input.documents[i].path = nib.archive.path
                    input.documents[i].variant = nib.archive.variant
                    input.documents[i].locateDiagnostics()
                    byName[nib.archive.name] = input.documents[i]
                    paths[nib.archive.name] = nib.archive.path
                }
                // Storyboard diagnostics name their scene nib; add its file.
                let diagnostics = input.diagnostics.map { d in
                    d.location.document.map { d.located(document: $0, path: paths[$0]) } ?? d
                }
                return (byName, storyboard.info != nil ? input.storyboard : nil, diagnostics, [:])
            }
        }
    }

    /// Storyboards first (in container order), then every archive no storyboard claimed.
    /// `deferring` tells which archives outside storyboards have their objects deferred.
    /// `releasing` tells which of them have their graph let go once resolved.
    private static func resolutionJobs(_ loaded: LoadedContainer,
                                       deferring: (LoadedArchive) -> Bool = { _ in false },
                                       releasing: (LoadedArchive) -> Bool = { _ in false }) -> [ResolutionJob] {
        var jobs: [ResolutionJob] = []
        var claimed = Set<String>()
        for storyboard in loaded.container.storyboards {
            let nibs = loaded.sceneNibs(of: storyboard)
            for nib in nibs { claimed.insert(nib.archive.name) }
            jobs.append(.storyboard(storyboard, nibs))
        }
        for archive in loaded.archives where !claimed.contains(archive.name) { jobs.append(.archive(archive, deferringObjects: deferring(archive), releasing: releasing(archive)))
        }
        return jobs
    }

    /// The input from the jobs' results, documents in the container's order.
    private static func assemble(_ loaded: LoadedContainer, _ results: [JobResult])
        -> (input: NibInput, objects: [String: ResolvedObjects]) {
        let container = loaded.container
        var byName: [String: NibDocument] = [:]
        var deferred: [String: ResolvedObjects] = [:]
        var summaries: [StoryboardSummary] = []
        var diagnostics = container.diagnostics
        for result in results {
            // A nib claimed by two storyboards (a device storyboard reading the base storyboard's
            // nibs) keeps the later resolution, the device storyboard's, which has the Info.plist.
            byName.merge(result.documents) { _, later in later }
            deferred.merge(result.objects) { _, later in later }
            if let s = result.summary { summaries.append(s) }
            diagnostics += result.diagnostics
        }
        var documents = loaded.archives.map { archive in
            byName[archive.name] ?? resolve(archive.graph, name: archive.name, path: archive.path, variant: archive.variant)
        }
        resolveNestedUpstream(&documents, loaded)
        for failure in loaded.failures { diagnostics.append(notRead(failure)) }
        let kind = container.kind == .file ? (documents.first?.format.displayName ?? "compiled nib") : container.kind.rawValue
        var input = NibInput(path: container.path, kind: kind, variants: loaded.archives.compactMap(\.variant),
                             documents: documents, storyboard: summaries.first, diagnostics: diagnostics)
        input.storyboards = summaries
        return (input, deferred)
    }

    /// A document that could not be read, as an error diagnostic: the reader's error as the
    /// message (`truncated: … in header`), the document, its file (for an ``InputError``: the file
    /// it concerns) and the byte offset in the location.
    static func notRead(_ failure: LoadedContainer.Failure) -> Diagnostic {
        var why = "\(failure.error)"
        var path = failure.path
        var offset: Int?
        switch failure.error {
        case let e as InputError: why = e.description; path = e.path
        case let e as ArchiveError: why = e.messageWithoutOffset; offset = e.hasOffset ? e.offset : nil
        default: break
        }
        return Diagnostic(.documentNotRead, why, location: .init(document: failure.name, byteOffset: offset, path: path))
    }

    /// Upstream placeholders of nested prototype-cell nibs resolve through the parent table view's
    /// `UITableViewCellPrototypeNibExternalObjects` (reuse identifier → placeholder id → object),
    /// and carry that object's identity (``Placeholder/target``).
    ///
    /// - Complexity: O(n) in the parents' objects and the nested documents: each parent's tables are
    ///   read once, however many nested archives it holds.
    private static func resolveNestedUpstream(_ documents: inout [NibDocument], _ loaded: LoadedContainer) {
        var tables: [String: PrototypeExternalObjects] = [:]
        var documentIndex: [String: Int] = [:]
        for (i, document) in documents.enumerated() where documentIndex[document.name] == nil { documentIndex[document.name] = i }
        for (i, described) in loaded.container.documents.enumerated() where i < documents.count {
            guard let parent = described.parent else { continue }
            if tables[parent] == nil {
                guard let parentArchive = loaded.archive(named: parent) else { continue }
                tables[parent] = PrototypeExternalObjects(parentArchive.graph, parent: parent)
            }
            guard let externals = tables[parent] else { continue }
            let table = externals.table(for: described.location)
            guard !table.isEmpty else { continue }
            let parentDocument = documentIndex[parent].map { documents[$0] }
            var objects = documents[i].objects   // assigned once: the document re-indexes on assignment
            for o in objects.indices {
                guard let p = objects[o].placeholder, p.kind == .upstream, p.resolvedTarget == nil,
                      let target = table[p.identifier] else { continue }
                objects[o].placeholder?.resolvedTarget = target
                if let id = target.split(separator: ":").last, let object = parentDocument?.object(ObjectID(String(id))) {
                    objects[o].placeholder?.target = Placeholder.Target(object)
                }
            }
            documents[i].objects = objects
        }
    }
}

/// The `UITableViewCellPrototypeNibExternalObjects` tables of one parent archive: per reuse
/// identifier, placeholder identifier → `<parent>:<object id>`, in archive order.
private struct PrototypeExternalObjects {
    /// (reuse identifier, its placeholder → target pairs), in archive order.
    private var entries: [(reuse: String, pairs: [(String, String)])] = []
    /// Entry positions by reuse identifier.
    private var byReuse: [String: [Int]] = [:]

    init(_ graph: ObjectGraph, parent: String) {
        for object in graph.objects {
            guard let byReuseID = graph.pairs(object["UITableViewCellPrototypeNibExternalObjects"]) else { continue }
            for (reuse, inner) in byReuseID {
                let reuseID = graph.string(reuse) ?? ""
                var pairs: [(String, String)] = []
                for (key, value) in graph.pairs(inner) ?? [] {
                    if let id = graph.string(key), let r = value.objectRef { pairs.append((id, "\(parent):\(ObjectID(r))")) }
                }
                byReuse[reuseID, default: []].append(entries.count)
                entries.append((reuseID, pairs))
            }
        }
    }

    /// Placeholder identifier → target for a nested archive at `location` (`prototype "Cell"`,
    /// `prototype "Cell" (2)`): the entries of the quoted reuse identifier; every entry when the
    /// location is unknown. Later entries win.
    func table(for location: String?) -> [String: String] {
        let positions: [Int]
        if let location {
            guard let first = location.firstIndex(of: "\""), let last = location.lastIndex(of: "\""), first < last else { return [:] }
            positions = byReuse[String(location[location.index(after: first)..<last])] ?? []
        } else {
            positions = Array(entries.indices)
        }
        var table: [String: String] = [:]
        for i in positions { for (id, target) in entries[i].pairs { table[id] = target } }
        return table
    }
}

extension LoadedContainer {
    /// One ``DiagnosticCode/documentNotRead`` error per ``failures`` entry, as resolving the
    /// container lists them in ``NibInput/diagnostics``.
    public var failureDiagnostics: [Diagnostic] { failures.map(NibResolver.notRead) }
}
