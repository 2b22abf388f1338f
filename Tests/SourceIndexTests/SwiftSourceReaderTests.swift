import Foundation
import Testing
import TestSupport
@testable import SourceIndex
@testable import SwiftSourceParser

@Suite struct SwiftSourceReaderTests {
    static let sample = #"""
    import UIKit

    @objc(LoginController)
    final class LoginViewController: BaseViewController, UITextFieldDelegate {
        @IBOutlet weak var nameField: UITextField!
        @IBOutlet var passwordField: UITextField?
        @IBOutlet private(set) var buttons: [UIButton]!
        @IBOutlet weak var weakButtons: [UIButton]!
        @IBInspectable var cornerRadius: CGFloat = 4
        var model: Model
        static var shared: LoginViewController?

        required init?(coder: NSCoder) {
            super.init(coder: coder)
            nameField.text = "x"
        }

        override func awakeFromNib() {
            super.awakeFromNib()
            self.passwordField?.isSecureTextEntry = true
            DispatchQueue.main.async { self.buttons.forEach { _ in } }
        }

        @IBAction func signIn(_ sender: Any) { performSegue(withIdentifier: "showHome", sender: self) }
        @IBAction func cancel() {}
        @IBAction func save(sender: UIButton) {}
        @IBAction func tap(_ sender: Any, forEvent event: UIEvent) {}
        @IBAction func move(to sender: Any) {}
        @objc(resetAll:) func reset(_ sender: Any) {}
        func helper(_ x: Int) {}

        override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
            let home = segue.destination as! HomeViewController
            home.titleLabel.text = "Hi"
        }
    }

    extension LoginViewController {
        @IBAction func forgot(_ sender: Any) {
            let vc = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Forgot")
            _ = UINib(nibName: "Row", bundle: nil)
            Bundle.main.loadNibNamed("Header", owner: self, options: nil)
            _ = UIViewController(nibName: "Plain\(1)", bundle: nil)
        }
    }

    class Cell<T>: UITableViewCell {}
    struct NotAClass { @IBOutlet var ignored: UILabel! }
    """#

    let facts = SwiftSourceReader.read(sample, file: "Login.swift", module: "App")

    var login: SourceClass? { SourceIndex([facts]).class(named: "LoginViewController") }

    @Test func classDeclarationAndExtensionMerge() throws {
        let c = try #require(login)
        #expect(c.objcName == "LoginController")
        #expect(c.superclass == "BaseViewController")
        #expect(c.module == "App")
        #expect(c.declarations == [SourceLocation(file: "Login.swift", line: 4, column: 13)])
        #expect(c.extensions.map(\.line) == [38])
        #expect(SourceIndex([facts]).class(named: "LoginController")?.name == "LoginViewController")
        #expect(SourceIndex([facts]).class(named: "Cell")?.isGeneric == true)
        #expect(SourceIndex([facts]).class(named: "NotAClass") == nil)
    }

    @Test func outletsWithStorageAndOptionality() throws {
        let c = try #require(login)
        #expect(c.outlets.map(\.name) == ["nameField", "passwordField", "buttons", "weakButtons"])
        let name = try #require(c.property("nameField"))
        #expect(name.isWeak && name.optionality == .implicitlyUnwrapped && name.type == "UITextField" && name.location.line == 5)
        #expect(c.property("passwordField")?.optionality == .optional)
        let buttons = try #require(c.property("buttons"))
        #expect(buttons.isCollection && buttons.elementType == "UIButton" && !buttons.isWeak)
        #expect(c.property("weakButtons")?.isWeak == true)
        #expect(c.property("cornerRadius")?.isInspectable == true)
        #expect(c.property("model")?.isOutlet == false)
        #expect(c.property("shared") == nil)
    }

    @Test func actionSelectorsFollowSwiftsRules() throws {
        let c = try #require(login)
        #expect(c.actions.map(\.selector) == ["signIn:", "cancel", "saveWithSender:", "tap:forEvent:", "moveTo:", "forgot:"])
        #expect(c.method(selector: "resetAll:")?.displayName == "reset(_:)")
        #expect(c.method(selector: "resetAll:")?.isObjCVisible == true)
        #expect(c.method(selector: "helper:")?.isObjCVisible == false)
        // An override keeps the selector of the Objective-C method it overrides.
        #expect(c.method(selector: "prepareForSegue:sender:")?.isObjCVisible == true)
        #expect(c.method(selector: "prepareFor:sender:") == nil)
    }

    @Test(arguments: [
        ("save", [String?](), "save"), ("save", [nil], "save:"), ("save", ["sender"], "saveWithSender:"),
        ("tap", [nil, "forEvent"], "tap:forEvent:"), ("move", ["to"], "moveTo:"), ("moveTo", ["x"], "moveToX:"),
        ("perform", ["with"], "performWith:"), ("didTap", [nil, nil], "didTap::"),
    ])
    func selector(base: String, labels: [String?], expected: String) {
        #expect(SwiftSourceReader.objcSelector(base: base, labels: labels) == expected)
    }

    @Test func outletUsesByMethodOutsideClosures() throws {
        let c = try #require(login)
        let uses = c.outletUses.map { "\($0.outlet)@\($0.method)\($0.isOnOtherObject ? "(other)" : "")" }
        #expect(uses.contains("nameField@init(coder:)"))
        #expect(uses.contains("passwordField@awakeFromNib"))
        #expect(!uses.contains("buttons@awakeFromNib"))          // inside a closure: runs later
    }

    @Test func otherObjectsOutletsInPrepareForSegue() throws {
        let home = SwiftSourceReader.read("class HomeViewController: UIViewController { @IBOutlet var titleLabel: UILabel! }",
                                          file: "Home.swift", module: "App")
        let index = SourceIndex([facts, home])
        let uses = try #require(index.class(named: "LoginViewController")).outletUses
        #expect(uses.contains { $0.outlet == "titleLabel" && $0.isOnOtherObject && $0.method == "prepare(for:sender:)" && $0.location.line == 34 })
    }

    @Test func literalsNamingSeguesScenesAndNibs() {
        // (Controllers made in code, `createdClass`, are the app map's: PresentationReaderTests.)
        let found = SourceIndex([facts]).literals.filter { $0.kind != .createdClass }
            .map { "\($0.kind.rawValue) \($0.value) \($0.enclosingClass ?? "-") \($0.location.line)" }
        #expect(found == [
            "segueIdentifier showHome LoginViewController 24",
            "storyboardName Main LoginViewController 40",
            "storyboardIdentifier Forgot LoginViewController 40",
            "nibName Row LoginViewController 41",
            "nibName Header LoginViewController 42",
        ])
    }

    @Test func brokenSwiftYieldsWhatParsedAndAProblemWithItsLine() {
        let text = "class A: UIView {\n  @IBOutlet var x: UILabel!\n  func (\n}\nclass B: A { @IBAction func go(_ s: Any) {} }\n"
        let facts = SwiftSourceReader.read(text, file: "Broken.swift", module: nil)
        let index = SourceIndex([facts])
        #expect(index.class(named: "A")?.outlets.map(\.name) == ["x"])
        #expect(index.class(named: "B")?.actions.map(\.selector) == ["go:"])
        #expect(!facts.problems.isEmpty)
        #expect(facts.problems.allSatisfy { $0.location.file == "Broken.swift" && $0.location.line >= 3 })
        #expect(facts.problems.first?.message.hasPrefix("Swift syntax error: expected") == true)
    }

    /// Fuzz finding: SwiftParser's inline-array lookahead doubles its time per nested `[`
    /// (`[[[…Int…]]]` 24 deep: 320 s). Such files are refused before parsing, with the line.
    @Test func deeplyNestedBracketsAreNotHandedToTheParser() {
        for text in ["let x: " + String(repeating: "[", count: 24) + "Int" + String(repeating: "]", count: 24),
                     "// [[[[[[[[[[[[[[[[\nlet s = \"[[[[[[[[[[[[[[[[\"\nclass A {}\n" + "let y = " + String(repeating: "[", count: 40)] {
            let facts = SwiftSourceReader.read(text, file: "Deep.swift", module: nil)
            #expect(facts.problems.count == 1)
            #expect(facts.problems.first?.message.hasPrefix("not read ('[' nested 7 deep") == true)
            #expect(facts.notRead?.reason == .nestingTooDeep)
        }
        // Brackets in comments and strings do not count.
        let ok = SwiftSourceReader.read("// " + String(repeating: "[", count: 40) + "\nlet s = \"" + String(repeating: "[", count: 40) + "\"\nclass A {}\n",
                                        file: "Ok.swift", module: nil)
        #expect(ok.problems.isEmpty && ok.classes.map(\.name) == ["A"])
        #expect(SwiftNesting.excess("\n\n" + String(repeating: "[", count: 13)) == .init(kind: .squareBrackets, depth: 7, line: 3))
    }

    /// Fuzz finding: SwiftParserDiagnostics' generator trapped (a FixIt assertion) on this input,
    /// minimised from 939 bytes; problems are now collected from the tree itself.
    @Test func replacementCharacterBeforeEqualsIsAProblemNotATrap() {
        let text = "l \u{FFFD}= "
        let facts = SwiftSourceReader.read(text, file: "E.swift", module: nil)
        #expect(!facts.problems.isEmpty)
    }

    @Test func hostileSwiftTerminates() {
        for text in [String(repeating: "{", count: 20_000), String(repeating: "(", count: 20_000),
                     "class A { " + String(repeating: "@IBOutlet ", count: 5_000), "\u{0}\u{FFFF}class"] {
            _ = SwiftSourceReader.read(text, file: "H.swift", module: nil)
        }
    }
}
