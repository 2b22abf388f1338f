import ArchiveReader
import Foundation
import GraphExport
import NibDiagnosis
import SourceIndex
import TextEscaping

/// `nibinspect report [-o FILE] [--sources DIR]... PATH...`: one self-contained HTML page about
/// nibs, storyboards, directories or apps (``HTMLReport``).
enum ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Write one self-contained HTML page: documents, object trees, connections, graphs, findings.",
        arguments: [("path", "Compiled nibs, bundles, .storyboardc, xibs, storyboards, apps, .ipa archives or directories (one or more).")],
        options: [
            .option("--output", "-o", value: "path", help: "Write the page to this file instead of standard output."),
            .option("--sources", value: "dir", help: "Also read the Swift and Objective-C sources under DIR and add the findings of 'why' (repeatable)."),
            .option("--title", value: "text", help: "The page's title (default: the inputs' names)."),
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
            jobsOption,
        ],
        discussion: """
        The page holds the map of the app first (as 'graph' draws a directory, with the code's
        transitions and nib loads when sources are read); the lint findings (and, with --sources
        or a directory holding sources, those of 'why'), errors first, each linking to its
        object; what the checks covered and what not; for each storyboard its scene flow with
        every scene linking to its documents; an index of the documents (platform, format,
        object, connection, diagnostic and finding counts); and for each document its placeholders and their classes, the object tree
        (collapsible), the connection table (sortable by any column, filterable by kind, class
        and label) and the connection graph as inline SVG with a legend (actions to First
        Responder and the key-view loop left out). Everything is inline: the page loads no
        script, style sheet, font or image, and works from a file. Text from the inputs is
        escaped. Graphs over 400 nodes or 800 edges are not drawn (the page says so; 'nibinspect
        graph' draws them), nor more than 200 graphs in a report (its document pages included);
        trees and tables stop at 5,000 rows.
        Beyond 200 documents each document is a page of its own in FILE.files/ beside the -o FILE
        page (left out on standard output), made and written on --jobs workers, and the page lists at
        most 1,000 findings.
        Exit status: 0, or the status of the first input that could not be read (the page is
        still written, listing it).
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard !args.positionals.isEmpty else { throw UsageError("Expected at least one <path>") }
        if let output = args.value("--output") {
            try OutputError.checkNotInput(output, inputs: args.positionals + args.values("--sources"))
        }
        let sourceDirs = args.values("--sources")
        let (inputs, sources, status) = try WhyCommand.openWithSources(args.positionals, sources: sourceDirs, context)
        let sourcesRead = sources.fileCount.values.reduce(0, +) > 0
        var findings: [Finding] = []
        var coverage = Coverage()
        if sourcesRead {
            (findings, coverage) = NibSourceCheck(inputs: inputs, sources: sources, wholeProject: args.positionals).run()
        }
        let nib = NibLint.run(inputs, options: LintOptions())
        findings += nib.findings
        coverage.append(nib.coverage)
        findings.sort { NibSourceCheck.sortKey($0).lexicographicallyPrecedes(NibSourceCheck.sortKey($1)) }
        let title = args.value("--title") ?? args.positionals.map { $0 == "-" ? "<stdin>" : ($0 as NSString).lastPathComponent }
            .joined(separator: ", ")
        var report = HTMLReport(title: title, inputs: inputs, findings: findings, sourcesRead: sourcesRead)
        report.coverage = coverage
        report.appMap = AppMap(inputs: inputs, sources: sourcesRead ? sources : nil, title: AppMap.title(inputs))
        // Beyond the page's bound, each document is a page of its own in `<name>.files/` beside it.
        var detailPath: String?
        if let output = args.value("--output") {
            let file = (output as NSString).lastPathComponent
            let dir = ((file as NSString).deletingPathExtension) + ".files"
            detailPath = ((output as NSString).deletingLastPathComponent as NSString).appendingPathComponent(dir)
            report.detailDirectory = dir
            report.indexName = file
        }
        let page = report.render()
        if let output = args.value("--output") {
            try OutputError.write(Array(page.utf8), to: output)
        } else {
            context.console.write(page)
        }
        if let detailPath, report.isSplit {
            try FileManager.default.createDirectory(atPath: detailPath, withIntermediateDirectories: true)
            try report.writeDetailPages(width: context.opener.width) { name, html in
                try OutputError.write(Array(html.utf8), to: (detailPath as NSString).appendingPathComponent(name))
            }
        }
        context.finish(inputs, sources: sources)
        return status
    }
}
