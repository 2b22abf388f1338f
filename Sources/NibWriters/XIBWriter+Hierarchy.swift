import Foundation
import NibModel

/// The object tree of a xib: the `<objects>` in order, each object with its subtree, children
/// placed under the key or wrapper Xcode gives them, what a xib folds into its parent, and
/// iOS prototype cells from nested nibs.
extension XIBBuilder {
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
        // Xcode's xibs always have a First Responder; compiled nibs drop an unused one. A macOS
        // xib always has the Application too (`-3`), which older nibs may not archive.
        if !wroteFirstResponder {
            out.insert(.element(firstResponderElement()), at: min(1, placeholderCount))
        }
        if isMac && !storyboardMode && seedPrefix.isEmpty && !document.placeholders.contains(where: { $0.placeholder?.kind == .application }),
           !ids.taken.contains("-3") {
            out.insert(.element(XMLOutput.Element("customObject", [("id", "-3"), ("userLabel", "Application"), ("customClass", "NSObject")])),
                       at: min(2, out.count))
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
        // This function is the recursion; what is written before and after the children is in
        // head(for:parent:key:) and assemble(_:of:notes:values:children:) so that its stack frame
        // stays small (done in one function it took 33 KB a level in a debug build, and 256 levels
        // overflowed an 8 MB stack).
        switch head(for: o, parent: parent, key: key) {
        case .nodes(let nodes):
            return nodes
        case .transparent(let comment):
            var out: [XMLOutput.Node] = [.comment(comment)]
            for c in o.children {
                if let child = document.object(c) { out += nodes(for: child, parent: parent) }
            }
            return out
        case .element(let e, let notes, let values):
            let made = children(of: o)
            return [.element(assemble(e, of: o, notes: notes, values: values, children: made))]
        }
    }

    /// What ``nodes(for:parent:key:)`` writes for an object before its children.
    enum Head {
        /// The object is written as these nodes (a comment saying why it is not written).
        case nodes([XMLOutput.Node])
        /// The object has no xib element: this comment, then its children in its place.
        case transparent(String)
        /// The object's element with its attributes, the notes for its comment and its value elements.
        case element(XMLOutput.Element, notes: [String], values: [XMLOutput.Element])
    }

    /// The children of an object's element as ``nodes(for:parent:key:)`` makes them: keyed
    /// children, wrappers (`subviews`, `items`, `constraints`, …) and a static table's sections.
    struct Children {
        var keyed: [XMLOutput.Node] = []
        var wrappers: [(String, XMLOutput.Element)] = []
        var sections: XMLOutput.Element?
    }

    /// The first part of ``nodes(for:parent:key:)``: the checks that write an object as a comment,
    /// its element, attributes and values.
    mutating func head(for o: NibObject, parent: NibObject?, key: String?) -> Head {
        var notes: [String] = []
        if case .constraint(let lc)? = o.property("constraint"),
           let missing = [lc.firstItem, lc.secondItem].compactMap({ $0 }).first(where: { !isWritten($0) }) {
            // Half a constraint would say something else (a missing firstItem means the holder).
            return .nodes([.comment(" nibinspect: constraint \(o.id.rawValue) \(lc): its item \(missing.rawValue) is not written ")])
        }
        // A UIKit layout guide archived without a view or identifier (iOS 14+ nibs keep one for
        // an unused safe area): no xib element stands for it.
        if o.className == "UILayoutGuide" && parent == nil && (o.property("identifier")?.text ?? "").isEmpty {
            return .nodes([.comment(" nibinspect: \(o.id.rawValue) UILayoutGuide archived without a view or identifier: not written ")])
        }
        // The constraints ibtool adds to place a view controller's top or bottom layout guide
        // (its leading, top or bottom and height against the view): a storyboard declares the
        // guide alone (`<viewControllerLayoutGuide>`), and compiling it adds them again.
        if case .constraint(let lc)? = o.property("constraint") {
            let items = [lc.firstItem, lc.secondItem].compactMap { $0 }
            let guides = items.filter { document.object($0).map { Self.layoutGuideType($0) != nil } ?? false }
            if !guides.isEmpty && items.allSatisfy({ guides.contains($0) || $0 == parent?.id }) {
                return .nodes([.comment(" nibinspect: constraint \(o.id.rawValue) \(lc) places a view controller layout guide: added by compilation ")])
            }
        }
        guard var e = element(for: o, notes: &notes) else {
            return .transparent(" nibinspect: \(o.id.rawValue) \(describeClass(o)) has no xib element"
                + (properties(of: o).isEmpty ? "" : "; " + properties(of: o).map { "\($0.key) = \($0.value)" }.joined(separator: ", "))
                + "; its children follow in its place ")
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
        let isGuide = guideType != nil || Self.viewLayoutGuideKey(o) != nil
        if case .constraint(let lc)? = o.property("constraint") { writeConstraint(lc, holder: parent?.id, into: &e, notes: &notes) }
        var valueElements: [XMLOutput.Element] = []
        for p in properties(of: o) where !isGuide || !["identifier", "hidden", "frame"].contains(p.key) {
            write(p, of: o, into: &e, elements: &valueElements, notes: &notes)
        }
        return .element(e, notes: notes, values: valueElements)
    }

    /// The children of `o`, grouped as Xcode groups them (recursing through ``nodes(for:parent:key:)``).
    mutating func children(of o: NibObject) -> Children {
        var made = Children()
        var scrollerCount = 0
        var usedKeys = Set<String>()
        let firstView = o.children.first { document.object($0)?.className.hasSuffix("View") == true }
        for c in o.children + (adopted[o.id] ?? []) where !skip.contains(c) && !(adoptedAway.contains(c) && adopted[o.id]?.contains(c) != true) {
            guard let child = document.object(c) else { continue }
            switch placement(of: child, in: o, firstView: firstView, scrollerIndex: &scrollerCount) {
            case .key(var k):
                // Two scrollers both looking horizontal (a hidden one's frame says little): the
                // second is the other one.
                let other = ["horizontalScroller": "verticalScroller", "verticalScroller": "horizontalScroller"]
                if usedKeys.contains(k), let flipped = other[k], !usedKeys.contains(flipped) { k = flipped }
                usedKeys.insert(k)
                made.keyed += nodes(for: child, parent: o, key: k)
            case .wrapper(let name):
                let childNodes = nodes(for: child, parent: o)
                if let i = made.wrappers.firstIndex(where: { $0.0 == name }) {
                    made.wrappers[i].1.children += childNodes
                } else {
                    var w = XMLOutput.Element(name)
                    w.children = childNodes
                    made.wrappers.append((name, w))
                }
            }
        }
        if let ds = staticTables[o.id].flatMap({ document.object($0) }) {
            var sections = XMLOutput.Element("sections")
            for s in ds.children { if let section = document.object(s) { sections.children += nodes(for: section, parent: ds) } }
            made.sections = sections
        }
        return made
    }

    /// The last part of ``nodes(for:parent:key:)``: the element with its children, values,
    /// constraints, layout guides and connections in Xcode's order.
    func assemble(_ e: XMLOutput.Element, of o: NibObject, notes: [String], values valueElements: [XMLOutput.Element],
                  children made: Children) -> XMLOutput.Element {
        var e = e
        var made = made
        if isMac && o.className.hasSuffix("Matrix"), let i = made.wrappers.firstIndex(where: { $0.0 == "cells" }) {
            made.wrappers[i].1.children = matrixColumns(made.wrappers[i].1.children, of: o)
        }
        var children: [XMLOutput.Node] = notes.isEmpty ? [] : [.comment(" nibinspect: not expressible in a xib: " + notes.joined(separator: "; ") + " ")]
        // Frame first, then keyed children and subviews, then the other values, constraints last.
        let (frames, values) = valueElements.partitioned { ["frame", "contentRect", "autoresizingMask"].contains($0["key"] ?? "") }
        children += frames.filter { $0["key"] != "autoresizingMask" }.map { .element($0) } + frames.filter { $0["key"] == "autoresizingMask" }.map { .element($0) }
        // A view's layout guides follow its constraints, as Xcode writes them.
        let (guides, others) = made.keyed.partitioned { if case .element(let x) = $0 { return x.name == "viewLayoutGuide" } else { return false } }
        children += others
        children += made.wrappers.filter { $0.0 != "constraints" }.map { .element($0.1) }
        if let cells = prototypes[o.id] { children.append(.element(XMLOutput.Element("prototypes", children: cells))) }
        if let sections = made.sections {
            e.set("dataMode", "static")
            children.append(.element(sections))
        }
        children += values.map { .element($0) }
        children += made.wrappers.filter { $0.0 == "constraints" }.map { .element($0.1) }
        children += guides
        children += injected[o.id] ?? []
        children += connectionNodes(of: o)
        e.children = children + e.children
        // Xcode's attribute order: the values, then key-independent identity (id, class, label).
        let identity = ["id", "userLabel", "customClass", "customModule", "sceneMemberID"]
        let (valueAttributes, ident) = e.attributes.partitioned { !identity.contains($0.0) }
        e.attributes = valueAttributes.filter { $0.0 == "key" } + valueAttributes.filter { $0.0 != "key" }
            + ident.sorted { identity.firstIndex(of: $0.0)! < identity.firstIndex(of: $1.0)! }
        return e
    }

    /// AppKit objects that a nib archives but a xib does not hold as elements: a scroll view's
    /// header clip view (any clip view after its first; the xib has only `headerView`), a matrix's
    /// own cell (`NSActionCell`; the xib has the matrix's `cells` and `prototype`), the search
    /// and cancel button cells of a search field cell, and a box's title cell (its text is the
    /// box's `title` attribute, written by ``nodes(for:parent:key:)``); and a UIKit segmented
    /// control's `UISegment` views.
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
        // A UIKit segmented control's segment views: the control's `<segments>` (written from its
        // `segment[i].…` properties) stand for them.
        if c == "UISegment" { return parent.className == "UISegmentedControl" || parent.properties.contains { $0.key.hasPrefix("segment[") } }
        return false
    }

    /// The title of a folded box title cell (``isFolded(_:in:)``).
    func boxTitle(_ o: NibObject) -> String? {
        guard o.className == "NSBox" else { return nil }
        return o.children.lazy.compactMap { self.document.object($0) }.filter { $0.className.hasSuffix("Cell") }
            .compactMap { $0.property("title")?.text ?? $0.property("text")?.text }.first
    }

    /// Writes each iOS prototype cell archived as a nested nib (`prototype "Cell"`, nib-format.md
    /// §2.9) inside the `<prototypes>` of the table or collection view whose `prototypeCells`
    /// name it; the nested nib's placeholders and their connections go into a comment.
    mutating func addPrototypes(_ nested: [NibDocument]) {
        for d in nested {
            guard let r = d.name.range(of: " > prototype \"", options: .backwards), d.name.hasSuffix("\"") else { continue }
            let identifier = String(d.name[r.upperBound...].dropLast())
            guard let owner = document.objects.first(where: { o in
                guard case .identifiers(let list)? = o.property("prototypeCells") else { return false }
                return list.contains(identifier)
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
        // A standard toolbar item is its identifier alone (AppKit supplies the rest).
        if isMac, let identifier = Self.toolbarItemIdentifier(o), XIBClassTable.standardToolbarItems.contains(identifier) {
            return [Property("implicitItemIdentifier", .string(identifier))]
        }
        return o.properties.filter { !["constraint"].contains($0.key) }
    }

    enum Placement { case key(String), wrapper(String) }

    /// Where a child goes in its parent's element: a keyed element (`cell`, `contentView`,
    /// `submenu`, `view`) or a wrapper (`subviews`, `items`, `constraints`, `tableColumns`, …).
    /// `firstView`: the parent's first child whose class is a view (its content view or `view`).
    func placement(of child: NibObject, in parent: NibObject, firstView: ObjectID?, scrollerIndex: inout Int) -> Placement {
        let c = child.className, p = parent.className
        if c == "NSLayoutConstraint" { return .wrapper("constraints") }
        if Self.layoutGuideType(child) != nil { return .wrapper("layoutGuides") }
        if let guide = Self.viewLayoutGuideKey(child) { return .key(guide) }
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
            if case .bool(let horizontal)? = child.property("horizontal") { return .key(horizontal ? "horizontalScroller" : "verticalScroller") }
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
        if p.hasSuffix("PredicateEditor") && c.hasSuffix("RowTemplate") { return .wrapper("rowTemplates") }
        if p.hasSuffix("PredicateEditorRowTemplate") && c.hasSuffix("Menu") { return .wrapper("popUpMenus") }
        if isMac && p.hasSuffix("Toolbar") && Self.isToolbarItem(c) { return .wrapper("allowedToolbarItems") }
        // A toolbar item's view (its only child but a menu form representation).
        if isMac && Self.isToolbarItem(p) && !c.hasSuffix("MenuItem") && !c.hasSuffix("Menu") { return .key("view") }
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
}

extension Array {
    /// (elements for which `belongs` holds, the others), each in order.
    func partitioned(_ belongs: (Element) -> Bool) -> ([Element], [Element]) {
        var a: [Element] = [], b: [Element] = []
        for x in self { if belongs(x) { a.append(x) } else { b.append(x) } }
        return (a, b)
    }
}
