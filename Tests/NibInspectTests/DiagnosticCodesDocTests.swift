import Foundation
import Testing
import TestSupport
import NibModel

/// Documentation/diagnostics.md lists every diagnostic code with its severity and explanation,
/// exactly as the model defines them (`RECORD_GOLDENS=1` rewrites the file after a change).
@Suite("Diagnostic codes documentation")
struct DiagnosticCodesDocTests {
    static let file = CLITests.packageRoot.appendingPathComponent("Documentation/diagnostics.md")

    static func render() -> String {
        var s = """
        # Diagnostic codes

        Every non-fatal problem `nibinspect` reports is a diagnostic: a stable code, a severity, a one-line
        message and a location (file, document, line and column in a xib or storyboard or byte offset in a
        compiled file, object id and path). JSON output carries them in `diagnostics` arrays; every command
        prints each one on stderr, once: `nibinspect: warning: Main.storyboard:42:13: … [code]` or
        `nibinspect: warning: Login.nib: byte 0xD2D: … [code]` (README, "Errors and exit status").
        Malformed input that cannot be read at all is an error with its byte offset instead (exit 65), not
        a diagnostic.

        This list is generated from `Sources/NibModel/DiagnosticCode.swift` and checked by the tests.

        | Code | Severity | Meaning |
        |---|---|---|

        """
        for code in DiagnosticCode.allCases {
            s += "| `\(code.rawValue)` | \(code.defaultSeverity.rawValue) | \(code.explanation.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        return s
    }

    @Test("the file lists every code as the model does")
    func documented() throws {
        let text = Self.render()
        Golden.check(text, file: Self.file)
    }
}
