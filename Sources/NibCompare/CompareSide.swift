import Foundation
import NibModel

/// One side of a comparison: the objects and connections of one or more documents (one for a xib
/// or nib, one per scene or scene nib for storyboards) under keys unique across the side.
///
/// Source ids are unique in a whole storyboard, so source keys are the ids themselves; compiled
/// ids (`#N`) repeat across the nibs of a `.storyboardc`, so compiled keys are `<document>|#N`
/// when there is more than one document. ``alias`` redirects compiled placeholders that stand
/// for an object of another scene nib (a view nib's File's Owner is its controller; an upstream
/// placeholder is the object named by its `resolvedTarget`, nib-format.md §5.2).
struct CompareSide {
    struct Node {
        /// The document's objects (shared with it, not copied) and this node's position there:
        /// a node holds no copy of its object.
        private let objects: [NibObject]
        private let index: Int32
        /// Position of the node in the side's ``CompareSide/order``; -1 when the walk did not
        /// reach it (below the depth limit).
        fileprivate(set) var rank: Int32 = -1
        let document: String
        var children: [String]
        var parent: String?

        init(document: String, objects: [NibObject], index: Int, parent: String?, children: [String]) {
            self.document = document
            self.objects = objects
            self.index = Int32(index)
            self.parent = parent
            self.children = children
        }

        var object: NibObject { objects[Int(index)] }
    }

    var nodes: [String: Node] = [:]
    /// Keys in pre-order (roots in document order, children depth-first).
    var order: [String] = []
    var roots: [String] = []
    var connections = SideConnections()
    var alias: [String: String] = [:]
    let isCompiled: Bool
    /// Documents whose source says `customObjectInstantitationMethod="direct"` (ibtool then
    /// compiles custom objects and views as class swappers).
    let directInstantiation: Set<String>

    init(documents: [NibDocument], compiled: Bool) {
        isCompiled = compiled
        directInstantiation = Set(documents.filter { $0.sourceAttributes["customObjectInstantitationMethod"] == "direct" }.map(\.name))
        let prefixed = compiled && documents.count > 1
        let objectCount = documents.reduce(0) { $0 + $1.objects.count }
        nodes.reserveCapacity(objectCount)
        order.reserveCapacity(objectCount)
        for doc in documents {
            func key(_ id: ObjectID) -> String { prefixed ? "\(doc.name)|\(id.rawValue)" : id.rawValue }
            let objects = doc.objects
            for (i, o) in objects.enumerated() {
                let k = key(o.id)
                if nodes[k] != nil { continue }
                nodes[k] = Node(document: doc.name, objects: objects, index: i, parent: o.parent.map(key),
                                children: o.children.map(key))
            }
            let docRoots = doc.placeholders.map(\.id) + doc.roots
            for id in docRoots { visit(key(id), depth: 0) }
            // Objects unreachable from the roots (parent cycles, dangling parents) still count.
            for o in doc.objects where (nodes[key(o.id)]?.rank ?? -1) < 0 { visit(key(o.id), depth: 0) }
            roots += doc.roots.map(key)
            // Keys are the ids themselves unless prefixed: then the document's own list is shared.
            connections.append(doc.name, !prefixed ? doc.connections : doc.connections.map { c in
                var c2 = c
                c2.source = c.source.map { ObjectID(key($0)) }
                c2.destination = c.destination.map { ObjectID(key($0)) }
                c2.members = c.members?.map { ObjectID(key($0)) }
                return c2
            })
        }
    }

    private mutating func visit(_ key: String, depth: Int) {
        guard depth < HierarchyWalk.depthLimit, let node = nodes[key], node.rank < 0 else { return }
        nodes[key]!.rank = Int32(order.count)
        order.append(key)
        for c in node.children { visit(c, depth: depth + 1) }
    }

    /// Position of `key` in ``order``; 0 for a key the walk did not reach.
    func rank(_ key: String) -> Int { nodes[key].map { $0.rank < 0 ? 0 : Int($0.rank) } ?? 0 }

    /// The key an endpoint stands for after aliasing.
    func resolve(_ key: String) -> String { alias[key] ?? key }

    func object(_ key: String) -> NibObject? { nodes[key]?.object }

    /// `NSWindow "Test" › NSView › NSTextField`.
    func path(_ key: String) -> String {
        var parts: [String] = []
        var k: String? = key
        var guardCount = 0
        while let current = k, let node = nodes[current], guardCount < 64 {
            var s = node.object.customClass ?? node.object.className
            if let n = node.object.name, !n.isEmpty, n.count <= 40, !n.contains("\n") { s += " \"\(n)\"" }
            parts.insert(s, at: 0)
            k = node.parent
            guardCount += 1
        }
        return parts.joined(separator: " › ")
    }

    func ref(_ key: String) -> CompareReport.ObjectRef? {
        guard let node = nodes[key] else { return nil }
        let o = node.object
        let name = o.name.map { $0.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: " ") }
        return CompareReport.ObjectRef(id: o.id.rawValue, className: o.customClass ?? o.className, name: name,
                                       line: o.sourceLine, path: path(key), document: node.document)
    }
}

/// The connections of a ``CompareSide``, each with the name of its document, endpoints by key:
/// a document's own list (shared with it, not copied) where its keys are its ids, a rekeyed copy
/// where they are prefixed with its name.
struct SideConnections: RandomAccessCollection {
    /// One reference (a value holding it is one word: ``ConnectionDiff/Entry`` keeps one per
    /// connection endpoint), copied before a change when shared.
    private final class Storage {
        var documents: [String] = []
        var lists: [[Connection]] = []
        /// Position of each list's first connection; one more entry: the count.
        var starts: [Int] = [0]
    }
    private var storage = Storage()

    var startIndex: Int { 0 }
    var endIndex: Int { storage.starts[storage.starts.count - 1] }

    /// Adds the connections of document `name`.
    mutating func append(_ name: String, _ connections: [Connection]) {
        guard !connections.isEmpty else { return }
        if !isKnownUniquelyReferenced(&storage) {
            let copy = Storage()
            (copy.documents, copy.lists, copy.starts) = (storage.documents, storage.lists, storage.starts)
            storage = copy
        }
        let end = endIndex
        storage.documents.append(name)
        storage.lists.append(connections)
        storage.starts.append(end + connections.count)
    }

    subscript(position: Int) -> (document: String, connection: Connection) {
        // The last list starting at or before `position`.
        let starts = storage.starts
        var lo = 0, hi = storage.lists.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= position { lo = mid } else { hi = mid - 1 }
        }
        return (storage.documents[lo], storage.lists[lo][position - starts[lo]])
    }

    func makeIterator() -> Iterator { Iterator(documents: storage.documents, lists: storage.lists) }

    /// Walks the lists in order without searching for each position.
    struct Iterator: IteratorProtocol {
        let documents: [String]
        let lists: [[Connection]]
        var list = 0, index = 0

        mutating func next() -> (document: String, connection: Connection)? {
            while list < lists.count {
                if index < lists[list].count {
                    defer { index += 1 }
                    return (documents[list], lists[list][index])
                }
                list += 1
                index = 0
            }
            return nil
        }
    }
}

/// Class-name normalisation shared by matching and difference reporting.
enum CompareClasses {
    /// The framework class an object is compared by: window templates and panels are windows,
    /// custom objects/views and proxies are their base classes.
    static func base(_ o: NibObject) -> String {
        if o.placeholder?.kind == .application { return "NSApplication" }
        if let generic = bareBase(o) { return generic }
        var c = o.className
        // Design-time stand-ins archived by storyboards: `IBNSWindowController`, `IBUIButton`.
        if c.hasPrefix("IBNS") || c.hasPrefix("IBUI") { c.removeFirst(2) }
        switch c {
        // A custom view declared on iOS (`<view customClass>`) compares with a bare class too.
        case "UIView" where o.customClass != nil && !o.customClass!.isEmpty: return "NSView"
        case "NSWindowTemplate", "NSPanel", "UIWindow": return "NSWindow"
        case "NSCustomObject", "UICustomObject", "UIProxyObject", "IBCustomObject", "NSObject", "NSNibExternalObjectPlaceholder": return "NSObject"
        case "NSCustomView": return "NSView"
        // A view controller's top and bottom layout guides: `<viewControllerLayoutGuide>` in a
        // source, UIKit's private `_UILayoutGuide` compiled.
        case "_UILayoutGuide": return "UIViewControllerLayoutGuide"
        case "NSClassSwapper", "UIClassSwapper": return "NSObject"
        // A cell's built-in labels: `<label>` named by the cell's `textLabel`/`detailTextLabel`
        // in a source, UIKit's `UITableViewLabel` compiled.
        case "UITableViewLabel": return "UILabel"
        // A standard toolbar item, declared in a source by its `implicitItemIdentifier`, is compiled
        // either as an NSToolbarItem with that identifier or as AppKit's class of the same name.
        case _ where standardToolbarItems.contains(c): return "NSToolbarItem"
        default:
            if c.hasSuffix("Window") || c.hasSuffix("Panel") { return "NSWindow" }
            return c
        }
    }

    /// AppKit's standard toolbar item identifiers (``XIBClassTable/standardToolbarItems``).
    static var standardToolbarItems: Set<String> { XIBClassTable.standardToolbarItems }

    /// For an object whose class is neither a framework class nor a custom class on a framework
    /// base (a plug-in or app class that a nib archives by itself, as IB 3 plug-in libraries do:
    /// `HFTextView`, `IBLibraryObjectTemplate`): the generic base a source declares it on
    /// (`<customView customClass="HFTextView">`), `NSView` for a class named `…View`, else
    /// `NSObject`. The class itself is then its custom class (``custom(_:)``).
    static func bareBase(_ o: NibObject) -> String? {
        guard o.placeholder == nil, o.customClass == nil, isBare(o.className) else { return nil }
        return o.className.hasSuffix("View") ? "NSView" : "NSObject"
    }

    /// True for a class name that is neither AppKit's or UIKit's (`NS…`, `UI…`), private (`_…`)
    /// nor an IB stand-in (`IBNS…`, `IBUI…`). Classes of other frameworks (`WKWebView`) count as
    /// bare too: both sides name them alike, so only a source's custom view stands in for them.
    static func isBare(_ name: String) -> Bool {
        let prefixes = ["NS", "UI", "_", "IBNS", "IBUI"]
        return !name.isEmpty && !prefixes.contains { name.hasPrefix($0) }
    }

    /// A custom class without a module prefix (`Module.Class` → `Class`); for a bare class
    /// (``bareBase(_:)``) the class itself.
    static func custom(_ o: NibObject) -> String? {
        if bareBase(o) != nil { return o.className }
        guard let c = o.customClass, !c.isEmpty else { return nil }
        if o.placeholder?.kind == .application && (c == "NSApplication" || c == "UIApplication") { return nil }
        // A window's class (`NSPanel`) is a custom class in the source, `NSWindowClass` compiled.
        if base(o) == "NSWindow" && (c.hasPrefix("NS") || c.hasPrefix("UI")) && c.hasSuffix("Panel") || c == "NSWindow" { return nil }
        if let dot = c.lastIndex(of: ".") { return String(c[c.index(after: dot)...]) }
        return c
    }

    /// Matching key: base class plus custom class.
    static func key(_ o: NibObject) -> String { base(o) + "|" + (custom(o) ?? "") }

    /// A toolbar item's identifier, however the side gives it: the class of a standard item
    /// compiled as AppKit's class of that name (`NSToolbarFlexibleSpaceItem`), a xib's
    /// `explicitItemIdentifier` or else `implicitItemIdentifier` (a compiled nib's
    /// `NSToolbarItemIdentifier` reads as the latter), an IB 3 record's `NSToolbarItemIdentifier`. Nil for other objects
    /// and for an item that gives none.
    static func toolbarItemIdentifier(_ o: NibObject) -> String? {
        guard base(o) == "NSToolbarItem" else { return nil }
        if standardToolbarItems.contains(o.className) { return o.className }
        for key in ["explicitItemIdentifier", "implicitItemIdentifier", "NSToolbarItemIdentifier"] {
            if case .string(let s)? = o.property(key), !s.isEmpty { return s }
        }
        return nil
    }

    /// Hierarchy alignment key: ``key(_:)``, plus a toolbar item's identifier
    /// (``toolbarItemIdentifier(_:)``), which tells a flexible space from a space or a separator
    /// whatever class each side gives them.
    static func alignKey(_ o: NibObject) -> String {
        key(o) + (toolbarItemIdentifier(o).map { "|" + $0 } ?? "")
    }
}
