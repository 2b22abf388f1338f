import NibModel

/// Compares the nested archives of a compiled nib (nib-format.md §2.9: iOS
/// `UITableViewCellPrototypeNibs`, AppKit `NSTableViewArchivedReusableViewsKey`) with the source
/// subtree each was compiled from.
///
/// In the source a prototype is inline: a `<tableCellView>` under a `<tableColumn>`'s
/// `<prototypeCellViews>`, a `<tableViewCell>` under a table view's `<prototypes>`. Compiled, it is
/// a complete nib of its own (whose File's Owner is whoever loads it), and on macOS also a copy in
/// the main nib. So each nested archive is compared with its source subtree plus the source's
/// placeholders; the main comparison then counts what a nested archive matched as matched
/// (``NibComparer/Coverage``) and never guesses a main-nib counterpart for it.
///
/// The subtree is found by reuse identifier: the quoted name in the location (`reusable view
/// "Cell"`) against the source's `identifier` / `reuseIdentifier`, a cell view without one taking
/// its table column's (`AutomaticTableColumnIdentifier.<column index>` when the column has none);
/// among several candidates (two tables with the same identifiers) the one that compares with the
/// fewest differences wins, ties in document order. A nested archive with no candidate is compared
/// with the placeholders alone, so all its objects are reported as only in compiled.
enum NestedArchiveCompare {
    struct Nested {
        var document: NibDocument
        var location: String
    }

    struct Result {
        var document: String
        var location: String
        var sourceRoot: CompareReport.ObjectRef?
        var report: CompareReport
        var comparedSource: Set<String>
        var matchedSource: Set<String>
        var comparedTuples: [ConnectionDiff.Tuple: Int]
        var matchedTuples: [ConnectionDiff.Tuple: Int]
    }

    /// Separates nested archives from top-level documents. A document is nested when `nesting`
    /// names it, or when its name is `<parent> > <location>` and `<parent>` is another document.
    static func split(_ documents: [NibDocument], nesting: [String: ArchiveNesting]) -> ([NibDocument], [Nested]) {
        let names = Set(documents.map(\.name))
        var top: [NibDocument] = [], nested: [Nested] = []
        for d in documents {
            if let n = nesting[d.name] {
                nested.append(Nested(document: d, location: n.location))
            } else if let r = d.name.range(of: " > ", options: .backwards), names.contains(String(d.name[..<r.lowerBound])) {
                nested.append(Nested(document: d, location: String(d.name[r.upperBound...])))
            } else {
                top.append(d)
            }
        }
        // Without a main document there is nothing to nest in: compare everything as top-level.
        if top.isEmpty { return (documents, []) }
        return (top, nested)
    }

    /// `reusable view "Cell" (2)` → `Cell`; nil when the location names no identifier.
    static func reuseIdentifier(_ location: String) -> String? {
        guard let first = location.firstIndex(of: "\""), let last = location.lastIndex(of: "\""), first < last else { return nil }
        return String(location[location.index(after: first)..<last])
    }

    /// Compares every nested archive with its source subtree, assigning each subtree at most once.
    static func run(source: [NibDocument], nested: [Nested], hints: [String: [ObjectID: String]]) -> [Result] {
        guard !nested.isEmpty else { return [] }
        let index = PrototypeIndex(source)
        var free = PrototypeCandidates(index.prototypes)
        var out: [Result] = []
        for n in nested {
            let rootKey = n.document.roots.first.flatMap { id in n.document.object(id) }.map(CompareClasses.key)
            let wanted = reuseIdentifier(n.location)
            // The first 16 free prototypes filed under the identifier, else of the root's class.
            var candidates = wanted.map { free.first(16, reuse: $0) } ?? []
            if candidates.isEmpty { candidates = rootKey.map { free.first(16, key: $0) } ?? [] }
            var best: (result: Result, root: ObjectID)?
            for candidate in candidates {
                let r = compare(n, root: candidate.id, index: index, hints: hints)
                if r.report.differences.count < best?.result.report.differences.count ?? Int.max {
                    best = (r, candidate.id)
                }
                if r.report.differences.isEmpty { break }
            }
            guard let best else {
                out.append(compare(n, root: nil, index: index, hints: hints))
                continue
            }
            var result = best.result
            let root = best.1
            free.use(root)
            // Matched by structure alone: the identifier the nib is filed under is not the source's.
            if let wanted, let candidate = candidates.first(where: { $0.id == root }), candidate.reuse != wanted {
                let o = candidate.object
                let has = candidate.reuse.map { "identifier \"\($0)\"" } ?? "no identifier"
                result.report.differences.insert(.init(
                    kind: .identifierDiffers,
                    message: "identifier differs: compiled under \"\(wanted)\", the source prototype \(result.sourceRoot?.description ?? o.id.rawValue) has \(has)",
                    sourceLine: o.sourceLine, source: result.sourceRoot), at: 0)
            }
            out.append(result)
        }
        return out
    }

    /// One nested archive against the subtree under `root` (nil: the placeholders alone).
    static func compare(_ n: Nested, root: ObjectID?, index: PrototypeIndex, hints: [String: [ObjectID: String]]) -> Result {
        let sub = index.subdocument(root: root)
        let pass = NibComparer.compareCore(sourceDocuments: [sub], compiledDocuments: [n.document],
                                           sourceName: sub.name, compiledName: n.document.name,
                                           hints: hints[n.document.name].map { [n.document.name: $0] } ?? [:])
        var report = pass.report
        // Placeholders are compared by the main comparison; a nested nib need not hold them all.
        report.differences.removeAll { d in
            (d.kind == .objectOnlyInSource && d.source.flatMap { sub.object(ObjectID($0.id)) }?.placeholder != nil)
                || (d.kind == .objectOnlyInCompiled && d.compiled.flatMap { n.document.object(ObjectID($0.id)) }?.placeholder != nil)
        }
        let rootRef = root.flatMap { id in sub.object(id) }.map { o in
            CompareReport.ObjectRef(id: o.id.rawValue, className: o.customClass ?? o.className, name: o.name,
                                    line: o.sourceLine, path: o.customClass ?? o.className, document: sub.name)
        }
        return Result(document: n.document.name, location: n.location, sourceRoot: rootRef, report: report,
                      comparedSource: pass.comparedSource, matchedSource: pass.matchedSource,
                      comparedTuples: pass.comparedTuples, matchedTuples: pass.matchedTuples)
    }

    /// Adds the nested archives' differences (prefixed with their location), notes and summaries.
    static func merge(_ results: [Result], into report: inout CompareReport) {
        for r in results {
            let prefix = "nested archive \(r.location): "
            for var d in r.report.differences {
                d.message = prefix + d.message
                report.differences.append(d)
            }
            if r.sourceRoot == nil {
                report.notes.append(Diagnostic(.nestedArchiveWithoutSource,
                                               prefix + "no source prototype matches it (by identifier or class); compared with the placeholders alone",
                                               location: .init(document: r.document)))
            }
            for var note in r.report.notes where !placeholderNotes.contains(note.code) {
                note.message = prefix + note.message
                report.notes.append(note)
            }
            report.nested.append(.init(document: r.document, location: r.location, sourceRoot: r.sourceRoot,
                                       counts: r.report.counts, differences: r.report.differences.count))
        }
    }

    /// Notes about placeholders, already made by the main comparison.
    static let placeholderNotes: Set<DiagnosticCode> = [
        .firstResponderNotArchived, .exitPlaceholderNotArchived, .placeholderClassNotArchived, .storyboardObjectsAdded,
    ]
}
