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

    /// What happened to a difference's object, property or connection. JSON and text give the
    /// raw value (`added`); a string literal names a case (`"added"`), and one that names none is a
    /// programming error.
    public enum Change: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible, ExpressibleByStringLiteral {
        case added, removed, changed, moved, retargeted

        public init(stringLiteral value: String) {
            guard let change = Change(rawValue: value) else { preconditionFailure("no NibDiff.Change '\(value)'") }
            self = change
        }

        public var description: String { rawValue }
    }

    /// What a difference is about. JSON and text give the raw value (`property`); a string literal
    /// names a case, and one that names none is a programming error.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// An object (added, removed, moved, its class or id changed).
        case object
        /// A placeholder (its class changed).
        case placeholder
        case property
        case connection
        /// A segue: added, removed, retargeted, or `changed` (its kind).
        case segue
        /// An action's control events.
        case events
        case document
        /// A nested archive filed under another identifier (source ↔ compiled only).
        case identifier

        public init(stringLiteral value: String) {
            guard let kind = Kind(rawValue: value) else { preconditionFailure("no NibDiff.Kind '\(value)'") }
            self = kind
        }

        public var description: String { rawValue }
    }

    public struct Difference: Hashable, Sendable, Codable {
        public var change: Change
        public var kind: Kind
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

        public init(change: Change, kind: Kind, path: String, left: String? = nil, right: String? = nil,
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
        // Two sources that share few ids (a xib rebuilt by `nibinspect xib`, or one re-saved by
        // another tool) are two id spaces: paired by path and structure as compiled nibs are.
        let byID = bothSources && sharesIDs(old, new)
        let left = CanonicalContext(old), right = CanonicalContext(new)
        var out: [Difference] = []
        if bothSources, let a = old.coderVersion, let b = new.coderVersion, a != b {
            out.append(Difference(change: "changed", kind: "document", path: "toolsVersion", left: a, right: b, category: .tools))
        }
        // Pairing: by id (then, for what is left, by path: re-created objects) or by path.
        var pair: [ObjectID: ObjectID] = [:]        // right id -> left id
        var rightPaired = Set<ObjectID>(), leftPaired = Set<ObjectID>()
        var idChanged = Set<ObjectID>()             // right ids paired by path despite byID
        if byID {
            for (o, _) in right.order where old.object(o.id) != nil && left.paths[o.id] != nil {
                pair[o.id] = o.id
            }
            let leftByPath = Dictionary(left.order.filter { new.object($0.0.id) == nil }.map { ($0.1, $0.0.id) },
                                        uniquingKeysWith: { a, _ in a })
            for (o, path) in right.order where pair[o.id] == nil {
                if let l = leftByPath[path], !leftPaired.contains(l), left.paths[l] != nil, new.object(l) == nil,
                   let lo = old.object(l), lo.className == o.className {
                    pair[o.id] = l
                    idChanged.insert(o.id)
                    leftPaired.insert(l)
                }
            }
        } else {
            // A path shared by same-named siblings (`NSButton`, `NSButton[2]`) says only their order,
            // which compilation may change: those, and everything below them, are paired by
            // structure, frames first.
            let ambiguous = ambiguousPaths(left).union(ambiguousPaths(right))
            let leftByPath = Dictionary(left.order.map { ($0.1, $0.0.id) }, uniquingKeysWith: { a, _ in a })
            var byPath: [ObjectID: Bool] = [:]   // (hierarchy order: parents first)
            for (o, path) in right.order {
                let ok = !ambiguous.contains(Self.pathBase(path)) && (o.parent.map { byPath[$0] ?? false } ?? true)
                byPath[o.id] = ok
                if ok, let l = leftByPath[path], !leftPaired.contains(l) { pair[o.id] = l; leftPaired.insert(l) }
            }
            pairByStructure(old, new, left: left, right: right, pair: &pair, leftPaired: &leftPaired)
        }
        for (r, l) in pair { rightPaired.insert(r); leftPaired.insert(l) }
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
                let cat = connCategory(label), kind: Kind = label.hasPrefix("segue ") ? .segue : .connection
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

    /// Whether at least half of the smaller side's objects (placeholders aside: their ids are
    /// fixed) keep their id on the other side.
    static func sharesIDs(_ old: NibDocument, _ new: NibDocument) -> Bool {
        let a = old.objects.filter { $0.placeholder == nil }, b = new.objects.filter { $0.placeholder == nil }
        let shared = b.reduce(0) { $0 + (old.object($1.id).map { $0.placeholder == nil } == true ? 1 : 0) }
        return min(a.count, b.count) == 0 || (shared > 0 && shared * 2 >= min(a.count, b.count))
    }

    /// `path` without a trailing sibling index (`… › NSButton[3]` → `… › NSButton`).
    static func pathBase(_ path: String) -> Substring {
        guard path.hasSuffix("]"), let open = path.lastIndex(of: "["),
              path[path.index(after: open)..<path.index(before: path.endIndex)].allSatisfy(\.isNumber) else { return Substring(path) }
        return path[..<open]
    }

    /// Path bases held by more than one object of `context`.
    static func ambiguousPaths(_ context: CanonicalContext) -> Set<Substring> {
        var seen = Set<Substring>(), twice = Set<Substring>()
        for (_, path) in context.order where !seen.insert(pathBase(path)).inserted { twice.insert(pathBase(path)) }
        return twice
    }

    /// Pairs what paths left unpaired by structure: in hierarchy order, an object whose parent is
    /// paired (or a root) takes the unpaired child of the partner parent (or root) with the same
    /// class (placeholder kind, custom class, else class) and the same frame, else the first one
    /// with the same class. The same nib in two encodings names
    /// objects differently (a keyed archive's names table says `Window`, the `NIBArchive` shows the
    /// title `MenuDemo`), so their paths differ while their structure does not.
    /// - Complexity: O(objects + children × classes per parent).
    static func pairByStructure(_ old: NibDocument, _ new: NibDocument, left: CanonicalContext, right: CanonicalContext,
                                pair: inout [ObjectID: ObjectID], leftPaired: inout Set<ObjectID>) {
        func kind(_ o: NibObject) -> String { o.placeholder.map { "placeholder " + $0.kind.displayName } ?? (o.customClass ?? o.className) }
        let leftRoots = left.order.filter { $0.0.parent == nil }.map(\.0.id)
        // Per left parent (roots: "") and class, where the scan for a free child resumes: each
        // class keeps its order, and a parent's children are scanned once per class.
        var next: [String: Int] = [:]
        // Unpaired left objects with a frame by parent, kind and frame, in order.
        var byFrame: [String: ArraySlice<ObjectID>] = [:]
        for (l, _) in left.order where !leftPaired.contains(l.id) {
            guard let frame = l.property("frame") else { continue }
            byFrame[(l.parent?.rawValue ?? "") + "\u{0}" + kind(l) + "\u{0}" + frame.description, default: []].append(l.id)
        }
        for (o, _) in right.order where pair[o.id] == nil {
            let siblings: [ObjectID], parentKey: String
            if let rp = o.parent {
                guard let lp = pair[rp], let lpo = old.object(lp) else { continue }
                siblings = lpo.children; parentKey = lp.rawValue
            } else {
                siblings = leftRoots; parentKey = ""
            }
            let k = kind(o), key = parentKey + "\u{0}" + k
            // The free sibling of that kind with the same frame, if there is one.
            if let frame = o.property("frame"), var queue = byFrame[key + "\u{0}" + frame.description] {
                while let l = queue.first, leftPaired.contains(l) { queue.removeFirst() }
                byFrame[key + "\u{0}" + frame.description] = queue
                if let l = queue.first {
                    pair[o.id] = l
                    leftPaired.insert(l)
                    continue
                }
            }
            var i = next[key, default: 0]
            while i < siblings.count {
                let l = siblings[i]
                i += 1
                if !leftPaired.contains(l), left.paths[l] != nil, let lo = old.object(l), kind(lo) == k {
                    pair[o.id] = l
                    leftPaired.insert(l)
                    next[key] = i
                    break
                }
            }
        }
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
