import ArchiveReader

extension Context {
    /// The resolved documents of one input (nib-format.md §3–5): the container is loaded
    /// (file, nib bundle, `.storyboardc`, directory) and resolved with ``NibResolver``; documents
    /// that could not be read are listed in the input's warnings.
    func loadResolved(_ path: String) throws -> NibInput {
        try loadResolvedWithStatus(path).input
    }

    /// ``loadResolved(_:)`` plus the exit status for documents that could not be read (their
    /// errors are printed to stderr here).
    /// Sources (xib, storyboard, `designable.nib`) and standard input come back without a container.
    func loadResolvedWithStatus(_ path: String) throws -> (input: NibInput, status: ExitCode, loaded: LoadedContainer?) {
        if let source = try loadSourceOrStdin(path) { return (source, .success, nil) }
        let loaded = try withFile(path) { try loadContainer(path) }
        var status = ExitCode.success
        for failure in loaded.failures {
            console.error("nibinspect: error: \(path): \(failure.name): \(NibInspectCLI.describe(failure.error))\n")
            if status == .success { status = NibInspectCLI.exitCode(for: failure.error) }
        }
        var input = NibResolver.resolve(loaded)
        if path == "-" { input.path = "<stdin>" }
        input.warnings.removeAll { w in loaded.failures.contains { w.hasPrefix("\($0.name): not read:") } }
        return (input, status, loaded)
    }
}

/// The shared `--color` option.
let colorOption = OptionSpec.option("--color", value: "when", help: "Colour the output.",
                                    allowed: ["auto", "always", "never"])
