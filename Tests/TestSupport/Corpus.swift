import Foundation
import Testing

/// Helpers shared by the test targets (one copy, in the `TestSupport` target).
///
/// The shared corpus of real Apple-compiled files (`../shared/corpus` beside the checkout).
/// Tests that use it are disabled with a message when it is absent.
public enum Corpus {
    /// Package root, derived from this file's path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpus`, or nil when absent.
    public static let root: URL? = {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("MANIFEST.tsv").path) ? url : nil
    }()

    public static let isAvailable = root != nil
    public static let skipMessage: Comment = "../shared/corpus is absent beside the checkout; corpus test skipped"

    /// One MANIFEST.tsv row.
    public struct Entry: Sendable, CustomStringConvertible {
        public var file: String      // path relative to the corpus root
        public var format: String    // NIBArchive, bplist, xml-plist, typedstream, xml-ib, empty, other
        public var notes: String
        public var url: URL { Corpus.root!.appendingPathComponent(file) }
        public var description: String { file }
    }

    /// All manifest rows (empty when the corpus is absent).
    public static let entries: [Entry] = {
        guard let root, let text = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count >= 8 else { return nil }
            return Entry(file: cols[3], format: cols[6], notes: cols[7])
        }
    }()

    public static func entries(format: String) -> [Entry] { entries.filter { $0.format == format } }

    public static func bytes(_ entry: Entry) throws -> [UInt8] { [UInt8](try Data(contentsOf: entry.url)) }
}
