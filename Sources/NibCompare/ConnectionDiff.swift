import NibModel

/// Connection comparison of ``NibComparer``: tuples in the source's id space, multiset difference,
/// then pairing of one-sided tuples that share kind, source object and label into
/// "destination changed" / "details differ" differences.
enum ConnectionDiff {
    struct Tuple: Hashable {
        var family: ConnectionFamily
        var source: String
        var label: String
        var destination: String
        var keyPath: String
    }

    /// One compared endpoint of a connection: its tuple, and the connection as the side's
    /// connection list holds it (shared with the side, not copied).
    struct Entry {
        var tuple: Tuple
        private let connections: SideConnections
        private let index: Int

        init(tuple: Tuple, connections: SideConnections, index: Int) {
            self.tuple = tuple
            self.connections = connections
            self.index = index
        }

        var connection: Connection { connections[index].connection }
        var document: String { connections[index].document }
    }

    /// The entries of each tuple as a chain in order, consumed from its head (``take(_:)``): an
    /// open-addressing table of tuples whose slots hold the position of the tuple's first entry
    /// (the tuple is read from the entries, not copied into a dictionary) and the head of its
    /// chain, and for each entry the next one with its tuple.
    struct TupleChains {
        private let entries: [Entry]
        /// Per slot: the first entry of its tuple (-1: empty slot), and the first not yet taken
        /// (-1: all taken).
        private var first: [Int32]
        private var heads: [Int32]
        /// Per entry: the next entry with its tuple, -1 for none.
        private var next: [Int32]
        private let mask: Int

        init(_ entries: [Entry]) {
            self.entries = entries
            var capacity = 16
            while capacity < entries.count * 2 { capacity <<= 1 }
            mask = capacity - 1
            first = [Int32](repeating: -1, count: capacity)
            heads = first
            next = [Int32](repeating: -1, count: entries.count)
            var tails = [Int32](repeating: -1, count: capacity)
            for (i, e) in entries.enumerated() {
                let h = slot(e.tuple)
                if first[h] < 0 {
                    first[h] = Int32(i)
                    heads[h] = Int32(i)
                } else {
                    next[Int(tails[h])] = Int32(i)
                }
                tails[h] = Int32(i)
            }
        }

        /// The slot of `tuple`: the one holding it, else the empty one where it would go.
        private func slot(_ tuple: Tuple) -> Int {
            var h = tuple.hashValue & mask
            while first[h] >= 0 && entries[Int(first[h])].tuple != tuple { h = (h + 1) & mask }
            return h
        }

        /// The first entry with `tuple` not taken yet, now taken; nil when none is left.
        mutating func take(_ tuple: Tuple) -> Int? {
            let h = slot(tuple)
            guard first[h] >= 0, heads[h] >= 0 else { return nil }
            let i = Int(heads[h])
            heads[h] = next[i]
            return i
        }
    }

    /// First Responder as a destination, whatever form it takes.
    static let firstResponder = "<First Responder>"

    /// Compares the connections of both sides into `report`; returns the source tuples compared
    /// and matched (with multiplicity). A source tuple left unmatched that a nested archive
    /// compared (``NibComparer/Coverage``, ``NestedArchiveCompare``) is that comparison's to
    /// report, and counts as matched when it matched there. With `recordsCoverage` false (nothing
    /// reads them) both are returned empty.
    @discardableResult
    static func run(source s: CompareSide, compiled c: CompareSide, matcher m: ObjectPairing, drops: Drops,
                    coverage: NibComparer.Coverage = .init(), recordsCoverage: Bool = true,
                    report: inout CompareReport) -> (compared: [Tuple: Int], matched: [Tuple: Int]) {
        var notCompared = 0
        var droppedSource = 0
        var droppedCompiled = 0
        func endpoint(_ side: CompareSide, _ id: ObjectID?, nilTarget: Bool) -> String? {
            guard let raw = id?.rawValue else { return nilTarget ? firstResponder : "nil" }
            let k = side.resolve(raw)
            guard let o = side.object(k) else { return side.isCompiled ? "compiled:" + k : k }
            switch o.placeholder?.kind {
            case .firstResponder?: return firstResponder
            case .exit?, .storyboard?: return nil
            default: break
            }
            if side.isCompiled {
                if drops.compiledObjects.contains(k) && o.placeholder?.kind != .filesOwner { return nil }
                return m.backward[k] ?? "compiled:" + k
            }
            return k
        }
        // Each entry of a side in order (with the counts of what is not compared or dropped).
        func entries(_ side: CompareSide, _ each: (Entry) -> Void) {
            let connections = side.connections
            for (index, (_, conn)) in connections.enumerated() {
                guard let family = ConnectionFamily(conn.kind) else { notCompared += 1; continue }
                if side.isCompiled && Self.isStoryboardArtefact(conn, side) { droppedCompiled += 1; continue }
                guard let src = endpoint(side, conn.source, nilTarget: false) else {
                    if side.isCompiled { droppedCompiled += 1 } else { droppedSource += 1 }
                    continue
                }
                let dests: [ObjectID?] = family == .runtimeAttribute ? [nil]
                    : (conn.kind == .outletCollection ? (conn.members ?? []).map { Optional($0) } : [conn.destination])
                for d in dests {
                    let dest: String
                    if family == .runtimeAttribute { dest = "" }
                    else {
                        guard let e = endpoint(side, d, nilTarget: family == .action) else {
                            if side.isCompiled { droppedCompiled += 1 } else { droppedSource += 1 }
                            continue
                        }
                        dest = e
                    }
                    let keyPath = family == .binding ? (conn.keyPath ?? "") : ""
                    each(Entry(tuple: Tuple(family: family, source: src, label: conn.label, destination: dest,
                                            keyPath: keyPath), connections: connections, index: index))
                }
            }
        }
        // The compiled entries are kept (looked up by tuple); the source's are compared as they
        // are made, not listed first.
        var ce: [Entry] = []
        ce.reserveCapacity(c.connections.count)   // one per endpoint: most connections have one
        entries(c) { ce.append($0) }
        report.counts.compiledConnections = ce.count
        var pool = TupleChains(ce)
        var onlySource: [Entry] = []
        var usedCompiled = [Bool](repeating: false, count: ce.count)
        var matched: [Tuple: Int] = [:], compared: [Tuple: Int] = [:]
        var covered = coverage.tuples, coveredMatched = coverage.matchedTuples
        var sourceEntries = 0
        entries(s) { e in
            sourceEntries += 1
            if recordsCoverage { compared[e.tuple, default: 0] += 1 }
            if let i = pool.take(e.tuple) {
                usedCompiled[i] = true
                if recordsCoverage { matched[e.tuple, default: 0] += 1 }
                report.counts.matchedConnections += 1
                let ev1 = e.connection.controlEvents, ev2 = ce[i].connection.controlEvents
                if e.tuple.family == .action, let ev1, let ev2, ev1 != ev2 {
                    report.differences.append(.init(
                        kind: .connectionDetailsDiffer,
                        message: "control events differ: \(describe(e, s, s)) has \(ev1) in the source, \(ev2) compiled",
                        sourceLine: e.connection.sourceLine, connectionKind: e.tuple.family.rawValue, label: e.tuple.label,
                        source: s.ref(e.tuple.source), sourceValue: "\(ev1)", compiledValue: "\(ev2)"))
                }
            } else if let n = covered[e.tuple], n > 0 {
                covered[e.tuple] = n - 1
                if let k = coveredMatched[e.tuple], k > 0 {
                    coveredMatched[e.tuple] = k - 1
                    report.counts.matchedConnections += 1
                }
            } else {
                onlySource.append(e)
            }
        }
        report.counts.sourceConnections = sourceEntries
        let onlyCompiledAll = ce.indices.filter { !usedCompiled[$0] }.map { ce[$0] }
        // One-sided compiled entries by (kind, source, label), consumed in order.
        var byHead: [String: [Int]] = [:]
        for (i, e) in onlyCompiledAll.enumerated() {
            byHead["\(e.tuple.family.rawValue)\u{0}\(e.tuple.source)\u{0}\(e.tuple.label)", default: []].append(i)
        }
        var byHeadNext: [String: Int] = [:]
        var paired = Set<Int>()
        let contentSegueSources = Self.contentViewControllerSegueSources(s)
        for e in onlySource {
            let head = "\(e.tuple.family.rawValue)\u{0}\(e.tuple.source)\u{0}\(e.tuple.label)"
            if let list = byHead[head], byHeadNext[head, default: 0] < list.count {
                let j = list[byHeadNext[head, default: 0]]
                byHeadNext[head, default: 0] += 1
                paired.insert(j)
                let other = onlyCompiledAll[j]
                let sameDest = other.tuple.destination == e.tuple.destination
                report.differences.append(.init(
                    kind: sameDest ? .connectionDetailsDiffer : .destinationChanged,
                    message: sameDest
                        ? "\(describe(e, s, s)): key path '\(e.tuple.keyPath)' in the source, '\(other.tuple.keyPath)' compiled"
                        : "destination changed: \(e.tuple.family.rawValue) '\(e.tuple.label)' of \(name(e.tuple.source, s, c)): source → \(name(e.tuple.destination, s, c)), compiled → \(name(other.tuple.destination, s, c))",
                    sourceLine: e.connection.sourceLine, connectionKind: e.tuple.family.rawValue, label: e.tuple.label,
                    source: s.ref(e.tuple.source), compiled: c.ref(m.forward[e.tuple.source] ?? ""),
                    sourceValue: sameDest ? e.tuple.keyPath : name(e.tuple.destination, s, c),
                    compiledValue: sameDest ? other.tuple.keyPath : name(other.tuple.destination, s, c)))
                if !sameDest {
                    report.differences[report.differences.count - 1].sourceTarget = target(e.tuple.destination, s, c)
                    report.differences[report.differences.count - 1].compiledTarget = target(other.tuple.destination, s, c)
                }
            } else {
                report.differences.append(.init(
                    kind: .connectionOnlyInSource, message: "connection only in source: \(describe(e, s, c))",
                    sourceLine: e.connection.sourceLine, connectionKind: e.tuple.family.rawValue, label: e.tuple.label,
                    source: s.ref(e.tuple.source), sourceValue: endText(e, s, c)))
                report.differences[report.differences.count - 1].sourceTarget = target(e.tuple.destination, s, c)
            }
        }
        var implied = 0
        for (i, e) in onlyCompiledAll.enumerated() where !paired.contains(i) {
            if isImpliedBySource(e, s, contentSegueSources: contentSegueSources) { implied += 1; continue }
            report.differences.append(.init(
                kind: .connectionOnlyInCompiled, message: "connection only in compiled: \(describe(e, s, c))",
                connectionKind: e.tuple.family.rawValue, label: e.tuple.label,
                source: s.ref(e.tuple.source), compiled: e.tuple.source.hasPrefix("compiled:") ? c.ref(String(e.tuple.source.dropFirst(9))) : nil,
                compiledValue: endText(e, s, c)))
            report.differences[report.differences.count - 1].compiledTarget = target(e.tuple.destination, s, c)
        }
        if implied > 0 {
            report.notes.append(Diagnostic(.impliedConnections, "\(implied) compiled connection(s) implied by the source's structure (key=\"view\"/\"window\" children, window delegate of its controller, properties compiled as runtime attributes)"))
        }
        if droppedSource > 0 {
            report.notes.append(Diagnostic(.designTimeConnections, "\(droppedSource) source connection(s) to Exit or storyboard placeholders: compiled into segue templates"))
        }
        if droppedCompiled > 0 {
            report.notes.append(Diagnostic(.storyboardConnectionsAdded, "\(droppedCompiled) compiled connection(s) added by storyboard compilation (scene owner, storyboard, segue templates)"))
        }
        if notCompared > 0 {
            report.notes.append(Diagnostic(.connectionsNotCompared, "\(notCompared) segue/accessibility/ordering connection(s) not compared"))
        }
        return (compared, matched)
    }

    /// A compiled-only connection that the source states without a connection element: an outlet
    /// named like a keyed child element (`<view key="view">` → outlet `view`), a storyboard
    /// window's `delegate` to its window controller, a runtime attribute for a property the source
    /// sets as an attribute (`autoresizesSubviews="NO"`) or a content-controller relationship segue.
    ///
    /// - Parameter contentSegueSources: ``contentViewControllerSegueSources(_:)`` of `s`.
    static func isImpliedBySource(_ e: Entry, _ s: CompareSide, contentSegueSources: Set<String>) -> Bool {
        guard let src = s.object(e.tuple.source) else { return false }
        switch e.tuple.family {
        case .outlet:
            if src.properties.contains(where: { $0.key == e.tuple.label && $0.value == .object(ObjectID(e.tuple.destination)) }) {
                return true
            }
            if e.tuple.label == "delegate", CompareClasses.base(src) == "NSWindow",
               s.nodes[e.tuple.source]?.parent == e.tuple.destination {
                return true
            }
            return false
        case .runtimeAttribute:
            if src.properties.contains(where: { $0.key == e.tuple.label }) { return true }
            if e.tuple.label == "contentViewController", let parent = s.nodes[e.tuple.source]?.parent {
                return contentSegueSources.contains(parent)
            }
            return false
        default:
            return false
        }
    }

    /// The sources of the source side's content-view-controller relationship segues (computed
    /// once, not searched per connection).
    static func contentViewControllerSegueSources(_ s: CompareSide) -> Set<String> {
        var out = Set<String>()
        for (_, c) in s.connections where c.kind == .segue
            && (c.segue?.relationship ?? "").lowercased().contains("contentviewcontroller") {
            if let source = c.source?.rawValue { out.insert(source) }
        }
        return out
    }

    /// Storyboard plumbing added by compilation (nib-format.md §5.2, §5.3).
    static func isStoryboardArtefact(_ conn: Connection, _ side: CompareSide) -> Bool {
        if ["sceneViewController", "sceneController", "storyboard", "staticDataSource"].contains(conn.label) && conn.kind == .outlet { return true }
        for id in [conn.source, conn.destination].compactMap({ $0 }) {
            if let o = side.object(side.resolve(id.rawValue)) {
                if o.className.contains("SegueTemplate") || o.placeholder?.kind == .storyboard { return true }
            }
        }
        if conn.kind == .action && conn.label == "perform:" { return true }
        return false
    }

    /// `outlet 'button' of File's Owner (-2) → NSButton "OK" (5, line 30)`.
    static func describe(_ e: Entry, _ s: CompareSide, _ c: CompareSide) -> String {
        var text = "\(e.tuple.family.rawValue) '\(e.tuple.label)' of \(name(e.tuple.source, s, c))"
        if e.tuple.family != .runtimeAttribute { text += " → \(name(e.tuple.destination, s, c))" }
        if !e.tuple.keyPath.isEmpty { text += " keyPath '\(e.tuple.keyPath)'" }
        return text
    }

    /// What a one-sided connection points to, for ``CompareReport/Difference/sourceValue``:
    /// `→ NSButton "OK" (5, line 30)`, with its key path; a runtime attribute has none.
    static func endText(_ e: Entry, _ s: CompareSide, _ c: CompareSide) -> String? {
        var parts: [String] = []
        if e.tuple.family != .runtimeAttribute { parts.append("→ " + name(e.tuple.destination, s, c)) }
        if !e.tuple.keyPath.isEmpty { parts.append("keyPath '\(e.tuple.keyPath)'") }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The object an endpoint key names (a source id, or `compiled:` and a compiled id).
    static func target(_ key: String, _ s: CompareSide, _ c: CompareSide) -> CompareReport.ObjectRef? {
        key.hasPrefix("compiled:") ? c.ref(String(key.dropFirst(9))) : s.ref(key)
    }

    static func name(_ key: String, _ s: CompareSide, _ c: CompareSide) -> String {
        if key.hasPrefix("compiled:") {
            let k = String(key.dropFirst(9))
            return c.ref(k).map { "\($0.path) (compiled \($0.id))" } ?? key
        }
        if let o = s.object(key) {
            if let p = o.placeholder { return "\(p.kind.displayName) (\(o.id.rawValue))" }
            return s.ref(key).map(\.description) ?? key
        }
        return key
    }
}
