#if !NIBINSPECT_SINGLE_MODULE
import ArchiveReader
#endif
import Foundation
#if !NIBINSPECT_SINGLE_MODULE
import NibModel
#endif

/// One independently decodable unit found by ``NibScanner``: a compiled file, nib bundle,
/// `.storyboardc` or XML source, on disk or inside a zip archive.
public struct ScanUnit: Sendable {
    /// The `PATH` argument it was found under.
    public var input: String
    /// The zip archive holding it, as found on disk; nil on disk.
    public var archive: String?
    /// Its path inside ``archive``.
    public var member: String?
    /// Its path on disk, or ``archive``/``member`` (``ScanRecord/path``; the shard key).
    public var displayPath: String
    /// ``ScanRecord/container``.
    public var container: String
    /// The unit as the inventory listed it; its path is in ``files``.
    var unit: InputUnit?
    /// Where its bytes are: the file system or the archive's members in memory.
    var files: FileTree
    /// Set when the unit is an error already (a path that could not be listed).
    var failure: (any Error & Sendable)?
    /// What the walk skipped with no unit after it (a link leading outside, a FIFO, a directory
    /// nested too deeply): a line of its own with these diagnostics and no document.
    var notes: [Diagnostic] = []

    /// The line of walk warnings not attached to any unit, under `path`.
    static func notes(_ notes: [Diagnostic], input: String, archive: String? = nil, path: String) -> ScanUnit {
        ScanUnit(input: input, archive: archive, displayPath: path, container: archive == nil ? "input" : "archive",
                 files: .disk, notes: notes)
    }
}

/// `--shard i/n`: the stable subset of units whose path hashes to `i` modulo `n` (FNV-1a, 64-bit,
/// of the UTF-8 of ``ScanRecord/path``): the same on every machine and in every run, whatever the
/// order or number of the other units.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based index of this shard.
    public var index: Int
    /// Number of shards.
    public var count: Int

    /// Parses `i/n` with `1 <= i <= n`; nil otherwise.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else { return nil }
        index = i
        count = n
    }

    public var description: String { "\(index)/\(count)" }

    /// True when the unit at `path` belongs to this shard.
    public func contains(_ path: String) -> Bool {
        Int(Self.fnv1a(path) % UInt64(count)) == index - 1
    }

    /// FNV-1a 64 of `text`'s UTF-8 (Swift's `Hasher` is seeded per process, so it cannot be used).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

/// Progress of a running scan, for a progress line.
public struct ScanProgress: Sendable {
    /// Units done so far.
    public var done: Int
    /// Units known so far (grows as archives are opened).
    public var known: Int
    /// Units that gave an error line.
    public var failed: Int
    /// Archives opened so far, of those found.
    public var archivesOpened: Int
    public var archives: Int
}

/// What a finished scan found.
public struct ScanSummary: Sendable, Hashable {
    /// Units decoded (after `--shard`).
    public var units = 0
    /// Document lines written.
    public var documents = 0
    /// Error lines written.
    public var failures = 0
    /// Zip archives opened.
    public var archives = 0
}

/// `nibinspect scan`: finds every unit under some paths — directories, `.app` bundles, zip
/// archives (`.ipa`, `.zip`, told by their first bytes and read in memory through ``ZipMembers``),
/// nib bundles and `.storyboardc` directories inside them as on disk — decodes the units in
/// parallel through ``NibOpener`` and hands out one ``ScanRecord`` per document, in the same
/// order whatever ``jobs``.
///
/// Order: paths as given; within a directory, units in sorted path order (``NibLoader/inventory(at:listingArchives:)``)
/// with each archive's units in sorted member order where the archive is; within a unit, its
/// documents in the opener's order followed by an error line per document that failed.
/// Archives are read one at a time (their kept members are held in memory while their units are
/// decoded), so memory is bounded by ``ArchiveLimits`` and ``jobs``.
///
/// Not called `Scanner`: Foundation's `Scanner` class is visible in every file that imports
/// Foundation (on Darwin and Linux), where a bare `Scanner(…)` would depend on which initialisers
/// happen to tell the two apart.
public struct NibScanner: Sendable {
    /// Units decoded at once.
    public var jobs: Int
    /// The subset of units to decode; nil for all.
    public var shard: Shard?
    public var limits: DecodingLimits
    public var archiveLimits: ArchiveLimits
    /// Whole storyboards resolved for nibs given on their own from inside a `.storyboardc`.
    let storyboardCache = StoryboardCache()

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, shard: Shard? = nil,
                limits: DecodingLimits = .default, archiveLimits: ArchiveLimits = .default) {
        self.jobs = max(1, jobs)
        self.shard = shard
        self.limits = limits
        self.archiveLimits = archiveLimits
    }

    /// One step of the plan: units on disk decoded together, or an archive read then decoded.
    enum Step: Sendable {
        case units([ScanUnit])
        case archive(input: String, path: String)
    }

    /// Scans `paths` in order, handing each record and its JSON line (``ScanRecord/jsonLine()``,
    /// rendered on the worker that decoded it) to `emit` in deterministic order, and progress to
    /// `progress` after each unit.
    public func scan(_ paths: [String], progress: (ScanProgress) -> Void = { _ in },
                     emit: (ScanRecord, String) -> Void) async -> ScanSummary {
        var steps: [Step] = []
        for path in paths { steps += plan(path) }
        var summary = ScanSummary()
        var state = ScanProgress(done: 0, known: 0, failed: 0, archivesOpened: 0, archives: 0)
        for step in steps {
            switch step {
            case .units(let units): state.known += units.count
            case .archive: state.archives += 1
            }
        }
        for step in steps {
            var units: [ScanUnit]
            var trailing: [ScanRecord] = []
            switch step {
            case .units(let list):
                units = list
            case .archive(let input, let path):
                state.archivesOpened += 1
                summary.archives += 1
                let opened = openArchive(path, input: input)
                units = opened.units
                trailing = opened.failures
                state.known += units.count
            }
            let scanner = self
            await Concurrently.forEach(units, width: jobs, { unit in
                await scanner.decode(unit).map { ($0, $0.jsonLine()) }
            }) { _, records in
                summary.units += 1
                state.done += 1
                for (r, line) in records {
                    if r.error == nil { summary.documents += 1 } else { summary.failures += 1 }
                    emit(r, line)
                }
                if records.contains(where: { $0.0.error != nil }) { state.failed += 1 }
                progress(state)
            }
            for r in trailing {
                summary.failures += 1
                state.failed += 1
                emit(r, r.jsonLine())
            }
        }
        return summary
    }

    /// The steps for one `PATH` argument: its units on disk, its archives, or an error line.
    func plan(_ path: String) -> [Step] {
        let loader = NibLoader(limits: limits)
        let inventory: InputInventory
        do { inventory = try loader.inventory(at: path, listingArchives: true) } catch {
            let unit = ScanUnit(input: path, displayPath: path, container: "input", files: .disk, failure: error)
            return [.units(selected([unit]))]
        }
        var steps: [Step] = []
        var run: [ScanUnit] = []
        for unit in inventory.units {
            if unit.kind == .archive {
                if !unit.notes.isEmpty { run.append(.notes(unit.notes, input: path, path: path)) }
                if !run.isEmpty { steps.append(.units(selected(run))); run = [] }
                steps.append(.archive(input: path, path: unit.path))
                continue
            }
            run.append(ScanUnit(input: path, displayPath: unit.path, container: Self.container(unit.kind), unit: unit, files: .disk))
        }
        if !inventory.units.isEmpty && !inventory.trailingNotes.isEmpty {
            run.append(.notes(inventory.trailingNotes, input: path, path: path))
        }
        if !run.isEmpty { steps.append(.units(selected(run))) }
        if inventory.kind == .directory && inventory.units.isEmpty {
            let unit = ScanUnit(input: path, displayPath: path, container: "input", files: .disk,
                                failure: InputError(.emptyDirectory, path: path, notes: inventory.trailingNotes))
            steps.append(.units(selected([unit])))
        }
        return steps
    }

    /// The units of `units` in this shard.
    func selected(_ units: [ScanUnit]) -> [ScanUnit] {
        guard let shard else { return units }
        return units.filter { shard.contains($0.displayPath) }
    }

    /// ``ScanRecord/container`` for a unit kind.
    static func container(_ kind: InputUnit.Kind) -> String {
        switch kind {
        case .file: return "nib"
        case .nibBundle: return "nibBundle"
        case .compiledStoryboard: return "storyboard"
        case .source: return "source"
        case .unreadableDirectory: return "input"
        case .archive: return "archive"
        }
    }

    /// Whether an archive member is read whole: anything inside a nib bundle or `.storyboardc`,
    /// anything named like a nib or Interface Builder source, and anything whose first bytes are
    /// a compiled nib format or a property list (a keyed archive or storyboard `Info.plist`).
    static func keep(_ name: String, head: [UInt8]) -> Bool {
        let parts = name.split(separator: "/")
        if parts.dropLast().contains(where: { $0.hasSuffix(".nib") || $0.hasSuffix(".storyboardc") }) { return true }
        if name.hasSuffix(".nib") || name.hasSuffix(".xib") || name.hasSuffix(".storyboard") { return true }
        switch FileFormat(sniffing: head) {
        case .nibArchive, .typedstream, .binaryPlist, .xmlPlist: return true
        default: return false
        }
    }

    /// Reads the archive at `path` and lists its units (in this shard) over its members in memory;
    /// an archive that cannot be read is one error line, members refused by a limit one each.
    func openArchive(_ path: String, input: String) -> (units: [ScanUnit], failures: [ScanRecord]) {
        let whole = ScanUnit(input: input, archive: path, displayPath: path, container: "archive", files: .disk)
        let members: ZipMembers
        do { members = try ZipMembers.read(path: path, limits: archiveLimits, keep: Self.keep) } catch {
            return ([], [ScanRecord(failure: error, unit: whole)])
        }
        return units(of: members, archive: path, input: input)
    }

    /// The units (in this shard) of an archive's members read into memory, and an error line per
    /// member refused by a limit (and one when reading stopped at the total limit).
    func units(of members: ZipMembers, archive path: String, input: String) -> (units: [ScanUnit], failures: [ScanRecord]) {
        let whole = ScanUnit(input: input, archive: path, displayPath: path, container: "archive", files: .disk)
        // Members live under the archive's absolute path, so that messages and the opener's
        // path logic see ordinary absolute paths.
        let archive = ArchiveTree(members: members, archive: path)
        let root = archive.root
        var failures: [ScanRecord] = []
        for (name, error) in archive.refused {
            var unit = whole
            unit.member = name
            unit.displayPath = path + "/" + name
            unit.container = "nib"
            if shard?.contains(unit.displayPath) ?? true { failures.append(ScanRecord(failure: error, unit: unit)) }
        }
        if let stopped = archive.stopped { failures.append(ScanRecord(failure: stopped, unit: whole)) }
        guard !members.files.isEmpty else { return ([], failures) }
        let tree = archive.tree
        let loader = NibLoader(limits: limits, files: tree)
        guard let inventory = try? loader.inventory(at: root) else { return ([], failures) }
        var units = inventory.units.map { unit -> ScanUnit in
            let member = String(unit.path.dropFirst(root.count + 1))
            return ScanUnit(input: input, archive: path, member: member, displayPath: path + "/" + member,
                            container: Self.container(unit.kind), unit: unit, files: tree)
        }
        if !inventory.trailingNotes.isEmpty { units.append(.notes(inventory.trailingNotes, input: input, archive: path, path: path)) }
        return (selected(units), failures)
    }

    /// The lines of one unit: one per document, one per document that failed, or one error line.
    func decode(_ scanUnit: ScanUnit) async -> [ScanRecord] {
        if let failure = scanUnit.failure {
            return [ScanRecord(failure: failure, unit: scanUnit, notes: (failure as? InputError)?.notes ?? [])]
        }
        guard let unit = scanUnit.unit else {
            guard !scanUnit.notes.isEmpty else { return [] }
            var record = ScanRecord(input: scanUnit.input, archive: scanUnit.archive, path: scanUnit.displayPath,
                                    container: scanUnit.container)
            record.diagnostics = scanUnit.notes
            return [record]
        }
        if case .unreadableDirectory(let error) = unit.kind { return [ScanRecord(failure: error, unit: scanUnit)] }
        var opener = NibOpener(limits: limits, width: 1)
        opener.loader.files = scanUnit.files
        opener.retention = .documents
        opener.storyboardCache = storyboardCache
        let opened: OpenedInput
        do {
            opened = try await opener.open(.path(unit.path))
        } catch {
            return [ScanRecord(failure: error, unit: scanUnit, notes: unit.notes)]
        }
        // The unit's own diagnostics go on its first line; documents not read become error lines.
        var notes = unit.notes + opened.input.diagnostics.filter { $0.code != .documentNotRead }
        var records: [ScanRecord] = []
        for document in opened.input.documents {
            records.append(ScanRecord(document: document, unit: scanUnit, notes: notes))
            notes = []
        }
        for failure in opened.failures {
            records.append(ScanRecord(failure: failure.error, unit: scanUnit, name: failure.name, notes: notes))
            notes = []
        }
        if records.isEmpty {
            // Nothing to decode but nothing wrong (a storyboard whose scene nibs are all missing):
            // one line with the unit's diagnostics and no document.
            var record = ScanRecord(input: scanUnit.input, archive: scanUnit.archive, member: scanUnit.member,
                                    path: scanUnit.displayPath, container: scanUnit.container)
            record.diagnostics = notes
            records.append(record)
        }
        return records
    }
}
