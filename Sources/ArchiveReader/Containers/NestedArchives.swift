import Foundation

/// Finds data values holding a complete archive and names them after the dictionary key and the
/// property that refer to them: `UITableView.UITableViewCellPrototypeNibs` → dict reuse-id →
/// `UINib.archiveData` → `NSData.NS.bytes` (iOS); `NSTableViewArchivedReusableViewsKey` →
/// identifier → `NSNib.NSNibFileData` (macOS). Works on any ``ObjectGraph`` (keyed archives store
/// the data inline in the `NSNib`).
struct NestedArchiveFinder {
    struct Candidate {
        var bytes: [UInt8]
        var offset: Int?
        var location: String
    }

    static let nibDataKeys: Set<String> = ["archiveData", "NSNibFileData"]
    static let ownerLabels = ["UITableViewCellPrototypeNibs": "prototype",
                              "NSTableViewArchivedReusableViewsKey": "reusable view"]

    let graph: ObjectGraph
    /// Referring object and key of each object, in archive order.
    private var referrers: [Int: [(object: Int, key: String)]] = [:]
    private var identifierCache: [Int: [Int: String]] = [:]

    init(graph: ObjectGraph) { self.graph = graph }

    /// Nested archive candidates of `loaded`, in object order, with unique locations.
    static func candidates(in loaded: LoadedArchive) -> [Candidate] {
        var payloadOffsets: [Int: Int] = [:]
        if let archive = loaded.nibArchive {
            for n in archive.nestedArchiveValues { payloadOffsets[archive.values[n.valueIndex].offset] = n.offset }
        }
        var finder = NestedArchiveFinder(graph: loaded.graph)
        var raw: [(object: Int, key: String, bytes: [UInt8], fieldOffset: Int?)] = []
        for (i, object) in loaded.graph.objects.enumerated() {
            for field in object.fields {
                finder.collectData(field.value, key: field.key, object: i, offset: field.offset, depth: 0, into: &raw)
            }
        }
        guard !raw.isEmpty else { return [] }
        finder.buildReferrers()
        var seen: [String: Int] = [:]
        var out: [Candidate] = []
        for item in raw {
            let isNib = item.bytes.starts(with: NibArchive.magic)
            let (location, nibLike) = finder.locate(object: item.object, key: item.key)
            // A bplist is only an archive candidate where a nib is expected (NSNib, UINib).
            guard isNib || nibLike else { continue }
            var unique = location
            seen[location, default: 0] += 1
            if let n = seen[location], n > 1 { unique += " (\(n))" }
            out.append(Candidate(bytes: item.bytes, offset: item.fieldOffset.flatMap { payloadOffsets[$0] }, location: unique))
        }
        return out
    }

    private func collectData(_ value: ArchiveValue, key: String, object: Int, offset: Int?, depth: Int,
                             into out: inout [(object: Int, key: String, bytes: [UInt8], fieldOffset: Int?)]) {
        guard depth < 32 else { return }
        switch value {
        case .data(let bytes) where bytes.count > 10:
            if bytes.starts(with: NibArchive.magic) || bytes.starts(with: Array("bplist00".utf8)) {
                out.append((object, key, bytes, offset))
            }
        case .array(let items):
            for v in items { collectData(v, key: key, object: object, offset: nil, depth: depth + 1, into: &out) }
        case .dictionary(let fields):
            for f in fields { collectData(f.value, key: f.key, object: object, offset: f.offset, depth: depth + 1, into: &out) }
        default: break
        }
    }

    private mutating func buildReferrers() {
        for (i, object) in graph.objects.enumerated() {
            for field in object.fields { addRefs(field.value, key: field.key, from: i, depth: 0) }
        }
    }

    private mutating func addRefs(_ value: ArchiveValue, key: String, from: Int, depth: Int) {
        guard depth < 32 else { return }
        switch value {
        case .object(let r): referrers[r.index, default: []].append((from, key))
        case .array(let items): for v in items { addRefs(v, key: key, from: from, depth: depth + 1) }
        case .dictionary(let fields): for f in fields { addRefs(f.value, key: f.key, from: from, depth: depth + 1) }
        default: break
        }
    }

    /// The string key of each object held in dictionary `holder` (first key wins), computed once
    /// per dictionary: a hostile graph with many nibs in one huge dictionary stays linear.
    private mutating func identifiers(in holder: Int) -> [Int: String] {
        if let cached = identifierCache[holder] { return cached }
        var ids: [Int: String] = [:]
        for pair in graph.pairs(.object(ObjectRef(holder))) ?? [] {
            if let index = pair.value.objectRef?.index, ids[index] == nil, let id = graph.string(pair.key) { ids[index] = id }
        }
        identifierCache[holder] = ids
        return ids
    }

    /// Names the data value `key` of object `object`; also tells whether a nib is expected there.
    private mutating func locate(object: Int, key: String) -> (String, Bool) {
        var nib = object
        var nibKey = key
        let cls = graph.objects[object].className
        if key == "NS.bytes" || key == "NS.data" || cls.hasSuffix("Data") {
            // NSData object: step up to the UINib/NSNib holding it.
            guard let up = referrers[object]?.first else { return ("data of #\(object) \(cls)", false) }
            nib = up.object
            nibKey = up.key
        }
        let nibLike = Self.nibDataKeys.contains(nibKey)
        let nibClass = graph.objects[nib].className
        guard let holder = referrers[nib]?.first, let id = identifiers(in: holder.object)[nib] else {
            return ("\(nibKey) of #\(nib) \(nibClass)", nibLike)
        }
        // The dictionary is referred to by the table view's property.
        let ownerKey = referrers[holder.object]?.first?.key ?? holder.key
        let label = Self.ownerLabels[ownerKey] ?? ownerKey
        return ("\(label) \"\(id)\"", nibLike)
    }
}

extension ContainerBuilder {
    /// Opens every archive nested in `loaded` as a child document named
    /// `<parent> > <location>`, recursively up to ``DecodingLimits/maxNestingDepth``. A nested
    /// archive that cannot be read becomes a diagnostic; its parent stays valid.
    mutating func addNested(of loaded: LoadedArchive, document: NibContainer.Document, depth: Int) {
        for candidate in NestedArchiveFinder.candidates(in: loaded) {
            let name = loaded.name + " > " + candidate.location
            guard depth <= loader.limits.maxNestingDepth else {
                let error = ArchiveError(.limitExceeded(.nestingDepth, value: depth), at: candidate.offset ?? 0)
                diagnostics.append(Diagnostic(.nestedArchiveTooDeep, "\(error.messageWithoutOffset); not read",
                                              location: .init(document: name, byteOffset: candidate.offset, path: loaded.path)))
                continue
            }
            // Nested archives are disjoint parts of their parent, so all levels together hold at
            // most maxNestingDepth × the input; more means one data value is shared many times
            // (a decompression bomb through a keyed archive's shared references).
            guard candidate.bytes.count <= nestedBytesLeft else {
                if nestedBytesLeft >= 0 {   // one warning per input
                    diagnostics.append(Diagnostic(
                        .nestedArchivesTooLarge,
                        "nested archives exceed \(loader.limits.maxNestingDepth)× the input size "
                            + "(one data value referenced many times); it and later ones not read",
                        location: .init(document: name, byteOffset: candidate.offset, path: loaded.path)))
                }
                nestedBytesLeft = -1
                continue
            }
            nestedBytesLeft -= candidate.bytes.count
            let isNIBArchive = candidate.bytes.starts(with: NibArchive.magic)
            do {
                var child: LoadedArchive
                if isNIBArchive {
                    let archive = try NibArchive(bytes: candidate.bytes, limits: loader.limits, baseOffset: candidate.offset ?? 0)
                    child = LoadedArchive(name: name, path: loaded.path, variant: nil, graph: archive.objectGraph(),
                                          nibArchive: archive)
                } else {
                    child = try loader.loadArchive(bytes: candidate.bytes, name: name, path: loaded.path)
                }
                child.nesting = ArchiveNesting(parent: loaded.name, location: candidate.location,
                                               offset: candidate.offset, depth: depth)
                var doc = NibContainer.Document(name: name, path: loaded.path,
                                                format: FileFormat(sniffing: candidate.bytes.prefix(1024)).displayName,
                                                device: document.device, storyboard: document.storyboard,
                                                parent: loaded.name, location: candidate.location, offset: candidate.offset)
                doc.variant = nil
                documents.append(doc)
                archives.append(child)
                addNested(of: child, document: doc, depth: depth + 1)
            } catch var error as ArchiveError {
                // Readers other than NibArchive count from the nested bytes; make it absolute.
                if !isNIBArchive, let base = candidate.offset { error.offset += base }
                diagnostics.append(Diagnostic(.nestedArchiveUnreadable, error.messageWithoutOffset,
                                              location: .init(document: name, byteOffset: error.hasOffset ? error.offset : candidate.offset,
                                                              path: loaded.path)))
            } catch {
                diagnostics.append(Diagnostic(.nestedArchiveUnreadable, "\(error)",
                                              location: .init(document: name, byteOffset: candidate.offset, path: loaded.path)))
            }
        }
    }
}
