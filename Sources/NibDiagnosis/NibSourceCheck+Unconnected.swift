import NibModel
import SourceIndex

extension NibSourceCheck {
    // MARK: Coverage

    /// Outlets declared and never connected, or connected in some appearances of their class but
    /// not in another.
    func coverageFindings(coverage: inout Coverage) -> [Finding] {
        var connected: [Int: Set<String>] = [:]
        for (i, d) in docs.enumerated() {
            for c in d.document.connections where c.kind == .outlet || c.kind == .outletCollection {
                if let ai = appearance(doc: i, id: c.source) { connected[ai, default: []].insert(c.label) }
            }
        }
        // Wired from a File's Owner without class instead: outlet-on-wrong-object says so.
        for o in ownerOutletsWithoutClass() {
            if let ai = appearance(doc: o.doc, id: o.declarer.id) { connected[ai, default: []].insert(o.connection.label) }
        }
        // Appearances by every class of their chain.
        var byClass: [String: [Int]] = [:]
        for (ai, a) in appearances.enumerated() {
            for c in chain(a) { byClass[c.identity, default: []].append(ai) }
        }
        var out: [Finding] = []
        var checked = 0
        let useIndex = outletUsesByName()
        var absent: (classes: Int, outlets: Int) = (0, 0)
        defer { recordUnconnectedOutlets(checked: checked, absent: absent, into: &coverage) }
        for cls in sources.classes {
            let apps = byClass[cls.identity] ?? []
            if apps.isEmpty, !cls.outlets.isEmpty, !cls.declarations.isEmpty { absent = (absent.classes + 1, absent.outlets + cls.outlets.count) }
            guard !apps.isEmpty, !cls.outlets.isEmpty else { continue }
            checked += cls.outlets.count
            let declared = Set(cls.outlets.map(\.name))
            for outlet in cls.outlets {
                let with = apps.filter { connected[$0]?.contains(outlet.name) == true }
                if with.isEmpty {
                    out.append(unconnectedOutletFinding(outlet, of: cls, apps: apps, uses: useIndex))
                    continue
                }
                for ai in apps where connected[ai]?.contains(outlet.name) != true {
                    // Only appearances that connect other outlets of the class use its interface.
                    guard !(connected[ai] ?? []).isDisjoint(with: declared) else { continue }
                    let p = place(appearances[ai].members[0])
                    let elsewhere = with.prefix(2).map { docs[appearances[$0].members[0].doc].document.name }
                    out.append(Finding(.outletConnectedElsewhere,
                        "Outlet \(outlet.name) of \(cls.name) is not connected here, but is in \(Set(elsewhere).sorted().joined(separator: ", ")): nil when this one is loaded",
                        className: runtimeName(appearances[ai]), member: outlet.name, document: p.document, path: p.path, object: p.object,
                        objectID: p.id, line: p.line, fix: "Connect \(outlet.name) here too", sources: [outlet.location]))
                    // Views and cells reused in several places may leave optional parts out;
                    // a screen (File's Owner, a controller) or a variant of one should not.
                    if appearances[ai].role == .object || (outlet.optionality == .optional && cls.language == .swift) {
                        out[out.count - 1].severity = .info
                    }
                }
            }
        }
        return out
    }
}
