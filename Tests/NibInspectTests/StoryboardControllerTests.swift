import ArchiveReader
import Foundation
import GraphExport
import TestSupport
import Testing
@testable import NibInspectCore

/// A storyboard controller is one object across its scene nib and view nib, segues belong to the
/// controller that owns them, and relationship segues come from the containment a compiled
/// storyboard archives (nib-format.md §5.2).
@Suite("Storyboard controllers")
struct StoryboardControllerTests {
    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let c = Console.capturing()
        let code = NibInspectCLI.run(args, console: c)
        return (code, c.output, c.errors)
    }

    func tsvRows(_ text: String) -> [[String]] {
        text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func summaryListsContainedControllersAndTheirRelationships() throws {
        let summary = try #require(StoryboardFixtures.resolved().storyboard)
        let nav = try #require(summary.controllers.first { $0.className == "UINavigationController" })
        #expect(nav.id.hasPrefix("UIViewController-tab/#"))
        #expect(summary.controllers.map(\.id) == ["DetailVC", "UIViewController-tab", nav.id, "Settings", "UIViewController-hom-e1-vc1"])
        let home = try #require(summary.controller("UIViewController-hom-e1-vc1"))
        #expect(home.customClass == "HomeViewController" && home.className == "UIViewController")
        #expect(home.scene == "UIViewController-tab" && home.parent == nav.id && home.relationship == "rootViewController")
        #expect(home.viewNibName == "hom-e1-vc1-view-v1")
        #expect(home.documents == ["UIViewController-tab", "hom-e1-vc1-view-v1"])
        let settings = try #require(summary.controller("Settings"))
        #expect(settings.customClass == "SettingsViewController" && settings.customModule == "MyApp")
        #expect(settings.storyboardIdentifier == "Settings" && settings.parent == "UIViewController-tab")

        let segues = summary.segues.map { "\($0.segue.kind) \($0.segue.relationship ?? "-") \($0.from) → \($0.to ?? "?")" }
        #expect(segues == [
            "relationship viewControllers UIViewController-tab → \(nav.id)",
            "relationship viewControllers UIViewController-tab → Settings",
            "relationship rootViewController \(nav.id) → UIViewController-hom-e1-vc1",
            "show - UIViewController-hom-e1-vc1 → DetailVC",
        ])
        // The tab scene lists the view nibs of the controllers it archives.
        let tab = try #require(summary.scenes.first { $0.identifier == "UIViewController-tab" })
        #expect(tab.documents == ["UIViewController-tab", "set-t1-vc2-view-v2", "hom-e1-vc1-view-v1"])
    }

    @Test func upstreamPlaceholdersCarryTheirControllersIdentity() throws {
        let input = StoryboardFixtures.resolved()
        let view = try #require(input.documents.first { $0.name == "hom-e1-vc1-view-v1" })
        let placeholder = try #require(view.objects.first { $0.placeholder?.identifier == "UpstreamPlaceholder-h1" })
        let target = try #require(placeholder.placeholder?.target)
        #expect(target.controller == "UIViewController-hom-e1-vc1")
        #expect(target.customClass == "HomeViewController" && target.className == "UIViewController")
        let segue = try #require(view.objects.first { $0.placeholder?.identifier == "UpstreamPlaceholder-h2" })
        #expect(segue.placeholder?.target?.className == "UIStoryboardShowSegueTemplate")
        #expect(segue.placeholder?.target?.controller == nil)
        let home = try #require(input.storyboard?.controller("UIViewController-hom-e1-vc1"))
        #expect(home.objects.contains(ObjectReference(document: "hom-e1-vc1-view-v1", id: placeholder.id)))
        #expect(input.controller(for: placeholder.id, in: "hom-e1-vc1-view-v1")?.id == home.id)
        #expect(input.controllerObjects(named: "Settings")["set-t1-vc2-view-v2"]?.count == 1)
    }

    @Test("naming a controller by class, custom class, storyboard identifier or id finds its connections in every nib",
          arguments: ["HomeViewController", "UIViewController-hom-e1-vc1"])
    func connectionsOfAControllerAcrossNibs(query: String) throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try StoryboardFixtures.write(to: tree)
        let r = run(["connections", "--format", "tsv", "--source", query, path])
        #expect(r.code == .success, "\(r.err)")
        let rows = tsvRows(r.out)
        #expect(rows.map { "\($0[0]) \($0[1]) \($0[4])" } == [
            "Tabs.storyboardc/UIViewController-tab.nib outlet storyboard",
            "Tabs.storyboardc/UIViewController-tab.nib segue show",
            "Tabs.storyboardc/hom-e1-vc1-view-v1.nib outlet titleLabel",
        ])
        #expect(rows.allSatisfy { $0[3] == "HomeViewController (UIViewController)" })
        let actions = run(["connections", "--format", "tsv", "--kind", "action", "--destination", query, path])
        #expect(tsvRows(actions.out).map { "\($0[4]) \($0[6])" } == ["refresh: HomeViewController (UIViewController)"])
    }

    @Test func storyboardIdentifierAndModuleQualifiedClassNameTheController() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try StoryboardFixtures.write(to: tree)
        for query in ["Settings", "MyApp.SettingsViewController", "SettingsViewController"] {
            let r = run(["connections", "--format", "tsv", "--destination", query, "--kind", "action", path])
            #expect(r.code == .success, "\(query): \(r.err)")
            let rows = tsvRows(r.out)
            #expect(rows.map { "\($0[0]) \($0[4]) \($0[6])" }
                    == ["Tabs.storyboardc/set-t1-vc2-view-v2.nib toggleSync: MyApp.SettingsViewController (UIViewController)"], "\(query)")
        }
        let outlets = run(["connections", "--format", "tsv", "--source", "Settings", path])
        #expect(!outlets.out.contains("Upstream Placeholder"))
        #expect(tsvRows(outlets.out).map { $0[4] } == ["syncSwitch"])
        // Text groups rows under the nib they live in; JSON names it and the controller.
        let text = run(["connections", "--source", "Settings", path])
        #expect(text.out.contains("== Tabs.storyboardc/set-t1-vc2-view-v2.nib =="))
        #expect(text.out.contains("= MyApp.SettingsViewController (UIViewController)  outlet syncSwitch → "))
        let json = run(["connections", "--format", "json", "--source", "Settings", path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let first = try #require((object["connections"] as? [[String: Any]])?.first)
        #expect(first["document"] as? String == "Tabs.storyboardc/set-t1-vc2-view-v2.nib")
        #expect(first["sourceController"] as? String == "Settings")
    }

    @Test func tabBarChildrenAreRelationshipEdgesOfTheSceneFlow() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try StoryboardFixtures.write(to: tree)
        let r = run(["graph", path])
        #expect(r.code == .success, "\(r.err)")
        let edges = r.out.split(separator: "\n").filter { $0.contains(" -> ") }
        func edge(_ from: String, _ to: String) -> [Substring] {
            edges.filter { $0.contains("\"@scene:\(from)\" -> \"@scene:\(to)\"") }
        }
        let nav = try #require(StoryboardFixtures.resolved().storyboard?.controllers.first { $0.className == "UINavigationController" })
        for (from, to, label) in [("UIViewController-tab", nav.id, "viewControllers"), ("UIViewController-tab", "Settings", "viewControllers"),
                                  (nav.id, "UIViewController-hom-e1-vc1", "rootViewController")] {
            let found = edge(from, to)
            #expect(found.count == 1, "\(from) → \(to)")
            #expect(found.first?.contains("label=\"\(label)\"") == true && found.first?.contains("arrowtail=\"odiamond\"") == true)
        }
        // The segue leaves from the controller that owns it, once.
        #expect(edge("UIViewController-hom-e1-vc1", "DetailVC").count == 1)
        #expect(edges.filter { $0.contains("-> \"@scene:DetailVC\"") }.count == 1)
        #expect(r.out.contains("\"@scene:Settings\" [") && r.out.contains("label=\"SettingsViewController\\n“Settings”\""))
        let text = run(["tree", path])
        #expect(text.out.contains("  relationship rootViewController \(nav.id) → UIViewController-hom-e1-vc1"))
        #expect(text.out.contains("  controller Settings SettingsViewController in scene UIViewController-tab, view set-t1-vc2-view-v2"))
        // A focus on the contained controller keeps it, its container and its segue.
        let focused = run(["graph", "--focus", "HomeViewController", path])
        #expect(focused.out.contains("\"@scene:\(nav.id)\" -> \"@scene:UIViewController-hom-e1-vc1\""))
        #expect(focused.out.contains("\"@scene:UIViewController-hom-e1-vc1\" -> \"@scene:DetailVC\""))
        #expect(!focused.out.contains("\"@scene:Settings\""))
    }

    @Test func graphFocusDrawsTheControllerAsOneNode() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try StoryboardFixtures.write(to: tree)
        let r = run(["graph", "--scene", "HomeViewController", "--focus", "HomeViewController", path])
        #expect(r.code == .success, "\(r.err)")
        let input = StoryboardFixtures.resolved()
        let scene = try #require(input.documents.first { $0.name == "UIViewController-tab" })
        let home = try #require(scene.objects.first { $0.customClass == "HomeViewController" })
        let node = "\"d1/\(home.id)\""
        #expect(r.out.contains("\(node) [label=\"HomeViewController\\n(UIViewController)\""))
        #expect(!r.out.contains("UpstreamPlaceholder-h1"))
        let edges = r.out.split(separator: "\n").filter { $0.contains(" -> ") }
        #expect(edges.contains { $0.hasPrefix("  \(node) -> \"d2/") && $0.contains("label=\"titleLabel\"")
            && $0.contains("tooltip=\"in Tabs.storyboardc/hom-e1-vc1-view-v1.nib\"") })
        #expect(edges.contains { $0.contains("-> \(node)") && $0.contains("label=\"refresh:\\ntouchUpInside\"") })
        #expect(edges.contains { $0.hasPrefix("  \(node) -> \"d1/") && $0.contains("label=\"show\\n“showDetail”\"") })
    }

    @Test func aViewNibReadInsideItsStoryboardNamesItsController() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try StoryboardFixtures.write(to: tree)
        let view = path + "/hom-e1-vc1-view-v1.nib"
        let r = run(["tree", view])
        #expect(r.code == .success, "\(r.err)")
        #expect(r.out.contains("UpstreamPlaceholder-h1 = HomeViewController (UIViewController) #"))
        let c = run(["connections", "--format", "tsv", "--source", "HomeViewController", view])
        #expect(tsvRows(c.out).map { "\($0[3]) \($0[4])" } == ["HomeViewController (UIViewController) titleLabel"])
        // A copy outside any storyboard keeps its placeholders unbound.
        let loose = try tree.write("loose/hom-e1-vc1-view-v1.nib", try NibArchiveWriter().encode(StoryboardFixtures.homeView()))
        let unbound = run(["tree", loose])
        #expect(unbound.out.contains("#4 UpstreamPlaceholder-h1\n"))
    }

    // MARK: Corpus

    static func corpusStoryboards() -> [String] {
        guard let root = Corpus.root else { return [] }
        var out: [String] = []
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let item = walker?.nextObject() as? String {
            if item.hasSuffix(".storyboardc") { out.append(root.appendingPathComponent(item).path) }
        }
        return out.sorted()
    }

    static func corpusStoryboard(_ suffix: String) throws -> String {
        try #require(corpusStoryboards().first { $0.hasSuffix(suffix) })
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func corpusNavigationRootIsOneControllerAcrossItsNibs() throws {
        let path = try Self.corpusStoryboard("PPNQASampleApp.app/MainStoryboard.storyboardc")
        let outlets = run(["connections", "--format", "tsv", "--source", "PPNContentViewController", path])
        let rows = tsvRows(outlets.out)
        let viewNib = "MainStoryboard.storyboardc/icD-6f-bbs-view-0xf-0X-gUm.nib"
        #expect(rows.filter { $0[0] == viewNib }.map { $0[4] } == [
            "horizontalScrollView", "longTapDescriptionLabel", "longTapView", "pinchDescription", "pinchView",
            "swipeDescription", "swipeView", "verticalScrollView",
        ])
        #expect(rows.filter { $0[0] != viewNib }.map { $0[4] } == ["storyboard", "push"])
        #expect(rows.allSatisfy { $0[3] == "PPNContentViewController (UIViewController)" })
        let actions = run(["connections", "--format", "tsv", "--kind", "action", "--destination", "PPNContentViewController", path])
        #expect(tsvRows(actions.out).map { $0[4] } == ["crashApp:", "onTapMultiLevel:", "singleTap:"])

        let summary = try #require(NibResolver.resolve(try NibLoader().loadContainer(at: path)).storyboard)
        let lines = summary.segues.map { "\($0.segue.relationship ?? $0.segue.kind.rawValue) \($0.from) → \($0.to ?? "?")" }
        #expect(lines.contains("rootViewController UIViewController-uzH-OZ-tI5 → UIViewController-icD-6f-bbs"))
        #expect(lines.contains("push UIViewController-icD-6f-bbs → UIViewController-YdM-he-em5"))
        #expect(!lines.contains { $0.hasPrefix("push UIViewController-uzH-OZ-tI5") })
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func corpusSplitViewChildrenAndOwnedSegues() throws {
        let path = try Self.corpusStoryboard("UICatalog.app/Base.lproj/Main~iphone.storyboardc")
        let summary = try #require(NibResolver.resolve(try NibLoader().loadContainer(at: path)).storyboard)
        let split = "UIViewController-H1p-Uh-vWS"
        let relationships = summary.segues.filter { $0.segue.kind == "relationship" && $0.from == split }
        #expect(relationships.map { $0.segue.relationship ?? "" } == ["masterViewController", "detailViewController"])
        let master = try #require(summary.controller(relationships.first?.to))
        #expect(master.className == "UINavigationController" && master.parent == split)
        let list = try #require(summary.controllers.first { $0.parent == master.id })
        #expect(list.className == "UITableViewController" && list.relationship == "rootViewController")
        // The 17 showDetail segues belong to the master list, not to the split view controller's scene.
        let showDetail = summary.segues.filter { $0.segue.kind == "showDetail" }
        #expect(showDetail.count == 17 && showDetail.allSatisfy { $0.from == list.id })
    }

    /// Every corpus storyboard: each segue once, one summary segue per segue template, every
    /// relationship edge between two listed controllers, every bound upstream placeholder that
    /// stands for a controller listed among that controller's objects.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func corpusSeguesAreListedOnceAndControllersAreComplete() throws {
        let paths = Self.corpusStoryboards()
        #expect(paths.count >= 5)
        for path in paths {
            let input = NibResolver.resolve(try NibLoader().loadContainer(at: path))
            for summary in input.allStoryboards {
                #expect(Set(summary.segues).count == summary.segues.count, "\(path)")
                let ids = Set(summary.controllers.map(\.id))
                #expect(ids.count == summary.controllers.count, "\(path)")
                for s in summary.segues where s.segue.kind == "relationship" {
                    #expect(ids.contains(s.from) && ids.contains(s.to ?? ""), "\(path): \(s)")
                }
                let sceneDocuments = Set(summary.scenes.compactMap { $0.documents.first })
                let templates = input.documents.filter { sceneDocuments.contains($0.name) }
                    .flatMap(\.connections).filter { $0.kind == .segue }.count
                #expect(summary.segues.filter { $0.segue.kind != "relationship" }.count == templates, "\(path)")
                for document in input.documents {
                    for o in document.objects {
                        guard let id = o.placeholder?.target?.controller else { continue }
                        #expect(summary.controller(id)?.objects.contains(ObjectReference(document: document.name, id: o.id)) == true,
                                "\(document.name) \(o.id)")
                    }
                }
            }
        }
    }
}
