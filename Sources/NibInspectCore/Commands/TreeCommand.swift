import ArchiveReader

/// `nibinspect tree FILE`: the archive as a readable tree.
enum TreeCommand: Command {
    static let spec = CommandSpec(
        name: "tree",
        abstract: "Print the nib as a tree.",
        arguments: [("file", "A compiled nib, nib bundle, .storyboardc, or '-' for standard input.")],
        options: [
            .flag("--raw", help: "Print the raw archive object graph from the root object."),
            .flag("--nested", help: "Expand NIBArchives nested in data values (prototype cells, NSNib) inline."),
            .option("--depth", value: "n", help: "Stop after N levels."),
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
        ])

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <file>") }
        var depth = Int.max
        if let d = args.value("--depth") {
            guard let n = Int(d), n >= 0 else { throw UsageError("--depth takes a whole number, not '\(d)'") }
            depth = n
        }
        let path = args.positionals[0]
        let archives = try context.withFile(path) { try context.loadArchives(path) }
        for (i, loaded) in archives.enumerated() {
            if archives.count > 1 { context.console.write((i > 0 ? "\n" : "") + "== \(loaded.name) ==\n") }
            for w in loaded.graph.warnings { context.console.error("nibinspect: warning: \(loaded.name): \(w)\n") }
            var printer = RawTreePrinter(graph: loaded.graph, maxDepth: depth,
                                         nestedPayloadOffsets: args.flag("--nested") ? loaded.nibArchive?.nestedPayloadOffsets : nil,
                                         limits: context.loader.limits)
            context.console.write(printer.render())
            for e in printer.nestedErrors {
                context.console.error("nibinspect: warning: \(loaded.name): nested archive: \(e)\n")
            }
        }
        return .success
    }
}
