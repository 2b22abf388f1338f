import ArchiveReader
import Foundation
import Testing
@testable import GraphExport

/// Byte-stable DOT output for hand-built documents (goldens reviewed once, then checked in).
@Suite struct DOTGoldenTests {
    static let cases: [(name: String, make: @Sendable () throws -> ConnectionGraph)] = [
        ("login.dot", { try ConnectionGraph(document: Fixtures.login) }),
        ("login-hierarchy.dot", { try ConnectionGraph(document: Fixtures.login, options: GraphOptions(hierarchy: true)) }),
        ("login-focus-signin.dot", { try ConnectionGraph(document: Fixtures.login, options: GraphOptions(focus: "Sign In")) }),
        ("login-actions-tb.dot", {
            try ConnectionGraph(document: Fixtures.login, options: GraphOptions(rankDirection: .topToBottom, kinds: [.action]))
        }),
        ("login-all-kinds.dot", {
            try ConnectionGraph(document: Fixtures.login, options: GraphOptions(kinds: Set(Connection.Kind.allCases)))
        }),
        ("preferences-hierarchy.dot", {
            try ConnectionGraph(document: Fixtures.preferences,
                                options: GraphOptions(kinds: Set(Connection.Kind.allCases), hierarchy: true))
        }),
        ("preferences-focus-hierarchy.dot", {
            try ConnectionGraph(document: Fixtures.preferences, options: GraphOptions(focus: "#12", hierarchy: true))
        }),
        ("escaping.dot", { try ConnectionGraph(document: Fixtures.escaping) }),
        ("scene-segues.dot", { try ConnectionGraph(document: Fixtures.sceneWithSegues) }),
        ("storyboard.dot", { try ConnectionGraph(storyboard: Fixtures.storyboard) }),
        ("storyboard-focus-home.dot", {
            try ConnectionGraph(storyboard: Fixtures.storyboard, options: GraphOptions(focus: "HomeViewController"))
        }),
        ("two-documents.dot", { try ConnectionGraph(documents: [Fixtures.login, Fixtures.sceneWithSegues]) }),
        ("two-documents-hierarchy.dot", {
            try ConnectionGraph(documents: [Fixtures.preferences, Fixtures.login], options: GraphOptions(hierarchy: true))
        }),
    ]

    @Test(arguments: 0..<cases.count)
    func golden(_ index: Int) throws {
        let (name, make) = Self.cases[index]
        let dot = DOTWriter.write(try make())
        try Golden.check(dot, name)
        // Deterministic: a second build gives the same bytes.
        #expect(DOTWriter.write(try make()) == dot)
    }
}

/// Golden files under `Tests/GraphExportTests/Goldens/`: produced by the code, reviewed, checked
/// in. Run with `RECORD_GOLDENS=1` to (re)write them instead of comparing.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Compares `actual` with the golden `name` byte for byte (or records it).
    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if recording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record("missing golden \(name); run with RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        if expected != Data(actual.utf8) {
            let e = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
            let want = line < e.count ? String(e[line]) : "<end>"
            let got = line < a.count ? String(a[line]) : "<end>"
            Issue.record("\(name) differs at line \(line + 1):\n  golden: \(want)\n  actual: \(got)",
                         sourceLocation: sourceLocation)
        }
    }
}
