import TestSupport
import Testing
@testable import ArchiveReader

/// Mutations of every corpus binary plist (bit flips, truncation, count inflation, trailer and
/// offset-table damage): decoding must succeed or throw ``ArchiveError``, never trap or hang.
/// Deterministic (fixed-seed PRNG) and bounded: 36 mutants per file.
@Suite("Keyed archive mutations", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct KeyedArchiveMutationTests {

    static func mutants(of bytes: [UInt8], seed: UInt64) -> [[UInt8]] {
        var rng = SeededRandom(seed: seed)
        var out: [[UInt8]] = []
        let n = bytes.count
        let trailer = max(0, n - 32)
        for i in 0..<36 {
            var m = bytes
            switch i % 6 {
            case 0:   // bit flips anywhere
                for _ in 0...rng.below(4) { let at = rng.below(n); m[at] ^= UInt8(1 << rng.below(8)) }
            case 1:   // truncation
                m = Array(m.prefix(rng.below(n)))
            case 2:   // count inflation: a marker's low nibble set to 0xF, or a 0xnF count's int widened
                let at = 8 + rng.below(max(1, trailer - 8))
                m[at] |= 0x0F
                if at + 1 < n { m[at + 1] = 0x13 }
            case 3:   // trailer damage
                let at = trailer + rng.below(32)
                m[at] = UInt8(truncatingIfNeeded: rng.next())
            case 4:   // offset-table damage: point an entry elsewhere
                let size = Int(bytes[n - 26])
                var table = 0
                for b in bytes[(n - 8)..<n] { table = table << 8 | Int(b) }
                let entries = max(1, (trailer - table) / max(1, size))
                let at = min(n - 33, table + size * rng.below(entries) + size - 1)
                m[max(0, at)] = UInt8(truncatingIfNeeded: rng.next())
            default:  // reference damage: random byte in the object area set to a high value
                let at = 8 + rng.below(max(1, trailer - 8))
                m[at] = 0xFF
            }
            out.append(m)
        }
        return out
    }

    @Test("mutated corpus bplists decode or throw ArchiveError")
    func mutations() throws {
        let entries = Corpus.entries(format: "bplist")
        #expect(entries.count > 100)
        var decoded = 0, rejected = 0
        for (i, entry) in entries.enumerated() {
            let bytes = try Corpus.bytes(entry)
            for m in Self.mutants(of: bytes, seed: UInt64(i) &* 7919 &+ 1) {
                do {
                    let graph = try KeyedArchive.objectGraph(bytes: m)
                    // Every reference of a returned graph is valid.
                    for object in graph.objects {
                        for field in object.fields {
                            if let r = field.value.objectRef, graph[r] == nil { Issue.record("\(entry): dangling \(r)") }
                        }
                    }
                    decoded += 1
                } catch {
                    #expect(error.offset >= 0 && error.offset <= m.count, "\(entry): \(error)")
                    rejected += 1
                }
                _ = try? PropertyList.decode(bytes: m)
            }
        }
        #expect(rejected > decoded / 4)
    }

    @Test("mutated corpus XML keyed archives decode or throw ArchiveError")
    func xmlMutations() throws {
        let entries = Corpus.entries(format: "xml-plist").filter { $0.file.hasSuffix("keyedobjects.nib") }
        #expect(entries.count >= 9)
        var rejected = 0
        for (i, entry) in entries.enumerated() {
            let bytes = try Corpus.bytes(entry)
            var rng = SeededRandom(seed: UInt64(i) &+ 17)
            for k in 0..<16 {
                var m = bytes
                if k % 3 == 0 {
                    m = Array(m.prefix(rng.below(m.count)))                       // truncation
                } else {
                    for _ in 0...rng.below(3) { m[rng.below(m.count)] = UInt8(truncatingIfNeeded: rng.next()) }   // byte noise
                }
                do {
                    _ = try KeyedArchive.objectGraph(bytes: m)
                } catch {
                    #expect(error.offset >= 0 && error.offset <= m.count, "\(entry): \(error)")
                    rejected += 1
                }
            }
        }
        #expect(rejected > 0)
    }
}
