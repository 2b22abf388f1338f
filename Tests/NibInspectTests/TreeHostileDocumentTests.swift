import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore

/// `tree` over hierarchies no Interface Builder writes — cycles, an object its own child, a child
/// listed twice, nesting deeper than ``HierarchyWalk/depthLimit``, connections from and to ids of
/// no object — prints every object at most once, stays within the depth limit, and prints the same
/// text whether the objects are the document's own or made as printed (``DocumentObjects`` over
/// ``ResolvedObjects``, with the printer's position tables, issue 31).
@Suite("Tree of hostile documents")
struct TreeHostileDocumentTests {
    /// A NIBArchive-shaped graph: File's Owner, a cycle A → B → C → A (C also its own child, B
    /// listed twice under A), a chain of `depth` views under a root, constraints naming the chain's
    /// views and File's Owner, and outlets, actions and a sourceless outlet among them.
    static func hostile(depth: Int) -> ObjectGraph {
        var b = GraphBuilder(.nibArchive)
        let root = b.add("NSObject")
        let owner = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("IBFilesOwner"))])
        let a = b.add("UIView"), bb = b.add("UILabel", [("UIText", b.string("B"))]), c = b.add("UIButton")
        b.set(a, "UISubviews", b.array([bb, bb]))
        b.set(bb, "UISubviews", b.array([c]))
        b.set(c, "UISubviews", b.array([a, c]))
        b.set(bb, "UISuperview", a)
        b.set(c, "UISuperview", bb)
        b.set(a, "UISuperview", c)
        let top = b.add("UIView")
        var chain = [top]
        for i in 0..<depth {
            let v = b.add(i % 2 == 0 ? "UIView" : "UILabel", [("UITag", .int(Int64(i)))])
            b.set(chain[chain.count - 1], "UISubviews", b.array([v]))
            b.set(v, "UISuperview", chain[chain.count - 1])
            chain.append(v)
        }
        let constraint = b.add("NSLayoutConstraint", [
            ("NSFirstItem", chain[1]), ("NSFirstAttribute", .int(5)), ("NSSecondItem", top), ("NSSecondAttribute", .int(5)),
            ("NSConstant", .double(8)),
        ])
        let ownerConstraint = b.add("NSLayoutConstraint", [
            ("NSFirstItem", owner), ("NSFirstAttribute", .int(7)), ("NSSecondItem", c), ("NSSecondAttribute", .int(7)),
        ])
        b.set(top, "UIViewAutolayoutConstraints", b.array([constraint, ownerConstraint]))
        var connections: [ArchiveValue] = []
        func outlet(_ name: String, _ source: ArchiveValue, _ destination: ArchiveValue) -> ArchiveValue {
            b.add("UIRuntimeOutletConnection", [("UILabel", b.string(name)), ("UISource", source), ("UIDestination", destination)])
        }
        connections.append(outlet("first", c, chain[1]))
        connections.append(outlet("chainView", owner, chain[1]))
        connections.append(outlet("label", owner, bb))
        connections.append(outlet("deep", owner, chain[chain.count - 1]))
        connections.append(outlet("stale", .null, a))
        connections.append(b.add("UIRuntimeEventConnection", [
            ("UILabel", b.string("tap:")), ("UISource", c), ("UIDestination", owner), ("UIEventMask", .int(64)),
        ]))
        let objects = [owner, a, bb, c, constraint, ownerConstraint] + chain
        b.set(root, "UINibTopLevelObjectsKey", b.array([owner, top, a]))
        b.set(root, "UINibObjectsKey", b.array(objects))
        b.set(root, "UINibConnectionsKey", b.array(connections))
        b.set(root, "UINibVisibleWindowsKey", b.array([]))
        return b.graph(root: root)
    }

    /// The ids of the object lines of a plain tree (`#12` after the branch drawing).
    static func objectLineIDs(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = line.drop { " │├└─".contains($0) }
            guard trimmed.first == "#", line.hasPrefix("  ") else { return nil }
            return String(trimmed.prefix { $0 != " " })
        }
    }

    @Test("cycles, self-children, repeated children, 1,500 levels: the same text deferred and whole, each object once, at most 512 levels",
          arguments: [3, 1_500])
    func compiled(depth: Int) throws {
        let graph = Self.hostile(depth: depth)
        let eager = NibResolver.resolve(graph, name: "Hostile.nib")
        let (document, objects) = NibResolver.resolveDeferringObjects(graph, name: "Hostile.nib")
        #expect(objects.count == eager.objects.count)
        DeferredObjectsTests.check(NibInput(path: "Hostile.nib", kind: "file", documents: [document]), deferred: ["Hostile.nib": objects],
                                   eager: NibInput(path: "Hostile.nib", kind: "file", documents: [eager]), "hostile \(depth)")
        var printer = ResolvedTreePrinter(objects: DocumentObjects(document, deferred: objects), style: .plain)
        printer.showConstraints = true
        let text = printer.render()
        let ids = Self.objectLineIDs(text)
        #expect(Set(ids).count == ids.count, "an object printed twice")
        let known = Set(eager.objects.map(\.id.rawValue))
        #expect(ids.allSatisfy(known.contains))
        // The cycle A → B → C → A (C its own child, B listed twice) is printed once, from A.
        #expect(text.contains("  #3 UIView\n  └─ #5 UILabel \"B\"\n     └─ #6 UIButton\n"), "\(text.prefix(3_000))")
        let deepest = text.split(separator: "\n").map { (line: Substring) in line.prefix { " │├└─".contains($0) }.count }.max() ?? 0
        if depth > HierarchyWalk.depthLimit {
            // Levels below the limit are summarised under the last one drawn, not drawn.
            #expect(ids.count == known.count - (depth - HierarchyWalk.depthLimit))
            #expect(deepest <= 2 + 3 * (HierarchyWalk.depthLimit + 1) + 4)
            #expect(text.contains("… 1 child below --depth"))
        } else {
            #expect(Set(ids).count == 10)
        }
        // The constraint names its first item by File's Owner's outlet, not by the first outlet to it.
        #expect(text.contains("NSLayoutConstraint chainView.leading = superview.leading + 8"), "\(text.prefix(3_000))")
    }

    @Test("a document of its own objects: repeated ids, children and connections naming no object")
    func documentObjects() {
        func view(_ id: String, _ cls: String = "UIView", parent: String? = nil, children: [String] = [],
                  properties: [Property] = []) -> NibObject {
            NibObject(id: ObjectID(id), className: cls, parent: parent.map(ObjectID.init), children: children.map(ObjectID.init),
                      properties: properties)
        }
        let constraint = LayoutConstraint(firstItem: ObjectID("ghost"), firstAttribute: "width", secondItem: ObjectID("a"),
                                          secondAttribute: "width")
        let owner = NibObject(id: ObjectID("-1"), className: "NSObject", placeholder: Placeholder(kind: .filesOwner, identifier: "IBFilesOwner"))
        let document = NibDocument(name: "Hostile.xib", platform: .iOS, format: .xib, objects: [
            owner,
            view("a", children: ["b", "missing", "b", "a", "k"]),
            view("b", "UILabel", parent: "a", children: ["a"]),
            view("b", "UIButton", parent: "a"),   // a repeated id: the first one is the object of that id
            view("k", "NSLayoutConstraint", parent: "a", properties: [Property("constraint", .constraint(constraint))]),
            view("z", parent: "nowhere"),
        ], topLevelObjects: [ObjectID("a")], connections: [
            Connection(kind: .outlet, source: ObjectID("-1"), destination: ObjectID("ghost"), label: "phantom"),
            Connection(kind: .outlet, source: ObjectID("-1"), destination: ObjectID("b"), label: "label"),
            Connection(kind: .outlet, source: ObjectID("nobody"), destination: ObjectID("b"), label: "lost"),
            Connection(kind: .action, source: ObjectID("b"), destination: ObjectID("-1"), label: "tap:"),
        ])
        var printer = ResolvedTreePrinter(document: document, style: .plain)
        printer.showConstraints = true
        printer.showIncoming = true
        let text = printer.render()
        // Read line by line against the walk's rules: the first object of a repeated id stands for
        // it (the UIButton is never printed), listed-twice and missing children are skipped, an
        // object whose parent is unknown is printed after the roots, an outlet to an id of no
        // object still names that id in a formula, a source of no object is listed at the end.
        #expect(text == """
            Hostile.xib — iOS xib, 6 objects, 4 connections
            Placeholders
              -1 File's Owner (class not stated in the nib)
                  outlet phantom → ghost (not an object of this document)
                  outlet label → b UILabel
                  ← action tap: from b UILabel
            Objects
              a UIView
              ├─ b UILabel
              │      action tap: → -1 File's Owner
              │      ← outlet label from -1 File's Owner
              │      ← outlet lost from nobody (not an object of this document)
              └─ k NSLayoutConstraint phantom.width = UIView(a).width
              z UIView
            Connections without a source
              outlet lost → b UILabel

            """)
    }
}
