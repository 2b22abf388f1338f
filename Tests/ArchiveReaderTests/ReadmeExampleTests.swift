import TestSupport
import Foundation
import Testing
import ArchiveReader

/// The library example of README.md, run on the sample nib (public API only).
@Suite("README library example")
struct ReadmeExampleTests {
    @Test("lists the outlets of the sample with their destination classes")
    func example() throws {
        let path = Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.nib").path
        var lines: [String] = []
        let loader = NibLoader()
        for archive in try loader.loadArchives(at: path) {
            let document = NibResolver.resolve(archive.graph, name: archive.name)
            for c in document.connections where c.kind == .outlet {
                lines.append("\(c.label) → \(document.object(c.destination)?.effectiveClass ?? "?")")
            }
        }
        #expect(lines == ["emailField → UITextField", "passwordField → UITextField",
                          "signInButton → PrimaryButton", "titleLabel → UILabel", "view → UIView"])
    }
}
