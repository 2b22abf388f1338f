import TestSupport
import ArchiveReader
import Foundation
@testable import NibCompare
import NibModel
import Testing
@testable import NibInspectCore

/// Review-grade `textconv` and `diff` (issue 32): paths keyed by names the user gave, values on one
/// line, default values left out, an added object with its wiring, markdown for a PR comment.
@Suite struct ReviewDiffTests {
    static let samples = Corpus.packageRoot.appendingPathComponent("Samples").path

    static func run(_ args: [String]) -> (ExitCode, Console) {
        let console = Console.capturing(environment: [:])
        return (NibInspectCLI.run(args, console: console), console)
    }

    static func doc(_ objects: [NibObject], connections: [Connection] = [], top: [String]) -> NibDocument {
        NibDocument(name: "t.xib", platform: .iOS, format: .xib, objects: objects, topLevelObjects: top.map(ObjectID.init),
                    connections: connections)
    }

    /// A label's step is its class and the outlet that names it; its text is a property line, so
    /// editing the text changes that one line and nothing else.
    @Test func editingATextChangesOneLine() {
        func version(_ text: String) -> [String] {
            let d = Self.doc([
                NibObject(id: ObjectID("o"), className: "UIProxyObject", customClass: "VC",
                          placeholder: Placeholder(kind: .filesOwner, identifier: "IBFilesOwner")),
                NibObject(id: ObjectID("v"), className: "UIView", children: [ObjectID("l"), ObjectID("c")]),
                NibObject(id: ObjectID("l"), className: "UILabel", name: text, parent: ObjectID("v"),
                          properties: [Property("text", .string(text))]),
                NibObject(id: ObjectID("c"), className: "NSLayoutConstraint", parent: ObjectID("v"), properties: [
                    Property("constraint", .constraint(LayoutConstraint(firstItem: ObjectID("l"), firstAttribute: "leading",
                                                                        secondItem: ObjectID("v"), secondAttribute: "leading",
                                                                        constant: 20))),
                ]),
            ], connections: [
                Connection(kind: .outlet, source: ObjectID("o"), destination: ObjectID("l"), label: "titleLabel"),
                Connection(kind: .outlet, source: ObjectID("o"), destination: ObjectID("v"), label: "view"),
            ], top: ["v"])
            return CanonicalText.lines(of: d)
        }
        let a = version("Welcome"), b = version("Hello")
        #expect(a.contains("UIView › UILabel @titleLabel . text = \"Welcome\""), "\(a)")
        #expect(a.contains("UIView . constraint UILabel @titleLabel.leading = UIView.leading + 20"), "\(a)")
        #expect(Set(a).subtracting(b) == ["UIView › UILabel @titleLabel . text = \"Welcome\""])
        #expect(Set(b).subtracting(a) == ["UIView › UILabel @titleLabel . text = \"Hello\""])
    }

    /// Label first, then identifiers, then outlets (File's Owner first, framework outlets never),
    /// then the class alone; IB's generated names (`Menu Item (File)`) name nothing.
    @Test func stepNamesInOrder() {
        let owner = NibObject(id: ObjectID("o"), className: "NSObject", placeholder: Placeholder(kind: .filesOwner, identifier: "NSRoot"))
        let d = NibDocument(name: "t.xib", platform: .macOS, format: .xib, objects: [
            owner,
            NibObject(id: ObjectID("w"), className: "NSWindow", children: [ObjectID("a"), ObjectID("b"), ObjectID("c"), ObjectID("e"), ObjectID("f")],
                      label: "Preferences"),
            NibObject(id: ObjectID("a"), className: "NSButton", name: "OK", parent: ObjectID("w"), label: "Button (OK)"),
            NibObject(id: ObjectID("b"), className: "NSTableView", parent: ObjectID("w"), properties: [Property("identifier", .string("Files"))]),
            NibObject(id: ObjectID("c"), className: "NSButton", name: "Cancel", parent: ObjectID("w")),
            NibObject(id: ObjectID("e"), className: "NSTextField", parent: ObjectID("w"), label: "Say \"hi\"\u{2028}there"),
            NibObject(id: ObjectID("f"), className: "NSTextField", parent: ObjectID("w")),
        ], topLevelObjects: [ObjectID("w")], connections: [
            Connection(kind: .outlet, source: ObjectID("o"), destination: ObjectID("a"), label: "okButton"),
            Connection(kind: .outlet, source: ObjectID("b"), destination: ObjectID("c"), label: "cancelButton"),
            Connection(kind: .outlet, source: ObjectID("o"), destination: ObjectID("c"), label: "zCancel"),
            Connection(kind: .outlet, source: ObjectID("b"), destination: ObjectID("f"), label: "nextKeyView"),
        ])
        let paths = d.uniqueSemanticPaths()
        #expect(paths[ObjectID("w")] == #"NSWindow "Preferences""#)
        #expect(paths[ObjectID("a")] == #"NSWindow "Preferences" › NSButton @okButton"#)   // generated label skipped
        #expect(paths[ObjectID("b")] == #"NSWindow "Preferences" › NSTableView "Files""#)
        #expect(paths[ObjectID("c")] == #"NSWindow "Preferences" › NSButton @zCancel"#)     // File's Owner before others
        #expect(paths[ObjectID("e")] == #"NSWindow "Preferences" › NSTextField "Say \"hi\"\u{2028}there""#)
        #expect(paths[ObjectID("f")] == #"NSWindow "Preferences" › NSTextField"#)           // nextKeyView names nothing
        for generated in ["Menu Item (File)", "Separator-3", "Window", "Content View-2", "MenuItem(55)", "NSMenuItem7", "84", "Main Menu"] {
            #expect(StableNames.isGenerated(generated, NibObject(id: ObjectID("x"), className: generated.hasPrefix("Window") ? "NSWindow" : "NSMenuItem")),
                    "\(generated)")
        }
        #expect(!StableNames.isGenerated("Library Objects", NibObject(id: ObjectID("x"), className: "NSView")))
        #expect(!StableNames.isGenerated("Preferences", NibObject(id: ObjectID("x"), className: "NSWindow")))
    }

    /// Every value is one line: line and paragraph separators, controls and tabs are escaped.
    @Test func valuesAreEscapedOntoOneLine() {
        let d = Self.doc([
            NibObject(id: ObjectID("l"), className: "UILabel", properties: [
                Property("text", .string("a\u{2028}b\nc\td\u{1b}e\u{202e}f")),
                Property("accessibilityLabel", .localizedString(LocalizedString(text: "x\u{2029}y", key: "k"))),
            ]),
        ], top: ["l"])
        let lines = CanonicalText.lines(of: d)
        #expect(lines.contains(#"UILabel . text = "a\u{2028}b\nc\td\u{1b}e\u{202e}f""#), "\(lines)")
        #expect(lines.contains(#"UILabel . accessibilityLabel = "x\u{2029}y""#), "\(lines)")
        for line in lines { #expect(!Self.hasUnsafe(line), "\(line)") }
    }

    static func hasUnsafe(_ s: String) -> Bool {
        s.unicodeScalars.contains { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) || [0x2028, 0x2029, 0x202e].contains($0.value) }
    }

    /// `tag 0`, `enabled YES`, `state 0` of a menu item: left out of textconv and of diff when they
    /// appear or disappear, kept with --all-properties (and a non-default value always).
    @Test func defaultValuesAreLeftOut() {
        let old = Self.doc([
            NibObject(id: ObjectID("m"), className: "NSMenuItem", properties: [Property("tag", .int(0)), Property("title", .string("Open"))]),
        ], top: ["m"])
        let new = Self.doc([
            NibObject(id: ObjectID("m"), className: "NSMenuItem", properties: [
                Property("enabled", .bool(true)), Property("hidden", .bool(true)), Property("state", .int(0)), Property("title", .string("Open")),
            ]),
        ], top: ["m"])
        #expect(CanonicalText.lines(of: new) == ["NSMenuItem : NSMenuItem", "NSMenuItem . hidden = YES", #"NSMenuItem . title = "Open""#])
        #expect(CanonicalText.lines(of: new, allProperties: true) == [
            "NSMenuItem : NSMenuItem", "NSMenuItem . enabled = YES", "NSMenuItem . hidden = YES", "NSMenuItem . state = 0",
            #"NSMenuItem . title = "Open""#,
        ])
        #expect(NibDiff.compare(old, new).differences.map(\.path) == ["NSMenuItem . hidden"])
        #expect(NibDiff.compare(old, new, allProperties: true).differences.map(\.path)
                    == ["NSMenuItem . enabled", "NSMenuItem . hidden", "NSMenuItem . state", "NSMenuItem . tag"])
    }

    @Test func textconvAllPropertiesFlag() {
        let nib = Self.samples + "/LoginViewController.xib"
        let plain = Self.run(["textconv", nib]).1.output, all = Self.run(["textconv", "--all-properties", nib]).1.output
        #expect(!plain.contains(#"contentMode = "scaleToFill""#))
        // contentMode is style: on the object's line, with the others.
        #expect(all.contains(#"UIView › UIButton @signInButton : LoginDemo.PrimaryButton (UIButton) {buttonType = "system"; "#
                             + #"contentHorizontalAlignment = "center"; contentMode = "scaleToFill"; "#), "\(all)")
        // Lines of their own are the same; object lines only gain style.
        let own = { (text: String) in Set(text.split(separator: "\n").filter { !$0.contains(" : ") }) }
        #expect(own(plain).isSubset(of: own(all)) && !own(plain).isEmpty)
        let objects = { (text: String) in text.split(separator: "\n").filter { $0.contains(" : ") }.map { $0.split(separator: " {")[0] } }
        #expect(objects(plain) == objects(all))
    }
}

