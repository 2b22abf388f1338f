import TestSupport
import Foundation
import Testing
@testable import ArchiveReader

/// Bit flips, tag-byte overwrites and truncations of every corpus typedstream: each mutant must
/// decode or throw ``ArchiveError`` (typed throws guarantee the type), never trap or hang.
/// Deterministic (seeded) and bounded: 14 files × 120 mutants.
@Suite("Typedstream mutations", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct TypedstreamMutationTests {
    /// Decodes one mutant; returns whether it decoded. Any other outcome than success or an
    /// ArchiveError with an in-range offset is recorded.
    func check(_ bytes: [UInt8], _ what: @autoclosure () -> String) -> Bool {
        do {
            let graph = try TypedstreamUnarchiver.decode(bytes)
            for object in graph.objects {
                for field in object.fields {
                    if case .object(let ref) = field.value, graph[ref] == nil { Issue.record("dangling ref: \(what())") }
                }
            }
            return true
        } catch {
            if error.offset < 0 || error.offset > bytes.count {
                Issue.record("offset \(error.offset) outside 0...\(bytes.count): \(what()): \(error)")
            }
            return false
        }
    }

    @Test("mutated corpus typedstreams decode or throw ArchiveError")
    func mutants() throws {
        var rng = SeededRandom(seed: 0x7E9D_5742_EA11)
        var decoded = 0
        var failed = 0
        let tags: [UInt8] = [0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x91, 0x92, 0x93, 0xFF, 0x7F, 0x00]
        for entry in Corpus.entries(format: "typedstream") {
            let original = try Corpus.bytes(entry)
            guard original.count > 20 else { continue }
            for i in 0..<120 {
                var bytes = original
                switch i % 3 {
                case 0:
                    for _ in 0...Int.random(in: 0...2, using: &rng) {
                        let at = Int.random(in: 0..<bytes.count, using: &rng)
                        bytes[at] ^= UInt8(1) << UInt8.random(in: 0...7, using: &rng)
                    }
                case 1:
                    let at = Int.random(in: 16..<bytes.count, using: &rng)
                    bytes[at] = tags.randomElement(using: &rng) ?? 0x84
                default:
                    bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng)))
                }
                if check(bytes, "\(entry) mutant \(i)") { decoded += 1 } else { failed += 1 }
            }
        }
        // Both outcomes occur: the test exercises error paths and tolerant paths alike.
        #expect(decoded > 0 && failed > 0)
    }
}
