import ArchiveReader
import Foundation
import NibModel
import SourceIndex
import SwiftSourceParser
import Testing
import TestSupport
@testable import GraphExport

/// The app map of `AppFixture/App`: two storyboards linked by a storyboard reference, a
/// controller presenting another from code, nibs loaded by name — and one broken case of each edge
/// kind (a segue and a relationship to no object, a reference to a storyboard the app lacks, code
/// naming a segue, scene, storyboard and nib nothing has).
@Suite("app map of the fixture app")
struct AppMapTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("AppFixture/App").path

    static let input = try! NibOpener().open(.path(directory)).input
    static let sources = SourceCodeReader(swift: SwiftSourceReader.available).read(directories: [directory + "/Sources"])
    static let map = AppMap(inputs: [input], sources: sources, title: "App")
    static let swiftRead = SwiftSourceReader.available != nil

    /// The edges of one kind as `from → to “label”`, with node labels (first line) for ids.
    static func edges(_ kind: ConnectionGraph.EdgeKind, in map: AppMap = map) -> [String] {
        let label = Dictionary(map.graph.nodes.map { ($0.id, $0.lines.count > 1 && $0.lines[0] == "?" ? $0.lines[1] : $0.lines.first ?? "") },
                               uniquingKeysWith: { a, _ in a })
        return map.graph.edges.filter { $0.kind == kind }.map {
            "\(label[$0.from] ?? $0.from) → \(label[$0.to] ?? $0.to) \($0.lines.joined(separator: " "))" + ($0.isUnresolved ? " [broken]" : "")
        }
    }

    @Test func segues() {
        #expect(Self.edges(.segue) == [
            "HomeViewController → DetailViewController show “showDetail”",
            "HomeViewController → no destination scene show “lost” (unresolved) [broken]",
            "SettingsViewController → ProfileViewController show “showProfile”",
        ])
        #expect(Self.map.counts[.segue] == AppMap.Count(edges: 3, broken: 1, calls: 0))
    }

    @Test func relationshipSegues() {
        #expect(Self.edges(.relationship) == [
            "UINavigationController → HomeViewController rootViewController",
            "UITabBarController → ProfileViewController viewControllers",
            "UITabBarController → no destination scene viewControllers (unresolved) [broken]",
        ])
    }

    /// A storyboard reference ends at the scene it opens in the other storyboard; one to a
    /// storyboard the app lacks at a `?`; the placeholder scenes are not drawn.
    @Test func storyboardReferences() {
        #expect(Self.edges(.storyboardReference) == [
            "HomeViewController → ProfileViewController presentation “showProfile”",
            "HomeViewController → no storyboard “Help” show “showHelp” (unresolved) [broken]",
        ])
        #expect(!Self.map.graph.nodes.contains { $0.lines.first == "UIStoryboardReference" || $0.kind == .externalScene })
        let reference = Self.map.graph.edges.first { $0.kind == .storyboardReference && !$0.isUnresolved }
        #expect(reference?.to.hasPrefix("s2/") == true)   // in Settings.storyboard's cluster
    }

    @Test func codeTransitions() throws {
        try #require(Self.swiftRead, "built without SwiftParser: the fixture's Swift sources are not read")
        #expect(Self.edges(.codeTransition) == [
            "HomeViewController → DetailViewController performSegue “showDetail”",
            "HomeViewController → no segue “showFAQ” performSegue “showFAQ” [broken]",
            "HomeViewController → AboutViewController present",
            "HomeViewController → DetailViewController pushViewController",
            "HomeViewController → SettingsViewController storyboard “Settings”",
            "HomeViewController → ProfileViewController instantiate “Profile”",
            "HomeViewController → no storyboard “Onboarding” storyboard “Onboarding” [broken]",
            "HomeViewController → no scene “Nobody” instantiate “Nobody” [broken]",
        ])
        // file:line in the tooltip; UIAlertController (a framework class) is not drawn.
        let present = Self.map.graph.edges.first { $0.lines == ["present"] }
        #expect(present?.tooltip?.hasSuffix("Sources/HomeViewController.swift:13") == true)
        #expect(Self.map.frameworkPresentations == 1)
    }

    /// A nib loaded by name ends at its class (the cell nib's classless File's Owner is not
    /// drawn); the nib's own File's Owner class loading it is no edge but a tooltip line.
    @Test func nibLoads() throws {
        try #require(Self.swiftRead, "built without SwiftParser: the fixture's Swift sources are not read")
        #expect(Self.edges(.nibLoad) == [
            "SettingsViewController → ProfileCell nib “ProfileCell”",
            "SettingsViewController → no nib “AccountCell” nib “AccountCell” [broken]",
        ])
        #expect(Self.map.ownNibLoads == 1)
        let owner = Self.map.graph.nodes.first { $0.lines == ["AboutViewController", "File's Owner"] }
        #expect(owner?.tooltip?.contains("loads its nib at") == true)
    }

    /// Without sources: documents only, no code node and no code edge.
    @Test func withoutSources() {
        let map = AppMap(inputs: [Self.input], title: "App")
        #expect(Self.edges(.codeTransition, in: map).isEmpty && Self.edges(.nibLoad, in: map).isEmpty)
        #expect(!map.graph.nodes.contains { $0.kind == .codeClass })
        #expect(map.summary.hasSuffix("no sources read"))
        #expect(map.graph.clusters.map { $0.lines[0] } == ["Base.lproj/Main.storyboard", "Settings/Settings.storyboard", "About.xib",
                                                          "Settings/ProfileCell.xib"])
    }

    /// A nib loaded for an AppKit class (`AboutWindowController(windowNibName:)`, an
    /// `NSWindowController`) or an `instantiateController` call from a class of neither framework
    /// (an `NSObject` app delegate or coordinator) is Mac code: left out of an iOS app's map and
    /// counted, never a red `?` for a nib or scene the iOS app lacks (NetNewsWire's maps read with
    /// the whole repository's sources drew such, in both directions).
    @Test func otherPlatformNibLoads() throws {
        try #require(Self.swiftRead, "built without SwiftParser")
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Mac/AboutWindowController.swift", text: "import AppKit\nfinal class AboutWindowController: NSWindowController {}\n")
        try tree.write("Mac/AppDelegate.swift", text: """
            import AppKit
            final class AppDelegate: NSObject, NSApplicationDelegate {
                var about: AboutWindowController?
                func showAbout() { about = AboutWindowController(windowNibName: "AboutWindowController") }
                func showCell() { _ = UINib(nibName: "ProfileCell", bundle: nil) }
            }
            final class Coordinator: NSObject {
                func add() { _ = NSStoryboard(name: "Main", bundle: nil).instantiateController(withIdentifier: "Home") }
                func settings() { _ = UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "Profile") }
            }

            """)
        let sources = SourceCodeReader(swift: SwiftSourceReader.available).read(directories: [tree.root])
        let map = AppMap(inputs: [Self.input], sources: sources, title: "App")
        #expect(Self.edges(.nibLoad, in: map) == ["AppDelegate → ProfileCell nib “ProfileCell”"])
        // NSStoryboard's instantiateController (and NSStoryboard(name:)) are AppKit's; UIKit's kept.
        #expect(Self.edges(.codeTransition, in: map) == [
            "Coordinator → SettingsViewController storyboard “Settings”", "Coordinator → ProfileViewController instantiate “Profile”",
        ])
        #expect(map.otherPlatform == 3)
    }

    @Test func stems() {
        #expect(AppMap.stem("Base.lproj/Main~ipad.storyboardc") == "Main")
        #expect(AppMap.stem("Cell.nib/objects-13.0+.nib") == "Cell")
        #expect(AppMap.stem("Settings/ProfileCell.xib") == "ProfileCell")
        #expect(AppMap.stem("Account") == "Account")
    }

    /// DOT, Mermaid and PlantUML of the map, reviewed once (the Mermaid golden is also drawn by
    /// Mermaid's own JavaScript when Chromium is there, the PlantUML one checked by plantuml).
    @Test func goldens() throws {
        try #require(Self.swiftRead, "built without SwiftParser: the fixture's Swift sources are not read")
        var graph = Self.map.graph
        // Tooltips hold paths of this checkout; the goldens keep the file name.
        for i in graph.edges.indices {
            graph.edges[i].tooltip = graph.edges[i].tooltip.map { $0.split(separator: "\n").map { $0.split(separator: "/").last.map(String.init) ?? "" }.joined(separator: "\n") }
        }
        for i in graph.nodes.indices {
            graph.nodes[i].tooltip = graph.nodes[i].tooltip.map { $0.replacingOccurrences(of: Self.directory + "/", with: "") }
        }
        goldenFiles.check(DOTWriter.write(graph), "app-map.dot")
        goldenFiles.check(MermaidWriter.write(graph, tooltips: true), "app-map.mmd")
        goldenFiles.check(PlantUMLWriter.write(graph), "app-map.puml")
    }
}

/// Menus with key equivalents and toolbar items by label (issue 29).
@Suite struct MenuAndToolbarLabelTests {
    @Test func menuRowsShowKeyEquivalents() throws {
        let document = try #require(try NibOpener().open(.path(Corpus.packageRoot.appendingPathComponent("Samples/MainMenu.nib").path)).input.documents.first)
        let graph = try ConnectionGraph(document: document, options: GraphOptions(hierarchy: true))
        let rows = graph.nodes.flatMap { $0.rows ?? [] }
        #expect(rows.contains { $0.text == "Quit MenuDemo" && $0.keyEquivalent == "⌘Q" })
        #expect(rows.contains { $0.text == "Open…" && $0.keyEquivalent == "⌘O" })
        let dot = DOTWriter.write(graph)
        #expect(dot.contains("Quit MenuDemo</TD><TD ALIGN=\"RIGHT\"><FONT COLOR=\"#5B6B82\">⌘Q</FONT></TD>"))
        #expect(!dot.contains("<FONT COLOR=\"#5B6B82\"></FONT>"))
        #expect(MermaidWriter.write(graph).contains("Quit MenuDemo  ⌘Q"))
    }

    @Test func toolbarItemsByLabel() throws {
        let item = NibObject(id: ObjectID("#3"), className: "NSToolbarItem", properties: [Property("label", .string("Colors"))])
        let owner = NibObject(id: ObjectID("#1"), className: "NSCustomObject", placeholder: Placeholder(kind: .filesOwner, identifier: "NSRoot"))
        let document = NibDocument(name: "T.nib", platform: .macOS, format: .nibArchive, objects: [owner, item], topLevelObjects: [owner.id, item.id],
                                   connections: [Connection(kind: .outlet, source: owner.id, destination: item.id, label: "colorsItem")])
        let graph = try ConnectionGraph(document: document)
        #expect(graph.nodes.first { $0.objectID == item.id }?.lines == ["colorsItem: NSToolbarItem", "“Colors”"])
    }
}
