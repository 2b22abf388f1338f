extension NibDocument {
    /// A readable path from the object's root to the object, the form findings and differences
    /// are reported by: `Window "Preferences" › View › Button "Save"`. Each step is the placeholder's
    /// name (`File's Owner`) or the custom class, else the class, with the object's name or title in
    /// quotes when it has a short one-line name. At most 32 steps (deeper paths start with `…`);
    /// an id that names no object gives `#id`.
    public func semanticPath(of id: ObjectID) -> String {
        var parts: [String] = []
        var next: ObjectID? = id
        var seen: Set<ObjectID> = []
        while let current = next, let o = object(current), seen.insert(current).inserted {
            if parts.count == 32 { parts.append("…"); break }
            parts.append(Self.step(o))
            next = o.parent
        }
        if parts.isEmpty { return "#\(id.rawValue.hasPrefix("#") ? String(id.rawValue.dropFirst()) : id.rawValue)" }
        return parts.reversed().joined(separator: " › ")
    }

    /// One step of ``semanticPath(of:)``.
    package static func step(_ o: NibObject) -> String {
        if let p = o.placeholder {
            let cls = p.target?.effectiveClass ?? o.customClass
            return p.kind.displayName + (cls.map { " (\($0))" } ?? "")
        }
        var s = o.customClass ?? o.className
        if let n = o.name, !n.isEmpty, n.count <= 40, !n.contains("\n") { s += " \"\(n)\"" }
        return s
    }
}
