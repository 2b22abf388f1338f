import TestSupport
import ArchiveReader
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import NibInspectCore
import NibCompare
import NibWriters

/// `nibinspect xib`: xib and storyboard sources rebuilt from compiled nibs, read back and compared.
@Suite struct XIBCommandTests {
    static let samples = Corpus.packageRoot.appendingPathComponent("Samples")

    static func run(_ args: [String]) -> (ExitCode, Console) {
        let console = Console.capturing(stdin: nil, environment: [:])
        return (NibInspectCLI.run(args, console: console), console)
    }

    /// Parses `text` with FoundationXML's XMLDocument (well-formedness) and reads it back with
    /// the project's reader, which must notice nothing.
    static func readBack(_ text: String, name: String) throws -> NibInput {
        _ = try XMLDocument(data: Data(text.utf8), options: [])
        let input = try SourceReader.read(bytes: Array(text.utf8), name: name)
        let diagnostics = input.diagnostics + input.documents.flatMap(\.diagnostics)
        #expect(diagnostics.isEmpty, "\(name): \(diagnostics.map(\.message))")
        return input
    }

    /// Goldens: an iOS view nib, AppKit nibs (keyed archive, typedstream: best effort) and an iOS
    /// storyboard, each read back; the nibs compare equal to what they were rebuilt from.
    @Test(arguments: ["ios-login", "mac-keyed", "mac-typedstream", "ios-storyboard"])
    func goldens(_ name: String) throws {
        let input = FixtureInputs.input(name)
        let text = try XIBWriter.source(for: input)
        let ext = name.hasSuffix("storyboard") ? "storyboard" : "xib"
        goldenFiles.check(text, "xib-\(name).\(ext)")
        let back = try Self.readBack(text, name: "\(name).\(ext)")
        if ext == "xib" {
            // The fixtures hold what a xib cannot say on purpose (an unknown control-event bit,
            // an outlet without a source, one without a destination): compare reports exactly
            // those, and the xib keeps each in a comment.
            let report = NibComparer.compare(source: back, compiled: input)
            let expected: [String] = name == "ios-login"
                ? ["connectionDetailsDiffer copy:", "connectionOnlyInCompiled staleOutlet"] : ["connectionOnlyInCompiled oldOutlet"]
            #expect(report.differences.map { "\($0.kind.rawValue) \($0.label ?? "")" }.sorted() == expected, "\(report.differences.map(\.message))")
            let comments = name == "ios-login" ? ["control events touchUpInside|0x800000 of copy:", "outlet staleOutlet"] : ["outlet oldOutlet"]
            for c in comments { #expect(text.contains(c), "\(c)") }
        } else {
            #expect(back.storyboard?.entryPoint == "HomeVC")
            #expect(back.storyboard?.controllers.map(\.effectiveClass) == ["HomeViewController"])
            // The fixture's segue leads to a scene whose nib is missing: kept in a comment.
            #expect(text.contains("segue show \"showDetail\" → DetailVC (destination not in this storyboard)"))
            #expect(text.contains("<view key=\"view\""))
            #expect(text.contains("<navigationItem key=\"navigationItem\" title=\"Home\""))
        }
        if name == "mac-typedstream" { #expect(text.contains("Legacy typedstream nib: best effort")) }
    }

    /// The macOS sample's main menu: menus, items, submenus, key equivalents and actions.
    @Test func macMenuSample() throws {
        let path = Self.samples.appendingPathComponent("MainMenu.nib").path
        let (code, c) = Self.run(["xib", path])
        #expect(code == .success, "\(c.errors)")
        goldenFiles.check(c.output, "xib-MainMenu.xib")
        #expect(c.output.contains("<menuItem keyEquivalent=\"q\" title=\"Quit MenuDemo\""))
        #expect(c.output.contains("<menu key=\"submenu\""))
        let back = try Self.readBack(c.output, name: "MainMenu.xib")
        let compiled = try NibOpener().open(.path(path)).input
        let report = NibComparer.compare(source: back, compiled: compiled)
        #expect(report.agrees, "\(report.differences.map(\.message))")
    }

    /// `xib -o` then `compare` on the iOS sample: the two agree; the output is the same every time.
    @Test func loginRoundTripThroughTheCLI() throws {
        let dir = try TempTree()
        let out = dir.path("Login.xib")
        let nib = Self.samples.appendingPathComponent("LoginViewController.nib").path
        let (code, c) = Self.run(["xib", "-o", out, nib])
        #expect(code == .success, "\(c.errors)")
        #expect(c.output.isEmpty)
        let (code2, c2) = Self.run(["compare", out, nib])
        #expect(code2 == .success, "\(c2.output)")
        #expect(c2.output.contains(": agree"))
        let first = try String(contentsOfFile: out, encoding: .utf8)
        _ = Self.run(["xib", "-o", out, nib])
        #expect(try String(contentsOfFile: out, encoding: .utf8) == first)
        // Ids in Interface Builder's shape; the ones localizable strings kept are reused.
        let ids = first.matches(of: /id="([^"]+)"/).map { String($0.1) }.filter { !$0.hasPrefix("-") }
        #expect(!ids.isEmpty)
        #expect(ids.allSatisfy { $0.wholeMatch(of: /[A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3}/) != nil }, "\(ids)")
        #expect(Set(ids).count == ids.count)
        #expect(first.contains("<action selector=\"signIn:\" destination=\"-1\" eventType=\"touchUpInside\""))
        #expect(first.contains("customClass=\"PrimaryButton\" customModule=\"LoginDemo\""))
    }

    /// A source is refused with one line naming the file (exit 65); a missing file is 66.
    @Test func refusesSources() {
        let xib = Self.samples.appendingPathComponent("LoginViewController.xib").path
        let (code, c) = Self.run(["xib", xib])
        #expect(code == .dataError)
        #expect(c.errors.split(separator: "\n").count == 1)
        #expect(c.errors.contains("LoginViewController.xib") && c.errors.contains("source already"), "\(c.errors)")
        let (code2, _) = Self.run(["xib", "/nonexistent/x.nib"])
        #expect(code2 == .noInput)
        let (code3, _) = Self.run(["xib", "-o", xib, xib])
        #expect(code3 == .usage)
        // A storyboard source too (it used to be rewritten as if it were compiled).
        let storyboard = Corpus.packageRoot.appendingPathComponent("Tests/NibDiagnosisTests/Fixtures/WhyApp/Resources/Main.storyboard").path
        let (code4, c4) = Self.run(["xib", storyboard])
        #expect(code4 == .dataError)
        #expect(c4.output.isEmpty && c4.errors.contains("Main.storyboard") && c4.errors.contains("source already"), "\(c4.errors)")
    }

    /// Text XML cannot hold, markup characters and `--` in comments: the output stays well-formed
    /// and reads back with the same text.
    @Test func escaping() throws {
        let title = "A <b> & \"q\" -- \u{1}\u{7} end-"
        var doc = NibDocument(name: "Odd.nib", platform: .iOS, format: .nibArchive)
        doc.objects = [
            NibObject(id: ObjectID("#1"), className: "UIProxyObject", placeholder: Placeholder(kind: .filesOwner, identifier: "IBFilesOwner")),
            NibObject(id: ObjectID("#2"), className: "UILabel", properties: [Property("text", .string(title)), Property("weird", .formatted("a -- b"))]),
            NibObject(id: ObjectID("#3"), className: "_UIPrivateThing"),
        ]
        doc.topLevelObjects = [ObjectID("#2"), ObjectID("#3")]
        doc.connections = [Connection(kind: .outlet, source: ObjectID("#1"), destination: ObjectID("#3"), label: "hidden"),
                           Connection(kind: .other, source: ObjectID("#2"), destination: nil, label: "x--y")]
        let text = XIBWriter.xib(doc)
        let back = try SourceReader.read(bytes: Array(text.utf8), name: "Odd.xib")
        _ = try XMLDocument(data: Data(text.utf8), options: [])
        let label = back.documents[0].objects.first { $0.className == "UILabel" }
        #expect(label?.property("text")?.text == title)
        // Nothing dropped silently: the private object, the value of no xib form and both
        // connections are in comments.
        #expect(text.contains("_UIPrivateThing has no xib element"))
        #expect(text.contains("weird = a - - b"))
        #expect(text.contains("outlet hidden → #3"))
        #expect(text.contains("other x- -y"))
    }
}

/// What a rebuilt xib says the way Xcode says it, on ibtool-compiled samples of the corpus.
@Suite("xib: Xcode's forms", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct XIBFormTests {
    static let correct = Corpus.root?.appendingPathComponent("viraptor__ibtool/samples/correct")

    static func rebuilt(_ nib: String) throws -> String {
        let (code, c) = XIBCommandTests.run(["xib", try #require(correct).appendingPathComponent(nib).path])
        #expect(code == .success, "\(c.errors)")
        return c.output
    }

    @Test func toolTipIsAnAttribute() throws {
        let text = try Self.rebuilt("tooltip_attr.nib")
        #expect(text.contains(#"<button toolTip="Tooltip via attribute""#), "\(text)")
        #expect(!text.contains("NSToolTipHelpKey"))
    }

    @Test func autoLayoutViewsSayNotTranslatingAndKeepNoMask() throws {
        let text = try Self.rebuilt("StatusBar.nib")
        #expect(text.components(separatedBy: #"translatesAutoresizingMaskIntoConstraints="NO""#).count - 1 == 5)
        #expect(!text.contains(#"enabled="YES""#), "the default is not written")
        let masks = try Self.rebuilt("blocklist_big.nib")
        #expect(masks.contains(#"<autoresizingMask key="autoresizingMask" flexibleMinY="YES" widthSizable="YES"/>"#), "\(masks)")
    }

    /// A table's scrollers whose frames both look horizontal, and every rebuilt nib of the
    /// corpus: no element gets two children with one key.
    @Test func noElementHasAKeyTwice() throws {
        for nib in ["sv_hs_visible.nib", "test_6col.nib", "transmission_MainMenu.nib", "test_box_titled.nib"] {
            let doc = try XMLDocument(data: Data(try Self.rebuilt(nib).utf8), options: [])
            var stack = [try #require(doc.rootElement())]
            while let e = stack.popLast() {
                let keys = (e.children ?? []).compactMap { ($0 as? XMLElement)?.attribute(forName: "key")?.stringValue }
                #expect(Set(keys).count == keys.count, "\(nib): <\(e.name ?? "")> keys \(keys)")
                stack += (e.children ?? []).compactMap { $0 as? XMLElement }
            }
        }
    }

    @Test func emptyOutputNameIsAUsageError() {
        let (code, c) = XIBCommandTests.run(["xib", "-o", "", XIBCommandTests.samples.appendingPathComponent("MainMenu.nib").path])
        #expect(code == .usage && c.errors.contains("empty string"), "\(c.errors)")
        let xib = XIBCommandTests.samples.appendingPathComponent("MainMenu.xib").path
        let (code2, c2) = XIBCommandTests.run(["diff", "--only", "objects", "--ignore", "objects", xib, xib])
        #expect(code2 == .usage && c2.errors.contains("both name 'objects'"), "\(c2.errors)")
    }
}
