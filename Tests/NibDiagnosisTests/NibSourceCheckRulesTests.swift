import Testing
import NibModel
import SourceIndex
import SwiftSourceParser
@testable import NibDiagnosis

/// Rules of the checks on documents made in code, one rule per test.
@Suite struct NibSourceCheckRulesTests {
    /// A compiled-looking iOS document: File's Owner of `owner` with one outlet `label` to a view.
    static func document(owner: String, label: String, kind: Connection.Kind = .outlet, format: SourceFormat = .xib) -> NibInput {
        let doc = NibDocument(name: "Screen.xib", path: "/app/Screen.xib", platform: .iOS, format: format, objects: [
            NibObject(id: ObjectID("-1"), className: "IBFilesOwner", customClass: owner, customModule: "App",
                      placeholder: Placeholder(kind: .filesOwner, identifier: "IBFilesOwner")),
            NibObject(id: ObjectID("v"), className: "UIView"),
        ], topLevelObjects: [ObjectID("v")], connections: [
            Connection(kind: kind, source: kind == .action ? ObjectID("v") : ObjectID("-1"),
                       destination: kind == .action ? ObjectID("-1") : ObjectID("v"), label: label),
            Connection(kind: .outlet, source: ObjectID("-1"), destination: ObjectID("v"), label: "view"),
        ])
        return NibInput(path: "/app/Screen.xib", kind: "file", documents: [doc])
    }

    static func sources(_ swift: String) -> SourceIndex {
        SourceIndex([SwiftSourceReader.read(swift, file: "/app/Sources/App/Screen.swift", module: "App")])
    }

    @Test func aClassThatTakesAnyKeyHasNoUndeclaredOutlets() {
        let plain = NibSourceCheck(inputs: [Self.document(owner: "Bag", label: "anything")],
                                   sources: Self.sources("class Bag: UIViewController {}"))
        #expect(plain.findings().map(\.code) == [.undeclaredOutlet])
        let bag = NibSourceCheck(inputs: [Self.document(owner: "Bag", label: "anything")], sources: Self.sources("""
            class Base: UIViewController { override func setValue(_ value: Any?, forUndefinedKey key: String) {} }
            class Bag: Base {}
            """))
        #expect(bag.findings().isEmpty)
    }

    @Test func aClassThatForwardsMessagesHasNoUndeclaredActions() {
        let plain = NibSourceCheck(inputs: [Self.document(owner: "Proxy", label: "go:", kind: .action)],
                                   sources: Self.sources("class Proxy: UIViewController {}"))
        #expect(plain.findings().map(\.code) == [.undeclaredAction])
        let forwarding = NibSourceCheck(inputs: [Self.document(owner: "Proxy", label: "go:", kind: .action)], sources: Self.sources("""
            class Proxy: UIViewController { override func forwardingTarget(for aSelector: Selector!) -> Any? { nil } }
            """))
        #expect(forwarding.findings().isEmpty)
    }

    @Test func frameworkOutletsAndExtensionsOfFrameworkClassesAreDeclared() {
        let check = NibSourceCheck(inputs: [Self.document(owner: "Screen", label: "glow")], sources: Self.sources("""
            class Screen: UIViewController {}
            extension UIViewController { @IBOutlet var glow: UIView? { get { nil } set {} } }
            """))
        #expect(check.findings().isEmpty)
    }

    @Test func classProblemsOnFilesOwnerAreInfoOnly() {
        let check = NibSourceCheck(inputs: [Self.document(owner: "Gone", label: "title")],
                                   sources: Self.sources("class Other: UIViewController {}"))
        let f = check.findings()
        #expect(f.map(\.code) == [.unknownClass])
        #expect(f.first?.severity == .info)
    }

    /// Review finding: `initialSetup` is not an initialiser; only `init`, `init(…)` and Objective-C
    /// `initWith…:` are.
    @Test func onlyInitialisersCountAsUsesBeforeLoad() {
        let input = Self.document(owner: "V", label: "l")
        let early = NibSourceCheck(inputs: [input], sources: Self.sources("""
            class V: UIViewController {
                @IBOutlet var l: UILabel!
                func initialSetup() { l.text = "" }
                required init?(coder: NSCoder) { super.init(coder: coder); l.text = "" }
            }
            """)).findings().filter { $0.code == .outletUsedBeforeLoad }
        #expect(early.map(\.sourcesText) == [["Screen.swift:4"]])
        #expect(early.first?.sources.first?.file == "/app/Sources/App/Screen.swift")
        // It names the documents the class is loaded from.
        #expect(early.first?.message.hasSuffix("outlets are set after the initialiser returns (V is loaded from Screen.xib)") == true)
    }
}

/// A cell xib whose File's Owner has no class and carries the outlet the cell declares (issue 26).
@Suite struct OwnerOutletTests {
    static func cellXib(ownerClass: String? = nil, format: SourceFormat = .xib) -> NibInput {
        let doc = NibDocument(name: "ProfileCell.xib", path: "/app/ProfileCell.xib", platform: .iOS, format: format, objects: [
            NibObject(id: ObjectID("-1"), className: "IBFilesOwner", customClass: ownerClass,
                      placeholder: Placeholder(kind: .filesOwner, identifier: "IBFilesOwner")),
            NibObject(id: ObjectID("cell"), className: "UITableViewCell", customClass: "ProfileCell", customModule: "App"),
            NibObject(id: ObjectID("name"), className: "UILabel", parent: ObjectID("cell")),
        ], topLevelObjects: [ObjectID("cell")], connections: [
            Connection(kind: .outlet, source: ObjectID("-1"), destination: ObjectID("name"), label: "nameLabel"),
        ])
        return NibInput(path: "/app/ProfileCell.xib", kind: "file", documents: [doc])
    }

    static let sources = NibSourceCheckRulesTests.sources("class ProfileCell: UITableViewCell { @IBOutlet weak var nameLabel: UILabel! }")

    @Test func anOutletWiredFromAClasslessOwnerIsOnTheWrongObject() throws {
        let findings = NibSourceCheck(inputs: [Self.cellXib()], sources: Self.sources).findings()
        #expect(findings.map(\.code) == [.outletOnWrongObject], "\(findings)")
        let f = try #require(findings.first)
        #expect(f.member == "nameLabel" && f.className == "App.ProfileCell" && f.object == "File's Owner")
        #expect(f.message == "Outlet nameLabel is connected from File's Owner, which has no class, but ProfileCell declares it: ProfileCell.nameLabel stays nil, and loading the nib with an owner raises 'not key value coding-compliant for the key nameLabel'")
        #expect(f.sourcesText == ["Screen.swift:1"])
    }

    /// A compiled nib's File's Owner never has a class: no finding there (the loader gives the owner);
    /// the cell's outlet is still not connected.
    @Test func compiledNibsAreLeftToTheLoader() {
        let findings = NibSourceCheck(inputs: [Self.cellXib(format: .nibArchive)], sources: Self.sources).findings()
        #expect(!findings.contains { $0.code == .outletOnWrongObject })
    }
}
