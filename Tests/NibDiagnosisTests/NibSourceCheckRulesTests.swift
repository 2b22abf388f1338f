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
        #expect(early.map(\.sources) == [["Screen.swift:4"]])
    }
}
