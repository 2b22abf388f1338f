import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore

/// `diff` with an added object's wiring (text and JSON), `--format markdown`, and `textconv` of
/// the two encodings of one nib bundle (issue 32).
@Suite struct ReviewDiffCLITests {
    static let samples = Corpus.packageRoot.appendingPathComponent("Samples").path
    static let v0 = samples + "/LoginViewController-v0.xib", login = samples + "/LoginViewController.xib"

    static func run(_ args: [String]) -> (ExitCode, Console) {
        let console = Console.capturing(environment: [:])
        return (NibInspectCLI.run(args, console: console), console)
    }

    /// The button added with its outlet and action: one object line, its wiring indented under it,
    /// the File's Owner outlet not repeated on a line of its own.
    @Test func addedObjectListsItsWiring() {
        let (code, c) = Self.run(["diff", Self.v0, Self.login])
        #expect(code == .findings)
        #expect(c.output == """
            added object UIView › UIButton @signInButton: LoginDemo.PrimaryButton (UIButton)  (line - → 48)
                added connection File's Owner (LoginViewController) outlet signInButton: UIView › UIButton @signInButton  (line - → 14)
                added connection UIView › UIButton @signInButton action signIn:: File's Owner (LoginViewController) [touchUpInside]  (line - → 52)

            """)
        // The other way round: removed, with what goes with it.
        let back = Self.run(["diff", Self.login, Self.v0]).1.output
        #expect(back.hasPrefix("removed object UIView › UIButton @signInButton: LoginDemo.PrimaryButton (UIButton)  (line 48 → -)\n"
                               + "    removed connection File's Owner (LoginViewController) outlet signInButton"), "\(back)")
        // --only connections: the object is filtered out, so the outlet keeps its own line.
        let only = Self.run(["diff", "--only", "connections", Self.v0, Self.login]).1.output
        #expect(only == "added connection File's Owner (LoginViewController) outlet signInButton: UIView › UIButton @signInButton  (line - → 14)\n")
    }

    @Test func addedObjectWiringInJSON() throws {
        let (_, c) = Self.run(["diff", "--format", "json", Self.v0, Self.login])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(c.output.utf8)) as? [String: Any])
        let differences = try #require(json["differences"] as? [[String: Any]])
        #expect(differences.count == 1)
        let children = try #require(differences.first?["children"] as? [[String: Any]])
        #expect(children.map { $0["path"] as? String } == [
            "File's Owner (LoginViewController) outlet signInButton",
            "UIView › UIButton @signInButton action signIn:",
        ])
        #expect(children.map { $0["change"] as? String } == ["added", "added"])
        #expect(children.last?["right"] as? String == "File's Owner (LoginViewController) [touchUpInside]")
        #expect(children.last?["rightLine"] as? Int == 52)
        #expect((json["summary"] as? [String: Int])?["added"] == 1)
    }

    @Test func markdownGroupsByObject() {
        let (code, c) = Self.run(["diff", "--format", "markdown", Self.login, Self.samples + "/LoginViewController-v2.xib"])
        #expect(code == .findings)
        #expect(c.output == """
            **nibinspect diff**: 5 differences (3 changed, 1 moved, 1 retargeted) in `\(Self.samples)/LoginViewController-v2.xib`

            ### `\(Self.samples)/LoginViewController-v2.xib`

            **`File's Owner (LoginViewController)`**
            - retargeted connection `outlet titleLabel`: `UIView › UILabel @titleLabel ("Welcome")` → `UIView › UILabel @titleLabel ("Sign in to continue")` (line 15 → 15)

            **`UIView › UILabel @titleLabel`**
            - moved object: `child 2` → `child 1` (line 32 → 26)

            **`UIView › UIButton @signInButton`**
            - changed property `normal`: `state(title=Sign In)` → `state(title=Log In)` (line 48 → 48)
            - changed property `title`: `"Sign In"` → `"Log In"` (line 48 → 48)
            - changed events `action signIn: → File's Owner (LoginViewController)`: `touchUpInside` → `touchDown` (line 52 → 52)

            """)
        let added = Self.run(["diff", "--format", "markdown", Self.v0, Self.login]).1.output
        #expect(added.contains("""
            - added object: `LoginDemo.PrimaryButton (UIButton)` (line - → 48)
              - added connection `File's Owner (LoginViewController) outlet signInButton`: `UIView › UIButton @signInButton` (line - → 14)
            """), "\(added)")
        let same = Self.run(["diff", "--format", "markdown", Self.login, Self.login]).1.output
        #expect(same == "**nibinspect diff**: no differences between `\(Self.login)` and `\(Self.login)`\n")
    }

    /// Input text never becomes Markdown: backticks lengthen the fence, line breaks are escapes.
    @Test func markdownEscapesInputText() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let text = try String(contentsOfFile: Self.login, encoding: .utf8)
        let old = try tree.write("old.xib", text: text)
        let new = try tree.write("new.xib", text: text.replacingOccurrences(
            of: #"title="Sign In""#, with: #"title="**x** `y` &lt;b&gt; @team&#10;[l](u)""#))
        let out = Self.run(["diff", "--format", "markdown", old, new]).1.output
        #expect(out.contains(#"- changed property `title`: `"Sign In"` → ``"**x** `y` <b> @team\n[l](u)"`` (line 48 → 48)"#), "\(out)")
    }

    /// The keyed archive and the NIBArchive of one nib bundle give the same textconv; where a
    /// bundle's builds differ, only geometry differs (ibtool recomputes table column widths and
    /// window sizes per deployment target).
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage)) func twoEncodingsGiveTheSameText() throws {
        let root = try #require(Corpus.root)
        let sample = Self.samples + "/MainMenu.nib"
        #expect(Self.run(["textconv", sample + "/keyedobjects.nib"]).1.output == Self.run(["textconv", sample + "/keyedobjects-101300.nib"]).1.output)
        let geometry: Set<String> = ["frame", "frameSize", "contentRect", "width", "maxWidth"]
        var identical = 0, pairs = 0
        let walker = FileManager.default.enumerator(atPath: root.path)
        var bundles: [String] = []
        while let p = walker?.nextObject() as? String {
            if p.hasSuffix(".nib/keyedobjects-101300.nib") { bundles.append(root.path + "/" + String(p.dropLast("/keyedobjects-101300.nib".count))) }
        }
        for bundle in bundles.sorted() {
            let files = try FileManager.default.contentsOfDirectory(atPath: bundle).filter { $0.hasPrefix("keyedobjects") }.sorted()
            let texts = files.map { Self.run(["textconv", bundle + "/" + $0]).1.output }
            for i in texts.indices { for j in texts.indices where i < j {
                pairs += 1
                let a = Set(texts[i].split(separator: "\n")), b = Set(texts[j].split(separator: "\n"))
                if a == b { identical += 1; continue }
                for line in a.symmetricDifference(b) {
                    let key = line.components(separatedBy: " . ").last?.components(separatedBy: " = ").first ?? ""
                    #expect(geometry.contains(key), "\(bundle) \(files[i]) / \(files[j]): \(line)")
                }
            } }
        }
        #expect(pairs >= 25)
        #expect(identical >= 12, "\(identical) of \(pairs)")
    }
}
