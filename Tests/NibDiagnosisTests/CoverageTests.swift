import Testing
import NibModel
import SourceIndex
@testable import NibDiagnosis

/// What `why` and `lint` checked and did not (``Coverage``), as the checks record it.
@Suite struct CoverageTests {
    @Test("a run with no storyboard skips the identifier checks and says why; the other checks count what they checked")
    func noStoryboard() throws {
        let check = NibSourceCheck(inputs: [NibSourceCheckRulesTests.document(owner: "Screen", label: "title")], sources: NibSourceCheckRulesTests.sources("""
            class Screen: UIViewController {
                @IBOutlet weak var title: UILabel!
                @IBOutlet weak var unused: UILabel!
                func go() { performSegue(withIdentifier: "next", sender: nil) }
            }
            """))
        let (findings, coverage) = check.run()
        #expect(findings == check.findings())
        let segues = try #require(coverage["segue-identifiers"])
        #expect(segues.status == .skipped && segues.checked == 0 && segues.reason == "no storyboard among the inputs")
        #expect(segues.description == "segue identifiers: not checked — no storyboard among the inputs")
        #expect(coverage["storyboard-identifiers"]?.reason == "no storyboard among the inputs")
        let sources = try #require(coverage["sources"])
        #expect(sources.status == .ran && sources.checked == 1 && sources.notChecked.isEmpty)
        // Two outlet connections (title, view) of a class the sources declare.
        let outlets = try #require(coverage["outlets"])
        #expect(outlets.status == .ran && outlets.checked == 2 && !outlets.isIncomplete)
        #expect(outlets.rules.contains(.undeclaredOutlet))
        #expect(coverage["unconnected-outlets"]?.checked == 2)
        #expect(coverage["classes"]?.checked == 1)
        #expect(coverage["nib-names"]?.status == .ran && coverage["nib-names"]?.against == "1 nib")
        #expect(coverage.incomplete.map(\.check) == ["segue-identifiers", "storyboard-identifiers", "storyboard-names"])
    }

    @Test("without sources every check of code is skipped with the reason, and no class is counted as not found")
    func sourcesMissing() throws {
        let (findings, coverage) = NibSourceCheck(inputs: [NibSourceCheckRulesTests.document(owner: "Screen", label: "title")], sources: SourceIndex([])).run()
        #expect(findings.isEmpty)
        for check in ["sources", "classes", "outlets", "actions", "runtime-attributes", "unconnected-outlets", "files-owner",
                      "outlet-uses", "segue-identifiers", "storyboard-identifiers", "registered-cells", "nib-names"] {
            let e = try #require(coverage[check], "\(check)")
            #expect(e.status == .skipped && e.checked == 0 && e.notChecked.isEmpty && e.reason != nil, "\(check)")
        }
        #expect(coverage["sources"]?.reason == "no .swift, .h, .m or .mm file among the inputs or --sources")
        #expect(coverage["outlets"]?.reason == "no Swift or Objective-C sources read (give --sources DIR)")
        #expect(coverage.incomplete.count == coverage.entries.count)
    }

    @Test("connections of a class no source declares are counted as not checked, with the class named")
    func classNotFound() throws {
        let (_, coverage) = NibSourceCheck(inputs: [NibSourceCheckRulesTests.document(owner: "Screen", label: "title")],
                                           sources: NibSourceCheckRulesTests.sources("class Other: UIViewController {}")).run()
        let outlets = try #require(coverage["outlets"])
        #expect(outlets.checked == 0 && outlets.notChecked == [Coverage.Gap(count: 2, reason: "class not found in the sources read (1 class: Screen)")])
        #expect(outlets.description == "outlet connections: 0 connections checked against the outlets their class declares; 2 not checked: class not found in the sources read (1 class: Screen)")
        // Other's outlets are not checked for connections either: it appears in no document (it has none here).
        #expect(coverage["unconnected-outlets"]?.notChecked.isEmpty == true)
    }

    @Test("actions sent to First Responder are checked against every class of a project; of single files, not, and said so")
    func firstResponderActions() throws {
        var input = NibSourceCheckRulesTests.document(owner: "Screen", label: "go:", kind: .action)
        input.documents[0].connections[0].destination = nil
        input.documents[0].connections[0].isNilTargeted = true
        let sources = NibSourceCheckRulesTests.sources("class Screen: UIViewController {}")
        // Single files: the responder chain may reach any class of the app, which was not read.
        var singleFiles = NibSourceCheck(inputs: [input], sources: sources)
        singleFiles.checksLiterals = false
        let (none, single) = singleFiles.run()
        let actions = try #require(single["actions"])
        #expect(actions.checked == 0 && actions.notChecked.map(\.count) == [1])
        #expect(actions.notChecked.first?.reason.hasPrefix("sent to First Responder: the inputs are single files") == true)
        #expect(none.isEmpty)
        // A project: go: is implemented by no class and no framework responder.
        let (found, project) = NibSourceCheck(inputs: [input], sources: sources).run()
        #expect(try #require(project["actions"]).checked == 1 && project["actions"]?.notChecked.isEmpty == true)
        #expect(found.map(\.code) == [.unhandledFirstResponderAction])
        #expect(found.first?.member == "go:" && found.first?.severity == .warning)
        // Implemented by a class of the app, or a framework responder action: nothing.
        let handled = NibSourceCheckRulesTests.sources("class Screen: UIViewController {}\nclass Other: NSObject { @objc func go(_ sender: Any?) {} }")
        #expect(NibSourceCheck(inputs: [input], sources: handled).findings().isEmpty)
        input.documents[0].connections[0].label = "paste:"
        #expect(NibSourceCheck(inputs: [input], sources: sources).findings().isEmpty)
    }

    @Test("nib rules count the documents they ran on, and the documents their scope leaves out by kind")
    func nibRulesOnCompiledInput() throws {
        var nib = NibSourceCheckRulesTests.document(owner: "Screen", label: "title")
        nib.documents[0].format = .nibArchive
        let xib = NibSourceCheckRulesTests.document(owner: "Screen", label: "title")
        let (_, onlyCompiled) = NibLint.run([nib])
        let ambiguous = try #require(onlyCompiled["ambiguous-layout"])
        #expect(ambiguous.status == .skipped && ambiguous.checked == 0)
        #expect(ambiguous.reason == "the rule applies to xib and storyboard sources, not to compiled nibs (1 document)")
        #expect(onlyCompiled["banned-class"]?.status == .ran && onlyCompiled["banned-class"]?.checked == 1)
        #expect(onlyCompiled.entries.count == LintRules.nibRules.filter { !$0.info.offByDefault }.count)
        let (_, mixed) = NibLint.run([nib, xib])
        let partial = try #require(mixed["ambiguous-layout"])
        #expect(partial.status == .ran && partial.checked == 1)
        #expect(partial.notChecked == [Coverage.Gap(count: 1, reason: "compiled nibs (the rule applies to xib and storyboard sources)")])
    }

    @Test("recording a check twice adds to it; restricting to rules marks the others skipped")
    func recordMergesAndRestricts() {
        var c = Coverage()
        c.record(check: "segue-identifiers", title: "segue identifiers", rules: [.unknownSegueIdentifier], unit: "identifiers in code",
                 skippedReason: "no storyboard among the inputs")
        c.record(check: "segue-identifiers", title: "segue identifiers", checked: 14, unit: "identifiers in code",
                 against: "3 storyboards (compiled)")
        c.record(check: "segue-identifiers", title: "segue identifiers", checked: 2, unit: "identifiers in code",
                 notChecked: [Coverage.Gap(count: 1, reason: "built at run time")])
        #expect(c.entries.count == 1)
        #expect(c["segue-identifiers"]?.description == "segue identifiers: 16 identifiers in code checked against 3 storyboards (compiled); 1 not checked: built at run time")
        let off = c.restricted(to: [.undeclaredOutlet], reason: "turned off")
        #expect(off["segue-identifiers"]?.status == .skipped && off["segue-identifiers"]?.checked == 0)
        #expect(c.restricted(to: [.unknownSegueIdentifier], reason: "turned off") == c)
    }
}
