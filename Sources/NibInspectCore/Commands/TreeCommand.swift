import ArchiveReader
import Foundation
import TextEscaping

/// `nibinspect tree FILE`: the resolved hierarchy with placeholders and connections.
enum TreeCommand: Command {
    static let spec = CommandSpec(
        name: "tree",
        abstract: "Print the nib as a tree of objects and their connections.",
        arguments: [("file", "A compiled nib, nib bundle, .storyboardc, xib, storyboard, directory, app or .ipa, or '-' for standard input.")],
        options: [
            .flag("--raw", help: "Print the raw archive object graph from the root object."),
            .flag("--nested", help: "With --raw (implied): expand archives nested in data values (prototype cells, NSNib) inline."),
            .option("--depth", value: "n", help: "Stop after N levels."),
            .flag("--properties", help: "Print every decoded property under each object."),
            .flag("--incoming", help: "Also print incoming connections under each object."),
            .flag("--constraints", help: "List layout constraints instead of counting them."),
            colorOption,
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
            .flag("--list-variants", help: "List the files of each nib bundle (* = the one read) and exit."),
            jobsOption,
        ],
        discussion: """
        Placeholders (File's Owner, First Responder, …) come first, then the object hierarchy.
        Under each object: its outgoing connections, one per line, e.g.
          outlet titleLabel → #5 UILabel "Welcome"
          action signIn: → #1 File's Owner [touchUpInside]
          action copy: → First Responder (responder chain)
        A .storyboardc starts with its entry point, scenes and segues; several documents print
        one after another. --raw prints the archive object graphs (with a container header and
        '== NAME ==' headings for bundles, storyboards and directories).
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <file>") }
        var depth = Int.max
        if let d = args.value("--depth") {
            guard let n = Int(d), n >= 0 else { throw UsageError("--depth takes a whole number, not '\(d)'") }
            depth = n
        }
        let path = args.positionals[0]
        if args.flag("--list-variants") {
            guard FileManager.default.fileExists(atPath: path) else { throw InputError(.notFound, path: path) }
            let (list, diagnostics) = ContainerText.variantList(path: path, requested: args.value("--variant"))
            context.console.write(list.isEmpty ? "\((path as NSString).lastPathComponent): no nib bundle, no variants\n" : list)
            context.printDiagnostics(diagnostics, input: path)
            return .success
        }
        if args.flag("--raw") || args.flag("--nested") {
            try context.rejectSourceVariantForRaw(path)
            let loaded = try context.withFile(path) { try context.loadContainer(path) }
            renderRaw(loaded, maxDepth: depth, console: context.console, nested: args.flag("--nested"),
                      limits: context.loader.limits)
            return context.report(loaded, path: path)
        }
        // The objects of a compiled nib are made as they are printed (as `json` writes them).
        var deferring = context
        deferring.opener.defersObjects = true
        deferring.opener.keepsSourceXML = false
        let (opened, status) = try deferring.openResolved(path)
        let (input, loaded) = (opened.input, opened.loaded)
        let style = TerminalStyle.resolve(mode: args.value("--color"), console: context.console)
        // Bundles, storyboards and directories: the container header, then one heading per document.
        let single = (loaded?.container.kind ?? .file) == .file && input.documents.count == 1
        render(input, style: style, depth: depth, properties: args.flag("--properties"),
               incoming: args.flag("--incoming"), constraints: args.flag("--constraints"),
               header: single ? nil : loaded.map { ContainerText.header($0.container, documents: input.documents.count) },
               headings: input.documents.count > 1, width: context.opener.width, deferred: opened.deferredObjects,
               to: context.console.write)
        return context.finish(input, status: status)
    }

    /// The raw object-graph trees of every document, under a container header and per-document
    /// headings when the input holds more than one document or is a directory.
    /// With `nested`, archives nested in data values are expanded inline under their value instead
    /// of being listed as separate documents.
    static func renderRaw(_ loaded: LoadedContainer, maxDepth: Int, console: Console, nested: Bool = false,
                          limits: DecodingLimits = .default) {
        let container = loaded.container
        let single = container.kind == .file && loaded.archives.count == 1
        var out = ContainerText.header(container)
        for (i, (doc, archive)) in zip(container.documents, loaded.archives).enumerated() {
            if nested && archive.nesting != nil { continue }   // printed inline under its value
            if !single {
                if i > 0 || !out.isEmpty { out += "\n" }
                out += "== \(Escape.terminal(doc.name)) ==\n"
                if container.kind != .nibBundle && !doc.variants.isEmpty {
                    out += "variants: " + ContainerText.variantsLine(doc.variants) + "\n"
                }
            }
            console.write(out)
            out = ""
            var printer = RawTreePrinter(graph: archive.graph, maxDepth: maxDepth,
                                         nestedPayloadOffsets: nested ? archive.nibArchive?.nestedPayloadOffsets : nil,
                                         limits: limits)
            printer.render(to: console.write)
            // Nested archives the loader could not read are among the container's diagnostics
            // (printed by `report`); the others are printed here, once each.
            let reported = Set(container.diagnostics.filter { $0.code == .nestedArchiveUnreadable }.map(\.location.byteOffset))
            for e in printer.nestedErrors where !reported.contains(e.hasOffset ? e.offset : nil) {
                let d = Diagnostic(.nestedArchiveUnreadable, e.messageWithoutOffset,
                                   location: .init(byteOffset: e.hasOffset ? e.offset : nil))
                console.diagnostic(DiagnosticText.line(d.located(document: archive.name, path: archive.path), input: archive.name))
            }
        }
        if !out.isEmpty { console.write(out) }
    }

    /// The tree text of every document of `input` (a storyboard summary first, when present).
    static func render(_ input: NibInput, style: TerminalStyle, depth: Int = .max, properties: Bool = false,
                       incoming: Bool = false, constraints: Bool = false, header: String? = nil,
                       headings: Bool = false) -> String {
        var out = ""
        render(input, style: style, depth: depth, properties: properties, incoming: incoming, constraints: constraints,
               header: header, headings: headings) { out += $0 }
        return out
    }

    /// Writes the text of ``render(_:style:depth:properties:incoming:constraints:header:headings:)``
    /// to `sink` as it is produced: one document line by line; several a document at a time,
    /// rendered on up to `width` workers, the text the same whatever `width`. `deferred`: the
    /// objects of compiled documents opened with ``NibOpener/defersObjects``
    /// (``OpenedInput/deferredObjects``), made as printed.
    static func render(_ input: NibInput, style: TerminalStyle, depth: Int = .max, properties: Bool = false,
                       incoming: Bool = false, constraints: Bool = false, header: String? = nil,
                       headings: Bool = false, width: Int = 1, deferred: [String: ResolvedObjects] = [:],
                       to sink: (String) -> Void) {
        var wrote = false
        func write(_ text: String) {
            if !text.isEmpty { wrote = true }
            sink(text)
        }
        write(header ?? "")
        let summaries = input.storyboards.isEmpty ? (input.storyboard.map { [$0] } ?? []) : input.storyboards
        for (i, storyboard) in summaries.enumerated() {
            if i > 0 { write("\n") }
            write(StoryboardText.render(storyboard, style: style) + "\n")
        }
        let siblings = SiblingDocuments(input.documents)
        let afterHeader = wrote
        @Sendable func printer(_ document: NibDocument) -> ResolvedTreePrinter {
            var printer = ResolvedTreePrinter(objects: DocumentObjects(document, in: deferred), style: style, siblings: siblings)
            printer.maxDepth = depth
            printer.showProperties = properties
            printer.showIncoming = incoming
            printer.showConstraints = constraints
            return printer
        }
        @Sendable func heading(_ document: NibDocument) -> String { headings ? "== \(Escape.terminal(document.name)) ==\n" : "" }
        guard width > 1 && input.documents.count > 1 else {
            // One worker: each document's text goes to `sink` as printed, never held whole.
            for (i, document) in input.documents.enumerated() {
                if i > 0 || afterHeader { sink("\n") }
                sink(heading(document))
                var p = printer(document)
                p.render(to: sink)
            }
            return
        }
        // Each document's text is made on one of `width` workers and written in order (OrderedOutput).
        try? OrderedOutput.forEach(input.documents, width: width, transform: { document in
            var text = heading(document)
            var p = printer(document)
            p.render { text += $0 }
            return text
        }) { i, text in
            if i > 0 || afterHeader { sink("\n") }
            sink(text)
        }
    }
}

/// The storyboard summary as text: entry point, scenes with controller class, controllers archived
/// inside other scenes' controllers, segues and relationships (with the relationship's name).
enum StoryboardText {
    static func render(_ s: StoryboardSummary, style: TerminalStyle) -> String {
        var lines = [style.detail("\(s.name) — \(s.platform.rawValue) storyboard, " + plural(s.scenes.count, "scene"))]
        lines.append("Entry point: " + (s.entryPoint.map { style.name($0) } ?? style.detail("none")))
        for scene in s.scenes {
            var line = "  scene " + style.name(scene.identifier)
            if let cls = scene.controllerClass { line += " " + style.customClass(cls) }
            if let nib = scene.nibName { line += style.detail(" nib \(nib)") }
            if let view = scene.viewNibName { line += style.detail(", view \(view)") }
            lines.append(line)
        }
        let scenes = Set(s.scenes.map(\.identifier))
        for controller in s.controllers where !scenes.contains(controller.id) {
            var line = "  controller " + style.name(controller.id) + " " + style.customClass(controller.effectiveClass)
            line += style.detail(" in scene \(controller.scene)")
            if let view = controller.viewNibName { line += style.detail(", view \(view)") }
            lines.append(line)
        }
        for segue in s.segues {
            let kind = segue.segue.kind == "relationship" ? "relationship " + (segue.segue.relationship ?? "?") : "segue \(segue.segue.kind)"
            var line = "  " + style.kind(kind) + " " + style.text(segue.from) + " → " + style.text(segue.to ?? "?")
            if let id = segue.segue.identifier { line += " " + style.name(Escape.quoted(id)) }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
