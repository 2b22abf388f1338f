import ArchiveReader

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
    let text: ConnectionText
    var maxDepth: Int = .max
    var showProperties = false
    var showIncoming = false
    var showConstraints = false

    /// Deepest level printed whatever `--depth` says (objects below are still counted).
    static let nestingLimit = 512

    private var out: [String] = []
    private var printed = Set<ObjectID>()
    private var outgoing: [ObjectID: [Connection]] = [:]
    private var incoming: [ObjectID: [Connection]] = [:]

    init(document: NibDocument, style: TerminalStyle, siblings: [NibDocument] = []) {
        self.document = document
        self.text = ConnectionText(document: document, style: style, siblings: siblings)
        for c in document.connections {
            // A segue is listed under its template object (destination), where its identifier is.
            if c.kind == .segue, let t = c.destination, document.object(t) != nil {
                outgoing[t, default: []].append(c)
            } else if let s = c.source {
                outgoing[s, default: []].append(c)
            }
            for d in Set([c.destination].compactMap { $0 } + (c.members ?? [])) where c.kind != .segue {
                incoming[d, default: []].append(c)
            }
        }
    }

    mutating func render() -> String {
        out = []
        printed = []
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
        header += ", " + plural(document.objects.count, "object") + ", " + plural(document.connections.count, "connection")
        out.append(style.detail(header))
        let placeholders = document.placeholders
        if !placeholders.isEmpty {
            out.append("Placeholders")
            for p in placeholders { emit(p, prefix: "  ", branch: "", depth: 0) }
        }
        out.append("Objects")
        let roots = document.roots
        for id in roots { if let o = text.object(id) { emit(o, prefix: "  ", branch: "", depth: 0) } }
        for o in document.objects where !printed.contains(o.id) && o.placeholder == nil
            && (showConstraints || !isConstraint(o) || o.parent == nil) {
            emit(o, prefix: "  ", branch: "", depth: 0)
        }
        let orphans = document.connections.filter { $0.source == nil || text.object($0.source) == nil }
        if !orphans.isEmpty {
            out.append("Connections without a source")
            for c in orphans { out.append("  " + text.outgoing(c)) }
        }
        for d in document.diagnostics { out.append(style.warning("\(d.severity.rawValue): ") + d.message) }
        return out.joined(separator: "\n") + "\n"
    }

    private func isConstraint(_ o: NibObject) -> Bool { o.className.hasSuffix("LayoutConstraint") }

    /// One object line, its detail lines, then its children.
    private mutating func emit(_ o: NibObject, prefix: String, branch: String, depth: Int) {
        guard printed.insert(o.id).inserted else { return }
        out.append(prefix + branch + text.style.id(o.id.rawValue) + " " + text.describe(o, full: true)
                   + (o.sourceLine.map { text.style.detail("  line \($0)") } ?? ""))
        let childPrefix = prefix + (branch.isEmpty ? "" : (branch.hasPrefix("└") ? "   " : "│  "))
        var kids = o.children.compactMap { text.object($0) }.filter { !printed.contains($0.id) }
        var hiddenConstraints = 0
        if !showConstraints {
            let before = kids.count
            kids = kids.filter { !isConstraint($0) || !(outgoing[$0.id] ?? []).isEmpty }
            hiddenConstraints = before - kids.count
        }
        // `--depth`, and a hard limit that keeps the recursion bounded on hostile nesting.
        let truncated = depth >= min(maxDepth, Self.nestingLimit) && !kids.isEmpty
        if truncated {
            // Objects below the cut are summarised, not reprinted later as roots.
            var stack = kids.map(\.id)
            while let id = stack.popLast() {
                guard printed.insert(id).inserted, let o = text.object(id) else { continue }
                stack.append(contentsOf: o.children)
            }
            kids = []
        }
        let detailPrefix = childPrefix + (kids.isEmpty ? "    " : "│   ")
        for c in outgoing[o.id] ?? [] { out.append(detailPrefix + text.outgoing(c)) }
        if showIncoming { for c in incoming[o.id] ?? [] { out.append(detailPrefix + text.incoming(c)) } }
        if showProperties {
            for p in o.properties { out.append(detailPrefix + text.style.detail(p.key + ": ") + text.valueText(p.value)) }
            if let runtime = o.runtimeClassName { out.append(detailPrefix + text.style.detail("runtimeClassName: ") + runtime) }
        }
        if hiddenConstraints > 0 {
            out.append(detailPrefix + text.style.detail("\(hiddenConstraints) constraint\(hiddenConstraints == 1 ? "" : "s") (--constraints to list)"))
        }
        if truncated { out.append(detailPrefix + text.style.detail("… " + plural(o.children.count, "child", "children") + " below --depth")) }
        for (i, kid) in kids.enumerated() {
            emit(kid, prefix: childPrefix, branch: i == kids.count - 1 ? "└─ " : "├─ ", depth: depth + 1)
        }
        // Hidden constraints count as printed: they are summarised above.
        if !showConstraints { for kid in o.children where text.object(kid).map(isConstraint) == true { printed.insert(kid) } }
    }
}
