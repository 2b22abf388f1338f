import Foundation
import NibModel

/// Builds ``DocumentLoad``s; one per input.
struct LoadSequenceBuilder {
    let archivedClasses: [String: [ObjectID: String]]
    let resources: ResourceIndex
    let naming: LoadSequence.Naming
    /// Per source file: the image names its `<resources>` section gives catalog `system` (SF Symbols).
    private var systemImageCache: [String: Set<String>] = [:]

    init(archivedClasses: [String: [ObjectID: String]], resources: ResourceIndex, naming: @escaping LoadSequence.Naming) {
        self.archivedClasses = archivedClasses
        self.resources = resources
        self.naming = naming
    }

    /// Every document: storyboards scene by scene, then the rest (nested nibs last).
    mutating func documents(of input: NibInput) -> [DocumentLoad] {
        var out: [DocumentLoad] = []
        var done = Set<String>()
        let byName = Dictionary(input.documents.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for storyboard in input.allStoryboards {
            for scene in storyboard.scenes {
                let documents = scene.documents.compactMap { byName[$0] }.filter { !done.contains($0.name) }
                let controllers = storyboard.controllers.filter { $0.scene == scene.identifier }
                guard !documents.isEmpty else { continue }
                if documents.count == 1, !documents[0].format.isCompiled {
                    // A source scene: split as ibtool compiles it.
                    out += sourceScene(documents[0], scene: scene, controllers: controllers, storyboard: storyboard)
                    done.insert(documents[0].name)
                    continue
                }
                let sceneNib = documents.first { Self.names(scene.nibName, $0.name) } ?? documents[0]
                out.append(standalone(sceneNib, role: .sceneNib, scene: scene, storyboard: storyboard))
                done.insert(sceneNib.name)
                for controller in controllers {
                    guard let view = controller.viewNibName else { continue }
                    for d in documents where !done.contains(d.name) && Self.names(view, d.name) {
                        out.append(standalone(d, role: .viewNib, scene: scene, controller: controller, storyboard: storyboard))
                        done.insert(d.name)
                    }
                }
                for d in documents where !done.contains(d.name) && !Self.isNested(d.name) {
                    out.append(standalone(d, role: .nib, scene: scene, storyboard: storyboard))
                    done.insert(d.name)
                }
            }
        }
        for d in input.documents where !done.contains(d.name) && !Self.isNested(d.name) {
            out.append(standalone(d, role: .nib))
            done.insert(d.name)
        }
        for d in input.documents where !done.contains(d.name) {
            out.append(standalone(d, role: .nestedNib))
            done.insert(d.name)
        }
        return out
    }

    /// True when document `name` is the nib named `nib` (`…/nib.nib` or `…/nib.nib/objects-….nib`).
    static func names(_ nib: String?, _ name: String) -> Bool {
        guard let nib else { return false }
        if isNested(name) { return false }
        return name.hasSuffix("/\(nib).nib") || name.contains("/\(nib).nib/") || name == "\(nib).nib" || name.hasPrefix("\(nib).nib/")
    }

    /// Documents nested in another archive are named `<outer> > <what>`.
    static func isNested(_ name: String) -> Bool { name.contains(" > ") }

    /// The load of a whole document.
    mutating func standalone(_ d: NibDocument, role: DocumentLoad.Role, scene: StoryboardSummary.Scene? = nil,
                             controller: StoryboardSummary.Controller? = nil,
                             storyboard: StoryboardSummary? = nil) -> DocumentLoad {
        build(d, name: d.name, objects: d.objects, connections: d.connections, visibleWindows: d.visibleWindows,
              role: role, scene: scene, controller: controller, controllerObject: nil, storyboard: storyboard)
    }

    /// A scene of a storyboard source: the controller's view subtree and the connections that
    /// touch it go to the view nib (as `ibtool` compiles it); the rest is the scene nib.
    mutating func sourceScene(_ d: NibDocument, scene: StoryboardSummary.Scene, controllers: [StoryboardSummary.Controller],
                              storyboard: StoryboardSummary) -> [DocumentLoad] {
        var viewParts: [(StoryboardSummary.Controller, Set<ObjectID>, ObjectID?, ObjectID)] = []
        var inViews = Set<ObjectID>()
        for c in controllers {
            guard let view = c.viewNibName, let range = view.range(of: "-view-") else { continue }
            let viewID = ObjectID(String(view[range.upperBound...]))
            guard d.object(viewID) != nil else { continue }
            var subtree = Set<ObjectID>()
            var stack = [viewID]
            while let id = stack.popLast() {
                guard subtree.insert(id).inserted, let o = d.object(id) else { continue }
                stack += o.children
            }
            let controllerObject = c.objects.first { $0.document == d.name }?.id
            viewParts.append((c, subtree, controllerObject, viewID))
            inViews.formUnion(subtree)
        }
        func touches(_ c: Connection, _ set: Set<ObjectID>) -> Bool {
            [c.source, c.destination].compactMap { $0 }.contains(where: set.contains) || (c.members ?? []).contains(where: set.contains)
        }
        var out: [DocumentLoad] = []
        let sceneObjects = d.objects.filter { !inViews.contains($0.id) }
        let sceneConnections = d.connections.filter { !touches($0, inViews) }
        out.append(build(d, name: d.name, objects: sceneObjects, connections: sceneConnections,
                         visibleWindows: d.visibleWindows.filter { !inViews.contains($0) }, role: .sceneNib,
                         scene: scene, controller: nil, controllerObject: nil, storyboard: storyboard,
                         extraNotes: viewParts.isEmpty ? [] : [DocumentLoad.Note(phase: .load, text:
                            "A storyboard source: the controller's view and the connections that touch it are compiled into a view nib of their own (below); the rest into this scene nib.")]))
        for (c, subtree, controllerObject, viewID) in viewParts {
            let objects = d.objects.filter { subtree.contains($0.id) || $0.placeholder?.kind == .firstResponder }
            let connections = d.connections.filter { touches($0, subtree) }
            out.append(build(d, name: d.name + " (view nib \(c.viewNibName ?? ""))", objects: objects, connections: connections,
                             visibleWindows: [], role: .viewNib, scene: scene, controller: c,
                             controllerObject: controllerObject, storyboard: storyboard, sourceView: viewID))
        }
        return out
    }

    /// The class receiving calls: module-qualified custom class, else the framework class.
    static func runtimeClass(_ o: NibObject) -> String {
        o.placeholder?.target?.qualifiedClass ?? o.qualifiedClass
    }

    // swiftlint:disable:next function_body_length cyclomatic_complexity
    mutating func build(_ d: NibDocument, name: String, objects: [NibObject], connections: [Connection],
                        visibleWindows: [ObjectID], role: DocumentLoad.Role, scene: StoryboardSummary.Scene?,
                        controller: StoryboardSummary.Controller?, controllerObject: ObjectID?,
                        storyboard: StoryboardSummary?, extraNotes: [DocumentLoad.Note] = [],
                        sourceView: ObjectID? = nil) -> DocumentLoad {
        let mac = d.platform == .macOS
        let ui = !mac
        var steps: [LifecycleStep] = []
        var notes = extraNotes
        let inPart = Set(objects.map(\.id))
        func nameOf(_ id: ObjectID?) -> String? {
            guard let id else { return nil }
            if controllerObject == id, let o = d.object(id) { return naming(o, d) + " (the controller, not in this nib)" }
            return d.object(id).map { naming($0, d) } ?? id.rawValue
        }
        func add(_ s: LifecycleStep) {
            var s = s
            s.step = steps.count + 1
            steps.append(s)
        }

        // Load.
        let loader: String
        switch role {
        case .sceneNib:
            loader = mac ? "NSStoryboard instantiateControllerWithIdentifier:" : "UIStoryboard instantiateViewControllerWithIdentifier:"
        case .viewNib:
            loader = mac ? "NSViewController loadView → NSNib instantiateWithOwner:topLevelObjects:"
                : "UIViewController loadView → UINib instantiateWithOwner:options:"
        case .nib, .nestedNib:
            loader = mac ? "NSNib instantiateWithOwner:topLevelObjects:" : "UINib instantiateWithOwner:options:"
        }
        var readNote = "\(d.format.displayName)"
        if !d.format.isCompiled { readNote += " source: Xcode compiles it with ibtool; the sequence is the compiled nib's" }
        if let scene, role == .sceneNib { readNote += "; scene \(scene.identifier)" }
        if role == .viewNib, let controller {
            readNote += "; the first access to the view of \(controller.effectiveClass) (\(controller.id)) calls loadView, which loads this nib with the controller as owner"
        }
        if role == .nestedNib {
            readNote += "; archived inside another nib, loaded when its owner instantiates it (a table or collection view dequeuing a cell)"
        }
        add(LifecycleStep(phase: .load, object: name, call: "read the archive", kind: "archive", note: readNote))
        for r in resourcesNamed(objects, platform: d.platform, systemImages: systemImages(of: d)) { add(r) }
        if !resources.compiledCatalogs.isEmpty, steps.contains(where: { $0.resource?.status == .unknown }) {
            notes.append(.init(phase: .load, text: "Assets.car (a compiled asset catalog) cannot be read: images not found as files may be in it."))
        } else if resources.root == nil || resources.isEmpty, steps.contains(where: { $0.resource != nil }) {
            notes.append(.init(phase: .load, text: "No bundle or asset catalog next to the input: images and sounds are not checked."))
        }

        // Instantiate: placeholders, then archived objects.
        let placeholders = objects.filter { $0.placeholder != nil }
            .sorted { ($0.placeholder!.kind.sortRank, $0.id) < ($1.placeholder!.kind.sortRank, $1.id) }
        for o in placeholders {
            guard let p = o.placeholder else { continue }
            add(LifecycleStep(phase: .instantiate, object: naming(o, d), objectID: o.id,
                              class: p.kind == .firstResponder ? nil : Self.runtimeClass(o),
                              call: "supplied by the loader", kind: "placeholder",
                              note: supplied(p, o, mac: mac, role: role, controller: controller)))
        }
        if let controllerObject, let o = d.object(controllerObject) {
            add(LifecycleStep(phase: .instantiate, object: naming(o, d) + " (the controller, not in this nib)", objectID: o.id,
                              class: Self.runtimeClass(o), call: "supplied by the loader", kind: "placeholder",
                              note: "File's Owner of the view nib: the controller whose loadView loads it (compiled, connections to it are from File's Owner or an upstream placeholder)"))
        }
        let archived = archivedClasses[d.name] ?? [:]
        var customViewGuess = false
        for o in objects where o.placeholder == nil {
            var call = "initWithCoder:"
            var note: String?
            if mac {
                switch macArchivedClass(o, archived[o.id], d) {
                case "NSCustomObject"?:
                    call = "init"
                    note = "custom object (NSCustomObject): created with init"
                case "NSCustomView"?:
                    call = "initWithFrame:"
                    note = "custom view (NSCustomView): created with initWithFrame:, then given its subviews"
                    if archived[o.id] == nil { customViewGuess = true }
                case "NSClassSwapper"?:
                    note = "class swapper (NSClassSwapper): \(Self.runtimeClass(o)) is created in place of \(o.className)"
                case "NSWindowTemplate"?:
                    call = "initWithContentRect:styleMask:backing:defer:"
                    note = "window (NSWindowTemplate): created from the template, not decoded"
                default: break
                }
            }
            add(LifecycleStep(phase: .instantiate, object: naming(o, d), objectID: o.id, class: Self.runtimeClass(o),
                              call: call, note: note))
        }
        notes.append(.init(phase: .instantiate, text: mac
            ? "Objects are created as the unarchiver reaches them: a view's subviews are decoded inside its own initWithCoder:, so nesting, not this list, decides which call returns first."
            : "UINib decodes every archived object with initWithCoder: as the unarchiver reaches it: a view's subviews are decoded inside its own initWithCoder:, so nesting, not this list, decides which call returns first."))
        if customViewGuess {
            notes.append(.init(phase: .instantiate, text: "A source does not say how a view with a custom class is archived: NSView views with a custom class are taken for custom views (NSCustomView, initWithFrame:)."))
        }

        // Connect.
        var ordered = connections.filter { $0.kind != .segue }
        if ui {
            // UIKit applies accessibility configurations and key-value pairs before the connections.
            let first = ordered.filter { $0.kind == .accessibility } + ordered.filter { $0.kind == .runtimeAttribute }
            ordered = first + ordered.filter { $0.kind != .accessibility && $0.kind != .runtimeAttribute }
            if !first.isEmpty {
                notes.append(.init(phase: .connect, text: "UIKit applies accessibility configurations and user-defined runtime attributes (setValue:forKeyPath:) before the connection table."))
            }
        }
        for c in ordered { add(connectStep(c, d, mac: mac, nameOf: nameOf)) }
        if let sourceView, let controllerObject, let o = d.object(controllerObject) {
            add(LifecycleStep(phase: .connect, object: naming(o, d) + " (the controller, not in this nib)", objectID: o.id,
                              class: Self.runtimeClass(o), call: mac ? "setView:" : "setValue:forKey:", kind: "outlet",
                              label: "view", destination: nameOf(sourceView), destinationID: sourceView,
                              note: "the view outlet ibtool adds from File's Owner to the view"))
        }
        let segues = connections.filter { $0.kind == .segue }.count
        if segues > 0 {
            notes.append(.init(phase: .connect, text: "\(segues) segue\(segues == 1 ? "" : "s"): not connections made at load; the segue templates are archived with their controller and performed later."))
        }
        if ordered.contains(where: { $0.unresolved != nil }) {
            notes.append(.init(phase: .connect, text: "Connections marked unresolved name an object the reader could not find; what the loader does with them is unknown."))
        }

        // Awake.
        var awake = objects.filter { $0.placeholder == nil }
        if mac {
            let others = placeholders.filter { $0.placeholder!.kind != .filesOwner && $0.placeholder!.kind != .firstResponder && $0.placeholder!.kind != .exit }
            let owner = placeholders.filter { $0.placeholder!.kind == .filesOwner }
            awake = others + awake + owner
        }
        for o in awake {
            let isOwner = o.placeholder?.kind == .filesOwner
            add(LifecycleStep(phase: .awake, object: naming(o, d), objectID: o.id, class: Self.runtimeClass(o),
                              call: "awakeFromNib", note: isOwner ? "File's Owner: attempted last" : (o.placeholder != nil ? "placeholder: sent if it implements awakeFromNib" : nil)))
        }
        if let controllerObject, mac, let o = d.object(controllerObject) {
            add(LifecycleStep(phase: .awake, object: naming(o, d) + " (the controller, not in this nib)", objectID: o.id,
                              class: Self.runtimeClass(o), call: "awakeFromNib", note: "File's Owner: attempted last"))
        }
        notes.append(.init(phase: .awake, text: mac
            ? "awakeFromNib goes to every object that implements it, placeholders included (File's Owner attempted last), after every connection is made; the order is not guaranteed."
            : "awakeFromNib goes to the objects the nib instantiated, never to File's Owner, First Responder or another placeholder, after every connection is made; the order is not guaranteed."))
        if role == .viewNib, let controller {
            let owner = objects.first { $0.placeholder?.kind == .filesOwner }
            let controllerID = controllerObject ?? owner?.id
            add(LifecycleStep(phase: .awake, object: "\(controller.effectiveClass) (\(controller.id))", objectID: controllerID,
                              class: controller.qualifiedClass,
                              call: "viewDidLoad",
                              note: "after loadView returns: the outlets into the view set above are set before viewDidLoad"))
        }

        // Show.
        for id in visibleWindows where inPart.contains(id) {
            guard let o = d.object(id) else { continue }
            add(LifecycleStep(phase: .show, object: naming(o, d), objectID: o.id, class: Self.runtimeClass(o),
                              call: mac ? "makeKeyAndOrderFront:" : "makeKeyAndVisible", note: "visible at load"))
        }
        return DocumentLoad(document: name, platform: d.platform, format: d.format, role: role, scene: scene?.identifier,
                            controller: controller?.id, loader: loader, notes: notes, steps: steps)
    }

    /// The class an object was archived as, on macOS: from the archive when known, else from the
    /// model (`NSObject` base → custom object; `NSView` with a custom class → custom view;
    /// `NSWindow`/`NSPanel` at the top → window template).
    private func macArchivedClass(_ o: NibObject, _ archived: String?, _ d: NibDocument) -> String? {
        if let archived { return archived }
        if !archivedClasses.isEmpty, d.format.isCompiled { return nil }
        if o.className == "NSObject" { return "NSCustomObject" }
        if o.className == "NSView", o.customClass != nil { return "NSCustomView" }
        if ["NSWindow", "NSPanel"].contains(o.className), o.parent == nil { return "NSWindowTemplate" }
        return nil
    }

    /// Who supplies a placeholder.
    private func supplied(_ p: Placeholder, _ o: NibObject, mac: Bool, role: DocumentLoad.Role,
                          controller: StoryboardSummary.Controller?) -> String {
        switch p.kind {
        case .filesOwner:
            switch role {
            case .sceneNib: return "the storyboard's scene object; it receives the controller through its sceneViewController outlet"
            case .viewNib: return "the controller" + (controller.map { " \($0.effectiveClass) (\($0.id))" } ?? "") + " whose loadView loads the nib"
            default: return "the owner argument" + (mac ? " of instantiateWithOwner:topLevelObjects: (NSApp for the main nib)" : " of instantiateWithOwner:options:")
            }
        case .firstResponder: return "not an object: actions to it are nil-targeted and go up the responder chain"
        case .application: return "the application object (NSApp)"
        case .external:
            return mac ? "an external object the app supplies under \"\(p.identifier)\" (external name table)"
                : "UINibExternalObjects[\"\(p.identifier)\"] in the options dictionary"
        case .storyboard: return "the storyboard that loads the scene"
        case .upstream:
            var s = mac ? "an object of the scene nib (the controller, a segue template), passed by the controller's loadView as an external object"
                : "an object of the scene nib (the controller, a segue template), passed by loadView in UINibExternalObjects"
            if let t = p.target { s += ": " + t.qualifiedClass }
            if let r = p.resolvedTarget { s += " (\(r))" }
            return s
        case .exit: return "an unwind target (source only); not instantiated"
        }
    }

    /// One connect step.
    private func connectStep(_ c: Connection, _ d: NibDocument, mac: Bool, nameOf: (ObjectID?) -> String?) -> LifecycleStep {
        let source = d.object(c.source)
        var step = LifecycleStep(phase: .connect, object: nameOf(c.source) ?? "(no source)", objectID: c.source,
                                 class: source.map(Self.runtimeClass), call: "", kind: c.kind.rawValue, label: c.label,
                                 destination: nameOf(c.destination), destinationID: c.destination)
        var notes: [String] = []
        switch c.kind {
        case .outlet:
            if mac {
                step.call = "set" + c.label.prefix(1).uppercased() + c.label.dropFirst() + ":"
                notes.append("else the instance variable \(c.label); neither: no connection")
            } else {
                step.call = "setValue:forKey:"
            }
        case .outletCollection:
            step.call = "setValue:forKey:"
            step.members = c.members
            step.destination = "[" + (c.members ?? []).map { nameOf($0) ?? $0.rawValue }.joined(separator: ", ") + "]"
            var n = "an \(c.collectionClass ?? "NSArray") of \(c.members?.count ?? 0)"
            if c.appendsToCollection == true { n += ", appended to the existing collection" }
            notes.append(n)
        case .action:
            let sourceClass = source?.className ?? ""
            if mac {
                step.call = "setTarget: setAction:"
            } else if sourceClass.hasSuffix("GestureRecognizer") {
                step.call = "addTarget:action:"
            } else if sourceClass == "UIBarButtonItem" || sourceClass == "UIMenuItem" {
                step.call = "setTarget: setAction:"
            } else {
                step.call = "addTarget:action:forControlEvents:"
                if c.controlEvents == nil { notes.append("no control events archived") }
            }
            if let events = c.controlEvents { step.events = events.eventNames }
            if c.isNilTargeted {
                step.destination = "nil (First Responder)"
                notes.append("nil-targeted: sent up the responder chain")
            }
        case .binding:
            step.call = "bind:toObject:withKeyPath:options:"
            step.value = c.keyPath
            if let options = c.options, !options.isEmpty {
                notes.append("options " + options.keys.sorted().map { "\($0)=\(options[$0] ?? "")" }.joined(separator: ", "))
            }
        case .runtimeAttribute:
            step.call = "setValue:forKeyPath:"
            step.label = c.keyPath ?? c.label
            step.value = c.value.map(valueText)
            step.destination = nil
            notes.append("user-defined runtime attribute, after init")
        case .accessibility:
            if mac {
                step.call = "accessibility attribute (NSNibAXAttributeConnector)"
            } else if c.label.hasPrefix("accessibility") {
                step.call = "set" + c.label.prefix(1).uppercased() + c.label.dropFirst() + ":"
            } else {
                step.call = "setValue:forKey:"
            }
            step.value = c.value.map(valueText)
            step.destination = nil
        case .segue, .other:
            step.call = "establishConnection"
            step.value = c.value.map(valueText)
        }
        if let why = c.unresolved { notes.append("unresolved: \(why.messageWithLine)") }
        step.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
        return step
    }

    private func valueText(_ v: PropertyValue) -> String {
        if case .object(let id) = v { return id.rawValue }
        return v.description
    }

    /// The names of a source's `<image name="…" catalog="system">` resources: the model keeps an
    /// object's image name, the source's `<resources>` section says which are SF Symbols.
    mutating func systemImages(of d: NibDocument) -> Set<String> {
        guard !d.format.isCompiled, let path = d.path else { return [] }
        if let cached = systemImageCache[path] { return cached }
        let names = ResourceIndex.systemImageNames(inSource: path)
        systemImageCache[path] = names
        return names
    }

    /// The images and sounds named by `objects`, each once, in first-use order.
    private func resourcesNamed(_ objects: [NibObject], platform: Platform, systemImages: Set<String>) -> [LifecycleStep] {
        var order: [(LifecycleStep.Resource.Kind, String, String?)] = []
        var users: [String: [ObjectID]] = [:]
        for o in objects {
            for p in o.properties {
                var found: (LifecycleStep.Resource.Kind, String, String?)?
                if let image = ResourceIndex.imageNamed(by: p, systemImages: systemImages) {
                    found = (.image, image.name, image.catalog)
                } else if p.key == "sound", case .string(let s) = p.value, !s.isEmpty {
                    found = (.sound, s, nil)
                }
                guard let (kind, name, catalog) = found else { continue }
                let key = "\(kind.rawValue):\(name)"
                if users[key] == nil { order.append((kind, name, catalog)) }
                if users[key]?.last != o.id { users[key, default: []].append(o.id) }
            }
        }
        return order.map { kind, name, catalog in
            let (status, location) = resources.lookup(kind, name, catalog: catalog, platform: platform)
            let objects = users["\(kind.rawValue):\(name)"] ?? []
            var note: String
            switch status {
            case .found: note = location ?? "found"
            case .missing:
                note = "not in the bundle or asset catalogs next to the input"
                if kind == .image, platform != .macOS, name.contains("."), name == name.lowercased() {
                    note += " (an SF Symbol name? the system provides those)"
                }
            case .system: note = catalog == "system" ? "SF Symbol" : "a named system image"
            case .unknown: note = "not found as a file or asset set; may be in \(location ?? "Assets.car"), which cannot be read"
            case .unchecked: note = "not checked: nothing to check against"
            }
            let users = objects.map(\.rawValue).joined(separator: ", ")
            let call = kind == .sound ? "soundNamed:"
                : catalog == "system" ? (platform == .macOS ? "imageWithSystemSymbolName:accessibilityDescription:" : "systemImageNamed:")
                : "imageNamed:"
            return LifecycleStep(phase: .load, object: "\(kind.rawValue) \"\(name)\"", call: call,
                                 kind: kind.rawValue, label: name,
                                 resource: .init(kind: kind, name: name, status: status, location: location, objects: objects),
                                 note: note + " (used by \(users))")
        }
    }
}
