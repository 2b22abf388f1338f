import ArchiveReader
import Foundation
import GraphExport
import NibScan
import SourceIndex
import SwiftSourceParser

/// `nibinspect graph FILE`: the outlet/action graph (or a storyboard's scene flow) as DOT or as
/// SVG rendered in-process by Graphviz (libgvc).
enum GraphCommand: Command {
    static let spec = CommandSpec(
        name: "graph",
        abstract: "Draw outlets, actions, bindings and segues as a Graphviz graph (DOT, SVG, PNG or PDF) or a Mermaid flowchart.",
        arguments: [("file", "A compiled nib, nib bundle, .storyboardc, xib, storyboard, directory, app or .ipa, or '-' for standard input.")],
        options: [
            .option("--format", "-f", value: "format",
                    help: "Output format (default: dot); svg, png and pdf are rendered in-process; mermaid is a flowchart for Markdown; plantuml a PlantUML diagram.",
                    values: Format.self),
            .option("--output", "-o", value: "path", help: "Write to this file instead of standard output."),
            .flag("--hierarchy", help: "Draw every object, nested in its superview/menu/controller as clusters (a menu is one node listing its items)."),
            .option("--rankdir", value: "dir",
                    help: "Edge direction: left to right or top to bottom (default: auto = LR, for a scene flow the one that fits a page).",
                    values: GraphOptions.RankDirection.self),
            .flag("--responder-chain", help: "Also draw nil-targeted actions to First Responder and the key-view loop (nextKeyView, initialFirstResponder)."),
            .flag("--no-legend", help: "Leave out the legend of edge styles."),
            .option("--kinds", value: "list",
                    help: "Connection kinds to draw, comma-separated (default: outlet,outletCollection,action,binding,segue; "
                        + "also runtimeAttribute, accessibility, other, all)."),
            .option("--focus", value: "object",
                    help: "Only this object and its neighbours: an id (#12), a name or title, or a class; a storyboard controller also by storyboard identifier."),
            .option("--scene", value: "scene",
                    help: "For a storyboard: the connection graph of this scene (or controller) instead of the scene flow."),
            .option("--layout", value: "engine", help: "Graphviz layout engine for SVG (default: auto = dot, sfdp for huge graphs).",
                    allowed: LayoutEngine.allCases.map(\.rawValue)),
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
            .option("--sources", value: "dir",
                    help: "Draw the app map with the transitions and nib loads of the Swift and Objective-C code under DIR (repeatable)."),
        ],
        discussion: """
        Nodes are File's Owner and the other placeholders (yellow 3-D boxes) and every object that
        takes part in a drawn connection. Outlets are solid blue (outlet collections: one edge per
        member, 'name[i]'), actions dashed green from the control to its target (nil-targeted
        actions go to First Responder), bindings dotted purple ('binding → key path'), segues
        orange; unresolved connections are red and end at a '?' box. A storyboard is drawn as its
        scene flow: one node per controller, segues from the controller that owns them, relationship
        segues (navigation root, tab bar and split view children) grey and bold, the entry point
        marked by an arrow; scenes are labelled by controller class and storyboard identifier. In a
        scene's graph a controller is one node, with the outlets and actions of its view nib.
        A legend names the edge styles drawn. Actions to First Responder and the key-view loop are
        left out unless --responder-chain.
        SVG, PNG and PDF are rendered in-process by libgvc (PNG and PDF by its cairo plugin);
        'nibinspect graph FILE | dot -Tpng' works too.
        --format mermaid writes the same graph as a Mermaid flowchart, for a ```mermaid block of a
        Markdown design document (GitHub renders it): the same nodes, clusters (subgraphs), edge
        labels and colours; no legend or menu-item ports (an app map's nodes carry tooltips, file:line included).
        --format plantuml writes it as a PlantUML diagram (plantuml -tsvg draws it): the same
        nodes, frames for clusters, edge colours and line styles, and the legend; no tooltips.
        A directory, app or .ipa (or any input with --sources) is drawn as one app map: the scenes of
        every storyboard and the classes of every nib, one box per storyboard and nib; segues,
        relationship segues, storyboard references (dashed orange, to the scene they open) and,
        with --sources, transitions made in code (dashed teal: instantiateViewController,
        UIStoryboard(name:), performSegue, present, pushViewController, show) and nibs loaded by
        name (dotted green), with file:line in the tooltip. A storyboard, scene, segue or nib the
        code names and the app lacks ends at a red '?'. --scene and --focus draw documents instead.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <file>") }
        let path = args.positionals[0]
        if let output = args.value("--output") { try OutputError.checkNotInput(output, inputs: [path]) }
        var opening = context
        opening.opener.keepsSourceXML = false   // drawn from objects and connections, not the XML
        let sourceDirs = args.values("--sources")
        // A plain DOT graph of one file is written as it is made, its objects made when written
        // (as `json` writes them); a directory or app is drawn as an app map from its documents'
        // own objects.
        var isDirectory: ObjCBool = false
        opening.opener.defersObjects = streamsDOT(args) && sourceDirs.isEmpty && path != "-" && !ArchiveTree.isArchive(path)
            && !(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
        let (input, deferred, status) = try { () throws -> (NibInput, [String: ResolvedObjects], ExitCode) in
            let (opened, status) = try opening.openResolved(path)
            return (opened.input, opened.deferredObjects, status)   // the archives are not kept
        }()
        if (input.kind == "directory" || !sourceDirs.isEmpty) && args.value("--scene") == nil && args.value("--focus") == nil {
            precondition(deferred.isEmpty, "an app map reads the documents' own objects")
            return try drawAppMap(input, sourceDirs: sourceDirs, args, context, status: status)
        }
        return try draw(input, args, context, status: status, deferred: deferred)
    }

    /// Whether `args` ask for the plain DOT graph (no focus, scene or hierarchy), which is written
    /// without being held (``GraphExport/dotWriter(for:options:objects:)``).
    static func streamsDOT(_ args: ParsedArguments) -> Bool {
        (args.value("--format", as: Format.self) ?? .dot) == .dot && args.value("--focus") == nil
            && args.value("--scene") == nil && !args.flag("--hierarchy")
    }

    /// The app map of a directory or app (``AppMap``), with the code of `sourceDirs`; its edge
    /// counts as one note on standard error.
    static func drawAppMap(_ input: NibInput, sourceDirs: [String], _ args: ParsedArguments, _ context: Context,
                           status: ExitCode) throws -> ExitCode {
        for dir in sourceDirs where !FileManager.default.fileExists(atPath: dir) { throw InputError(.notFound, path: dir) }
        let sources = sourceDirs.isEmpty ? nil : SourceCodeReader(swift: SwiftSourceReader.available).read(directories: sourceDirs)
        var options = GraphOptions()
        options.legend = !args.flag("--no-legend")
        if let direction = args.value("--rankdir", as: GraphOptions.RankDirection.self) { options.rankDirection = direction }
        context.finish(input, status: .success)
        let map = AppMap(inputs: [input], sources: sources, options: options, title: AppMap.title([input]))
        context.console.diagnostic("nibinspect: note: app map: " + map.summary)
        try write(map.graph, args, context, tooltips: true)
        return status
    }

    /// Draws an already resolved input as the options in `args` say (everything after loading).
    /// `status`: the input's exit status (``Context/loadResolvedWithStatus(_:)``); without it, 65
    /// when the input holds an error diagnostic. `deferred`: the objects of compiled documents
    /// opened with ``NibOpener/defersObjects`` (only for a plain DOT graph, ``streamsDOT(_:)``).
    static func draw(_ input: NibInput, _ args: ParsedArguments, _ context: Context, status: ExitCode? = nil,
                     deferred: [String: ResolvedObjects] = [:]) throws -> ExitCode {
        var options = GraphOptions()
        options.hierarchy = args.flag("--hierarchy")
        options.focus = args.value("--focus")
        if let direction = args.value("--rankdir", as: GraphOptions.RankDirection.self) { options.rankDirection = direction }
        options.showsResponderChain = args.flag("--responder-chain")
        options.legend = !args.flag("--no-legend")
        if let list = args.value("--kinds") {
            guard let kinds = GraphOptions.parseKinds(list) else {
                throw UsageError("--kinds takes a comma-separated list of: \(GraphOptions.kindNames.joined(separator: ", ")); got '\(list)'")
            }
            options.kinds = kinds
        }
        // Every diagnostic first: a --focus or --scene that matches nothing stops the command.
        context.finish(input, status: .success)
        if streamsDOT(args) {
            // Written node by node and edge by edge as made, the graph never held.
            let writer: ((String) -> Void) -> Void
            do {
                writer = try GraphExport.dotWriter(for: input, options: options) { DocumentObjects($0, in: deferred) }
            } catch {
                throw UsageError(QueryMessage.graph(error))
            }
            if let output = args.value("--output") {
                try OutputError.write(to: output) { sink in writer(sink) }
            } else {
                writer(context.console.write)
            }
            return status ?? (input.diagnostics.contains { $0.severity == .error } ? .dataError : .success)
        }
        // The graph is built whole first (a focus or scene that matches nothing is reported before
        // anything is written); DOT is then written statement by statement.
        let graph: ConnectionGraph
        do {
            graph = try GraphExport.graph(for: input, options: options, scene: args.value("--scene"))
        } catch {
            throw UsageError(QueryMessage.graph(error))
        }
        try write(graph, args, context)
        return status ?? (input.diagnostics.contains { $0.severity == .error } ? .dataError : .success)
    }

    /// Writes `graph` in the `--format` asked for, to `--output` or standard output.
    /// `tooltips`: Mermaid `click` lines carrying the nodes' tooltips and the `file:line` of the
    /// edges leaving them (the app map).
    static func write(_ graph: ConnectionGraph, _ args: ParsedArguments, _ context: Context, tooltips: Bool = false) throws {
        let format = args.value("--format", as: Format.self) ?? .dot
        let engine = args.value("--layout").flatMap(LayoutEngine.init(rawValue:)) ?? .automatic
        let output = args.value("--output")
        if let graphvizFormat = SVGRenderer.formats[format.rawValue] {
            // libgvc lays out the whole graph in memory and renders it at once.
            let rendering = try SVGRenderer.render(dot: DOTWriter.write(graph), engine: engine, format: graphvizFormat)
            if let note = rendering.note { context.console.diagnostic("nibinspect: note: \(note)") }
            for warning in rendering.warnings { context.console.diagnostic("nibinspect: warning: graphviz: \(warning)") }
            if let output {
                try OutputError.write(rendering.bytes, to: output)
            } else if format == .svg {
                context.console.write(rendering.svg)
            } else {
                context.console.writeBytes(rendering.bytes)
            }
        } else {
            func write(_ sink: (String) -> Void) {
                switch format {
                case .mermaid: MermaidWriter.write(graph, tooltips: tooltips, to: sink)
                case .plantuml: PlantUMLWriter.write(graph, to: sink)
                default: DOTWriter.write(graph, to: sink)
                }
            }
            if let output {
                try OutputError.write(to: output) { sink in write(sink) }
            } else {
                write(context.console.write)
            }
        }
    }
}
