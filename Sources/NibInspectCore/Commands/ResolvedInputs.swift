import ArchiveReader

extension Context {
    /// The resolved documents of one input (nib-format.md §3–5, §7): an XML source read by
    /// ``SourceReader``; otherwise the container (file, nib bundle, `.storyboardc`, directory,
    /// nested archives) resolved with ``NibResolver/resolve(_:)``. Documents that could not be read
    /// are listed in the input's `errors`; print them with ``finish(_:_:)``.
    func loadResolved(_ path: String) throws -> NibInput {
        try loadResolvedWithStatus(path).input
    }

    /// ``loadResolved(_:)`` plus the exit status for documents that could not be read and the
    /// loaded container. Sources (xib, storyboard, `designable.nib`) and standard input come back
    /// without a container.
    func loadResolvedWithStatus(_ path: String) throws -> (input: NibInput, status: ExitCode, loaded: LoadedContainer?) {
        if let source = try loadSourceOrStdin(path) { return (source, .success, nil) }
        let loaded = try withFile(path) { try loadContainer(path) }
        var input = NibResolver.resolve(loaded)
        if path == "-" { input.path = "<stdin>" }
        input.warnings.removeAll { w in loaded.failures.contains { w.hasPrefix("\($0.name): not read:") } }
        input.errors = loaded.failures.map { "\($0.name): \(NibInspectCLI.describe($0.error))" }
        let status = loaded.failures.first.map { NibInspectCLI.exitCode(for: $0.error) } ?? .success
        return (input, status, loaded)
    }

    /// Prints an input's warnings and errors to stderr; returns the exit status of the first
    /// document that could not be read (65 malformed, 66 unreadable), else success.
    func finish(_ input: NibInput, _ loaded: LoadedContainer? = nil) -> ExitCode {
        for w in input.warnings { console.error("nibinspect: warning: \(w)\n") }
        for e in input.errors { console.error("nibinspect: error: \(input.path): \(e)\n") }
        if let first = loaded?.failures.first { return NibInspectCLI.exitCode(for: first.error) }
        return input.errors.isEmpty ? .success : .dataError
    }
}

/// The shared `--color` option.
let colorOption = OptionSpec.option("--color", value: "when", help: "Colour the output.",
                                    allowed: ["auto", "always", "never"])
