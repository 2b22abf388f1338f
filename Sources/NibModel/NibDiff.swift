/// What changed between two versions of a document, by semantic path (`nibinspect diff`).
///
/// Objects are paired by id when both sides are XML sources (xib/storyboard ids are stable across
/// edits), otherwise by their unique semantic path (``NibDocument/uniqueSemanticPaths()``).
/// Reported: objects added or removed (the top of each added or removed subtree only) and class
/// changes; properties changed, added or removed (design-time keys left out, as in
/// ``CanonicalText``); connections added, removed or retargeted (same source and label, other
/// destination or events). Values and destinations print as ``CanonicalText`` prints them.
public struct NibDiff: Hashable, Sendable {
    public struct Difference: Hashable, Sendable, Codable {
        /// `added`, `removed`, `changed`, `retargeted`.
        public var change: String
        /// `object`, `property`, `connection`.
        public var kind: String
        /// The object's semantic path (the new side's when it has one), with `. key` for a
        /// property and the connection label for a connection.
        public var path: String
        /// The old and new value, class or destination; nil on the side that lacks it.
        public var left: String? = nil
        public var right: String? = nil
        /// XML source lines of the object or connection on each side, when read from a source.
        public var leftLine: Int? = nil
        public var rightLine: Int? = nil
    }

    public var differences: [Difference] = []

    /// Differences from `old` to `new`, in the new side's hierarchy order, then what was removed.
    public static func compare(_ old: NibDocument, _ new: NibDocument) -> NibDiff {
        let byID = !old.format.isCompiled && !new.format.isCompiled
        let left = CanonicalContext(old), right = CanonicalContext(new)
        func key(_ id: ObjectID, _ c: CanonicalContext) -> String? { byID ? id.rawValue : c.paths[id] }
        // References compared by pairing key; printed by path.
        var leftKeyed = left, rightKeyed = right
        if byID {
            leftKeyed.naming = { "#" + $0.rawValue }
            rightKeyed.naming = { "#" + $0.rawValue }
        }
        var leftByKey: [String: (NibObject, String)] = [:]
        for (o, path) in left.order { if let k = key(o.id, left) { leftByKey[k] = (o, path) } }
        var rightKeys = Set<String>()
        var out: [Difference] = []
        func clsText(_ o: NibObject) -> String {
            o.customClass.map { c in (o.customModule.map { "\($0).\(c)" } ?? c) + " (\(o.className))" } ?? o.className
        }
        func isConstraint(_ o: NibObject) -> Bool { if case .constraint? = o.property("constraint") { return true }; return false }
        func props(_ o: NibObject, _ c: CanonicalContext, _ keyed: CanonicalContext) -> [String: (shown: String, compared: String)] {
            var d: [String: (String, String)] = [:]
            for p in o.properties where !CanonicalText.designTimeKeys.contains(p.key) && p.key != "constraint" {
                d[p.key] = (c.value(p.value), keyed.value(p.value))
            }
            for (i, f) in (c.constraints[o.id] ?? []).enumerated() {
                _ = i
                d["constraint " + c.formula(f)] = (c.formula(f), c.formula(f))
            }
            return d
        }
        func conns(_ o: NibObject, _ c: CanonicalContext, _ keyed: CanonicalContext) -> [String: [(shown: String, compared: String, line: Int?)]] {
            var d: [String: [(String, String, Int?)]] = [:]
            for conn in c.outgoing[o.id] ?? [] {
                let shown = c.parts(conn), compared = keyed.parts(conn)
                let target = shown.target.hasPrefix("→ ") ? String(shown.target.dropFirst(2)) : shown.target
                d[shown.label, default: []].append((target, compared.target, conn.sourceLine))
            }
            return d
        }
        var added = Set<String>()
        for (o, path) in right.order where !isConstraint(o) {
            guard let k = key(o.id, right) else { continue }
            rightKeys.insert(k)
            guard let (lo, _) = leftByKey[k] else {
                // Only the top of an added subtree.
                if !(o.parent.flatMap { key($0, right) }.map(added.contains) ?? false) {
                    out.append(Difference(change: "added", kind: "object", path: path, right: clsText(o), rightLine: o.sourceLine))
                }
                added.insert(k)
                continue
            }
            if clsText(lo) != clsText(o) {
                out.append(Difference(change: "changed", kind: "object", path: path, left: clsText(lo), right: clsText(o),
                                      leftLine: lo.sourceLine, rightLine: o.sourceLine))
            }
            let lp = props(lo, left, leftKeyed), rp = props(o, right, rightKeyed)
            for name in Set(lp.keys).union(rp.keys).sorted() {
                let a = lp[name], b = rp[name]
                if a?.compared == b?.compared { continue }
                out.append(Difference(change: a == nil ? "added" : b == nil ? "removed" : "changed", kind: "property",
                                      path: path + " . " + name, left: a?.shown, right: b?.shown,
                                      leftLine: lo.sourceLine, rightLine: o.sourceLine))
            }
            let lc = conns(lo, left, leftKeyed), rc = conns(o, right, rightKeyed)
            for label in Set(lc.keys).union(rc.keys).sorted() {
                var a = lc[label] ?? [], b = rc[label] ?? []
                // Unchanged ones first.
                a.removeAll { x in
                    if let i = b.firstIndex(where: { $0.compared == x.compared }) { b.remove(at: i); return true }
                    return false
                }
                while !a.isEmpty, !b.isEmpty {
                    let x = a.removeFirst(), y = b.removeFirst()
                    out.append(Difference(change: "retargeted", kind: "connection", path: path + " " + label,
                                          left: x.shown, right: y.shown, leftLine: x.line, rightLine: y.line))
                }
                for x in a { out.append(Difference(change: "removed", kind: "connection", path: path + " " + label, left: x.shown, leftLine: x.line)) }
                for y in b { out.append(Difference(change: "added", kind: "connection", path: path + " " + label, right: y.shown, rightLine: y.line)) }
            }
        }
        for (o, path) in left.order where !isConstraint(o) {
            guard let k = key(o.id, left), !rightKeys.contains(k) else { continue }
            if let p = o.parent.flatMap({ key($0, left) }), !rightKeys.contains(p) { continue }
            out.append(Difference(change: "removed", kind: "object", path: path, left: clsText(o), leftLine: o.sourceLine))
        }
        return NibDiff(differences: out)
    }
}
