import ArchiveReader

/// `nibinspect tree FILE`: the resolved hierarchy with placeholders and connections.
enum TreeCommand: Command {
    static let spec = CommandSpec(
        name: "tree",
        abstract: "Print the nib as a tree of objects and their connections.",
        arguments: [("file", "A compiled nib, nib bundle, .storyboardc, or '-' for standard input.")],
        options: [
            .flag("--raw", help: "Print the raw archive object graph from the root object."),
            .option("--depth", value: "n", help: "Stop after N levels."),
            .flag("--properties", help: "Print every decoded property under each object."),
            .flag("--incoming", help: "Also print incoming connections under each object."),
            .flag("--constraints", help: "List layout constraints instead of counting them."),
            colorOption,
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
        ],
        discussion: """
        Placeholders (File's Owner, First Responder, …) come first, then the object hierarchy.
        Under each object: its outgoing connections, one per line, e.g.
          outlet titleLabel → #5 UILabel "Welcome"
          action signIn: → #1 File's Owner [touchUpInside]
          action copy: → First Responder (responder chain)
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <file>") }
        var depth = Int.max
        if let d = args.value("--depth") {
            guard let n = Int(d), n >= 0 else { throw UsageError("--depth takes a whole number, not '\(d)'") }
            depth = n
        }
        let path = args.positionals[0]
        if args.flag("--raw") {
            let archives = try context.withFile(path) { try context.loadArchives(path) }
            for (i, loaded) in archives.enumerated() {
                if archives.count > 1 { context.console.write((i > 0 ? "\n" : "") + "== \(loaded.name) ==\n") }
                for w in loaded.graph.warnings { context.console.error("nibinspect: warning: \(loaded.name): \(w)\n") }
                var printer = RawTreePrinter(graph: loaded.graph, maxDepth: depth)
                context.console.write(printer.render())
            }
            return .success
        }
        let input = try context.loadResolved(path)
        let style = TerminalStyle.resolve(mode: args.value("--color"), console: context.console)
        context.console.write(render(input, style: style, depth: depth, properties: args.flag("--properties"),
                                     incoming: args.flag("--incoming"), constraints: args.flag("--constraints")))
        for w in input.warnings { context.console.error("nibinspect: warning: \(w)\n") }
        return .success
    }

    /// The tree text of every document of `input` (a storyboard summary first, when present).
    static func render(_ input: NibInput, style: TerminalStyle, depth: Int = .max, properties: Bool = false,
                       incoming: Bool = false, constraints: Bool = false) -> String {
        var out = ""
        if let storyboard = input.storyboard { out += StoryboardText.render(storyboard, style: style) + "\n" }
        for (i, document) in input.documents.enumerated() {
            if i > 0 { out += "\n" }
            var printer = ResolvedTreePrinter(document: document, style: style, siblings: input.documents)
            printer.maxDepth = depth
            printer.showProperties = properties
            printer.showIncoming = incoming
            printer.showConstraints = constraints
            out += printer.render()
        }
        return out
    }
}

/// The storyboard summary as text: entry point, scenes with controller class, segues.
enum StoryboardText {
    static func render(_ s: StoryboardSummary, style: TerminalStyle) -> String {
        var lines = [style.detail("\(s.name) — \(s.platform.rawValue) storyboard, \(s.scenes.count) scenes")]
        lines.append("Entry point: " + (s.entryPoint.map { style.name($0) } ?? style.detail("none")))
        for scene in s.scenes {
            var line = "  scene " + style.name(scene.identifier)
            if let cls = scene.controllerClass { line += " " + style.customClass(cls) }
            if let nib = scene.nibName { line += style.detail(" nib \(nib)") }
            if let view = scene.viewNibName { line += style.detail(", view \(view)") }
            lines.append(line)
        }
        for segue in s.segues {
            var line = "  " + style.kind("segue \(segue.segue.kind)") + " " + segue.from + " → " + (segue.to ?? "?")
            if let id = segue.segue.identifier { line += " " + style.name(quote(id)) }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
