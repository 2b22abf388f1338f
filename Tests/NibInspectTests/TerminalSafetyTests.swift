import Foundation
import Testing
import TestSupport
@testable import ArchiveReader
@testable import NibInspectCore

/// Control characters from an input never reach the terminal raw (issue 11 item 10): class names,
/// names, labels, keys and file names with ESC, BEL, NUL, newlines or bidi overrides are escaped in
/// `tree`, `tree --raw`, `connections` (text and tsv) and in one-line error messages.
@Suite("Terminal safety")
struct TerminalSafetyTests {
    /// A UIKit nib whose class name, object name, outlet label and a property hold `evil`.
    static func hostileNib(_ evil: String = evilText) throws -> [UInt8] {
        var b = GraphBuilder(.nibArchive)
        let root = b.add("NSObject")
        let owner = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("IBFilesOwner"))])
        let view = b.add("UIClassSwapper", [("UIClassName", b.string("Evil" + evil)), ("UIOriginalClassName", b.string("UIView")),
                                            ("UIText", b.string(evil))])
        let label = b.add("UILabel", [("UIText", b.string(evil)), ("UIAccessibilityIdentifier", b.string(evil))])
        b.set(view, "UISubviews", b.array([label], className: "NSMutableArray"))
        b.set(label, "UISuperview", view)
        let outlet = b.add("UIRuntimeOutletConnection", [("UILabel", b.string("out" + evil)), ("UISource", owner), ("UIDestination", label)])
        b.set(root, "UINibObjectsKey", b.array([owner, view, label]))
        b.set(root, "UINibTopLevelObjectsKey", b.array([view]))
        b.set(root, "UINibConnectionsKey", b.array([outlet]))
        return try NibArchiveWriter().encode(b.graph(root: root))
    }

    static let evilText = "A\u{1B}]0;pwned\u{07}\u{1B}[2J\u{0}B\nC\u{202E}D\u{9B}E"

    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output, console.errors)
    }

    /// No control character but the line feeds that end lines (and the tabs between tsv fields),
    /// no bidi override.
    static func isClean(_ text: String, tabs: Bool = false) -> Bool {
        !text.unicodeScalars.contains { s in
            (s.value < 0x20 && s != "\n" && !(tabs && s == "\t")) || (s.value >= 0x7F && s.value <= 0x9F) || (0x202A...0x202E).contains(s.value)
        }
    }

    @Test("tree, tree --raw and connections escape what the input holds", arguments: [
        ["tree", "--properties", "--incoming"], ["tree", "--raw"], ["connections"], ["connections", "--format", "tsv"],
    ])
    func outputs(_ command: [String]) throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try tree.write("evil.nib", try Self.hostileNib())
        let r = run(command + [path])
        #expect(r.code == .success, "\(r.err)")
        #expect(r.out.contains("\\u{1b}]0;pwned\\u{7}"), "\(r.out)")
        #expect(Self.isClean(r.out, tabs: command.contains("tsv")), "\(r.out.debugDescription)")
        #expect(Self.isClean(r.err), "\(r.err.debugDescription)")
    }

    @Test("a malformed file whose name holds control characters still gets a one-line error")
    func errorStaysOneLine() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try tree.write("bad\u{1B}[2J\nname.nib", Array(try Self.hostileNib().prefix(60)))
        let r = run(["tree", path])
        #expect(r.code == .dataError)
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err.debugDescription)")
        #expect(Self.isClean(r.err), "\(r.err.debugDescription)")
        #expect(r.err.contains("bad\\u{1b}[2J\\nname.nib"))
    }
}
