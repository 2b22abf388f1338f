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
        let container = loaded.container
        var byName: [String: NibDocument] = [:]
        var summary: StoryboardSummary?
        var summaries: [StoryboardSummary] = []
        var diagnostics = container.diagnostics
        for storyboard in container.storyboards {
            // Without an Info.plist (a base storyboard whose device storyboards hold it) the scenes
            // still resolve against each other; only the summary is missing.
            let info = storyboard.info ?? StoryboardInfo(platform: .unknown)
            let nibs = loaded.sceneNibs(of: storyboard)
            let scenes = nibs.map { (nibName: $0.archive.name, graph: $0.archive.graph) }
            var input = resolveStoryboard(name: storyboard.name, info: info, scenes: scenes)
            for (i, nib) in nibs.enumerated() where i < input.documents.count {
                input.documents[i].path = nib.archive.path
                input.documents[i].variant = nib.archive.variant
                input.documents[i].locateDiagnostics()
                byName[nib.archive.name] = input.documents[i]
            }
            if storyboard.info != nil, let s = input.storyboard {
                if summary == nil { summary = s }
                summaries.append(s)
            }
            diagnostics += input.diagnostics.map { d in
                guard let name = d.location.document, d.location.path == nil else { return d }
                var located = d
                located.location.path = loaded.archive(named: name)?.path
                return located
            }
        }
        var documents = loaded.archives.map { archive in
            byName[archive.name] ?? resolve(archive.graph, name: archive.name, path: archive.path, variant: archive.variant)
        }
        resolveNestedUpstream(&documents, loaded)
        for failure in loaded.failures { diagnostics.append(notRead(failure)) }
        let kind = container.kind == .file ? (documents.first?.format.displayName ?? "compiled nib") : container.kind.rawValue
        var input = NibInput(path: container.path, kind: kind, variants: loaded.archives.compactMap(\.variant),
                        documents: documents, storyboard: summary, diagnostics: diagnostics)
        input.storyboards = summaries
        return input
    }

    /// A document that could not be read, as an error diagnostic: `<name>: <why>`, with the path
    /// an ``InputError`` concerns (`Main.storyboardc/X.nib: truncated … at byte 0x1A`).
    static func notRead(_ failure: LoadedContainer.Failure) -> Diagnostic {
        var why = "\(failure.error)"
        var offset: Int?
        switch failure.error {
        case let e as InputError: why = "\(e.path): \(e)"
        case let e as ArchiveError: offset = e.offset
        default: break
        }
        return Diagnostic(.documentNotRead, "\(failure.name): \(why)",
                          location: .init(document: failure.name, byteOffset: offset, path: failure.path))
    }

    /// Upstream placeholders of nested prototype-cell nibs resolve through the parent table view's
    /// `UITableViewCellPrototypeNibExternalObjects` (reuse identifier → placeholder id → object).
    private static func resolveNestedUpstream(_ documents: inout [NibDocument], _ loaded: LoadedContainer) {
        for (i, described) in loaded.container.documents.enumerated() where i < documents.count {
            guard let parent = described.parent, let parentArchive = loaded.archive(named: parent) else { continue }
            let graph = parentArchive.graph
            var table: [String: String] = [:]
            for object in graph.objects {
                guard let byReuse = graph.pairs(object["UITableViewCellPrototypeNibExternalObjects"]) else { continue }
                for (reuse, inner) in byReuse {
                    let reuseID = graph.string(reuse) ?? ""
                    if let location = described.location, !location.contains("\"\(reuseID)\"") { continue }
                    for (key, value) in graph.pairs(inner) ?? [] {
                        if let id = graph.string(key), let r = value.objectRef { table[id] = "\(parent):\(ObjectID(r))" }
                    }
                }
            }
            for o in documents[i].objects.indices {
                guard let p = documents[i].objects[o].placeholder, p.kind == .upstream, p.resolvedTarget == nil,
                      let target = table[p.identifier] else { continue }
                documents[i].objects[o].placeholder?.resolvedTarget = target
            }
        }
    }
}
