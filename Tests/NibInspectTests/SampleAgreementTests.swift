import Foundation
import Testing
@testable import NibInspectCore
@testable import ArchiveReader

/// Each sample nib in Samples/ says what its hand-written xib says (issue: xib ↔ nib agreement),
/// and the two encodings of the macOS sample (keyed archive, coder-10 NIBArchive) resolve to the
/// same connection table.
@Suite("Samples agree with their xib sources")
struct SampleAgreementTests {
    static let samples = CLITests.packageRoot.appendingPathComponent("Samples")

    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output, console.errors)
    }

    @Test("compare SOURCE COMPILED agrees (exit 0) for every sample and variant", arguments: [
        ("LoginViewController.xib", "LoginViewController.nib", nil),
        ("MainMenu.xib", "MainMenu.nib", nil),
        ("MainMenu.xib", "MainMenu.nib", "keyedobjects.nib"),
        ("MainMenu.xib", "MainMenu.nib", "keyedobjects-101300.nib"),
    ] as [(String, String, String?)])
    func agrees(source: String, compiled: String, variant: String?) {
        var args = ["compare"]
        if let variant { args += ["--variant", variant] }
        args += [Self.samples.appendingPathComponent(source).path, Self.samples.appendingPathComponent(compiled).path]
        let r = run(args)
        #expect(r.code == .success, "\(r.out)\(r.err)")
        #expect(r.out.contains(": agree"))
    }

    @Test("the keyed-archive and NIBArchive variants of MainMenu.nib have the same connections")
    func macOSVariantsResolveAlike() {
        func table(_ variant: String) -> String {
            run(["connections", "--format", "tsv", "--variant", variant,
                 Self.samples.appendingPathComponent("MainMenu.nib").path]).out
        }
        // Object ids (#n) differ between encodings; compare everything else.
        func stripped(_ tsv: String) -> [String] {
            tsv.split(separator: "\n").map { line in
                line.split(separator: "\t", omittingEmptySubsequences: false).enumerated()
                    .filter { ![0, 2, 5].contains($0.offset) }.map { String($0.element) }.joined(separator: "\t")
            }.map { $0.replacingOccurrences(of: #"#\d+"#, with: "#", options: .regularExpression) }
        }
        let keyed = stripped(table("keyedobjects.nib")), nib = stripped(table("keyedobjects-101300.nib"))
        #expect(keyed.count == 9)  // header + 8 connections
        #expect(keyed == nib)
    }
}
