import TestSupport
import Foundation
import Testing
import ArchiveReader

/// The library example of README.md, compiled here as written and run on the samples.
@Suite("README library example")
struct ReadmeExampleTests {
    /// The README block, verbatim between the markers (checked by ``readmeShowsThisCode()``).
    static func example(print: (String, String, String, String) -> Void) throws {
        // README-BEGIN
        let opener = NibOpener()                       // the one door: any input the CLI reads
        for path in ["Samples/LoginViewController.xib", "Samples/LoginViewController.nib"] {
            let opened = try opener.open(.path(path))  // xib, nib, bundle, .storyboardc, directory
            for document in opened.input.documents {
                for c in document.connections where c.kind == .outlet {
                    print(document.name, c.label, "→", document.object(c.destination)?.effectiveClass ?? "?")
                }
            }
        }
        // README-END
    }

    @Test("opens the sample xib and its compiled nib and lists their outlets")
    func example() throws {
        // The README's paths are relative to the package root, where `swift test` runs.
        try #require(FileManager.default.fileExists(atPath: "Samples/LoginViewController.nib"),
                     "the tests run from the package root")
        var lines: [String] = []
        try Self.example { lines.append([$0, $1, $2, $3].joined(separator: " ")) }
        #expect(lines == [
            "LoginViewController.xib emailField → UITextField",
            "LoginViewController.xib passwordField → UITextField",
            "LoginViewController.xib signInButton → PrimaryButton",
            "LoginViewController.xib titleLabel → UILabel",
            "LoginViewController.xib view → UIView",
            "LoginViewController.nib emailField → UITextField",
            "LoginViewController.nib passwordField → UITextField",
            "LoginViewController.nib signInButton → PrimaryButton",
            "LoginViewController.nib titleLabel → UILabel",
            "LoginViewController.nib view → UIView",
        ])
    }

    @Test("README.md shows exactly the code this test compiles")
    func readmeShowsThisCode() throws {
        let readme = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        func lines(_ text: Substring) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let start = try #require(readme.range(of: "```swift\nimport ArchiveReader\n"))
        let end = try #require(readme[start.upperBound...].range(of: "```"))
        let begin = try #require(source.range(of: "// README-BEGIN\n"))
        let stop = try #require(source.range(of: "// README-END"))
        #expect(lines(readme[start.upperBound..<end.lowerBound]) == lines(source[begin.upperBound..<stop.lowerBound]))
    }
}
