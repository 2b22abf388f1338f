import TestSupport
import Foundation
import Testing
@testable import ArchiveReader

@Suite("NIBArchive corpus", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct NibArchiveCorpusTests {
    @Test("every NIBArchive file of the corpus decodes")
    func everyFileDecodes() throws {
        let entries = Corpus.entries(format: "NIBArchive")
        #expect(entries.count > 500)
        for entry in entries {
            let bytes = try Corpus.bytes(entry)
            do {
                let archive = try NibArchive(bytes: bytes)
                let graph = archive.objectGraph()
                #expect(graph.objects.count == archive.header.objectCount, "\(entry)")
            } catch {
                Issue.record("\(entry): \(error)")
            }
        }
    }

    @Test("the corpus's empty files get an empty-file error")
    func emptyFiles() throws {
        let entries = Corpus.entries(format: "empty")
        #expect(!entries.isEmpty)
        for entry in entries {
            #expect(throws: ArchiveError(.emptyFile, at: 0)) { try NibArchive(bytes: Corpus.bytes(entry)) }
        }
    }
}
