import Foundation
import Testing
import TestSupport
@testable import ArchiveReader
@testable import NibInspectCore

/// Text from a hostile input through every subcommand and every format (issue 25): class names,
/// custom classes and modules, outlet names, selectors, key paths, user labels, titles, storyboard
/// and segue identifiers and file names holding line feeds, carriage returns, ESC sequences (SGR,
/// OSC 0, an OSC 8 hyperlink), NUL, BEL, DEL, C1 controls and the bidi controls and separators.
///
/// Every line of stdout and stderr is checked: no raw control or bidi character (line feeds end
/// lines; tabs only between tsv fields and inside XML text), and the number of lines is the one a
/// twin input gives, the same files with every such character replaced by `_`, so that no value
/// added a line. XML outputs may carry a line feed inside element text, as Xcode writes it, and
/// Graphviz draws a name of several lines as several SVG `<text>` elements: there the lines that
/// start with other markup are counted.
@Suite("Hostile text through every command")
struct HostileTextTests {
    /// XML attribute text: line feed, carriage return and tab as character references (a xib holds
    /// them so), then the characters XML holds raw (bidi controls, separators, NEL, DEL).
    static let attribute = "A&#10;B&#13;C&#9;D\u{202E}E\u{2028}F\u{85}G\u{200F}H\u{61C}I\u{2066}J\u{2029}K\u{7F}L"
    /// Text XML 1.0 cannot hold (ESC, NUL, BEL), in a `base64-UTF8` string: an OSC 8 hyperlink,
    /// SGR red, NUL, BEL, a line feed and a carriage return, an override and a line separator.
    static let text = "X\u{1B}]8;;http://e.x\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{1B}[31mred\u{0}nul\u{7}bel\nline2\r\u{202E}rlo\u{2028}ls"
    static let directoryName = "dir\u{1B}]0;title\u{7}\u{202E}\n\r\u{85}"
    static let fileName = "N\u{1B}[31m\n\u{202E}\u{1}\u{2028}.xib"

    /// True for the characters no output line may hold raw (the test's own list, not the
    /// escaper's): C0, DEL, C1, ALM, LRM, RLM, LRE–RLO, LRI–PDI, U+2028, U+2029.
    static func isControlOrBidi(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0...0x1F, 0x7F...0x9F, 0x61C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `s` with every control or bidi character replaced by `_`, and the character references of
    /// ``attribute`` by `_` too: the twin's text, of the same shape.
    static func tamed(_ s: String) -> String {
        let refs = s.replacingOccurrences(of: "&#10;", with: "_").replacingOccurrences(of: "&#13;", with: "_")
            .replacingOccurrences(of: "&#9;", with: "_")
        return String(String.UnicodeScalarView(refs.unicodeScalars.map { isControlOrBidi($0) ? "_" : $0 }))
    }

    /// The inputs, hostile or tamed, in a temporary tree.
    struct Fixture {
        let tree: TempTree
        var xib: String, xib2: String, storyboard: String, nib: String, directory: String, inDirectory: String
        var sources: String, translation: String, query: String

        init(hostile: Bool) throws {
            tree = try TempTree()
            let t: (String) -> String = { hostile ? $0 : HostileTextTests.tamed($0) }
            let a = t(HostileTextTests.attribute), text = t(HostileTextTests.text)
            let xibText = HostileTextTests.xib(attribute: a, text: text)
            xib = try tree.write("Evil.xib", text: xibText)
            xib2 = try tree.write("Evil2.xib", text: xibText.replacingOccurrences(of: "title=\"Btn", with: "title=\"Bxn")
                .replacingOccurrences(of: "selector=\"tap", with: "selector=\"tip"))
            storyboard = try tree.write("Evil.storyboard", text: HostileTextTests.storyboard(attribute: a))
            // The twin's characters are U+FFFF: as the hostile ones, XML cannot hold them, so that
            // `xib` writes both texts in the same form (base64).
            let nibText = String(String.UnicodeScalarView(TerminalSafetyTests.evilText.unicodeScalars.map {
                hostile || !HostileTextTests.isControlOrBidi($0) ? $0 : "\u{FFFF}"
            }))
            nib = try tree.write("Evil.nib", try TerminalSafetyTests.hostileNib(nibText))
            directory = try tree.mkdir(t(HostileTextTests.directoryName))
            inDirectory = try tree.write(t(HostileTextTests.directoryName) + "/" + t(HostileTextTests.fileName), text: xibText)
            try tree.write(t(HostileTextTests.directoryName) + "/Plain.xib", text: xibText)
            sources = try tree.mkdir("src")
            try tree.write("src/Owner.swift", text: "import UIKit\nclass Owner: UIViewController {\n    @IBOutlet var other: UILabel!\n    @IBAction func go(_ sender: Any) {}\n}\n")
            // Keys the input does not have (echoed as unused): escapes, raw ESC and BEL, a raw override.
            translation = try tree.write("fr.strings", text: ["\"k\\U001B[31m\\n\\U202E\" = \"v\";", "\"r\u{1B}]0;x\u{7}\u{202E}\" = \"w\";"]
                .map(t).joined(separator: "\n") + "\n")
            query = t("Lbl\u{1B}[31m\u{202E}")
        }
    }

    static func xib(attribute a: String, text: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="Owner\(a)" customClass="Owner\(a)" customModule="Mod\(a)">
                    <connections>
                        <outlet property="out\(a)" destination="kTg-3h-Qad" id="c3A-9d-Emf"/>
                        <outlet property="view" destination="i5M-Pr-FkT" id="sfx-zR-JGt"/>
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="i5M-Pr-FkT" customClass="View\(a)" userLabel="Label\(a)" restorationIdentifier="rid\(a)">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <subviews>
                        <label opaque="NO" id="kTg-3h-Qad" customClass="Lbl\(a)">
                            <rect key="frame" x="24" y="120" width="327" height="34"/>
                            <string key="text" base64-UTF8="YES">\(Data(text.utf8).base64EncodedString())</string>
                            <userDefinedRuntimeAttributes>
                                <userDefinedRuntimeAttribute type="string" keyPath="key\(a)" value="v\(a)"/>
                            </userDefinedRuntimeAttributes>
                            <accessibility key="accessibilityConfiguration" identifier="ax\(a)" label="axl\(a)"/>
                        </label>
                        <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="bH5-Ue-yLo">
                            <rect key="frame" x="24" y="323" width="327" height="44"/>
                            <state key="normal" title="Btn\(a)"/>
                            <connections>
                                <action selector="tap\(a):" destination="-1" eventType="touchUpInside" id="Ac1-Si-gnN"/>
                                <action selector="nil\(a):" destination="-2" eventType="touchUpInside" id="Ac2-Si-gnN"/>
                            </connections>
                        </button>
                    </subviews>
                </view>
            </objects>
        </document>

        """
    }

    static func storyboard(attribute a: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="vc1-aa-bbb">
            <scenes>
                <scene sceneID="sc1-aa-bbb">
                    <objects>
                        <viewController storyboardIdentifier="sid\(a)" id="vc1-aa-bbb" customClass="First\(a)" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v11-aa-bbb">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="b11-aa-bbb">
                                        <rect key="frame" x="24" y="323" width="327" height="44"/>
                                        <state key="normal" title="Go\(a)"/>
                                        <connections>
                                            <segue destination="vc2-aa-bbb" kind="show" identifier="seg\(a)" id="sg1-aa-bbb"/>
                                        </connections>
                                    </button>
                                </subviews>
                            </view>
                            <navigationItem key="navigationItem" title="Nav\(a)" id="ni1-aa-bbb"/>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1-aa-bbb" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="sc2-aa-bbb">
                    <objects>
                        <viewController id="vc2-aa-bbb" customClass="Second\(a)" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v21-aa-bbb">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr2-aa-bbb" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>

        """
    }

    /// How a command's stdout is checked.
    enum Shape {
        /// Every line clean; with `colour`, ANSI SGR sequences (`ESC [ … m`) are the tool's own.
        case text(colour: Bool = false)
        /// Tab-separated fields.
        case tsv
        /// XML, SVG and HTML: line feeds and tabs may sit inside element text, and Graphviz draws a
        /// name of several lines as several `<text>` elements (DOT label line breaks).
        case xml
    }

    struct Run {
        var label: String
        var args: [String]
        var shape: Shape = .text()
        /// A reporter of another slice (LintReporters.swift) that does not escape yet.
        var knownIssue: String?
    }

    /// Every subcommand with every text format, over the xib, the storyboard, the compiled nib and
    /// the directory with hostile names.
    static func runs(_ f: Fixture) -> [Run] {
        var runs: [Run] = []
        for (name, input) in [("xib", f.xib), ("storyboard", f.storyboard), ("nib", f.nib), ("directory", f.directory)] {
            func add(_ label: String, _ args: [String], _ shape: Shape = .text(), knownIssue: String? = nil) {
                runs.append(Run(label: "\(label) \(name)", args: args, shape: shape, knownIssue: knownIssue))
            }
            add("tree", ["tree", input])
            add("tree --properties --incoming --constraints", ["tree", "--properties", "--incoming", "--constraints", input])
            add("tree --color always", ["tree", "--color", "always", "--properties", input], .text(colour: true))
            add("json", ["json", input])
            add("connections", ["connections", input])
            add("connections --color always", ["connections", "--color", "always", input], .text(colour: true))
            add("connections tsv", ["connections", "--format", "tsv", input], .tsv)
            add("connections json", ["connections", "--format", "json", input])
            add("graph dot", ["graph", input])
            add("graph dot --hierarchy", ["graph", "--hierarchy", "--responder-chain", "--kinds", "all", input])
            add("graph dot --focus", ["graph", "--focus", f.query, input])
            add("graph svg", ["graph", "-f", "svg", input], .xml)
            add("graph mermaid --hierarchy", ["graph", "-f", "mermaid", "--hierarchy", "--kinds", "all", input])
            add("why", ["why", "--sources", f.sources, input])
            add("why json", ["why", "--format", "json", "--sources", f.sources, input])
            add("why --class", ["why", "--class", f.query, "--sources", f.sources, input])
            add("lint text", ["lint", "--sources", f.sources, input])
            add("lint xcode", ["lint", "--format", "xcode", "--sources", f.sources, input])
            add("lint json", ["lint", "--format", "json", "--sources", f.sources, input])
            add("lint sarif", ["lint", "--format", "sarif", "--sources", f.sources, input])
            add("lint github", ["lint", "--format", "github", "--sources", f.sources, input])
            add("lifecycle", ["lifecycle", input])
            add("lifecycle --color always", ["lifecycle", "--color", "always", input], .text(colour: true))
            add("lifecycle json", ["lifecycle", "--format", "json", input])
            add("textconv", ["textconv", input])
            add("strings", ["strings", input])
            add("strings xliff", ["strings", "--format", "xliff", input], .xml)
            add("strings xcstrings", ["strings", "--format", "xcstrings", input])
            add("strings json", ["strings", "--format", "json", input])
            add("strings --compare", ["strings", "--compare", f.translation, input])
            add("strings --compare json", ["strings", "--compare", f.translation, "--format", "json", input])
            add("scan", ["scan", input])
            add("scan json", ["scan", "--format", "json", input])
            add("report", ["report", input], .xml)
        }
        func add(_ label: String, _ args: [String], _ shape: Shape = .text()) { runs.append(Run(label: label, args: args, shape: shape)) }
        add("tree --raw", ["tree", "--raw", f.nib])
        add("json --raw", ["json", "--raw", f.nib])
        add("xib", ["xib", f.nib], .xml)
        add("compare", ["compare", f.xib, f.xib2])
        add("compare --color always", ["compare", "--color", "always", f.xib, f.xib2], .text(colour: true))
        add("compare json", ["compare", "--format", "json", f.xib, f.xib2])
        add("compare with a nib", ["compare", f.xib, f.nib])
        add("diff", ["diff", f.xib, f.xib2])
        add("diff json", ["diff", "--format", "json", f.xib, f.xib2])
        add("diff xib and nib", ["diff", f.xib, f.nib])
        add("diff directories", ["diff", f.directory, f.tree.root])
        add("diff storyboards", ["diff", f.storyboard, f.xib])
        add("scan tree", ["scan", f.tree.root])
        add("report tree", ["report", "--sources", f.sources, f.tree.root], .xml)
        add("lint tree", ["lint", "--sources", f.sources, f.tree.root])
        return runs
    }

    static func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output, console.errors)
    }

    /// The first control or bidi character of `text` that `shape` does not allow, with context.
    static func firstProblem(_ text: String, _ shape: Shape) -> String? {
        var text = text
        if case .text(colour: true) = shape {
            text = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        }
        let scalars = Array(text.unicodeScalars)
        for (i, s) in scalars.enumerated() where isControlOrBidi(s) && s != "\n" {
            if s == "\t", case .tsv = shape { continue }
            if s == "\t", case .xml = shape { continue }
            let context = String(String.UnicodeScalarView(scalars[max(0, i - 40)..<min(scalars.count, i + 10)]))
            return "U+\(String(s.value, radix: 16, uppercase: true)) in \(context.debugDescription)"
        }
        return nil
    }

    /// The lines a shape counts: all of them, or for XML those that start with markup (a line of
    /// element text starts with text: its `<` are `&lt;`) other than an SVG `<text>` element.
    static func lineCount(_ text: String, _ shape: Shape) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if case .xml = shape {
            return lines.map { $0.drop { $0 == " " || $0 == "\t" } }.filter { $0.hasPrefix("<") && !$0.hasPrefix("<text") }.count
        }
        return lines.count
    }

    @Test("every command and format: no raw control or bidi character, no added line")
    func everyCommand() throws {
        let hostile = try Fixture(hostile: true), twin = try Fixture(hostile: false)
        defer { hostile.tree.remove(); twin.tree.remove() }
        let hostileRuns = Self.runs(hostile), twinRuns = Self.runs(twin)
        var escapedForms = 0
        for (h, t) in zip(hostileRuns, twinRuns) {
            let r = Self.run(h.args), w = Self.run(t.args)
            let check = {
                #expect(r.code == w.code, "\(h.label): exit \(r.code) vs \(w.code) for the twin; stderr: \(r.err.debugDescription)")
                for (stream, text, twinText, shape) in [("stdout", r.out, w.out, h.shape), ("stderr", r.err, w.err, Shape.text())] {
                    if let problem = Self.firstProblem(text, shape) { Issue.record("\(h.label) \(stream): \(problem)") }
                    #expect(Self.lineCount(text, shape) == Self.lineCount(twinText, shape),
                            "\(h.label) \(stream): \(Self.lineCount(text, shape)) lines, the twin \(Self.lineCount(twinText, shape)):\n\(text)")
                }
            }
            if let reason = h.knownIssue { withKnownIssue(Comment(rawValue: reason)) { check() } } else { check() }
            if ["\\u{202e}", "\\U202E", "\\u202e", "&#x202E;"].contains(where: { r.out.contains($0) || r.err.contains($0) }) { escapedForms += 1 }
        }
        // The values reached the outputs (escaped), so the checks above had something to check.
        #expect(escapedForms > hostileRuns.count / 2, "\(escapedForms) of \(hostileRuns.count) runs show an escaped override")
    }

    @Test("textconv and diff keep one fact per line: escaped class, outlet, selector, key path, label, file name")
    func textconvAndDiffLines() throws {
        let f = try Fixture(hostile: true)
        defer { f.tree.remove() }
        let textconv = Self.run(["textconv", f.xib]).out
        let escaped = "A\\nB\\rC\\tD\\u{202e}E\\u{2028}F\\u{85}G\\u{200f}H\\u{61c}I\\u{2066}J\\u{2029}K\\u{7f}L"
        #expect(textconv.contains("outlet out\(escaped) → "), "\(textconv)")
        #expect(textconv.contains("action tap\(escaped): → "), "\(textconv)")
        #expect(textconv.contains("runtime attribute key\(escaped) = \"v\(escaped)\""), "\(textconv)")
        #expect(textconv.contains("\"X\\u{1b}]8;;http://e.x\\u{1b}\\\\link\\u{1b}]8;;\\u{1b}\\\\\\u{1b}[31mred\\u{0}nul\\u{7}bel\\nline2\\r\\u{202e}rlo\\u{2028}ls\""),
                "\(textconv)")
        let directory = Self.run(["textconv", f.directory]).out
        #expect(directory.hasPrefix("== N\\u{1b}[31m\\n\\u{202e}\\u{1}\\u{2028}.xib ==\n"), "\(directory.prefix(200))")
        let diff = Self.run(["diff", f.xib, f.xib2]).out
        #expect(diff.contains("tap\(escaped):") && diff.split(separator: "\n").allSatisfy { !$0.contains("\r") }, "\(diff)")
        let compare = Self.run(["strings", "--compare", f.translation, f.xib]).out
        #expect(compare.contains("unused  \"k\\U001B[31m\\n\\U202E\"") && compare.contains("unused  \"r\\U001B]0;x\\U0007\\U202E\""), "\(compare)")
    }
}
