import Foundation
import NibModel
import Testing
@testable import NibDiagnosis

/// What lint findings say (issue 26, "Also from the same trial"): verifyAmbiguity="off" is
/// honoured, an unassociated label beside a field is named, an action beside a triggered segue is
/// intentional. Documents made in code.
@Suite struct LintWordingTests {
    static func lint(_ objects: [NibObject], _ connections: [Connection] = [], format: SourceFormat = .xib,
                     platform: Platform = .iOS) -> [Finding] {
        let document = NibDocument(name: "A", platform: platform, format: format, objects: objects, connections: connections)
        return NibLint.findings([NibInput(path: "A", kind: "xib", documents: [document])])
    }

    @Test("ambiguous-layout: a view whose ambiguity is never verified (verifyAmbiguity=\"off\") is not reported ambiguous")
    func verifyAmbiguityOff() {
        let off = NibObject(id: ObjectID("v1"), className: "UIScrollView",
                            properties: [Property("ambiguous", .bool(true)), Property("verifyAmbiguity", .string("off"))])
        #expect(Self.lint([off]).filter { $0.code == .ambiguousLayout }.isEmpty)
        let on = NibObject(id: ObjectID("v2"), className: "UIScrollView", properties: [Property("ambiguous", .bool(true))])
        #expect(Self.lint([on]).map(\.code).contains(.ambiguousLayout))
        // Misplaced is another check: still reported.
        let misplaced = NibObject(id: ObjectID("v3"), className: "UIScrollView",
                                  properties: [Property("misplaced", .bool(true)), Property("verifyAmbiguity", .string("off"))])
        #expect(Self.lint([misplaced]).map(\.code).contains(.ambiguousLayout))
    }

    @Test("placeholder-as-label: a visible label beside the field that is not associated is named, with how to associate it")
    func labelBeside() throws {
        let root = NibObject(id: ObjectID("r"), className: "UIView", children: [ObjectID("l"), ObjectID("f")],
                             properties: [Property("frame", .rect(Rect(x: 0, y: 0, width: 320, height: 200)))])
        let label = NibObject(id: ObjectID("l"), className: "UILabel", parent: ObjectID("r"),
                              properties: [Property("text", .string("Email")), Property("frame", .rect(Rect(x: 20, y: 20, width: 60, height: 30)))])
        let field = NibObject(id: ObjectID("f"), className: "UITextField", parent: ObjectID("r"),
                              properties: [Property("placeholder", .string("you@example.com")),
                                           Property("frame", .rect(Rect(x: 90, y: 20, width: 200, height: 30)))])
        let f = try #require(Self.lint([root, label, field]).first { $0.code == .placeholderAsLabel })
        #expect(f.message.hasPrefix("UIView › UITextField has a visible label beside it, UIView › UILabel, that is not associated with it"))
        #expect(f.fix?.contains("set the field's accessibility label to \"Email\"") == true)
        // Far away: the placeholder is the only label.
        var far = label
        far.properties = [Property("text", .string("Email")), Property("frame", .rect(Rect(x: 20, y: 150, width: 60, height: 30)))]
        let g = try #require(Self.lint([root, far, field]).first { $0.code == .placeholderAsLabel })
        #expect(g.message.contains("only label is its placeholder"))
    }

    @Test("event-to-several-targets: an action plus a triggered segue is intentional; a second action still is not")
    func actionAndSegue() throws {
        let button = NibObject(id: ObjectID("b"), className: "UIButton")
        let owner = NibObject(id: ObjectID("o"), className: "UIViewController")
        let template = NibObject(id: ObjectID("s"), className: "UIStoryboardShowSegueTemplate")
        let tap = ControlEvents(rawValue: 0x40)
        let action = Connection(kind: .action, source: ObjectID("b"), destination: ObjectID("o"), label: "open:", controlEvents: tap)
        let segue = Connection(kind: .action, source: ObjectID("b"), destination: ObjectID("s"), label: "perform:", controlEvents: tap)
        #expect(Self.lint([button, owner, template], [action, segue], format: .nibArchive).filter { $0.code == .eventToSeveralTargets }.isEmpty)
        let second = Connection(kind: .action, source: ObjectID("b"), destination: ObjectID("o"), label: "log:", controlEvents: tap)
        let f = try #require(Self.lint([button, owner, template], [action, segue, second], format: .nibArchive)
            .first { $0.code == .eventToSeveralTargets })
        #expect(f.message.contains("to 2 actions (open: → ") && !f.message.contains("perform:"))
        #expect(f.fix?.hasSuffix("the triggered segue is intended, keep it") == true)
    }
}
