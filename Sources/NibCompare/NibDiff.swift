import NibModel

/// What changed between two versions of a document, by semantic path (`nibinspect diff`).
///
/// Objects are paired by id when both sides are XML sources that share at least half their ids
/// (xib/storyboard ids are stable across edits; an object re-created under a new id at the same
/// path and class is paired by path and reported as an `ids` change), otherwise by their unique
/// semantic path (``NibDocument/uniqueSemanticPaths()``) and then by structure
/// (``pairByStructure(_:_:left:right:pair:leftPaired:)``). Reported: objects added or removed (the top of each
/// added or removed subtree only), moved (paired by id, with another parent or another place among
/// the siblings it keeps) and class changes; properties changed, added or removed; connections
/// added, removed, retargeted (same source and label, other destination) or with other control
/// events (same source, label and destination). Values and destinations print as
/// ``CanonicalText`` prints them. Every difference has a ``Category`` so that noise can be left
/// out (``filtered(ignoring:only:)``).
public struct NibDiff: Hashable, Sendable {
    /// What kind of change a difference is, for `--ignore` and `--only`.
    public enum Category: String, CaseIterable, Sendable, Codable {
        /// Objects added, removed, moved or with another class.
        case objects
        /// Connections (outlets, actions, bindings, segues, runtime attributes) added, removed,
        /// retargeted or with other events.
        case connections
        /// Property changes not in a narrower category.
        case properties
        /// Geometry: frame, bounds, rects, sizes, autoresizing, content rects, runtime `frame`.
        case frames
        /// Objects re-created with a new xib id at the same path; Interface Builder object ids
        /// (`oid`) a macOS nib keeps.
        case ids
        /// Tool and system versions, canvas locations, simulated metrics and other design-time keys.
        case tools
        /// Layout constraints added or removed, hugging and compression priorities, autoresizing translation.
        case constraints
        /// Accessibility labels, hints, traits, identifiers.
        case accessibility

        /// Left out unless asked for (`--only`): what a reviewer does not act on.
        public static let ignoredByDefault: Set<Category> = [.tools, .ids]

        /// True when `self`, given with `--ignore` or `--only`, covers a difference of `category`:
        /// `properties` covers every property category.
        public func covers(_ category: Category) -> Bool {
            if self == category { return true }
            return self == .properties && [.frames, .tools, .constraints, .accessibility].contains(category)
        }
    }

    public struct Difference: Hashable, Sendable, Codable {
        /// `added`, `removed`, `changed`, `moved`, `retargeted`.
        public var change: String
        /// `object`, `placeholder` (its class), `property`, `connection`, `segue` (added, removed,
        /// retargeted, or `changed`: its kind), `events` (an action's control events), `document`,
        /// `identifier` (a nested archive filed under another identifier, source ↔ compiled only).
        public var kind: String
        /// The object's semantic path (the new side's when it has one), with `. key` for a
        /// property and the connection label for a connection.
        public var path: String
        /// The old and new value, class, destination, events or (moved) path; nil on the side that lacks it.
        public var left: String? = nil
        public var right: String? = nil
        /// XML source lines of the object or connection on each side, when read from a source.
        public var leftLine: Int? = nil
        public var rightLine: Int? = nil
        public var category: Category = .objects

        public init(change: String, kind: String, path: String, left: String? = nil, right: String? = nil,
                    leftLine: Int? = nil, rightLine: Int? = nil, category: Category = .objects) {
            self.change = change
            self.kind = kind
            self.path = path
            self.left = left
            self.right = right
            self.leftLine = leftLine
            self.rightLine = rightLine
            self.category = category
        }
    }

    public var differences: [Difference] = []

    /// The differences kept by `--ignore`/`--only`: with `only` non-empty, those some `only`
    /// category covers; otherwise all but ``Category/ignoredByDefault``. Then without those an
    /// `ignoring` category covers.
    public func filtered(ignoring: Set<Category> = [], only: Set<Category> = []) -> NibDiff {
        NibDiff(differences: differences.filter { Self.keeps($0.category, ignoring: ignoring, only: only) })
    }

    /// True when ``filtered(ignoring:only:)`` keeps a difference of `category`.
    public static func keeps(_ category: Category, ignoring: Set<Category> = [], only: Set<Category> = []) -> Bool {
        if only.isEmpty ? Category.ignoredByDefault.contains(category) : !only.contains(where: { $0.covers(category) }) {
            return false
        }
        return !ignoring.contains { $0.covers(category) }
    }

    static let frameKeys: Set<String> = [
        "frame", "bounds", "rect", "contentRect", "frameRect", "autoresizingMask", "autoresizing",
        "frameOrigin", "frameSize", "center", "size", "origin", "contentSize", "minSize", "maxSize",
        "contentMinSize", "contentMaxSize", "screenRect", "windowPositionMask", "frameAutosaveName",
    ]
    static let constraintKeys: Set<String> = [
        "translatesAutoresizingMaskIntoConstraints", "horizontalHuggingPriority", "verticalHuggingPriority",
        "horizontalCompressionResistancePriority", "verticalCompressionResistancePriority",
        "contentHuggingPriority", "contentCompressionResistancePriority", "placeholderIntrinsicWidth",
        "placeholderIntrinsicHeight",
    ]
    static let toolKeys: Set<String> = CanonicalText.designTimeKeys.subtracting(constraintKeys)

    /// The category of a property key (`constraint …` for a constraint the object holds).
    static func category(ofProperty key: String) -> Category {
        if key == "oid" { return .ids }   // Interface Builder's object id in a macOS nib's oids table
        if key.hasPrefix("constraint ") || constraintKeys.contains(key) { return .constraints }
        if toolKeys.contains(key) { return .tools }
        if frameKeys.contains(key) || key.hasPrefix("frame.") { return .frames }
        if key.hasPrefix("accessibility") || key == "isAccessibilityElement" { return .accessibility }
        return .properties
    }

    /// Differences from `old` to `new`, in the new side's hierarchy order, then what was removed.
    public static func compare(_ old: NibDocument, _ new: NibDocument) -> NibDiff {
        let bothSources = !old.format.isCompiled && !new.format.isCompiled
        let left = CanonicalContext(old), right = CanonicalContext(new)
        var out: [Difference] = []
        if bothSources, let a = old.coderVersion, let b = new.coderVersion, a != b {
            out.append(Difference(change: "changed", kind: "document", path: "toolsVersion", left: a, right: b, category: .tools))
        }
        let pairing = DocumentPairing.pair(old, new, left: left, right: right)
        let pair = pairing.pair, leftPaired = pairing.leftPaired, idChanged = pairing.idChanged, byID = pairing.byID
        // References compared by what they are paired with; printed by path.
        var leftKeyed = left, rightKeyed = right
        // (Unpaired: by id for sources, else by path.)
        // A reference to no object (a dangling xib id) is named as such on each side.
        leftKeyed.naming = { [leftPaired] id in
            old.object(id) == nil ? "missing#" + id.rawValue : byID || leftPaired.contains(id) ? "#" + id.rawValue : nil
        }
        rightKeyed.naming = { [pair] id in
            new.object(id) == nil ? "missing#" + id.rawValue : pair[id].map { "#" + $0.rawValue } ?? (byID ? "#" + id.rawValue : nil)
        }

        func clsText(_ o: NibObject) -> String {
            o.displayClass
        }
        func isConstraint(_ o: NibObject) -> Bool { if case .constraint? = o.property("constraint") { return true }; return false }
        // Properties by what identifies them (a constraint by its items as paired), with the
        // label shown, the value shown and the value compared.
        func props(_ o: NibObject, _ c: CanonicalContext, _ keyed: CanonicalContext) -> [String: (label: String, shown: String, compared: String)] {
            var d: [String: (String, String, String)] = [:]
            for p in o.properties where p.key != "constraint" {
                d[p.key] = (p.key, c.value(p.value), keyed.value(p.value))
            }
            // Between sources paired by id, a constraint is its xib id (its constant or priority
            // can change); otherwise it is what it says.
            for (f, id) in zip(c.constraints[o.id] ?? [], c.constraintObjects[o.id] ?? []) {
                let key = byID ? "constraint #" + id.rawValue : "constraint " + keyed.comparedFormula(f)
                d[key] = ("constraint " + c.formula(f), c.formula(f), keyed.comparedFormula(f))
            }
            return d
        }
        typealias Conn = (shown: String, compared: String, destination: String, bare: String, events: String?, line: Int?)
        func conns(_ o: NibObject, _ c: CanonicalContext, _ keyed: CanonicalContext) -> [String: [Conn]] {
            var d: [String: [Conn]] = [:]
            for conn in c.outgoing[o.id] ?? [] {
                let shown = c.parts(conn), compared = keyed.parts(conn)
                let target = shown.target.hasPrefix("→ ") ? String(shown.target.dropFirst(2)) : shown.target
                var bare = conn
                bare.controlEvents = nil
                let b = c.parts(bare).target
                d[shown.label, default: []].append((target, compared.target, keyed.parts(bare).target,
                                                    b.hasPrefix("→ ") ? String(b.dropFirst(2)) : b, conn.controlEvents.map { "\($0)" }, conn.sourceLine))
            }
            return d
        }
        func connCategory(_ label: String) -> Category {
            if label.hasPrefix("accessibility ") { return .accessibility }
            if label.hasPrefix("runtime attribute ") {
                let key = String(label.dropFirst("runtime attribute ".count))
                let c = category(ofProperty: key)
                return c == .properties ? .connections : c
            }
            return .connections
        }
        // Children lists (paired ones only) for moves within a parent.
        func siblingsMoved(_ lParent: ObjectID, _ rParent: ObjectID) -> Set<ObjectID> {
            let rKids = (new.object(rParent)?.children ?? []).filter { pair[$0].map { old.object($0)?.parent == lParent } ?? false }
            let lIndex = Dictionary((old.object(lParent)?.children ?? []).enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            let seq = rKids.map { lIndex[pair[$0]!] ?? 0 }
            return Set(notInLongestIncreasing(seq).map { rKids[$0] })
        }
        var movedInParent: [ObjectID: Set<ObjectID>] = [:]   // right parent -> moved children

        var added = Set<ObjectID>()
        for (o, path) in right.order where !isConstraint(o) {
            guard let l = pair[o.id], let lo = old.object(l) else {
                // Only the top of an added subtree.
                if !(o.parent.map(added.contains) ?? false) {
                    out.append(Difference(change: "added", kind: "object", path: path, right: clsText(o), rightLine: o.sourceLine))
                }
                added.insert(o.id)
                continue
            }
            let leftPath = left.paths[l] ?? "?"
            if idChanged.contains(o.id) {
                out.append(Difference(change: "changed", kind: "object", path: path, left: "id " + l.rawValue, right: "id " + o.id.rawValue,
                                      leftLine: lo.sourceLine, rightLine: o.sourceLine, category: .ids))
            }
            if byID {
                var moved = false
                if let rp = o.parent, let lp = lo.parent {
                    if pair[rp] != lp { moved = true }
                    else {
                        if movedInParent[rp] == nil { movedInParent[rp] = siblingsMoved(lp, rp) }
                        moved = movedInParent[rp]!.contains(o.id)
                    }
                } else if (o.parent == nil) != (lo.parent == nil) { moved = true }
                if moved {
                    // Reordered among siblings of one name, both paths read alike: the places say it.
                    var from = leftPath, to = path
                    if from == to, let li = lo.parent.flatMap({ old.object($0) })?.children.firstIndex(of: lo.id),
                       let ri = o.parent.flatMap({ new.object($0) })?.children.firstIndex(of: o.id) {
                        from = "child \(li + 1)"; to = "child \(ri + 1)"
                    }
                    out.append(Difference(change: "moved", kind: "object", path: path, left: from, right: to,
                                          leftLine: lo.sourceLine, rightLine: o.sourceLine))
                }
            }
            // Two sources that share few ids (a rebuilt xib and its original) may write one class
            // two ways (IB 3's `NSPanel`, Xcode's window of class NSPanel; a module the source
            // leaves to its target): their effective classes are compared.
            let effective = bothSources && !byID
            if effective ? (lo.customClass ?? lo.className) != (o.customClass ?? o.className) : clsText(lo) != clsText(o) {
                out.append(Difference(change: "changed", kind: o.placeholder == nil ? "object" : "placeholder", path: path, left: clsText(lo), right: clsText(o),
                                      leftLine: lo.sourceLine, rightLine: o.sourceLine))
            }
            // A source object's own label (`userLabel`) renamed, its title and text unchanged.
            if byID, lo.name != o.name, ["title", "text"].allSatisfy({ lo.property($0) == o.property($0) }) {
                out.append(Difference(change: lo.name == nil ? "added" : o.name == nil ? "removed" : "changed", kind: "property",
                                      path: path + " . name", left: lo.name.map { "\"\($0)\"" }, right: o.name.map { "\"\($0)\"" },
                                      leftLine: lo.sourceLine, rightLine: o.sourceLine, category: .properties))
            }
            let lp = props(lo, left, leftKeyed), rp = props(o, right, rightKeyed)
            for name in Set(lp.keys).union(rp.keys).sorted() {
                let a = lp[name], b = rp[name]
                if a?.compared == b?.compared { continue }
                out.append(Difference(change: a == nil ? "added" : b == nil ? "removed" : "changed", kind: "property",
                                      path: path + " . " + (b?.label ?? a!.label), left: a?.shown, right: b?.shown,
                                      leftLine: lo.sourceLine, rightLine: o.sourceLine,
                                      category: a != nil && b != nil && withoutIDs(a!.shown) == withoutIDs(b!.shown) ? .ids : category(ofProperty: name)))
            }
            var lc = conns(lo, left, leftKeyed), rc = conns(o, right, rightKeyed)
            // A segue whose kind changed (`segue embed` → `segue show`) to the same destination
            // is one change, not a removal and an addition under two labels.
            for (label, list) in lc where label.hasPrefix("segue ") {
                for x in list where !(rc[label] ?? []).contains(where: { $0.compared == x.compared }) {
                    guard let (otherLabel, i) = rc.lazy.filter({ $0.key.hasPrefix("segue ") && $0.key != label })
                        .compactMap({ l, ys in ys.firstIndex { $0.destination == x.destination }.map { (l, $0) } }).first,
                          !(lc[otherLabel] ?? []).contains(where: { $0.compared == rc[otherLabel]![i].compared })
                    else { continue }
                    let y = rc[otherLabel]!.remove(at: i)
                    lc[label]!.removeAll { $0.compared == x.compared }
                    out.append(Difference(change: "changed", kind: "segue", path: path + " segue → " + y.bare,
                                          left: String(label.dropFirst(6)), right: String(otherLabel.dropFirst(6)),
                                          leftLine: x.line, rightLine: y.line, category: .connections))
                }
            }
            for label in Set(lc.keys).union(rc.keys).sorted() {
                var a = lc[label] ?? [], b = rc[label] ?? []
                let cat = connCategory(label), kind = label.hasPrefix("segue ") ? "segue" : "connection"
                // Unchanged ones first, then same destination with other events.
                a.removeAll { x in
                    if let i = b.firstIndex(where: { $0.compared == x.compared }) { b.remove(at: i); return true }
                    return false
                }
                a.removeAll { x in
                    guard let i = b.firstIndex(where: { $0.destination == x.destination && $0.events != x.events }) else { return false }
                    let y = b.remove(at: i)
                    out.append(Difference(change: "changed", kind: "events", path: path + " " + label + " → " + y.bare,
                                          left: x.events ?? "none", right: y.events ?? "none", leftLine: x.line, rightLine: y.line, category: cat))
                    return true
                }
                while !a.isEmpty, !b.isEmpty {
                    let x = a.removeFirst(), y = b.removeFirst()
                    out.append(Difference(change: "retargeted", kind: kind, path: path + " " + label,
                                          left: x.shown, right: y.shown, leftLine: x.line, rightLine: y.line, category: cat))
                }
                for x in a { out.append(Difference(change: "removed", kind: kind, path: path + " " + label, left: x.shown, leftLine: x.line, category: cat)) }
                for y in b { out.append(Difference(change: "added", kind: kind, path: path + " " + label, right: y.shown, rightLine: y.line, category: cat)) }
            }
        }
        for (o, path) in left.order where !isConstraint(o) {
            guard !leftPaired.contains(o.id) else { continue }
            if let p = o.parent, left.paths[p] != nil, !leftPaired.contains(p) { continue }
            out.append(Difference(change: "removed", kind: "object", path: path, left: clsText(o), leftLine: o.sourceLine))
        }
        return NibDiff(differences: out)
    }

    /// `s` with every Interface Builder id in it (`aVn-c1-Mj6`) replaced by `*`: values that
    /// differ only by generated ids (`UpstreamPlaceholder-aVn-c1-Mj6`) are an `ids` change.
    static func withoutIDs(_ s: String) -> String {
        let u = Array(s.unicodeScalars)
        guard u.count >= 10 else { return s }
        func alnum(_ c: Unicode.Scalar) -> Bool { c.properties.isASCIIHexDigit || ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        var out = String.UnicodeScalarView(), i = 0
        while i < u.count {
            if i + 10 <= u.count, u[i + 3] == "-", u[i + 6] == "-",
               [0, 1, 2, 4, 5, 7, 8, 9].allSatisfy({ alnum(u[i + $0]) }),
               i == 0 || !alnum(u[i - 1]), i + 10 == u.count || !alnum(u[i + 10]) {
                out.append("*"); i += 10
            } else { out.append(u[i]); i += 1 }
        }
        return String(out)
    }

    /// Indices of `seq` outside one longest strictly increasing subsequence (the elements that
    /// moved when the others kept their order). O(n log n).
    static func notInLongestIncreasing(_ seq: [Int]) -> [Int] {
        var tails: [Int] = [], tailIndex: [Int] = [], prev = [Int](repeating: -1, count: seq.count)
        for (i, v) in seq.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi { let m = (lo + hi) / 2; if tails[m] < v { lo = m + 1 } else { hi = m } }
            if lo > 0 { prev[i] = tailIndex[lo - 1] }
            if lo == tails.count { tails.append(v); tailIndex.append(i) } else { tails[lo] = v; tailIndex[lo] = i }
        }
        var keep = Set<Int>()
        var i = tailIndex.last ?? -1
        while i >= 0 { keep.insert(i); i = prev[i] }
        return seq.indices.filter { !keep.contains($0) }
    }
}
