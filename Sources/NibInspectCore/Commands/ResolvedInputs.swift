import ArchiveReader

extension Context {
    /// The resolved documents of one input (nib-format.md §3–5): each compiled archive of the
    /// input resolved with ``NibResolver``. Graph warnings are carried in the documents.
    func loadResolved(_ path: String) throws -> NibInput {
        let archives = try withFile(path) { try loadArchives(path) }
        let documents = archives.map {
            NibResolver.resolve($0.graph, name: $0.name, path: $0.path, variant: $0.variant)
        }
        let kind = documents.first.map { $0.format.displayName } ?? "compiled nib"
        return NibInput(path: path == "-" ? "<stdin>" : path, kind: kind,
                        variants: archives.compactMap(\.variant), documents: documents)
    }
}

/// The shared `--color` option.
let colorOption = OptionSpec.option("--color", value: "when", help: "Colour the output.",
                                    allowed: ["auto", "always", "never"])
