import ArchiveReader
import Foundation

/// The compiled side of `nibinspect compare`: the documents and, per document, the source ids its
/// localizable strings carry (``LocalizationHints``).
extension Context {
    /// The compiled side, per document the source ids its localizable strings carry, and per
    /// nested-archive document where it is nested (nib-format.md §2.9): any input `tree` reads.
    /// A source in this position is compared as is.
    func loadCompiledForCompare(_ path: String) throws -> (NibInput, [String: [ObjectID: String]], [String: ArchiveNesting]) {
        let (input, hints, archives) = try loadCompiledWithHints(path)
        var nesting: [String: ArchiveNesting] = [:]
        let names = Set(input.documents.map(\.name))
        for a in archives { if let n = a.nesting, names.contains(a.name) { nesting[a.name] = n } }
        return (input, hints, nesting)
    }

    /// The resolved input as `tree` reads it (the container loader: files, nib bundles,
    /// `.storyboardc`, directories, nested archives), with each document's localization hints.
    /// Document names are the container's archive names, so hints are keyed by them directly.
    private func loadCompiledWithHints(_ path: String) throws -> (NibInput, [String: [ObjectID: String]], [LoadedArchive]) {
        if let source = try loadSourceOrStdin(path) { return (source, [:], []) }
        let (input, _, loaded) = try loadResolvedWithStatus(path)
        let archives = loaded?.archives ?? []
        var hints: [String: [ObjectID: String]] = [:]
        for a in archives { hints[a.name] = LocalizationHints.sourceIDs(in: a.graph) }
        return (input, hints, archives)
    }
}
