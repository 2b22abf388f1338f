import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore

/// The hand-made fixture inputs, resolved.
enum FixtureInputs {
    static func input(_ name: String) -> NibInput {
        switch name {
        case "ios-login":
            return single(UIKitFixtures.login(), "Login.nib")
        case "mac-keyed":
            return single(AppKitFixtures.preferences(.keyed), "Preferences.nib/keyedobjects.nib")
        case "mac-nibarchive":
            return single(AppKitFixtures.preferences(.nibArchive), "Preferences.nib/keyedobjects-110000.nib")
        case "mac-typedstream":
            return single(AppKitFixtures.preferences(.typedstream), "Preferences.nib/objects.nib")
        default:
            return NibResolver.resolveStoryboard(
                name: "Main.storyboardc", info: UIKitFixtures.storyboardInfo,
                scenes: [("UIViewController-vc1", UIKitFixtures.scene()), ("vc1-view-v1", UIKitFixtures.sceneView())])
        }
    }

    static let names = ["ios-login", "mac-keyed", "mac-nibarchive", "mac-typedstream", "ios-storyboard"]

    private static func single(_ graph: ObjectGraph, _ name: String) -> NibInput {
        let document = NibResolver.resolve(graph, name: name)
        return NibInput(path: name, kind: document.format.displayName, documents: [document])
    }

    static func rows(_ input: NibInput) -> [(NibDocument, Connection)] {
        input.documents.flatMap { d in d.connections.map { (d, $0) } }
    }
}

@Suite struct ResolvedGoldenTests {
    @Test(arguments: FixtureInputs.names)
    func tree(_ name: String) {
        let input = FixtureInputs.input(name)
        goldenFiles.check(TreeCommand.render(input, style: .plain), "\(name).tree.txt")
        goldenFiles.check(TreeCommand.render(input, style: .plain, properties: true, incoming: true, constraints: true),
                     "\(name).tree-full.txt")
    }

    @Test(arguments: FixtureInputs.names)
    func connectionsTSV(_ name: String) {
        goldenFiles.check(ConnectionsCommand.tsv(FixtureInputs.rows(FixtureInputs.input(name))), "\(name).connections.tsv")
    }

    @Test(arguments: FixtureInputs.names)
    func json(_ name: String) throws {
        goldenFiles.check(try ResolvedJSON.render(ResolvedOutput(FixtureInputs.input(name))), "\(name).json")
    }

    @Test func connectionsText() {
        let input = FixtureInputs.input("ios-login")
        goldenFiles.check(ConnectionsCommand.text(FixtureInputs.rows(input), documents: input.documents, style: .plain),
                     "ios-login.connections.txt")
    }
}
