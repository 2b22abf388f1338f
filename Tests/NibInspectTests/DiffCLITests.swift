import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore

/// `nibinspect diff` on pairs made from the Login sample.
@Suite struct DiffCLITests {
    static let sample = Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.xib").path

    static func run(_ args: [String]) -> (ExitCode, Console) {
        let console = Console.capturing(environment: [:])
        return (NibInspectCLI.run(args, console: console), console)
    }

    static func pair(_ edit: (String) -> String) throws -> (TempTree, String, String) {
        let tree = try TempTree()
        let text = try String(contentsOfFile: sample, encoding: .utf8)
        let old = try tree.write("old.xib", text: text)
        let new = try tree.write("new.xib", text: edit(text))
        return (tree, old, new)
    }

    @Test func equalInputsExitZero() throws {
        let (tree, old, _) = try Self.pair { $0 }
        defer { tree.remove() }
        let (code, c) = Self.run(["diff", old, old])
        #expect(code == .success)
        #expect(c.output == "no differences\n")
    }

    @Test func reportsPropertyConnectionAndObjectChanges() throws {
        let (tree, old, new) = try Self.pair {
            $0.replacingOccurrences(of: #"title="Sign In""#, with: #"title="Log In""#)
                .replacingOccurrences(of: #"property="titleLabel" destination="kTg-3h-Qad""#, with: #"property="titleLabel" destination="Zp4-Nn-8Xy""#)
                .replacingOccurrences(of: #"<rect key="frame" x="24" y="120" width="327" height="34"/>"#,
                                      with: #"<rect key="frame" x="24" y="120" width="300" height="34"/>"#)
                .replacingOccurrences(of: #"<point key="canvasLocation" x="140" y="-20"/>"#, with: #"<point key="canvasLocation" x="10" y="10"/>"#)
                .replacingOccurrences(of: #"<button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="fG7-pW-3kq">"#,
                                      with: #"<switch opaque="NO" contentMode="scaleToFill" id="New-Sw-001"><rect key="frame" x="0" y="0" width="51" height="31"/></switch><button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="fG7-pW-3kq">"#)
        }
        defer { tree.remove() }
        let (code, c) = Self.run(["diff", old, new])
        #expect(code == .findings)
        let lines = c.output.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"retargeted connection File's Owner (LoginViewController) outlet titleLabel: UIView › UILabel "Welcome" → UIView › UILabel "Sign in to continue"  (line 15 → 15)"#), "\(c.output)")
        #expect(lines.contains { $0.hasPrefix(#"changed property UIView › PrimaryButton "Log In" . title: "Sign In" → "Log In""#) }, "\(c.output)")
        #expect(lines.contains { $0.hasPrefix(#"changed property UIView › UILabel "Welcome" . frame: {{24, 120}, {327, 34}} → {{24, 120}, {300, 34}}"#) }, "\(c.output)")
        #expect(lines.contains { $0.hasPrefix("added object UIView › UISwitch: UISwitch") }, "\(c.output)")
        #expect(!c.output.contains("canvasLocation"))

        let (jcode, j) = Self.run(["diff", "--format", "json", old, new])
        #expect(jcode == .findings)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(j.output.utf8)) as? [String: Any])
        let diffs = try #require(json["differences"] as? [[String: Any]])
        #expect(diffs.count == lines.count)
        #expect(diffs.contains { $0["change"] as? String == "retargeted" && $0["kind"] as? String == "connection" && $0["leftLine"] as? Int == 15 })
        let summary = try #require(json["summary"] as? [String: Int])
        #expect(summary["differences"] == diffs.count)
        #expect(summary["retargeted"] == 1)
    }

    @Test func removedObjectIsReportedOnceForItsSubtree() throws {
        let (tree, old, new) = try Self.pair { text in
            // Drop the "Forgot password?" button and its action.
            guard let s = text.range(of: #"<button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="fG7-pW-3kq">"#),
                  let e = text.range(of: "</button>", range: s.upperBound..<text.endIndex) else { return text }
            return text.replacingCharacters(in: s.lowerBound..<e.upperBound, with: "")
        }
        defer { tree.remove() }
        let (code, c) = Self.run(["diff", old, new])
        #expect(code == .findings)
        #expect(c.output == "removed object UIView › UIButton \"Forgot password?\": UIButton  (line 55 → -)\n", "\(c.output)")
    }
}
