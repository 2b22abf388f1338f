import Foundation
import Testing
import TestSupport
@testable import NibInspectCore
import NibDiagnosis

/// User-defined rules from the command line: `Tests/NibDiagnosisTests/Fixtures/CustomRules` holds a
/// `.nibinspect.json` with four rules (the issue's examples: label colours, rounded buttons in a
/// toolbar, storyboard identifiers equal to the class, and small text); every reporter gives
/// their findings (reviewed goldens under `Goldens/custom-rules/`), `--list-rules` lists them,
/// `--only`, `--disable` and the configuration's settings name them, and a bad rule stops the run
/// with one line naming file, line and rule.
@Suite struct CustomRulesCLITests {
    static let fixture = Corpus.packageRoot.appendingPathComponent("Tests/NibDiagnosisTests/Fixtures/CustomRules").path
    static let goldens = Golden(directory: Golden.directory(besides: #filePath).appendingPathComponent("custom-rules"))

    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output.replacingOccurrences(of: Self.fixture, with: "<CustomRules>"),
                console.errors.replacingOccurrences(of: Self.fixture, with: "<CustomRules>"))
    }

    @Test(arguments: ["text", "xcode", "json", "sarif", "github", "checkstyle", "junit", "codeclimate"])
    func everyReporterGivesTheCustomFindings(format: String) {
        let r = run(["lint", "--format", format, Self.fixture])
        #expect(r.code == .findings)
        #expect(r.err.isEmpty, "\(r.err)")
        for id in ["label-named-colour", "no-rounded-toolbar-button", "scene-id-is-class", "small-text"] {
            #expect(r.out.contains(id), "\(format) lacks \(id)")
        }
        Self.goldens.check(r.out, "lint.\(format)")
    }

    @Test("--list-rules lists the configuration's rules after nibinspect's, in text and JSON")
    func listRules() throws {
        let r = run(["lint", "--list-rules", "--config", Self.fixture + "/.nibinspect.json"])
        #expect(r.code == .success)
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false)
        Self.goldens.check(lines.suffix(9).joined(separator: "\n"), "list-rules.txt")
        let json = run(["lint", "--list-rules", "--format", "json", "--only", "scene-id-is-class", "--config", Self.fixture + "/.nibinspect.json"])
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: [[String: Any]]])["rules"]
        #expect(rules?.map { $0["id"] as? String } == ["scene-id-is-class"])
        #expect(rules?.first?["description"] as? String == "Every view controller scene has a storyboard identifier equal to its class.")
    }

    @Test("--only and --disable name custom rules; without the configuration they are unknown")
    func selection() {
        let only = run(["lint", "--format", "xcode", "--only", "scene-id-is-class", Self.fixture])
        #expect(only.out.split(separator: "\n").count == 2)
        #expect(only.out.split(separator: "\n").allSatisfy { $0.hasSuffix("[scene-id-is-class]") })
        let disabled = run(["lint", "--format", "xcode", "--disable", "label-named-colour", "--disable", "small-text", "--disable", "scene-id-is-class", Self.fixture])
        #expect(disabled.out.split(separator: "\n").map { $0.hasSuffix("[no-rounded-toolbar-button]") } == [true])
        let elsewhere = run(["lint", "--only", "scene-id-is-class", Corpus.packageRoot.appendingPathComponent("Samples/MainMenu.xib").path])
        #expect(elsewhere.code == .usage)
        #expect(elsewhere.err.contains("Unknown rule 'scene-id-is-class' for --only"))
    }

    @Test("A bad rule stops the run: one line naming the file, the line, the rule and the column")
    func badRule() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("custom-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "{\n  \"customRules\": [\n    {\"id\": \"x\",\n     \"match\": \"isA(UILabel) and\",\n     \"message\": \"m\"}]}\n"
            .write(to: dir.appendingPathComponent(".nibinspect.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Self.fixture + "/Labels.xib", toPath: dir.appendingPathComponent("Labels.xib").path)
        let console = Console.capturing()
        let code = NibInspectCLI.run(["lint", dir.appendingPathComponent("Labels.xib").path], console: console)
        #expect(code == .dataError)
        #expect(console.output.isEmpty)
        #expect(console.errors == "nibinspect: error: \(dir.path)/.nibinspect.json:4: customRules[0] 'x': match, column 17: expected a test (isA(Class), a property comparison, 'not' or '('), found the end\n")
    }
}

/// `.iblinter.yml`'s `custom_module_rule`: the classes of a module's Swift files, nested ones and
/// `@objc(Name)`s included.
@Suite struct CustomModuleClassesTests {
    @Test("Top-level and nested classes, and @objc names, are the module's; extensions are not")
    func nestedClasses() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("custom-module-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Kit"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            import UIKit
            class Outer: UIView {
                class Inner: UIView {}
                @objc(FlatName) class Named: UIView {}
            }
            enum Namespace { final class Card: UIView {} }
            extension UILabel {}
            """.write(to: dir.appendingPathComponent("Kit/Views.swift"), atomically: true, encoding: .utf8)
        var config = LintConfiguration()
        config.baseDirectory = dir.path
        config.customModuleSources = [CustomModuleSource(module: "Kit", included: ["Kit"], excluded: [])]
        #expect(LintCommand.customModuleClasses(config) == ["Kit": ["Card", "FlatName", "Inner", "Named", "Outer"]])
    }
}

/// `placeholder-as-label` and xiblint's `placeholder-accessibility-label` ask one question
/// (`LintContext.placeholderStandingInForLabel`): with both on, a text field is reported once.
@Suite struct PlaceholderRepeatTests {
    static let views = Corpus.packageRoot.appendingPathComponent("Tests/NibDiagnosisTests/Fixtures/PeerApp/Views.xib").path

    static func lint(_ only: [String]) -> [String] {
        let console = Console.capturing()
        _ = NibInspectCLI.run(["lint", "--format", "xcode"] + only.flatMap { ["--only", $0] } + [views], console: console)
        return console.output.split(separator: "\n").map { line in
            // file:line: level: … [rule]
            let parts = line.split(separator: ":", maxSplits: 3)
            let level = parts[3].split(separator: ":")[0].trimmingCharacters(in: .whitespaces)
            return "\(parts[1]) \(level) \(line.split(separator: "[").last!.dropLast())"
        }
    }

    @Test("Each rule alone reports the field; both on report it once, at the higher severity")
    func once() {
        #expect(Self.lint(["placeholder-as-label"]) == ["59 note placeholder-as-label"])
        #expect(Self.lint(["placeholder-accessibility-label"]) == ["59 warning placeholder-accessibility-label", "66 warning placeholder-accessibility-label"])
        #expect(Self.lint(["placeholder-as-label", "accessibility_labels_for_text_with_placeholder"])
            == ["59 warning placeholder-as-label", "66 warning placeholder-accessibility-label"])
    }
}
