/// What ``NibOpener`` keeps of the compiled archives once their documents are resolved
/// (``OpenedInput/loaded``). Documents, container description, failures and nesting are kept
/// whatever the choice; what is released is memory the resolved documents do not need.
///
/// For a NIBArchive the tables and the file's bytes come to about 1.5 times the file, the object
/// graph to about 8 times (``ArchivedObject`` per object, ``ArchiveField`` per value): a caller that
/// only reads the documents keeps its peak memory lower by releasing them.
public enum ArchiveRetention: Sendable, Hashable, CaseIterable {
    /// Everything: object graphs and the NIBArchive tables (``LoadedArchive/nibArchive``).
    case everything
    /// The object graphs; the NIBArchive tables and bytes are released before resolving.
    case graphs
    /// Neither: tables released before resolving, each graph emptied once resolved (its encoding,
    /// versions, root and diagnostics stay).
    case documents
}

extension LoadedContainer {
    /// Releases what `retention` does not keep before resolving: the NIBArchive tables and bytes
    /// (``ArchiveRetention/graphs`` and ``ArchiveRetention/documents``).
    mutating func releaseBeforeResolving(_ retention: ArchiveRetention) {
        guard retention != .everything, archives.contains(where: { $0.nibArchive != nil }) else { return }
        archives = archives.map { archive in
            var a = archive
            a.nibArchive = nil
            return a
        }
    }

    /// Releases what `retention` does not keep once resolved: the object graphs
    /// (``ArchiveRetention/documents``).
    mutating func releaseAfterResolving(_ retention: ArchiveRetention) {
        guard retention == .documents else { return }
        archives = archives.map { archive in
            var a = archive
            a.releaseGraph()
            return a
        }
    }
}

extension LoadedArchive {
    /// Empties the object graph, keeping its encoding, versions, root and diagnostics.
    mutating func releaseGraph() {
        let g = graph
        graph = ObjectGraph(encoding: g.encoding, objects: [], root: g.root, versionMajor: g.versionMajor,
                            versionMinor: g.versionMinor, diagnostics: g.diagnostics)
    }
}
