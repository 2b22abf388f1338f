import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore

/// `nibinspect lifecycle` run in-process: text, JSON, storyboards, exit statuses.
@Suite struct LifecycleCLITests {
    static let samples = Corpus.packageRoot.appendingPathComponent("Samples").path

    static func run(_ args: [String]) -> (ExitCode, Console) {
        let console = Console.capturing(environment: [:])
        return (NibInspectCLI.run(args, console: console), console)
    }

    @Test func textIsGroupedByPhaseWithNumberedSteps() {
        let (code, c) = Self.run(["lifecycle", Self.samples + "/LoginViewController.nib"])
        #expect(code == .success)
        let lines = c.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "LoginViewController.nib — iOS NIBArchive, nib")
        #expect(lines.filter { ["load", "instantiate", "connect", "awake", "show"].contains($0) }.count == 5)
        #expect(lines.contains("  17. #36 LoginDemo.PrimaryButton (UIButton) \"Sign In\": addTarget:action:forControlEvents: signIn: → #2 File's Owner [touchUpInside]"))
        #expect(lines.contains("  11. #2 File's Owner: setValue:forKey: emailField → #23 UITextField \"Email\""))
        #expect(c.output.contains("the order is not guaranteed"))
        #expect(!c.output.contains("#2 File's Owner: awakeFromNib"))
    }

    @Test func jsonHasDocumentsAndSteps() throws {
        let (code, c) = Self.run(["lifecycle", "--format", "json", Self.samples + "/MainMenu.nib"])
        #expect(code == .success)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(c.output.utf8)) as? [String: Any])
        let doc = try #require((json["documents"] as? [[String: Any]])?.first)
        #expect(doc["platform"] as? String == "macOS")
        let steps = try #require(doc["steps"] as? [[String: Any]])
        #expect(Set(steps.compactMap { $0["phase"] as? String }) == ["load", "instantiate", "connect", "awake", "show"])
        // The archived class decides: the window comes from its template; File's Owner awakes last.
        #expect(steps.contains { $0["objectID"] as? String == "#47" && $0["call"] as? String == "initWithContentRect:styleMask:backing:defer:" })
        let awake = steps.filter { $0["phase"] as? String == "awake" }
        #expect(awake.last?["objectID"] as? String == "#3")
        #expect(steps.contains { $0["phase"] as? String == "show" && $0["object"] as? String == "#47 NSWindow \"MenuDemo\"" })
        // Same bytes as the encoder's reference rendering.
        let (_, again) = Self.run(["lifecycle", "--format", "json", Self.samples + "/MainMenu.nib"])
        #expect(again.output == c.output)
    }

    @Test func compiledStoryboardSceneThenViewNib() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try StoryboardFixtures.write(to: tree)
        let (code, c) = Self.run(["lifecycle", path])
        #expect(code == .success)
        #expect(c.output.contains("scene nib of scene"))
        #expect(c.output.contains("loaded by UIStoryboard instantiateViewControllerWithIdentifier:"))
        #expect(c.output.contains("view nib of controller"))
        #expect(c.output.contains("viewDidLoad — after loadView returns"))
        let scene = try #require(c.output.range(of: "scene nib of scene"))
        let view = try #require(c.output.range(of: "view nib of controller"))
        #expect(scene.lowerBound < view.lowerBound)
    }

    @Test func exitStatuses() {
        #expect(Self.run(["lifecycle"]).0 == .usage)
        #expect(Self.run(["lifecycle", "--format", "xml", Self.samples + "/LoginViewController.nib"]).0 == .usage)
        #expect(Self.run(["lifecycle", "/nonexistent/Nope.nib"]).0 == .noInput)
        let tree = try? TempTree()
        defer { tree?.remove() }
        if let bad = try? tree?.write("Bad.nib", Array("NIBArchive\u{1}\u{0}\u{0}\u{0}garbage".utf8)) {
            #expect(Self.run(["lifecycle", bad]).0 == .dataError)
        }
        let (code, c) = Self.run(["help", "lifecycle"])
        #expect(code == .success && c.output.contains("USAGE: nibinspect lifecycle"))
    }
}
