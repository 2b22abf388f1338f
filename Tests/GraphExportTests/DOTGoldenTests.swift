import ArchiveReader
import Foundation
import Testing
import TestSupport
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
        goldenFiles.check(dot, name)
        // Deterministic: a second build gives the same bytes.
        #expect(DOTWriter.write(try make()) == dot)
    }
}

/// The goldens of this target, under `Tests/GraphExportTests/Goldens` (TestSupport's ``Golden``:
/// `RECORD_GOLDENS=1` rewrites them and fails the run).
let goldenFiles = Golden(directory: Golden.directory(besides: #filePath))
