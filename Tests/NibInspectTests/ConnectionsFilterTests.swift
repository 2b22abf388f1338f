import Foundation
import Testing
@testable import NibInspectCore

/// `connections --source/--destination` on the samples: First Responder on both platforms
/// (iOS archives it as a placeholder, macOS leaves a nil-targeted action's destination out), and
/// a warning when a filter names no object.
@Suite("connections filters")
struct ConnectionsFilterTests {
    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output, console.errors)
    }

    static let samples = CLITests.packageRoot.appendingPathComponent("Samples")

    @Test("--destination 'First Responder' finds nil-targeted actions on macOS and iOS")
    func firstResponder() {
        let mac = run(["connections", "--kind", "action", "--destination", "First Responder",
                       Self.samples.appendingPathComponent("MainMenu.nib").path])
        #expect(mac.code == .success)
        #expect(mac.out.split(separator: "\n").map { $0.components(separatedBy: "action ").last ?? "" } == [
            "terminate: → First Responder (responder chain)",
            "newDocument: → First Responder (responder chain)",
            "openDocument: → First Responder (responder chain)",
        ])
        let ios = run(["connections", "--destination", "First Responder",
                       Self.samples.appendingPathComponent("LoginViewController.nib").path])
        #expect(ios.out.contains("action forgotPassword: → First Responder (responder chain) [touchUpInside]"))
        #expect(ios.out.split(separator: "\n").count == 1)
        let tsv = run(["connections", "--format", "tsv", "--destination", "First Responder",
                       Self.samples.appendingPathComponent("MainMenu.nib").path])
        #expect(tsv.out.split(separator: "\n").dropFirst().allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false)[6] == "First Responder" })
    }

    @Test("a filter that names no object is a usage error listing what there is, and prints nothing")
    func unknownFilter() {
        let r = run(["connections", "--source", "NoSuchThing", Self.samples.appendingPathComponent("MainMenu.nib").path])
        #expect(r.code == .usage)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("--source 'NoSuchThing' matches no object"))
        #expect(r.err.contains(" objects, the first 12: "))
        #expect(r.err.contains("File's Owner") && r.err.contains("MenuDemo.AppDelegate"))
        let known = run(["connections", "--source", "File's Owner", Self.samples.appendingPathComponent("MainMenu.nib").path])
        #expect(known.err.isEmpty)
        #expect(known.out.contains("outlet delegate → #8 MenuDemo.AppDelegate (NSObject)"))
    }
}
