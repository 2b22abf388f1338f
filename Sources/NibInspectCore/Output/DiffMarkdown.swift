import TextEscaping

/// `nibinspect diff --format markdown`: the differences as a pull-request comment.
///
/// ```
/// **nibinspect diff**: 5 differences (1 moved, 2 changed, 1 retargeted, 1 events) in `Login-v2.xib`
///
/// ### `Login-v2.xib`
///
/// **`UIView › UIButton @signInButton`**
/// - changed property `title`: `"Sign In"` → `"Log In"` (line 48 → 48)
/// - added object …
///   - added connection `…`: `…`
/// ```
/// A summary line, then a section per document (the new input when there is one document), then
/// the differences grouped by the object they are about, in the order `diff` reports them; the
/// connections of an added or removed object nested under it. Every path, name and value is a code
/// span (``Escape/markdownCode(_:)``): nothing from the input is read as Markdown, HTML, a link
/// or an `@mention`, and each stays on its line.
enum DiffMarkdown {
    static func render(_ items: [DiffCommand.Item], old: String, new: String) -> String {
        let code = Escape.markdownCode
        var documents: [String] = []
        var byDocument: [String: [DiffCommand.Item]] = [:]
        for i in items {
            let d = i.document ?? new
            if byDocument[d] == nil { documents.append(d) }
            byDocument[d, default: []].append(i)
        }
        var out = "**nibinspect diff**: "
        if items.isEmpty {
            return out + "no differences between " + code(old) + " and " + code(new) + "\n"
        }
        out += "\(items.count) difference" + (items.count == 1 ? "" : "s")
        var counts: [String] = []
        for change in ["added", "removed", "changed", "moved", "retargeted"] {
            let n = items.filter { $0.change == change }.count
            if n > 0 { counts.append("\(n) \(change)") }
        }
        out += " (" + counts.joined(separator: ", ") + ")"
        out += documents.count == 1 ? " in " + code(documents[0]) : " in \(documents.count) documents"
        out += "\n"
        for d in documents {
            out += "\n### " + code(d) + "\n"
            var group: String?? = .none
            for i in byDocument[d] ?? [] {
                let object = i.object ?? objectPath(i)
                if group != .some(object) {
                    out += "\n" + (object.map { "**" + code($0) + "**" } ?? "**document**") + "\n"
                    group = .some(object)
                }
                out += "- " + line(i, under: object) + "\n"
                for c in i.children ?? [] { out += "  - " + line(c, under: nil) + "\n" }
            }
        }
        return out
    }

    /// `change kind` `what`: `left` → `right` (line a → b), where `what` is the path after the
    /// object's (the property or connection), or the whole path under no object.
    static func line(_ i: DiffCommand.Item, under object: String?) -> String {
        let code = Escape.markdownCode
        var what = i.path
        if let object, what.hasPrefix(object) {
            what = String(what.dropFirst(object.count))
            if what.hasPrefix(" . ") { what = String(what.dropFirst(3)) } else if what.hasPrefix(" ") { what = String(what.dropFirst()) }
        }
        var s = i.change + " " + i.kind + (what.isEmpty ? "" : " " + code(what))
        switch (i.left, i.right) {
        case let (l?, r?): s += ": " + code(l) + " → " + code(r)
        case let (l?, nil): s += ": " + code(l)
        case let (nil, r?): s += ": " + code(r)
        default: break
        }
        if i.leftLine != nil || i.rightLine != nil {
            s += " (line " + [i.leftLine, i.rightLine].map { $0.map(String.init) ?? "-" }.joined(separator: " → ") + ")"
        }
        return s
    }

    /// The object a difference without a recorded object is about: its path before ` . ` for a
    /// property, the path itself for an object; nil for a document.
    static func objectPath(_ i: DiffCommand.Item) -> String? {
        if i.kind == "document" { return nil }
        if let r = i.path.range(of: " . ") { return String(i.path[..<r.lowerBound]) }
        return i.path
    }
}
