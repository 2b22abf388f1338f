import TestSupport
import Foundation
import Testing
@testable import NibInspectCore

/// `nibinspect scan` over the shared corpus and projects: the lines validate against
/// `Schemas/nibinspect-scan.schema.json`, every corpus file read as a unit of its own, and the
/// lines load into DuckDB for queries.
@Suite("Scan corpus", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ScanCorpusTests {
    static func scan(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let c = Console.capturing()
        let code = NibInspectCLI.run(["scan"] + args, console: c)
        return (code, c.output, c.errors)
    }

    /// The corpus and the projects as directories (cached: several tests read it).
    static let directories: (code: ExitCode, out: String, err: String) = {
        var paths = [Corpus.root!.path]
        for name in ["NetNewsWire", "HexFiend"] { if let p = SharedProjects.root(name) { paths.append(p.path) } }
        return scan(paths)
    }()

    /// Error lines of `out`, one string each.
    static func failures(_ out: String) -> [String] {
        out.split(separator: "\n").filter { $0.contains(#""error":{"#) }.map(String.init)
    }

    @Test(.enabled(if: SchemaValidator.isAvailable, Comment(rawValue: SchemaValidator.skipMessage)))
    func directoriesValidate() throws {
        let r = Self.directories
        let lines = r.out.split(separator: "\n")
        #expect(lines.count > 900)
        let failures = Self.failures(r.out)
        // Every unit of the corpus and projects reads (recorded: 0 failures).
        #expect(failures.isEmpty, "\(failures.prefix(10))")
        #expect(r.code == (failures.isEmpty ? .success : .findings))
        let errors = try SchemaValidator.errors([("scan.jsonl", r.out)], schema: SchemaValidator.scanSchema)
        #expect(errors.isEmpty, "\(errors.prefix(10))")
    }

    @Test("every corpus file as a unit of its own", .enabled(if: SchemaValidator.isAvailable, Comment(rawValue: SchemaValidator.skipMessage)))
    func everyFileAUnit() throws {
        let files = Corpus.entries.map(\.url.path)
        #expect(files.count > 900)
        let r = Self.scan(files)
        let lines = r.out.split(separator: "\n")
        #expect(lines.count >= files.count)
        // Each file gives at least one line whose path is the file.
        let paths = Set(lines.compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return object["path"] as? String
        })
        #expect(paths == Set(files))
        // The files that give an error line are the ones that are not nibs on their own: IB
        // metadata (info.nib, classes.nib, property lists that are no keyed archive), empty
        // variants, images and text inside bundles. No nib fails to read.
        let failures = Self.failures(r.out)
        print("scan: \(files.count) corpus files, \(lines.count) lines, \(failures.count) error lines")
        let notNibs = ["not a supported compiled nib\"", "empty file\"", ": not a nib\""]
        let others = failures.filter { line in !notNibs.contains { line.contains($0 + ",\"status\":65") } }
        #expect(others.isEmpty, "\(others.prefix(20))")
        #expect(failures.count == ScanCorpusTests.expectedFileFailures)
        let errors = try SchemaValidator.errors([("files.jsonl", r.out)], schema: SchemaValidator.scanSchema)
        #expect(errors.isEmpty, "\(errors.prefix(10))")
    }

    /// Corpus files that give an error line when read on their own (measured on the shared corpus
    /// of 989 files: 64 property lists that are no keyed archive, 37 empty files, 20 old-style
    /// plists, 4 TIFF images, 3 text files).
    static let expectedFileFailures = 128

    @Test("the lines load into DuckDB: which documents use UIWebView",
          .enabled(if: DuckDB.isAvailable, "python3 with the duckdb package is not installed; DuckDB test skipped"))
    func duckDB() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let file = try tree.write("nibs.jsonl", text: Self.directories.out)
        let rows = try DuckDB.query("""
            SELECT path, document FROM read_json_auto('\(file)', format='newline_delimited')
            WHERE list_contains(classes, 'UIWebView') ORDER BY path, document
            """)
        // The UIWebView documents of the corpus (web view scenes of its sample apps), as the lines say.
        let expected = Self.directories.out.split(separator: "\n").filter { $0.contains(#""UIWebView""#) }.count
        #expect(rows.count == expected)
        #expect(rows.count >= 2)
        #expect(rows.allSatisfy { $0.hasPrefix(Corpus.root!.path) && $0.contains(".app/") })
        let counts = try DuckDB.query("""
            SELECT platform, count(*) FROM read_json_auto('\(file)', format='newline_delimited')
            WHERE error IS NULL AND document IS NOT NULL GROUP BY platform ORDER BY platform
            """)
        #expect(counts.contains { $0.hasPrefix("iOS\t") } && counts.contains { $0.hasPrefix("macOS\t") })
        let total = counts.compactMap { Int($0.split(separator: "\t").last ?? "") }.reduce(0, +)
        let documents = Self.directories.out.split(separator: "\n").filter { !$0.contains(#""document":null"#) }.count
        #expect(total == documents)
    }
}

/// Runs SQL with the PyPI `duckdb` package in a `python3` subprocess; rows come back as
/// tab-separated text.
enum DuckDB {
    static let isAvailable: Bool = (try? run("SELECT 1")) != nil

    static func query(_ sql: String) throws -> [String] { try run(sql) }

    private static func run(_ sql: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import sys, duckdb
            for row in duckdb.sql(sys.argv[1]).fetchall():
                print("\\t".join("" if v is None else str(v) for v in row))
            """, sql]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
