import TestSupport
import Foundation
import Testing
@testable import ArchiveReader
@testable import NibCompare

/// `compare` and `diff` pair the objects of a source and its compiled nib alike: over every
/// corpus pair of one source document and one compiled document, the source objects whose
/// partner (or lack of one) differs between ``NibComparer`` (``CompareReport/matches``) and
/// ``DocumentPairing`` (what `diff` pairs).
@Suite("Pairing agreement", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct PairingAgreementTests {
    @Test func compareAndDiffPairAlike() throws {
        var pairs = 0, objects = 0, differing = 0
        var differingPairs: [String] = []
        for pair in ComparePair.all() {
            let (s, c, hints, nesting) = try pair.loadWithNesting()
            guard s.documents.count == 1, c.documents.count == 1, nesting.isEmpty else { continue }
            let source = s.documents[0], compiled = c.documents[0]
            let report = NibComparer.compare(source: s, compiled: c, hints: hints, nesting: nesting)
            let d = DocumentPairing.pair(source, compiled, hints: hints[compiled.name] ?? [:])
            var diffForward: [String: String] = [:]
            for (r, l) in d.pair { diffForward[l.rawValue] = r.rawValue }
            let n = source.objects.filter { report.matches[$0.id.rawValue] != diffForward[$0.id.rawValue] }.count
            pairs += 1
            objects += source.objects.count
            if n > 0 {
                differing += n
                differingPairs.append("\(pair.name): \(n)")
            }
        }
        print("pairing agreement: \(pairs) pairs, \(objects) source objects, \(differing) paired differently by compare and diff "
              + "in \(differingPairs.count) pairs\n" + differingPairs.joined(separator: "\n"))
        #expect(pairs >= 120, "pairs: \(pairs)")
        #expect(differing == 0, "\(differing) objects in \(differingPairs.count) pairs:\n\(differingPairs.joined(separator: "\n"))")
    }
}
