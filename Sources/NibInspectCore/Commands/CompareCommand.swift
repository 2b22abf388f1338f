import ArchiveReader
import Foundation
import NibCompare

/// `nibinspect compare SOURCE COMPILED`: does a xib/storyboard agree with the nib compiled from it?
/// Exit 0 when they agree, 1 when they differ (see ``NibComparer``).
enum CompareCommand: Command {
    static let spec = CommandSpec(
        name: "compare",
        abstract: "Check that a xib or storyboard agrees with its compiled nib.",
        arguments: [("source", "A .xib, .storyboard or designable.nib (XML source)."),
                    ("compiled", "The nib, nib bundle, keyedobjects.nib or .storyboardc compiled from it.")],
        options: [
            .option("--format", value: "format", help: "Output format.", values: Format.self),
            colorOption,
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
        ],
        discussion: """
        Object ids do not survive compilation, so objects are matched by structure: placeholders,
        ids kept in localizable-string keys, class and custom class, names, toolbar item
        identifiers, titles and frames, connection labels, position in the hierarchy (as diff
        pairs them).
        Reported: connections present on one side only, changed destinations, control events or
        key paths that differ, class differences, objects missing on either side, and properties
        that survive compilation where they differ: toolbar item identifiers and labels, segments
        (AppKit labels, UIKit titles, images and widths), scroller orientation, table column minimum
        and maximum widths (and whether a width is given), colour models. Not reported,
        because compilation drops or adds them: the macOS First Responder and Exit placeholders,
        storyboard placeholders and segue templates, contained controllers a compiled storyboard
        archives again in their container's nib, constraints placing a view controller's top and
        bottom layout guides, placeholder constraints, cells, clip views and segment views IB
        creates implicitly.
        Nested archives (a table's prototype cells or reusable views, compiled into nibs of their
        own) are each compared with the source subtree whose identifier they carry; their
        differences start with 'nested archive <location>:'.
        Connections are counted as 'tree' counts them, and compared per endpoint (an outlet
        collection has one endpoint per member).
        Exit status 0 when the two agree, 1 when they differ.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 2 else { throw UsageError("Expected <source> and <compiled>") }
        var context = context
        context.opener.keepsSourceXML = false   // the comparison reads objects, not the XML
        let sourcePath = args.positionals[0], compiledPath = args.positionals[1]
        if sourcePath == "-" && compiledPath == "-" { throw UsageError("Only one input can be standard input ('-')") }
        guard let source = try context.loadSource(sourcePath) else {
            if !FileManager.default.fileExists(atPath: sourcePath) && sourcePath != "-" {
                throw InputError(.notFound, path: sourcePath)
            }
            throw UsageError("<source> must be a xib, storyboard or designable.nib; '\(sourcePath)' is \(what(sourcePath))")
        }
        HostSystem.releaseFreeMemory()   // the source's XML tree, before the compiled side is read
        let (compiled, hints, nesting) = try context.loadCompiledForCompare(compiledPath)
        HostSystem.releaseFreeMemory()   // the compiled side's archive graphs, before the comparison
        let report = NibComparer.compare(source: source, compiled: compiled, hints: hints, nesting: nesting)
        switch args.value("--format", as: Format.self) ?? .text {
        case .json:
            try writeJSON(Output(report), to: context.console)
        case .text:
            let style = TerminalStyle.resolve(mode: args.value("--color"), console: context.console)
            text(report, style: style, to: context.console.write)
        }
        context.finish([source, compiled], status: .success)
        return report.agrees ? .success : .findings
    }

    /// What a rejected `<source>` is, by its first bytes: `a directory`, `a compiled nib (NIBArchive)`,
    /// `an empty file`, `a PNG image`, `plain UTF-8 text`, `binary data of no known format`.
    static func what(_ path: String) -> String {
        if path == "-" { return "a compiled nib or not an Interface Builder file (standard input)" }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "a directory"
        }
        var head: [UInt8] = []
        if let handle = FileHandle(forReadingAtPath: path) {
            head = [UInt8]((try? handle.read(upToCount: FileFormat.sniffLength)) ?? Data())
            try? handle.close()
        }
        switch FileFormat(sniffing: head) {
        case .empty: return "an empty file"
        case .nibArchive, .binaryPlist, .typedstream: return "a compiled nib (\(FileFormat(sniffing: head).displayName))"
        case .xmlPlist: return "an XML plist"
        case .asciiPlist: return "an old-style ASCII plist"
        case .xibDocument, .xibArchive: return "an Interface Builder source that could not be read"
        case .unknown:
            guard let foreign = ForeignFormat(sniffing: head) else { return "binary data of no known format" }
            switch foreign {
            case .text, .json: return foreign.displayName
            default: return "a " + foreign.displayName
            }
        }
    }

    /// `compare` as text: verdict, counts, differences with source lines, dropped items; written
    /// to `out` line by line.
    static func text(_ r: CompareReport, style: TerminalStyle, to out: (String) -> Void) {
        func append(_ line: String) { out(line + "\n") }
        let verdict = r.agrees ? style.name("agree") : style.warning("differ (\(r.differences.count) difference\(r.differences.count == 1 ? "" : "s"))")
        append(style.text("\(r.source) ↔ \(r.compiled)") + ": \(verdict)")
        let c = r.counts
        let main = r.nested.isEmpty ? "compiled" : "in the main nib"
        append(style.detail("  objects: \(c.sourceObjects) in source, \(c.compiledObjects) \(main), \(c.matchedObjects) matched"))
        append(style.detail("  connections: \(connections(c, compiled: main))"))
        for n in r.nested {
            let root = n.sourceRoot.map { "\($0)" } ?? "no source object"
            let verdict = n.differences == 0 ? "" : ", \(n.differences) difference\(n.differences == 1 ? "" : "s")"
            append(style.detail("  nested archive \(n.location) ↔ \(root): objects \(n.counts.sourceObjects) in source "
                + "(with placeholders), \(n.counts.compiledObjects) compiled, \(n.counts.matchedObjects) matched; "
                + "connections \(connections(n.counts, compiled: "compiled"))\(verdict)"))
        }
        if !r.differences.isEmpty {
            append("Differences")
            for d in r.differences {
                let location = d.sourceLine.map { "line \($0): " } ?? ""
                append("  " + style.detail(location) + style.text(d.message))
            }
        }
        if !r.dropped.isEmpty {
            append(style.detail("Not compared (dropped or added by compilation)"))
            for d in r.dropped { append(style.detail("  " + d)) }
        }
    }

    /// `8 in source, 8 compiled, 8 matched` (connections as `tree` counts them), or where that
    /// differs from what is compared, `8 in source, 8 compiled; compared: 9 endpoints in source,
    /// 9 compiled, 9 matched (…)`.
    static func connections(_ c: CompareReport.Counts, compiled: String) -> String {
        let records = "\(c.sourceConnectionRecords) in source, \(c.compiledConnectionRecords) \(compiled)"
        if c.sourceConnections == c.sourceConnectionRecords && c.compiledConnections == c.compiledConnectionRecords {
            return records + ", \(c.matchedConnections) matched"
        }
        return records + "; compared: \(c.sourceConnections) endpoint\(c.sourceConnections == 1 ? "" : "s") in source, \(c.compiledConnections) \(compiled), "
            + "\(c.matchedConnections) matched (an outlet collection has one endpoint per member; segues, accessibility "
            + "and ordering connections are not compared)"
    }

    /// ``ResolvedJSON/render(_:)`` of `output`, written as produced: differences, notes and
    /// matches (one per matched object) element by element.
    static func writeJSON(_ output: Output, to console: Console) throws {
        let json = StreamedJSON(console: console)
        let report = output.report
        var skeleton = output
        skeleton.report.differences = []
        skeleton.report.notes = []
        skeleton.report.matches = [:]
        try json.write(skeleton, depth: 0, replacing: [
            ResolvedJSON.elements(["report", "differences"], report.differences, json),
            ResolvedJSON.elements(["report", "notes"], report.notes, json),
            ResolvedJSON.elements(["report", "dropped"], report.dropped, json),
            StreamedJSON.Member(path: ["report", "matches"]) { depth in
                try json.writeObject(report.matches, depth: depth) { value, d in try json.write(value, depth: d) }
            },
        ])
        console.write("\n")
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
