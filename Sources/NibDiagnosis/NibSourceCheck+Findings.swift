import NibModel
import SourceIndex

extension NibSourceCheck {
    /// Every finding over all documents and classes, sorted by document, object path, code and
    /// member (findings in code only, such as unknown segue identifiers, come last by file).
    public func findings() -> [Finding] { run().findings }

    /// ``findings()`` and what the checks covered: one ``Coverage`` entry per check (the sources
    /// read, classes, outlets, actions, runtime attributes, unconnected outlets, File's Owners,
    /// outlet uses, segue and storyboard identifiers, registered cells, nib names), each recorded
    /// by the check as it runs.
    public func run() -> (findings: [Finding], coverage: Coverage) {
        var coverage = Coverage()
        var out: [Finding] = []
        if classesFromNibs { return classesNibRun() }
        recordSources(into: &coverage)
        out += classFindings(coverage: &coverage)
        out += connectionFindings(coverage: &coverage)
        out += coverageFindings(coverage: &coverage)
        out += ownerOutletFindings()
        out += ownerFindings(coverage: &coverage)
        out += earlyUseFindings(coverage: &coverage)
        out += literalFindings(coverage: &coverage)
        out += deadActionFindings(coverage: &coverage) + firstResponderFindings() + segueAlsoInCodeFindings()
        return (out.sorted { Self.sortKey($0).lexicographicallyPrecedes(Self.sortKey($1)) }, coverage)
    }

    /// Findings with a document first, then by document, file, object path, code, member, source.
    public static func sortKey(_ f: Finding) -> [String] {
        [f.document == nil ? "1" : "0", f.document ?? "", f.path ?? "", f.object ?? "", f.code.rawValue, f.member ?? "",
         f.sources.first?.short ?? ""]
    }

    // MARK: Classes

    /// Class findings; on File's Owner, which the code that loads the nib supplies and the nib
    /// never instantiates, they only affect Interface Builder: severity info.
    func classFindings(coverage: inout Coverage) -> [Finding] {
        classFindingsByAppearance(coverage: &coverage).map { pair in
            var (f, a) = pair
            if a.role == .filesOwner {
                f.severity = .info
                f.message += " (File's Owner is supplied by the code that loads the nib, not instantiated from it: only Interface Builder's view of the outlets and actions is affected)"
            }
            return f
        }
    }

    func classFindingsByAppearance(coverage: inout Coverage) -> [(Finding, Appearance)] {
        let rules: [FindingCode] = [.unknownClass, .genericClass, .missingModule, .moduleMismatch]
        if let reason = noClassesReason {
            coverage.record(check: "classes", title: "classes", rules: rules, unit: "classes named in the documents", skippedReason: reason)
            return []
        }
        var out: [(Finding, Appearance)] = []
        var reported: Set<String> = []
        var checked: Set<String> = []
        defer {
            coverage.record(check: "classes", title: "classes", rules: rules, checked: checked.count, unit: "classes named in the documents",
                            against: classesFromNibs ? Self.count(sources.classes.count, "class listed in classes.nib", "classes listed in classes.nib")
                                : Self.count(sources.classes.count, "class declared in the sources", "classes declared in the sources"))
        }
        for a in appearances {
            let m = a.members[0]
            let p = place(m)
            let object = document(m).object(m.id)
            if sourceClass(a) != nil || !FrameworkMembers.isFrameworkClass(a.className) { checked.insert(a.className) }
            guard let cls = sourceClass(a) else {
                // A class the sources extend but do not declare is declared elsewhere (a framework
                // or a file not read): not reported as unknown.
                // A classes.nib leaves out classes a palette or plug-in gave Interface Builder.
                if !classesFromNibs, !FrameworkMembers.isFrameworkClass(a.className), sources.class(named: a.className) == nil,
                   reported.insert("unknown|\(p.document)|\(a.className)").inserted {
                    let base = object.map { $0.placeholder == nil ? $0.className : "NSObject" } ?? "its base class"
                    out.append((Finding(.unknownClass,
                        "Unknown class \(runtimeName(a)) in Interface Builder file: \(classesFromNibs ? "no classes.nib of the nibs read lists" : "no source read declares") \(a.className); at run time the object is a plain \(base) and its outlets and actions have no receiver",
                        className: runtimeName(a), document: p.document, path: p.path, object: p.object, objectID: p.id, line: p.line,
                        fix: "Add the sources that declare \(a.className) (--sources), or correct the class name in the nib"), a))
                }
                continue
            }
            let declared = cls.declarations
            if cls.isGeneric, reported.insert("generic|\(p.document)|\(cls.name)").inserted {
                out.append((Finding(.genericClass,
                    "\(cls.name) is generic: the nib cannot instantiate it by name",
                    className: runtimeName(a), document: p.document, path: p.path, object: p.object, objectID: p.id, line: p.line,
                    fix: "Use a non-generic subclass in the nib", sources: declared), a))
            }
            guard let object else { continue }
            let doc = document(m)
            if !doc.format.isCompiled, cls.language == .swift, cls.objcName == nil, object.customClass != nil,
               object.customModule == nil, object.property("customModuleProvider") == nil {
                out.append((Finding(.missingModule,
                    "\(cls.name) is a Swift class but the nib gives no module: the runtime looks up '\(cls.name)' and finds no such class",
                    className: cls.name, document: p.document, path: p.path, object: p.object, objectID: p.id, line: p.line,
                    fix: "Set the module (or 'Inherit Module From Target') in the Identity inspector", sources: declared), a))
            }
            // "Inherit Module From Target": the module is the target that compiles the nib — a
            // Swift package target when the nib lies in one — whatever customModule last said.
            var nibModule = a.module
            if object.property("customModuleProvider") != nil, !doc.format.isCompiled,
               let target = SourceCodeReader.swiftModule(of: docs[m.doc].filePath) {
                nibModule = target
            }
            if let nibModule {
                if cls.language == .objectiveC && cls.objcName == nil {
                    out.append((Finding(.moduleMismatch,
                        "\(cls.name) is an Objective-C class but the nib names module \(nibModule): the runtime looks up the Swift class \(nibModule).\(cls.name), which does not exist",
                        className: "\(nibModule).\(cls.name)", document: p.document, path: p.path, object: p.object, objectID: p.id,
                        line: p.line, fix: "Clear the module in the Identity inspector", sources: declared), a))
                } else if let module = cls.module, module != nibModule {
                    let spm = nibModule == "\(module)_\(module)" ? " (the name of a Swift package's resource bundle)" : ""
                    out.append((Finding(.moduleMismatch,
                        "The nib names \(nibModule).\(cls.name)\(spm) but \(cls.name) is in module \(module): the runtime finds no class \(nibModule).\(cls.name)",
                        className: "\(nibModule).\(cls.name)", document: p.document, path: p.path, object: p.object, objectID: p.id,
                        line: p.line, fix: "Set the module to \(module)", sources: declared), a))
                }
            }
        }
        return out
    }

    // MARK: Connections

    /// Properties and methods declared in extensions of framework classes (`extension UIView {
    /// @IBInspectable var cornerRadius … }`): any object may have them.
    var frameworkExtensionMembers: (properties: Set<String>, selectors: Set<String>) {
        var properties: Set<String> = []
        var selectors: Set<String> = []
        for c in sources.classes where !c.isDeclared && FrameworkMembers.isFrameworkClass(c.name) {
            properties.formUnion(c.properties.map(\.name))
            selectors.formUnion(c.methods.map(\.selector))
        }
        return (properties, selectors)
    }

    func connectionFindings(coverage: inout Coverage) -> [Finding] {
        var out: [Finding] = []
        var tally = ConnectionTally()
        defer { tally.record(into: &coverage, check: self) }
        let extras = frameworkExtensionMembers
        var weakCollections: Set<String> = []
        var seenOutlets: [String: Int] = [:]
        var seenActions: [String: Int] = [:]
        for (i, d) in docs.enumerated() {
            let doc = d.document
            let retained = retainedRoots(doc: i)
            // Objects of this document by the outlets their classes declare, for outlet-on-wrong-object.
            var declaring: [String: [Appearance.Member]] = [:]
            func declarers(_ label: String) -> [Appearance.Member] {
                if declaring.isEmpty {
                    for (id, ai) in appearanceOf[i] ?? [:] {
                        for c in chain(appearances[ai]) {
                            for p in c.outlets { declaring[p.name, default: []].append(.init(doc: i, id: id)) }
                        }
                    }
                    declaring[""] = []
                }
                return (declaring[label] ?? []).sorted { $0.id < $1.id }
            }
            for c in doc.connections {
                switch c.kind {
                case .outlet, .outletCollection:
                    if c.kind == .outlet, let s = c.source {
                        let key = "\(i)|\(s)|\(c.label)"
                        seenOutlets[key, default: 0] += 1
                        if seenOutlets[key] == 2 {
                            let p = place(.init(doc: i, id: s))
                            out.append(Finding(.duplicateConnection,
                                "Outlet \(c.label) of \(p.object) is connected more than once: the last connection made wins and the order is not guaranteed",
                                className: appearance(doc: i, id: s).map { runtimeName(appearances[$0]) }, member: c.label, document: p.document, path: p.path, object: p.object, objectID: s, line: c.sourceLine ?? p.line,
                                fix: "Delete all but one of the connections"))
                        }
                    }
                    guard let ai = appearance(doc: i, id: c.source), let cls = checkableClass(ai) else {
                        tally.unknown(.outlets, appearance(doc: i, id: c.source).map { appearances[$0].className })
                        continue
                    }
                    tally.outlets.checked += 1
                    let a = appearances[ai]
                    let p = place(.init(doc: i, id: c.source!))
                    if let (property, owner) = sources.property(c.label, of: cls.name, near: a.home) {
                        if property.isOutlet && property.isCollection && property.isWeak
                            && weakCollections.insert("\(owner.name).\(property.name)").inserted {
                            out.append(Finding(.weakOutletCollection,
                                "Outlet collection \(property.name) of \(owner.name) is weak: nothing retains the array, so it is nil after loading",
                                className: runtimeName(a), member: property.name, document: p.document, path: p.path, object: p.object,
                                objectID: p.id, line: c.sourceLine ?? p.line, fix: "Declare the collection strong (remove 'weak')",
                                sources: [property.location]))
                        }
                        if c.kind == .outlet, property.isWeak, let dest = c.destination,
                           isUnretainedTopLevel(dest, doc: i, retainedRoots: retained) {
                            out.append(Finding(.weakTopLevelOutlet,
                                "Outlet \(property.name) of \(owner.name) is weak and points to the top-level object \(doc.semanticPath(of: dest)), which nothing else retains: it is deallocated after loading",
                                className: runtimeName(a), member: property.name, document: p.document, path: p.path, object: p.object,
                                objectID: p.id, line: c.sourceLine ?? p.line, fix: "Declare the outlet strong",
                                sources: [property.location]))
                        }
                        continue
                    }
                    if FrameworkMembers.outlets.contains(c.label) || extras.properties.contains(c.label)
                        || acceptsAnyKey(a) { continue }
                    let others = declarers(c.label).filter { $0.id != c.source }
                    let declared = cls.declarations
                    if let other = others.first {
                        let op = place(other)
                        out.append(Finding(.outletOnWrongObject,
                            "Outlet \(c.label) is connected from \(p.object) (\(cls.name), which does not declare it) but \(op.object) declares it: loading raises 'not key value coding-compliant for the key \(c.label)'",
                            className: runtimeName(a), member: c.label, document: p.document, path: p.path, object: p.object, objectID: p.id,
                            line: c.sourceLine ?? p.line, fix: "Connect \(c.label) from \(op.object) instead", sources: declared))
                    } else {
                        out.append(Finding(.undeclaredOutlet,
                            "\(runtimeName(a)) has no outlet \(c.label) (\(chain(a).map(\.name).joined(separator: " → ")) checked): loading raises 'setValue:forUndefinedKey: … not key value coding-compliant for the key \(c.label)'",
                            className: runtimeName(a), member: c.label, document: p.document, path: p.path, object: p.object, objectID: p.id,
                            line: c.sourceLine ?? p.line, fix: "Remove the stale connection or declare @IBOutlet \(c.label) in \(cls.name)",
                            sources: declared))
                    }
                case .action:
                    if let s = c.source {
                        let key = "\(i)|\(s)|\(c.label)|\(c.destination?.rawValue ?? "nil")|\(c.controlEvents?.rawValue ?? 0)"
                        seenActions[key, default: 0] += 1
                        if seenActions[key] == 2 {
                            let p = place(.init(doc: i, id: s))
                            out.append(Finding(.duplicateConnection,
                                "Action \(c.label) of \(p.object) is connected twice to the same target\(c.controlEvents.map { " for \($0)" } ?? ""): it fires twice",
                                className: appearance(doc: i, id: c.destination).map { runtimeName(appearances[$0]) }, member: c.label, document: p.document, path: p.path, object: p.object, objectID: s, line: c.sourceLine ?? p.line,
                                fix: "Delete one of the connections"))
                        }
                    }
                    if c.isNilTargeted {
                        tally.actions.firstResponder += 1
                        continue
                    }
                    guard let ai = appearance(doc: i, id: c.destination), let cls = checkableClass(ai) else {
                        tally.unknown(.actions, appearance(doc: i, id: c.destination).map { appearances[$0].className })
                        continue
                    }
                    tally.actions.checked += 1
                    out += actionFinding(c, doc: i, appearance: appearances[ai], cls: cls, extras: extras.selectors)
                case .runtimeAttribute:
                    guard let ai = appearance(doc: i, id: c.source), let cls = checkableClass(ai) else {
                        tally.unknown(.runtimeAttributes, appearance(doc: i, id: c.source).map { appearances[$0].className })
                        continue
                    }
                    tally.runtimeAttributes.checked += 1
                    let key = c.keyPath ?? c.label
                    guard !key.contains("."), sources.property(key, of: cls.name, near: appearances[ai].home) == nil,
                          !acceptsAnyKey(appearances[ai]),
                          !FrameworkMembers.runtimeKeys.contains(key), !FrameworkMembers.outlets.contains(key),
                          !extras.properties.contains(key) else { continue }
                    let p = place(.init(doc: i, id: c.source!))
                    out.append(Finding(.undeclaredRuntimeAttribute,
                        "User-defined runtime attribute \(key) of \(p.object): \(cls.name) declares no property \(key); loading raises 'not key value coding-compliant for the key \(key)'",
                        className: runtimeName(appearances[ai]), member: key, document: p.document, path: p.path, object: p.object,
                        objectID: p.id, line: c.sourceLine ?? p.line, fix: "Remove the attribute or declare @IBInspectable var \(key) in \(cls.name)",
                        sources: cls.declarations))
                default:
                    continue
                }
            }
        }
        return out
    }

    /// The source class whose members an appearance's connections are checked against; nil when
    /// unknown, and in ``classesFromNibs`` mode when the class descends from a class the table does
    /// not list outside AppKit and UIKit (an Interface Builder palette's `IBPalette`), whose
    /// members ``FrameworkMembers`` does not know.
    func checkableClass(_ ai: Int) -> SourceClass? {
        let a = appearances[ai]
        guard let cls = sourceClass(a) else { return nil }
        if classesFromNibs, let base = sources.frameworkBase(cls.name, near: a.home),
           !base.hasPrefix("NS"), !base.hasPrefix("UI") { return nil }
        return cls
    }

    func actionFinding(_ c: Connection, doc i: Int, appearance a: Appearance, cls: SourceClass, extras: Set<String>) -> [Finding] {
        let selector = c.label
        let source = c.source.map { docs[i].document.semanticPath(of: $0) } ?? "an object"
        let p = place(.init(doc: i, id: c.destination!))
        let line = c.sourceLine ?? c.source.flatMap { docs[i].document.object($0)?.sourceLine }
        if let (method, owner) = sources.method(selector, of: cls.name, near: a.home) {
            guard !method.isObjCVisible else { return [] }
            return [Finding(.actionNotVisibleToObjC,
                "Action \(selector) of \(source) targets \(owner.name).\(method.displayName), which the Objective-C runtime cannot see: 'unrecognized selector sent to instance' when it fires",
                className: runtimeName(a), member: selector, document: p.document, path: p.path, object: source, objectID: c.source,
                line: line, fix: "Mark \(method.displayName) @IBAction or @objc", sources: [method.location])]
        }
        if FrameworkMembers.actions.contains(selector) || extras.contains(selector) { return [] }
        // A class that forwards messages it does not implement answers any selector.
        if ["forwardingTargetForSelector:", "forwardInvocation:"].contains(where: { sources.method($0, of: cls.name, near: a.home) != nil }) {
            return []
        }
        let base = Self.selectorBase(selector)
        let near = chain(a).flatMap { c in c.methods.map { (c, $0) } }
            .first { Self.selectorBase($0.1.selector) == base || $0.1.displayName.hasPrefix(base + "(") }
        if let (owner, method) = near {
            return [Finding(.actionSelectorMismatch,
                "Action \(selector) of \(source): \(owner.name) has no method \(selector) but has \(method.displayName), whose selector is \(method.selector): 'unrecognized selector sent to instance' when it fires",
                className: runtimeName(a), member: selector, document: p.document, path: p.path, object: source, objectID: c.source,
                line: line, fix: "Reconnect the action to \(method.selector), or give the method @objc(\(selector))",
                sources: [method.location])]
        }
        return [Finding(.undeclaredAction,
            "Action \(selector) of \(source) targets \(p.object), but \(runtimeName(a)) does not implement \(selector) (\(chain(a).map(\.name).joined(separator: " → ")) checked): 'unrecognized selector sent to instance' when it fires",
            className: runtimeName(a), member: selector, document: p.document, path: p.path, object: source, objectID: c.source,
            line: line, fix: "Remove the stale action or implement \(selector) in \(cls.name)", sources: cls.declarations)]
    }

    /// True when the class or a superclass overrides `setValue:forUndefinedKey:`: it takes any key,
    /// so no outlet or runtime attribute label is undeclared.
    func acceptsAnyKey(_ a: Appearance) -> Bool {
        sources.method("setValue:forUndefinedKey:", of: a.className, near: a.home) != nil
    }

    /// `save` from `save:`, `saveWithSender:` and `save`; `tap` from `tap:forEvent:`.
    static func selectorBase(_ selector: String) -> String {
        var first = String(selector.prefix { $0 != ":" })
        if let with = first.range(of: "With", options: .backwards), with.lowerBound > first.startIndex {
            first = String(first[..<with.lowerBound])
        }
        return first
    }

    /// True when `id` is a top-level object (no parent, not a placeholder) that no other
    /// connection or object keeps: no strong reference from its document other than outlets.
    func isUnretainedTopLevel(_ id: ObjectID, doc i: Int, retainedRoots: Set<ObjectID>) -> Bool {
        let doc = docs[i].document
        guard let o = doc.object(id), o.parent == nil, o.placeholder == nil else { return false }
        // Windows are kept by the window list until closed; the root view of a view controller's
        // nib by the controller's `view` outlet.
        if o.className.hasSuffix("Window") || o.className.hasSuffix("Panel") { return false }
        return !retainedRoots.contains(id)
    }

    /// Objects of a document that a `view` or `contentView` outlet keeps (one pass).
    func retainedRoots(doc i: Int) -> Set<ObjectID> {
        Set(docs[i].document.connections.filter { $0.label == "view" || $0.label == "contentView" }.compactMap(\.destination))
    }

    // MARK: File's Owner

    func ownerFindings(coverage: inout Coverage) -> [Finding] {
        var out: [Finding] = []
        var checked = 0
        var unknown: Set<String> = []
        defer {
            coverage.record(check: "files-owner", title: "File's Owners", rules: [.viewOutletNotSet, .ownerRootRecursion], checked: checked,
                            unit: "with a class", notChecked: unknown.isEmpty || noClassesReason != nil ? [] : [classNotFound(unknown)],
                            skippedReason: noClassesReason)
        }
        for a in appearances where a.role == .filesOwner {
            let m = a.members[0]
            let doc = document(m)
            guard let cls = sourceClass(a) else {
                if !FrameworkMembers.isFrameworkClass(a.className) { unknown.insert(a.className) }
                continue
            }
            checked += 1
            let p = place(m)
            let base = sources.frameworkBase(cls.name, near: a.home)
            if FrameworkMembers.isViewController(base), !doc.format.rawValue.contains("storyboard"),
               !doc.name.contains(".storyboardc/"), sources.method("loadView", of: cls.name, near: a.home) == nil,
               !doc.connections.contains(where: { $0.source == m.id && $0.label == "view" }) {
                out.append(Finding(.viewOutletNotSet,
                    "\(doc.name)'s File's Owner is \(cls.name), a \(base ?? "view controller"), and its view outlet is not connected: loading raises 'loaded the \"\(docs[m.doc].baseName)\" nib but the view outlet was not set'",
                    className: runtimeName(a), member: "view", document: p.document, path: p.path, object: p.object, objectID: p.id,
                    line: p.line, fix: "Connect File's Owner's view outlet to the root view", sources: cls.declarations))
            }
            let loads = sources.literals(.nibName).filter { $0.value == docs[m.doc].baseName && $0.enclosingClass == cls.name }
            if !loads.isEmpty, let root = doc.roots.compactMap({ doc.object($0) }).first(where: { $0.customClass == cls.name }) {
                out.append(Finding(.ownerRootRecursion,
                    "File's Owner and the root view \(doc.semanticPath(of: root.id)) are both \(cls.name), whose code loads this nib (\(loads[0].location.short)): every load creates another \(cls.name), which loads the nib again",
                    className: runtimeName(a), document: p.document, path: p.path, object: doc.semanticPath(of: root.id), objectID: root.id,
                    line: root.sourceLine, fix: "Set the root view's class to UIView/NSView (keep \(cls.name) on File's Owner)",
                    sources: loads.map(\.location)))
            }
        }
        return out
    }
}

extension NibSourceCheck {
    /// `init…`, `awakeFromNib` and `prepare(for:sender:)`: where ``earlyUseFindings(coverage:)``
    /// looks for outlet uses.
    static func isLoadTimeMethod(_ method: String) -> Bool {
        method == "init" || method.hasPrefix("init(") || (method.hasPrefix("initWith") && method.hasSuffix(":"))
            || method == "awakeFromNib" || method == "prepare(for:sender:)"
    }

    /// A finding in code, given the file and line of its source location.
    func located(_ f: Finding, at location: SourceLocation) -> Finding {
        var f = f
        f.path = location.file
        f.line = location.line
        return f
    }
}
