import ArchiveReader
import Foundation
import NibModel
import Testing
import TestSupport
@testable import NibDiagnosis

/// User-defined rules (`.nibinspect.json`'s `customRules`, ``CustomRule``): the predicate
/// language's grammar and errors (with columns), the tests it offers on xibs, storyboards and
/// compiled nibs, and the configuration errors that name the file, line and rule.
@Suite struct CustomRuleTests {
    static let fixtures = Corpus.packageRoot.appendingPathComponent("Tests/NibDiagnosisTests/Fixtures/CustomRules").path

    /// The rules of a `.nibinspect.json` text, read as if it were at `fixtures`.
    static func rules(_ json: String) throws -> [CustomRule] {
        try LintConfiguration.nibinspect(Data(json.utf8), path: fixtures + "/.nibinspect.json").customRules
    }

    /// `object id` of every finding of one rule with `match` (and `require`) on one input.
    static func run(_ match: String, require: String? = nil, on name: String) throws -> [String] {
        var rule: [String: Any] = ["id": "t", "match": match, "message": "{object}"]
        if let require { rule["require"] = require }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: ["customRules": [rule]]), as: UTF8.self)
        let input = try NibOpener().open(.path(name.hasPrefix("/") ? name : fixtures + "/" + name)).input
        return NibLint.findings([input], customRules: try rules(json)).filter { $0.code.rawValue == "t" }
            .map { $0.objectID?.rawValue ?? "document" }.sorted()
    }

    @Test("'and' binds tighter than 'or', 'not' tighter than both; parentheses group")
    func precedence() throws {
        let e = try CustomRuleParser.parse("isA(A) or isA(B) and not isA(C)")
        #expect(e == .or(.call(.isA, "A"), .and(.call(.isA, "B"), .not(.call(.isA, "C")))))
        let g = try CustomRuleParser.parse("(isA(A) or isA(B)) and x.size >= 12")
        #expect(g == .and(.or(.call(.isA, "A"), .call(.isA, "B")),
                          .compare(.init(key: "x", field: "size"), .greaterOrEqual, .number(12))))
        #expect(try CustomRuleParser.parse("storyboardIdentifier == $customClass")
            == .compare(.init(key: "storyboardIdentifier"), .equal, .subject(.init(key: "customClass"))))
        #expect(try CustomRuleParser.parse("action(signIn:) and title ~ 'Sign*'")
            == .and(.call(.action, "signIn:"), .compare(.init(key: "title"), .matches, .text("Sign*"))))
    }

    @Test("Syntax errors give the column and what was expected", arguments: [
        ("isA(UILabel", 12, "expected ')' after isA's argument, found the end"),
        ("isA(UILabel) and", 17, "expected a test (isA(Class), a property comparison, 'not' or '('), found the end"),
        ("isA(UILabel) textColor", 14, "expected 'and', 'or' or the end, found 'textColor'"),
        ("isAn(UILabel)", 1, "unknown test 'isAn' (known: isA(), inside(), has(), outlet(), action(), segue(), topLevel(), placeholder(), scene())"),
        ("isA()", 5, "isA() needs an argument: isA(Name)"),
        ("scene(x)", 8, "scene() takes no argument"),
        ("textColor is purple", 14, "expected a kind after 'is' (namedColor, systemColor, customColor, color, font, image, text, number, bool, object), found 'purple'"),
        ("textColor = red", 11, "unexpected character '='"),
        ("title == 'open", 10, "text not closed by '"),
        ("a.b.c == 1", 1, "'a.b.c' is not a property name (key or key.field)"),
        ("title ==", 9, "expected a value after '==', found the end"),
    ])
    func syntaxErrors(text: String, column: Int, message: String) {
        #expect(throws: CustomRuleSyntaxError(column: column, message: message)) { try CustomRuleParser.parse(text) }
    }

    @Test("Nesting and length are bounded")
    func bounds() {
        #expect(throws: CustomRuleSyntaxError.self) { try CustomRuleParser.parse(String(repeating: "not ", count: 100) + "topLevel()") }
        #expect(throws: CustomRuleSyntaxError.self) {
            try CustomRuleParser.parse(Array(repeating: "topLevel()", count: 800).joined(separator: " and "), maxTokens: 2_000)
        }
        #expect((try? CustomRuleParser.parse(String(repeating: "not ", count: 60) + "topLevel()")) != nil)
    }

    @Test("Classes, hierarchy, properties and their fields on a xib")
    func xib() throws {
        #expect(try Self.run("isA(UILabel)", on: "Labels.xib") == ["Nte-lb-001", "Sub-lb-001", "Ttl-lb-001"])
        #expect(try Self.run("isA(UILabel)", require: "textColor is namedColor", on: "Labels.xib") == ["Nte-lb-001", "Sub-lb-001"])
        #expect(try Self.run("textColor is systemColor", on: "Labels.xib") == ["Nte-lb-001"])
        #expect(try Self.run("textColor is customColor", on: "Labels.xib") == ["Sub-lb-001"])
        #expect(try Self.run("textColor.name == BrandText", on: "Labels.xib") == ["Ttl-lb-001"])
        #expect(try Self.run("font.size < 12", on: "Labels.xib") == ["Sub-lb-001"])
        #expect(try Self.run("fontDescription.name ~ 'Avenir*'", on: "Labels.xib") == ["Ttl-lb-001"])
        #expect(try Self.run("isA(UILabel) and outlet(titleLabel)", on: "Labels.xib") == ["Ttl-lb-001"])
        #expect(try Self.run("isA(UILabel) and not outlet()", on: "Labels.xib") == ["Nte-lb-001", "Sub-lb-001"])
        #expect(try Self.run("inside(UIView) and text != Title", on: "Labels.xib") == ["Nte-lb-001", "Sub-lb-001"])
        #expect(try Self.run("topLevel()", on: "Labels.xib") == ["Crd-vw-001"])
        #expect(try Self.run("placeholder() and customClass == CardView and module == Cards", on: "Labels.xib") == ["-1"])
        #expect(try Self.run("isA(Cards.CardView)", on: "Labels.xib") == ["-1"])
        #expect(try Self.run("has(highlightedColor)", on: "Labels.xib") == [])
    }

    @Test("macOS: a control's cell properties, inside() through toolbar items, actions")
    func macOS() throws {
        #expect(try Self.run("isA(NSButton) and bezelStyle == rounded", on: "Toolbar.xib") == ["Btn-ok-001", "Btn-sh-001"])
        #expect(try Self.run("isA(NSButton) and inside(NSToolbar) and bezelStyle == rounded", on: "Toolbar.xib") == ["Btn-sh-001"])
        #expect(try Self.run("isA(NSButton) and not inside(NSToolbar*)", on: "Toolbar.xib") == ["Btn-ok-001"])
    }

    @Test("Storyboards: scenes, identifiers compared with the class")
    func storyboard() throws {
        #expect(try Self.run("scene()", require: "storyboardIdentifier == $customClass", on: "Scenes.storyboard") == ["Dtl-vc-001", "Set-vc-001"])
        #expect(try Self.run("scene() and not has(storyboardIdentifier)", on: "Scenes.storyboard") == ["Set-vc-001"])
        #expect(try Self.run("isA(*ViewController) and storyboardIdentifier != $customClass", on: "Scenes.storyboard") == ["Dtl-vc-001", "Set-vc-001"])
    }

    @Test("Compiled nibs: the same tests on the facts that survive compilation (Samples/LoginViewController.nib)")
    func compiled() throws {
        let nib = Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.nib").path
        let xib = Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.xib").path
        // Both labels use the system colour labelColor.
        #expect(try Self.run("isA(UILabel)", require: "textColor is namedColor", on: nib).count == 2)
        #expect(try Self.run("isA(UILabel) and textColor is systemColor and textColor.name == labelColor", on: nib).count == 2)
        #expect(try Self.run("isA(UILabel) and font.size >= 20", on: nib).count == 1)
        #expect(try Self.run("isA(UILabel) and outlet(titleLabel)", on: nib).count == 1)
        #expect(try Self.run("isA(UIButton) and action(signIn:)", on: nib).count == 1)
        // The source finds the same objects.
        for (match, require) in [("isA(UILabel)", "textColor is namedColor"), ("isA(UILabel) and font.size >= 20", nil), ("isA(UIButton) and action(signIn:)", nil)] {
            #expect(try Self.run(match, require: require, on: nib).count == Self.run(match, require: require, on: xib).count)
        }
    }

    @Test("Messages fill in {object}, {class} and subjects; a rule's paths limit the files it runs on")
    func messagesAndPaths() throws {
        let json = #"""
            {"customRules": [
              {"id": "m", "match": "isA(UILabel) and font.size < 12", "message": "{object} ({class}): {font.size} pt, colour {textColor}, {missing}, {not a key}", "paths": ["*.xib"]},
              {"id": "s", "match": "isA(UILabel)", "message": "x", "paths": ["*.storyboard"]}]}
            """#
        let rules = try Self.rules(json)
        let input = try NibOpener().open(.path(Self.fixtures + "/Labels.xib")).input
        let (findings, coverage) = NibLint.run([input], customRules: rules)
        let mine = findings.filter { ["m", "s"].contains($0.code.rawValue) }
        #expect(mine.map(\.message) == [#"UIView › UILabel "Subtitle" (UILabel): 11 pt, colour rgba(0.2 0.2 0.2 1), none, {not a key}"#])
        #expect(mine.first?.severity == .warning)
        #expect(mine.first?.line == 26)
        #expect(coverage.entries.first { $0.check == "s" }?.reason?.contains("outside the rule's paths") == true)
    }

    @Test("Configuration errors name the file, line, rule and key", arguments: [
        (#"{"customRules": [{"id": "a", "match": "isA(UILabel", "message": "m"}]}"#,
         ":1", "customRules[0] 'a': match, column 12: expected ')' after isA's argument, found the end"),
        ("{\"customRules\": [\n {\"id\": \"ok\", \"match\": \"topLevel()\", \"message\": \"m\"},\n {\"id\": \"b\",\n  \"match\": \"title ==\",\n  \"message\": \"m\"}]}",
         ":4", "customRules[1] 'b': match, column 9: expected a value after '==', found the end"),
        (#"{"customRules": [{"id": "named-colors", "match": "topLevel()", "message": "m"}]}"#,
         ":1", "customRules[0] 'named-colors': id 'named-colors' is already nibinspect's rule named-colors; choose another"),
        (#"{"customRules": [{"id": "strict_fonts", "match": "topLevel()", "message": "m"}]}"#,
         ":1", "customRules[0] 'strict_fonts': id 'strict_fonts' is already nibinspect's rule strict-fonts; choose another"),
        (#"{"customRules": [{"id": "d", "match": "topLevel()", "message": "m"}, {"id": "d", "match": "topLevel()", "message": "m"}]}"#,
         ":1", "customRules[1] 'd': id 'd' is declared twice"),
        (#"{"customRules": [{"id": "e", "match": "topLevel()", "mesage": "m"}]}"#,
         ":1", "customRules[0] 'e': unknown key \"mesage\" (known: id, match, require, message, severity, summary, fix, paths)"),
        (#"{"customRules": [{"id": "f", "match": "topLevel()"}]}"#, ":1", "customRules[0] 'f': needs \"message\" (text)"),
        (#"{"customRules": [{"id": "g", "message": "m"}]}"#, ":1", "customRules[0] 'g': needs \"match\" (text)"),
        (#"{"customRules": [{"id": "h i", "match": "topLevel()", "message": "m"}]}"#,
         ":1", "customRules[0] 'h i': id must be letters, digits, '-', '_' and '.', starting with a letter or digit"),
        (#"{"customRules": [{"id": "j", "match": "topLevel()", "message": "m", "severity": "fatal"}]}"#,
         ":1", "customRules[0] 'j': severity must be error, warning or info, not 'fatal'"),
        (#"{"customRules": [{"id": "k", "match": "topLevel()", "message": "m", "paths": "*.xib"}]}"#,
         ":1", "customRules[0] 'k': \"paths\" must be an array of patterns (text)"),
        (#"{"customRules": [{"match": "topLevel()", "message": "m"}]}"#, ":1", "customRules[0]: needs an \"id\" (text)"),
        (#"{"customRules": {"id": "x"}}"#, ":1", "\"customRules\" must be an array of rules"),
        (#"{"customRules": [], "disable": ["nope"]}"#, "", "unknown rule 'nope' in \"disable\""),
    ])
    func configurationErrors(json: String, line: String, message: String) {
        #expect(throws: LintConfiguration.Problem(file: Self.fixtures + "/.nibinspect.json" + line, message: message)) { try Self.rules(json) }
    }

    @Test("A custom rule is named like any rule in enable, disable and severity, and in paths sections")
    func namedInSettings() throws {
        let json = #"""
            {"customRules": [{"id": "c", "match": "topLevel()", "message": "m"}],
             "severity": {"c": "error"}, "paths": {"Legacy": {"disable": ["c"]}}}
            """#
        let config = try LintConfiguration.nibinspect(Data(json.utf8), path: Self.fixtures + "/.nibinspect.json")
        #expect(config.severities[FindingCode("c")] == .error)
        #expect(config.paths.first?.disabled == [FindingCode("c")])
        #expect(config.customRules.map(\.info.code) == [FindingCode("c")])
        #expect(config.customRules[0].info.isCustom)
    }
}
