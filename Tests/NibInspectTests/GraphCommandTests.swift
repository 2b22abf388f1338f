import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore

/// `nibinspect graph` on hand-built inputs (the loading step is covered by the corpus tests).
@Suite struct GraphCommandTests {
    static var input: NibInput {
        let owner = NibObject(id: ObjectID("#1"), className: "UIProxyObject", customClass: "LoginViewController",
                              placeholder: Placeholder(kind: .filesOwner, identifier: "IBFilesOwner"))
        let button = NibObject(id: ObjectID("#2"), className: "UIButton", name: "Sign In")
        let label = NibObject(id: ObjectID("#3"), className: "UILabel", name: "Hello")
        let doc = NibDocument(
            name: "Login.nib", platform: .iOS, format: .nibArchive, objects: [owner, button, label],
            connections: [
                Connection(kind: .outlet, source: owner.id, destination: label.id, label: "greeting"),
                Connection(kind: .action, source: button.id, destination: owner.id, label: "signIn:",
                           controlEvents: ControlEvents(rawValue: 0x40)),
            ],
            diagnostics: [Diagnostic(.unrecognizedArchiveRoot, "a resolver warning")])
        return NibInput(path: "Login.nib", kind: "NIBArchive", documents: [doc])
    }

    func draw(_ arguments: [String]) throws -> (ExitCode, Console) {
        let console = Console.capturing()
        let args = try ParsedArguments(arguments + ["Login.nib"], spec: GraphCommand.spec)
        let code = try GraphCommand.draw(Self.input, args, Context(console: console, opener: NibOpener()))
        return (code, console)
    }

    @Test func dotToStdoutByDefault() throws {
        let (code, console) = try draw([])
        #expect(code == .success)
        #expect(console.output.hasPrefix("digraph \"Login.nib\" {"))
        #expect(console.output.contains("\"#2\" -> \"#1\""))
        #expect(console.errors == "nibinspect: warning: Login.nib: a resolver warning [unrecognized-archive-root]\n")
    }

    @Test func optionsReachTheGraph() throws {
        let (_, console) = try draw(["--kinds", "action", "--rankdir", "TB"])
        #expect(console.output.contains("rankdir=\"TB\""))
        #expect(console.output.contains("signIn:"))
        #expect(!console.output.contains("greeting"))
        let (_, focused) = try draw(["--focus", "Hello"])
        #expect(focused.output.contains("greeting"))
        #expect(!focused.output.contains("signIn:"))
    }

    @Test func svgToAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: url) }
        let (code, console) = try draw(["--format", "svg", "-o", url.path])
        #expect(code == .success)
        #expect(console.output.isEmpty)
        let svg = try String(contentsOf: url, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<title>#1</title>"))
    }

    /// PNG and PDF are rendered in-process by libgvc's cairo plugin, written as bytes.
    @Test(arguments: [("png", [0x89, 0x50, 0x4E, 0x47] as [UInt8]), ("pdf", Array("%PDF-".utf8))])
    func pngAndPDFToAFile(_ format: String, _ magic: [UInt8]) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString).\(format)")
        defer { try? FileManager.default.removeItem(at: url) }
        let (code, console) = try draw(["--format", format, "-o", url.path])
        #expect(code == .success)
        #expect(console.output.isEmpty)
        let bytes = try [UInt8](Data(contentsOf: url))
        #expect(bytes.starts(with: magic))
        #expect(bytes.count > 1_000)
    }

    /// The legend is drawn unless --no-legend; nil-targeted actions only with --responder-chain.
    @Test func legendAndResponderChainOptions() throws {
        let (_, plain) = try draw([])
        #expect(plain.output.contains("label=<<TABLE"))
        #expect(plain.output.contains("outlet</FONT>"))
        let (_, bare) = try draw(["--no-legend"])
        #expect(!bare.output.contains("<TABLE"))
        #expect(bare.output.contains("label=\"Login.nib\""))
    }

    @Test func badKindsAndFocusAreUsageErrors() throws {
        #expect(throws: UsageError.self) { try draw(["--kinds", "outlet,wires"]) }
        #expect(throws: UsageError.self) { try draw(["--focus", "NoSuchView"]) }
    }

    @Test func refusesToOverwriteTheInput() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("graph-input-\(UUID().uuidString).nib")
        try Data([1, 2, 3]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let console = Console.capturing()
        let code = NibInspectCLI.run(["graph", url.path, "-o", url.path], console: console)
        #expect(code == .usage)
        #expect(console.errors.contains("never overwrites its input"))
        #expect(try Data(contentsOf: url) == Data([1, 2, 3]))
    }

    @Test func helpListsTheOptions() {
        let console = Console.capturing()
        #expect(NibInspectCLI.run(["graph", "--help"], console: console) == .success)
        for option in ["--format", "--hierarchy", "--rankdir", "--kinds", "--focus", "--output"] {
            #expect(console.output.contains(option), "\(option)")
        }
    }
}
