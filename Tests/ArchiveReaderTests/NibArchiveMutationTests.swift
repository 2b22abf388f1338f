import TestSupport
import Foundation
import Testing
@testable import ArchiveReader

/// Real files: re-encoding reproduces Apple's bytes, and mutated files never trap
/// (nib-format.md §2.10; style.md §10.8 "Mutation fuzz").
@Suite("NIBArchive corpus round trip and mutations", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct NibArchiveMutationTests {
    @Test("re-encoding every corpus NIBArchive gives its original bytes")
    func corpusReencodes() throws {
        var identical = 0
        let entries = Corpus.entries(format: "NIBArchive")
        for entry in entries {
            let bytes = try Corpus.bytes(entry)
            let archive = try NibArchive(bytes: bytes)
            if NibArchiveWriter.encode(archive) == bytes { identical += 1 } else { Issue.record("\(entry): bytes differ") }
        }
        #expect(identical == entries.count)
    }

    /// Decodes, builds the graph and expands nested archives; either succeeds with valid references
    /// or throws (the typed throw guarantees an ``ArchiveError``). A trap fails the whole run.
    static func decodeFully(_ bytes: [UInt8]) -> Bool {
        do {
            let archive = try NibArchive(bytes: bytes)
            let graph = archive.objectGraph()
            for object in graph.objects {
                for field in object.fields {
                    if case .object(let r) = field.value, !graph.objects.indices.contains(r.index) { return false }
                }
            }
            _ = try? archive.nestedArchives(recursive: true)
            return true
        } catch {
            return !error.description.isEmpty
        }
    }

    static func mutations(of bytes: [UInt8], rng: inout SeededRandom) -> [[UInt8]] {
        var out: [[UInt8]] = []
        guard bytes.count >= 50, let archive = try? NibArchive(bytes: bytes) else { return [] }
        let h = archive.header
        // Truncation at each table boundary (and one byte either side).
        let ends = [archive.keyOffsets.last.map { _ in h.valuesOffset }, h.classesOffset, archive.trailerOffset]
        for cut in Set([50, h.objectsOffset, h.keysOffset, h.valuesOffset, h.classesOffset] + ends.compactMap { $0 })
            .flatMap({ [$0 - 1, $0, $0 + 1] }) where cut > 0 && cut < bytes.count {
            out.append(Array(bytes.prefix(cut)))
        }
        // Inflated counts and offsets in each header word from 18 on.
        for field in stride(from: 18, to: 50, by: 4) {
            let word = Int(bytes[field]) | Int(bytes[field + 1]) << 8 | Int(bytes[field + 2]) << 16 | Int(bytes[field + 3]) << 24
            for v in [word + 1, word * 2 + 1, bytes.count, bytes.count - 1, 0, Int(UInt32.max)] {
                var m = bytes
                m.replaceSubrange(field..<(field + 4), with: NibArchiveBytes.le32(v))
                out.append(m)
            }
        }
        // Seeded bit flips and random bytes anywhere.
        for _ in 0..<24 {
            var m = bytes
            let i = Int.random(in: 10..<bytes.count, using: &rng)
            if Bool.random(using: &rng) { m[i] ^= 1 << UInt8.random(in: 0...7, using: &rng) }
            else { m[i] = UInt8.random(in: 0...255, using: &rng) }
            out.append(m)
        }
        return out
    }

    @Test("bit flips, truncations and inflated counts of every corpus NIBArchive decode or throw")
    func mutatedCorpus() throws {
        let seed = SeededRandom.seed(env: "NIB_MUTATION_SEED", fallback: 0xF022)
        var rng = SeededRandom(seed: seed)
        var total = 0, decoded = 0
        for entry in Corpus.entries(format: "NIBArchive") {
            let bytes = try Corpus.bytes(entry)
            for m in Self.mutations(of: bytes, rng: &rng) {
                total += 1
                if (try? NibArchive(bytes: m)) != nil { decoded += 1 }
                #expect(Self.decodeFully(m), "\(entry) seed \(seed)")
            }
        }
        print("mutations: \(total), still decodable: \(decoded)")
        #expect(total > 541 * 40)
        #expect(decoded < total)
    }
}
