import NibModel
import TextEscaping

extension NibDocument {
    /// The path of every object as `textconv` and `diff` key it: steps by ``StableNames`` (the class
    /// and a name the user gave, never the object's text), made unique: a sibling whose step an
    /// earlier sibling already has gets `[2]`, `[3]`, … (`View › Button "OK"`, `View › Button "OK"[2]`).
    /// Placeholders and roots are siblings of one another. Paths follow the hierarchy
    /// (``HierarchyWalk`` from the placeholders, then ``roots``, then objects reached from no
    /// root), so the parent an object is listed under is the one it is walked from. Unlike
    /// ``semanticPath(of:)`` there is no depth cap (the walk stops at ``HierarchyWalk/depthLimit``).
    ///
    /// O(objects). Objects below the walk's depth limit get no path.
    public func uniqueSemanticPaths() -> [ObjectID: String] {
        var paths: [ObjectID: String] = [:]
        walkWithPaths { step, path, _ in paths[step.object.id] = path }
        return paths
    }

    /// ``StableNames/step(_:)``, except for a layout constraint: its class and formula, with items
    /// named by their steps (`NSLayoutConstraint(UILabel.leading = self.leading + 20)`), so that
    /// constraints keep their paths when others are added or removed.
    func canonicalStep(_ o: NibObject, _ names: StableNames) -> String {
        guard case .constraint(let c)? = o.property("constraint") else { return names.step(o) }
        return o.className + "(" + c.formula { id in id.flatMap { object($0) }.map(names.step) ?? "self" } + ")"
    }

    /// Walks the whole document in ``uniqueSemanticPaths()`` order, giving each visited object its
    /// unique path and the path's last step (with its `[n]`).
    func walkWithPaths(_ visit: (HierarchyWalk.Step, String, String) -> Void) {
        var paths: [String] = []
        _ = walkWithSteps { step, parent, last in
            let parentPath = parent < 0 ? "" : paths[parent]
            let path = parentPath.isEmpty ? last : parentPath + " › " + last
            paths.append(path)
            visit(step, path, last)
        }
    }

    /// Walks the whole document in ``uniqueSemanticPaths()`` order, giving each visited object the
    /// number of the visited object it is listed under (-1 for none; objects are numbered 0, 1, 2,
    /// … in visiting order) and its last step (with its `[n]`). Returns every visited object's
    /// parent number and last step, from which ``SemanticSteps/path(_:)`` makes its path: no path
    /// is kept, only the paths of objects with children are made (to number their children's steps).
    func walkWithSteps(_ visit: (HierarchyWalk.Step, Int, String) -> Void) -> SemanticSteps {
        // Siblings are numbered per parent path (the text: two parents whose paths read alike
        // number their children together), each parent path interned as a number once.
        struct Key: Hashable {
            var parent: Int32
            var step: String
        }
        var used: [Key: Int] = [:]              // (parent path's number, step) -> count so far
        var parentPaths: [String: Int32] = ["": 0]
        var pathNumber: [Int32] = []            // per visited object: its path's number, -1 until needed
        var steps = SemanticSteps()
        func unique(_ parent: Int, _ step: String) -> String {
            var number: Int32 = 0
            if parent >= 0 {
                if pathNumber[parent] < 0 {
                    let path = steps.path(parent)
                    if let n = parentPaths[path] { pathNumber[parent] = n } else {
                        pathNumber[parent] = Int32(parentPaths.count)
                        parentPaths[path] = Int32(parentPaths.count)
                    }
                }
                number = pathNumber[parent]
            }
            let key = Key(parent: number, step: step)
            let n = (used[key] ?? 0) + 1
            used[key] = n
            return n == 1 ? step : step + "[\(n)]"
        }
        let walk = HierarchyWalk(self)
        let names = StableNames(self)
        // The controller a storyboard scene is named after (`…/<Class>-<id>`, or its storyboard
        // identifier) goes by its class alone: the scene's heading names it, so renaming its
        // storyboard identifier changes the heading, not every line.
        let sceneRoot = roots.first.flatMap { r in
            let last = name.split(separator: "/").last.map(String.init)
            return CanonicalText.isSceneName(name) || (last != nil && object(r)?.property("storyboardIdentifier")?.text == last) ? r : nil
        }
        var visited = Set<ObjectID>()
        var stack: [Int] = []   // the numbers of the objects the current one is listed under
        // Placeholders, then roots, then every other object (those no root reaches), each walked
        // from where it is in the document: no list of copies of the objects to start from.
        func walkAll(from root: NibObject) {
            walk.walk(from: root, visited: &visited) { step in
                stack.removeSubrange(min(step.depth, stack.count)...)
                let parent = stack.last ?? -1
                let last = unique(parent, step.object.id == sceneRoot ? StableNames.stepClass(step.object) : canonicalStep(step.object, names))
                stack.append(steps.steps.count)
                steps.parents.append(Int32(parent))
                steps.steps.append(last)
                pathNumber.append(-1)
                visit(step, parent, last)
            }
            stack.removeAll()
        }
        for p in placeholders { walkAll(from: p) }
        for r in roots { if let o = object(r) { walkAll(from: o) } }
        for o in objects where o.placeholder == nil { walkAll(from: o) }
        return steps
    }
}

/// The objects of a ``NibDocument/walkWithSteps(_:)`` walk as their parents and last steps (by
/// visiting number), from which their paths are made when asked for.
struct SemanticSteps {
    /// Per visited object: the number of the object it is listed under, -1 for none.
    var parents: [Int32] = []
    /// Per visited object: its last path step, with its `[n]`.
    var steps: [String] = []

    /// The path of visited object `i`: its ancestors' steps and its own, joined by ` › ` (a step
    /// under an empty path stands alone, as the walk made it). O(depth).
    func path(_ i: Int) -> String {
        var chain: [Int] = []
        var k = i
        while k >= 0, chain.count <= parents.count {
            chain.append(k)
            k = Int(parents[k])
        }
        var path = ""
        for j in chain.reversed() { path = path.isEmpty ? steps[j] : path + " › " + steps[j] }
        return path
    }
}

/// The canonical text of a document for line-based diffs (`nibinspect textconv`, a git
/// `diff.<driver>.textconv`): one line per fact, keyed by the object's unique semantic path
/// (``NibDocument/uniqueSemanticPaths()``), in hierarchy order, with no archive indices, xib ids or
/// source lines, so that an edit shows as the few lines it changes.
///
/// For each object, in order:
/// ```
/// View › Button @signInButton : LoginDemo.PrimaryButton (UIButton) {buttonType = "system"; opaque = NO}
/// View › Button @signInButton . title = "Sign In"
/// View › Button @signInButton action signIn: → File's Owner (LoginViewController) [touchUpInside]
/// View : UIView
/// View . constraint Label @titleLabel.leading = self.leading + 24
/// ```
/// the object line (`path : class`, `placeholder` first for placeholders, ` as key` when its parent
/// holds it under a key: `NSButtonCell as cell`; the parent's property naming it is left out), with
/// the object's style in braces (`{key = value; …}`: every property but those of ``ownsLine(_:)``);
/// then the properties with lines of their own (`path . key = value`: geometry, texts, images,
/// state, identifiers, references), sorted by key; properties at the class's default
/// (``PropertyDefaults``) left out unless asked for, and an IB 3 archive key left out when its
/// Interface Builder name is there (``ArchiveKeyAliases``: `frame`, not `NSFrame` too), values as
/// ``PropertyValue/description`` with strings escaped onto one line and object references as
/// paths, without design-time keys (``designTimeKeys``) and ids (``idKeys``); the constraints it
/// holds as formulas, sorted (items named by their last path step, `self` for the holder); then
/// its outgoing connections, sorted.
/// Constraint objects get no lines of their own, so adding one does not renumber the others.
public enum CanonicalText {
    /// Properties that describe the editor, not the interface: canvas placement, simulated
    /// metrics and previews, IB's own bookkeeping. Left out of the canonical text.
    public static let designTimeKeys: Set<String> = [
        "canvasLocation", "simulatedMetrics", "simulatedStatusBarMetrics", "simulatedTopBarMetrics",
        "simulatedBottomBarMetrics", "simulatedOrientationMetrics", "simulatedScreenMetrics",
        "freeformSize", "misplaced", "ambiguous", "placeholderIntrinsicWidth",
        "placeholderIntrinsicHeight", "horizontalHuggingPriority", "verticalHuggingPriority",
        "userLabel", "fixedFrame", "customModuleProvider", "sceneMemberID", "colorMatched",
        "screenRect", "simulatedDestinationMetrics", "verifyAmbiguity",
    ]

    /// Properties that are ids, not facts about the interface: Interface Builder's object id in a
    /// macOS nib's oids table (`oid`), which the NIBArchive of a nib leaves out. Left out of the
    /// canonical text, as archive indices and xib ids are.
    public static let idKeys: Set<String> = ["oid"]

    /// The lines of `document` (each without its newline). Deterministic: the same document gives
    /// the same lines.
    /// Properties whose value is the class's default (``PropertyDefaults``: `tag` 0, `enabled`
    /// YES, …) are left out unless `allProperties`.
    public static func lines(of document: NibDocument, allProperties: Bool = false) -> [String] {
        lines(of: document, scenes: [:], allProperties: allProperties)
    }

    /// ``lines(of:allProperties:)`` with segue destinations named through `scenes` (scene nib name → heading).
    static func lines(of document: NibDocument, scenes: [String: String], allProperties: Bool = false) -> [String] {
        let context = CanonicalContext(document, scenes: scenes)
        let order = context.order, constraints = context.constraints
        let orphans = context.orphans
        let value = context.value, connection = { context.connection($0) }
        var out: [String] = []
        // Every line is terminal text: a name, label or key path holding a line break or a control
        // character is escaped (`\n`, `\u{1b}`), so that one fact stays one line.
        let line = Escape.terminal
        for (o, path) in order {
            if case .constraint? = o.property("constraint") { continue }
            var cls = o.displayClass
            if let p = o.placeholder {
                cls = "placeholder " + (p.kind == .external || p.kind == .upstream ? Escape.quoted(p.identifier) + " " : "") + cls
            }
            if let keys = context.childKeys[o.id] { cls += " as " + keys.joined(separator: ", ") }
            var style: [String] = [], own: [String] = []
            for p in o.properties where !designTimeKeys.contains(p.key) && !idKeys.contains(p.key) && p.key != "constraint"
                && !context.isChildReference(p, of: o) && (allProperties || !PropertyDefaults.isDefault(p, of: o))
                && !ArchiveKeyAliases.isShadowed(p.key, in: o) {
                if ownsLine(p) || context.isReference(p.value) {
                    own.append(line(path + " . " + p.key + " = " + value(p.value)))
                } else {
                    style.append(p.key + " = " + value(p.value))
                }
            }
            out.append(line(path + " : " + cls + (style.isEmpty ? "" : " {" + style.joined(separator: "; ") + "}")))
            out += own
            // Sorted: the keyed archive and the NIBArchive of one nib list a view's constraints
            // in different orders.
            out += (constraints[o.id] ?? []).map { line(path + " . constraint " + context.formula($0)) }.sorted()
            out += context.outgoing(o.id).map { line(path + " " + connection($0)) }.sorted()
        }
        out += orphans.map { line("(no source) " + connection($0)) }.sorted()
        return out
    }

    /// The text of ``lines(of:)`` for every document, with `== name ==` headings when there is
    /// more than one, each line ending with a newline. A scene named after its controller's id
    /// (`Main.storyboard/UIViewController-QJM-al-rDe`) is headed by the controller's path instead
    /// (`Main.storyboard/UIViewController "Settings"`), and segues name scenes the same way.
    public static func text(of documents: [NibDocument], allProperties: Bool = false) -> String {
        let names = headings(documents)
        var scenes: [String: String] = [:]
        for (d, h) in zip(documents, names) {
            let scene = d.name.split(separator: "/").last.map(String.init) ?? d.name
            scenes[scene] = h.split(separator: "/").last.map(String.init) ?? h
        }
        var out = ""
        for (i, d) in documents.enumerated() {
            if documents.count > 1 { out += (i > 0 ? "\n" : "") + "== \(Escape.terminal(names[i])) ==\n" }
            for line in lines(of: d, scenes: scenes, allProperties: allProperties) { out += line + "\n" }
        }
        return out
    }

    /// True for the name of a storyboard scene (`…/<Class>-<id>`, `UIViewController-QJM-al-rDe`),
    /// which ``headings(_:)`` replaces by its controller's step.
    static func isSceneName(_ name: String) -> Bool {
        guard let last = name.split(separator: "/", omittingEmptySubsequences: false).last, last.count > 11 else { return false }
        return isReference(String(last.suffix(10))) && last.dropLast(10).hasSuffix("-")
    }

    /// Document names without Interface Builder ids: `…/<Class>-<id>` becomes `…/` and the first
    /// root's step (``StableNames``: `UIViewController "Settings"` for a storyboard identifier;
    /// without one, its class and title); repeated headings get `[2]`, `[3]`, …
    public static func headings(_ documents: [NibDocument]) -> [String] {
        var used: [String: Int] = [:]
        return documents.map { d in
            var name = d.name
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            if let last = parts.last, last.count > 11, isReference(String(last.suffix(10))),
               last.dropLast(10).hasSuffix("-") {
                // By a name the user gave (a storyboard identifier), so that editing a scene's
                // title does not rename the scene; by its title when it has no such name.
                let names = StableNames(d)
                let root = d.roots.first.flatMap { d.object($0) }.map { names.name(of: $0) != nil ? names.step($0) : NibDocument.step($0) }
                    ?? String(last.dropLast(11))
                name = parts.dropLast().joined(separator: "/") + (parts.count > 1 ? "/" : "") + root
            }
            let n = (used[name] ?? 0) + 1
            used[name] = n
            return n == 1 ? name : name + "[\(n)]"
        }
    }

    /// True for text that has the form of an Interface Builder object id (`JOj-tL-T8m`).
    static func isReference(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [3, 2, 3] && s.unicodeScalars.allSatisfy {
            $0 == "-" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
    }
}

/// One document's paths and the text of its values and connections, as ``CanonicalText`` and
/// ``NibDiff`` write them.
struct CanonicalContext {
    let document: NibDocument
    let scenes: [String: String]
    /// Objects in hierarchy order with their paths, read from the document and made (each path
    /// from its steps) as iterated.
    var order: LazyMapSequence<Range<Int>, (NibObject, String)> {
        let context = self
        return (0..<count).lazy.map { i in (context.object(entry: i), context.steps.path(i)) }
    }
    /// How many objects the walk visited (the entries of ``order``).
    var count: Int { steps.steps.count }
    /// The walk's objects (entries, by visiting number) as positions in the document's objects
    /// (no copies of the objects), their parents and last steps (no paths: a path is made when
    /// asked for); the objects themselves only when ids repeat (a malformed source), where a
    /// position by id could name another object.
    private var orderPositions: [Int32] = []
    private var orderObjects: [NibObject]?
    private var steps = SemanticSteps()
    /// The entry of each walked object: by its position in the document's objects (-1: not
    /// walked) when ids are unique, by id when they repeat.
    private let positions: [ObjectID: Int]
    private var entryByPosition: [Int32] = []
    private var entryByID: [ObjectID: Int32]?
    /// Connections by source entry, in document order: positions in the document's connections,
    /// those of entry `e` at `outgoingStart[e]..<outgoingStart[e + 1]`; those whose source has no path.
    private var outgoingStart: [Int32] = []
    private var outgoingList: [Int32] = []
    private var orphanList: [Int32] = []
    /// Constraints by the view that holds them, and the constraint objects in the same order.
    private(set) var constraints: [ObjectID: [LayoutConstraint]] = [:]
    private(set) var constraintObjects: [ObjectID: [ObjectID]] = [:]
    /// How an object is named in values and connections (default: its path).
    var naming: ((ObjectID) -> String?)?
    /// The keys under which an object's parent holds it (`cell`, `contentView`, `menu`), sorted:
    /// printed on the object's own line (`NSButton › NSButtonCell : NSButtonCell as cell`) rather
    /// than as a property of the parent whose value only repeats the child's path.
    private(set) var childKeys: [ObjectID: [String]] = [:]

    init(_ document: NibDocument, scenes: [String: String] = [:]) {
        self.document = document
        self.scenes = scenes
        let positions = document.$objects.positions, uniqueIDs = positions.count == document.objects.count
        self.positions = positions
        var orderPositions: [Int32] = [], orderObjects: [NibObject]? = uniqueIDs ? nil : []
        var entryByPosition = [Int32](repeating: -1, count: uniqueIDs ? document.objects.count : 0)
        var entryByID: [ObjectID: Int32]? = uniqueIDs ? nil : [:]
        steps = document.walkWithSteps { step, _, _ in
            let entry = Int32(orderPositions.count + (orderObjects?.count ?? 0))
            if uniqueIDs {
                let p = positions[step.object.id]!
                orderPositions.append(Int32(p))
                entryByPosition[p] = entry
            } else {
                orderObjects!.append(step.object)
                entryByID![step.object.id] = entry
            }
        }
        self.orderPositions = orderPositions
        self.orderObjects = orderObjects
        self.entryByPosition = entryByPosition
        self.entryByID = entryByID
        // Connections by source entry: counted, then placed (document order kept per source).
        var start = [Int32](repeating: 0, count: count + 1)
        var sources: [Int32] = []
        sources.reserveCapacity(document.connections.count)
        for (i, c) in document.connections.enumerated() {
            if let s = c.source, let e = entry(s) {
                start[e + 1] += 1
                sources.append(Int32(e))
            } else {
                orphanList.append(Int32(i))
                sources.append(-1)
            }
        }
        for e in 0..<count { start[e + 1] += start[e] }
        var next = start, list = [Int32](repeating: 0, count: Int(start[count]))
        for (i, e) in sources.enumerated() where e >= 0 {
            list[Int(next[Int(e)])] = Int32(i)
            next[Int(e)] += 1
        }
        outgoingStart = start
        outgoingList = list
        for e in 0..<count {
            let o = object(entry: e)
            for p in o.properties {
                guard case .object(let id) = p.value, id != o.id, document.object(id)?.parent == o.id, hasPath(id) else { continue }
                childKeys[id, default: []].append(p.key)
            }
        }
        for id in childKeys.keys { childKeys[id]?.sort() }
        for o in document.objects {
            if case .constraint(let lc)? = o.property("constraint") {
                constraints[o.parent ?? ObjectID(""), default: []].append(lc)
                constraintObjects[o.parent ?? ObjectID(""), default: []].append(o.id)
            }
        }
    }

    /// The entry (visiting number) of the walked object with `id`; nil when no walked object has it.
    func entry(_ id: ObjectID) -> Int? {
        if let entryByID { return entryByID[id].map(Int.init) }
        guard let p = positions[id] else { return nil }
        let e = entryByPosition[p]
        return e < 0 ? nil : Int(e)
    }

    /// The object of entry `i` (`0..<count`).
    func object(entry i: Int) -> NibObject { orderObjects?[i] ?? document.objects[Int(orderPositions[i])] }

    /// The path of entry `i`, made from its steps.
    func path(entry i: Int) -> String { steps.path(i) }

    /// The unique path of the object with `id` (made from its steps); nil when the walk did not reach it.
    func path(_ id: ObjectID) -> String? { entry(id).map(steps.path) }

    /// True when the walk reached the object with `id` (it has a path).
    func hasPath(_ id: ObjectID) -> Bool { entry(id) != nil }

    /// The connections whose source is the object with `id`, in document order, as positions in
    /// the document's connections.
    func outgoingPositions(_ id: ObjectID) -> ArraySlice<Int32> {
        guard let e = entry(id) else { return [] }
        return outgoingList[Int(outgoingStart[e])..<Int(outgoingStart[e + 1])]
    }

    /// The connections whose source is the object with `id`, in document order.
    func outgoing(_ id: ObjectID) -> LazyMapSequence<ArraySlice<Int32>, Connection> {
        let connections = document.connections
        return outgoingPositions(id).lazy.map { connections[Int($0)] }
    }

    /// The connections whose source has no path, in document order.
    var orphans: LazyMapSequence<[Int32], Connection> {
        let connections = document.connections
        return orphanList.lazy.map { connections[Int($0)] }
    }

    func lastStep(_ id: ObjectID) -> String { entry(id).map { steps.steps[$0] } ?? "?" }

    /// True for a value that names another object (printed as its path): an object reference or
    /// a xib reference kept as text (`selectedItem="SDZ-cp-t7j"`).
    func isReference(_ v: PropertyValue) -> Bool {
        switch v {
        case .object: return true
        case .string(let s): return document.format.isCompiled == false && CanonicalText.isReference(s) && hasPath(ObjectID(s))
        default: return false
        }
    }

    /// True when `p` of `o` holds one of `o`'s own children (``childKeys``): the child's line says it.
    func isChildReference(_ p: Property, of o: NibObject) -> Bool {
        guard case .object(let id) = p.value else { return false }
        return childKeys[id]?.contains(p.key) == true && document.object(id)?.parent == o.id
    }

    func name(_ id: ObjectID?) -> String {
        guard let id else { return "nil" }
        if let naming, let n = naming(id) { return n }
        return path(id) ?? "?"
    }

    /// A constraint's formula with items named by their last path step (`self`: the holder).
    func formula(_ c: LayoutConstraint) -> String { c.formula { $0.map(lastStep) ?? "self" } }

    /// ``formula(_:)`` with items named by ``naming`` where it names them: what `diff` compares,
    /// so that a renamed or re-indexed item (`NSButton[3]` → `NSButton[2]`) is the same item.
    func comparedFormula(_ c: LayoutConstraint) -> String {
        c.formula { $0.map { id in naming?(id) ?? lastStep(id) } ?? "self" }
    }

    func value(_ v: PropertyValue) -> String {
        switch v {
        case .string(let s):
            // xib references kept as text (`headerView="JOj-tL-T8m"`, `selectedItem=…`).
            if document.format.isCompiled == false, hasPath(ObjectID(s)), CanonicalText.isReference(s) {
                return name(ObjectID(s))
            }
            return Escape.quoted(s)
        case .localizedString(let l): return Escape.quoted(l.text)
        case .keyEquivalent(let k): return Escape.quoted(k.description)
        case .object(let id): return name(id)
        case .constraint(let c): return formula(c)
        default: return Escape.terminal(v.description)
        }
    }

    /// Binding options that are flags (`NSValidatesImmediately`): a keyed archive stores them as
    /// booleans (`YES`), a NIBArchive as integers (`1`).
    static let flagOptions: Set<String> = [
        "NSAllowsEditingMultipleValuesSelection", "NSAllowsNullArgument", "NSAlwaysPresentsApplicationModalAlerts",
        "NSConditionallySetsEditable", "NSConditionallySetsEnabled", "NSConditionallySetsHidden",
        "NSContinuouslyUpdatesValue", "NSCreatesSortDescriptor", "NSDeletesObjectsOnRemove",
        "NSHandlesContentAsCompoundValue", "NSInsertsNullPlaceholder", "NSRaisesForNotApplicableKeys",
        "NSSelectsAllWhenSettingContent", "NSValidatesImmediately",
    ]

    /// A binding option's value as text: a flag as `YES` or `NO` however it was stored.
    static func optionValue(_ key: String, _ value: String) -> String {
        guard flagOptions.contains(key) else { return value }
        switch value {
        case "1", "YES", "true": return "YES"
        case "0", "NO", "false": return "NO"
        default: return value
        }
    }

    /// `outlet titleLabel → View › Label "Welcome"`, `action signIn: → File's Owner [touchUpInside]`.
    func connection(_ c: Connection) -> String {
        let (label, target) = parts(c)
        return target.isEmpty ? label : label + " " + target
    }

    /// A connection as what identifies it on its source (`outlet titleLabel`, `action signIn:`)
    /// and where it goes (`→ View › Label "Welcome"`, `→ File's Owner [touchUpInside]`).
    func parts(_ c: Connection) -> (label: String, target: String) {
        let q = Escape.quoted, line = Escape.terminal
        switch c.kind {
        case .outlet: return ("outlet \(c.label)", "→ " + name(c.destination))
        case .outletCollection:
            var s = "→ [" + (c.members ?? []).map(name).joined(separator: ", ") + "]"
            if let cls = c.collectionClass { s += " (\(cls))" }
            return ("outlet collection \(c.label)", s)
        case .action:
            var s = "→ " + (c.isNilTargeted && !(c.destination.map(hasPath) ?? false) ? "First Responder" : name(c.destination))
            if let e = c.controlEvents { s += " [\(e)]" }
            return ("action \(c.label)", s)
        case .binding:
            var s = "→ " + name(c.destination)
            if let k = c.keyPath { s += " keyPath \(k)" }
            if let o = c.options, !o.isEmpty {
                s += " {" + o.keys.sorted().map { "\($0)=\(line(Self.optionValue($0, o[$0] ?? "")))" }.joined(separator: ", ") + "}"
            }
            return ("binding \(c.label)", s)
        case .runtimeAttribute: return ("runtime attribute \(c.label)", "= " + (c.value.map(value) ?? "nil"))
        case .accessibility: return ("accessibility \(c.label)", "= " + (c.value.map(value) ?? "nil"))
        case .segue:
            var label = "segue \(c.label)"
            if let r = c.segue?.relationship { label += " \(r)" }
            if let id = c.segue?.identifier { label += " " + q(id) }
            var s = "→ " + (c.destination.flatMap { hasPath($0) ? name($0) : nil }
                ?? c.segue?.destinationScene.map { "scene " + (scenes[$0] ?? $0) } ?? "?")
            if let cls = c.segue?.segueClass { s += " (\(cls))" }
            return (label, s)
        case .other:
            var s = ""
            if let d = c.destination { s += "→ " + name(d) }
            if let v = c.value { s += (s.isEmpty ? "" : " ") + "= " + value(v) }
            return ("other \(c.label)", s)
        }
    }
}
