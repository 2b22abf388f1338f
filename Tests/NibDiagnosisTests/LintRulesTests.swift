import Foundation
import NibModel
import Testing
import TestSupport
@testable import NibDiagnosis

/// The rule registry and protocol of `lint` (``LintRules``, ``NibRule``): ids, metadata, scopes,
/// options, the engine's hooks, and the configuration's checks of option values.
@Suite struct LintRulesTests {
    @Test("every rule has one id, a one-sentence summary, and names no other rule's id or alias")
    func registryIsConsistent() {
        let ids = LintRules.all.map(\.code.rawValue)
        #expect(Set(ids).count == ids.count)
        let aliases = LintRules.all.flatMap { $0.aliases.map(\.id) }
        #expect(Set(aliases).count == aliases.count && Set(aliases).isDisjoint(with: ids))
        for rule in LintRules.all {
            #expect(rule.code.rawValue.allSatisfy { $0.isLowercase || $0 == "-" }, "\(rule.code)")
            #expect(rule.summary.hasSuffix(".") && !rule.summary.contains("\n"), "\(rule.code)")
            #expect(LintRules.rule(named: rule.code.rawValue)?.code == rule.code)
            #expect(rule.code.rule?.code == rule.code && rule.code.defaultSeverity == rule.defaultSeverity)
        }
        // `why`'s checks first, then the nib rules, each nib rule once.
        #expect(FindingCode.allCases == FindingCode.whyCodes + LintRules.nibRules.map { $0.info.code })
        #expect(Set(LintRules.nibRules.map { ObjectIdentifier($0) }).count == LintRules.nibRules.count)
        #expect(LintRules.rule(named: "no-such-rule") == nil && FindingCode("no-such-rule").rule == nil)
    }

    @Test("option keys are unique across rules, and every default is a value its option allows")
    func optionsAreDeclaredOnce() {
        let keys = LintRules.all.flatMap { $0.options.map(\.key) }
        #expect(Set(keys).count == keys.count)
        #expect(LintRules.options.keys.sorted() == ["allowClearColor", "allowSystemColors", "allowSystemFonts", "allowedColors", "allowedFontNames", "allowedFonts", "assetCatalog", "bannedClasses", "baseClasses", "customModules", "hidesBottomBarExcluded", "ignoreAlpha", "maxObjects", "maxTopLevelObjects", "maximumFontSize", "minimumFontSize", "runtimeAttributes", "systemProperties", "unavailableCustomClasses", "unavailableSystemClasses", "useTraitCollections", "viewAsDevice"])
        #expect(LintRules.options["maxObjects"]?.rule.code == .largeNib)
        let defaults = LintOptions(bannedClasses: LintOptions.defaultBannedClasses, maxObjects: 500, maxTopLevelObjects: 20)
        for (key, value) in defaults.values { #expect(LintRules.options[key]?.option.accepts(value) == true, "\(key)") }
        #expect(LintOptions().values.isEmpty && LintOptions().maxObjects == 500 && LintOptions().bannedClasses["UIWebView"] != nil)
    }

    @Test("an option value is read as JSON gives it; one a rule does not allow leaves the default")
    func optionValues() throws {
        func value(_ json: String) throws -> LintOptionValue { try JSONDecoder().decode(LintOptionValue.self, from: Data(json.utf8)) }
        #expect(try value("-1") == .integer(-1) && value("3.0") == .integer(3) && value("-1.5") == .number(-1.5))
        #expect(try value("true") == .bool(true) && value("\"3\"") == .string("3") && value("null") == .null)
        #expect(try value(#"{"A": [1, "x"]}"#) == .object(["A": .array([.integer(1), .string("x")])]))
        #expect(try value(#"{"b": 1, "a": "x\"y"}"#).description == #"{"a": "x\"y", "b": 1}"#)
        let count = LargeNibRule.maxObjects
        #expect(count.spec.accepts(.integer(0)) && !count.spec.accepts(.integer(-1)) && !count.spec.accepts(.number(2.5)))
        var options = LintOptions()
        options.values["maxObjects"] = .integer(-1)
        #expect(options.maxObjects == 500)
        options[count] = 7
        #expect(options.values["maxObjects"] == .integer(7) && options.maxObjects == 7)
    }

    @Test("a scope admits the document kinds and platforms it names, and says so in words")
    func scopes() {
        func document(_ format: SourceFormat, _ platform: Platform) -> NibDocument {
            NibDocument(name: "A", platform: platform, format: format)
        }
        let sources = RuleScope(documents: .sources)
        #expect(sources.admits(document(.xib, .iOS)) && sources.admits(document(.storyboard, .iOS)))
        #expect(!sources.admits(document(.nibArchive, .iOS)) && !sources.admits(document(.keyedArchiveBinary, .macOS)))
        let iOSStoryboards = RuleScope(documents: .storyboard, platforms: [.iOS, .tvOS])
        #expect(iOSStoryboards.admits(document(.storyboard, .tvOS)) && iOSStoryboards.admits(document(.storyboard, .unknown)))
        #expect(!iOSStoryboards.admits(document(.storyboard, .macOS)) && !iOSStoryboards.admits(document(.xib, .iOS)))
        #expect(RuleScope().description == "every input")
        #expect(RuleScope.withSources.description == "every input, with Swift or Objective-C sources")
        #expect(RuleScope(documents: .sources, code: .swift).description == "xib and storyboard sources, with Swift sources")
        #expect(iOSStoryboards.description == "storyboards for iOS and tvOS")
        #expect(RuleScope(documents: [.compiled, .xib]).description == "compiled nibs and xibs")
        #expect(RuleScope(text: "menus").description == "menus" && !RuleScope(text: "menus").needsSources)
        #expect(FindingCode.missingModule.appliesTo == "xib and storyboard sources, with Swift sources")
    }

    /// Counts what the engine shows it: once per document, every object and every connection.
    struct CountingRule: NibRule {
        static let info = RuleInfo(FindingCode("counting"), severity: .info, appliesTo: RuleScope(documents: .sources), "Counts.")
        init(options: LintOptions) {}
        func check(document context: LintContext, into out: inout RuleFindings) {
            out.add(nil, "document \(context.document.name)", fix: "none")
        }
        func check(object: NibObject, in context: LintContext, into out: inout RuleFindings) {
            out.add(object.id, "object", fix: "none")
        }
        func check(connection: Connection, in context: LintContext, into out: inout RuleFindings) {
            out.add(connection.source, line: 9, member: connection.label, "connection", fix: "none")
        }
    }

    @Test("the engine calls each hook of a rule for its documents, objects and connections, and fills in the finding")
    func engineCallsEveryHook() {
        let objects = [NibObject(id: ObjectID("a"), className: "UIView", sourceLine: 4), NibObject(id: ObjectID("b"), className: "UILabel")]
        let connections = [Connection(kind: .outlet, source: ObjectID("a"), destination: ObjectID("b"), label: "title")]
        let xib = NibDocument(name: "A.xib", path: "/p/A.xib", platform: .iOS, format: .xib, objects: objects, connections: connections)
        var nib = xib
        nib.format = .nibArchive
        let rules: [any NibRule] = [CountingRule(options: LintOptions())]
        #expect(NibLint.run(rules, on: LintContext(document: nib, path: "A.nib", resources: LintResources())).isEmpty)
        let findings = NibLint.run(rules, on: LintContext(document: xib, path: "/p/A.xib", resources: LintResources()))
        #expect(findings.map(\.message) == ["document A.xib", "object", "object", "connection"])
        #expect(findings.allSatisfy { $0.code.rawValue == "counting" && $0.severity == .info && $0.path == "/p/A.xib" && $0.document == "A.xib" })
        #expect(findings.map(\.line) == [nil, 4, nil, 9])
        #expect(findings[3].member == "title" && findings[3].objectID == ObjectID("a"))
    }

    @Test("a configuration names the key, the value and what is allowed for an option value a rule refuses")
    func configurationRejectsBadOptionValues() throws {
        let tree = try TempTree()
        defer { try? FileManager.default.removeItem(atPath: tree.root) }
        func problem(_ json: String) throws -> String? {
            let path = tree.path("c.json")
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            do { _ = try LintConfiguration.load(path); return nil } catch let p as LintConfiguration.Problem { return p.message }
        }
        #expect(try problem(#"{"options": {"maxObjects": -1}}"#) == #"option "maxObjects" of large-nib is -1; expected a whole number, 0 or more"#)
        #expect(try problem(#"{"options": {"maxTopLevelObjects": -2.5}}"#) == #"option "maxTopLevelObjects" of large-nib is -2.5; expected a whole number, 0 or more"#)
        #expect(try problem(#"{"options": {"maxObjects": "3"}}"#) == #"option "maxObjects" of large-nib is "3"; expected a whole number, 0 or more"#)
        #expect(try problem(#"{"options": {"bannedClasses": {"A": 1}}}"#)
                == #"option "bannedClasses" of banned-class is {"A": 1}; expected an object whose values are strings (class → reason)"#)
        #expect(try problem(#"{"options": {"maxObjct": 3}}"#) == #"unknown option "maxObjct" (known: allowClearColor, allowSystemColors, allowSystemFonts, allowedColors, allowedFontNames, allowedFonts, assetCatalog, bannedClasses, baseClasses, customModules, hidesBottomBarExcluded, ignoreAlpha, maxObjects, maxTopLevelObjects, maximumFontSize, minimumFontSize, runtimeAttributes, systemProperties, unavailableCustomClasses, unavailableSystemClasses, useTraitCollections, viewAsDevice)"#)
        #expect(try problem(#"{"options": {"maxObjects": 0, "maxTopLevelObjects": null}}"#) == nil)
        let config = try LintConfiguration.load(tree.path("c.json"))
        #expect(config.options.maxObjects == 0 && config.options.maxTopLevelObjects == 20)
    }

    @Test("a configuration that is a FIFO is refused, never read, and passed over when searched for")
    func configurationNotARegularFile() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let fifo = tree.path(".nibinspect.json")
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(LintConfiguration.find(from: tree.path("")) == nil)
        #expect(throws: LintConfiguration.Problem.self) { try LintConfiguration.load(fifo) }
        try FileManager.default.removeItem(atPath: fifo)
        let real = try tree.write("real.json", text: #"{"disable": ["large-nib"]}"#)
        try FileManager.default.createSymbolicLink(atPath: fifo, withDestinationPath: real)
        #expect(LintConfiguration.find(from: tree.path("")) == fifo)
        #expect(try LintConfiguration.load(fifo).disabled.contains(FindingCode("large-nib")))
    }
}
