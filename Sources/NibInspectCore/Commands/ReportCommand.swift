import ArchiveReader
import Foundation
import NibDiagnosis
import SourceIndex

/// `nibinspect report [-o FILE] [--sources DIR]... PATH...`: one self-contained HTML page about
/// nibs, storyboards, directories or apps (``HTMLReport``).
enum ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Write one self-contained HTML page: documents, object trees, connections, graphs, findings.",
        arguments: [("path", "Compiled nibs, bundles, .storyboardc, xibs, storyboards, apps or directories (one or more).")],
        options: [
            .option("--output", "-o", value: "path", help: "Write the page to this file instead of standard output."),
            .option("--sources", value: "dir", help: "Also read the Swift and Objective-C sources under DIR and add the findings of 'why' (repeatable)."),
            .option("--title", value: "text", help: "The page's title (default: the inputs' names)."),
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
        ],
        discussion: """
        The page holds an index of the documents (platform, format, object, connection,
        diagnostic and finding counts); for each storyboard its scene flow (segues, relationship
        segues, entry point) with every scene linking to its documents; the lint findings (and,
        with --sources or a directory holding sources, those of 'why'), each linking to its
        object; and for each document its placeholders and their classes, the object tree
        (collapsible), the connection table (sortable by any column, filterable by kind, class
        and label) and the connection graph as inline SVG with a legend (actions to First
        Responder and the key-view loop left out). Everything is inline: the page loads no
        script, style sheet, font or image, and works from a file. Text from the inputs is
        escaped. Graphs over 400 nodes or 800 edges are not drawn (the page says so; 'nibinspect
        graph' draws them), nor more than 200 graphs per page; trees and tables stop at 5,000 rows.
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
        var findings = sourcesRead ? NibSourceCheck(inputs: inputs, sources: sources, wholeProject: args.positionals).findings() : []
        findings += NibLint.findings(inputs, options: LintOptions())
        findings.sort { NibSourceCheck.sortKey($0).lexicographicallyPrecedes(NibSourceCheck.sortKey($1)) }
        let title = args.value("--title") ?? args.positionals.map { $0 == "-" ? "<stdin>" : ($0 as NSString).lastPathComponent }
            .joined(separator: ", ")
        var report = HTMLReport(title: title, inputs: inputs, findings: findings, sourcesRead: sourcesRead)
        let page = report.render()
        if let output = args.value("--output") {
            try OutputError.write(Array(page.utf8), to: output)
        } else {
            context.console.write(page)
        }
        for input in inputs { context.printDiagnostics(input.diagnostics, input: input.path) }
        context.printDiagnostics(WhyCommand.sourceWalkDiagnostics(sources, besides: inputs), input: "")
        for p in sources.problems { context.console.diagnostic("nibinspect: warning: \(terminalSafe(p.description))") }
        return status
    }
}
