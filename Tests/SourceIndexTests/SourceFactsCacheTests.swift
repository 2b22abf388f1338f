import Foundation
import SourceIndex
import SwiftSourceParser
import Testing
import TestSupport

/// The parse cache of `why` (``SourceFactsCache``): the facts read back are those a parse gives,
/// and any change to the file, its path, its module or the reader's version is a miss.
@Suite struct SourceFactsCacheTests {
    /// A reader that counts its parses, so that a test can tell a hit from a miss.
    final class CountingReader: SwiftFileReader, @unchecked Sendable {
        let inner: any SwiftFileReader
        private let lock = NSLock()
        private(set) var parses = 0
        init(_ inner: any SwiftFileReader) { self.inner = inner }
        func read(_ text: String, file: String, module: String?) -> SourceFileFacts {
            lock.withLock { parses += 1 }
            return inner.read(text, file: file, module: module)
        }
    }

    @Test func unchangedFilesAreNotParsedAgainAndGiveTheSameFacts() throws {
        let swift = try #require(SwiftSourceReader.available)
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("p/Sources/App/Feed.swift", text: """
            final class Feed: UIViewController {
                @IBOutlet weak var titleLabel: UILabel!
                @IBAction func refresh(_ sender: Any) { titleLabel.text = ""; performSegue(withIdentifier: "Show", sender: nil) }
            }
            """)
        try tree.write("p/Sources/App/Broken.swift", text: "class Broken { func f( }")
        try tree.write("p/Util.m", text: "@implementation Util @end")
        let counting = CountingReader(swift)
        var reader = SourceCodeReader(swift: counting)
        let plain = reader.read(directories: [tree.path("p")])
        reader.cache = SourceFactsCache(directory: tree.path("cache"), version: "test 1")
        let first = reader.read(directories: [tree.path("p")])
        #expect(counting.parses == 4)   // two without, two filling the cache
        let second = reader.read(directories: [tree.path("p")])
        #expect(counting.parses == 4)   // every Swift file from the cache
        func same(_ a: SourceIndex, _ b: SourceIndex) -> Bool {
            a.classes == b.classes && a.literals == b.literals && a.problems == b.problems && a.references == b.references
                && a.fileCount == b.fileCount && a.unreadFiles == b.unreadFiles
        }
        #expect(same(first, plain) && same(second, plain))
        #expect(second.problems.contains { $0.location.file.hasSuffix("Broken.swift") })

        // A changed file is parsed again; so is every file under another reader version.
        try tree.write("p/Sources/App/Broken.swift", text: "class Broken {}")
        _ = reader.read(directories: [tree.path("p")])
        #expect(counting.parses == 5)
        reader.cache = SourceFactsCache(directory: tree.path("cache"), version: "test 2")
        _ = reader.read(directories: [tree.path("p")])
        #expect(counting.parses == 7)
    }

    @Test func damagedEntriesAreMisses() throws {
        let swift = try #require(SwiftSourceReader.available)
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("p/A.swift", text: "final class A: NSObject {}")
        let counting = CountingReader(swift)
        var reader = SourceCodeReader(swift: counting)
        reader.cache = SourceFactsCache(directory: tree.path("cache"), version: "v")
        let first = reader.read(file: tree.path("p/A.swift"))
        let entries = try #require(FileManager.default.enumerator(atPath: tree.path("cache"))?.allObjects as? [String])
            .filter { $0.hasSuffix(".json") }
        #expect(entries.count == 1)
        for damage in ["", "{\"version\":", "[1,2,3]"] {
            try damage.write(toFile: tree.path("cache/" + entries[0]), atomically: true, encoding: .utf8)
            let again = reader.read(file: tree.path("p/A.swift"))
            #expect(again == first)
        }
        #expect(counting.parses == 4)
    }

    @Test func theEnvironmentChoosesTheDirectory() {
        #expect(SourceFactsCache.fromEnvironment(version: "v", environment: ["NIBINSPECT_CACHE_DIR": "off", "HOME": "/h"]) == nil)
        #expect(SourceFactsCache.fromEnvironment(version: "v", environment: ["NIBINSPECT_CACHE_DIR": ""]) == nil)
        #expect(SourceFactsCache.fromEnvironment(version: "v", environment: ["NIBINSPECT_CACHE_DIR": "/c", "HOME": "/h"])?.directory == "/c")
        #expect(SourceFactsCache.fromEnvironment(version: "v", environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"])?.directory == "/x/nibinspect")
        #expect(SourceFactsCache.fromEnvironment(version: "v", environment: ["HOME": "/h"])?.directory == "/h/.cache/nibinspect")
        #expect(SourceFactsCache.fromEnvironment(version: "v", environment: [:]) == nil)
    }
}
