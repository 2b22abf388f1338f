/// Resolves everything a container holds (nib-format.md §5, §8): each compiled storyboard with
/// ``NibResolver/resolveStoryboard(name:info:scenes:)`` (so upstream placeholders resolve across
/// its scene nibs), every other archive with ``NibResolver/resolve(_:name:path:variant:)``.
extension NibResolver {
    /// The resolved input of a loaded container, documents in the container's order.
    ///
    /// Documents keep the container's names (`Main.storyboardc/Scene.nib/runtime.nib`);
    /// ``StoryboardSummary`` comes from the first storyboard that has an `Info.plist`
    /// (the others' scenes are still resolved, and a warning says their summary is not shown).
    public static func resolve(_ loaded: LoadedContainer) -> NibInput {
        let container = loaded.container
        var byName: [String: NibDocument] = [:]
        var summary: StoryboardSummary?
        var warnings = container.warnings
        for storyboard in container.storyboards {
            guard let info = storyboard.info else { continue }
            let nibs = loaded.sceneNibs(of: storyboard)
            let scenes = nibs.map { (nibName: $0.archive.name, graph: $0.archive.graph) }
            var input = resolveStoryboard(name: storyboard.name, info: info, scenes: scenes)
            for (i, nib) in nibs.enumerated() where i < input.documents.count {
                input.documents[i].path = nib.archive.path
                input.documents[i].variant = nib.archive.variant
                byName[nib.archive.name] = input.documents[i]
            }
            if let s = input.storyboard {
                if summary == nil { summary = s } else { warnings.append("\(storyboard.name): storyboard summary not shown (one per input)") }
            }
            warnings += input.warnings
        }
        let documents = loaded.archives.map { archive in
            byName[archive.name] ?? resolve(archive.graph, name: archive.name, path: archive.path, variant: archive.variant)
        }
        for failure in loaded.failures { warnings.append("\(failure.name): not read: \(failure.error)") }
        let kind = container.kind == .file ? (documents.first?.format.displayName ?? "compiled nib") : container.kind.rawValue
        return NibInput(path: container.path, kind: kind, variants: loaded.archives.compactMap(\.variant),
                        documents: documents, storyboard: summary, warnings: warnings)
    }
}
