import NibModel
import SourceIndex

extension NibSourceCheck {
    /// An outlet a xib connects from a File's Owner that has no class, while a top-level object of
    /// the same xib declares it: a cell or view xib whose outlets were wired from File's Owner
    /// instead of from the cell.
    struct OwnerOutlet {
        var doc: Int
        var connection: Connection
        /// The top-level object whose class declares the outlet.
        var declarer: Appearance.Member
    }

    /// Every ``OwnerOutlet`` of the source xibs read, in document and connection order. Compiled
    /// nibs are left out: their File's Owner never has a class, the code that loads them gives it.
    func ownerOutletsWithoutClass() -> [OwnerOutlet] {
        var out: [OwnerOutlet] = []
        for (i, d) in docs.enumerated() where !d.document.format.isCompiled {
            let doc = d.document
            let owners = Set(doc.objects.filter { $0.placeholder?.kind == .filesOwner && Self.className(of: $0) == nil
                && appearance(doc: i, id: $0.id) == nil }.map(\.id))
            guard !owners.isEmpty else { continue }
            // Top-level objects by the outlets their classes declare.
            var declaring: [String: Appearance.Member] = [:]
            for root in doc.roots {
                guard let ai = appearance(doc: i, id: root) else { continue }
                for c in chain(appearances[ai]) {
                    for p in c.outlets where declaring[p.name] == nil { declaring[p.name] = .init(doc: i, id: root) }
                }
            }
            for c in doc.connections where (c.kind == .outlet || c.kind == .outletCollection) && c.source.map(owners.contains) == true {
                guard !FrameworkMembers.outlets.contains(c.label), let declarer = declaring[c.label] else { continue }
                out.append(OwnerOutlet(doc: i, connection: c, declarer: declarer))
            }
        }
        return out
    }

    /// `outlet-on-wrong-object` for each ``OwnerOutlet``: the object that declares the outlet never
    /// gets it (nil), and loading the xib with an owner raises for the key.
    func ownerOutletFindings() -> [Finding] {
        ownerOutletsWithoutClass().map { o in
            let c = o.connection
            let p = place(.init(doc: o.doc, id: c.source!))
            let op = place(o.declarer)
            let a = appearances[appearance(doc: o.doc, id: o.declarer.id)!]
            let property = sources.property(c.label, of: a.className, near: a.home)
            let declarer = op.object.contains(a.className) ? op.object : "\(op.object) (\(a.className))"
            return Finding(.outletOnWrongObject,
                "Outlet \(c.label) is connected from File's Owner, which has no class, but \(declarer) declares it: \(a.className).\(c.label) stays nil, and loading the nib with an owner raises 'not key value coding-compliant for the key \(c.label)'",
                className: runtimeName(a), member: c.label, document: p.document, path: p.path, object: p.object, objectID: p.id,
                line: c.sourceLine ?? p.line, fix: "Connect \(c.label) from \(op.object) instead (and remove it from File's Owner)",
                sources: property.map { [$0.0.location.short] } ?? [])
        }
    }
}
