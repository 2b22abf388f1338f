import Foundation
import Testing
@testable import NibInspectCore

/// `nibinspect why` run in-process over the WhyApp fixture (Tests/NibDiagnosisTests/Fixtures/WhyApp:
/// one deliberate case per finding code, see WhyFixtureTests).
@Suite("why CLI")
struct WhyCLITests {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("NibDiagnosisTests/Fixtures/WhyApp").path

    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output, console.errors)
    }

    @Test func textListsFindingsByDocumentAndASummary() {
        let r = run(["why", Self.fixture])
        #expect(r.code == .findings)
        #expect(r.err.isEmpty, "\(r.err)")
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("== Resources/ProfileViewController.xib =="))
        #expect(lines.contains("  error undeclared-outlet: File's Owner (ProfileViewController): WhyApp.ProfileViewController has no outlet subtitleLabel (ProfileViewController → BaseViewController checked): loading raises 'setValue:forUndefinedKey: … not key value coding-compliant for the key subtitleLabel'"))
        #expect(lines.contains("    line 14 · source ProfileViewController.swift:9 · fix: Remove the stale connection or declare @IBOutlet subtitleLabel in ProfileViewController"))
        #expect(lines.contains("== in code =="))
        #expect(lines.contains("  error unknown-segue-identifier: performSegue(withIdentifier: \"showHistory\") (HomeViewController.swift:21): no segue of the storyboards read has this identifier: 'Receiver has no segue with identifier'"))
        #expect(lines.contains("27 findings: 13 errors, 12 warnings (12 documents; 15 Swift files, 4 Objective-C files, 22 classes)"))
        // Findings in code come after every document.
        let inCode = lines.firstIndex(of: "== in code ==") ?? -1
        let profile = lines.firstIndex(of: "== Resources/ProfileViewController.xib ==") ?? Int.max
        #expect(profile < inCode)
    }

    @Test func jsonHasTheIssuesKeys() throws {
        let r = run(["why", "--format", "json", Self.fixture])
        #expect(r.code == .findings)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(findings.count == 27)
        #expect((root["diagnostics"] as? [Any])?.isEmpty == true)
        let codes = Set(findings.compactMap { $0["code"] as? String })
        #expect(codes.count == 26)   // outlet-not-connected twice: used, and a dead outlet
        let undeclared = try #require(findings.first { $0["code"] as? String == "undeclared-outlet" })
        for key in ["code", "severity", "class", "member", "document", "object", "line", "message", "fix", "sources"] {
            #expect(undeclared[key] != nil, "\(key)")
        }
        #expect(undeclared["class"] as? String == "WhyApp.ProfileViewController")
        #expect(undeclared["member"] as? String == "subtitleLabel")
        #expect(undeclared["severity"] as? String == "error")
        #expect(undeclared["line"] as? Int == 14)
        #expect(undeclared["sources"] as? [String] == ["ProfileViewController.swift:9"])
        // A finding in code only: no document, no object.
        let segue = try #require(findings.first { $0["code"] as? String == "unknown-segue-identifier" })
        #expect(segue["document"] == nil && segue["object"] == nil)
        #expect(segue["class"] as? String == "HomeViewController")
    }

    @Test func classAndMemberPrintTheNarrative() {
        let r = run(["why", "--class", "ProfileViewController", "--member", "bioLabel", Self.fixture])
        #expect(r.code == .findings)
        #expect(r.out.hasPrefix("ProfileViewController (runtime name WhyApp.ProfileViewController)\n"))
        #expect(r.out.contains("  declared: Swift, Tests/NibDiagnosisTests/Fixtures/WhyApp/Sources/WhyApp/ProfileViewController.swift:9\n"))
        #expect(r.out.contains("  superclasses: BaseViewController → UIViewController\n"))
        #expect(r.out.contains("outlet bioLabel — weak UILabel! ProfileViewController.swift:12\n"))
        #expect(r.out.contains("  Resources/ProfileViewController.xib: → UIView › UILabel \"Bio\" — set when the view controller loads its view (loadView), before viewDidLoad\n"))
        #expect(r.out.contains("  Resources/ProfileViewController~ipad.xib: not connected\n"))
        #expect(r.out.contains("\nverdict: Outlet bioLabel of ProfileViewController is not connected here, but is in Resources/ProfileViewController.xib: nil when this one is loaded\n"))
        #expect(r.out.contains("1 finding: 0 errors, 1 warning"))
        // An inherited outlet with nothing wrong: exit 0.
        let ok = run(["why", "--class", "ProfileViewController", "--member", "titleLabel", Self.fixture])
        #expect(ok.code == .success)
        #expect(ok.out.contains("(declared in BaseViewController) BaseViewController.h:10"))
        #expect(ok.out.contains("verdict: every appearance is connected"))
        // JSON carries the explanation.
        let json = run(["why", "--format", "json", "--class", "EditorHelper", Self.fixture])
        #expect(json.code == .success)
        #expect(json.out.contains("\"explanation\""))
    }

    @Test func usageAndMissingInputErrors() {
        let member = run(["why", "--member", "bioLabel", Self.fixture])
        #expect(member.code == .usage)
        #expect(member.err.contains("--member needs --class"))
        #expect(run(["why"]).code == .usage)
        #expect(run(["why", "--class", "NoSuchClass", Self.fixture]).code == .usage)
        let missing = run(["why", Self.fixture + "/NoSuchDirectory"])
        #expect(missing.code == .noInput)
        #expect(run(["why", "--sources", "/nonexistent/nibinspect-sources", Self.fixture]).code == .noInput)
    }
}
