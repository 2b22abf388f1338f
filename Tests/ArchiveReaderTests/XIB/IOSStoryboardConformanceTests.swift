import TestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ArchiveReader
@testable import NibCompare
@testable import NibWriters
import NibModel

/// iOS storyboards with safe-area layout guides against the `.storyboardc` Apple's ibtool compiled
/// from them (issue 28): Apple's UIKitCatalog sample, 20 storyboards and the simulator build of
/// them, in `Tests/Conformance/uikitcatalog` (sources and licence in its NOTICE.md). Every source
/// agrees with its compiled storyboard; every compiled storyboard rebuilt by `nibinspect xib`
/// agrees with it too, writes each controller once and its safe-area guides with the constraints
/// to them; and `compare` sees a rebuilt storyboard that lost a safe-area guide or a segment title.
@Suite("iOS storyboard conformance (UIKitCatalog)")
struct IOSStoryboardConformanceTests {
    static let root = Corpus.packageRoot.appendingPathComponent("Tests/Conformance/uikitcatalog")

    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("sources").path)
            .filter { $0.hasSuffix(".storyboard") }.map { String($0.dropLast(".storyboard".count)) }.sorted()
    }

    /// The compiled storyboard `name`, as `compare` reads it: the input, its hints and nesting.
    static func compiled(_ name: String) throws -> (NibInput, [String: [ObjectID: String]], [String: ArchiveNesting]) {
        var opener = NibOpener()
        opener.retention = .graphs
        let opened = try opener.open(.path(root.appendingPathComponent("compiled/\(name).storyboardc").path))
        var hints: [String: [ObjectID: String]] = [:], nesting: [String: ArchiveNesting] = [:]
        let names = Set(opened.input.documents.map(\.name))
        for a in opened.loaded?.archives ?? [] {
            hints[a.name] = LocalizationHints.sourceIDs(in: a.graph)
            if let n = a.nesting, names.contains(a.name) { nesting[a.name] = n }
        }
        return (opened.input, hints, nesting)
    }

    static func source(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("sources/\(name).storyboard"), encoding: .utf8)
    }

    static func compare(_ text: String, _ name: String) throws -> CompareReport {
        let (compiled, hints, nesting) = try Self.compiled(name)
        let source = try SourceReader.read(bytes: Array(text.utf8), name: "\(name).storyboard")
        return NibComparer.compare(source: source, compiled: compiled, hints: hints, nesting: nesting)
    }

    /// The ids of a storyboard's `<viewLayoutGuide key="safeArea">` elements, and how many
    /// `<constraint>`s name one of them as an item.
    static func safeArea(_ text: String) throws -> (guides: [String], constraints: Int) {
        let doc = try XMLDocument(data: Data(text.utf8), options: [])
        let guides = try doc.nodes(forXPath: "//viewLayoutGuide[@key='safeArea']/@id").compactMap(\.stringValue)
        let set = Set(guides)
        let constraints = try doc.nodes(forXPath: "//constraint").filter { n in
            guard let e = n as? XMLElement else { return false }
            return [e.attribute(forName: "firstItem")?.stringValue, e.attribute(forName: "secondItem")?.stringValue]
                .contains { $0.map(set.contains) ?? false }
        }.count
        return (guides, constraints)
    }

    @Test func everySourceAgreesWithItsCompiledStoryboard() throws {
        let names = try Self.names()
        #expect(names.count == 20)
        for name in names {
            let report = try Self.compare(try Self.source(name), name)
            #expect(report.agrees, "\(name): \(report.differences.map(\.message).prefix(5))")
        }
    }

    @Test func everyRebuiltStoryboardAgreesWithItsCompiledStoryboard() throws {
        var guides = 0, constraints = 0, controllers = 0
        for name in try Self.names() {
            let (compiled, _, _) = try Self.compiled(name)
            let text = try XIBWriter.source(for: compiled)
            let report = try Self.compare(text, name)
            #expect(report.agrees, "\(name): \(report.differences.map(\.message).prefix(5))")
            // Each controller once, and no id twice.
            let back = try SourceReader.read(bytes: Array(text.utf8), name: "\(name).storyboard")
            #expect((back.diagnostics + back.documents.flatMap(\.diagnostics)).isEmpty, "\(name)")
            let doc = try XMLDocument(data: Data(text.utf8), options: [])
            let ids = try doc.nodes(forXPath: "//@id").compactMap(\.stringValue)
            #expect(Set(ids).count == ids.count, "\(name): ids written twice: \(Dictionary(grouping: ids) { $0 }.filter { $0.value.count > 1 }.keys.sorted())")
            let scenes = try doc.nodes(forXPath: "//*[@sceneMemberID='viewController']").count
            #expect(scenes == compiled.storyboard?.controllers.count, "\(name): \(scenes) controllers written")
            controllers += scenes
            // The safe-area guides the compiled storyboard archives (an unused one is archived
            // without its view: LaunchScreen), and the constraints to them, as the source has them.
            let archived = compiled.documents.flatMap(\.objects).filter {
                $0.className == "UILayoutGuide" && $0.property("identifier")?.text == "UIViewSafeAreaLayoutGuide"
            }.count
            let rebuilt = try Self.safeArea(text), original = try Self.safeArea(try Self.source(name))
            #expect(rebuilt.guides.count == archived, "\(name)")
            #expect(rebuilt.constraints == original.constraints, "\(name): \(rebuilt.constraints) constraints to the safe area, \(original.constraints) in the source")
            guides += rebuilt.guides.count
            constraints += rebuilt.constraints
        }
        print("UIKitCatalog rebuilt: \(controllers) controllers, \(guides) safe-area guides, \(constraints) constraints to them")
        #expect(guides == 11 && constraints == 30)
    }

    /// The universal Main storyboard: ibtool archives the split view's navigation controllers
    /// and their roots again in the split view controller's nib; the rebuild writes each once.
    @Test func containedControllersAreWrittenOnce() throws {
        let (compiled, _, _) = try Self.compiled("Main")
        let text = try XIBWriter.source(for: compiled)
        let doc = try XMLDocument(data: Data(text.utf8), options: [])
        let controllers = try doc.nodes(forXPath: "//*[@sceneMemberID='viewController']").compactMap { ($0 as? XMLElement)?.name }.sorted()
        #expect(controllers == ["navigationController", "navigationController", "splitViewController", "tableViewController", "viewController"])
        #expect(try doc.nodes(forXPath: "//childViewControllers").isEmpty)
        #expect(try doc.nodes(forXPath: "//segue[@kind='relationship']").count == 4)
    }

    @Test func compareSeesALostSafeAreaGuide() throws {
        let (compiled, _, _) = try Self.compiled("PageControlViewController")
        let text = try XIBWriter.source(for: compiled)
        let guide = try #require(try Self.safeArea(text).guides.first)
        // The guide and the constraints to it dropped, as a writer that does not know them would.
        let lost = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("\"\(guide)\"") }.joined(separator: "\n")
        let report = try Self.compare(lost, "PageControlViewController")
        #expect(!report.agrees)
        let onlyCompiled = report.differences.filter { $0.kind == .objectOnlyInCompiled }.map(\.message)
        #expect(onlyCompiled.contains { $0.contains("UILayoutGuide") }, "\(onlyCompiled)")
        #expect(onlyCompiled.filter { $0.contains("NSLayoutConstraint") }.count == 6, "\(onlyCompiled)")
    }

    @Test func segmentTitlesSurviveAndCompareSeesThemLost() throws {
        let (compiled, _, _) = try Self.compiled("SegmentedControlViewController")
        let control = try #require(compiled.documents.flatMap(\.objects).first { $0.className == "UISegmentedControl" })
        #expect(control.property("segment[0].title")?.text == "Check" && control.property("segment[2].title")?.text == "Tools")
        let text = try XIBWriter.source(for: compiled)
        #expect(text.components(separatedBy: #"<segment title="Search"/>"#).count - 1 == 4)
        let source = try Self.source("SegmentedControlViewController")
        let edited = source.replacingOccurrences(of: #"<segment title="Check"/>"#, with: "<segment/>")
            .replacingOccurrences(of: #"<segment title="Tools"/>"#, with: #"<segment title="Tool"/>"#)
        let report = try Self.compare(edited, "SegmentedControlViewController")
        let found = Set(report.differences.map { "\($0.label ?? "") \($0.sourceValue ?? "-") \($0.compiledValue ?? "-")" })
        #expect(found == ["segment[0].title - Check", "segment[2].title Tool Tools"], "\(found)")
        #expect(report.differences.count == 8)
    }
}
