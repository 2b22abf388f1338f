import ArchiveReader
import Foundation
import GraphExport
import NibModel
import Testing
import TestSupport

/// Storyboard references in compiled storyboards: `Main.storyboardc`'s Info.plist lists two
/// external references (`UIViewControllerIdentifiersToExternalStoryboardReferences`), one to the
/// `DetailVC` scene of `Tabs.storyboardc` (``StoryboardFixtures``), one to a `Help` storyboard the
/// app lacks; the start scene has a segue template to each.
@Suite("app map of compiled storyboards")
struct AppMapCompiledTests {
    /// Scene nib `Start`: a controller with two segue templates to the external references.
    static func startScene() -> ObjectGraph {
        var b = GraphBuilder(.nibArchive)
        let root = b.add("NSObject")
        let owner = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("IBFilesOwner"))])
        let storyboard = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("UIStoryboardPlaceholder"))])
        let toDetail = b.add("UIStoryboardShowSegueTemplate", [
            ("UIIdentifier", b.string("toDetail")), ("UIDestinationViewControllerIdentifier", b.string("UIViewController-r1")),
            ("UIActionName", b.string("showViewController:sender:")),
        ])
        let toHelp = b.add("UIStoryboardPresentationSegueTemplate", [
            ("UIIdentifier", b.string("toHelp")), ("UIDestinationViewControllerIdentifier", b.string("UIViewController-r2")),
        ])
        let controller = b.add("UIClassSwapper", [
            ("UIClassName", b.string("StartViewController")), ("UIOriginalClassName", b.string("UIViewController")),
            ("UIStoryboardIdentifier", b.string("Start")), ("UIStoryboardSegueTemplates", b.array([toDetail, toHelp])),
        ])
        func outlet(_ name: String, _ source: ArchiveValue, _ destination: ArchiveValue) -> ArchiveValue {
            b.add("UIRuntimeOutletConnection", [("UILabel", b.string(name)), ("UISource", source), ("UIDestination", destination)])
        }
        let connections = [
            outlet("sceneViewController", owner, controller), outlet("storyboard", controller, storyboard),
            outlet("viewController", toDetail, controller), outlet("viewController", toHelp, controller),
        ]
        let empty = b.array([])
        b.set(root, "UINibTopLevelObjectsKey", b.array([owner, storyboard, controller]))
        b.set(root, "UINibObjectsKey", b.array([owner, storyboard, controller, toDetail, toHelp]))
        b.set(root, "UINibConnectionsKey", b.array(connections))
        for key in ["UINibVisibleWindowsKey", "UINibAccessibilityConfigurationsKey", "UINibKeyValuePairsKey"] { b.set(root, key, empty) }
        return b.graph(root: root)
    }

    @Test func externalReferencesResolveToTheSceneTheyOpen() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        _ = try StoryboardFixtures.write(to: tree)
        try tree.writePlist("Main.storyboardc/Info.plist", [
            "UIStoryboardDesignatedEntryPointIdentifier": "Start",
            "UIStoryboardVersion": 1,
            "UIViewControllerIdentifiersToNibNames": ["Start": "Start"],
            "UIViewControllerIdentifiersToExternalStoryboardReferences": [
                "UIViewController-r1": ["UIReferencedStoryboardName": "Tabs", "UIReferencedControllerIdentifier": "DetailVC"],
                "UIViewController-r2": ["UIReferencedStoryboardName": "Help"],
            ],
        ])
        try tree.write("Main.storyboardc/Start.nib", try NibArchiveWriter().encode(Self.startScene()))
        let input = try NibOpener().open(.path(tree.root)).input
        let main = try #require(input.allStoryboards.first { $0.name.hasPrefix("Main") })
        #expect(main.segues.map { $0.to ?? "-" } == ["Tabs:DetailVC", "Help:initial view controller"])

        let map = AppMap(inputs: [input], title: "compiled")
        let label = Dictionary(map.graph.nodes.map { ($0.id, $0.lines.last ?? "") }, uniquingKeysWith: { a, _ in a })
        let references = map.graph.edges.filter { $0.kind == .storyboardReference }
        #expect(references.map { "\(label[$0.from] ?? "") → \(label[$0.to] ?? "")\($0.isUnresolved ? " [broken]" : "")" } == [
            "“Start” → “DetailVC”",
            "“Start” → no storyboard “Help” [broken]",
        ])
        #expect(map.counts[.storyboardReference] == AppMap.Count(edges: 2, broken: 1, calls: 0))
        #expect(!map.graph.nodes.contains { $0.kind == .externalScene })
    }
}

/// Scene graphs that read (issue 29): the view nib's File's Owner is drawn as its controller,
/// an outlet's target carries the outlet's name.
@Suite("scene graphs")
struct SceneGraphReadingTests {
    @Test func viewNibOwnerIsTheController() throws {
        let graph = try GraphExport.graph(for: StoryboardFixtures.resolved(), scene: "Settings")
        // One node for the controller: no File's Owner in the view nib's box; its `view` outlet
        // leaves the controller's node.
        let viewNib = try #require(graph.clusters.first { $0.lines.first?.hasSuffix("view nib") == true })
        #expect(!viewNib.nodeIDs.contains { id in graph.nodes.first { $0.id == id }?.lines.first == "File's Owner" })
        let view = try #require(graph.edges.first { $0.lines == ["view"] })
        let controller = try #require(graph.nodes.first { $0.id == view.from })
        #expect(controller.lines.first == "SettingsViewController")
        #expect(graph.nodes.first { $0.id == view.to }?.lines.first == "view: UIView")
        #expect(graph.nodes.contains { $0.lines.first == "syncSwitch: UISwitch" })
    }
}
