import ArchiveReader
import Foundation
import NibModel
import SourceIndex
import SwiftSourceParser
import Testing
import TestSupport
@testable import NibDiagnosis

/// Identifiers and names in code checked against a shipped app's compiled storyboard and nibs as
/// against sources (issue 26): PPNQASampleApp.app of the corpus holds MainStoryboard.storyboardc
/// (segues "PPNTopContentEmbed", "PPNTopNavigationEmbed"; storyboard IDs "PPNRootViewController",
/// "PPNNavigationBarViewController") and two standalone nibs. The code is made up in the test.
@Suite("literals in code against compiled storyboards and nibs", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct CompiledLiteralTests {
    static let code = """
        import UIKit
        class HomeController: UIViewController {
            func go() {
                performSegue(withIdentifier: "PPNTopContentEmbed", sender: nil)
                performSegue(withIdentifier: "showHistory", sender: nil)
                _ = storyboard?.instantiateViewController(withIdentifier: "PPNRootViewController")
                _ = storyboard?.instantiateViewController(withIdentifier: "Onboarding")
                _ = UIStoryboard(name: "MainStoryboard", bundle: nil)
                _ = UIStoryboard(name: "Tour", bundle: nil)
                _ = UIStoryboard(name: "mainStoryboard", bundle: nil)
                _ = UINib(nibName: "PPNMultiLevelTableViewCell", bundle: nil)
                _ = UINib(nibName: "Missing", bundle: nil)
            }
        }
        """

    static func check() throws -> NibSourceCheck {
        let app = try #require(Corpus.root).appendingPathComponent("ios-driver__ios-driver/server/src/test/resources/sampleApps/PPNQASampleApp.app").path
        let input = try NibOpener().open(.path(app)).input
        let sources = SourceIndex([SwiftSourceReader.read(code, file: "Home.swift", module: "App")])
        return NibSourceCheck(inputs: [input], sources: sources)
    }

    @Test func everyKindIsCheckedAgainstTheCompiledApp() throws {
        let findings = try Self.check().findings().filter { $0.document == nil }
        let got = findings.map { "\($0.code.rawValue) \($0.member ?? "")" }.sorted()
        #expect(got == ["unknown-nib-name Missing", "unknown-segue-identifier showHistory", "unknown-storyboard-identifier Onboarding",
                        "unknown-storyboard-name Tour", "unknown-storyboard-name mainStoryboard"])
        let caseOnly = try #require(findings.first { $0.member == "mainStoryboard" })
        #expect(caseOnly.message.contains("differs in case from MainStoryboard"))
        #expect(caseOnly.line == 10 && caseOnly.path == "Home.swift")
    }

    @Test func coverageSaysWhatWasComparedAndThatItIsCompiled() throws {
        let coverage = try Self.check().literalCoverage()
        let byKind = Dictionary(uniqueKeysWithValues: coverage.map { ($0.kind, $0) })
        #expect(coverage.map(\.kind) == [.segueIdentifier, .storyboardIdentifier, .storyboardName, .nibName])
        #expect(byKind[.segueIdentifier] == LiteralCoverage(kind: .segueIdentifier, literals: 2, names: 2, documents: 1, compiledDocuments: 1))
        #expect(byKind[.storyboardIdentifier]?.literals == 2 && byKind[.storyboardIdentifier]?.names == 2, "\(coverage)")
        #expect(byKind[.storyboardName] == LiteralCoverage(kind: .storyboardName, literals: 3, names: 1, documents: 1, compiledDocuments: 1))
        #expect(byKind[.nibName] == LiteralCoverage(kind: .nibName, literals: 2, names: 2, documents: 2, compiledDocuments: 2))
    }

    /// Without a storyboard among the inputs the storyboard checks say why they did not run.
    @Test func skippedChecksSayWhy() {
        let sources = SourceIndex([SwiftSourceReader.read(Self.code, file: "Home.swift", module: "App")])
        let coverage = NibSourceCheck(inputs: [], sources: sources).literalCoverage()
        #expect(coverage.map(\.skipped) == ["no storyboard among the inputs", "no storyboard among the inputs",
                                            "no storyboard among the inputs", "no nib or xib among the inputs"])
        #expect(coverage.map(\.literals) == [2, 2, 3, 2] && coverage.allSatisfy { $0.names == 0 })
    }
}
