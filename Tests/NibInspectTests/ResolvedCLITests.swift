import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore

/// `tree`, `connections` and `json` run in-process on a real iOS and a real macOS nib.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ResolvedCLITests {
    static let iosNib = "calabash__run_loop/spec/resources/CalSmoke-cal.app/en.lproj/CalControlsController~iphone.nib/runtime.nib"
    static let macNib = "TeXShop__TeXShop/Resources/Interfaces/Base.lproj/MainMenu.nib/keyedobjects-110000.nib"

    static func path(_ file: String) -> String { Corpus.root!.appendingPathComponent(file).path }

    static func run(_ args: [String], environment: [String: String] = [:], terminal: Bool = false) -> (ExitCode, Console) {
        let console = Console.capturing(environment: environment)
        console.stdoutIsTerminal = terminal
        return (NibInspectCLI.run(args, console: console), console)
    }

    @Test func treeIsTheDefaultCommand() {
        let (code, c) = Self.run([Self.path(Self.iosNib)])
        #expect(code == .success)
        #expect(c.output.contains("Placeholders\n  #1 File's Owner (class not stated in the nib)\n      outlet slider → #45 UISlider\n"))
        #expect(c.output.contains("action sliderValueChanged: → #1 File's Owner [valueChanged]"))
        #expect(!c.output.contains("\u{1B}["))
    }

    @Test func colourFollowsTerminalNoColorAndFlag() {
        let file = Self.path(Self.iosNib)
        #expect(Self.run(["tree", file], terminal: true).1.output.contains("\u{1B}["))
        #expect(!Self.run(["tree", file], environment: ["NO_COLOR": "1"], terminal: true).1.output.contains("\u{1B}["))
        #expect(Self.run(["tree", "--color", "always", file]).1.output.contains("\u{1B}["))
        #expect(!Self.run(["tree", "--color", "never", file], terminal: true).1.output.contains("\u{1B}["))
        #expect(Self.run(["tree", "--color", "sometimes", file]).0 == .usage)
    }

    @Test func macOSTreeShowsNilTargetedActionsAndDepth() {
        let (code, c) = Self.run(["tree", Self.path(Self.macNib)])
        #expect(code == .success)
        #expect(c.output.contains("action terminate: → First Responder (responder chain)"))
        let shallow = Self.run(["tree", "--depth", "1", Self.path(Self.macNib)]).1.output
        #expect(shallow.contains("children below --depth") && shallow.count < c.output.count)
        #expect(Self.run(["tree", "--properties", Self.path(Self.macNib)]).1.output.contains("keyEquivalent: \"⌘Q\""))
    }

    @Test func connectionsFiltersAndFormats() {
        let file = Self.path(Self.macNib)
        let (code, c) = Self.run(["connections", "--format", "tsv", "--kind", "action", file])
        #expect(code == .success)
        let rows = c.output.split(separator: "\n").dropFirst()
        #expect(!rows.isEmpty && rows.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false)[1] == "action" })
        let owner = Self.run(["connections", "--source", "File's Owner", "--format", "tsv", file]).1.output
        #expect(owner.split(separator: "\n").dropFirst().allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false)[3].hasPrefix("File's Owner") })
        let toDelegate = Self.run(["connections", "--destination", "TSAppDelegate", file]).1.output
        #expect(toDelegate.contains("outlet delegate → #8 TSAppDelegate (NSObject)"))
        let json = Self.run(["connections", "--format", "json", "--kind", "outlet", file]).1.output
        #expect(json.contains("\"schemaVersion\" : 2") && !json.contains("\"kind\" : \"action\""))
        #expect(Self.run(["connections", "--format", "xml", file]).0 == .usage)
        #expect(Self.run(["connections", "--kind", "wire", file]).0 == .usage)
    }

    @Test func jsonIsResolvedUnlessRaw() throws {
        let file = Self.path(Self.iosNib)
        let (code, c) = Self.run(["json", file])
        #expect(code == .success)
        let object = try JSONSerialization.jsonObject(with: Data(c.output.utf8)) as? [String: Any]
        #expect(object?["schemaVersion"] as? Int == 2)
        #expect((object?["documents"] as? [[String: Any]])?.first?["platform"] as? String == "iOS")
        let raw = Self.run(["json", "--raw", file]).1.output
        #expect(raw.contains("\"header\""))
        #expect(Self.run(["json", "/nonexistent/x.nib"]).0 == .noInput)
    }
}
