import Foundation
import Testing
import TestSupport
@testable import ArchiveReader
import NibModel
import NibWriters

/// `strings` against ibtool: the pairs of `Tests/Conformance/strings/pairs.tsv` (an Interface
/// Builder source from a public repository and a translation of it that Xcode's ibtool generated,
/// taken at the commit where they agree best; Scripts/strings_pairs.py found them,
/// Scripts/strings_conformance.py stored them). Every key of the translation must be produced with
/// ibtool's comment, and no other key; each difference that is not nibinspect's (a stale or pruned
/// translation, an older ibtool's wording) is listed in `Tests/Conformance/strings-exceptions.tsv`
/// with its reason, and an exception that no longer applies fails too.
@Suite("Strings conformance")
struct StringsConformanceTests {
    static let root = Corpus.packageRoot.appendingPathComponent("Tests/Conformance/strings")

    struct Pair { var id: String; var source: String; var expected: [(key: String, comment: String)] }
    struct Difference: Hashable, CustomStringConvertible {
        var pair: String; var key: String; var kind: String
        var description: String { "\(pair)\t\(key)\t\(kind)" }
    }

    static func rows(_ url: URL) throws -> [[String]] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    static func pairs() throws -> [Pair] {
        try rows(root.appendingPathComponent("pairs.tsv")).map { cols in
            let expected = try rows(root.appendingPathComponent("expected/\(cols[0]).tsv")).map { (key: $0[0], comment: $0[1]) }
            return Pair(id: cols[0], source: cols[6], expected: expected)
        }
    }

    /// The differences of one pair: ibtool keys not produced (missing), produced with another
    /// comment (comment), produced but not in the translation (extra).
    static func differences(_ pair: Pair) throws -> (matched: Int, [Difference]) {
        let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(pair.source)))
        let ours = Dictionary(try IBStrings.extract(xml: bytes).map { ($0.key, $0.comment) }, uniquingKeysWith: { a, _ in a })
        var out: [Difference] = [], matched = 0
        for (key, comment) in pair.expected {
            switch ours[key] {
            case nil: out.append(Difference(pair: pair.id, key: key, kind: "missing"))
            case comment?: matched += 1
            default: out.append(Difference(pair: pair.id, key: key, kind: "comment"))
            }
        }
        let theirs = Set(pair.expected.map(\.key))
        for key in ours.keys.sorted() where !theirs.contains(key) { out.append(Difference(pair: pair.id, key: key, kind: "extra")) }
        return (matched, out)
    }

    @Test func everyIBToolKeyWithItsComment() throws {
        let pairs = try Self.pairs()
        #expect(pairs.count >= 94, "pairs.tsv lists \(pairs.count) pairs")
        let exceptions = Set(try Self.rows(Corpus.packageRoot.appendingPathComponent("Tests/Conformance/strings-exceptions.tsv"))
            .map { Difference(pair: $0[0], key: $0[1], kind: $0[2]) })
        var found = Set<Difference>(), matched = 0, total = 0
        for pair in pairs {
            let (m, d) = try Self.differences(pair)
            matched += m
            total += pair.expected.count
            found.formUnion(d)
        }
        let unexplained = found.subtracting(exceptions).map(\.description).sorted()
        let stale = exceptions.subtracting(found).map(\.description).sorted()
        #expect(unexplained.isEmpty, "differences from ibtool not in strings-exceptions.tsv:\n\(unexplained.joined(separator: "\n"))")
        #expect(stale.isEmpty, "exceptions that no longer apply:\n\(stale.joined(separator: "\n"))")
        // 1,075 ibtool keys in 94 pairs; 1,065 produced with ibtool's comment (the other 10: stale
        // translations and older ibtool wording, see the exceptions).
        #expect(total >= 1075 && matched >= 1065, "\(matched) of \(total) keys with ibtool's comment")
    }
}
