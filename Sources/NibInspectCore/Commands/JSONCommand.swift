import ArchiveReader
import Foundation

/// `nibinspect json FILE`: machine-readable output.
enum JSONCommand: Command {
    static let spec = CommandSpec(
        name: "json",
        abstract: "Print the nib as JSON.",
        arguments: [("file", "A compiled nib, nib bundle, .storyboardc, xib, storyboard, directory, app or .ipa, or '-' for standard input.")],
        options: [
            .flag("--raw", help: "Print the archive tables (header, objects, keys, class names, trailer)."),
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
            jobsOption,
        ],
        discussion: """
        Without --raw, prints the resolved documents (placeholders, objects, hierarchy, connections)
        as described by Schemas/nibinspect.schema.json; keys are sorted and every output carries a
        schemaVersion.
        With --raw, a single flat file prints one document object. A nib bundle, .storyboardc, directory or a \
        file holding nested archives prints {"schemaVersion", "container": {kind, path, name, \
        variants, storyboards, documents, diagnostics}, "documents": [one document object per \
        container.documents entry, same order], "failures": [{name, error}]}.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <file>") }
        let path = args.positionals[0]
        if args.flag("--raw") {
            try context.rejectSourceVariantForRaw(path)
            let loaded = try context.withFile(path) { try context.loadContainer(path) }
            renderRaw(loaded, width: context.opener.width).write(to: context.console, indent: 0)
            context.console.write("\n")
            return context.report(loaded, path: path)
        }
        // Each object is made as it is written, never the whole list of a large nib at once.
        var deferring = context
        deferring.opener.defersObjects = true
        deferring.opener.keepsSourceXML = false
        let (opened, status) = try deferring.openResolved(path)
        do {
            try ResolvedJSON.write(ResolvedOutput(opened.input), deferredObjects: opened.deferredObjects,
                                   width: context.opener.width, to: context.console)
        } catch let error as EncodingError {
            // Written as it is made: what went out stays out (exit 70, README "Errors and exit status").
            throw FileError(path: path == "-" ? "<stdin>" : path, underlying: InternalError(
                "cannot write JSON (\(error)); standard output ends in an incomplete JSON text"))
        }
        return context.finish(opened.input, status: status)
    }

    /// Raw JSON: the bare document for a single flat file, else the container envelope; each
    /// document made as it is written, on up to `width` workers (in order).
    static func renderRaw(_ loaded: LoadedContainer, width: Int = 1) -> LazyJSON {
        let archives = loaded.archives
        if loaded.container.kind == .file && archives.count == 1 && loaded.failures.isEmpty { return RawJSON.document(archives[0]) }
        return ContainerJSON.envelope(loaded, documents: .parallelArray(count: archives.count, width: width) { RawJSON.document(archives[$0]) })
    }
}
