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
        var used: [String: Int] = [:]   // "parent path\u{0}step" -> count so far
        func unique(_ parent: String, _ step: String) -> String {
            let key = parent + "\u{0}" + step
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
        var stack: [String] = []
        let starts = placeholders + roots.compactMap { object($0) }
            + objects.filter { $0.placeholder == nil }
        for root in starts {
            walk.walk(from: root, visited: &visited) { step in
                stack.removeSubrange(min(step.depth, stack.count)...)
                let parent = stack.last ?? ""
                let last = unique(parent, step.object.id == sceneRoot ? StableNames.stepClass(step.object) : canonicalStep(step.object, names))
                let path = parent.isEmpty ? last : parent + " › " + last
                stack.append(path)
                visit(step, path, last)
            }
            stack.removeAll()
        }
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
        let order = context.order, outgoing = context.outgoing, constraints = context.constraints
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
            out += (outgoing[o.id] ?? []).map { line(path + " " + connection($0)) }.sorted()
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
    private(set) var paths: [ObjectID: String] = [:]
    private(set) var lastSteps: [ObjectID: String] = [:]
    /// Objects in hierarchy order with their paths, read from the document as iterated.
    var order: LazyMapSequence<Range<Int>, (NibObject, String)> {
        let objects = document.objects, positions = orderPositions, copies = orderObjects, paths = orderPaths
        return (0..<orderPaths.count).lazy.map { i in (copies?[i] ?? objects[Int(positions[i])], paths[i]) }
    }
    /// The walk's objects as positions in the document's objects (no copies of the objects), and
    /// their paths; the objects themselves only when ids repeat (a malformed source), where a
    /// position by id could name another object.
    private var orderPositions: [Int32] = []
    private var orderPaths: [String] = []
    private var orderObjects: [NibObject]?
    /// Connections by source, in document order; those whose source has no path.
    private(set) var outgoing: [ObjectID: [Connection]] = [:]
    private(set) var orphans: [Connection] = []
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
        var paths: [ObjectID: String] = [:], lastSteps: [ObjectID: String] = [:]
        let positions = document.$objects.positions, uniqueIDs = positions.count == document.objects.count
        var orderPositions: [Int32] = [], orderPaths: [String] = [], orderObjects: [NibObject]? = uniqueIDs ? nil : []
        document.walkWithPaths { step, path, last in
            paths[step.object.id] = path
            lastSteps[step.object.id] = last
            if uniqueIDs { orderPositions.append(Int32(positions[step.object.id]!)) } else { orderObjects!.append(step.object) }
            orderPaths.append(path)
        }
        self.paths = paths
        self.lastSteps = lastSteps
        self.orderPositions = orderPositions
        self.orderPaths = orderPaths
        self.orderObjects = orderObjects
        let order = self.order
        for c in document.connections {
            if let s = c.source, paths[s] != nil { outgoing[s, default: []].append(c) } else { orphans.append(c) }
        }
        for (o, _) in order {
            for p in o.properties {
                guard case .object(let id) = p.value, id != o.id, document.object(id)?.parent == o.id, paths[id] != nil else { continue }
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

    func lastStep(_ id: ObjectID) -> String { lastSteps[id] ?? "?" }

    /// True for a value that names another object (printed as its path): an object reference or
    /// a xib reference kept as text (`selectedItem="SDZ-cp-t7j"`).
    func isReference(_ v: PropertyValue) -> Bool {
        switch v {
        case .object: return true
        case .string(let s): return document.format.isCompiled == false && CanonicalText.isReference(s) && paths[ObjectID(s)] != nil
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
        return paths[id] ?? "?"
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
            if document.format.isCompiled == false, paths[ObjectID(s)] != nil, CanonicalText.isReference(s) {
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
            var s = "→ " + (c.isNilTargeted && c.destination.flatMap({ paths[$0] }) == nil ? "First Responder" : name(c.destination))
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
            var s = "→ " + (c.destination.flatMap { paths[$0] == nil ? nil : name($0) }
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
