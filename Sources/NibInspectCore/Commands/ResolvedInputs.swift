import ArchiveReader

extension Context {
    /// The resolved documents of one input (nib-format.md §3–5, §7): an XML source read by
    /// ``SourceReader``; otherwise every compiled archive of the container (file, nib bundle,
    /// `.storyboardc`, directory, nested archives) resolved with ``NibResolver``, the scenes of a
    /// compiled storyboard together so that upstream placeholders resolve across scene nibs and a
    /// storyboard summary is built. Documents that fail to decode are listed in `errors`.
    func loadResolved(_ path: String) throws -> NibInput {
        if let source = try loadSourceOrStdin(path) { return source }
        let loaded = try withFile(path) { try loadContainer(path) }
        return Self.resolve(loaded, path: path)
    }

    /// Resolves a loaded container (see ``loadResolved(_:)``).
    static func resolve(_ loaded: LoadedContainer, path: String) -> NibInput {
        let container = loaded.container
        var documents: [NibDocument] = []
        var summary: StoryboardSummary?
        var warnings = container.warnings
        var done = Set<String>()
        for storyboard in container.storyboards {
            let scenes = loaded.sceneNibs(of: storyboard)
            for scene in scenes { done.insert(scene.archive.name) }
            let info = storyboard.info ?? StoryboardInfo(platform: .unknown)
            var input = NibResolver.resolveStoryboard(name: storyboard.name, info: info,
                                                      scenes: scenes.map { ($0.nibName, $0.archive.graph) })
            // Name each scene document by its full place in the input (`Main.storyboardc/X~ipad.nib/
            // runtime.nib`), so devices and variants are told apart; the resolver returns them in
            // scene order.
            var renamed: [String: [String]] = [:]
            if input.documents.count == scenes.count {
                for (i, scene) in scenes.enumerated() {
                    renamed[input.documents[i].name, default: []].append(scene.archive.name)
                    input.documents[i].name = scene.archive.name
                    input.documents[i].path = scene.archive.path
                    input.documents[i].variant = scene.archive.variant
                }
                if var s = input.storyboard {
                    for k in s.scenes.indices {
                        var names: [String] = []
                        for d in s.scenes[k].documents { for n in renamed[d] ?? [d] where !names.contains(n) { names.append(n) } }
                        s.scenes[k].documents = names
                    }
                    input.storyboard = s
                }
            }
            documents += input.documents
            warnings += input.warnings
            if let s = input.storyboard {
                if summary == nil || (summary!.scenes.isEmpty && !s.scenes.isEmpty) { summary = s }
                else { warnings.append("\(storyboard.path): storyboard summary not shown (one per input); give its path to see it") }
            }
        }
        for archive in loaded.archives where !done.contains(archive.name) {
            documents.append(NibResolver.resolve(archive.graph, name: archive.name, path: archive.path,
                                                 variant: archive.variant))
        }
        let kind: String
        switch container.kind {
        case .file: kind = documents.first.map { $0.format.displayName } ?? "compiled nib"
        default: kind = container.kind.rawValue
        }
        var input = NibInput(path: path == "-" ? "<stdin>" : path, kind: kind,
                             variants: container.variants.map(\.name), documents: documents,
                             storyboard: summary, warnings: warnings)
        input.errors = loaded.failures.map { "\($0.name): \(NibInspectCLI.describe($0.error))" }
        return input
    }

    /// Prints an input's warnings and errors to stderr; returns 65 when some document failed.
    func finish(_ input: NibInput) -> ExitCode {
        for w in input.warnings { console.error("nibinspect: warning: \(w)\n") }
        for e in input.errors { console.error("nibinspect: error: \(input.path): \(e)\n") }
        return input.errors.isEmpty ? .success : .dataError
    }
}

/// The shared `--color` option.
let colorOption = OptionSpec.option("--color", value: "when", help: "Colour the output.",
                                    allowed: ["auto", "always", "never"])
