import ArchiveReader
import Foundation

/// `nibinspect tree FILE`: the archive as a readable tree.
enum TreeCommand: Command {
    static let spec = CommandSpec(
        name: "tree",
        abstract: "Print the nib as a tree.",
        arguments: [("file", "A compiled nib, nib bundle, .storyboardc, directory, or '-' for standard input.")],
        options: [
            .flag("--raw", help: "Print the raw archive object graph from the root object."),
            .flag("--nested", help: "Expand NIBArchives nested in data values (prototype cells, NSNib) inline."),
            .option("--depth", value: "n", help: "Stop after N levels."),
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
            .flag("--list-variants", help: "List the files of each nib bundle (* = the one read) and exit."),
        ],
        discussion: """
        A nib bundle, .storyboardc or directory prints a header (variants; storyboard entry point \
        and scenes), then each document under '== NAME ==' (nested archives as \
        'NAME > prototype "Cell"').
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <file>") }
        var depth = Int.max
        if let d = args.value("--depth") {
            guard let n = Int(d), n >= 0 else { throw UsageError("--depth takes a whole number, not '\(d)'") }
            depth = n
        }
        let path = args.positionals[0]
        if args.flag("--list-variants") {
            guard FileManager.default.fileExists(atPath: path) else { throw InputError(.notFound, path: path) }
            let list = ContainerText.variantList(path: path, requested: args.value("--variant"))
            context.console.write(list.isEmpty ? "\((path as NSString).lastPathComponent): no nib bundle, no variants\n" : list)
            return .success
        }
        let loaded = try context.withFile(path) { try context.loadContainer(path) }
        renderRaw(loaded, maxDepth: depth, nested: args.flag("--nested"), limits: context.loader.limits, console: context.console)
        return context.report(loaded, path: path)
    }

    /// The raw object-graph trees of every document, under a container header and per-document
    /// headings when the input holds more than one document or is a directory.
    /// With `nested`, archives nested in data values are expanded inline under their value instead
    /// of being listed as separate documents.
    static func renderRaw(_ loaded: LoadedContainer, maxDepth: Int, nested: Bool = false,
                          limits: DecodingLimits = .default, console: Console) {
        let container = loaded.container
        let single = container.kind == .file && loaded.archives.count == 1
        var out = ContainerText.header(container)
        for (i, (doc, archive)) in zip(container.documents, loaded.archives).enumerated() {
            if nested && archive.nesting != nil { continue }
            if !single {
                if i > 0 || !out.isEmpty { out += "\n" }
                out += "== \(doc.name) ==\n"
                if container.kind != .nibBundle && !doc.variants.isEmpty {
                    out += "variants: " + ContainerText.variantsLine(doc.variants) + "\n"
                }
            }
            for w in archive.graph.warnings { console.error("nibinspect: warning: \(archive.name): \(w)\n") }
            var printer = RawTreePrinter(graph: archive.graph, maxDepth: maxDepth,
                                         nestedPayloadOffsets: nested ? archive.nibArchive?.nestedPayloadOffsets : nil,
                                         limits: limits)
            out += printer.render()
            for e in printer.nestedErrors {
                console.error("nibinspect: warning: \(archive.name): nested archive: \(e)\n")
            }
            console.write(out)
            out = ""
        }
        if !out.isEmpty { console.write(out) }
    }
}
