import Foundation
import Testing
@testable import NibInspectCore

/// The man page and completions come from the command specs: every subcommand and option of
/// `--help` is in them, and the bash completion completes subcommands, options and allowed values.
@Suite struct GeneratedDocsTests {
    func run(_ args: [String]) -> (ExitCode, String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output + console.errors)
    }

    @Test func manualHasEveryCommandAndOption() {
        let (code, page) = run(["--generate-manual"])
        #expect(code == .success)
        #expect(page.hasPrefix(".TH NIBINSPECT 1"))
        for c in NibInspectCLI.commands {
            #expect(page.contains(".SS \(c.spec.name)\n"), "\(c.spec.name)")
            for o in c.spec.options { #expect(page.contains("\\fB" + GeneratedDocs.roff(o.primary) + "\\fR"), "\(c.spec.name) \(o.primary)") }
        }
    }

    @Test func bashCompletionCompletes() throws {
        let (code, script) = run(["--generate-completion-script", "bash"])
        #expect(code == .success)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nibinspect-\(UUID().uuidString).bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        func complete(_ words: [String]) throws -> [String] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/bash")
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            p.arguments = ["-c", "source '\(file.path)'; cd /nonexistent 2>/dev/null; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _nibinspect; printf '%s\\n' \"${COMPREPLY[@]}\""]
            let pipe = Pipe()
            p.standardOutput = pipe
            try p.run()
            p.waitUntilExit()
            return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(try complete(["nibinspect", "li"]).contains("lint"))
        #expect(try complete(["nibinspect", "lint", "--fa"]) == ["--fail-on"])
        #expect(try Set(complete(["nibinspect", "lint", "--format", ""])) == ["text", "xcode", "json", "sarif", "github", "checkstyle", "junit", "codeclimate"])
        #expect(run(["--generate-completion-script", "tcsh"]).0 == .usage)
    }
}
