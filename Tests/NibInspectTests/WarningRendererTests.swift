import Foundation
import TestSupport
import Testing
@testable import NibInspectCore

/// One renderer for the warnings of every command's inputs (issue 25): each on stderr, once, as
/// `nibinspect: warning: <file>:<line>:<column>: <message> [<code>]` or `<file>: byte 0x…:`,
/// never on stdout; the file is the one the warning is about, not the directory given.
@Suite("Warnings on stderr, one renderer")
struct WarningRendererTests {
    func run(_ args: [String], stdin: [UInt8]? = nil) -> (code: ExitCode, out: String, err: String) {
        let c = Console.capturing(stdin: stdin)
        let code = NibInspectCLI.run(args, console: c)
        return (code, c.output, c.errors)
    }

    /// Every subcommand, with the input in each of its input positions.
    static let commands: [[String]] = [
        ["tree", "IN"], ["tree", "--raw", "IN"], ["json", "IN"], ["json", "--raw", "IN"], ["connections", "IN"],
        ["connections", "--format", "json", "IN"], ["graph", "IN"], ["compare", CLITests.xib, "IN"], ["why", "IN"],
        ["lint", "IN"], ["lint", "--format", "json", "IN"], ["lifecycle", "IN"], ["textconv", "IN"],
        ["diff", CLITests.sample, "IN"], ["diff", "IN", CLITests.sample], ["strings", "IN"], ["xib", "IN"], ["scan", "IN"],
        ["report", "IN"],
    ]

    /// Outputs whose data carries the input's diagnostics (the JSON documents, scan's lines, the
    /// HTML page).
    static func carriesDiagnostics(_ args: [String]) -> Bool {
        args.first == "json" || args.first == "scan" || args.first == "report"
    }

    @Test("a nib with 8 junk bytes appended: every subcommand prints the trailing-bytes warning on stderr once, never on stdout",
          arguments: commands)
    func trailingBytesEverywhere(_ command: [String]) throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLITests.sample)))
        let path = try tree.write("Junk.nib", original + [1, 2, 3, 4, 5, 6, 7, 8])
        let r = run(command.map { $0 == "IN" ? path : $0 })
        let offset = String(original.count, radix: 16, uppercase: true)
        #expect(r.err == "nibinspect: warning: \(path): byte 0x\(offset): 8 byte(s) after the last table [trailing-bytes]\n",
                "\(command)")
        #expect(!r.out.contains("nibinspect: warning"), "\(command)")
        if Self.carriesDiagnostics(command) {
            #expect(r.out.contains("trailing-bytes") || r.out.contains("8 byte(s) after the last table"), "\(command)")
        } else {
            #expect(!r.out.contains("byte(s) after the last table") && !r.out.contains("trailing-bytes"), "\(command)")
        }
    }

    @Test("standard input is named <stdin>")
    func standardInput() throws {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLITests.sample)))
        let r = run(["connections", "-"], stdin: original + [0, 0])
        #expect(r.err == "nibinspect: warning: <stdin>: byte 0x\(String(original.count, radix: 16, uppercase: true)): "
                + "2 byte(s) after the last table [trailing-bytes]\n")
    }

    static let crossScene = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="vc1">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" sceneMemberID="viewController">
                            <view key="view" id="v1"/>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController id="vc2" sceneMemberID="viewController">
                            <view key="view" id="v2">
                                <subviews>
                                    <button id="b1">
                                        <connections>
                                            <action selector="go:" destination="vc1" eventType="touchUpInside" id="a1"/>
                                        </connections>
                                    </button>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test("a storyboard in a directory: the cross-scene action's warning names the storyboard file, line and column",
          arguments: [["tree"], ["connections"], ["graph"], ["textconv"], ["lint"], ["json"]])
    func crossSceneActionInDirectory(_ command: [String]) throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let storyboard = try tree.write("App/UI/Main.storyboard", text: Self.crossScene)
        try tree.write("App/Other.nib", TinyNib.simple("Other"))
        let lines = Self.crossScene.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("<action ") }) + 1
        let column = try #require(lines[line - 1].range(of: "<action")).lowerBound.utf16Offset(in: lines[line - 1]) + 1
        let r = run(command + [tree.path("App")])
        // (`graph` of a directory draws the app map and adds one note with its counts.)
        let warnings = r.err.split(separator: "\n").filter { !$0.hasPrefix("nibinspect: note: app map:") }
        #expect(warnings.count == 1, "\(r.err)")
        let warning = try #require(warnings.first)
        #expect(warning.hasPrefix("nibinspect: warning: \(storyboard):\(line):\(column): action 'go:' of b1: destination 'vc1' "
                                  + "is an object of another scene ("), "\(warning)")
        #expect(warning.hasSuffix("), not of this one [unresolved-destination]"), "\(warning)")
        #expect(!r.out.contains("nibinspect: warning"))
    }

    /// `Main.storyboardc` with a scene nib and its view nib; `broken` cuts the view nib to 30 bytes.
    func storyboard(_ tree: TempTree, _ name: String, broken: Bool) throws -> String {
        let info: [String: Any] = [
            "UIStoryboardDesignatedEntryPointIdentifier": "Home", "UIStoryboardVersion": 1,
            "UIViewControllerIdentifiersToNibNames": ["Home": "Home"],
        ]
        try tree.writePlist("\(name)/Main.storyboardc/Info.plist", info)
        try tree.write("\(name)/Main.storyboardc/Home.nib", TinyNib.simple("HomeVC"))
        let view = TinyNib.simple("HomeView")
        try tree.write("\(name)/Main.storyboardc/Home-view-V1.nib", broken ? Array(view.prefix(30)) : view)
        return tree.path("\(name)/Main.storyboardc")
    }

    @Test("a .storyboardc with one unreadable scene nib: exit 65 and one line naming that nib",
          arguments: [["tree"], ["tree", "--raw"], ["json"], ["connections"], ["graph"], ["textconv"], ["lifecycle"],
                      ["lint"], ["why"], ["strings"]])
    func unreadableSceneNib(_ command: [String]) throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try storyboard(tree, "v2", broken: true)
        let r = run(command + [path])
        #expect(r.code == .dataError, "\(command): \(r.err)")
        #expect(r.err == "nibinspect: error: \(path)/Home-view-V1.nib: byte 0x0: truncated: the NIBArchive header needs 50 bytes, "
                + "30 available in header [document-not-read]\n", "\(command)")
    }

    @Test("diff of two versions of a .storyboardc, one with an unreadable nib: the intact nib is neither added nor removed")
    func diffKeepsTheIntactNib() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let good = try storyboard(tree, "v1", broken: false)
        let bad = try storyboard(tree, "v2", broken: true)
        for (old, new) in [(good, bad), (bad, good)] {
            let r = run(["diff", old, new])
            #expect(r.code == .dataError)
            #expect(!r.out.contains("added") && !r.out.contains("removed"), "\(r.out)")
            #expect(r.out == "no differences\n", "\(r.out)")
            #expect(r.err == "nibinspect: error: \(bad)/Home-view-V1.nib: byte 0x0: truncated: the NIBArchive header needs 50 bytes, "
                    + "30 available in header [document-not-read]\n")
        }
        // A real difference in the intact nib is still shown, paired by name.
        try tree.write("v1/Main.storyboardc/Home.nib", TinyNib.simple("HomeController"))
        let changed = run(["diff", good, bad])
        #expect(changed.out.contains("Home.nib") && !changed.out.contains("document"), "\(changed.out)")
    }

    @Test("why and lint print a source file they could not parse as a warning at its line and column")
    func sourceProblems() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let nib = try tree.write("App/Login.nib", TinyNib.simple("LoginView"))
        let source = try tree.write("App/Sources/Broken.m", text: "#if 1\n@interface A : NSObject\n@end\n")
        for command in [["why"], ["lint"], ["report"]] {
            let r = run(command + [nib, "--sources", tree.path("App/Sources")])
            #expect(r.err == "nibinspect: warning: \(source):1:1: #if without #endif [source-not-parsed]\n", "\(command): \(r.err)")
        }
    }
}
