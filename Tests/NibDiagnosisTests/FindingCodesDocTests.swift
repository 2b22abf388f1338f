import Foundation
import Testing
import TestSupport
import NibDiagnosis

/// Documentation/why.md lists every finding code of `why` with its severity and meaning, exactly
/// as the rule registry (`LintRules`) defines them (`RECORD_GOLDENS=1` rewrites the file after a change).
@Suite struct FindingCodesDocTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Documentation/why.md")

    static func render() -> String {
        var s = """
        # Finding codes of `nibinspect why` and `nibinspect lint`

        `why` checks nibs (compiled or source) against the Swift and Objective-C sources that use them and
        reports findings: a stable code, a severity, the class (as the runtime looks it up), the member
        (outlet or selector), the document, the object as a readable path, the xib line, a message that
        names the runtime error it predicts, a fix, and the source declarations it was compared with.
        Severities: `error` when loading crashes or an outlet is certainly nil, `warning` when it is likely
        wrong, `info` when nothing fails at run time (for example a class problem on File's Owner, which
        the code that loads the nib supplies, or an optional outlet left out of one reused cell).

        How sources are read: Swift with the toolchain's own parser (SwiftParser, from the toolchain's
        `lib/swift/host`); Objective-C with a tokenizer that knows comments, string literals and
        preprocessor lines. A Swift file nested past what the parser survives — more than 64 levels of
        brackets, string interpolations and `#if` blocks together, or more than 6 `[` (the parser's time
        doubles per `[`) — is not read, with a `source-not-parsed` warning "not read (…)" at the line
        where the limit was passed; every other file is parsed on a thread with a 64 MiB stack, so no file
        overflows the stack of the process. Classes are merged over files and extensions; same-named classes of different
        targets are told apart by where they live (the one nearest the nib is used). Superclass chains
        cross languages. A Swift method's Objective-C selector follows the compiler's rule
        (`save(_:)` → `save:`, `save(sender:)` → `saveWithSender:`, `move(to:)` → `moveTo:`,
        `@objc(name:)` wins). Outlets and actions that UIKit and AppKit classes declare themselves
        (`view`, `delegate`, `dataSource`, `showWindow:`, …) are assumed present on framework bases.

        `lint` runs every code below as a rule of the same name: the ones marked "sources" only when
        Swift or Objective-C sources are read, the others on any input.

        This list is generated from the rule registry (`Sources/NibDiagnosis/Rules/`) and checked by the tests.

        | Code | Severity | Needs | Meaning |
        |---|---|---|---|

        """
        for code in FindingCode.allCases {
            let needs = code.needsSources ? "sources" : "nibs"
            s += "| `\(code.rawValue)` | \(code.defaultSeverity.rawValue) | \(needs) | \(code.explanation.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        return s
    }

    @Test func documented() throws {
        let text = Self.render()
        Golden.check(text, file: Self.file)
    }
}
