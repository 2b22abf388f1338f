import ArchiveReader
import Foundation
import NibScan

/// `nibinspect scan [--jobs N] [--format jsonl|json] [--shard i/n] PATH...`: every unit of
/// directories, apps and zip archives decoded in parallel (``NibScanner``), one JSON line per
/// document (``ScanRecord``) in a deterministic order.
enum ScanCommand: Command {
    static let spec = CommandSpec(
        name: "scan",
        abstract: "Scan directories, apps and .ipa/.zip archives: one JSON line per document.",
        arguments: [("path", "Directories, .app bundles, .ipa or .zip archives, nib bundles, .storyboardc, nibs or sources (one or more).")],
        options: [
            .option("--jobs", "-j", value: "n", help: "Units decoded at once (default: the number of cores)."),
            .option("--format", value: "format", help: "Output format (default: jsonl).", values: Format.self),
            .option("--shard", value: "i/n", help: "Decode only shard i of n: the units whose path hashes to i (stable across machines and runs)."),
        ],
        discussion: """
        Every nib, nib bundle, .storyboardc, keyed archive, xib and storyboard below the paths is a
        unit; zip archives (.ipa, .zip, told by their first bytes) are read in memory, nothing is
        unpacked to disk, and the nib bundles and .storyboardc directories inside them are units
        as on disk. Units are decoded in parallel (--jobs); the output is in the same order
        whatever --jobs: paths as given, units in sorted path order, an archive's units where the
        archive is.
        jsonl writes one self-contained JSON object per line and document: {"schemaVersion",
        "input", "archive", "member", "path", "container", "document", "platform", "format",
        "variant", "counts": {objects, placeholders, connections, outlets, outletCollections,
        actions, bindings, segues, unresolved}, "classes", "customClasses", "connections":
        [{kind, label, source, sourceClass, destination, destinationClass}], "diagnostics",
        "error"} (Schemas/nibinspect-scan.schema.json); every key is on every line, null where it
        does not apply. A unit or document that cannot be read gives one line with "error":
        {message, status, name} instead, also printed on stderr, and the scan goes on; each of
        a line's "diagnostics" is printed on stderr too. json writes the same objects as one
        JSON array.
        --shard i/n keeps the units whose "path" falls in shard i of n by its hash (FNV-1a of
        the path alone): shards 1/n to n/n, on one machine or many, hold every unit exactly once.
        Archive members are read up to 64 MiB each and 512 MiB per archive (a zip bomb ends in
        an error line). A progress line is shown on stderr when it is a terminal, standard
        output is not, and the scan takes longer than a second.
        Exit status: 0 every unit was read, 1 some units gave error lines, 64 usage error,
        74 standard output cannot be written.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard !args.positionals.isEmpty else { throw UsageError("Expected at least one <path>") }
        if args.positionals.contains("-") { throw UsageError("scan reads paths, not standard input") }
        var scanner = NibScanner()
        if let jobs = args.value("--jobs") {
            guard let n = Int(jobs), n >= 1 else { throw UsageError("--jobs takes a whole number of at least 1, not '\(jobs)'") }
            scanner.jobs = n
        }
        if let text = args.value("--shard") {
            guard let shard = Shard(text) else { throw UsageError("--shard takes i/n with 1 <= i <= n (e.g. 2/8), not '\(text)'") }
            scanner.shard = shard
        }
        let output = ScanOutput(console: context.console, json: args.value("--format", as: Format.self) == .json)
        let progress = ProgressLine(console: context.console)
        let paths = args.positionals
        let summary = try Concurrently.wait { [scanner] in
            await scanner.scan(paths, progress: { progress.update($0) }) { record, line in
                if record.error != nil || !record.diagnostics.isEmpty { progress.clear() }
                output.write(record, line: line)
            }
        }
        progress.clear()
        output.finish()
        return summary.failures > 0 ? .findings : .success
    }
}

/// Writes the lines (or the array of `--format json`) to stdout, and each warning and error of a
/// record on stderr too (``DiagnosticText``).
final class ScanOutput: @unchecked Sendable {
    private let console: Console
    private let json: Bool
    private var first = true

    init(console: Console, json: Bool) {
        self.console = console
        self.json = json
        if json { console.write("[") }
    }

    func write(_ record: ScanRecord, line: String) {
        for d in record.diagnostics { console.diagnostic(DiagnosticText.line(d, input: record.path)) }
        if let error = record.error {
            let what = error.name.map { "\(record.path): \($0)" } ?? record.path
            let message = error.message.hasPrefix(what) ? error.message : "\(what): \(error.message)"
            console.diagnostic("nibinspect: error: \(message)")
        }
        if json { console.write(first ? "\n" : ",\n") }
        console.write(line)
        if !json { console.write("\n") }
        first = false
    }

    func finish() {
        if json { console.write(first ? "]\n" : "\n]\n") }
    }
}

/// The `scan` progress line on stderr: only when stderr is a terminal and stdout is not, from one
/// second after the start, redrawn at most ten times a second, erased before other stderr lines
/// and at the end.
final class ProgressLine: @unchecked Sendable {
    private let console: Console
    private let enabled: Bool
    private let start = Date()
    private var last = Date.distantPast
    private var shown = false
    /// Seconds before the first progress line (`NIBINSPECT_PROGRESS_AFTER` overrides, for tests).
    private let delay: TimeInterval

    init(console: Console) {
        self.console = console
        enabled = console.stderrIsTerminal && !console.stdoutIsTerminal
        delay = console.environment["NIBINSPECT_PROGRESS_AFTER"].flatMap(TimeInterval.init) ?? 1
    }

    func update(_ p: ScanProgress) {
        guard enabled else { return }
        let now = Date()
        guard now.timeIntervalSince(start) >= delay, now.timeIntervalSince(last) >= 0.1 || p.done == p.known else { return }
        last = now
        var text = "nibinspect scan: \(p.done)/\(p.known) units"
        if p.archives > 0 { text += ", archive \(p.archivesOpened)/\(p.archives)" }
        if p.failed > 0 { text += ", \(p.failed) failed" }
        console.error("\r" + text + "\u{1B}[K")
        shown = true
    }

    func clear() {
        guard shown else { return }
        console.error("\r\u{1B}[K")
        shown = false
    }
}
