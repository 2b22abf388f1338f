import ArchiveReader
import Foundation

/// `nibinspect compare SOURCE COMPILED`: does a xib/storyboard agree with the nib compiled from it?
/// Exit 0 when they agree, 1 when they differ (see ``NibComparer``).
enum CompareCommand: Command {
    static let spec = CommandSpec(
        name: "compare",
        abstract: "Check that a xib or storyboard agrees with its compiled nib.",
        arguments: [("source", "A .xib, .storyboard or designable.nib (XML source)."),
                    ("compiled", "The nib, nib bundle, keyedobjects.nib or .storyboardc compiled from it.")],
        options: [
            .option("--format", value: "format", help: "Output format.", allowed: ["text", "json"]),
            colorOption,
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
        ],
        discussion: """
        Object ids do not survive compilation, so objects are matched by structure: placeholders,
        ids kept in localizable-string keys, class and custom class, titles and frames, connection
        labels, position in the hierarchy.
        Reported: connections present on one side only, changed destinations, control events or
        key paths that differ, class differences, objects missing on either side. Not reported,
        because compilation drops or adds them: the macOS First Responder and Exit placeholders,
        storyboard placeholders and segue templates, cells and clip views IB creates implicitly.
        Exit status 0 when the two agree, 1 when they differ.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 2 else { throw UsageError("Expected <source> and <compiled>") }
        let sourcePath = args.positionals[0], compiledPath = args.positionals[1]
        if sourcePath == "-" && compiledPath == "-" { throw UsageError("Only one input can be standard input ('-')") }
        guard let source = try context.loadSourceOrStdin(sourcePath), !(source.documents.first?.format.isCompiled ?? true) else {
            if !FileManager.default.fileExists(atPath: sourcePath) && sourcePath != "-" {
                throw InputError(.notFound, path: sourcePath)
            }
            throw UsageError("<source> must be a xib, storyboard or designable.nib; '\(sourcePath)' is a compiled nib")
        }
        let (compiled, hints) = try loadCompiled(compiledPath, context)
        let report = NibComparer.compare(source: source, compiled: compiled, hints: hints)
        switch args.value("--format") ?? "text" {
        case "json":
            context.console.write(try ResolvedJSON.render(Output(report)))
        default:
            let style = TerminalStyle.resolve(mode: args.value("--color"), console: context.console)
            context.console.write(text(report, style: style))
        }
        return report.agrees ? .success : .findings
    }

    /// The compiled side and, per document, the source ids its localizable strings carry: any
    /// input `tree` reads; a directory the loader cannot read yet (a `.storyboardc` or `.nib`
    /// bundle) is read as the compiled nibs it holds. A source in this position is compared as is.
    static func loadCompiled(_ path: String, _ context: Context) throws -> (NibInput, [String: [ObjectID: String]]) {
        if let source = try context.loadSourceOrStdin(path) { return (source, [:]) }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        var archives: [LoadedArchive] = []
        do {
            archives = try context.withFile(path) { try context.loadArchives(path) }
        } catch let error where exists && isDirectory.boolValue {
            archives = try archivesInDirectory(path, context)
            if archives.isEmpty { throw error }
        }
        var hints: [String: [ObjectID: String]] = [:]
        let documents = archives.map { a in
            let document = NibResolver.resolve(a.graph, name: a.name, path: a.path, variant: a.variant)
            hints[document.name] = LocalizationHints.sourceIDs(in: a.graph)
            return document
        }
        let kind = documents.first.map { $0.format.displayName } ?? "compiled nib"
        return (NibInput(path: path, kind: kind, variants: archives.compactMap(\.variant), documents: documents), hints)
    }

    /// The compiled nibs of a directory the loader cannot read yet: a nib bundle gives its
    /// preferred variant (nib-format.md §8.3: `objects-<v>+.nib` highest, `keyedobjects-<v>.nib`
    /// highest, `runtime.nib`, `objects.nib`, `keyedobjects.nib`; never `designable.nib`); any
    /// other directory (a `.storyboardc`) gives every nib file and bundle it holds.
    static func archivesInDirectory(_ path: String, _ context: Context, depth: Int = 0) throws -> [LoadedArchive] {
        let fm = FileManager.default
        let names = ((try? fm.contentsOfDirectory(atPath: path)) ?? []).sorted()
        let base = (path as NSString).lastPathComponent
        if base.hasSuffix(".nib") {
            guard let variant = preferredVariant(names) else { return [] }
            let full = (path as NSString).appendingPathComponent(variant)
            let bytes = try context.withFile(full) { try NibLoader.readFile(full) }
            return [try context.withFile(full) {
                try context.loader.loadArchive(bytes: bytes, name: base + "/" + variant, path: full, variant: variant)
            }]
        }
        var out: [LoadedArchive] = []
        for name in names where name.hasSuffix(".nib") && depth < 2 {
            let full = (path as NSString).appendingPathComponent(name)
            var sub: ObjCBool = false
            fm.fileExists(atPath: full, isDirectory: &sub)
            if sub.boolValue {
                out += try archivesInDirectory(full, context, depth: depth + 1).map { a in
                    var a = a
                    a.name = base + "/" + a.name
                    return a
                }
                continue
            }
            let bytes = try context.withFile(full) { try NibLoader.readFile(full) }
            out.append(try context.withFile(full) {
                try context.loader.loadArchive(bytes: bytes, name: base + "/" + name, path: full)
            })
        }
        return out
    }

    /// The variant a loader prefers among a nib bundle's file names (§8.2, §8.3).
    static func preferredVariant(_ names: [String]) -> String? {
        func version(_ name: String, prefix: String, suffix: String) -> [Int]? {
            guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
            let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
            let parts = middle.split(separator: ".").compactMap { Int($0) }
            return parts.isEmpty ? nil : parts
        }
        let objects = names.compactMap { n in version(n, prefix: "objects-", suffix: "+.nib").map { (n, $0) } }
        if let best = objects.max(by: { $0.1.lexicographicallyPrecedes($1.1) }) { return best.0 }
        let keyed = names.compactMap { n in version(n, prefix: "keyedobjects-", suffix: ".nib").map { (n, $0) } }
        if let best = keyed.max(by: { $0.1.lexicographicallyPrecedes($1.1) }) { return best.0 }
        for n in ["runtime.nib", "objects.nib", "keyedobjects.nib"] where names.contains(n) { return n }
        return nil
    }

    /// `compare` as text: verdict, counts, differences with source lines, dropped items.
    static func text(_ r: CompareReport, style: TerminalStyle) -> String {
        var lines: [String] = []
        let verdict = r.agrees ? style.name("agree") : style.warning("differ (\(r.differences.count) difference\(r.differences.count == 1 ? "" : "s"))")
        lines.append("\(r.source) ↔ \(r.compiled): \(verdict)")
        let c = r.counts
        lines.append(style.detail("  objects: \(c.sourceObjects) in source, \(c.compiledObjects) compiled, \(c.matchedObjects) matched"))
        lines.append(style.detail("  connections: \(c.sourceConnections) in source, \(c.compiledConnections) compiled, \(c.matchedConnections) matched"))
        if !r.differences.isEmpty {
            lines.append("Differences")
            for d in r.differences {
                let location = d.sourceLine.map { "line \($0): " } ?? ""
                lines.append("  " + style.detail(location) + d.message)
            }
        }
        if !r.dropped.isEmpty {
            lines.append(style.detail("Not compared (dropped or added by compilation)"))
            for d in r.dropped { lines.append(style.detail("  " + d)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// JSON shape: the report plus its verdicts.
    struct Output: Encodable {
        var agrees: Bool
        var connectionsAgree: Bool
        var report: CompareReport
        init(_ report: CompareReport) {
            agrees = report.agrees
            connectionsAgree = report.connectionsAgree
            self.report = report
        }
    }
}
