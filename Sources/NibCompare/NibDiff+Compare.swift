import NibModel
import TextEscaping

extension NibDiff {
    /// Differences from `old` to `new`, in the new side's hierarchy order, then what was removed.
    /// A property that appears or disappears with the class's default value (``PropertyDefaults``:
    /// `tag` 0, `state` 0, `enabled` YES, …) is not a difference unless `allProperties`: one
    /// encoding, tool version or build stores it and the other does not.
    public static func compare(_ old: NibDocument, _ new: NibDocument, allProperties: Bool = false) -> NibDiff {
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
            // A reference to the object's own child (`cell`, `contentView`) comes and goes with the child.
            for p in o.properties where p.key != "constraint" && !c.isChildReference(p, of: o)
                && (allProperties || !PropertyDefaults.isDefault(p, of: o)) {
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
        // A connection by what is compared (its target, and its target without control events,
        // as paired) and its position in its document's connections; what is shown of it is
        // made from the connection only for a difference (an object with thousands of outlets
        // holds no text of them but this).
        typealias Conn = (compared: String, destination: String, position: Int32)
        func conns(_ o: NibObject, _ c: CanonicalContext, _ keyed: CanonicalContext) -> [String: [Conn]] {
            var d: [String: [Conn]] = [:]
            let all = c.document.connections
            for i in c.outgoingPositions(o.id) {
                let conn = all[Int(i)]
                let compared = keyed.parts(conn)   // the label is the same under any naming
                var bare = conn
                bare.controlEvents = nil
                d[compared.label, default: []].append((compared.target, keyed.parts(bare).target, i))
            }
            return d
        }
        func connection(_ x: Conn, _ c: CanonicalContext) -> Connection { c.document.connections[Int(x.position)] }
        func withoutArrow(_ t: String) -> String { t.hasPrefix("→ ") ? String(t.dropFirst(2)) : t }
        /// Where the connection goes, as shown (`View › Label "Welcome"`, `File's Owner [touchUpInside]`).
        func shown(_ x: Conn, _ c: CanonicalContext) -> String { withoutArrow(c.parts(connection(x, c)).target) }
        /// Where it goes, without its control events.
        func bareTarget(_ x: Conn, _ c: CanonicalContext) -> String {
            var bare = connection(x, c)
            bare.controlEvents = nil
            return withoutArrow(c.parts(bare).target)
        }
        func events(_ x: Conn, _ c: CanonicalContext) -> String? { connection(x, c).controlEvents.map { "\($0)" } }
        func line(_ x: Conn, _ c: CanonicalContext) -> Int? { connection(x, c).sourceLine }
        // What the destination shows (its title or text), to tell two destinations apart
        // whose paths read alike: an outlet's name moves with the outlet.
        func hint(_ x: Conn, _ c: CanonicalContext) -> String? {
            connection(x, c).destination.flatMap { c.document.object($0)?.name }.map(Escape.quoted)
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
            let first = out.count
            defer { for i in first..<out.count { out[i].object = path } }
            guard let l = pair[o.id], let lo = old.object(l) else {
                // Only the top of an added subtree.
                if !(o.parent.map(added.contains) ?? false) {
                    out.append(Difference(change: "added", kind: "object", path: path, right: clsText(o), rightLine: o.sourceLine,
                                          children: wiring(of: o.id, in: new, right, change: .added) { pair[$0] == nil }))
                }
                added.insert(o.id)
                continue
            }
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
                    // Reordered under the same parent: the places say it (the paths may read alike,
                    // or differ only because an outlet's name moved with it).
                    var from = left.path(l) ?? "?", to = path
                    if from == to || (o.parent.flatMap { pair[$0] } == lo.parent && o.parent != nil), let li = lo.parent.flatMap({ old.object($0) })?.children.firstIndex(of: lo.id),
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
                    out.append(Difference(change: "changed", kind: "segue", path: path + " segue → " + bareTarget(y, right),
                                          left: String(label.dropFirst(6)), right: String(otherLabel.dropFirst(6)),
                                          leftLine: line(x, left), rightLine: line(y, right), category: .connections))
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
                    let xEvents = events(x, left)
                    guard let i = b.firstIndex(where: { $0.destination == x.destination && events($0, right) != xEvents }) else {
                        return false
                    }
                    let y = b.remove(at: i)
                    out.append(Difference(change: "changed", kind: "events", path: path + " " + label + " → " + bareTarget(y, right),
                                          left: xEvents ?? "none", right: events(y, right) ?? "none", leftLine: line(x, left),
                                          rightLine: line(y, right), category: cat))
                    return true
                }
                while !a.isEmpty, !b.isEmpty {
                    let x = a.removeFirst(), y = b.removeFirst()
                    var (from, to) = (shown(x, left), shown(y, right))
                    if from == to, let h = hint(x, left), let k = hint(y, right), h != k {
                        (from, to) = (from + " (" + h + ")", to + " (" + k + ")")
                    }
                    out.append(Difference(change: "retargeted", kind: kind, path: path + " " + label,
                                          left: from, right: to, leftLine: line(x, left), rightLine: line(y, right), category: cat))
                }
                for x in a {
                    out.append(Difference(change: "removed", kind: kind, path: path + " " + label, left: shown(x, left),
                                          leftLine: line(x, left), category: cat))
                }
                for y in b {
                    out.append(Difference(change: "added", kind: kind, path: path + " " + label, right: shown(y, right),
                                          rightLine: line(y, right), category: cat))
                }
            }
        }
        for (o, path) in left.order where !isConstraint(o) {
            guard !leftPaired.contains(o.id) else { continue }
            if let p = o.parent, left.hasPath(p), !leftPaired.contains(p) { continue }
            out.append(Difference(change: "removed", kind: "object", path: path, left: clsText(o), leftLine: o.sourceLine,
                                  children: wiring(of: o.id, in: old, left, change: .removed) { !leftPaired.contains($0) }))
            out[out.count - 1].object = path
        }
        return NibDiff(differences: out)
    }

    /// The connections that come (`.added`) or go (`.removed`) with the subtree of `root`: from
    /// an object in it, or to one (an outlet, an action's target, a member of an outlet
    /// collection) from outside; outlets, outlet collections, actions, bindings and segues, by
    /// their source's path (runtime attributes and accessibility values are properties). Objects
    /// of the subtree that are not `new` (paired with the other side: moved in or out) and their
    /// connections are left out. Nil when there are none.
    static func wiring(of root: ObjectID, in document: NibDocument, _ context: CanonicalContext, change: Change,
                       new: (ObjectID) -> Bool) -> [Difference]? {
        var inside = Set<ObjectID>(), seen = Set<ObjectID>(), stack = [root]
        while let id = stack.popLast(), seen.count <= document.objects.count {
            guard seen.insert(id).inserted, let o = document.object(id) else { continue }
            if new(id) { inside.insert(id) }
            stack += o.children
        }
        var out: [Difference] = []
        for c in document.connections {
            switch c.kind {
            case .outlet, .outletCollection, .action, .binding, .segue: break
            case .runtimeAttribute, .accessibility, .other: continue
            }
            let from = c.source.map(inside.contains) ?? false
            let to = (c.destination.map(inside.contains) ?? false) || (c.members ?? []).contains(where: inside.contains)
            guard from || to, let source = c.source, let sourcePath = context.path(source) else { continue }
            let (label, target) = context.parts(c)
            let shown = target.hasPrefix("→ ") ? String(target.dropFirst(2)) : target
            out.append(Difference(change: change, kind: c.kind == .segue ? .segue : .connection, path: sourcePath + " " + label,
                                  left: change == .removed ? shown : nil, right: change == .added ? shown : nil,
                                  leftLine: change == .removed ? c.sourceLine : nil, rightLine: change == .added ? c.sourceLine : nil,
                                  category: .connections))
        }
        return out.isEmpty ? nil : out.sorted { ($0.path, $0.left ?? $0.right ?? "") < ($1.path, $1.left ?? $1.right ?? "") }
    }
}
