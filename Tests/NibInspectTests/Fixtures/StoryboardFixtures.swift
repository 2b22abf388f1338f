import ArchiveReader
import Foundation
import TestSupport

/// A compiled iOS storyboard as Xcode lays one out (nib-format.md §5.2): a tab bar controller
/// scene whose nib archives its children — a navigation controller with its root controller, and
/// a settings controller with a storyboard identifier — and a detail scene the root controller
/// shows by a segue. Each child's outlets and actions live in its view nib, behind upstream
/// placeholders bound through the child's `UIExternalObjectsTableForViewLoading`.
///
/// ```
/// UIViewController-tab (entry)   UITabBarController
///   ├─ viewControllers  UINavigationController #nav
///   │    └─ rootViewController  HomeViewController   view nib hom-e1-vc1-view-v1 (segue show → DetailVC)
///   └─ viewControllers  SettingsViewController "Settings"   view nib set-t1-vc2-view-v2
/// DetailVC   DetailViewController
/// ```
enum StoryboardFixtures {
    static let info = StoryboardInfo(
        platform: .iOS, entryPoint: "UIViewController-tab",
        identifiersToNibNames: ["UIViewController-tab": "UIViewController-tab", "DetailVC": "DetailVC"], version: 1)

    /// Scene nib `UIViewController-tab`.
    static func tabScene() -> ObjectGraph {
        var b = GraphBuilder(.nibArchive)
        let root = b.add("NSObject")
        let owner = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("IBFilesOwner"))])
        let responder = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("IBFirstResponder"))])
        let storyboard = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("UIStoryboardPlaceholder"))])
        let segue = b.add("UIStoryboardShowSegueTemplate", [
            ("UIIdentifier", b.string("showDetail")), ("UIDestinationViewControllerIdentifier", b.string("DetailVC")),
            ("UIActionName", b.string("showViewController:sender:")),
        ])
        let home = b.add("UIClassSwapper", [
            ("UIClassName", b.string("HomeViewController")), ("UIOriginalClassName", b.string("UIViewController")),
            ("UINibName", b.string("hom-e1-vc1-view-v1")), ("UIStoryboardSegueTemplates", b.array([segue])),
        ])
        b.set(home, "UIExternalObjectsTableForViewLoading", b.dictionary([
            (b.string("UpstreamPlaceholder-h1"), home), (b.string("UpstreamPlaceholder-h2"), segue),
        ]))
        let nav = b.add("UINavigationController", [("UIChildViewControllers", b.array([home], className: "NSMutableArray"))])
        let settings = b.add("UIClassSwapper", [
            ("UIClassName", b.string("_TtC5MyApp22SettingsViewController")), ("UIOriginalClassName", b.string("UIViewController")),
            ("UINibName", b.string("set-t1-vc2-view-v2")), ("UIStoryboardIdentifier", b.string("Settings")),
        ])
        b.set(settings, "UIExternalObjectsTableForViewLoading", b.dictionary([(b.string("UpstreamPlaceholder-s1"), settings)]))
        let children = b.array([nav, settings], className: "NSMutableArray")
        let tab = b.add("UITabBarController", [("UIChildViewControllers", children), ("UIViewControllers", children)])
        for child in [nav, settings] { b.set(child, "UIParentViewController", tab) }
        b.set(home, "UIParentViewController", nav)
        func outlet(_ name: String, _ source: ArchiveValue, _ destination: ArchiveValue) -> ArchiveValue {
            b.add("UIRuntimeOutletConnection", [("UILabel", b.string(name)), ("UISource", source), ("UIDestination", destination)])
        }
        let connections = [
            outlet("sceneViewController", owner, tab), outlet("storyboard", tab, storyboard),
            outlet("storyboard", home, storyboard), outlet("viewController", segue, home),
        ]
        let empty = b.array([])
        b.set(root, "UINibTopLevelObjectsKey", b.array([owner, responder, storyboard, tab]))
        b.set(root, "UINibObjectsKey", b.array([owner, responder, storyboard, tab, nav, home, settings, segue]))
        b.set(root, "UINibConnectionsKey", b.array(connections))
        for key in ["UINibVisibleWindowsKey", "UINibAccessibilityConfigurationsKey", "UINibKeyValuePairsKey"] { b.set(root, key, empty) }
        return b.graph(root: root)
    }

    /// View nib of the home controller: a title label (outlet on the controller), a button whose
    /// action goes to the controller and one that performs the segue.
    static func homeView() -> ObjectGraph {
        var b = GraphBuilder(.nibArchive)
        let root = b.add("NSObject")
        let owner = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("IBFilesOwner"))])
        let controller = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("UpstreamPlaceholder-h1"))])
        let segue = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("UpstreamPlaceholder-h2"))])
        let view = b.add("UIView")
        let label = b.add("UILabel", [("UIText", b.string("Home"))])
        let refresh = b.add("UIButton", [("UITitle", b.string("Refresh"))])
        let details = b.add("UIButton", [("UITitle", b.string("Details"))])
        b.set(view, "UISubviews", b.array([label, refresh, details]))
        let connections = [
            b.add("UIRuntimeOutletConnection", [("UILabel", b.string("view")), ("UISource", owner), ("UIDestination", view)]),
            b.add("UIRuntimeOutletConnection", [("UILabel", b.string("titleLabel")), ("UISource", controller), ("UIDestination", label)]),
            b.add("UIRuntimeEventConnection", [("UILabel", b.string("refresh:")), ("UISource", refresh), ("UIDestination", controller), ("UIEventMask", .int(64))]),
            b.add("UIRuntimeEventConnection", [("UILabel", b.string("perform:")), ("UISource", details), ("UIDestination", segue), ("UIEventMask", .int(64))]),
        ]
        let empty = b.array([])
        b.set(root, "UINibTopLevelObjectsKey", b.array([owner, controller, segue, view]))
        b.set(root, "UINibObjectsKey", b.array([owner, controller, segue, view, label, refresh, details]))
        b.set(root, "UINibConnectionsKey", b.array(connections))
        for key in ["UINibVisibleWindowsKey", "UINibAccessibilityConfigurationsKey", "UINibKeyValuePairsKey"] { b.set(root, key, empty) }
        return b.graph(root: root)
    }

    /// View nib of the settings controller: a switch (outlet) whose action goes to the controller.
    static func settingsView() -> ObjectGraph {
        var b = GraphBuilder(.nibArchive)
        let root = b.add("NSObject")
        let owner = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("IBFilesOwner"))])
        let controller = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("UpstreamPlaceholder-s1"))])
        let view = b.add("UIView")
        let toggle = b.add("UISwitch")
        b.set(view, "UISubviews", b.array([toggle]))
        let connections = [
            b.add("UIRuntimeOutletConnection", [("UILabel", b.string("view")), ("UISource", owner), ("UIDestination", view)]),
            b.add("UIRuntimeOutletConnection", [("UILabel", b.string("syncSwitch")), ("UISource", controller), ("UIDestination", toggle)]),
            b.add("UIRuntimeEventConnection", [("UILabel", b.string("toggleSync:")), ("UISource", toggle), ("UIDestination", controller), ("UIEventMask", .int(0x1000))]),
        ]
        let empty = b.array([])
        b.set(root, "UINibTopLevelObjectsKey", b.array([owner, controller, view]))
        b.set(root, "UINibObjectsKey", b.array([owner, controller, view, toggle]))
        b.set(root, "UINibConnectionsKey", b.array(connections))
        for key in ["UINibVisibleWindowsKey", "UINibAccessibilityConfigurationsKey", "UINibKeyValuePairsKey"] { b.set(root, key, empty) }
        return b.graph(root: root)
    }

    /// Scene nib `DetailVC`: one controller with a storyboard identifier and no view nib.
    static func detailScene() -> ObjectGraph {
        var b = GraphBuilder(.nibArchive)
        let root = b.add("NSObject")
        let owner = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("IBFilesOwner"))])
        let controller = b.add("UIClassSwapper", [
            ("UIClassName", b.string("DetailViewController")), ("UIOriginalClassName", b.string("UIViewController")),
            ("UIStoryboardIdentifier", b.string("DetailVC")),
        ])
        let connections = [
            b.add("UIRuntimeOutletConnection", [("UILabel", b.string("sceneViewController")), ("UISource", owner), ("UIDestination", controller)]),
        ]
        let empty = b.array([])
        b.set(root, "UINibTopLevelObjectsKey", b.array([owner, controller]))
        b.set(root, "UINibObjectsKey", b.array([owner, controller]))
        b.set(root, "UINibConnectionsKey", b.array(connections))
        for key in ["UINibVisibleWindowsKey", "UINibAccessibilityConfigurationsKey", "UINibKeyValuePairsKey"] { b.set(root, key, empty) }
        return b.graph(root: root)
    }

    /// The nibs by name, in the order a `.storyboardc` lists them.
    static var nibs: [(nibName: String, graph: ObjectGraph)] {
        [("DetailVC", detailScene()), ("UIViewController-tab", tabScene()),
         ("hom-e1-vc1-view-v1", homeView()), ("set-t1-vc2-view-v2", settingsView())]
    }

    /// The storyboard resolved in memory.
    static func resolved() -> NibInput {
        NibResolver.resolveStoryboard(name: "Tabs.storyboardc", info: info, scenes: nibs)
    }

    /// Writes `Tabs.storyboardc` (NIBArchive nibs and a binary `Info.plist`) into `tree` and
    /// returns its path.
    static func write(to tree: TempTree) throws -> String {
        try tree.writePlist("Tabs.storyboardc/Info.plist", [
            "UIStoryboardDesignatedEntryPointIdentifier": info.entryPoint ?? "",
            "UIStoryboardVersion": 1,
            "UIViewControllerIdentifiersToNibNames": info.identifiersToNibNames,
        ])
        for (name, graph) in nibs {
            try tree.write("Tabs.storyboardc/\(name).nib", try NibArchiveWriter().encode(graph))
        }
        return tree.path("Tabs.storyboardc")
    }
}
