import Foundation
import Testing
import TestSupport
@testable import SourceIndex
import SwiftSourceParser

/// Hostile Swift files that crashed or exhausted the toolchain's SwiftParser (issue 26) are refused
/// before parsing and reported as not read; what real code looks like still parses.
@Suite struct SwiftNestingTests {
    /// The three shapes of the issue, generated: nested string interpolations on two lines (18 GB
    /// of memory at 6 KB), 3,000 nested `#if` (stack overflow in the lexer), `var a(((…` with
    /// 900 `(` (stack overflow in lookahead).
    static let hostile: [(name: String, text: String, line: Int)] = [
        ("Interpolations.swift", "let a = " + String(repeating: #""\(\("#, count: 1_000) + "\n" + String(repeating: "))", count: 1_000) + "\n", 1),
        ("Conditionals.swift", String(repeating: "#if X\n", count: 3_000), 65),
        ("Parens.swift", "var a" + String(repeating: "(", count: 900) + "\n", 1),
    ]

    @Test(arguments: hostile.indices)
    func hostileShapeIsNotReadWithItsReason(_ i: Int) {
        let (name, text, line) = Self.hostile[i]
        let facts = SwiftSourceReader.read(text, file: name, module: nil)
        #expect(facts.classes.isEmpty && facts.literals.isEmpty)
        #expect(facts.notRead == UnreadSourceFile(file: name, language: .swift, reason: .nestingTooDeep,
                                                  detail: "brackets, string interpolations and #if blocks nested 65 deep at line \(line); the parser allows 64"))
        #expect(facts.problems.map(\.location.line) == [line])
        #expect(facts.problems.first?.message.hasPrefix("not read (brackets, string interpolations and #if blocks nested 65 deep") == true)
    }

    /// Read from a directory, the refused files are listed in ``SourceIndex/unreadFiles`` (sorted,
    /// with reasons) and the other files are read.
    @Test func unreadFilesAreListedAsData() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        for (name, text, _) in Self.hostile { try tree.write(name, text: text) }
        try tree.write("Fine.swift", text: "class Fine: UIView { @IBOutlet var label: UILabel! }\n")
        try tree.write("Binary.m", [0x63, 0, 0x64])
        let index = SourceCodeReader(swift: SwiftSourceReader.available).read(directories: [tree.root])
        #expect(index.unreadFiles.map { ($0.file as NSString).lastPathComponent } == ["Binary.m", "Conditionals.swift", "Interpolations.swift", "Parens.swift"])
        #expect(index.unreadFiles.map(\.reason) == [.notText, .nestingTooDeep, .nestingTooDeep, .nestingTooDeep])
        #expect(index.unreadFiles[0].language == .objectiveC && index.unreadFiles[1].language == .swift)
        #expect(index.class(named: "Fine")?.outlets.map(\.name) == ["label"])
        #expect(index.fileCount[.swift] == 4)
        #expect(index.unreadFiles[1].description.hasSuffix("Conditionals.swift: not read (brackets, string interpolations and #if blocks nested 65 deep at line 65; the parser allows 64)"))
    }

    /// Just within the limits the parser runs, on its own large stack: 64 `(` of lookahead need more
    /// than 1 MiB, more than some threads have.
    @Test func nestingAtTheLimitIsParsed() {
        for text in ["var a" + String(repeating: "(", count: 64) + "\n",
                     String(repeating: "#if X\n", count: 64),
                     "let a = " + String(repeating: #""\("#, count: 64) + "\n",
                     "class A { func f() { _ = [[[[[[1]]]]]] } }\n"] {
            #expect(SwiftNesting.excess(text) == nil)
            let facts = SwiftSourceReader.read(text, file: "Limit.swift", module: nil)
            #expect(facts.notRead == nil)
        }
    }

    /// Fuzz finding (a timeout): 8 `[` before 54 `(` with a NUL among them took the parser 0.5 s
    /// alone and over 10 s on a loaded machine; more than 6 `[` are refused.
    @Test func squareBracketsBeforeParenthesesAreRefused() {
        let text = "var a" + String(repeating: "[", count: 8) + String(repeating: "(", count: 45) + "\u{0}F" + String(repeating: "(", count: 9)
        #expect(SwiftNesting.excess(text) == .init(kind: .squareBrackets, depth: 7, line: 1))
        #expect(SwiftSourceReader.read(text, file: "T.swift", module: nil).notRead?.reason == .nestingTooDeep)
    }

    /// Fuzz finding (a hang): `x = "\(\("` then 26 `[` on a line that ends inside the string took
    /// the parser over 30 s: brackets in a single-line string left open at the end of its line count.
    @Test func bracketsInAStringLeftOpenAtTheEndOfItsLineCount() {
        let text = "x = \"\\(\\(\"" + String(repeating: "[", count: 26) + "\n"
        #expect(SwiftNesting.excess(text)?.kind == .squareBrackets)
        #expect(SwiftNesting.excess(text + "\"))))\"\n") != nil)
        // A closed string keeps its brackets to itself.
        #expect(SwiftNesting.excess("x = \"" + String(repeating: "[", count: 26) + "\"\n") == nil)
    }

    /// Long but flat chains make deep syntax trees (`a.b.b…`: one member access inside the next);
    /// the walk recurses once per level, on the parser's thread.
    @Test func deepTreesFromFlatChainsAreWalked() {
        for text in ["let x = a" + String(repeating: ".b", count: 20_000) + "\n",
                     "let x = " + String(repeating: "try ", count: 10_000) + "c\n",
                     "class A { func f() { x = a" + String(repeating: "!", count: 20_000) + " } }\n"] {
            let facts = SwiftSourceReader.read(text, file: "Chain.swift", module: nil)
            #expect(facts.notRead == nil)
        }
    }

    /// Brackets in comments, strings, raw strings and regex literals do not count; brackets in
    /// interpolations do; a bracket closed by the wrong kind stays open.
    @Test func scannerKnowsCommentsStringsAndInterpolations() {
        let deep = String(repeating: "(", count: 70)
        for quiet in ["// \(deep)\n", "/* /* \(deep) */ \(deep) */\n", "let s = \"\(deep)\"\n", "let s = #\"\(deep) \\(\"#\n",
                      "let s = \"\"\"\n\(deep)\n\"\"\"\n", "let s = ##\"\"\"\n\"\"\"#\n\(deep)\n\"\"\"##\n", "let r = #/\(deep)/#\n",
                      "let s = \"\\\"\(deep)\"\n", "#if A\n#endif\n" + String(repeating: "#if X\n#endif\n", count: 100)] {
            #expect(SwiftNesting.excess(quiet) == nil, "\(quiet.prefix(20))")
        }
        for loud in ["let s = \"\\(" + deep + ")\"\n", "let s = #\"\\#(" + deep + ")\"#\n", "let s = \"\"\"\n\\(\n" + deep + "\n",
                     // A single-line string ends at its line; the interpolation opened in it stays counted.
                     "let s = \"\\(\n" + String(repeating: "(", count: 64) + "\n",
                     String(repeating: "(]", count: 65)] {
            #expect(SwiftNesting.excess(loud)?.kind == .nesting, "\(loud.prefix(20))")
        }
        #expect(SwiftNesting.excess("let s = \"\\(" + String(repeating: "(", count: 63) + "\n") == nil)
    }
}
