import Foundation
import NibModel

/// Writes a resolved compiled document back as Interface Builder source: a `<document>` xib
/// (`com.apple.InterfaceBuilder3.CocoaTouch.XIB` for iOS, `…Cocoa.XIB` for macOS), or a
/// storyboard from the documents of a `.storyboardc` (``storyboard(_:)``) — `nibinspect xib`.
///
/// What is written (nib-format.md §7.1–7.3): placeholders (File's Owner with its class where the
/// nib records it, First Responder, Application, external objects); every object as the element
/// Xcode names its class after (`<button>` for `UIButton`, `<textFieldCell>` for
/// `NSTextFieldCell`; the inverse of ``XIBClassTable``), with `customClass` and `customModule`
/// (demangled from Swift runtime names); the view and menu hierarchy (`subviews`, `items`,
/// `menu key="submenu"`, `cell`, `contentView`, `constraints`); the decoded properties (frames,
/// colours, fonts, images, titles, text, tags, states, key equivalents, identifiers);
/// connections (outlets, outlet collections, actions with their control events, bindings),
/// user-defined runtime attributes and accessibility.
///
/// Ids are fresh, in Interface Builder's `abc-de-fgh` shape and the same for the same input
/// (derived from each object's archive id); an id a localizable string kept (`NSKey`
/// `uSm-wg-y7O.title`, §7.5) is reused. Placeholders take the ids Xcode gives them (`-1`,
/// `-2`, `-3`). What the xib format cannot say (objects of private classes, values of no xib
/// form, connections without a resolved end) is written in an XML comment beside its object,
/// never dropped silently. The output is well-formed XML that ``SourceReader`` reads back.
public enum XIBWriter {
    /// The xib for one resolved compiled document.
    ///
    /// - Parameter note: a line for the comment at the top of the file (the input it was rebuilt
    ///   from is always named there); typedstream input adds its own best-effort note.
    /// - Returns: the xib text (UTF-8, ending in a line feed).
    ///   - nested: nested archives of `document` (documents named `<document> > prototype "Cell"`):
    ///     iOS prototype cells are written inside their table or collection view's `<prototypes>`.
    public static func xib(_ document: NibDocument, nested: [NibDocument] = [], note: String? = nil) -> String {
        var builder = XIBBuilder(document: document, ids: IDAllocator())
        builder.addPrototypes(nested)
        var root = XIBBuilder.documentElement(platform: document.platform, storyboard: false)
        var header = "Rebuilt by nibinspect xib from \(document.name) (\(document.platform.rawValue) \(document.format.displayName)): "
            + "ids are fresh (IB object ids a nib keeps, oid, are not written), frames and values as archived; what the xib format cannot say is kept in comments."
        if document.format == .typedstream {
            header += " Legacy typedstream nib: best effort; only the objects, hierarchy, connections and the properties the reader decodes are written."
        }
        if let note { header += " " + note }
        root.children.append(.comment(" " + header + " "))
        root.append(XIBBuilder.dependencies(platform: document.platform))
        var objects = XMLOutput.Element("objects")
        objects.children = builder.objectNodes()
        root.append(objects)
        return XMLOutput.document(root)
    }

    /// A fresh id in Interface Builder's shape, `abc-de-fgh` (letters and digits), determined by
    /// `seed`.
    static func freshID(seed: String) -> String {
        var state = fnv1a(seed)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var chars: [Character] = []
        for _ in 0..<8 {
            state = splitMix(&state)
            chars.append(alphabet[Int(state % UInt64(alphabet.count))])
        }
        return String(chars[0..<3]) + "-" + String(chars[3..<5]) + "-" + String(chars[5..<8])
    }

    /// True for an id of Interface Builder's shape (`uSm-wg-y7O`).
    static func isIBID(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.count) == [3, 2, 3] else { return false }
        return parts.allSatisfy { $0.unicodeScalars.allSatisfy { ($0.value < 128) && (CharacterSet.alphanumerics.contains($0)) } }
    }

    private static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return h
    }

    private static func splitMix(_ state: inout UInt64) -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Hands out unique ids: reserved ones first, then fresh ones from a seed, re-seeded on a clash.
struct IDAllocator {
    private(set) var taken: Set<String> = []

    /// `preferred` when it is still free, else a fresh id from `seed`.
    mutating func id(preferred: String? = nil, seed: String) -> String {
        if let preferred, taken.insert(preferred).inserted { return preferred }
        var n = 0
        while true {
            let id = XIBWriter.freshID(seed: n == 0 ? seed : "\(seed)#\(n)")
            if taken.insert(id).inserted { return id }
            n += 1
        }
    }
}

/// Builds the `<objects>` of one document (and the scene contents of a storyboard).
struct XIBBuilder {
    let document: NibDocument
    let platform: Platform
    var ids: IDAllocator
    /// Object id → xib id.
    private(set) var xibID: [ObjectID: String] = [:]
    /// Connections by source, in document order.
    private var outgoing: [ObjectID: [Connection]] = [:]
    /// Connections without a source, for the top-level comment.
    private var sourceless: [Connection] = []
    /// Storyboard plumbing that compilation adds (``isCompilationArtefact(_:in:)``), for a comment.
    private(set) var artefacts: [Connection] = []
    /// The First Responder's xib id (written even when the nib archives none).
    var firstResponderID = ""
    /// Static table views and the data source objects holding their sections.
    var staticTables: [ObjectID: ObjectID] = [:]
    var staticDataSources: Set<ObjectID> = []
    /// Objects written without an id: a table column's header cell, as Xcode writes it (so no
    /// connection can name it: ``isWritten(_:)`` is false).
    var idless: Set<ObjectID> = []
    /// `<segue>` elements of a storyboard's segue templates, by the template as an upstream
    /// placeholder names it (`<scene nib>:<object id>`): a cell's `selectionSegueTemplate` or
    /// `accessoryActionSegueTemplate` outlet to one is written as that segue in the cell.
    var cellSegues: [String: XMLOutput.Element] = [:]
    /// Id namespace for seeds (the scene, in a storyboard).
    var seedPrefix = ""
    /// How deep ``nodes(for:parent:key:)`` is in the hierarchy; below ``maxDepth`` levels the
    /// rest of a branch is a comment (a hostile nib nests views thousands deep; HierarchyWalk's
    /// limit is 512, Interface Builder's own files stay far below this).
    private var depth = 0
    static let maxDepth = 256
    /// Objects whose xib id is given (storyboard placeholders bound to their controller).
    var preset: [ObjectID: String] = [:]
    /// Objects not written here, with their subtrees (a storyboard writes contained controllers
    /// as scenes of their own, and segue templates as `<segue>` elements).
    var skip: Set<ObjectID> = []
    /// True in a storyboard scene: placeholders are not written (unless ``preset``).
    var storyboardMode = false
    /// Nodes added inside an object's element (a storyboard controller's view from its view nib),
    /// and connection elements added to its `<connections>` (the view nib's outlets, segues).
    var injected: [ObjectID: [XMLOutput.Node]] = [:]
    var injectedConnections: [ObjectID: [XMLOutput.Element]] = [:]
    /// `sceneMemberID` of an object (a storyboard scene's controller).
    var sceneMember: [ObjectID: String] = [:]
    /// Prototype cells from nested nibs, per table or collection view, and their identifiers.
    var prototypes: [ObjectID: [XMLOutput.Node]] = [:]
    var prototypeNames: Set<String> = []
    var prototypeDocuments: Set<String> = []

    init(document: NibDocument, ids: IDAllocator, seedPrefix: String = "", preset: [ObjectID: String] = [:],
         storyboardMode: Bool = false) {
        self.storyboardMode = storyboardMode
        self.document = document
        self.platform = document.platform == .unknown ? .iOS : document.platform
        self.ids = ids
        self.seedPrefix = seedPrefix
        self.preset = preset
        self.xibID = preset
        for o in document.objects where o.className.contains("SegueTemplate") { skip.insert(o.id) }
        if platform == .macOS {
            var firstClipViews: [ObjectID: ObjectID] = [:]
            for o in document.objects where Self.isFolded(o, in: document, firstClipViews: &firstClipViews) { skip.insert(o.id) }
            for o in document.objects where o.className.hasSuffix("TableHeaderCell")
                && o.parent.flatMap({ document.object($0) })?.className.hasSuffix("TableColumn") == true {
                idless.insert(o.id)
            }
        }
        // A static table's sections live in a data source object the controller's
        // `staticDataSource` outlet names; the source has them in the table (`<sections>`).
        var viewOutlet: [ObjectID: ObjectID] = [:]
        for c in document.connections where c.kind == .outlet && c.label == "view" {
            if let s = c.source, let d = c.destination, viewOutlet[s] == nil { viewOutlet[s] = d }
        }
        for c in document.connections where c.kind == .outlet && c.label == "staticDataSource" {
            guard let ds = c.destination, let owner = c.source, let table = viewOutlet[owner],
                  document.object(table)?.className.hasSuffix("TableView") == true else { continue }
            staticTables[table] = ds
            staticDataSources.insert(ds)
            skip.insert(ds)
        }
        for c in document.connections {
            if Self.isCompilationArtefact(c, in: document) {
                artefacts.append(c)
            } else if let s = c.source, document.object(s) != nil {
                outgoing[s, default: []].append(c)
            } else {
                sourceless.append(c)
            }
        }
        assignIDs()
    }

    var isMac: Bool { platform == .macOS }

    /// AppKit objects that a nib archives but a xib does not hold as elements: a scroll view's
    /// header clip view (any clip view after its first; the xib has only `headerView`), a matrix's
    /// own cell (`NSActionCell`; the xib has the matrix's `cells` and `prototype`), the search
    /// and cancel button cells of a search field cell, and a box's title cell (its text is the
    /// box's `title` attribute, written by ``nodes(for:parent:key:)``).
    static func isFolded(_ o: NibObject, in document: NibDocument, firstClipViews: inout [ObjectID: ObjectID]) -> Bool {
        guard let parent = o.parent.flatMap({ document.object($0) }) else { return false }
        let c = o.className, p = parent.className
        if p.hasSuffix("ScrollView") && c.hasSuffix("ClipView") {
            if firstClipViews[parent.id] == nil {   // (once per scroll view)
                firstClipViews[parent.id] = parent.children.first { document.object($0)?.className.hasSuffix("ClipView") == true }
            }
            return firstClipViews[parent.id] != o.id
        }
        if p.hasSuffix("Matrix") { return c == "NSActionCell" }
        if p.hasSuffix("SearchFieldCell") { return c.hasSuffix("ButtonCell") }
        if p == "NSBox" { return c.hasSuffix("Cell") }
        return false
    }

    /// The title of a folded box title cell (``isFolded(_:in:)``).
    func boxTitle(_ o: NibObject) -> String? {
        guard o.className == "NSBox" else { return nil }
        return o.children.lazy.compactMap { self.document.object($0) }.filter { $0.className.hasSuffix("Cell") }
            .compactMap { $0.property("title")?.text ?? $0.property("text")?.text }.first
    }

    // MARK: ids

    private mutating func assignIDs() {
        // Placeholders take Xcode's fixed ids; objects the ids their localizable strings kept.
        for p in document.placeholders {
            guard let kind = p.placeholder?.kind else { continue }
            var fixed: String?
            switch kind {
            case .filesOwner: fixed = isMac ? "-2" : "-1"
            case .firstResponder: fixed = isMac ? "-1" : "-2"
            case .application: fixed = isMac ? "-3" : nil
            default: fixed = nil
            }
            if seedPrefix.isEmpty, let fixed {
                xibID[p.id] = ids.id(preferred: fixed, seed: fixed)
            }
        }
        for o in document.objects where xibID[o.id] == nil && !(storyboardMode && o.placeholder != nil) {
            let recovered = o.properties.lazy.compactMap { p -> String? in
                guard case .localizedString(let l) = p.value, let dot = l.key.firstIndex(of: ".") else { return nil }
                let id = String(l.key[..<dot])
                return XIBWriter.isIBID(id) ? id : nil
            }.first
            xibID[o.id] = ids.id(preferred: recovered, seed: seedPrefix + document.name + "|" + o.id.rawValue + "|" + o.className)
        }
        if let fr = document.placeholders.first(where: { $0.placeholder?.kind == .firstResponder }), xibID[fr.id] != nil {
            firstResponderID = xibID[fr.id] ?? ""
        } else {
            let fixed = seedPrefix.isEmpty ? (isMac ? "-1" : "-2") : nil
            firstResponderID = ids.id(preferred: fixed, seed: seedPrefix + document.name + "|First Responder")
        }
    }

    // MARK: document frame

    static func documentElement(platform: Platform, storyboard: Bool) -> XMLOutput.Element {
        let mac = platform == .macOS
        let type = "com.apple.InterfaceBuilder3." + (mac ? "Cocoa" : "CocoaTouch") + (storyboard ? ".Storyboard" : "") + ".XIB"
        var attrs: [(String, String)] = [("type", type), ("version", "3.0"), ("toolsVersion", "23504"),
                                         ("targetRuntime", mac ? "MacOSX.Cocoa" : "iOS.CocoaTouch"),
                                         ("propertyAccessControl", "none")]
        if !mac { attrs += [("useAutolayout", "YES"), ("colorMatched", "YES")] }
        return XMLOutput.Element("document", attrs)
    }

    static func dependencies(platform: Platform) -> XMLOutput.Element {
        let mac = platform == .macOS
        var d = XMLOutput.Element("dependencies")
        d.append(XMLOutput.Element("plugIn", [("identifier", mac ? "com.apple.InterfaceBuilder.CocoaPlugin" : "com.apple.InterfaceBuilder.IBCocoaTouchPlugin"),
                                              ("version", "23504")]))
        return d
    }

    // MARK: objects

    /// Placeholders (File's Owner, First Responder, Application, external objects), then every
    /// root object with its subtree, then a comment for connections without a source.
    mutating func objectNodes() -> [XMLOutput.Node] {
        var out: [XMLOutput.Node] = []
        var wroteFirstResponder = false
        var unwritten: [String] = []
        for p in document.placeholders {
            if let kind = p.placeholder?.kind, kind == .storyboard || kind == .upstream {
                unwritten.append("\(p.id.rawValue) \(kind.displayName) \(p.placeholder?.identifier ?? "")"
                    + (p.placeholder?.resolvedTarget.map { " (stands for \($0))" } ?? ""))
                continue
            }
            out += nodes(for: p, parent: nil)
            if p.placeholder?.kind == .firstResponder { wroteFirstResponder = true }
        }
        let placeholderCount = out.count
        for r in document.roots {
            if let o = document.object(r) { out += nodes(for: o, parent: nil) }
        }
        // Xcode's xibs always have a First Responder; compiled nibs drop an unused one.
        if !wroteFirstResponder {
            out.insert(.element(firstResponderElement()), at: min(1, placeholderCount))
        }
        if !unwritten.isEmpty {
            out.append(.comment(" nibinspect: storyboard placeholders of this scene nib (a xib has none): " + unwritten.joined(separator: "; ") + " "))
        }
        let segueTemplates = document.objects.filter { $0.className.contains("SegueTemplate") }
        if !segueTemplates.isEmpty {
            out.append(.comment(" nibinspect: segue templates (a storyboard's <segue> elements, compiled): " + segueTemplates.map { t in
                "\(t.id.rawValue) \(t.className)" + (t.property("identifier")?.text.map { " \"\($0)\"" } ?? "")
                    + (t.property("destination")?.text.map { " → \($0)" } ?? "")
            }.joined(separator: "; ") + " "))
        }
        if !artefacts.isEmpty {
            out.append(.comment(" nibinspect: storyboard connections added by compilation: " + artefacts.map { "\($0.source?.rawValue ?? "?") " + describe($0) }.joined(separator: "; ") + " "))
        }
        if !sourceless.isEmpty {
            out.append(.comment(" nibinspect: connections without a source object: "
                + sourceless.map(describe).joined(separator: "; ") + " "))
        }
        return out
    }

    func firstResponderElement() -> XMLOutput.Element {
        if isMac {
            return XMLOutput.Element("customObject", [("id", firstResponderID), ("userLabel", "First Responder"), ("customClass", "FirstResponder")])
        }
        return XMLOutput.Element("placeholder", [("placeholderIdentifier", "IBFirstResponder"), ("id", firstResponderID)])
    }

    /// The element for `o` (with its subtree), or — for an object no xib element can stand for —
    /// a comment and its children in its place.
    mutating func nodes(for o: NibObject, parent: NibObject?, key: String? = nil) -> [XMLOutput.Node] {
        if skip.contains(o.id) { return [] }   // (roots too: a static table's data source)
        guard depth < Self.maxDepth else {
            return [.comment(" nibinspect: \(o.id.rawValue) \(describeClass(o)) and what it holds are not written: more than \(Self.maxDepth) levels deep ")]
        }
        depth += 1
        defer { depth -= 1 }
        var notes: [String] = []
        if case .constraint(let lc)? = o.property("constraint"),
           let missing = [lc.firstItem, lc.secondItem].compactMap({ $0 }).first(where: { !isWritten($0) }) {
            // Half a constraint would say something else (a missing firstItem means the holder).
            return [.comment(" nibinspect: constraint \(o.id.rawValue) \(lc): its item \(missing.rawValue) is not written ")]
        }
        guard var e = element(for: o, notes: &notes) else {
            var out: [XMLOutput.Node] = [.comment(" nibinspect: \(o.id.rawValue) \(describeClass(o)) has no xib element"
                + (properties(of: o).isEmpty ? "" : "; " + properties(of: o).map { "\($0.key) = \($0.value)" }.joined(separator: ", "))
                + "; its children follow in its place ")]
            for c in o.children {
                if let child = document.object(c) { out += nodes(for: child, parent: parent) }
            }
            return out
        }
        if let key { e.attributes.insert(("key", key), at: 0) }
        // A cell names its built-in labels (written as `<label>`), in archive order.
        if o.className.hasSuffix("TableViewCell") {
            let labels = o.children.compactMap { document.object($0) }
                .flatMap { c in [c] + c.children.compactMap { document.object($0) } }   // (in its content view)
                .filter { $0.className == "UITableViewLabel" }.map(\.id)
            for (attribute, label) in zip(["textLabel", "detailTextLabel"], labels) { if let id = xibID[label] { e.set(attribute, id) } }
        }
        // Xcode gives a table column's header cell no id.
        if key == "headerCell" || idless.contains(o.id) { e.attributes.removeAll { $0.0 == "id" } }
        if let title = boxTitle(o), e["title"] == nil { e.set("title", title) }
        if let tip = outgoing[o.id]?.lazy.compactMap(Self.toolTip).first { e.set("toolTip", tip) }
        let guideType = Self.layoutGuideType(o)
        if let guideType { e.set("type", guideType) }
        if case .constraint(let lc)? = o.property("constraint") { writeConstraint(lc, holder: parent?.id, into: &e, notes: &notes) }
        var valueElements: [XMLOutput.Element] = []
        for p in properties(of: o) where guideType == nil || !["identifier", "hidden", "frame"].contains(p.key) {
            write(p, of: o, into: &e, elements: &valueElements, notes: &notes)
        }
        // Children, grouped as Xcode groups them.
        var wrappers: [(String, XMLOutput.Element)] = []
        var keyed: [XMLOutput.Node] = []
        var scrollerCount = 0
        var usedKeys = Set<String>()
        let firstView = o.children.first { document.object($0)?.className.hasSuffix("View") == true }
        for c in o.children where !skip.contains(c) {
            guard let child = document.object(c) else { continue }
            switch placement(of: child, in: o, firstView: firstView, scrollerIndex: &scrollerCount) {
            case .key(var k):
                // Two scrollers both looking horizontal (a hidden one's frame says little): the
                // second is the other one.
                let other = ["horizontalScroller": "verticalScroller", "verticalScroller": "horizontalScroller"]
                if usedKeys.contains(k), let flipped = other[k], !usedKeys.contains(flipped) { k = flipped }
                usedKeys.insert(k)
                keyed += nodes(for: child, parent: o, key: k)
            case .wrapper(let name):
                let childNodes = nodes(for: child, parent: o)
                if let i = wrappers.firstIndex(where: { $0.0 == name }) {
                    wrappers[i].1.children += childNodes
                } else {
                    var w = XMLOutput.Element(name)
                    w.children = childNodes
                    wrappers.append((name, w))
                }
            }
        }
        var children: [XMLOutput.Node] = notes.isEmpty ? [] : [.comment(" nibinspect: not expressible in a xib: " + notes.joined(separator: "; ") + " ")]
        // Frame first, then keyed children and subviews, then the other values, constraints last.
        let (frames, values) = valueElements.partitioned { ["frame", "contentRect", "autoresizingMask"].contains($0["key"] ?? "") }
        children += frames.filter { $0["key"] != "autoresizingMask" }.map { .element($0) } + frames.filter { $0["key"] == "autoresizingMask" }.map { .element($0) }
        children += keyed
        children += wrappers.filter { $0.0 != "constraints" }.map { .element($0.1) }
        if let cells = prototypes[o.id] { children.append(.element(XMLOutput.Element("prototypes", children: cells))) }
        if let ds = staticTables[o.id].flatMap({ document.object($0) }) {
            e.set("dataMode", "static")
            var sections = XMLOutput.Element("sections")
            for s in ds.children { if let section = document.object(s) { sections.children += nodes(for: section, parent: ds) } }
            children.append(.element(sections))
        }
        children += values.map { .element($0) }
        children += wrappers.filter { $0.0 == "constraints" }.map { .element($0.1) }
        children += injected[o.id] ?? []
        children += connectionNodes(of: o)
        e.children = children + e.children
        // Xcode's attribute order: the values, then key-independent identity (id, class, label).
        let identity = ["id", "userLabel", "customClass", "customModule", "sceneMemberID"]
        let (valueAttributes, ident) = e.attributes.partitioned { !identity.contains($0.0) }
        e.attributes = valueAttributes.filter { $0.0 == "key" } + valueAttributes.filter { $0.0 != "key" }
            + ident.sorted { identity.firstIndex(of: $0.0)! < identity.firstIndex(of: $1.0)! }
        return [.element(e)]
    }

    /// Storyboard plumbing that compilation adds and a source never holds (nib-format.md §5.2):
    /// File's Owner's `sceneViewController`/`sceneController` outlets, `storyboard` outlets,
    /// connections of segue templates and the storyboard placeholder, `perform:` actions.
    static func isCompilationArtefact(_ c: Connection, in document: NibDocument) -> Bool {
        if c.kind == .outlet && ["sceneViewController", "sceneController", "storyboard", "staticDataSource"].contains(c.label) { return true }
        if c.kind == .action && c.label == "perform:" { return true }
        for id in [c.source, c.destination].compactMap({ $0 }) {
            if let o = document.object(id), o.className.contains("SegueTemplate") || o.placeholder?.kind == .storyboard { return true }
        }
        return false
    }

    /// Writes each iOS prototype cell archived as a nested nib (`prototype "Cell"`, nib-format.md
    /// §2.9) inside the `<prototypes>` of the table or collection view whose `prototypeCells`
    /// name it; the nested nib's placeholders and their connections go into a comment.
    mutating func addPrototypes(_ nested: [NibDocument]) {
        for d in nested {
            guard let r = d.name.range(of: " > prototype \"", options: .backwards), d.name.hasSuffix("\"") else { continue }
            let identifier = String(d.name[r.upperBound...].dropLast())
            guard let owner = document.objects.first(where: { o in
                guard case .formatted(let list)? = o.property("prototypeCells") else { return false }
                return list.components(separatedBy: ", ").contains(identifier)
            }) else { continue }
            var nb = XIBBuilder(document: d, ids: ids, seedPrefix: "prototype|\(identifier)|", storyboardMode: true)
            nb.firstResponderID = firstResponderID
            nb.cellSegues = cellSegues
            var nodes: [XMLOutput.Node] = []
            for root in d.roots { if let o = d.object(root) { nodes += nb.nodes(for: o, parent: nil) } }
            let dropped = nb.droppedConnections() + nb.artefacts.map { "\($0.source?.rawValue ?? "?") " + nb.describe($0) }
            if !dropped.isEmpty {
                nodes.insert(.comment(" nibinspect: prototype \"\(identifier)\": connections of its nib's placeholders: " + dropped.joined(separator: "; ") + " "), at: 0)
            }
            ids = nb.ids
            prototypes[owner.id, default: []] += nodes
            prototypeNames.insert(identifier)
            prototypeDocuments.insert(d.name)
        }
    }

    /// True when `id` is written as an element of its own (so a reference to its xib id resolves).
    func isWritten(_ id: ObjectID) -> Bool {
        if preset[id] != nil { return true }
        guard let o = document.object(id), xibID[id] != nil else { return false }
        var cursor: NibObject? = o
        var depth = 0
        if idless.contains(id) { return false }
        while let c = cursor, depth < 10_000 {
            // A static table's data source is not written, its sections are (in the table).
            if skip.contains(c.id) && !(c.id != id && staticDataSources.contains(c.id)) { return false }
            cursor = c.parent.flatMap { document.object($0) }
            depth += 1
        }
        if let kind = o.placeholder?.kind {
            if kind == .storyboard || kind == .upstream { return false }
            return !storyboardMode || kind == .firstResponder
        }
        return Self.elementName(for: o, platform: platform) != nil
    }

    /// Connections whose source is not written here (placeholders of a storyboard scene nib,
    /// skipped objects), described for a comment.
    func droppedConnections() -> [String] {
        document.connections.filter { c in
            guard let s = c.source else { return false }
            return !isWritten(s) && preset[s] == nil && document.object(s) != nil
        }.map { c in "\(c.source?.rawValue ?? "?") " + describe(c) }
    }

    /// The properties written for `o` (the display name is not one).
    func properties(of o: NibObject) -> [Property] {
        o.properties.filter { !["constraint"].contains($0.key) }
    }

    enum Placement { case key(String), wrapper(String) }

    /// Where a child goes in its parent's element: a keyed element (`cell`, `contentView`,
    /// `submenu`, `view`) or a wrapper (`subviews`, `items`, `constraints`, `tableColumns`, …).
    /// `firstView`: the parent's first child whose class is a view (its content view or `view`).
    func placement(of child: NibObject, in parent: NibObject, firstView: ObjectID?, scrollerIndex: inout Int) -> Placement {
        let c = child.className, p = parent.className
        if c == "NSLayoutConstraint" { return .wrapper("constraints") }
        if Self.layoutGuideType(child) != nil { return .wrapper("layoutGuides") }
        if p.hasSuffix("Menu") && c.hasSuffix("MenuItem") { return .wrapper("items") }
        if p.hasSuffix("MenuItem") && c.hasSuffix("Menu") { return .key("submenu") }
        if p.hasSuffix("PopUpButtonCell") && c.hasSuffix("Menu") { return .key("menu") }
        if p.hasSuffix("Window") || p == "NSWindowTemplate" || p.hasSuffix("Panel") {
            if c.hasSuffix("View") && firstView == child.id {
                return .key("contentView")
            }
            if c.hasSuffix("Toolbar") { return .key("toolbar") }
        }
        if isMac && c.hasSuffix("Cell") && !p.hasSuffix("Matrix") && !p.hasSuffix("TableColumn") && !p.hasSuffix("Form") {
            return .key("cell")
        }
        if p.hasSuffix("TableColumn") && c.hasSuffix("Cell") {
            return .key(c.hasSuffix("HeaderCell") ? "headerCell" : "dataCell")
        }
        if case .object(child.id)? = parent.property("prototype") { return .key("prototype") }
        if p.hasSuffix("Matrix") || p.hasSuffix("Form") || p.hasSuffix("TableViewSection") { return .wrapper("cells") }
        if (p.hasSuffix("TableView") || p.hasSuffix("OutlineView")) && c.hasSuffix("TableColumn") { return .wrapper("tableColumns") }
        if c == "NSTableHeaderView" { return .key("headerView") }
        if c == "UITableViewCellContentView" || (p.hasSuffix("CollectionViewCell") && c == "UIView") { return .key("contentView") }
        if p.hasSuffix("ScrollView") && c.hasSuffix("ClipView") { return .key("contentView") }
        if p.hasSuffix("ScrollView") && c.hasSuffix("Scroller") {
            scrollerIndex += 1
            if case .rect(let r)? = child.property("frame") { return .key(r.width >= r.height ? "horizontalScroller" : "verticalScroller") }
            if case .size(let r)? = child.property("frameSize") { return .key(r.width >= r.height ? "horizontalScroller" : "verticalScroller") }
            return .key(scrollerIndex == 1 ? "horizontalScroller" : "verticalScroller")
        }
        // Only the first view of a box or tab is its content view (one `key` per element).
        if (p.hasSuffix("Box") || p.hasSuffix("TabViewItem")) && c.hasSuffix("View")
            && firstView == child.id {
            return .key(p.hasSuffix("Box") ? "contentView" : "view")
        }
        if p.hasSuffix("TabView") && c.hasSuffix("TabViewItem") { return .wrapper("tabViewItems") }
        if p.hasSuffix("Toolbar") && c.hasSuffix("ToolbarItem") { return .wrapper("allowedToolbarItems") }
        if p.hasSuffix("WindowController") && (c.hasSuffix("Window") || c == "NSWindowTemplate" || c.hasSuffix("Panel")) {
            return .key("window")
        }
        if p.hasSuffix("Controller") && c.hasSuffix("View") && firstView == child.id {
            return .key("view")
        }
        if c == "UINavigationItem" && p.hasSuffix("Controller") { return .key("navigationItem") }
        if c == "UINavigationBar" && p.hasSuffix("NavigationController") { return .key("navigationBar") }
        if c == "UIToolbar" && p.hasSuffix("NavigationController") { return .key("toolbar") }
        if c == "UITabBar" && p.hasSuffix("TabBarController") { return .key("tabBar") }
        if c == "UITabBarItem" && p.hasSuffix("Controller") { return .key("tabBarItem") }
        if p.hasSuffix("NavigationBar") || p.hasSuffix("Toolbar") || p.hasSuffix("TabBar") { return .wrapper("items") }
        if p.hasSuffix("Controller") { return .wrapper("childViewControllers") }
        return .wrapper("subviews")
    }

    // MARK: element and class

    /// The element for `o` without its children and values, or nil when no element stands for
    /// its class.
    func element(for o: NibObject, notes: inout [String]) -> XMLOutput.Element? {
        guard let id = xibID[o.id] else { return nil }
        if let kind = o.placeholder?.kind {
            return placeholderElement(o, kind: kind, id: id, notes: &notes)
        }
        guard var name = Self.elementName(for: o, platform: platform) else { return nil }
        // Xcode writes a panel (NSPanel, NSFontPanel, NSColorPanel) as a window of that class
        // (`<panel>` is only read).
        let panel = isMac && (name == "panel" || name.hasSuffix("Panel"))
        if panel { name = "window" }
        var e = XMLOutput.Element(name)
        e.set("id", id)
        if panel && o.customClass == nil { e.set("customClass", o.className) }
        if Self.elementName(for: o.className, platform: platform) == nil && !(o.className.hasPrefix("IBNS") || o.className.hasPrefix("IBUI"))
            && Self.layoutGuideType(o) == nil {
            // A class archived by itself that no element names (a plug-in or app class without a
            // class swapper): its base element with the class as custom class, as IB shows it.
            e.set("customClass", o.className)
            if o.customClass != nil { notes.append("custom class \(describeClass(o))") }
        } else if let custom = o.customClass {
            e.set("customClass", custom)
            if let module = o.customModule { e.set("customModule", module) }
        }
        if isMac, let label = userLabel(o) { e.set("userLabel", label) }
        if let member = sceneMember[o.id] { e.set("sceneMemberID", member) }
        return e
    }

    /// A macOS name from the nib's names table, when it is not just the title or text (which the
    /// reader derives a name from anyway).
    func userLabel(_ o: NibObject) -> String? {
        // A legacy nib's names table entry kept beside a shown title (`Window (Preferences)`).
        if let objectName = o.property("objectName")?.text, !objectName.isEmpty { return objectName }
        guard let name = o.name, !name.isEmpty else { return nil }
        // The title or text of the object or of its cell is what Interface Builder shows anyway.
        let cells = o.children.compactMap { document.object($0) }.filter { $0.className.hasSuffix("Cell") }
        let texts = ([o] + cells).flatMap { x in ["title", "text"].compactMap { x.property($0)?.text } }
        return texts.contains(name) ? nil : name
    }

    func placeholderElement(_ o: NibObject, kind: Placeholder.Kind, id: String, notes: inout [String]) -> XMLOutput.Element? {
        var e: XMLOutput.Element
        switch kind {
        case .filesOwner:
            e = isMac ? XMLOutput.Element("customObject", [("id", id), ("userLabel", "File's Owner")])
                : XMLOutput.Element("placeholder", [("placeholderIdentifier", "IBFilesOwner"), ("id", id)])
        case .firstResponder:
            return firstResponderElement()
        case .application:
            guard isMac else {
                notes.append("Application placeholder (iOS xibs have none)")
                e = XMLOutput.Element("placeholder", [("placeholderIdentifier", o.placeholder?.identifier ?? "IBApplication"), ("id", id)])
                return e
            }
            e = XMLOutput.Element("customObject", [("id", id), ("userLabel", "Application"), ("customClass", "NSObject")])
            return e
        case .external:
            e = XMLOutput.Element("placeholder", [("placeholderIdentifier", o.placeholder?.identifier ?? ""), ("id", id)])
            if let name = o.name, name != o.placeholder?.identifier { e.set("userLabel", name) }
        case .storyboard, .upstream, .exit:
            e = XMLOutput.Element("placeholder", [("placeholderIdentifier", o.placeholder?.identifier ?? kind.rawValue), ("id", id)])
        }
        let custom = o.customClass ?? (isMac && kind == .filesOwner && o.className != "NSObject" && o.className != "NSCustomObject" ? o.className : nil)
        if let custom {
            e.set("customClass", custom)
            if let module = o.customModule { e.set("customModule", module) }
        }
        return e
    }

    /// The element for `o`: the one its class is named by, else for a public class of no
    /// element `customView` (a class named `…View`) or `customObject`; nil for private classes
    /// (`_UILayoutGuide`, `_NSCornerView`) and IB's compile-time prototyping constraints, which
    /// a source never declares.
    static func elementName(for o: NibObject, platform: Platform) -> String? {
        if let name = elementName(for: o.className, platform: platform) { return name }
        if layoutGuideType(o) != nil { return "viewControllerLayoutGuide" }
        // Storyboard design-time stand-ins (`IBNSWindowController`, `IBUIButton`) are their class.
        if o.className.hasPrefix("IBNS") || o.className.hasPrefix("IBUI"),
           let name = elementName(for: String(o.className.dropFirst(2)), platform: platform) { return name }
        if o.className.hasPrefix("_") || o.className == "NSIBPrototypingLayoutConstraint" { return nil }
        // As compare reads it (CompareClasses.bareBase): a `…View` is a custom view.
        if o.className.hasSuffix("View") { return platform == .macOS ? "customView" : "view" }
        return "customObject"
    }

    /// `top` or `bottom` for a view controller's top or bottom layout guide (`_UILayoutGuide`
    /// with identifier `_UIViewControllerTop`/`_UIViewControllerBottom`), which a source declares
    /// as `<viewControllerLayoutGuide type="top">`.
    static func layoutGuideType(_ o: NibObject) -> String? {
        guard o.className == "_UILayoutGuide" else { return nil }
        switch o.property("identifier")?.text {
        case "_UIViewControllerTop": return "top"
        case "_UIViewControllerBottom": return "bottom"
        default: return nil
        }
    }

    /// The element Xcode writes for `className` (`UIButton` → `button`, `NSTextFieldCell` →
    /// `textFieldCell`, `MKMapView` → `mapView`), checked against ``XIBClassTable`` so that the
    /// reader maps it back to the same class; nil when no element does.
    static func elementName(for className: String, platform: Platform) -> String? {
        let special: [String: String] = [
            "NSWindowTemplate": "window", "NSCustomObject": "customObject", "NSObject": "customObject",
            "NSCustomView": "customView", "UIProxyObject": "customObject", "UICustomObject": "customObject", "NSLayoutConstraint": "constraint",
            // A cell's built-in labels are labels in Xcode's xibs.
            "UITableViewLabel": "label",
        ]
        if let s = special[className] { return s }
        let prefix = platform == .macOS ? "NS" : "UI"
        if className.hasPrefix(prefix), className.count > 2 {
            let rest = className.dropFirst(2)
            let candidate = rest.prefix(1).lowercased() + rest.dropFirst()
            if candidate.first?.isLetter == true, candidate.allSatisfy({ $0.isLetter || $0.isNumber }),
               XIBClassTable.className(element: candidate, platform: platform) == className {
                return candidate
            }
        }
        for element in XIBClassTable.table.keys.sorted() where XIBClassTable.className(element: element, platform: platform) == className {
            return element
        }
        return nil
    }

    func describeClass(_ o: NibObject) -> String {
        o.customClass.map { "\($0) (\(o.className))" } ?? o.className
    }

    // MARK: properties

    /// Writes one decoded property as Xcode does: an attribute, a value element, a button state;
    /// a note when the xib format has no place for it.
    func write(_ p: Property, of o: NibObject, into e: inout XMLOutput.Element, elements: inout [XMLOutput.Element],
               notes: inout [String]) {
        let isButton = !isMac && o.className == "UIButton"
        func attribute(_ name: String, _ text: String) {
            if XMLOutput.isRepresentable(text) {
                e.set(name, text)
            } else {
                elements.append(XMLOutput.Element("string", [("key", name), ("base64-UTF8", "YES")],
                                                  text: Data(text.utf8).base64EncodedString()))
            }
        }
        func state(_ attr: String, _ value: String?, element: XMLOutput.Element? = nil) {
            var s = elements.first { $0.name == "state" && $0["key"] == "normal" } ?? XMLOutput.Element("state", [("key", "normal")])
            elements.removeAll { $0.name == "state" && $0["key"] == "normal" }
            if let value { s.set(attr, value) }
            if let element { s.append(element) }
            elements.append(s)
        }
        switch (p.key, p.value) {
        case ("frame", .rect(let r)), ("contentRect", .rect(let r)), ("bounds", .rect(let r)):
            elements.append(XMLOutput.Element("rect", [("key", p.key == "bounds" ? "frame" : p.key), ("x", num(r.x)), ("y", num(r.y)),
                                                       ("width", num(r.width)), ("height", num(r.height))]))
        case ("frameSize", .size(let s)):
            elements.append(XMLOutput.Element("rect", [("key", "frame"), ("x", "0.0"), ("y", "0.0"), ("width", num(s.width)), ("height", num(s.height))]))
        case (_, .color(let c)):
            if let ce = colorElement(c, key: p.key) {
                if isButton && p.key == "titleColor" { state("", nil, element: ce) } else { elements.append(ce) }
            } else {
                notes.append("\(p.key) = \(p.value)")
            }
        case ("font", .font(let f)):
            elements.append(fontElement(f))
        case (_, .image(let img)):
            if isButton && p.key == "image" {
                state("image", img.name)
            } else if img.isSystemSymbol && !isMac {
                elements.append(XMLOutput.Element("imageReference", [("key", p.key), ("image", img.name), ("catalog", "system")]))
            } else {
                attribute(p.key, img.name)
            }
        case ("title", _) where isButton:
            if let t = p.value.text { state("title", t) }
        case ("text", _) where isMac && o.className.hasSuffix("Cell"):
            if let t = p.value.text { attribute("title", t) }
        case ("placeholder", _) where isMac:
            if let t = p.value.text { attribute("placeholderString", t) }
        case ("keyEquivalent", .string(let k)):
            writeKeyEquivalent(k, into: &e, elements: &elements, notes: &notes)
        case ("separator", .bool(let b)):
            if b { e.set("isSeparatorItem", "YES") }
        case ("state", .int(let i)) where isMac:
            switch i {
            case 0: break
            case 1: e.set("state", "on")
            case -1: e.set("state", "mixed")
            default: notes.append("state = \(i)")
            }
        case ("prototypeCells", .formatted(let list)) where list.components(separatedBy: ", ").allSatisfy(prototypeNames.contains):
            break  // written in <prototypes>
        case ("prototypeCells", _):
            notes.append("prototype cells \(p.value) (compiled as nested nibs, written as documents of their own)")
        case ("objectName", _) where isMac:
            break  // written as userLabel
        case ("styleMask", .formatted(let flags)) where isMac:
            elements.append(Self.flagsElement("windowStyleMask", key: "styleMask", flags, order: XIBFlagNames.windowStyle.map(\.name)))
        case ("behavior", .formatted(let flags)) where isMac:
            elements.append(Self.flagsElement("behavior", key: "behavior", flags, order: XIBFlagNames.behavior.map(\.name)))
        case ("autoresizingMask", .formatted(let flags)):
            var mask = XMLOutput.Element("autoresizingMask", [("key", "autoresizingMask")])
            for flag in flags.split(separator: "|") where flag != "none" { mask.set(String(flag), "YES") }
            elements.append(mask)
        case ("nibName", _) where storyboardMode && sceneMember[o.id] != nil:
            break  // the view nib of a storyboard controller: its view is written inline
        case ("identifier", _) where o.placeholder != nil:
            break  // the placeholder element says it (`placeholderIdentifier`, File's Owner's fixed id)
        case ("oid", _):
            break  // IB 3's object id (NSOidsKeys): ids are fresh, as the top comment says
        case ("name", _) where isMac && o.className == "NSMenu":
            if let t = p.value.text { e.set("systemMenu", Self.systemMenu(t) ?? t) }
            if let t = p.value.text, Self.systemMenu(t) == nil { notes.append("menu name = \(t)") }
        case (_, .string(let s)):
            attribute(p.key, s)
        case (_, .localizedString(let l)):
            attribute(p.key, l.text)
        case ("enabled", .bool(true)):
            break  // the default, which Xcode does not write
        case (_, .bool(let b)):
            e.set(p.key, b ? "YES" : "NO")
        case (_, .int(let i)):
            e.set(p.key, String(i))
        case (_, .double(let d)):
            e.set(p.key, num(d))
        case (_, .rect(let r)):
            elements.append(XMLOutput.Element("rect", [("key", p.key), ("x", num(r.x)), ("y", num(r.y)), ("width", num(r.width)), ("height", num(r.height))]))
        case (_, .size(let s)):
            elements.append(XMLOutput.Element("size", [("key", p.key), ("width", num(s.width)), ("height", num(s.height))]))
        case (_, .point(let pt)):
            elements.append(XMLOutput.Element("point", [("key", p.key), ("x", num(pt.x)), ("y", num(pt.y))]))
        case (_, .insets(let i)):
            elements.append(XMLOutput.Element("inset", [("key", p.key), ("minX", num(i.left)), ("minY", num(i.top)), ("maxX", num(i.right)), ("maxY", num(i.bottom))]))
        case (_, .object(let ref)):
            if let target = xibID[ref], document.object(ref)?.parent != o.id {
                notes.append("\(p.key) → \(target)")
            }
        default:
            notes.append("\(p.key) = \(p.value)")
        }
    }

    /// `<constraint firstItem firstAttribute relation secondItem secondAttribute multiplier
    /// constant priority>`; `firstItem` is left out when it is the view that holds the constraint
    /// (as Xcode does); an item that is not written is noted.
    func writeConstraint(_ c: LayoutConstraint, holder: ObjectID?, into e: inout XMLOutput.Element, notes: inout [String]) {
        func item(_ id: ObjectID) -> String? {
            if isWritten(id), let x = xibID[id] { return x }
            notes.append("constraint item \(id.rawValue) is not written")
            return nil
        }
        if let first = c.firstItem, first != holder || c.secondItem != nil, let x = item(first) { e.set("firstItem", x) }
        e.set("firstAttribute", c.firstAttribute)
        if c.relation != .equal { e.set("relation", c.relation.rawValue) }
        if let second = c.secondItem, let x = item(second) {
            e.set("secondItem", x)
            if let a = c.secondAttribute { e.set("secondAttribute", a) }
        }
        if c.multiplier != 1 { e.set("multiplier", num(c.multiplier)) }
        if c.constant != 0 { e.set("constant", num(c.constant)) }
        if let p = c.priority, p != 1000 { e.set("priority", num(p)) }
    }

    /// AppKit's special menus by the name the nib gives them (`_NSMainMenu` → `main`).
    static func systemMenu(_ name: String) -> String? {
        ["_NSMainMenu": "main", "_NSAppleMenu": "apple", "_NSWindowsMenu": "window", "_NSServicesMenu": "services",
         "_NSHelpMenu": "help", "_NSRecentDocumentsMenu": "recentDocuments", "_NSFontMenu": "font"][name]
    }

    /// `⇧⌘Z` (as the reader shows key equivalents) back to `keyEquivalent="Z"` and a
    /// `<modifierMask key="keyEquivalentModifierMask">` unless the modifiers are ⌘ alone.
    /// A flags element (`<windowStyleMask>`, `<behavior>`) from a `|`-joined property value: each
    /// flag set as `name="YES"`, in `order` (Xcode's attribute order).
    static func flagsElement(_ name: String, key: String, _ flags: String, order: [String]) -> XMLOutput.Element {
        var element = XMLOutput.Element(name, [("key", key)])
        let set = Set(flags.split(separator: "|").map(String.init))
        for flag in order where set.contains(flag) { element.set(flag, "YES") }
        return element
    }

    func writeKeyEquivalent(_ shown: String, into e: inout XMLOutput.Element, elements: inout [XMLOutput.Element], notes: inout [String]) {
        var rest = Substring(shown)
        var mods: Set<Character> = []
        while let f = rest.first, "⌃⌥⇧⌘".contains(f), rest.count > 1 {
            mods.insert(f)
            rest = rest.dropFirst()
        }
        let name = String(rest)
        var key: String
        let special = ["⌤": 0x03, "⌫": 0x08, "⇥": 0x09, "↩": 0x0D, "⇤": 0x19, "⎋": 0x1B, "Space": 0x20,
                       "↑": 0xF700, "↓": 0xF701, "←": 0xF702, "→": 0xF703, "Insert": 0xF727, "⌦": 0xF728, "↖": 0xF729,
                       "↘": 0xF72B, "⇞": 0xF72C, "⇟": 0xF72D, "⌧": 0xF739, "Help": 0xF746] as [String: UInt32]
        if let v = special[name], let u = Unicode.Scalar(v) {
            key = String(Character(u))
        } else if name.count > 1, name.first == "F", let n = UInt32(name.dropFirst()), (1...35).contains(n), let u = Unicode.Scalar(0xF704 + n - 1) {
            key = String(Character(u))
        } else if name.count == 1 {
            // An uppercase letter means Shift; a letter without Shift is archived lowercase.
            let letter = name.first!.isLetter
            if letter && mods.contains("⇧") {
                key = name.uppercased()
                mods.remove("⇧")
            } else {
                key = letter ? name.lowercased() : name
            }
        } else {
            notes.append("keyEquivalent = \(shown)")
            return
        }
        if XMLOutput.isRepresentable(key) {
            e.set("keyEquivalent", key)
        } else {
            elements.append(XMLOutput.Element("string", [("key", "keyEquivalent"), ("base64-UTF8", "YES")], text: Data(key.utf8).base64EncodedString()))
        }
        if mods != ["⌘"] {
            var m = XMLOutput.Element("modifierMask", [("key", "keyEquivalentModifierMask")])
            for (symbol, attr) in [("⇧", "shift"), ("⌃", "control"), ("⌥", "option"), ("⌘", "command")] where mods.contains(Character(symbol)) {
                m.set(attr, "YES")
            }
            elements.append(m)
        }
    }

    /// `<color key=…>` as Xcode writes it; nil for colours of no xib form (custom component
    /// spaces, colour classes not decoded).
    func colorElement(_ c: Color, key: String) -> XMLOutput.Element? {
        var e = XMLOutput.Element("color", [("key", key)])
        let alpha = num(c.alpha ?? 1)
        switch c.space {
        case .system:
            guard let name = c.name else { return nil }
            e.set("systemColor", name)
        case .catalog:
            guard let name = c.name else { return nil }
            e.set("name", name)
            e.set("catalog", c.catalog ?? "System")
            e.set("colorSpace", "catalog")
        case .rgb where c.components.count == 3:
            e.attributes += [("red", num(c.components[0])), ("green", num(c.components[1])), ("blue", num(c.components[2])),
                             ("alpha", alpha), ("colorSpace", "custom"), ("customColorSpace", "sRGB")]
        case .white where c.components.count == 1:
            e.attributes += [("white", num(c.components[0])), ("alpha", alpha), ("colorSpace", "custom"),
                             ("customColorSpace", "genericGamma22GrayColorSpace")]
        case .cmyk where c.components.count == 4:
            e.attributes += [("cyan", num(c.components[0])), ("magenta", num(c.components[1])), ("yellow", num(c.components[2])),
                             ("black", num(c.components[3])), ("alpha", alpha), ("colorSpace", "custom"),
                             ("customColorSpace", "genericCMYKColorSpace")]
        default:
            return nil
        }
        return e
    }

    /// iOS `<fontDescription key="fontDescription">`, macOS `<font key="font">`: the system font
    /// (`.SFUI-Regular`, `.AppleSystemUIFont`) as `type="system"` with its weight, a Dynamic Type
    /// style as `style`, other fonts by `name`.
    func fontElement(_ f: Font) -> XMLOutput.Element {
        var e = isMac ? XMLOutput.Element("font", [("key", "font")]) : XMLOutput.Element("fontDescription", [("key", "fontDescription")])
        if let style = f.textStyle, f.name == nil || !isMac {
            e.set("style", style)
        } else if let meta = f.metaFont {
            e.set("metaFont", meta)
        } else if let type = f.systemType {
            e.set("type", type)
            if let w = f.weight { e.set("weight", w) }
        } else if let name = f.name, let (type, weight) = Self.systemFont(name) {
            e.set("type", type)
            if let weight { e.set("weight", weight) }
        } else if let name = f.name {
            e.set("name", name)
            if let style = f.textStyle { e.set("textStyle", style) }
        }
        if let size = f.size { e.set(isMac ? "size" : "pointSize", num(size)) }
        return e
    }

    /// `.SFUI-Semibold` → (`system`, `semibold`), `.SFUI-Bold` → (`boldSystem`, nil), …
    static func systemFont(_ name: String) -> (String, String?)? {
        guard name.hasPrefix(".SFUI") || name.hasPrefix(".AppleSystemUIFont") || name.hasPrefix(".SFNS") else { return nil }
        let face = name.split(separator: "-").dropFirst().first.map { String($0).lowercased() } ?? "regular"
        switch face {
        case "regular", "": return ("system", nil)
        case "bold": return ("boldSystem", nil)
        case "italic": return ("italicSystem", nil)
        default: return ("system", face)
        }
    }

    /// Xcode's number form: `0.0` for zero, integers without a fraction, else the shortest form.
    func num(_ d: Double) -> String {
        if d == 0 { return "0.0" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }

    // MARK: connections

    /// `<userDefinedRuntimeAttributes>`, `<accessibility>` and `<connections>` of `o`; a comment
    /// for what has no xib form.
    func connectionNodes(of o: NibObject) -> [XMLOutput.Node] {
        let list = outgoing[o.id] ?? []
        var out: [XMLOutput.Node] = []
        var connections = XMLOutput.Element("connections")
        for e in injectedConnections[o.id] ?? [] { connections.append(e) }
        var runtime = XMLOutput.Element("userDefinedRuntimeAttributes")
        var accessibility = XMLOutput.Element("accessibility", [("key", "accessibilityConfiguration")])
        var notes: [String] = []
        for (i, c) in list.enumerated() {
            let seed = seedPrefix + document.name + "|" + o.id.rawValue + "|c\(i)|" + c.label
            var n = 0
            func cid() -> String { n += 1; return XIBWriter.freshID(seed: seed + "#\(n)") }
            let dest = c.destination.flatMap { d in
                document.object(d)?.placeholder?.kind == .firstResponder ? firstResponderID : (isWritten(d) ? xibID[d] : nil)
            } ?? (c.isNilTargeted ? firstResponderID : nil)
            if c.unresolved != nil && c.kind != .runtimeAttribute && c.kind != .accessibility {
                notes.append("unresolved \(describe(c))")
                continue
            }
            switch c.kind {
            case .outlet:
                if c.label.hasSuffix("SegueTemplate"), let t = c.destination.flatMap({ document.object($0) }),
                   let key = t.placeholder?.resolvedTarget ?? (t.className.contains("SegueTemplate") ? document.name + ":" + t.id.rawValue : nil),
                   var segue = cellSegues[key] {
                    if c.label.hasPrefix("accessoryAction") { segue.set("trigger", "accessoryAction") }
                    connections.append(segue)
                    continue
                }
                guard let dest else { notes.append(describe(c)); continue }
                // A window controller's own window is its `<window key="window">`.
                if c.label == "window", let d = c.destination, document.object(d)?.parent == o.id,
                   o.className.hasSuffix("WindowController") { continue }
                connections.append(XMLOutput.Element("outlet", [("property", c.label), ("destination", dest), ("id", cid())]))
            case .outletCollection:
                let members = (c.members ?? []).compactMap { isWritten($0) ? xibID[$0] : nil }
                if members.count != (c.members ?? []).count { notes.append("members missing in \(describe(c))") }
                for m in members {
                    var e = XMLOutput.Element("outletCollection", [("property", c.label), ("destination", m),
                                                                   ("collectionClass", c.collectionClass ?? "NSMutableArray")])
                    if c.appendsToCollection == true { e.set("appends", "YES") }
                    e.set("id", cid())
                    connections.append(e)
                }
            case .action:
                guard let dest else { notes.append(describe(c)); continue }
                if isMac {
                    connections.append(XMLOutput.Element("action", [("selector", c.label), ("target", dest), ("id", cid())]))
                } else {
                    var events = c.controlEvents.map { ev in ControlEvents.names.filter { ev.rawValue & $0.0 != 0 }.map(\.1) } ?? []
                    let known = events.reduce(UInt32(0)) { $0 | (ControlEvents(eventType: $1)?.rawValue ?? 0) }
                    if let ev = c.controlEvents, ev.rawValue & ~known != 0 { notes.append("control events \(ev) of \(c.label)") }
                    if events.isEmpty { events = [""] }
                    for ev in events {
                        var e = XMLOutput.Element("action", [("selector", c.label), ("destination", dest)])
                        if !ev.isEmpty { e.set("eventType", ev) }
                        e.set("id", cid())
                        connections.append(e)
                    }
                }
            case .binding:
                guard let dest else { notes.append(describe(c)); continue }
                var e = XMLOutput.Element("binding", [("destination", dest), ("name", c.label)])
                if let kp = c.keyPath { e.set("keyPath", kp) }
                e.set("id", cid())
                if let options = c.options, !options.isEmpty {
                    var d = XMLOutput.Element("dictionary", [("key", "options")])
                    for (k, v) in options.sorted(by: { $0.key < $1.key }) { d.append(Self.bindingOption(key: k, value: v)) }
                    e.append(d)
                }
                connections.append(e)
            case .segue:
                guard let dest, let s = c.segue else { notes.append(describe(c)); continue }
                var e = XMLOutput.Element("segue", [("destination", dest), ("kind", s.kind)])
                if let r = s.relationship { e.set("relationship", r) }
                if let id = s.identifier { e.set("identifier", id) }
                if let cls = s.segueClass { e.set("customClass", cls) }
                e.set("id", cid())
                connections.append(e)
            case .runtimeAttribute:
                if let e = runtimeAttribute(c) { runtime.append(e) } else { notes.append(describe(c)) }
            case .accessibility:
                let map = ["accessibilityLabel": "label", "accessibilityHint": "hint", "accessibilityIdentifier": "identifier",
                           "isAccessibilityElement": "isElement", "AXDescription": "description", "AXHelp": "help",
                           "AXIdentifier": "identifier"]
                if let attr = map[c.label], let v = c.value {
                    switch v {
                    case .bool(let b): accessibility.set(attr, b ? "YES" : "NO")
                    default:
                        if let t = v.text, XMLOutput.isRepresentable(t) { accessibility.set(attr, t) } else { notes.append(describe(c)) }
                    }
                } else {
                    notes.append(describe(c))
                }
            case .other:
                if Self.toolTip(c) == nil { notes.append(describe(c)) }   // (a tool tip is the element's `toolTip`)
            }
        }
        if !notes.isEmpty { out.append(.comment(" nibinspect: connections not expressible in a xib: " + notes.joined(separator: "; ") + " ")) }
        if !runtime.children.isEmpty { out.append(.element(runtime)) }
        if accessibility.attributes.count > 1 { out.append(.element(accessibility)) }
        if !connections.children.isEmpty { out.append(.element(connections)) }
        return out
    }

    /// The text of an AppKit tool tip, which a nib archives as a help connector with the file
    /// `NSToolTipHelpKey` and the text as its marker.
    static func toolTip(_ c: Connection) -> String? {
        guard c.kind == .other, c.label == "help", let v = c.value?.text, v.hasPrefix("NSToolTipHelpKey#") else { return nil }
        return String(v.dropFirst("NSToolTipHelpKey#".count))
    }

    /// Binding options whose value is YES or NO (AppKit's `NSBindingOption` constants).
    static let booleanBindingOptions: Set<String> = [
        "NSAllowsEditingMultipleValuesSelection", "NSAllowsNullArgument", "NSAlwaysPresentsApplicationModalAlerts",
        "NSConditionallySetsEditable", "NSConditionallySetsEnabled", "NSConditionallySetsHidden", "NSContinuouslyUpdatesValue",
        "NSCreatesSortDescriptor", "NSDeletesObjectsOnRemove", "NSHandlesContentAsCompoundValue", "NSInsertsNullPlaceholder",
        "NSInvokesSeparatelyWithArrayObjects", "NSRaisesForNotApplicableKeys", "NSValidatesImmediately",
        "NSSelectsInsertedObjects", "NSPreservesSelection", "NSClearsFilterPredicateOnInsertion", "NSFilterRestrictsInsertion",
    ]

    /// A binding option as Xcode writes it: `<integer key value>`, `<bool key value>`,
    /// `<real key value>` or `<string key>text</string>`. `value` is as the readers give it: a
    /// compiled nib's value as ``PropertyValue`` prints it (a string quoted), a source's as written.
    static func bindingOption(key: String, value v: String) -> XMLOutput.Element {
        if v.count >= 2, v.hasPrefix("\""), v.hasSuffix("\"") {   // printed unescaped between quotes
            return XMLOutput.Element("string", [("key", key)], text: String(v.dropFirst().dropLast()))
        }
        // Cocoa Bindings' yes/no options (`NSBindingOption…`), archived as numbers 0 and 1.
        if booleanBindingOptions.contains(key), v == "0" || v == "1" || v == "YES" || v == "NO" {
            return XMLOutput.Element("bool", [("key", key), ("value", v == "1" || v == "YES" ? "YES" : "NO")])
        }
        if Int(v) != nil { return XMLOutput.Element("integer", [("key", key), ("value", v)]) }
        if v == "YES" || v == "NO" { return XMLOutput.Element("bool", [("key", key), ("value", v)]) }
        if Double(v) != nil, v.contains(".") { return XMLOutput.Element("real", [("key", key), ("value", v)]) }
        return XMLOutput.Element("string", [("key", key)], text: v)
    }

    /// `<userDefinedRuntimeAttribute type keyPath value>` for a runtime attribute whose value
    /// has a xib type; nil otherwise.
    func runtimeAttribute(_ c: Connection) -> XMLOutput.Element? {
        let keyPath = c.keyPath ?? c.label
        var e = XMLOutput.Element("userDefinedRuntimeAttribute", [("type", "string"), ("keyPath", keyPath)])
        switch c.value {
        case .string(let s)?:
            guard XMLOutput.isRepresentable(s) else { return nil }
            e.set("value", s)
        case .localizedString(let l)?:
            e.set("type", "localizedString")
            e.set("value", l.text)
        case .bool(let b)?:
            e.set("type", "boolean")
            e.set("value", b ? "YES" : "NO")
        case .int(let i)?:
            e.set("type", "number")
            e.set("value", String(i))
        case .double(let d)?:
            e.set("type", "number")
            e.set("value", num(d))
        case .color(let col)?:
            guard let ce = colorElement(col, key: "value") else { return nil }
            e.set("type", "color")
            e.append(ce)
        case .rect(let r)?:
            e.set("type", "rect")
            e.append(XMLOutput.Element("rect", [("key", "value"), ("x", num(r.x)), ("y", num(r.y)), ("width", num(r.width)), ("height", num(r.height))]))
        case .size(let s)?:
            e.set("type", "size")
            e.append(XMLOutput.Element("size", [("key", "value"), ("width", num(s.width)), ("height", num(s.height))]))
        case .point(let p)?:
            e.set("type", "point")
            e.append(XMLOutput.Element("point", [("key", "value"), ("x", num(p.x)), ("y", num(p.y))]))
        case .image(let img)?:
            e.set("type", "image")
            e.set("value", img.name)
        case .formatted("nil")?, nil:
            e.set("type", "nil")
        default:
            return nil
        }
        return e
    }

    /// `outlet view → #47`, for comments.
    func describe(_ c: Connection) -> String {
        var s = "\(c.kind.rawValue) \(c.label)"
        // The xib id only of what the file holds (a storyboard placeholder's id is in no element).
        if let d = c.destination { s += " → \(d.rawValue)" + (isWritten(d) ? xibID[d].map { " (\($0))" } ?? "" : "") }
        if let m = c.members { s += " → [" + m.map(\.rawValue).joined(separator: ", ") + "]" }
        if let v = c.value { s += " = \(v)" }
        if let u = c.unresolved { s += " (\(u.message))" }
        return s
    }
}

extension Array {
    /// (elements for which `belongs` holds, the others), each in order.
    func partitioned(_ belongs: (Element) -> Bool) -> ([Element], [Element]) {
        var a: [Element] = [], b: [Element] = []
        for x in self { if belongs(x) { a.append(x) } else { b.append(x) } }
        return (a, b)
    }
}
