import TestSupport
import Foundation
import Testing
@testable import ArchiveReader

/// Every `xml-ib` file of the corpus (xibs, storyboards, `designable.nib`) reads without error.
@Suite("Source corpus", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct SourceCorpusTests {
    @Test func everyXMLSourceLoads() throws {
        let entries = Corpus.entries(format: "xml-ib")
        #expect(entries.count > 150)
        var failures: [String] = []
        var objects = 0, connections = 0, unresolved = 0, documents = 0
        for entry in entries {
            do {
                let input = try SourceReader.read(bytes: try Corpus.bytes(entry), name: entry.url.lastPathComponent,
                                                  path: entry.url.path)
                documents += input.documents.count
                for d in input.documents {
                    objects += d.objects.count
                    connections += d.connections.count
                    unresolved += d.connections.filter { $0.unresolved != nil }.count
                    #expect(d.objects.allSatisfy { $0.sourceLine != nil }, "\(entry): object without line")
                    #expect(d.connections.allSatisfy { $0.sourceLine != nil }, "\(entry): connection without line")
                }
                #expect(!input.documents.isEmpty, "\(entry): no documents")
            } catch {
                failures.append("\(entry): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.joined(separator: "\n"))")
        print("source corpus: \(entries.count) files, \(documents) documents, \(objects) objects, \(connections) connections, \(unresolved) unresolved")
    }
}
