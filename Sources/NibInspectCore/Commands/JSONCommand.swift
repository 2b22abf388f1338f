import ArchiveReader

/// `nibinspect json FILE`: machine-readable output.
enum JSONCommand: Command {
    static let spec = CommandSpec(
        name: "json",
        abstract: "Print the nib as JSON.",
        arguments: [("file", "A compiled nib, nib bundle, .storyboardc, or '-' for standard input.")],
        options: [
            .flag("--raw", help: "Print the archive tables (header, objects, keys, class names, trailer)."),
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
        ],
        discussion: """
        Without --raw, prints the resolved documents (placeholders, objects, hierarchy, connections)
        as described by Schemas/nibinspect.schema.json; keys are sorted and every output carries a
        schemaVersion.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <file>") }
        let path = args.positionals[0]
        if args.flag("--raw") {
            let archives = try context.withFile(path) { try context.loadArchives(path) }
            let docs = archives.map(RawJSON.document)
            context.console.write((docs.count == 1 ? docs[0] : .array(docs)).rendered())
            return .success
        }
        let input = try context.loadResolved(path)
        context.console.write(try ResolvedJSON.render(ResolvedOutput(input)))
        return .success
    }
}
