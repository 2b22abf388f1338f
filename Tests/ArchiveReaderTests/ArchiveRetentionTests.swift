import TestSupport
import Foundation
import Testing
import ArchiveReader

/// What ``NibOpener`` keeps of the archives (``ArchiveRetention``): the documents are the same
/// whatever it keeps; tables and graphs are there only when asked for.
@Suite("Archive retention")
struct ArchiveRetentionTests {
    static let samples = Corpus.packageRoot.appendingPathComponent("Samples").path

    static func open(_ input: NibOpener.Input, _ retention: ArchiveRetention) throws -> OpenedInput {
        var opener = NibOpener(width: 1)
        opener.retention = retention
        return try opener.open(input)
    }

    @Test("documents are the same; tables and graphs kept as asked", arguments: ["LoginViewController.nib", "MainMenu.nib"])
    func retention(_ name: String) throws {
        let path = Self.samples + "/" + name
        let everything = try Self.open(.path(path), .everything)
        let all = try #require(everything.loaded?.archives.first)
        #expect(all.nibArchive != nil || all.graph.encoding != .nibArchive)
        #expect(!all.graph.objects.isEmpty)
        for retention in [ArchiveRetention.graphs, .documents] {
            let opened = try Self.open(.path(path), retention)
            #expect(opened.input == everything.input, "\(retention)")
            let archive = try #require(opened.loaded?.archives.first)
            #expect(archive.nibArchive == nil, "\(retention)")
            #expect(archive.graph.objects.isEmpty == (retention == .documents), "\(retention)")
            #expect(archive.graph.encoding == all.graph.encoding && archive.graph.diagnostics == all.graph.diagnostics)
            #expect(archive.name == all.name && opened.loaded?.container == everything.loaded?.container)
        }
        // Bytes in memory (standard input) the same way.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/LoginViewController.nib")))
        let fromBytes = try Self.open(.bytes(bytes, name: "<stdin>"), .documents)
        #expect(fromBytes.loaded?.archives.first?.graph.objects.isEmpty == true)
        #expect(fromBytes.input == (try Self.open(.bytes(bytes, name: "<stdin>"), .everything)).input)
    }

    /// With ``ArchiveRetention/documents`` each standalone archive's graph goes as soon as its
    /// document is resolved (``NibResolver/resolveReleasingGraphs(_:width:)``): a directory holding
    /// storyboards, nested archives (whose parents keep their graphs for the nested upstream
    /// placeholders) and failures resolves to the same input as when every graph is kept.
    @Test("a directory resolves the same when graphs go as documents are resolved",
          .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func directoryReleasingGraphs() throws {
        let root = try #require(Corpus.root).path
        var opener = NibOpener(width: 2)
        opener.retention = .everything
        let everything = try opener.open(.path(root))
        opener.retention = .documents
        let released = try opener.open(.path(root))
        #expect(everything.input.documents.count > 500)
        #expect(everything.input.documents.contains { $0.objects.contains { $0.placeholder?.target != nil } })
        #expect(released.input == everything.input)
        #expect(released.loaded?.archives.allSatisfy { $0.graph.objects.isEmpty } == true)
        #expect(released.loaded?.archives.map(\.name) == everything.loaded?.archives.map(\.name))
    }
}
