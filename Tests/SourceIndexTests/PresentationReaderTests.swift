import Foundation
import Testing
@testable import SourceIndex
@testable import SwiftSourceParser

/// The controllers code shows and makes (``SourceLiteral/Kind/presentedClass``,
/// ``SourceLiteral/Kind/createdClass``), as the app map draws them.
@Suite struct PresentationReaderTests {
    static func shown(_ facts: SourceFileFacts) -> [String] {
        facts.literals.filter { $0.kind == .presentedClass }.map { "\($0.call ?? "-") \($0.value) @\($0.location.line)" }
    }

    @Test func swift() throws {
        try #require(SwiftSourceReader.available != nil, "built without SwiftParser")
        let text = """
        class Home: UIViewController {
            func a() { present(AboutViewController(), animated: true) }
            func b() {
                let detail = DetailViewController(item: 1)
                navigationController?.pushViewController(detail, animated: true)
            }
            func c() {
                let nav = UINavigationController(rootViewController: EditorViewController())
                present(nav, animated: true)
            }
            func d() {
                let vc = storyboard!.instantiateViewController(withIdentifier: "X") as! XViewController
                show(vc, sender: nil)
                guard let typed = self.makeThing() as? ThingViewController else { return }
                show(typed, sender: nil)
            }
            func e() { present(UIAlertController(title: nil, message: nil, preferredStyle: .alert), animated: true) }
            func f() { _ = storyboard?.instantiateViewController(identifier: "Y") }
        }
        """
        let facts = SwiftSourceReader.read(text, file: "Home.swift", module: nil)
        #expect(Self.shown(facts) == [
            "present AboutViewController @2", "pushViewController DetailViewController @5", "present EditorViewController @9",
            "show ThingViewController @15", "present UIAlertController @17",
        ])
        #expect(facts.literals.filter { $0.kind == .presentedClass }.allSatisfy { $0.enclosingClass == "Home" })
        #expect(facts.literals.filter { $0.kind == .storyboardIdentifier }.map(\.value) == ["X", "Y"])
        #expect(facts.literals.filter { $0.kind == .createdClass }.map(\.value)
                == ["AboutViewController", "DetailViewController", "UINavigationController", "EditorViewController", "UIAlertController"])
    }

    @Test func objectiveC() {
        let text = """
        @implementation Home
        - (void)a { [self presentViewController:[[AboutViewController alloc] init] animated:YES completion:nil]; }
        - (void)b {
            DetailViewController *detail = [[DetailViewController alloc] initWithNibName:@"Detail" bundle:nil];
            [self.navigationController pushViewController:detail animated:YES];
        }
        - (void)c {
            UIViewController *x = [self.storyboard instantiateViewControllerWithIdentifier:@"X"];
            [self presentViewController:x animated:YES completion:nil];
            [self showViewController:[EditorViewController new] sender:nil];
        }
        @end
        """
        let facts = ObjCSourceReader.read(text, file: "Home.m")
        #expect(Self.shown(facts) == [
            "presentViewController AboutViewController @2", "pushViewController DetailViewController @5",
            "showViewController EditorViewController @10",
        ])
        #expect(facts.literals.filter { $0.kind == .createdClass }.map(\.value) == ["AboutViewController", "DetailViewController", "EditorViewController"])
    }
}
