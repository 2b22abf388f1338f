import Foundation
import NibModel

/// The nib rules of `nibinspect lint` that need no Swift or Objective-C sources: the nib design
/// guidelines of Apple's Resource Programming Guide (main nib, large nibs, windows visible at
/// load, File's Owner as the one contact point) and review checks (banned classes, dangling
/// connections, one event to several targets, duplicate key equivalents, missing images,
/// accessibility, ambiguous views and placeholder constraints of sources).
///
/// Each rule is one ``FindingCode`` (``FindingCode/lintOnlyCodes``). Every rule is one pass over
/// a document's objects and connections with hash-table lookups: linear in the size of the
/// inputs. Images are checked against the resources found near each input
/// (``ResourceIndex/near(_:)``, once per directory).
public enum NibLint {
    /// Every finding of the nib rules over the inputs, sorted like ``NibSourceCheck/findings()``
    /// (by document, file, object path, code).
    ///
    /// - Parameters:
    ///   - inputs: inputs as the library's `NibOpener` resolves them (compiled or source).
    ///   - options: the banned classes and the size thresholds of `large-nib`.
    public static func findings(_ inputs: [NibInput], options: LintOptions = LintOptions()) -> [Finding] {
        var out: [Finding] = []
        var resources = ResourceCache()
        for input in inputs {
            for document in input.documents {
                var context = Context(document: document, path: document.path ?? input.path, options: options)
                context.run(resources: &resources)
                out += context.out
            }
        }
        return out.sorted { NibSourceCheck.sortKey($0).lexicographicallyPrecedes(NibSourceCheck.sortKey($1)) }
    }

    /// True for a macOS main nib: a document named `MainMenu`, or one whose File's Owner is
    /// `NSApplication` and which holds the main menu (`_NSMainMenu`, xib `systemMenu="main"`).
    public static func isMainNib(_ document: NibDocument) -> Bool {
        if NibSourceCheck.baseName(document.name) == "MainMenu" { return true }
        guard document.platform == .macOS || document.platform == .unknown else { return false }
        let ownerIsApplication = document.objects.contains {
            $0.placeholder?.kind == .filesOwner
                && ($0.placeholder?.target?.effectiveClass ?? $0.customClass ?? $0.className) == "NSApplication"
        }
        return ownerIsApplication && document.objects.contains(where: isMainMenu)
    }

    /// The menu bar: `NSMenu` named `_NSMainMenu` (compiled) or with `systemMenu="main"` (source).
    static func isMainMenu(_ o: NibObject) -> Bool {
        guard o.className == "NSMenu" else { return false }
        if case .string(let s)? = o.property("systemMenu"), s == "main" { return true }
        if case .string(let s)? = o.property("name"), s == "_NSMainMenu" { return true }
        return o.name == "_NSMainMenu"
    }

    /// Top-level classes a main nib may hold besides the menu bar: the application delegate and
    /// other plain objects (custom objects are `NSObject`), the font manager, controllers.
    static let plainTopLevelClasses: Set<String> = [
        "NSObject", "NSCustomObject", "NSMenu", "NSMenuItem", "NSFontManager", "NSUserDefaultsController", "NSObjectController",
        "NSArrayController", "NSTreeController", "NSDictionaryController", "NSController", "NSApplication",
        "NSWindowController", "NSViewController",
    ]

    /// Resources near inputs, one search per directory.
    struct ResourceCache {
        var byDirectory: [String: ResourceIndex] = [:]
        /// Source file → its SF Symbol names (a source storyboard is one document per scene).
        var systemImages: [String: Set<String>] = [:]

        mutating func systemImages(ofSource path: String) -> Set<String> {
            if let cached = systemImages[path] { return cached }
            let names = ResourceIndex.systemImageNames(inSource: path)
            systemImages[path] = names
            return names
        }

        mutating func index(for path: String) -> ResourceIndex {
            let directory = (path as NSString).deletingLastPathComponent
            if let cached = byDirectory[directory] { return cached }
            let index = ResourceIndex.near(path)
            byDirectory[directory] = index
            return index
        }
    }

    /// One document being linted.
    struct Context {
        let document: NibDocument
        let path: String
        let options: LintOptions
        var out: [Finding] = []

        init(document: NibDocument, path: String, options: LintOptions) {
            self.document = document
            self.path = path
            self.options = options
        }

        var isSource: Bool { !document.format.isCompiled }

        mutating func add(_ code: FindingCode, _ id: ObjectID?, line: Int? = nil, className: String? = nil,
                          member: String? = nil, _ message: String, fix: String) {
            let object = id.map { document.semanticPath(of: $0) }
            let line = isSource ? (line ?? id.flatMap { document.object($0)?.sourceLine }) : nil
            out.append(Finding(code, message, className: className, member: member, document: document.name, path: path,
                               object: object, objectID: id, line: line, fix: fix))
        }

        mutating func run(resources: inout ResourceCache) {
            let main = NibLint.isMainNib(document)
            if main { mainNibContent() }
            largeNib()
            if !main { visibleWindows() }
            objectRules()
            connectionRules()
            menuRules()
            missingImages(resources: &resources)
        }

        // MARK: Guidelines

        mutating func mainNibContent() {
            var top = document.topLevelObjects.filter { document.object($0)?.placeholder == nil }
            if top.isEmpty { top = document.roots }
            for id in top {
                guard let o = document.object(id), !NibLint.plainTopLevelClasses.contains(o.className) else { continue }
                add(.mainNibContent, id, className: o.effectiveClass,
                    "\(document.semanticPath(of: id)) is a top-level \(o.className) of the main nib: it is created at launch, before the user asks for it, and adds to the launch time",
                    fix: "Move it to its own nib (with a window or view controller as File's Owner) loaded when it is first needed")
            }
        }

        mutating func largeNib() {
            let count = document.objects.reduce(0) { $0 + ($1.placeholder == nil ? 1 : 0) }
            let top = document.topLevelObjects.filter { document.object($0)?.placeholder == nil }.count
            if count > options.maxObjects {
                add(.largeNib, nil,
                    "\(document.name) holds \(count) objects (more than \(options.maxObjects)): every one is created each time the nib loads",
                    fix: "Split it into smaller nibs loaded when needed (one per window, view controller or reusable view)")
            }
            if top > options.maxTopLevelObjects {
                add(.largeNib, nil,
                    "\(document.name) has \(top) top-level objects (more than \(options.maxTopLevelObjects)): all are created and must be retained whenever the nib loads",
                    fix: "Move groups of top-level objects to nibs of their own, loaded when needed")
            }
        }

        mutating func visibleWindows() {
            var seen = Set<ObjectID>()
            for id in document.visibleWindows where seen.insert(id).inserted {
                add(.windowVisibleAtLoad, id, className: document.object(id)?.effectiveClass,
                    "\(document.semanticPath(of: id)) is marked Visible At Launch: it is shown as soon as the nib loads, before its owner has configured it",
                    fix: "Turn off 'Visible At Launch' and show the window from code (showWindow:, makeKeyAndOrderFront:)")
            }
        }

        // MARK: Objects

        /// Accessibility facts per object: label set, marked not an element, marked an element.
        struct Access {
            var labelled = false
            var notElement = false
            var element = false
        }

        static let labelAttributes: Set<String> = [
            "accessibilityLabel", "AXDescription", "accessibilityDescription", "AXTitle", "accessibilityTitle",
        ]

        func accessibility() -> [ObjectID: Access] {
            var out: [ObjectID: Access] = [:]
            for c in document.connections where c.kind == .accessibility || c.kind == .runtimeAttribute {
                guard let s = c.source else { continue }
                let key = c.kind == .accessibility ? c.label : (c.keyPath ?? c.label)
                if Self.labelAttributes.contains(key) {
                    if let text = Self.text(c.value), !text.isEmpty { out[s, default: Access()].labelled = true }
                } else if key == "isAccessibilityElement" || key == "accessibilityElement" {
                    if case .bool(let b)? = c.value { b ? (out[s, default: Access()].element = true) : (out[s, default: Access()].notElement = true) }
                    if case .int(let i)? = c.value { i != 0 ? (out[s, default: Access()].element = true) : (out[s, default: Access()].notElement = true) }
                }
            }
            for o in document.objects {
                for p in o.properties {
                    switch p.key {
                    case "accessibilityLabel", "accessibilityDescription", "AXDescription":
                        if let t = Self.text(p.value), !t.isEmpty { out[o.id, default: Access()].labelled = true }
                    case "accessibility", "accessibilityConfiguration":
                        // Kept as text by the XML reader: `accessibility(description=Add)`.
                        if case .formatted(let f) = p.value {
                            if f.contains("description=") || f.contains("label=") { out[o.id, default: Access()].labelled = true }
                            if f.contains("isElement=NO") { out[o.id, default: Access()].notElement = true }
                            if f.contains("isElement=YES") { out[o.id, default: Access()].element = true }
                        }
                    default: break
                    }
                }
            }
            return out
        }

        static func text(_ v: PropertyValue?) -> String? {
            switch v {
            case .string(let s)?: return s
            case .localizedString(let l)?: return l.text
            case .formatted(let f)?: return f == "nil" ? nil : f
            default: return nil
            }
        }

        /// A property of the object or of its cell (AppKit controls keep title, image and
        /// placeholder in their cell).
        func property(_ key: String, of o: NibObject) -> PropertyValue? {
            if let v = o.property(key) { return v }
            for id in cells(of: o) { if let v = document.object(id)?.property(key) { return v } }
            return nil
        }

        func cells(of o: NibObject) -> [ObjectID] {
            var out: [ObjectID] = []
            if case .object(let id)? = o.property("cell") { out.append(id) }
            for id in o.children where !out.contains(id) {
                if let c = document.object(id), c.className.hasSuffix("Cell") { out.append(id) }
            }
            return out
        }

        /// The image an object shows and whether it is a system image (SF Symbol, `NS…` named image).
        func image(of o: NibObject) -> (name: String, system: Bool)? {
            for candidate in [o.id] + cells(of: o) {
                guard let obj = document.object(candidate) else { continue }
                let catalogSystem = obj.property("catalog").flatMap(Self.text) == "system"
                for p in obj.properties where p.key == "image" {
                    switch p.value {
                    case .image(let ref):
                        return (ref.name, ref.isSystemSymbol || catalogSystem || NibLint.isSystemImageName(ref.name))
                    case .string(let s) where !s.isEmpty:
                        return (s, catalogSystem || NibLint.isSystemImageName(s))
                    case .formatted(let f):
                        if let ref = NibLint.imageReference(formatted: f) {
                            return (ref.name, ref.catalog == "system" || NibLint.isSystemImageName(ref.name))
                        }
                    default: break
                    }
                }
            }
            return nil
        }

        mutating func objectRules() {
            let access = accessibility()
            var placeholderConstraints: [ObjectID: NibObject] = [:]
            for o in document.objects where o.placeholder == nil {
                // banned-class
                for cls in [o.customClass, o.className].compactMap({ $0 }) {
                    guard let reason = options.bannedClasses[cls] else { continue }
                    let which = cls == o.className ? cls : "\(cls) (a custom class banned by the configuration)"
                    add(.bannedClass, o.id, className: o.effectiveClass,
                        "\(document.semanticPath(of: o.id)) is a \(which): \(reason)",
                        fix: "Replace it; the reason names the successor")
                    break
                }
                // ambiguous-layout, constraint-placeholder (sources only)
                if isSource {
                    let ambiguous = o.property("ambiguous") == .bool(true)
                    let misplaced = o.property("misplaced") == .bool(true)
                    if ambiguous || misplaced {
                        let what = ambiguous && misplaced ? "ambiguous and misplaced" : ambiguous ? "ambiguous" : "misplaced"
                        add(.ambiguousLayout, o.id, className: o.effectiveClass,
                            ambiguous
                                ? "Interface Builder marks \(document.semanticPath(of: o.id)) \(what): its constraints do not determine one frame, so Auto Layout picks one at run time that may differ from the canvas"
                                : "Interface Builder marks \(document.semanticPath(of: o.id)) misplaced: its frame on the canvas is not the one its constraints give, so at run time it appears elsewhere than designed",
                            fix: ambiguous ? "Add the missing constraints (Resolve Auto Layout Issues › Add Missing Constraints)"
                                : "Update the frame from the constraints, or the constraints from the frame (Resolve Auto Layout Issues)")
                    }
                    if o.className == "NSLayoutConstraint", o.property("placeholder") == .bool(true) {
                        placeholderConstraints[o.id] = o
                    }
                }
                // accessibility
                let a = access[o.id] ?? Access()
                if !a.labelled && !a.notElement { accessibilityRules(o, a) }
            }
            guard !placeholderConstraints.isEmpty else { return }
            var outlets: [ObjectID: [Connection]] = [:]
            for c in document.connections where c.kind == .outlet || c.kind == .outletCollection {
                for d in (c.members ?? []) + (c.destination.map { [$0] } ?? []) where placeholderConstraints[d] != nil {
                    outlets[d, default: []].append(c)
                }
            }
            for id in placeholderConstraints.keys.sorted() {
                let connected = outlets[id] ?? []
                var message = "Constraint \(document.semanticPath(of: id)) is marked 'Remove at build time' (placeholder): it is not in the compiled nib, so the layout at run time lacks it"
                if !connected.isEmpty {
                    let names = connected.map { "\($0.source.map { document.semanticPath(of: $0) } ?? "?").\($0.label)" }
                    message += "; the outlet \(names.joined(separator: ", ")) to it is nil at run time"
                }
                add(.constraintPlaceholder, id, message,
                    fix: connected.isEmpty ? "Add the constraint in code, or clear 'Remove at build time' if it should ship"
                        : "Clear 'Remove at build time', or remove the outlet and create the constraint in code")
            }
        }

        mutating func accessibilityRules(_ o: NibObject, _ a: Access) {
            let path = document.semanticPath(of: o.id)
            switch o.className {
            case "UIButton", "NSButton":
                guard let image = image(of: o), !image.system else { return }
                let title = [property("title", of: o), property("normalTitle", of: o)].compactMap { $0.flatMap(Self.text) }
                guard title.allSatisfy({ $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) else { return }
                add(.accessibilityLabelMissing, o.id, className: o.effectiveClass,
                    "\(path) shows only the image '\(image.name)' and has no accessibility label: VoiceOver announces it as the image's file name or just 'button'",
                    fix: "Set an accessibility label (Identity inspector › Accessibility › Label) that says what the button does")
            case "UIImageView", "NSImageView":
                // A UIImageView is no accessibility element unless marked one: decorative by default.
                if o.className == "UIImageView" && !a.element { return }
                guard let image = image(of: o), !image.system else { return }
                add(.accessibilityLabelMissing, o.id, className: o.effectiveClass,
                    "\(path) shows the image '\(image.name)' and has no accessibility label: VoiceOver reads it as an unlabelled image",
                    fix: "Set an accessibility label describing the image, or mark it not an accessibility element if it is decorative")
            case "UITextField", "NSTextField", "NSSecureTextField":
                let key = o.className == "UITextField" ? "placeholder" : "placeholderString"
                guard let placeholder = property(key, of: o).flatMap(Self.text),
                      !placeholder.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
                if o.className != "UITextField", property("editable", of: o) != .bool(true) { return }
                add(.placeholderAsLabel, o.id, className: o.effectiveClass,
                    "\(path)'s only label is its placeholder \"\(placeholder)\": it disappears as soon as the user types, and VoiceOver does not read it as the field's label",
                    fix: "Give the field an accessibility label (and a visible label beside it)")
            default:
                return
            }
        }

        // MARK: Connections

        mutating func connectionRules() {
            // Action connections per control: (event bit or 0) → distinct (target, selector) pairs.
            var actions: [ObjectID: [UInt32: [String]]] = [:]
            var firstLine: [ObjectID: Int] = [:]
            for c in document.connections {
                // external-placeholder-connection
                for (end, role) in [(c.source, "from"), (c.destination, "to")] {
                    guard let id = end, let p = document.object(id)?.placeholder, p.kind == .external else { continue }
                    add(.externalPlaceholderConnection, id, line: c.sourceLine, member: c.label,
                        "The \(c.kind.rawValue) \(c.label) goes \(role) the external object '\(p.identifier)': the code that loads the nib must supply it (UINibExternalObjects) or loading fails, and the nib has two contact points instead of File's Owner",
                        fix: "Connect through File's Owner instead and let the owner pass the object on")
                    break
                }
                dangling(c)
                // Connections to no object of the document are dangling-connection findings only.
                if c.kind == .action, let s = c.source, c.unresolved == nil,
                   c.isNilTargeted || c.destination.map({ document.object($0) != nil }) ?? true {
                    let target = c.isNilTargeted ? "First Responder" : (c.destination?.rawValue ?? "nil")
                    let pair = "\(target)\u{0}\(c.label)"
                    var bits: [UInt32] = []
                    if let events = c.controlEvents, events.rawValue != 0 {
                        var rest = events.rawValue
                        while rest != 0 {
                            let bit = rest & (~rest &+ 1)
                            bits.append(bit)
                            rest &= ~bit
                        }
                    } else {
                        bits = [0]
                    }
                    for bit in bits where !(actions[s]?[bit]?.contains(pair) ?? false) {
                        actions[s, default: [:]][bit, default: []].append(pair)
                    }
                    if firstLine[s] == nil, let l = c.sourceLine { firstLine[s] = l }
                }
            }
            for s in actions.keys.sorted() {
                guard let o = document.object(s), o.placeholder == nil else { continue }
                for (bit, pairs) in actions[s]!.sorted(by: { $0.key < $1.key }) where pairs.count > 1 {
                    let described = pairs.map { pair -> String in
                        let parts = pair.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
                        let target = parts[0] == "First Responder" || parts[0] == "nil" ? parts[0] : document.semanticPath(of: ObjectID(parts[0]))
                        return "\(parts[1]) → \(target)"
                    }
                    let event = ControlEvents(rawValue: bit).description
                    // AppKit controls and menu items keep one target and action; UIKit controls,
                    // gesture recognizers and bar items call every target.
                    let mac = document.platform == .macOS
                    add(.eventToSeveralTargets, s, line: firstLine[s], className: o.effectiveClass,
                        mac ? "\(document.semanticPath(of: s)) has \(pairs.count) action connections (\(described.joined(separator: ", "))), but an AppKit control or menu item has one target and one action: only the last one connected is kept"
                            : "\(document.semanticPath(of: s)) sends \(bit == 0 ? "its action" : event) to \(pairs.count) actions (\(described.joined(separator: ", "))): every one runs, in no guaranteed order",
                        fix: "Keep the one intended connection and delete the others (often left over from copying the control)")
                }
            }
        }

        mutating func dangling(_ c: Connection) {
            var problem: String?
            if let u = c.unresolved {
                problem = u.message
            } else if c.kind != .segue {
                if let s = c.source, document.object(s) == nil {
                    problem = "source '\(s.rawValue)' is no object of the document"
                } else if let d = c.destination, !c.isNilTargeted, document.object(d) == nil {
                    problem = "destination '\(d.rawValue)' is no object of the document"
                } else if let m = c.members?.first(where: { document.object($0) == nil }) {
                    problem = "member '\(m.rawValue)' is no object of the document"
                }
            }
            guard let problem else { return }
            let id = c.source.flatMap { document.object($0) != nil ? $0 : nil }
            let effect: String
            switch c.kind {
            case .outlet, .outletCollection: effect = "the outlet is not set (nil), or loading raises when the object is missing"
            case .action: effect = "the action has no target and goes up the responder chain, or does nothing"
            case .binding: effect = "the binding has nothing to observe"
            default: effect = "it does nothing at run time"
            }
            add(.danglingConnection, id, line: c.sourceLine, member: c.label,
                "The \(c.kind.rawValue) \(c.label)\(id == nil ? "" : " of \(document.semanticPath(of: id!))") is dangling (\(problem)): \(effect)",
                fix: "Delete the connection and connect it again in Interface Builder")
        }

        // MARK: Menus

        mutating func menuRules() {
            var byMenu: [ObjectID: [String: [ObjectID]]] = [:]
            for o in document.objects where o.className == "NSMenuItem" {
                guard let menu = o.parent, let key = Self.text(o.property("keyEquivalent")), !key.isEmpty else { continue }
                byMenu[menu, default: [:]][key, default: []].append(o.id)
            }
            for menu in byMenu.keys.sorted() {
                for (key, items) in byMenu[menu]!.sorted(by: { $0.key < $1.key }) where items.count > 1 {
                    let names = items.map { document.semanticPath(of: $0) }
                    for id in items.dropFirst() {
                        add(.duplicateKeyEquivalent, id, className: "NSMenuItem", member: key,
                            "\(document.semanticPath(of: id)) has the key equivalent \(key), as \(names[0]) in the same menu: pressing \(key) performs only the first enabled one",
                            fix: "Give one of the items another key equivalent or modifiers")
                    }
                }
            }
        }

        // MARK: Images

        mutating func missingImages(resources: inout ResourceCache) {
            var named: [(name: String, catalog: String?, object: ObjectID)] = []
            var seen = Set<String>()
            var systemImages: Set<String>?
            for o in document.objects {
                let catalogSystem = Self.text(o.property("catalog")) == "system"
                for p in o.properties {
                    var found: (name: String, catalog: String?)?
                    switch p.value {
                    case .formatted(let f) where p.key == "image" || p.key.hasSuffix("Image"):
                        found = NibLint.imageReference(formatted: f)
                    case .string where p.key == "image" || p.key.hasSuffix("Image"):
                        if isSource && systemImages == nil {
                            // The `<resources>` section says which names are SF Symbols: read once per file.
                            systemImages = document.path.map { resources.systemImages(ofSource: $0) } ?? []
                        }
                        found = ResourceIndex.imageNamed(by: p, systemImages: systemImages ?? [])
                    default:
                        found = ResourceIndex.imageNamed(by: p, systemImages: [])
                    }
                    guard var image = found, seen.insert(image.name).inserted else { continue }
                    if catalogSystem && p.key == "image" && image.catalog == nil { image.catalog = "system" }
                    named.append((image.name, image.catalog, o.id))
                }
            }
            guard !named.isEmpty else { return }
            let index = resources.index(for: path)
            guard index.root != nil, !(index.images.isEmpty && index.assets.isEmpty) else { return }
            for image in named {
                if image.catalog == "system" || NibLint.isSystemImageName(image.name) { continue }
                guard case (.missing, _) = index.lookup(.image, image.name, catalog: image.catalog, platform: document.platform)
                else { continue }
                add(.missingImage, image.object, member: image.name,
                    "\(document.semanticPath(of: image.object)) shows the image '\(image.name)', which is in no asset catalog and no image file under \(index.root!): at run time imageNamed: returns nil and nothing is drawn",
                    fix: "Add '\(image.name)' to an asset catalog of the target, or correct the name")
            }
        }
    }

    /// True for images the system provides: AppKit named images (`NSAdvanced`, `NSActionTemplate`:
    /// `NS` and an uppercase letter) and SF Symbol-style names (`square.and.arrow.up`: a dot and
    /// no image file extension).
    public static func isSystemImageName(_ name: String) -> Bool {
        if isAppKitNamedImage(name) { return true }
        guard name.contains("."), !name.contains("/"), !name.contains(" ") else { return false }
        let ext = (name as NSString).pathExtension.lowercased()
        return !ResourceIndex.imageExtensions.contains(ext) && name == name.lowercased()
    }

    /// AppKit's named images (`NSAdvanced`, `NSActionTemplate`): `NS` and an uppercase letter.
    static func isAppKitNamedImage(_ name: String) -> Bool {
        name.hasPrefix("NS") && name.dropFirst(2).first?.isUppercase == true
    }

    /// `image` and `catalog` of a source's `imageReference(catalog=system, image=star, …)` text.
    static func imageReference(formatted f: String) -> (name: String, catalog: String?)? {
        guard f.hasPrefix("imageReference("), f.hasSuffix(")") else { return nil }
        var name: String?
        var catalog: String?
        for part in f.dropFirst("imageReference(".count).dropLast().components(separatedBy: ", ") {
            if part.hasPrefix("image=") { name = String(part.dropFirst(6)) }
            if part.hasPrefix("catalog=") { catalog = String(part.dropFirst(8)) }
        }
        return name.map { ($0, catalog) }
    }
}
