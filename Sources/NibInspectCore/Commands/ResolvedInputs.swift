import ArchiveReader
import Foundation
import NibScan

/// The commands' inputs, all opened through ``NibOpener`` (the library's one door); this file
/// only adds standard input, error attribution to the file, and exit statuses.
extension Context {
    /// Standard input as the input `-`, read once, within the loader's file-size limit; bytes
    /// whose first ``FileFormat/sniffLength`` are no format the tool reads (neither an archive nor
    /// IB XML) are read no further, and the loader refuses them from those bytes as it refuses
    /// such a file.
    func readInputFromStdin() throws -> [UInt8] {
        try console.readStdin(limit: loader.limits.maxFileSize, headLength: FileFormat.sniffLength) { head in
            switch FileFormat(sniffing: head) {
            case .unknown, .asciiPlist: return false
            default: return true
            }
        }
    }

    /// Opens `path` (`-` reads standard input once) with the library's ``NibOpener``; a zip
    /// archive (`.ipa`, `.zip`) is read in memory and opened as the directory it holds
    /// (``openArchive(_:)``).
    func open(_ path: String) throws -> OpenedInput {
        try withFile(path) {
            if path == "-" { return try opener.open(.bytes(try readInputFromStdin(), name: "<stdin>")) }
            if ArchiveTree.isArchive(path) { return try openArchive(path) }
            return try opener.open(.path(path))
        }
    }

    /// The resolved documents of one input: a source, a compiled file, a nib bundle, a
    /// `.storyboardc` or a directory (nib-format.md §3–5, §7). Documents that could not be read
    /// are error diagnostics of the input (``DiagnosticCode/documentNotRead``); print every
    /// diagnostic with ``finish(_:status:)`` (DiagnosticText.swift).
    func loadResolved(_ path: String) throws -> NibInput {
        try loadResolvedWithStatus(path).input
    }

    /// ``loadResolved(_:)`` plus the exit status for documents that could not be read and the
    /// loaded container (nil for XML sources).
    func loadResolvedWithStatus(_ path: String) throws -> (input: NibInput, status: ExitCode, loaded: LoadedContainer?) {
        let (opened, status) = try openResolved(path)
        return (opened.input, status, opened.loaded)
    }

    /// ``open(_:)`` with standard input named `<stdin>`, and the exit status for documents that
    /// could not be read.
    func openResolved(_ path: String) throws -> (opened: OpenedInput, status: ExitCode) {
        var opened = try open(path)
        if path == "-" { opened.input.path = "<stdin>" }
        return (opened, opened.failures.first.map { NibInspectCLI.exitCode(for: $0.error) } ?? .success)
    }

    /// The input at `path` when it is an Interface Builder XML source (xib, storyboard, IB 3
    /// `designable.nib`, also as `--variant designable.nib` of a bundle; by its first bytes), else nil.
    /// Standard input is read once either way.
    func loadSource(_ path: String) throws -> NibInput? {
        if path == "-" {
            let bytes = try readInputFromStdin()
            guard SourceReader.isSource(bytes) else { return nil }
            return try withFile(path) { try opener.open(.bytes(bytes, name: "<stdin>")).input }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
           !((try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeRegular) {
            // A pipe can be read once: read it, then decide.
            let bytes = try withFile(path) { try opener.loader.readInput(path) }
            guard SourceReader.isSource(bytes) else { return nil }
            return try withFile(path) { try opener.open(.bytes(bytes, name: (path as NSString).lastPathComponent)).input }
        }
        return opener.isSource(path) ? try open(path).input : nil
    }

    /// The compiled side of `compare`: the resolved input, per document the source ids its
    /// localizable strings carry (``LocalizationHints``), and per nested-archive document where it
    /// is nested (nib-format.md §2.9). A source in this position is compared as is.
    func loadCompiledForCompare(_ path: String) throws -> (NibInput, [String: [ObjectID: String]], [String: ArchiveNesting]) {
        var withGraphs = self   // the hints are read from the graphs, released when this returns
        withGraphs.opener.retention = .graphs
        let (input, _, loaded) = try withGraphs.loadResolvedWithStatus(path)
        var hints: [String: [ObjectID: String]] = [:]
        var nesting: [String: ArchiveNesting] = [:]
        let names = Set(input.documents.map(\.name))
        for a in loaded?.archives ?? [] {
            hints[a.name] = LocalizationHints.sourceIDs(in: a.graph)
            if let n = a.nesting, names.contains(a.name) { nesting[a.name] = n }
        }
        return (input, hints, nesting)
    }

    /// Refuses `--raw` with a `--variant` that is an XML source (usage error, exit 64): the raw
    /// commands print compiled archive tables, which a source does not have.
    func rejectSourceVariantForRaw(_ path: String) throws {
        guard path != "-", let variant = opener.sourceVariant(of: path) else { return }
        let what = variant.format == .xibArchive ? "the IB 3 XML source" : "an Interface Builder XML source"
        throw UsageError("\(variant.name) is \(what); --raw reads compiled variants only")
    }
}

/// The shared `--color` option.
let colorOption = OptionSpec.option("--color", value: "when", help: "Colour the output.",
                                    values: ColorMode.self)

/// The shared `--jobs` option of the commands that read directories: documents decoded, resolved
/// and written at once (``NibOpener/width``, ``OrderedOutput``); the output is the same whatever N.
let jobsOption = OptionSpec.option("--jobs", "-j", value: "n",
                                   help: "Documents read and written at once (default: the number of cores); the output is the same whatever N.")
