import ArchiveReader
import Foundation
import NibModel
import Testing
import TestSupport
@testable import NibDiagnosis

/// The nib rules of `lint` (``NibLint``): a positive and a negative case per rule, on the xibs of
/// `Fixtures/Lint` (copied with their asset catalog to a temporary directory, so that the images
/// are checked against that directory alone) and on documents made in code; then every input of
/// `../shared/corpus` and `../shared/projects`.
@Suite struct NibLintTests {
    static let fixtures = Corpus.packageRoot.appendingPathComponent("Tests/NibDiagnosisTests/Fixtures/Lint").path

    /// The findings of one fixture, read from a copy of the fixture directory.
    static func lint(_ name: String, options: LintOptions = LintOptions()) throws -> [Finding] {
        let tree = try TempTree()
        defer { try? FileManager.default.removeItem(atPath: tree.root) }
        try FileManager.default.copyItem(atPath: fixtures, toPath: tree.path("Lint"))
        let input = try NibOpener().open(.path(tree.path("Lint/\(name)"))).input
        return NibLint.findings([input], options: options)
    }

    static func ids(_ findings: [Finding], _ code: FindingCode) -> Set<String> {
        Set(findings.filter { $0.code == code }.compactMap { $0.objectID?.rawValue })
    }

    // MARK: Guidelines

    @Test("main-nib-content: a window in MainMenu; not the menu, delegate, font manager or defaults controller")
    func mainNibContent() throws {
        let findings = try Self.lint("MainMenu.xib")
        #expect(Self.ids(findings, .mainNibContent) == ["QvC-M9-y7g"])
        let f = try #require(findings.first { $0.code == .mainNibContent })
        #expect(f.line == 63 && f.object == "NSWindow \"Demo\"" && f.document == "MainMenu.xib" && f.fix != nil)
        // Prefs is no main nib: its windows are not main-nib content.
        #expect(Self.ids(try Self.lint("Prefs.xib"), .mainNibContent).isEmpty)
    }

    @Test("large-nib: above the thresholds, per document; not below")
    func largeNib() throws {
        #expect(Self.ids(try Self.lint("Prefs.xib"), .largeNib).isEmpty)
        let small = try Self.lint("Prefs.xib", options: LintOptions(maxObjects: 5, maxTopLevelObjects: 1))
        let large = small.filter { $0.code == .largeNib }
        #expect(large.count == 2)
        #expect(large.contains { $0.message.contains("objects (more than 5)") })
        #expect(large.contains { $0.message.contains("2 top-level objects (more than 1)") })
    }

    @Test("large-nib: a source storyboard is judged scene by scene")
    func largeNibStoryboardScenes() throws {
        let path = Corpus.packageRoot.appendingPathComponent("Tests/NibDiagnosisTests/Fixtures/WhyApp/Resources/Main.storyboard").path
        let input = try NibOpener().open(.path(path)).input
        #expect(input.documents.count > 1)
        let biggest = input.documents.map { $0.objects.filter { $0.placeholder == nil }.count }.max()!
        let total = input.documents.map { $0.objects.filter { $0.placeholder == nil }.count }.reduce(0, +)
        // A threshold between the largest scene and the whole storyboard: no finding.
        let options = LintOptions(maxObjects: biggest, maxTopLevelObjects: 100)
        #expect(total > biggest)
        #expect(NibLint.findings([input], options: options).filter { $0.code == .largeNib }.isEmpty)
        #expect(!NibLint.findings([input], options: LintOptions(maxObjects: biggest - 1)).filter { $0.code == .largeNib }.isEmpty)
    }

    @Test("window-visible-at-load: outside the main nib only, not windows left hidden")
    func windowVisible() throws {
        #expect(Self.ids(try Self.lint("Prefs.xib"), .windowVisibleAtLoad) == ["win-vi-001"])
        #expect(Self.ids(try Self.lint("MainMenu.xib"), .windowVisibleAtLoad).isEmpty)
    }

    @Test("external-placeholder-connection: to or from an external object, not File's Owner")
    func externalPlaceholder() throws {
        let findings = try Self.lint("Login.xib").filter { $0.code == .externalPlaceholderConnection }
        #expect(findings.count == 1)
        #expect(findings.first?.objectID?.rawValue == "ext-md-001" && findings.first?.member == "emailField")
        #expect(findings.first?.line == 14)
    }

    // MARK: Review checks

    @Test("banned-class: UIWebView, NSMatrix, and a configured custom class; not with an empty list")
    func bannedClass() throws {
        let login = try Self.lint("Login.xib")
        #expect(Self.ids(login, .bannedClass) == ["web-vw-001"])
        #expect(login.first { $0.code == .bannedClass }?.message.contains("ITMS-90809") == true)
        #expect(Self.ids(try Self.lint("Prefs.xib"), .bannedClass) == ["mtx-00-001"])
        #expect(Self.ids(try Self.lint("Login.xib", options: LintOptions(bannedClasses: [:])), .bannedClass).isEmpty)
        let custom = try Self.lint("Login.xib", options: LintOptions(bannedClasses: ["LoginModel": "use the shared store"]))
        // External placeholders are supplied, not archived: not instantiated from the nib, not reported.
        #expect(Self.ids(custom, .bannedClass).isEmpty)
    }

    @Test("dangling-connection: a destination that is no object; not nil-targeted actions or storyboard segues")
    func dangling() throws {
        let findings = try Self.lint("Login.xib").filter { $0.code == .danglingConnection }
        #expect(findings.count == 1)
        #expect(findings.first?.member == "titleLabel" && findings.first?.line == 8)
        // Segues go to other scenes of a storyboard (one document per scene): not dangling.
        let path = Corpus.packageRoot.appendingPathComponent("Tests/NibDiagnosisTests/Fixtures/WhyApp/Resources/Main.storyboard").path
        let storyboard = try NibOpener().open(.path(path)).input
        #expect(storyboard.documents.flatMap(\.connections).contains { $0.kind == .segue })
        #expect(NibLint.findings([storyboard]).filter { $0.code == .danglingConnection }.isEmpty)
    }

    @Test("event-to-several-targets: one event to two selectors; not different events of one control")
    func severalTargets() throws {
        let login = try Self.lint("Login.xib")
        #expect(Self.ids(login, .eventToSeveralTargets) == ["btn-si-001"])
        #expect(login.first { $0.code == .eventToSeveralTargets }?.message.contains("touchUpInside to 2 actions") == true)
        // AppKit: a control with two action connections keeps one.
        #expect(Self.ids(try Self.lint("Prefs.xib"), .eventToSeveralTargets) == ["btn-im-001"])
    }

    @Test("duplicate-key-equivalent: ⌘N twice in one menu; not ⌘H and ⌥⌘H, nor ⌘S and ⇧⌘S (uppercase S)")
    func duplicateKeyEquivalent() throws {
        let findings = try Self.lint("MainMenu.xib").filter { $0.code == .duplicateKeyEquivalent }
        #expect(findings.count == 1)
        #expect(findings.first?.objectID?.rawValue == "dup-NW-001" && findings.first?.member == "⌘N")
        #expect(Self.ids(try Self.lint("Prefs.xib"), .duplicateKeyEquivalent).isEmpty)
    }

    @Test("missing-image: names in no catalog or file; not SF Symbols, NS images, catalog sets or @2x files")
    func missingImage() throws {
        let login = try Self.lint("Login.xib").filter { $0.code == .missingImage }
        #expect(Set(login.compactMap(\.member)) == ["closeIcon", "hero"])
        let prefs = try Self.lint("Prefs.xib").filter { $0.code == .missingImage }
        #expect(Set(prefs.compactMap(\.member)) == ["banner"])
    }

    @Test("missing-image: nothing to check against, no findings")
    func missingImageUnchecked() throws {
        let tree = try TempTree()
        defer { try? FileManager.default.removeItem(atPath: tree.root) }
        // A project root of its own (`.git`), so the catalog search stops there and never looks at
        // whatever else the temporary directory holds (an `Assets.xcassets` left in /tmp did).
        try tree.write(".git/HEAD", Array("ref: refs/heads/main\n".utf8))
        let copy = tree.path("Login.xib")
        try FileManager.default.copyItem(atPath: Self.fixtures + "/Login.xib", toPath: copy)
        let input = try NibOpener().open(.path(copy)).input
        #expect(NibLint.findings([input]).filter { $0.code == .missingImage }.isEmpty)
    }

    @Test("accessibility-label-missing: image-only buttons, image views; not labelled, titled, system images or plain UIImageViews")
    func accessibilityLabel() throws {
        #expect(Self.ids(try Self.lint("Prefs.xib"), .accessibilityLabelMissing) == ["btn-im-001", "img-vw-001"])
        // UIImageView is no accessibility element by default; img-hr-002 is marked one. The SF Symbol
        // button and the symbol image view are exempt (the system describes symbols).
        #expect(Self.ids(try Self.lint("Login.xib"), .accessibilityLabelMissing) == ["btn-cl-004", "img-hr-002"])
    }

    @Test("placeholder-as-label: editable fields labelled only by a placeholder; not labelled or non-editable ones")
    func placeholderAsLabel() throws {
        #expect(Self.ids(try Self.lint("Prefs.xib"), .placeholderAsLabel) == ["txt-fd-001"])
        #expect(Self.ids(try Self.lint("Login.xib"), .placeholderAsLabel) == ["fld-em-001"])
    }

    @Test("ambiguous-layout: ambiguous and misplaced views of sources; not compiled documents")
    func ambiguousLayout() throws {
        #expect(Self.ids(try Self.lint("Login.xib"), .ambiguousLayout) == ["img-hr-002", "img-st-003"])
        var document = NibDocument(name: "A.nib", platform: .iOS, format: .nibArchive,
                                   objects: [NibObject(id: ObjectID("#1"), className: "UIView", properties: [Property("ambiguous", .bool(true))])])
        #expect(NibLint.findings([NibInput(path: "A.nib", kind: "NIBArchive", documents: [document])]).isEmpty)
        document.format = .xib
        #expect(NibLint.findings([NibInput(path: "A.xib", kind: "xib", documents: [document])]).map(\.code) == [.ambiguousLayout])
    }

    @Test("constraint-placeholder: a placeholder constraint with its outlet; not a plain constraint")
    func constraintPlaceholder() throws {
        let findings = try Self.lint("Login.xib").filter { $0.code == .constraintPlaceholder }
        #expect(findings.map { $0.objectID?.rawValue } == ["cst-ph-001"])
        #expect(findings.first?.message.contains("logoWidth") == true && findings.first?.line == 55)
    }

    @Test("findings are sorted and carry document, path and fix")
    func shape() throws {
        let findings = try Self.lint("Login.xib")
        #expect(findings == findings.sorted { NibSourceCheck.sortKey($0).lexicographicallyPrecedes(NibSourceCheck.sortKey($1)) })
        #expect(findings.allSatisfy { $0.document == "Login.xib" && $0.path != nil && $0.fix != nil && $0.line != nil })
    }

    @Test("system image names: NS named images and symbol-style names")
    func systemNames() {
        #expect(NibLint.isSystemImageName("NSAdvanced") && NibLint.isSystemImageName("NSActionTemplate"))
        #expect(NibLint.isSystemImageName("square.and.arrow.up"))
        #expect(!NibLint.isSystemImageName("logo.png") && !NibLint.isSystemImageName("NSlogo") && !NibLint.isSystemImageName("star"))
    }

    // MARK: Real files

    @Test("every input of ../shared/corpus and ../shared/projects lints without a crash",
          .enabled(if: LintCorpus.isAvailable, Corpus.skipMessage))
    func corpus() {
        let start = Date()
        let result = LintCorpus.run()
        var counts: [FindingCode: Int] = [:]
        for f in result.findings { counts[f.code, default: 0] += 1 }
        print("NibLint over \(result.inputs) inputs (\(result.unreadable) unreadable) in \(Int(Date().timeIntervalSince(start)))s, \(String(format: "%.1f", result.lintSeconds))s of it linting:")
        for code in FindingCode.allCases where FindingCode.lintOnlyCodes.contains(code) {
            print("  \(code.rawValue): \(counts[code] ?? 0)")
        }
        #expect(result.inputs > 0)
        #expect(result.findings.allSatisfy { FindingCode.lintOnlyCodes.contains($0.code) && $0.document != nil })
    }
}
