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
/// Every object is printed once: a visited set guards against malformed parent links, and
/// objects not reached from a root are printed after the roots.
struct ResolvedTreePrinter {
    let document: NibDocument
    /// The document's objects: its own, or made one at a time as they are printed.
    let objects: DocumentObjects
    let text: ConnectionText
    var maxDepth: Int = .max
    var showProperties = false
    var showIncoming = false
    var showConstraints = false

    private var printed = Set<ObjectID>()
    /// Per object, the positions in ``NibDocument/connections`` of its outgoing connections (and,
    /// made only for ``showIncoming``, its incoming ones): positions, not copies, so that the
    /// tables of a large nib stay small beside its deferred objects.
    private var outgoing: [ObjectID: [Int]] = [:]
    private var incoming: [ObjectID: [Int]] = [:]
    /// The outlet that names each object (File's Owner's first), for constraint formulas.
    private var outletNames: [ObjectID: String] = [:]
    /// Objects whose outlet name comes from File's Owner.
    private var ownerNamed = Set<ObjectID>()

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
        for (i, c) in document.connections.enumerated() {
            // A segue is listed under its template object (destination), where its identifier is.
            if c.kind == .segue, let t = c.destination, objects.contains(t) {
                outgoing[t, default: []].append(i)
            } else if let s = c.source {
                outgoing[s, default: []].append(i)
            }
            // File's Owner's first outlet to an object names it; otherwise the first outlet.
            if c.kind == .outlet, let d = c.destination, Self.isIdentifier(c.label) {
                let fromOwner = objects.placeholder(c.source)?.kind == .filesOwner
                if outletNames[d] == nil || (fromOwner && !ownerNamed.contains(d)) {
                    outletNames[d] = c.label
                    if fromOwner { ownerNamed.insert(d) }
                }
            }
        }
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
        printed = []
        incoming = [:]
        if showIncoming {
            for (i, c) in document.connections.enumerated() where c.kind != .segue {
                for d in Set([c.destination].compactMap { $0 } + (c.members ?? [])) { incoming[d, default: []].append(i) }
            }
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
            for p in deferred.indices where !printed.contains(deferred.id(at: p)) && deferred.placeholder(at: p) == nil {
                let o = deferred[p]
                if showConstraints || !isConstraint(o) || o.parent == nil { emit(o, to: out) }
            }
        } else {
            for o in document.objects where !printed.contains(o.id) && o.placeholder == nil
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
        var visited = Set<ObjectID>()
        swap(&visited, &printed)   // moved, not copied: one walk per root must stay O(its size)
        let showConstraints = showConstraints, outgoing = outgoing
        walk.walk(from: root, visited: &visited, children: { _, kids in
            // Constraints are summarised unless asked for, or unless they carry connections.
            showConstraints ? kids : kids.filter { !Self.isConstraint($0) || !(outgoing[$0.id] ?? []).isEmpty }
        }) { step in
            for line in self.lines(for: step) { out(line) }
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
        if let outlet = outletNames[id] { return outlet }
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

    /// The object line and detail lines of one step of the walk.
    private func lines(for step: HierarchyWalk.Step) -> [String] {
        let o = step.object
        let style = text.style
        let branch = step.lastFlags.last.map { $0 ? "└─ " : "├─ " } ?? ""
        let prefix = "  " + step.lastFlags.dropLast().map { $0 ? "   " : "│  " }.joined()
        var line = prefix + branch + style.id(o.id.rawValue) + " " + text.describe(o, full: true)
        if case .constraint(let constraint)? = o.property("constraint") {
            line += " " + style.name(constraint.formula { itemName($0, in: constraint, holder: o.parent) })
        }
        var lines = [line + (o.sourceLine.map { style.detail("  line \($0)") } ?? "")]
        let childPrefix = "  " + step.lastFlags.map { $0 ? "   " : "│  " }.joined()
        let detailPrefix = childPrefix + (step.children.isEmpty ? "    " : "│   ")
        for i in outgoing[o.id] ?? [] { lines.append(detailPrefix + text.outgoing(document.connections[i])) }
        if showIncoming { for i in incoming[o.id] ?? [] { lines.append(detailPrefix + text.incoming(document.connections[i])) } }
        if showProperties {
            for p in o.properties { lines.append(detailPrefix + style.detail(p.key + ": ") + text.valueText(p.value)) }
            if let runtime = o.runtimeClassName { lines.append(detailPrefix + style.detail("runtimeClassName: ") + runtime) }
        }
        if step.skipped > 0 {
            lines.append(detailPrefix + style.detail("\(step.skipped) constraint\(step.skipped == 1 ? "" : "s") (--constraints to list)"))
        }
        if step.truncated {
            // Counted as shown: constraints count only with --constraints (or when they carry connections).
            let below = o.children.filter { id in
                showConstraints || objects.object(id).map { !isConstraint($0) || !(outgoing[id] ?? []).isEmpty } ?? true
            }.count
            lines.append(detailPrefix + style.detail("… " + plural(below, "child", "children") + " below --depth"))
        }
        return lines
    }
}
