import ArchiveReader

/// `nibinspect connections FILE`: the flat connection table (outlets, outlet collections,
/// actions, bindings, runtime attributes, accessibility, segues), filterable.
enum ConnectionsCommand: Command {
    static let spec = CommandSpec(
        name: "connections",
        abstract: "List the outlets, actions, bindings and other connections of a nib.",
        arguments: [("file", "A compiled nib, nib bundle, .storyboardc, xib, storyboard, directory, or '-' for standard input.")],
        options: [
            .option("--format", value: "format", help: "Output format.", allowed: ["text", "tsv", "json"]),
            .option("--kind", value: "kind", help: "Only connections of this kind (repeatable).",
                    allowed: Connection.Kind.allCases.map(\.rawValue)),
            .option("--source", value: "object", help: "Only connections from this object: #id, class, custom class or name."),
            .option("--destination", value: "object", help: "Only connections to this object: #id, class, custom class or name."),
            colorOption,
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
        ],
        discussion: """
        tsv columns: document, kind, source, source class, label, destination, destination class,
        detail (control events, key path, value, collection members, segue), unresolved.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <file>") }
        let (input, status, loaded) = try context.loadResolvedWithStatus(args.positionals[0])
        let kinds = Set(args.values("--kind"))
        var rows: [(NibDocument, Connection)] = []
        for document in input.documents {
            for c in document.connections {
                if !kinds.isEmpty && !kinds.contains(c.kind.rawValue) { continue }
                if let s = args.value("--source"), !matches(s, c.source, in: document) { continue }
                if let d = args.value("--destination"),
                   !(matches(d, c.destination, in: document) || (c.members ?? []).contains { matches(d, $0, in: document) }
                     || (c.isNilTargeted && c.destination == nil && isFirstResponder(d))) { continue }
                rows.append((document, c))
            }
        }
        for (option, query) in [("--source", args.value("--source")), ("--destination", args.value("--destination"))] {
            guard let query else { continue }
            let known = input.documents.contains { d in
                d.objects.contains { matches(query, $0.id, in: d) }
            } || (option == "--destination" && isFirstResponder(query))
            if !known {
                throw UsageError(UnmatchedQuery(option: option, query: query, noun: "object",
                                                candidates: objectNames(input.documents),
                                                listCommand: "'nibinspect tree \(args.positionals[0])'",
                                                hint: "use an id such as #12, a class, a custom class, a name or a placeholder such as \"File's Owner\"").description)
            }
        }
        switch args.value("--format") ?? "text" {
        case "json":
            let output = ConnectionsOutput(path: input.path, connections: rows.map { .init(document: $0.0.name, connection: $0.1) })
            context.console.write(try ResolvedJSON.render(output))
        case "tsv":
            context.console.write(tsv(rows))
        default:
            let style = TerminalStyle.resolve(mode: args.value("--color"), console: context.console)
            context.console.write(text(rows, documents: input.documents, style: style))
        }
        return context.finish(input, status: status)
    }

    /// What `--source` and `--destination` can name, sorted: placeholder names, classes, custom
    /// classes and object names of every document.
    static func objectNames(_ documents: [NibDocument]) -> [String] {
        var names = Set<String>()
        for document in documents {
            for o in document.objects {
                if let p = o.placeholder { names.insert(p.kind == .external || p.kind == .upstream ? p.identifier : p.kind.displayName) }
                else { names.insert(o.className) }
                if let custom = o.customClass { names.insert(o.customModule.map { "\($0).\(custom)" } ?? custom) }
                if let name = o.name, !name.isEmpty, !name.contains("\n") { names.insert(name) }
            }
        }
        return names.sorted()
    }

    /// True when `query` names First Responder: macOS nibs do not archive it, so an action to it
    /// has no destination and is nil-targeted (nib-format.md §4.4).
    static func isFirstResponder(_ query: String) -> Bool {
        query == "First Responder" || query == "IBFirstResponder" || query == "FirstResponder"
    }

    /// True when `query` names the object `id`: its id, class, custom class (plain or
    /// module-qualified), runtime class, name, or placeholder name (`File's Owner`).
    static func matches(_ query: String, _ id: ObjectID?, in document: NibDocument) -> Bool {
        guard let id else { return false }
        if id.rawValue == query { return true }
        guard let o = document.object(id) else { return false }
        var names = [o.className, o.customClass, o.runtimeClassName, o.name, o.placeholder?.identifier,
                     o.placeholder?.kind.displayName]
        if let module = o.customModule, let custom = o.customClass { names.append("\(module).\(custom)") }
        return names.contains { $0 == query }
    }

    /// One line per connection: `#1 File's Owner  outlet titleLabel → #5 UILabel "Welcome"`.
    static func text(_ rows: [(NibDocument, Connection)], documents: [NibDocument], style: TerminalStyle) -> String {
        var out = ""
        var current: String?
        for (document, c) in rows {
            if documents.count > 1, current != document.name {
                out += (current == nil ? "" : "\n") + "== \(terminalSafe(document.name)) ==\n"
                current = document.name
            }
            let t = ConnectionText(document: document, style: style, siblings: documents)
            out += t.endpoint(c.source) + "  " + t.outgoing(c) + "\n"
        }
        return out
    }

    /// Tab-separated rows with a header line; tabs and newlines inside fields become spaces.
    static func tsv(_ rows: [(NibDocument, Connection)]) -> String {
        var out = "document\tkind\tsource\tsourceClass\tlabel\tdestination\tdestinationClass\tdetail\tunresolved\n"
        for (document, c) in rows {
            func cls(_ id: ObjectID?) -> String {
                guard let o = document.object(id) else { return "" }
                if let p = o.placeholder { return p.kind.displayName + (o.customClass.map { " (\($0))" } ?? "") }
                let custom = o.customClass.map { c in o.customModule.map { "\($0).\(c)" } ?? c }
                return custom.map { "\($0) (\(o.className))" } ?? o.className
            }
            var detail: [String] = []
            if let e = c.controlEvents { detail.append("events=\(e)") }
            if c.isNilTargeted { detail.append("nil-targeted") }
            if let m = c.members { detail.append("members=" + m.map(\.rawValue).joined(separator: ",")) }
            if let cc = c.collectionClass { detail.append("collectionClass=\(cc)") }
            if c.appendsToCollection == true { detail.append("appends") }
            if let k = c.keyPath { detail.append("keyPath=\(k)") }
            if let v = c.value { detail.append("value=\(v)") }
            if let o = c.options { detail.append(contentsOf: o.keys.sorted().map { "option.\($0)=\(o[$0] ?? "")" }) }
            if let s = c.segue {
                detail.append("segue=\(s.kind)")
                if let i = s.identifier { detail.append("identifier=\(i)") }
                if let d = s.destinationScene { detail.append("scene=\(d)") }
            }
            let fields = [document.name, c.kind.rawValue, c.source?.rawValue ?? "", cls(c.source), c.label,
                          c.destination?.rawValue ?? "",
                          c.destination == nil && c.isNilTargeted ? "First Responder" : cls(c.destination), detail.joined(separator: " "), c.unresolved?.message ?? ""]
            out += fields.map { terminalSafe($0.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 }.reduce(into: "") { $0.append($1) }) }
                .joined(separator: "\t") + "\n"
        }
        return out
    }
}
