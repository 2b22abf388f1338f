import Foundation
import Testing
import TestSupport
import NibModel
import ArchiveReader
import GraphExport
@testable import NibInspectCore

/// One rule for queries that match nothing (issue 11 item 8): `--source`, `--destination`,
/// `--focus`, `--scene` and `--variant` all exit 64 with one message shape.
@Suite("Queries that match nothing")
struct UnmatchedQueryTests {
    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output, console.errors)
    }

    static let samples = CLITests.packageRoot.appendingPathComponent("Samples")

    @Test("few candidates are listed in full; many as a count, the first ones and how to list them")
    func messageShape() {
        let few = UnmatchedQuery(query: "Nope", subject: .scene, candidates: ["Home", "Login"])
        #expect(QueryMessage.text(few, option: "--scene", listCommand: "'nibinspect tree X'")
                == "--scene 'Nope' matches no scene; scenes: Home, Login")
        let names = (1...30).map { "Item \($0)" }
        let many = UnmatchedQuery(query: "Zap", subject: .object, candidates: names)
        #expect(QueryMessage.text(many, option: "--focus", hint: "give an id", listCommand: "'nibinspect tree X'")
                == "--focus 'Zap' matches no object (give an id); 30 objects, the first 12: "
                + names.prefix(12).joined(separator: ", ") + ", …; 'nibinspect tree X' lists them all")
        let none = UnmatchedQuery(query: "a.nib", subject: .variant, scope: "x.nib", candidates: [])
        #expect(QueryMessage.text(none, option: "--variant") == "--variant 'a.nib' matches no variant in x.nib; there are no variants to choose from")
    }

    @Test("the library says what matched nothing as data and in words without an option; the command line names the option")
    func libraryNamesNoOption() {
        let focus = GraphError.focusNotFound("Zap", candidates: ["Login", "Sign In"])
        #expect(focus.unmatchedQuery == UnmatchedQuery(query: "Zap", subject: .object, candidates: ["Login", "Sign In"]))
        #expect(focus.description == "'Zap' matches no object; objects: Login, Sign In")
        #expect(QueryMessage.graph(focus)
                == "--focus 'Zap' matches no object (give an id like #12, a name, or a class); objects: Login, Sign In")
        let scene = GraphError.sceneNotFound("Nope", candidates: ["Home"])
        #expect(QueryMessage.graph(scene)
                == "--scene 'Nope' matches no scene (give a storyboard identifier, nib name or class); scenes: Home")
        let variant = VariantNotFound(requested: "a.nib", container: "x.nib", available: [])
        #expect(variant.unmatchedQuery.subject == .variant && variant.unmatchedQuery.scope == "x.nib")
        #expect(!variant.description.contains("--"))
        #expect(QueryMessage.variant(variant) == "--variant 'a.nib' matches no variant in x.nib "
                + "(--variant applies to nib bundle directories); there are no variants to choose from")
    }

    @Test("every query option: exit 64, 'OPTION 'QUERY' matches no …' on stderr, nothing on stdout", arguments: [
        ["connections", "--source", "Nope", "MainMenu.nib"],
        ["connections", "--destination", "Nope", "MainMenu.nib"],
        ["graph", "--focus", "Nope", "MainMenu.nib"],
        ["graph", "--scene", "Nope", "MainMenu.nib"],
        ["tree", "--variant", "nope.nib", "MainMenu.nib"],
        ["json", "--variant", "nope.nib", "MainMenu.nib"],
    ])
    func everyOption(_ args: [String]) {
        let path = Self.samples.appendingPathComponent(args.last!).path
        let r = run(Array(args.dropLast()) + [path])
        #expect(r.code == .usage, "\(r.err)")
        #expect(r.out.isEmpty)
        let option = args[1], query = args[2]
        #expect(r.err.hasPrefix("Error: \(option) '\(query)' matches no "), "\(r.err)")
        #expect(r.err.split(separator: "\n").count == 3, "one message line, then usage: \(r.err)")
    }
}
