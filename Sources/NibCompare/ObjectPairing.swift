import NibModel

/// The one object-pairing engine of `compare` and `diff`: pairs the objects of two sides
/// (``CompareSide``) by structure, where ids did not survive or the two sides do not share an id
/// space (nib-format.md §7.5). `compare` and `diff SOURCE COMPILED` pair a source with its
/// compiled nib under compile rules (``compilation(sourceDocuments:compiledDocuments:hints:noLeftover:)``:
/// what compilation drops or adds is left out, scene placeholders aliased, localizable-string
/// ids as hints); `diff` pairs two versions in two id spaces (``versions(_:_:)``: two compiled
/// nibs, a rebuilt xib and its original) by the same passes with nothing left out. (Two sources
/// that share their ids pair by id: ``DocumentPairing``.) ``source`` is the source or old side,
/// ``compiled`` the compiled or new side. Passes, each only over objects still unmatched:
///
/// 1. placeholders by kind (external ones by identifier), then localizable-string ids
///    (``LocalizationHints``);
/// 2. objects whose class and name (``named(_:)``), else class and toolbar item identifier or
///    first title, text or frame (``signature(_:)``), else class,
///    occurs once on each side;
/// 3. connections: a connection of one kind and label whose one end is matched pairs its other
///    ends (outlet `button` of File's Owner → the compiled outlet's destination), when classes agree;
/// 4. the hierarchy: roots, then the children of every matched pair, aligned in order by longest
///    common subsequence over (base class, custom class, toolbar item identifier); then 3 and 4 again;
/// 5. remaining objects by signature, then by (base class, custom class), in pre-order; 3 again;
/// 6. remaining objects by base class alone (these become class differences) in pre-order.
struct ObjectPairing {
    let source: CompareSide
    let compiled: CompareSide
    /// Source key → compiled key, and back.
    private(set) var forward: [String: String] = [:]
    private(set) var backward: [String: String] = [:]
    /// Keys excluded from matching (compilation artefacts, design-time objects).
    var skipSource: Set<String> = []
    var skipCompiled: Set<String> = []
    /// Source keys matched by structure, connections and hints only, never by the leftover passes
    /// 4 and 5 (objects a nested archive accounts for, ``NestedArchiveCompare``).
    var noLeftoverSource: Set<String> = []
    /// Compiled key → source id from localizable-string keys (``LocalizationHints``).
    var hints: [String: String] = [:]

    init(source: CompareSide, compiled: CompareSide) {
        self.source = source
        self.compiled = compiled
    }

    mutating func pair(_ s: String, _ c: String) {
        guard forward[s] == nil, backward[c] == nil else { return }
        forward[s] = c
        backward[c] = s
    }

    private func freeSource(_ k: String) -> Bool { forward[k] == nil && !skipSource.contains(k) && source.nodes[k] != nil }
    private func freeCompiled(_ k: String) -> Bool { backward[k] == nil && !skipCompiled.contains(k) && compiled.nodes[k] != nil }

    mutating func run() {
        matchPlaceholders()
        matchHints()
        matchUnique(by: Self.named, skipUndistinguished: true)
        matchUnique(by: Self.signature, skipUndistinguished: true)
        matchUnique(by: CompareClasses.key, skipUndistinguished: false)
        propagate()
        alignAll()
        propagate()
        alignAll()
        matchLeftovers(by: { Self.signature($0) })
        matchLeftovers(by: { CompareClasses.key($0) })
        propagate()
        matchLeftovers(by: { CompareClasses.base($0) })
    }

    /// Connection propagation to a fixpoint: unambiguous pairs first (one candidate each side),
    /// then equal-sized candidate lists in document order, then unambiguous ones again. A pass
    /// that pairs nothing leaves the state as it was, so the next would pair nothing either: each
    /// loop stops there instead of rebuilding the connection indexes up to its bound.
    private mutating func propagate() {
        func unique() {
            var rounds = 0
            while rounds < 20 && propagateThroughConnections(uniqueOnly: true) { rounds += 1 }
        }
        unique()
        var rounds = 0
        while rounds < 4 && propagateThroughConnections(uniqueOnly: false) {
            rounds += 1
            unique()
        }
    }

    /// Aligns the roots, then the free children of every matched pair (in source order).
    private mutating func alignAll() {
        align(source.roots.filter(freeSource), compiled.roots.filter(freeCompiled), depth: 0)
        for s in source.order {
            guard let c = forward[s] else { continue }
            let sc = (source.nodes[s]?.children ?? []).filter(freeSource)
            let cc = (compiled.nodes[c]?.children ?? []).filter(freeCompiled)
            align(sc, cc, depth: 0)
        }
    }

    /// Class key plus the object's name (a source's `userLabel`, title or text; a compiled nib's
    /// names-table entry or title), when it has one: `CMYK` and `Parent` tell apart two panels
    /// titled `Panel`.
    static func named(_ o: NibObject) -> String {
        guard let name = o.name, !name.isEmpty else { return CompareClasses.key(o) + "|" }
        return CompareClasses.key(o) + "|name=" + name
    }

    /// Class key plus a toolbar item's identifier or the first of title, text, frame: what tells
    /// two siblings of one class apart. A value counts by its text (a string's without quotes);
    /// empty strings, numbers, booleans and references do not count.
    static func signature(_ o: NibObject) -> String {
        if let item = CompareClasses.toolbarItemIdentifier(o) { return CompareClasses.key(o) + "|item=" + item }
        var distinguishing = ""
        // Title and text are one label: cells archive either under `NSContents`.
        for key in ["title", "text", "frame", "frameSize"] {
            if let v = o.property(key) {
                let kind = key.hasPrefix("frame") ? key : "label"
                switch v {
                case .string, .localizedString:
                    guard let s = v.text, !s.isEmpty else { continue }
                    distinguishing = kind + "=" + s
                case .int, .double, .bool, .object: continue
                case .rect, .point, .size, .insets, .color, .font, .image, .data, .constraint, .flags, .keyEquivalent, .accessibility,
                     .identifiers, .null, .formatted:
                    distinguishing = kind + "=" + v.description
                }
                break
            }
        }
        return CompareClasses.key(o) + "|" + distinguishing
    }

    /// Pairs objects whose `key` (a ``signature(_:)`` with a title, text or frame, or a class key)
    /// occurs exactly once among the free objects of each side.
    private mutating func matchUnique(by key: (NibObject) -> String, skipUndistinguished: Bool) {
        var s: [String: [String]] = [:], c: [String: [String]] = [:]
        for k in source.order where freeSource(k) {
            if let o = source.object(k), o.placeholder == nil { s[key(o), default: []].append(k) }
        }
        for k in compiled.order where freeCompiled(k) {
            if let o = compiled.object(k), o.placeholder == nil { c[key(o), default: []].append(k) }
        }
        for (sig, list) in s where list.count == 1 && !(skipUndistinguished && sig.hasSuffix("|")) {
            if let other = c[sig], other.count == 1 { pair(list[0], other[0]) }
        }
    }

    /// Pairs compiled objects with the source object their localizable strings name, when the
    /// base classes agree (a cell's string names the cell, not its control).
    private mutating func matchHints() {
        for c in compiled.order {
            guard let s = hints[c], freeCompiled(c), freeSource(s),
                  let so = source.object(s), let co = compiled.object(c),
                  CompareClasses.base(so) == CompareClasses.base(co) else { continue }
            pair(s, c)
        }
    }

    /// Pairs each source placeholder with the first free compiled placeholder of its kind (an
    /// external one: of its identifier), in document order; the compiled placeholders are queued
    /// by kind once, so this stays linear however many scenes hold placeholders.
    private mutating func matchPlaceholders() {
        func key(_ p: Placeholder) -> String { p.kind == .external ? "external|" + p.identifier : p.kind.rawValue }
        var queues: [String: [String]] = [:]
        for c in compiled.order {
            if let cp = compiled.object(c)?.placeholder { queues[key(cp), default: []].append(c) }
        }
        var heads: [String: Int] = [:]
        for s in source.order where freeSource(s) {
            guard let sp = source.object(s)?.placeholder, let queue = queues[key(sp)] else { continue }
            // Entries before the head were paired or are excluded; neither changes back.
            var h = heads[key(sp), default: 0]
            while h < queue.count && !freeCompiled(queue[h]) { h += 1 }
            heads[key(sp)] = h
            if h < queue.count { pair(s, queue[h]) }
        }
    }

    /// Aligns two ordered child lists by LCS on the matching key, pairs the aligned ones and
    /// recurses into every matched pair.
    private mutating func align(_ a: [String], _ b: [String], depth: Int) {
        guard depth < 200, !a.isEmpty, !b.isEmpty else { return }
        let ka = a.map { source.object($0).map(CompareClasses.alignKey) ?? "" }
        let kb = b.map { compiled.object($0).map(CompareClasses.alignKey) ?? "" }
        // LCS table, bounded: very long sibling lists fall back to greedy in-order matching.
        var pairs: [(String, String)] = []
        if a.count * b.count <= 250_000 {
            var t = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    t[i][j] = ka[i] == kb[j] ? t[i + 1][j + 1] + 1 : max(t[i + 1][j], t[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < a.count && j < b.count {
                if ka[i] == kb[j] { pairs.append((a[i], b[j])); i += 1; j += 1 }
                else if t[i + 1][j] >= t[i][j + 1] { i += 1 } else { j += 1 }
            }
        } else {
            // Linear: each key's compiled indexes as a queue, consumed in order.
            var queues: [String: [Int]] = [:]
            for (j, k) in kb.enumerated() { queues[k, default: []].append(j) }
            var heads: [String: Int] = [:]
            for (i, k) in ka.enumerated() {
                guard let queue = queues[k] else { continue }
                let h = heads[k, default: 0]
                guard h < queue.count else { continue }
                heads[k] = h + 1
                pairs.append((a[i], b[queue[h]]))
            }
        }
        for (s, c) in pairs where freeSource(s) && freeCompiled(c) { pair(s, c) }
        for (s, c) in pairs where forward[s] == c {
            let sc = (source.nodes[s]?.children ?? []).filter(freeSource)
            let cc = (compiled.nodes[c]?.children ?? []).filter(freeCompiled)
            align(sc, cc, depth: depth + 1)
        }
    }

    /// A connection end as a matching anchor: First Responder (placeholder or nil target) is one
    /// shared anchor on both sides.
    private static func anchor(_ side: CompareSide, _ id: ObjectID?, nilTargeted: Bool) -> String? {
        guard let raw = id?.rawValue else { return nilTargeted ? "<FR>" : nil }
        let k = side.resolve(raw)
        if side.object(k)?.placeholder?.kind == .firstResponder { return "<FR>" }
        return k
    }

    /// Pairs the free other ends of connections that share kind, label and an already matched end
    /// (outlet `button` of the matched File's Owner; action `copy:` to First Responder). Several
    /// candidates pair in document order only when both sides have the same number.
    private mutating func propagateThroughConnections(uniqueOnly: Bool) -> Bool {
        typealias Ends = [String: [String]]
        // Only ends still free can be paired, and an end once paired stays paired: ends that are
        // not free are left out of the index, so a pass costs what is left to match.
        func index(_ side: CompareSide, map: [String: String]?, free: (String) -> Bool) -> Ends {
            var out: Ends = [:]
            for (_, c) in side.connections {
                guard let family = ConnectionFamily(c.kind), family != .runtimeAttribute else { continue }
                guard let src = Self.anchor(side, c.source, nilTargeted: false) else { continue }
                let dests: [String] = c.kind == .outletCollection
                    ? (c.members ?? []).compactMap { Self.anchor(side, $0, nilTargeted: false) }
                    : [Self.anchor(side, c.destination, nilTargeted: c.isNilTargeted || family == .action)].compactMap { $0 }
                func mapped(_ k: String) -> String { k == "<FR>" ? k : (map.map { $0[k] ?? "?" } ?? k) }
                let srcFree = free(src)
                for d in dests {
                    if free(d) { out["\(family.rawValue)>\(c.label)>\(mapped(src))", default: []].append(d) }
                    if srcFree { out["\(family.rawValue)<\(c.label)<\(mapped(d))", default: []].append(src) }
                }
            }
            return out
        }
        let s = index(source, map: nil, free: freeSource)
        let c = index(compiled, map: backward, free: freeCompiled)
        var changed = false
        // Sorted: dictionary order varies between runs, and earlier pairs steer later ones.
        for key in s.keys.sorted() where !key.hasSuffix(">?") && !key.hasSuffix("<?") {
            guard let sEnds = s[key], let cEnds = c[key] else { continue }
            var byBaseS: [String: [String]] = [:], byBaseC: [String: [String]] = [:]
            var seenS = Set<String>(), seenC = Set<String>()
            for e in sEnds where freeSource(e) && seenS.insert(e).inserted {
                if let o = source.object(e) { byBaseS[CompareClasses.base(o), default: []].append(e) }
            }
            for e in cEnds where freeCompiled(e) && seenC.insert(e).inserted {
                if let o = compiled.object(e) { byBaseC[CompareClasses.base(o), default: []].append(e) }
            }
            for base in byBaseS.keys.sorted() {
                guard let list = byBaseS[base], let other = byBaseC[base], other.count == list.count,
                      !uniqueOnly || list.count == 1 else { continue }
                let a = list.sorted { source.rank($0) < source.rank($1) }
                let b = other.sorted { compiled.rank($0) < compiled.rank($1) }
                for (x, y) in zip(a, b) where freeSource(x) && freeCompiled(y) {
                    pair(x, y)
                    changed = true
                }
            }
        }
        return changed
    }

    private mutating func matchLeftovers(by key: (NibObject) -> String) {
        var pool: [String: [String]] = [:]
        var heads: [String: Int] = [:]
        for c in compiled.order where freeCompiled(c) {
            if let o = compiled.object(c) { pool[key(o), default: []].append(c) }
        }
        for s in source.order where freeSource(s) && !noLeftoverSource.contains(s) {
            guard let o = source.object(s), let list = pool[key(o)] else { continue }
            var h = heads[key(o), default: 0]
            while h < list.count && !freeCompiled(list[h]) { h += 1 }
            guard h < list.count else { heads[key(o)] = h; continue }
            pair(s, list[h])
            heads[key(o)] = h + 1
        }
    }
}

/// Connection kinds compared, with outlets and outlet collections as one family (macOS compiles
/// outlet collections into outlet connectors, nib-format.md §7.4).
enum ConnectionFamily: String, Hashable, Sendable {
    case outlet, action, binding, runtimeAttribute

    init?(_ kind: Connection.Kind) {
        switch kind {
        case .outlet, .outletCollection: self = .outlet
        case .action: self = .action
        case .binding: self = .binding
        case .runtimeAttribute: self = .runtimeAttribute
        default: return nil
        }
    }
}
