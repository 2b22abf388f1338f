import NibModel
import SourceIndex

/// `outlet-used-before-load`: outlets used in initialisers, `awakeFromNib` and a presenter's
/// `prepare(for:sender:)`, before the view that sets them is loaded.
extension NibSourceCheck {
    // MARK: Outlets used before they are set

    /// The documents (a storyboard scene is `Main.storyboard/<scene>`) of some appearances, sorted,
    /// at most three named: `Resources/Main.storyboard/UIViewController-Det-vc-C01`.
    func documentList(_ apps: [Int]) -> String {
        let names = Set(apps.map { document(appearances[$0].members[0]).name }).sorted()
        return names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
    }

    /// Outlet labels of a controller appearance that its view nib sets (at `loadView`): compiled,
    /// the connections of its view nibs; a source storyboard, outlets into the controller's view.
    func viewNibOutlets(_ ai: Int) -> Set<String> {
        let a = appearances[ai]
        var out: Set<String> = []
        if a.members.count > 1 {
            for m in a.members.dropFirst() {
                for c in document(m).connections where c.source == m.id && (c.kind == .outlet || c.kind == .outletCollection) {
                    out.insert(c.label)
                }
            }
            return out
        }
        let m = a.members[0]
        let doc = document(m)
        // A source storyboard writes the controller's view as a child element (`<view key="view">`,
        // a property of the controller), not as an outlet connection.
        var keyedView: ObjectID?
        if case .object(let id)? = doc.object(m.id)?.property("view") { keyedView = id }
        guard a.role == .controller, !doc.format.isCompiled,
              let view = doc.connections.first(where: { $0.source == m.id && $0.label == "view" })?.destination ?? keyedView
        else { return out }
        for c in doc.connections where c.source == m.id && (c.kind == .outlet || c.kind == .outletCollection) && c.label != "view" {
            var next = c.destination
            var steps = 0
            while let n = next, steps < 512 {
                if n == view { out.insert(c.label); break }
                next = doc.object(n)?.parent
                steps += 1
            }
        }
        return out
    }

    func earlyUseFindings(coverage: inout Coverage) -> [Finding] {
        var out: [Finding] = []
        var checked = 0
        defer {
            coverage.record(check: "outlet-uses", title: "outlets used before loading", rules: [.outletUsedBeforeLoad], checked: checked,
                            unit: "uses in initialisers, awakeFromNib and prepare(for:sender:)",
                            skippedReason: noClassesReason)
        }
        var controllerApps: [String: [Int]] = [:]
        for (ai, a) in appearances.enumerated() where a.role == .controller {
            if let c = sourceClass(a) { controllerApps[c.identity, default: []].append(ai) }
        }
        let anyApps = Set(appearances.flatMap { chain($0).map(\.identity) })
        for cls in sources.classes where !cls.outletUses.isEmpty {
            checked += cls.outletUses.filter { !$0.isAssignment && Self.isLoadTimeMethod($0.method) }.count
            // Own uses in initialisers (outlets are set after init returns) and, for storyboard
            // controllers, in awakeFromNib for outlets into the view.
            let viewOutlets = (controllerApps[cls.identity] ?? []).reduce(into: Set<String>()) { $0.formUnion(viewNibOutlets($1)) }
            for use in cls.outletUses where !use.isOnOtherObject && !use.isAssignment {
                // `init`, `init(coder:)`, and Objective-C `init…` selectors — not `initialSetup`.
                let inInit = use.method == "init" || use.method.hasPrefix("init(")
                    || (use.method.hasPrefix("initWith") && use.method.hasSuffix(":"))
                let inAwake = use.method == "awakeFromNib" && viewOutlets.contains(use.outlet)
                guard (inInit && anyApps.contains(cls.identity)) || inAwake else { continue }
                let when = inInit ? "outlets are set after the initialiser returns"
                    : "the scene's view (and \(use.outlet)) is loaded later, at loadView, before viewDidLoad"
                // Where the instances come from: the scenes (awakeFromNib) or every document of the class.
                let from = inAwake ? controllerApps[cls.identity] ?? []
                    : appearances.indices.filter { chain(appearances[$0]).contains { $0.identity == cls.identity } }
                out.append(located(Finding(.outletUsedBeforeLoad,
                    "\(cls.name).\(use.outlet) is used in \(use.method) (\(use.location.short)), where it is still nil: \(when) (\(cls.name) is loaded from \(documentList(from)))",
                    className: cls.module.map { "\($0).\(cls.name)" } ?? cls.name, member: use.outlet, fix: "Move the code to viewDidLoad (controllers) or awakeFromNib (views)",
                    sources: [use.location]), at: use.location))
            }
            // Uses on a segue's destination in prepare(for:sender:).
            let foreign = cls.outletUses.filter { $0.isOnOtherObject && !$0.isAssignment && $0.method == "prepare(for:sender:)" }
            guard !foreign.isEmpty else { continue }
            var targets: Set<Int> = []
            for from in controllerApps[cls.identity] ?? [] {
                for t in segueTargets[from] ?? [] {
                    targets.insert(t)
                    // Through a container without a custom class (navigation controller) to its root.
                    if FrameworkMembers.isFrameworkClass(appearances[t].className) { targets.formUnion(segueTargets[t] ?? []) }
                }
            }
            for use in foreign {
                for t in targets.sorted() where viewNibOutlets(t).contains(use.outlet) && chain(appearances[t]).contains(where: { $0.property(use.outlet)?.isOutlet == true }) {
                    let target = appearances[t].className
                    out.append(located(Finding(.outletUsedBeforeLoad,
                        "\(cls.name) uses \(target).\(use.outlet) in prepare(for:sender:) (\(use.location.short)): the destination's view (\(documentList([t]))) is not loaded yet, so \(use.outlet) is nil",
                        className: runtimeName(appearances[t]), member: use.outlet,
                        fix: "Pass the value in a property and set \(use.outlet) in \(target).viewDidLoad", sources: [use.location]), at: use.location))
                    break
                }
            }
        }
        return out
    }
}
