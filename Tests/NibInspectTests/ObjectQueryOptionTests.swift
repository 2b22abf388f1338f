import Foundation
import Testing
import NibModel
@testable import NibInspectCore

/// Every option that takes an object (`connections --source`, `connections --destination`,
/// `graph --focus`) goes through NibModel's ``ObjectQuery`` and so accepts the same forms: id,
/// bare number, name, class, custom class and module-qualified custom class.
@Suite("object query options")
struct ObjectQueryOptionTests {
    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output, console.errors)
    }

    static let nib = CLITests.packageRoot.appendingPathComponent("Samples/MainMenu.nib").path

    /// Forms naming the app delegate (`#8 MenuDemo.AppDelegate (NSObject)`), the menu item
    /// `#27 "Preferences…"` and File's Owner.
    static let forms = ["#8", "8", "AppDelegate", "MenuDemo.AppDelegate", "Preferences…", "#27", "File's Owner", "NSMenuItem"]

    @Test("--source, --destination and --focus accept every form", arguments: forms)
    func everyOptionAcceptsEveryForm(query: String) {
        for args in [["connections", "--source", query], ["connections", "--destination", query], ["graph", "--focus", query]] {
            let r = run(args + [Self.nib])
            #expect(r.code == .success, "\(args): \(r.err)")
            #expect(r.err.isEmpty, "\(args)")
        }
    }

    @Test("the module-qualified custom class focuses the same object as the custom class and its id")
    func qualifiedFocus() {
        let plain = run(["graph", "--focus", "AppDelegate", Self.nib])
        #expect(plain.code == .success && plain.out.contains("digraph"))
        #expect(run(["graph", "--focus", "MenuDemo.AppDelegate", Self.nib]).out == plain.out)
        #expect(run(["graph", "--focus", "#8", Self.nib]).out == plain.out)
        let source = run(["connections", "--source", "MenuDemo.AppDelegate", Self.nib])
        #expect(source.out == run(["connections", "--source", "8", Self.nib]).out)
        #expect(source.out == "#8 MenuDemo.AppDelegate (NSObject)  outlet window → #47 NSWindow \"MenuDemo\"\n")
    }

    @Test("a query naming nothing is refused by every option")
    func unmatched() {
        for args in [["connections", "--source", "Nope.AppDelegate"], ["connections", "--destination", "#999"],
                     ["graph", "--focus", "Nope.AppDelegate"]] {
            #expect(run(args + [Self.nib]).code == .usage, "\(args)")
        }
    }

    @Test("best match: an id hides name and class matches, a name hides class matches")
    func bestMatches() {
        let objects = [NibObject(id: ObjectID("#1"), className: "UIView", name: "UIButton"),
                       NibObject(id: ObjectID("#2"), className: "UIButton", customClass: "Pay", customModule: "Shop"),
                       NibObject(id: ObjectID("UIButton"), className: "UILabel")]
        let document = NibDocument(name: "d", platform: .iOS, format: .xib, objects: objects)
        #expect(ObjectQuery("UIButton").bestMatches(in: document) == [ObjectID("UIButton")])
        #expect(ObjectQuery("Shop.Pay").bestMatches(in: document) == [ObjectID("#2")])
        #expect(ObjectQuery("2").bestMatches(in: document) == [ObjectID("#2")])
        #expect(ObjectQuery("UIButton").matches(ObjectID("#1"), in: document))
        #expect(ObjectQuery("UIButton").matches(ObjectID("#2"), in: document))
        #expect(!ObjectQuery("Pay.Shop").matches(ObjectID("#2"), in: document))
        #expect(ObjectQuery("UIButton", controllerObjects: ["d": [ObjectID("#1")]]).bestMatches(in: document)
                == [ObjectID("UIButton"), ObjectID("#1")])
    }
}
