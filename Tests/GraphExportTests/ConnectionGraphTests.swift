import ArchiveReader
import Testing
@testable import GraphExport

/// What the graph contains, checked independently of the DOT text.
@Suite struct ConnectionGraphTests {
    func edge(_ g: ConnectionGraph, _ from: String, _ to: String) -> ConnectionGraph.Edge? {
        g.edges.first { $0.from == from && $0.to == to }
    }

    /// Everything, the responder chain included (``GraphOptions/showsResponderChain``).
    static let all = GraphOptions(showsResponderChain: true)

    @Test func placeholdersAndConnectedObjectsAreNodes() throws {
        let g = try ConnectionGraph(document: Fixtures.login, options: Self.all)
        let ids = g.nodes.map(\.id)
        #expect(ids.prefix(2) == ["#1", "#2"])
        #expect(g.nodes[0].kind == .placeholder(.filesOwner))
        #expect(g.nodes[0].lines == ["File's Owner", "LoginViewController"])
        #expect(Set(ids).isSuperset(of: ["#3", "#4", "#5", "#6", "#7", "#8", "#9"]))
        #expect(g.nodes.first { $0.id == "#6" }?.lines == ["PrimaryButton", "(UIButton)", "“Sign In”"])
        // The label text is cut at maxLabelLength (32) with an ellipsis.
        #expect(g.nodes.first { $0.id == "#7" }?.lines.last == "“Wrong password, please try agai…”")
    }

    @Test func everyEdgeKindIsDrawnWithItsLabel() throws {
        let g = try ConnectionGraph(document: Fixtures.login, options: Self.all)
        #expect(edge(g, "#1", "#4")?.lines == ["usernameField"])
        let collection = g.edges.filter { $0.kind == .outletCollection }
        #expect(collection.map(\.lines) == [["fields[0]"], ["fields[1]"]])
        #expect(collection.map(\.to) == ["#4", "#5"])
        #expect(edge(g, "#6", "#1")?.lines == ["signIn:", "touchUpInside"])
        #expect(edge(g, "#6", "#1")?.kind == .action)
        // Nil-targeted: to the document's First Responder placeholder.
        #expect(edge(g, "#8", "#2")?.lines == ["showHelp:", "touchDown|touchUpInside"])
        // Runtime attributes are not drawn by default.
        #expect(!g.edges.contains { $0.kind == .runtimeAttribute })

        let prefs = try ConnectionGraph(document: Fixtures.preferences)
        #expect(edge(prefs, "#12", "#20")?.lines == ["value → selection.name"])
        #expect(edge(prefs, "#12", "#20")?.kind == .binding)
    }

    @Test func unresolvedConnectionsGoToQuestionMarkNodes() throws {
        let g = try ConnectionGraph(document: Fixtures.login)
        let broken = g.edges.filter(\.isUnresolved)
        #expect(broken.count == 2)
        for e in broken {
            #expect(e.lines.last == "(unresolved)")
            let qs = [e.from, e.to].compactMap { id in g.nodes.first { $0.id == id && $0.kind == .unresolved } }
            #expect(qs.count == 1)
            #expect(qs.first?.lines.first == "?")
        }
        #expect(g.nodes.contains { $0.lines == ["?", "no object #99 (destination)"] })
    }

    @Test func nilTargetedActionWithoutPlaceholderGetsSyntheticFirstResponder() throws {
        var doc = Fixtures.login
        doc.objects.removeAll { $0.placeholder?.kind == .firstResponder }
        let g = try ConnectionGraph(document: doc, options: Self.all)
        #expect(g.nodes.contains { $0.id == "@firstResponder" && $0.kind == .firstResponder })
        #expect(edge(g, "#8", "@firstResponder") != nil)
    }

    /// By default nil-targeted actions, First Responder and the key-view loop are left out, and
    /// objects drawn only for them are gone too.
    @Test func responderChainIsHiddenUnlessAsked() throws {
        var doc = Fixtures.login
        doc.connections.append(Connection(kind: .outlet, source: ObjectID("#4"), destination: ObjectID("#5"), label: "nextKeyView"))
        let hidden = try ConnectionGraph(document: doc)
        #expect(!hidden.nodes.contains { $0.id == "#2" || $0.id == "#8" })
        #expect(!hidden.edges.contains { $0.lines.first == "showHelp:" || $0.lines.first == "nextKeyView" })
        let shown = try ConnectionGraph(document: doc, options: Self.all)
        #expect(shown.nodes.contains { $0.id == "#2" } && shown.nodes.contains { $0.id == "#8" })
        #expect(edge(shown, "#4", "#5")?.lines == ["nextKeyView"])
        #expect(edge(shown, "#8", "#2") != nil)
    }

    @Test func focusKeepsTheNeighbourhood() throws {
        let g = try ConnectionGraph(document: Fixtures.login, options: GraphOptions(focus: "#4"))
        #expect(Set(g.nodes.map(\.id)) == ["#1", "#4"])
        #expect(g.edges.count == 2)  // usernameField, fields[0]
        #expect(throws: GraphError.self) {
            try ConnectionGraph(document: Fixtures.login, options: GraphOptions(focus: "NoSuchThing"))
        }
    }

    @Test func kindFilterDropsOtherEdgesAndTheirObjects() throws {
        let g = try ConnectionGraph(document: Fixtures.login, options: GraphOptions(kinds: [.outletCollection]))
        #expect(g.edges.count == 2)
        // First Responder (#2) is a placeholder but only drawn for the edges that end at it.
        #expect(Set(g.nodes.map(\.id)) == ["#1", "#4", "#5"])
    }

    /// With --hierarchy a menu is one node listing its items in menu order (separators as thin
    /// rules, submenus marked ▸); an item's connections start at its row (a DOT port), and a
    /// submenu is its own node, linked from the row that opens it.
    @Test func menusAreNodesWithOneRowPerItem() throws {
        func item(_ id: String, _ name: String?, parent: String, children: [String] = [], separator: Bool = false) -> NibObject {
            NibObject(id: ObjectID(id), className: "NSMenuItem", name: name, parent: ObjectID(parent),
                      children: children.map(ObjectID.init), properties: separator ? [Property("separator", .bool(true))] : [])
        }
        let objects = [
            NibObject(id: ObjectID("#1"), className: "NSObject", customClass: "AppDelegate"),
            NibObject(id: ObjectID("#10"), className: "NSMenu", name: "Main Menu", children: [ObjectID("#11")]),
            item("#11", "App", parent: "#10", children: ["#12"]),
            NibObject(id: ObjectID("#12"), className: "NSMenu", name: "App", parent: ObjectID("#11"),
                      children: ["#15", "#14", "#13"].map(ObjectID.init)),
            item("#13", "Quit", parent: "#12"),
            item("#14", nil, parent: "#12", separator: true),
            item("#15", "About", parent: "#12"),
        ]
        let doc = NibDocument(name: "Menu.nib", platform: .macOS, format: .nibArchive, objects: objects,
                              connections: [Connection(kind: .action, source: ObjectID("#15"), destination: ObjectID("#1"), label: "about:")])
        let g = try ConnectionGraph(document: doc, options: GraphOptions(hierarchy: true))
        #expect(!g.nodes.contains { ["#11", "#13", "#14", "#15"].contains($0.id) })
        let app = try #require(g.nodes.first { $0.id == "#12" })
        #expect(app.kind == .menu)
        #expect(app.lines == ["App"])
        #expect(app.rows == [.init(port: "i1", text: "About"), .init(port: "i2", text: "", isSeparator: true),
                             .init(port: "i3", text: "Quit")])
        #expect(g.nodes.first { $0.id == "#10" }?.rows == [.init(port: "i1", text: "App", hasSubmenu: true)])
        let action = try #require(g.edges.first { $0.kind == .action })
        #expect((action.from, action.fromPort, action.to) == ("#12", "i1", "#1"))
        let submenu = try #require(g.edges.first { $0.kind == .submenu })
        #expect((submenu.from, submenu.fromPort, submenu.to) == ("#10", "i1", "#12"))
        #expect(g.clusters.isEmpty)
        let dot = DOTWriter.write(g)
        #expect(dot.contains("\"#12\":\"i1\" -> \"#1\""))
        #expect(dot.contains("<TD PORT=\"i3\" ALIGN=\"LEFT\">Quit</TD>"))
        let svg = try SVGRenderer.render(dot: dot)
        #expect(svg.warnings.isEmpty)
        #expect(svg.svg.contains(">About<"))
        // Titles are text in the HTML-like label.
        let label = DOTWriter.menuLabel(title: ["A<"], rows: [.init(port: "i1", text: "<b>&\"x")])
        #expect(label.contains("<B>A&lt;</B>") && label.contains(">&lt;b&gt;&amp;&quot;x</TD>"))
    }

    /// Constraints and a control's own cell are left out of --hierarchy unless connected.
    @Test func hierarchyLeavesOutCellsAndConstraints() throws {
        let objects = [
            NibObject(id: ObjectID("#1"), className: "NSView", children: ["#2", "#4"].map(ObjectID.init)),
            NibObject(id: ObjectID("#2"), className: "NSButton", name: "OK", parent: ObjectID("#1"), children: [ObjectID("#3")]),
            NibObject(id: ObjectID("#3"), className: "NSButtonCell", name: "OK", parent: ObjectID("#2")),
            NibObject(id: ObjectID("#4"), className: "NSLayoutConstraint", parent: ObjectID("#1")),
            NibObject(id: ObjectID("#5"), className: "NSTextFieldCell", parent: ObjectID("#2")),
        ]
        let doc = NibDocument(name: "V.nib", platform: .macOS, format: .nibArchive, objects: objects)
        let g = try ConnectionGraph(document: doc, options: GraphOptions(hierarchy: true))
        #expect(Set(g.nodes.map(\.id)) == ["#1", "#2", "#5"])   // a cell of another class stays
        var connected = doc
        connected.connections = [Connection(kind: .outlet, source: ObjectID("#1"), destination: ObjectID("#4"), label: "width")]
        #expect(try ConnectionGraph(document: connected, options: GraphOptions(hierarchy: true)).nodes.contains { $0.id == "#4" })
    }

    @Test func hierarchyNestsContainers() throws {
        let g = try ConnectionGraph(document: Fixtures.preferences, options: GraphOptions(hierarchy: true))
        let window = try #require(g.clusters.first { $0.id == "h#10" })
        #expect(window.nodeIDs == ["#10"])
        #expect(window.clusters.map(\.id) == ["h#11"])
        #expect(window.clusters[0].nodeIDs == ["#11", "#12", "#13"])
        // The Edit menu (#30) is a node listing its items, not a cluster.
        #expect(g.clusters.map(\.id) == ["h#10"])
        #expect(g.nodes.first { $0.id == "#30" }?.kind == .menu)
    }

    @Test func parentCyclesDoNotHang() throws {
        var doc = Fixtures.preferences
        // #10 → #11 → #10: a malformed parent cycle.
        if let i = doc.objects.firstIndex(where: { $0.id == Fixtures.id(10) }) { doc.objects[i].parent = Fixtures.id(11) }
        let g = try ConnectionGraph(document: doc, options: GraphOptions(hierarchy: true))
        #expect(g.nodes.contains { $0.id == "#12" })
    }

    /// A 300-deep view chain is drawn with at most `maxClusterDepth` nested clusters and renders.
    @Test func deepHierarchiesAreCut() throws {
        var objects = [NibObject(id: Fixtures.id(0), className: "UIView")]
        for i in 1..<300 {
            objects.append(NibObject(id: Fixtures.id(i), className: "UIView", parent: Fixtures.id(i - 1)))
        }
        let doc = NibDocument(name: "Deep.nib", platform: .iOS, format: .nibArchive, objects: objects,
                              connections: [Connection(kind: .outlet, source: Fixtures.id(0), destination: Fixtures.id(299),
                                                       label: "deepest")])
        let graph = try ConnectionGraph(document: doc, options: GraphOptions(hierarchy: true))
        func depth(_ c: ConnectionGraph.Cluster) -> Int { 1 + (c.clusters.map(depth).max() ?? 0) }
        #expect(graph.nodes.count == 300)
        #expect((graph.clusters.map(depth).max() ?? 0) <= DocumentGraphBuilder.maxClusterDepth + 1)
        let svg = try SVGRenderer.render(dot: DOTWriter.write(graph)).svg
        #expect(svg.contains("deepest"))
    }

    @Test func parsesKinds() {
        #expect(GraphOptions.parseKinds("outlet, action") == [.outlet, .action])
        #expect(GraphOptions.parseKinds("Collection,BINDING") == [.outletCollection, .binding])
        #expect(GraphOptions.parseKinds("all") == Set(Connection.Kind.allCases))
        #expect(GraphOptions.parseKinds("outlet,nope") == nil)
        #expect(GraphOptions.parseKinds(",") == nil)
    }

    @Test func storyboardEntryAndExternalScenes() throws {
        let g = try ConnectionGraph(storyboard: Fixtures.storyboard)
        #expect(edge(g, "@entry", "@scene:UINavigationController-a1")?.kind == .entry)
        #expect(g.nodes.first { $0.id == "@scene:UINavigationController-a1" }?.kind == .scene(isEntryPoint: true))
        #expect(edge(g, "@scene:UINavigationController-a1", "@scene:Login")?.lines == ["rootViewController"])
        #expect(edge(g, "@scene:Home", "@external:Settings")?.lines == ["presentation", "“settings”"])
        #expect(g.edges.filter(\.isUnresolved).count == 1)
    }
}
