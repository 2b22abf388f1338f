import ArchiveReader
import TextEscaping

/// Prints a resolved ``NibDocument`` as a box-drawn tree: a header line, the placeholders, then
/// the object hierarchy; under every object its outgoing connections, one per line
/// (`outlet titleLabel → #5 UILabel "Welcome"`), optionally incoming connections and properties.
///
/// ```
/// Login.nib — iOS NIBArchive (format 1, coder 10), 6 objects, 3 connections
/// Placeholders
///   #1 File's Owner (class not stated in the nib)
///   │ outlet titleLabel → #5 UILabel "Welcome"
/// Objects
///   #3 UIView
///   └─ #5 UILabel "Welcome"
/// ```
/// Every object is printed once: a visited table guards against malformed parent links, and
/// objects not reached from a root are printed after the roots.
///
/// Memory (issue 31): what the printer keeps per object is flat arrays indexed by the object's
/// position in ``DocumentObjects`` (visited flags, its connections' positions, the outlet that
/// names it), no dictionary or set of ids, and its lines go to the sink as they are made.
struct ResolvedTreePrinter {
    let document: NibDocument
    /// The document's objects: its own, or made one at a time as they are printed.
    let objects: DocumentObjects
    let text: ConnectionText
    var maxDepth: Int = .max
    var showProperties = false
    var showIncoming = false
    var showConstraints = false

    /// The objects printed so far, by position.
    private var printed: HierarchyVisits
    /// Per object position, the positions in ``NibDocument/connections`` of its outgoing
    /// connections (and, made only for ``showIncoming``, its incoming ones): positions, not
    /// copies, so that the tables of a large nib stay small beside its deferred objects.
    private var outgoing: ConnectionTable
    private var incoming = ConnectionTable(count: 0, pairs: [])
    /// The outlet that names each object (File's Owner's first), for constraint formulas.
    private var outletNames: OutletNames

    init(document: NibDocument, style: TerminalStyle, siblings: SiblingDocuments = SiblingDocuments([])) {
        self.init(objects: DocumentObjects(document), style: style, siblings: siblings)
    }

    /// A printer of `objects.document` that asks `objects` for every object (deferred objects are
    /// made where they are printed or named, never all held).
    init(objects: DocumentObjects, style: TerminalStyle, siblings: SiblingDocuments = SiblingDocuments([])) {
        let document = objects.document
        self.document = document
        self.objects = objects
        self.text = ConnectionText(objects: objects, style: style, siblings: siblings)
        printed = objects.visits()
        var pairs: [ConnectionTable.Pair] = []
        pairs.reserveCapacity(document.connections.count)
        var names = OutletNames(count: objects.count)
        for (i, c) in document.connections.enumerated() {
            // A segue is listed under its template object (destination), where its identifier is.
            // A connection from no object of the document is listed only among those without a source.
            if c.kind == .segue, let t = objects.position(of: c.destination) {
                pairs.append(.init(t, i))
            } else if let s = objects.position(of: c.source) {
                pairs.append(.init(s, i))
            }
            // File's Owner's first outlet to an object names it; otherwise the first outlet.
            if c.kind == .outlet, let d = c.destination, Self.isIdentifier(c.label) {
                names.offer(i, for: d, at: objects.position(of: d), fromOwner: objects.placeholder(c.source)?.kind == .filesOwner)
            }
        }
        outgoing = ConnectionTable(count: objects.count, pairs: pairs)
        outletNames = names
    }

    /// The document's tree as text, ending with a newline.
    mutating func render() -> String {
        var text = ""
        render { text += $0 }
        return text
    }

    /// Writes the text of ``render()`` to `sink` line by line (each with its newline) as the
    /// hierarchy is walked.
    mutating func render(to sink: (String) -> Void) {
        func out(_ line: String) { sink(line + "\n") }
        printed = objects.visits()
        incoming = ConnectionTable(count: 0, pairs: [])
        if showIncoming {
            var pairs: [ConnectionTable.Pair] = []
            for (i, c) in document.connections.enumerated() where c.kind != .segue {
                for d in Set([c.destination].compactMap { $0 } + (c.members ?? [])) {
                    if let p = objects.position(of: d) { pairs.append(.init(p, i)) }
                }
            }
            incoming = ConnectionTable(count: objects.count, pairs: pairs)
        }
        let style = text.style
        var header = document.name + " — \(document.platform.rawValue) \(document.format.displayName)"
        // Version words in each format's own terms (nib-format.md §2.1, §4.1, §6).
        let words: (String, String)
        switch document.format {
        case .keyedArchiveBinary, .keyedArchiveXML: words = ("$version", "")
        case .typedstream: words = ("streamer", "system")
        case .xib, .storyboard, .xibArchive: words = ("version", "tools")
        case .nibArchive: words = ("format", "coder")
        }
        var versions: [String] = []
        if let f = document.formatVersion { versions.append("\(words.0) \(f)") }
        if let c = document.coderVersion { versions.append(words.1.isEmpty ? c : "\(words.1) \(c)") }
        if !versions.isEmpty { header += " (" + versions.joined(separator: ", ") + ")" }
        header += ", " + plural(objects.count, "object") + ", " + plural(document.connections.count, "connection")
        out(style.detail(header))
        let placeholders = objects.placeholders
        if !placeholders.isEmpty {
            out("Placeholders")
            for p in placeholders { emit(p, to: out) }
        }
        out("Objects")
        let roots = objects.roots
        for id in roots { if let o = text.object(id) { emit(o, to: out) } }
        // Objects reached from no root: only those are made (again) here.
        if let deferred = objects.deferred {
            // Only the objects reached from no root are made (again) here.
            for p in deferred.indices where !printed.hasVisited(position: p) && deferred.placeholder(at: p) == nil {
                let o = deferred[p]
                if showConstraints || !isConstraint(o) || o.parent == nil { emit(o, to: out) }
            }
        } else {
            for o in document.objects where !printed.hasVisited(o.id) && o.placeholder == nil
                && (showConstraints || !isConstraint(o) || o.parent == nil) {
                emit(o, to: out)
            }
        }
        let orphans = document.connections.filter { $0.source == nil || !objects.contains($0.source) }
        if !orphans.isEmpty {
            out("Connections without a source")
            for c in orphans { out("  " + text.outgoing(c)) }
        }
    }

    private func isConstraint(_ o: NibObject) -> Bool { Self.isConstraint(o) }
    private static func isConstraint(_ o: NibObject) -> Bool { o.className.hasSuffix("LayoutConstraint") }

    /// One object line, its detail lines, then its children (through the one ``HierarchyWalk``),
    /// each line written as soon as it is made.
    private mutating func emit(_ root: NibObject, to out: (String) -> Void) {
        let objects = objects
        let walk = HierarchyWalk(maxDepth: maxDepth) { objects.object($0) }
        var visited = HierarchyVisits(count: 0) { _ in nil }
        swap(&visited, &printed)   // moved, not copied: one walk per root must stay O(its size)
        let showConstraints = showConstraints, outgoing = outgoing
        walk.walk(from: root, visited: &visited, children: { _, kids in
            // Constraints are summarised unless asked for, or unless they carry connections.
            showConstraints ? kids : kids.filter { !Self.isConstraint($0) || !outgoing[objects.position(of: $0.id)].isEmpty }
        }) { step in
            self.lines(for: step, to: out)
        }
        swap(&visited, &printed)
    }

    /// How a constraint formula names an item: `superview` for the view that holds the other
    /// item, the outlet that points at it (`titleLabel`), a layout guide's name (`safeArea`), else
    /// its class with its name or id (`UILabel("Welcome")`, `UIView(#47)`). Nil is the view that
    /// holds the constraint.
    private func itemName(_ id: ObjectID?, in c: LayoutConstraint, holder: ObjectID?) -> String {
        guard let id = id ?? holder else { return "self" }
        let other = id == (c.firstItem ?? holder) ? c.secondItem : (c.firstItem ?? holder)
        if let other, objects.parent(other) == id { return "superview" }
        if let outlet = outletNames.name(of: id, at: objects.position(of: id), in: document.connections) { return outlet }
        guard let o = objects.object(id) else { return id.rawValue }
        if o.className.hasSuffix("LayoutGuide") {
            let identifier = o.property("identifier")?.text ?? o.name ?? ""
            switch identifier {
            case "UIViewSafeAreaLayoutGuide", "safeArea": return "safeArea"
            case "UIViewLayoutMarginsGuide", "viewMargins": return "layoutMargins"
            case "UIViewReadableContentGuide": return "readableContent"
            case "UIViewKeyboardLayoutGuide": return "keyboardLayoutGuide"
            default: break
            }
        }
        let cls = o.customClass ?? o.className
        if let name = o.name, !name.isEmpty { return cls + "(" + Escape.quoted(ConnectionText.shortened(name)) + ")" }
        return cls + "(" + id.rawValue + ")"
    }

    /// True for a Swift/Objective-C identifier (an outlet name usable in a formula).
    private static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// Writes the object line and detail lines of one step of the walk to `out`, one at a time
    /// (File's Owner of a large nib has hundreds of thousands of connection lines).
    private func lines(for step: HierarchyWalk.Step, to out: (String) -> Void) {
        let o = step.object
        let style = text.style
        let branch = step.lastFlags.last.map { $0 ? "└─ " : "├─ " } ?? ""
        let prefix = "  " + step.lastFlags.dropLast().map { $0 ? "   " : "│  " }.joined()
        var line = prefix + branch + style.id(o.id.rawValue) + " " + text.describe(o, full: true)
        if case .constraint(let constraint)? = o.property("constraint") {
            line += " " + style.name(constraint.formula { itemName($0, in: constraint, holder: o.parent) })
        }
        out(line + (o.sourceLine.map { style.detail("  line \($0)") } ?? ""))
        let childPrefix = "  " + step.lastFlags.map { $0 ? "   " : "│  " }.joined()
        let detailPrefix = childPrefix + (step.children.isEmpty ? "    " : "│   ")
        let position = objects.position(of: o.id)
        for i in outgoing[position] { out(detailPrefix + text.outgoing(document.connections[Int(i)])) }
        if showIncoming { for i in incoming[position] { out(detailPrefix + text.incoming(document.connections[Int(i)])) } }
        if showProperties {
            for p in o.properties { out(detailPrefix + style.detail(p.key + ": ") + text.valueText(p.value)) }
            if let runtime = o.runtimeClassName { out(detailPrefix + style.detail("runtimeClassName: ") + runtime) }
        }
        if step.skipped > 0 {
            out(detailPrefix + style.detail("\(step.skipped) constraint\(step.skipped == 1 ? "" : "s") (--constraints to list)"))
        }
        if step.truncated {
            // Counted as shown: constraints count only with --constraints (or when they carry connections).
            let below = o.children.filter { id in
                showConstraints || objects.object(id).map { !isConstraint($0) || !outgoing[objects.position(of: id)].isEmpty } ?? true
            }.count
            out(detailPrefix + style.detail("… " + plural(below, "child", "children") + " below --depth"))
        }
    }
}

/// Connection positions grouped by object position, as two flat arrays (compressed rows): the
/// connections of the object at position `p` are `list[start[p]..<start[p + 1]]`, in the order
/// they were given.
struct ConnectionTable {
    /// One connection (its position in ``NibDocument/connections``) of one object (its position).
    struct Pair {
        var object: Int32
        var connection: Int32
        init(_ object: Int, _ connection: Int) {
            self.object = Int32(object)
            self.connection = Int32(connection)
        }
    }

    private let start: [Int32]
    private let list: [Int32]

    /// The table of `count` objects holding `pairs` (objects in `0..<count`).
    init(count: Int, pairs: [Pair]) {
        var start = [Int32](repeating: 0, count: count + 1)
        for p in pairs { start[Int(p.object) + 1] += 1 }
        for i in 0..<count { start[i + 1] += start[i] }
        var next = start
        var list = [Int32](repeating: 0, count: pairs.count)
        for p in pairs {
            list[Int(next[Int(p.object)])] = p.connection
            next[Int(p.object)] += 1
        }
        self.start = start
        self.list = list
    }

    /// The connections of the object at `position`; none for nil (an id of no object).
    subscript(position: Int?) -> ArraySlice<Int32> {
        guard let position, position + 1 < start.count else { return [] }
        return list[Int(start[position])..<Int(start[position + 1])]
    }
}

/// The outlet that names each object in constraint formulas: File's Owner's first outlet to it,
/// otherwise the first outlet; per object position the connection's position, and for an id that
/// names no object of the document (a malformed connection) a small table of its own.
struct OutletNames {
    private var connection: [Int32]
    private var fromOwner: [Bool]
    private var strays: [ObjectID: (connection: Int, fromOwner: Bool)] = [:]

    init(count: Int) {
        connection = Array(repeating: -1, count: count)
        fromOwner = Array(repeating: false, count: count)
    }

    /// Outlet connection `index` (labelled with an identifier) points at `id`, the object at `position`.
    mutating func offer(_ index: Int, for id: ObjectID, at position: Int?, fromOwner owner: Bool) {
        if let p = position {
            if connection[p] < 0 || (owner && !fromOwner[p]) {
                connection[p] = Int32(index)
                if owner { fromOwner[p] = true }
            }
        } else if strays[id] == nil || (owner && strays[id]?.fromOwner == false) {
            strays[id] = (index, owner)   // set only when none was, or File's Owner's replaces another's
        }
    }

    /// The outlet name of `id` (the object at `position`), if an outlet names it.
    func name(of id: ObjectID, at position: Int?, in connections: [Connection]) -> String? {
        if let p = position {
            let c = connection[p]
            return c < 0 ? nil : connections[Int(c)].label
        }
        return strays[id].map { connections[$0.connection].label }
    }
}
