import ArchiveReader

extension Context {
    /// The resolved documents of one input (nib-format.md §3–5, §7): an XML source read by
    /// ``SourceReader``; otherwise the container (file, nib bundle, `.storyboardc`, directory,
    /// nested archives) resolved with ``NibResolver/resolve(_:)``. Documents that could not be read
    /// are error diagnostics of the input (``DiagnosticCode/documentNotRead``); print them with
    /// ``finish(_:_:)``.
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
        let status = loaded.failures.first.map { NibInspectCLI.exitCode(for: $0.error) } ?? .success
        return (input, status, loaded)
    }

    /// Prints an input's diagnostics to stderr, warnings first, then errors (documents that could
    /// not be read); returns the exit status of the first document that could not be read
    /// (65 malformed, 66 unreadable), else success.
    func finish(_ input: NibInput, _ loaded: LoadedContainer? = nil) -> ExitCode {
        printDiagnostics(input.diagnostics, input: input.path)
        if let first = loaded?.failures.first { return NibInspectCLI.exitCode(for: first.error) }
        return input.diagnostics.contains { $0.severity == .error } ? .dataError : .success
    }

    /// `nibinspect: warning: <message>` for every diagnostic that is not an error, then
    /// `nibinspect: error: <input>: <message>` for the errors. `prefix` goes before each warning's
    /// message (`graph` names the input there).
    func printDiagnostics(_ diagnostics: [Diagnostic], input: String, prefix: String = "") {
        for d in diagnostics where d.severity != .error { console.error("nibinspect: warning: \(prefix)\(d)\n") }
        for d in diagnostics where d.severity == .error { console.error("nibinspect: error: \(input): \(d)\n") }
    }
}

/// The shared `--color` option.
let colorOption = OptionSpec.option("--color", value: "when", help: "Colour the output.",
                                    allowed: ["auto", "always", "never"])
