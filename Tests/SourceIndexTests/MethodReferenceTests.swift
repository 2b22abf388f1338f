import Foundation
import SourceIndex
import SwiftSourceParser
import Testing

/// Code that names methods (``MethodReference``), which keeps an `@IBAction` from being a dead
/// action: Swift selectors, selector strings and calls; Objective-C `@selector`, strings and sends.
@Suite struct MethodReferenceTests {
    static let swift = """
    import UIKit
    final class A: UIViewController {
        @IBAction func save(_ sender: Any) {}
        @IBAction func share(sender: Any) {}
        @IBAction func refresh(_ sender: Any) {}
        @IBAction func open(_ sender: Any) {}
        @IBAction func never(_ sender: Any) {}
        @IBAction func bare(_ sender: Any) {}
        @objc(customName:) func renamed(_ sender: Any) {}
        @IBAction override func copy(_ sender: Any?) {}
        func wire(_ b: UIButton) {
            b.addTarget(self, action: #selector(save(_:)), for: .touchUpInside)
            NSApp.sendAction(Selector("shareWithSender:"), to: nil, from: self)
            let table = ["refresh:"]
            DispatchQueue.main.async { self.open(b) }
            _ = #selector(A.bare)
            _ = #selector(renamed(_:))
        }
    }
    """

    @Test func swiftSelectorsStringsAndCalls() throws {
        let facts = try #require(SwiftSourceReader.available).read(Self.swift, file: "A.swift", module: "App")
        let index = SourceIndex([facts])
        let a = try #require(index.class(named: "A"))
        func named(_ selector: String) -> MethodReference? { a.method(selector: selector).flatMap(index.reference(to:)) }
        #expect(named("save:")?.kind == .selector && named("save:")?.location.line == 12)
        #expect(named("shareWithSender:")?.isObjCSelector == true)
        #expect(named("refresh:")?.location.line == 14)             // a selector-shaped string literal
        #expect(named("open:")?.kind == .call)                       // a call, inside a closure
        #expect(named("bare:") != nil)                               // #selector(A.bare): by base name
        #expect(named("customName:") != nil)                         // @objc(customName:), named by its Swift name
        #expect(named("never:") == nil)
        #expect(a.method(selector: "copy:")?.isOverride == true)
        #expect(MethodReference.looksLikeSelector("tap:forEvent:") && !MethodReference.looksLikeSelector("hello")
                && !MethodReference.looksLikeSelector("a b:") && !MethodReference.looksLikeSelector("::"))
    }

    @Test func objectiveCSelectorsStringsAndSends() throws {
        let text = """
        @implementation B
        - (IBAction)save:(id)sender {}
        - (IBAction)find:(id)sender {}
        - (IBAction)other:(id)sender {}
        - (IBAction)never:(id)sender {}
        - (void)wire:(NSButton *)b {
            [b setAction:@selector(save:)];
            [NSApp sendAction:NSSelectorFromString(@"find:") to:nil from:self];
            [self other:nil];
        }
        @end
        """
        let index = SourceIndex([ObjCSourceReader.read(text, file: "B.m")])
        let b = try #require(index.class(named: "B"))
        #expect(b.method(selector: "save:").flatMap(index.reference(to:))?.isObjCSelector == true)
        #expect(b.method(selector: "find:").flatMap(index.reference(to:)) != nil)
        #expect(b.method(selector: "other:").flatMap(index.reference(to:))?.kind == .call)
        #expect(b.method(selector: "never:").flatMap(index.reference(to:)) == nil)
    }

    @Test func outletUsesInClosuresAndAssignmentsAreRecorded() throws {
        let text = """
        final class C: UIViewController {
            @IBOutlet weak var label: UILabel!
            @IBOutlet weak var field: UITextField!
            override func viewDidLoad() {
                DispatchQueue.main.async { self.label.text = "x" }
                field = UITextField()
            }
        }
        """
        let facts = try #require(SwiftSourceReader.available).read(text, file: "C.swift", module: "App")
        let c = try #require(SourceIndex([facts]).class(named: "C"))
        #expect(c.outletUses.contains { $0.outlet == "label" && $0.method == "closure" && !$0.isAssignment })
        #expect(c.outletUses.contains { $0.outlet == "field" && $0.method == "viewDidLoad" && $0.isAssignment })
    }
}
