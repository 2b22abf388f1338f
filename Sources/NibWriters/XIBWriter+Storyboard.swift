import Foundation
import NibModel

/// Why `nibinspect xib` cannot rebuild a source from an input: it is a source already, or it
/// holds no compiled document. Printed as one line naming the input.
public struct XIBWriterError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension XIBWriter {
    /// The source for a resolved input: a storyboard for a `.storyboardc` (``storyboard(_:)``),
    /// else a xib of its one top-level compiled document (a nib bundle's chosen variant; nested
    /// archives are named in the top comment).
    ///
    /// - Throws: ``XIBWriterError`` when the input is an XML source already, holds no compiled
    ///   document, or holds several top-level documents (a directory).
    public static func source(for input: NibInput) throws(XIBWriterError) -> String {
        if !input.documents.isEmpty, !input.documents.contains(where: { $0.format.isCompiled }) {
            throw XIBWriterError("is an Interface Builder source already (\(input.documents[0].format.displayName)); xib rebuilds sources from compiled nibs")
        }
        if let summary = input.storyboard, input.storyboards.count <= 1 {
            return storyboard(input, summary: summary)
        }
        if input.storyboard == nil, input.kind.contains("storyboard"), input.documents.contains(where: { $0.format.isCompiled }) {
            // A .storyboardc without Info.plist: scenes as nibs, no entry point.
            let platform = input.documents.first { $0.platform != .unknown }?.platform ?? .iOS
            return storyboard(input, summary: StoryboardSummary(name: (input.path as NSString).lastPathComponent, platform: platform))
        }
        if input.storyboards.count > 1 {
            throw XIBWriterError("holds \(input.storyboards.count) storyboards; name one .storyboardc")
        }
        let compiled = input.documents.filter { $0.format.isCompiled }
        if compiled.isEmpty {
            if input.documents.contains(where: { !$0.format.isCompiled }) {
                throw XIBWriterError("is an Interface Builder source already (\(input.documents[0].format.displayName)); xib rebuilds sources from compiled nibs")
            }
            throw XIBWriterError("holds no compiled nib")
        }
        let names = Set(compiled.map(\.name))
        let isNested = { (d: NibDocument) -> Bool in
            guard let r = d.name.range(of: " > ", options: .backwards) else { return false }
            return names.contains(String(d.name[..<r.lowerBound]))
        }
        let top = compiled.filter { !isNested($0) }
        guard top.count == 1, let main = top.first else {
            throw XIBWriterError("holds \(top.count) compiled documents (\(top.prefix(3).map(\.name).joined(separator: ", "))\(top.count > 3 ? ", …" : "")); name one nib")
        }
        let nested = compiled.filter(isNested)
        var note: String?
        let unplaced = nested.filter { !($0.name.contains(" > prototype \"") && main.platform != .macOS) }
        if !unplaced.isEmpty {
            note = "Nested archives not written as documents of their own: " + unplaced.map {
                "\($0.name) (\($0.objects.filter { $0.placeholder == nil }.count) objects)"
            }.joined(separator: "; ") + (main.platform == .macOS ? " (AppKit keeps a copy of reusable views in the main nib)." : " (compiled prototype cells have no xib form).")
        }
        return xib(main, nested: nested, note: note)
    }

    /// A storyboard for the documents of a compiled storyboard: one `<scene>` per view or window
    /// controller of the summary (contained controllers too, linked to their container by a
    /// relationship segue), the controller's view from its view nib (`<view key="view">`), the
    /// view nib's outlets and actions of File's Owner on the controller, template segues with
    /// their identifiers, storyboard identifiers, and `initialViewController` for the entry point.
    /// Scenes without a controller (a macOS main menu) hold their nib's objects as they are.
    public static func storyboard(_ input: NibInput, summary: StoryboardSummary) -> String {
        var writer = StoryboardBuilder(input: input, summary: summary)
        return writer.write()
    }
}

/// Builds a storyboard from a compiled storyboard's documents and summary.
struct StoryboardBuilder {
    let input: NibInput
    let summary: StoryboardSummary
    let platform: Platform
    var ids = IDAllocator()
    /// Controller id (summary) → its xib id.
    var controllerIDs: [String: String] = [:]
    /// Segues written in the cell that triggers them (``XIBBuilder/cellSegues``), and the
    /// summary segues they are, which the controller then does not repeat.
    var cellSegues: [String: XMLOutput.Element] = [:]
    var cellSegueIndices: Set<Int> = []
    /// Documents by name, and top-level documents by the nib name they come from (`X~ipad`).
    let documentsByName: [String: NibDocument]
    let documentsByNib: [String: [NibDocument]]
    /// Nested archives written as prototype cells.
    var placedNested: Set<String> = []

    init(input: NibInput, summary: StoryboardSummary) {
        self.input = input
        self.summary = summary
        let p = summary.platform != .unknown ? summary.platform : (input.documents.first?.platform ?? .iOS)
        self.platform = p == .unknown ? .iOS : p
        self.documentsByName = Dictionary(input.documents.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        self.documentsByNib = Dictionary(grouping: input.documents.filter { !$0.name.contains(" > ") }) { SceneNibName.normalized($0.name) }
    }

    func document(_ name: String) -> NibDocument? { documentsByName[name] }

    /// The xib id of the controller a segue to `scene` (a controller id or a scene identifier) leads to.
    func destinationID(_ scene: String?) -> String? {
        scene.flatMap { to in controllerIDs[to] ?? summary.controllers.first { $0.scene == to && $0.parent == nil }.flatMap { controllerIDs[$0.id] } }
    }

    mutating func write() -> String {
        var root = XIBBuilder.documentElement(platform: platform, storyboard: true)
        for c in summary.controllers {
            // A compiled storyboard names a controller `Class-<its storyboard id>`: kept.
            let kept = c.id.count > 10 ? String(c.id.suffix(10)) : nil
            controllerIDs[c.id] = ids.id(preferred: kept.flatMap { XIBWriter.isIBID($0) ? $0 : nil }, seed: "controller|" + c.id)
        }
        if let entry = summary.entryPoint {
            if let id = controllerIDs[entry] {
                root.set("initialViewController", id)
            }
        }
        prepareCellSegues()
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let nibs = input.documents.filter { !$0.name.contains(" > ") }.count
        var header = "Rebuilt by nibinspect xib from \(summary.name) (\(platform.rawValue) compiled storyboard: "
            + "\(count(summary.scenes.count, "scene")) in its Info.plist, \(count(nibs, "nib")) read, \(count(summary.controllers.count, "controller"))): "
            + "one scene per controller; controllers keep their compiled ids, other ids are fresh; what a storyboard cannot say is kept in comments."
        if let entry = summary.entryPoint, controllerIDs[entry] == nil { header += " Entry point \(entry) names no controller." }
        if summary.scenes.isEmpty && summary.controllers.isEmpty {
            header += " No Info.plist: every nib is written as a scene of its own, without entry point or segues."
        }
        root.children.append(.comment(" " + header + " "))
        root.append(XIBBuilder.dependencies(platform: platform))
        var scenes = XMLOutput.Element("scenes")
        var used = Set<String>()
        let controllerRoots = Set(summary.controllers.compactMap { $0.objects.first.map { "\($0.document)|\($0.id.rawValue)" } })
        for c in summary.controllers {
            scenes.append(scene(for: c, controllerRoots: controllerRoots, used: &used))
        }
        for s in summary.scenes where s.documents.isEmpty {
            scenes.children.append(.comment(" nibinspect: scene \(s.identifier)\(s.controllerClass.map { " (\($0))" } ?? ""): its nib \(s.nibName ?? "") is missing from the .storyboardc "))
        }
        // Scene nibs no controller covers (a macOS main menu), as they are; other variants of
        // nibs written once (`~ipad` beside `~iphone`, `runtime.nib` beside `objects-8.0+.nib`)
        // are named only: a storyboard holds one layout per scene.
        let base = { (name: String) in SceneNibName.splitDevice(SceneNibName.normalized(name)).base }
        let usedBases = Set(used.map(base)), usedNibs = Set(used.map { SceneNibName.normalized($0) })
        var otherDevice: [String] = []
        for d in input.documents where !used.contains(d.name) && !d.name.contains(" > ") {
            let nib = SceneNibName.normalized(d.name)
            // (Also a scene nib of a controller written from the nib that contains it.)
            if usedNibs.contains(nib) || (base(d.name) != nib && usedBases.contains(base(d.name))) || controllerIDs[base(d.name)] != nil {
                otherDevice.append(d.name)
            } else {
                scenes.append(plainScene(d))
            }
        }
        if !otherDevice.isEmpty {
            scenes.children.append(.comment(" nibinspect: other variants not written (a storyboard holds one layout per scene; rebuilt from the first variant of each nib): "
                + otherDevice.joined(separator: ", ") + " "))
        }
        let nested = input.documents.filter { $0.name.contains(" > ") && !placedNested.contains($0.name) }
        if !nested.isEmpty {
            scenes.children.append(.comment(" nibinspect: nested archives not written: " + nested.map(\.name).joined(separator: "; ") + " "))
        }
        root.append(scenes)
        return XMLOutput.document(root)
    }

    /// Finds the segue templates a table or collection view cell triggers (its
    /// `selectionSegueTemplate`/`accessoryActionSegueTemplate` outlet, to an upstream
    /// placeholder for the template in the controller's scene nib) and builds their `<segue>`
    /// elements from the summary segue with the template's identifier and destination.
    mutating func prepareCellSegues() {
        var triggered = Set<String>()
        for d in input.documents {
            for c in d.connections where c.kind == .outlet && c.label.hasSuffix("SegueTemplate") {
                guard let t = c.destination.flatMap({ d.object($0) }) else { continue }
                if let target = t.placeholder?.resolvedTarget { triggered.insert(target) }
                else if t.className.contains("SegueTemplate") { triggered.insert(d.name + ":" + t.id.rawValue) }
            }
        }
        func object(_ key: String) -> NibObject? {
            guard let colon = key.lastIndex(of: ":"), let doc = document(String(key[..<colon])) else { return nil }
            return doc.object(ObjectID(String(key[key.index(after: colon)...])))
        }
        for key in triggered.sorted() {
            // A prototype cell's placeholder names the view nib's placeholder, which names the
            // template in the scene nib.
            var target = object(key), targetKey = key, hops = 0
            while let next = target?.placeholder?.resolvedTarget, hops < 8 { target = object(next); targetKey = next; hops += 1 }
            guard let template = target, template.className.contains("SegueTemplate"), let colon = targetKey.lastIndex(of: ":") else { continue }
            let templateDocument = String(targetKey[..<colon])
            // The summary segue of that template: same identifier and destination, owned by a
            // controller archived in the template's scene nib, not taken by another cell.
            let owners = Set(summary.controllers.filter { $0.objects.contains { $0.document == templateDocument } }.map(\.id))
            let identifier = template.property("identifier")?.text, destination = template.property("destination")?.text
            guard let index = summary.segues.indices.first(where: { i in
                let s = summary.segues[i]
                return s.segue.identifier == identifier && s.to == destination && owners.contains(s.from) && !cellSegueIndices.contains(i)
            }), let dest = destinationID(summary.segues[index].to) else { continue }
            let s = summary.segues[index]
            var e = XMLOutput.Element("segue", [("destination", dest), ("kind", s.segue.kind.rawValue)])
            if let id = s.segue.identifier { e.set("identifier", id) }
            if let cls = s.segue.segueClass { e.set("customClass", cls) }
            e.set("id", ids.id(seed: "cell segue|" + key))
            cellSegues[key] = e
            cellSegueIndices.insert(index)
        }
    }

    /// The scene of controller `c`.
    mutating func scene(for c: StoryboardSummary.Controller, controllerRoots: Set<String>, used: inout Set<String>) -> XMLOutput.Element {
        var scene = XMLOutput.Element("scene", [("sceneID", ids.id(seed: "scene|" + c.id))])
        var objects = XMLOutput.Element("objects")
        var notes: [String] = []
        guard let ctrlRef = c.objects.first, let doc = document(ctrlRef.document), let ctrlXib = controllerIDs[c.id] else {
            scene.children.append(.comment(" nibinspect: controller \(c.id) (\(c.effectiveClass)): its nib is missing "))
            return scene
        }
        used.insert(doc.name)
        var preset: [ObjectID: String] = [ctrlRef.id: ctrlXib]
        // Other controllers of the summary archived in this nib are scenes of their own: their
        // first object here, and the copies a container's nib holds of controllers that have a
        // scene nib of their own (a split view's navigation controller and its root, each
        // archived again in the split view controller's nib).
        var skip = Set<ObjectID>()
        for other in summary.controllers where other.id != c.id {
            for ref in other.objects where ref.document == doc.name {
                if let x = controllerIDs[other.id] { preset[ref.id] = x }
                if controllerRoots.contains("\(ref.document)|\(ref.id.rawValue)") || doc.object(ref.id)?.placeholder == nil { skip.insert(ref.id) }
            }
        }
        for o in doc.objects where o.className.contains("SegueTemplate") { skip.insert(o.id) }
        // A window's content view stands for its content view controller's view; when the
        // controller has a view nib of its own, that nib's view is the one written.
        let contentViews = Self.contentViews(in: doc)
        // The controller's objects in its view nibs: its upstream placeholders there, and the
        // File's Owner of a view nib it names that has none (a macOS view controller's).
        // (Not the copies of the controller itself that containers' scene nibs archive: those
        // are objects, where a view nib has a placeholder.)
        var viewRefs = c.objects.dropFirst().filter { $0.document != doc.name && document($0.document)?.object($0.id)?.placeholder != nil }
        if let viewNib = c.viewNibName {
            let device = SceneNibName.splitDevice(SceneNibName.normalized(doc.name)).device
            for d in documentsByNib[SceneNibName.normalized(viewNib) + device] ?? [] where !viewRefs.contains(where: { $0.document == d.name }) {
                if let owner = d.placeholders.first(where: { $0.placeholder?.kind == .filesOwner }) {
                    viewRefs.append(ObjectReference(document: d.name, id: owner.id))
                }
            }
        }
        let hasViewNib = !viewRefs.isEmpty
        for (view, controller) in contentViews where controller != ctrlRef.id || hasViewNib { skip.insert(view) }
        var builder = XIBBuilder(document: doc, ids: ids, seedPrefix: "scene|\(c.id)|", preset: preset, storyboardMode: true)
        builder.cellSegues = cellSegues
        builder.skip = skip
        if !hasViewNib, let view = contentViews.first(where: { $0.value == ctrlRef.id })?.key, let v = doc.object(view) {
            builder.injected[ctrlRef.id, default: []] += builder.nodes(for: v, parent: nil, key: "view")
        }
        builder.addPrototypes(input.documents.filter { $0.name.hasPrefix(doc.name + " > ") })
        placedNested.formUnion(builder.prototypeDocuments)
        ids = builder.ids
        // The view nib(s): their placeholders stand for the controller.
        var extraRoots: [XMLOutput.Node] = []
        var viewDocuments: [String] = []
        for ref in viewRefs where !viewDocuments.contains(ref.document) {
            guard let vdoc = document(ref.document) else { continue }
            used.insert(vdoc.name)
            viewDocuments.append(vdoc.name)
            var vpreset: [ObjectID: String] = [ref.id: ctrlXib]
            // The view nib's File's Owner is the controller too (nib-format.md §5.2); an upstream
            // placeholder bound to another object of the scene nib stands for that object.
            var targets: [ObjectID: ObjectID] = [:]
            for p in vdoc.placeholders where p.placeholder?.kind == .filesOwner { vpreset[p.id] = ctrlXib }
            for p in vdoc.placeholders where vpreset[p.id] == nil && p.placeholder?.kind == .upstream {
                guard let target = p.placeholder?.resolvedTarget, let colon = target.lastIndex(of: ":"),
                      String(target[..<colon]) == doc.name else { continue }
                let id = ObjectID(String(target[target.index(after: colon)...]))
                if builder.isWritten(id), let x = builder.xibID[id] {
                    vpreset[p.id] = x
                    targets[p.id] = id
                }
            }
            for other in summary.controllers {
                for r in other.objects where r.document == vdoc.name { if let x = controllerIDs[other.id] { vpreset[r.id] = x } }
            }
            var vb = XIBBuilder(document: vdoc, ids: ids, seedPrefix: "view|\(c.id)|", preset: vpreset, storyboardMode: true)
            vb.firstResponderID = builder.firstResponderID
            vb.cellSegues = cellSegues
            vb.addPrototypes(input.documents.filter { $0.name.hasPrefix(vdoc.name + " > ") })
            placedNested.formUnion(vb.prototypeDocuments)
            var first = true
            for r in vdoc.roots {
                guard let o = vdoc.object(r) else { continue }
                if first && o.className.hasSuffix("View") {
                    builder.injected[ctrlRef.id, default: []] += vb.nodes(for: o, parent: nil, key: "view")
                    first = false
                } else {
                    extraRoots += vb.nodes(for: o, parent: nil)
                }
            }
            let viewID = vdoc.roots.first.flatMap { vb.xibID[$0] }
            for p in vdoc.placeholders where vpreset[p.id] != nil {
                let owner = targets[p.id] ?? ctrlRef.id
                for node in vb.connectionNodes(of: p) {
                    if case .element(let e) = node, e.name == "connections" {
                        // The `view` outlet is the inline `<view key="view">`.
                        for case .element(let ce) in e.children where !(ce.name == "outlet" && ce["property"] == "view" && ce["destination"] == viewID) {
                            builder.injectedConnections[owner, default: []].append(ce)
                        }
                    } else {
                        builder.injected[owner, default: []].append(node)
                    }
                }
            }
            notes += vb.droppedConnections()
            ids = vb.ids
        }
        // Segues owned by this controller: templates and relationships.
        var n = 0
        for (i, s) in summary.segues.enumerated() where s.from == c.id && !cellSegueIndices.contains(i) {
            n += 1
            let dest = destinationID(s.to)
            guard let dest else {
                notes.append("segue \(s.segue.kind)\(s.segue.identifier.map { " \"\($0)\"" } ?? "") → \(s.to ?? "no destination") (destination not in this storyboard)")
                continue
            }
            var e = XMLOutput.Element("segue", [("destination", dest), ("kind", s.segue.kind.rawValue)])
            if let r = s.segue.relationship { e.set("relationship", r) }
            if let id = s.segue.identifier { e.set("identifier", id) }
            if let cls = s.segue.segueClass { e.set("customClass", cls) }
            e.set("id", ids.id(seed: "segue|\(c.id)|\(n)"))
            builder.injectedConnections[ctrlRef.id, default: []].append(e)
        }
        builder.sceneMember[ctrlRef.id] = "viewController"
        builder.ids = ids
        if let ctrl = doc.object(ctrlRef.id) {
            objects.children += builder.nodes(for: ctrl, parent: nil)
        }
        ids = builder.ids
        objects.append(firstResponder(builder.firstResponderID))
        // Other top-level objects of the scene nib (not placeholders, not other scenes).
        for r in doc.roots where r != ctrlRef.id && !skip.contains(r) && summary.controllers.allSatisfy({ $0.objects.first?.id != r || $0.objects.first?.document != doc.name }) {
            if let o = doc.object(r) { objects.children += builder.nodes(for: o, parent: nil) }
        }
        objects.children += extraRoots
        notes += builder.droppedConnections()
        if !notes.isEmpty {
            scene.children.append(.comment(" nibinspect: compiled only, not written (added by compilation or without a counterpart): " + notes.joined(separator: "; ") + " "))
        }
        scene.append(objects)
        return scene
    }

    /// Window content views that are their window's content view controller's view, view →
    /// controller: a compiled macOS storyboard archives the content view controller (the
    /// `window.shadowedContentViewController` relationship) in the window controller's nib, as
    /// the window's `contentViewController` runtime attribute, and its view as the window's
    /// content view; the storyboard has the view in the view controller's scene.
    static func contentViews(in doc: NibDocument) -> [ObjectID: ObjectID] {
        var out: [ObjectID: ObjectID] = [:]
        for c in doc.connections where c.kind == .runtimeAttribute && c.label == "contentViewController" {
            guard case .object(let controller)? = c.value, let w = c.source.flatMap({ doc.object($0) }),
                  let view = w.children.first(where: { doc.object($0)?.className.hasSuffix("View") == true }) else { continue }
            out[view] = controller
        }
        return out
    }

    /// A scene for a nib no controller covers: its objects as they are.
    mutating func plainScene(_ d: NibDocument) -> XMLOutput.Element {
        var scene = XMLOutput.Element("scene", [("sceneID", ids.id(seed: "scene|" + d.name))])
        var builder = XIBBuilder(document: d, ids: ids, seedPrefix: "plain|\(d.name)|", storyboardMode: true)
        var objects = XMLOutput.Element("objects")
        for r in d.roots { if let o = d.object(r) { objects.children += builder.nodes(for: o, parent: nil) } }
        objects.append(firstResponder(builder.firstResponderID))
        ids = builder.ids
        let notes = builder.droppedConnections()
        scene.children.append(.comment(" nibinspect: scene nib \(d.name) has no controller in the storyboard summary; its objects as archived "
            + (notes.isEmpty ? "" : "; not written: " + notes.joined(separator: "; ") + " ")))
        scene.append(objects)
        return scene
    }

    func firstResponder(_ id: String) -> XMLOutput.Element {
        if platform == .macOS {
            return XMLOutput.Element("customObject", [("id", id), ("userLabel", "First Responder"), ("customClass", "NSResponder"), ("sceneMemberID", "firstResponder")])
        }
        return XMLOutput.Element("placeholder", [("placeholderIdentifier", "IBFirstResponder"), ("id", id), ("sceneMemberID", "firstResponder")])
    }
}
