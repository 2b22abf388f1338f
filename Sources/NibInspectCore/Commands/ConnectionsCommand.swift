import ArchiveReader
import TextEscaping

/// `nibinspect connections FILE`: the flat connection table (outlets, outlet collections,
/// actions, bindings, runtime attributes, accessibility, segues), filterable.
enum ConnectionsCommand: Command {
    static let spec = CommandSpec(
        name: "connections",
        abstract: "List the outlets, actions, bindings and other connections of a nib.",
        arguments: [("file", "A compiled nib, nib bundle, .storyboardc, xib, storyboard, directory, app or .ipa, or '-' for standard input.")],
        options: [
            .option("--format", value: "format", help: "Output format.", values: Format.self),
            .option("--kind", value: "kind", help: "Only connections of this kind (repeatable).",
                    allowed: Connection.Kind.allCases.map(\.rawValue)),
            .option("--source", value: "object", help: "Only connections from this object: #id, class, custom class or name; a storyboard controller also by storyboard identifier, in every nib of its scene."),
            .option("--destination", value: "object", help: "Only connections to this object: #id, class, custom class or name; a storyboard controller also by storyboard identifier, in every nib of its scene."),
            colorOption,
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
            jobsOption,
        ],
        discussion: """
        tsv columns: document, kind, source, source class, label, destination, destination class,
        detail (control events, key path, value, collection members, segue), unresolved.
        In a storyboard, a view controller's outlets and the actions aimed at it mostly live in its
        view nib, on an upstream placeholder bound to the controller: naming the controller finds
        them with those of its scene nib, and the placeholder is described by the controller's class.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <file>") }
        let format = args.value("--format", as: Format.self) ?? .text
        // Each row needs only its two ends' class and name: without a query naming objects, the
        // objects of a compiled nib are made as their rows are written (JSON keeps them all, for
        // the object paths of unresolved connections).
        var opening = context
        opening.opener.keepsSourceXML = false
        opening.opener.defersObjects = format != .json && args.value("--source") == nil && args.value("--destination") == nil
        let (opened, status) = try opening.openResolved(args.positionals[0])
        let input = opened.input, deferred = opened.deferredObjects
        let kinds = Set(args.values("--kind"))
        let source = args.value("--source").map { ObjectQuery($0, in: input) }
        let destination = args.value("--destination").map { ObjectQuery($0, in: input) }
        func kept(_ document: NibDocument, _ c: Connection) -> Bool {
            if !kinds.isEmpty && !kinds.contains(c.kind.rawValue) { return false }
            if let s = source, !s.matches(c.source, in: document) { return false }
            if let d = destination,
               !(d.matches(c.destination, in: document) || (c.members ?? []).contains { d.matches($0, in: document) }
                 || (c.isNilTargeted && c.destination == nil && isFirstResponder(d.query))) { return false }
            return true
        }
        // Rows are taken as they are written, not listed first (a row is a connection and its document).
        let rows = input.documents.lazy.flatMap { document in
            document.connections.lazy.filter { kept(document, $0) }.map { (document, $0) }
        }
        for (option, q) in [("--source", source), ("--destination", destination)] {
            guard let q else { continue }
            let query = q.query
            let known = input.documents.contains { d in
                d.objects.contains { q.matches($0.id, in: d) }
            } || (option == "--destination" && isFirstResponder(query))
            if !known {
                throw UsageError(QueryMessage.text(UnmatchedQuery(query: query, subject: .object, candidates: objectNames(input.documents)),
                                                   option: option,
                                                   hint: "use an id such as #12, a class, a custom class, a name or a placeholder such as \"File's Owner\"",
                                                   listCommand: "'nibinspect tree \(args.positionals[0])'"))
            }
        }
        switch format {
        case .json:
            let controllers = input.controllerIDs()   // one table, not a search of every controller per row
            func controller(_ id: ObjectID?, _ document: String) -> String? {
                id.flatMap { controllers[ObjectReference(document: document, id: $0)] }
            }
            let output = ConnectionsOutput(path: input.path, connections: Array(rows.map { document, c in
                ConnectionsOutput.Row(document: document.name, connection: c,
                      sourceController: controller(c.source, document.name),
                      destinationController: controller(c.destination, document.name))
            }))
            try ResolvedJSON.write(output, to: context.console)
        case .tsv:
            tsv(rows, deferred: deferred, to: context.console.write)
        case .text:
            let style = TerminalStyle.resolve(mode: args.value("--color"), console: context.console)
            text(rows, documents: input.documents, style: style, deferred: deferred, to: context.console.write)
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
                if let target = o.placeholder?.target { names.insert(target.controller ?? target.effectiveClass) }
                if let custom = o.qualifiedCustomClass { names.insert(custom) }
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

    /// One line per connection: `#1 File's Owner  outlet titleLabel → #5 UILabel "Welcome"`.
    static func text(_ rows: [(NibDocument, Connection)], documents: [NibDocument], style: TerminalStyle) -> String {
        var out = ""
        text(rows, documents: documents, style: style) { out += $0 }
        return out
    }

    /// Writes the text of ``text(_:documents:style:)`` to `out` line by line; the objects of a
    /// document in `deferred` (``OpenedInput/deferredObjects``) are made as their rows are written.
    static func text<Rows: Sequence<(NibDocument, Connection)>>(_ rows: Rows, documents: [NibDocument], style: TerminalStyle,
                                                                deferred: [String: ResolvedObjects] = [:], to out: (String) -> Void) {
        var current: String?
        let siblings = SiblingDocuments(documents)   // built once: each row looks up in it
        for (document, c) in rows {
            if documents.count > 1, current != document.name {
                out((current == nil ? "" : "\n") + "== \(Escape.terminal(document.name)) ==\n")
                current = document.name
            }
            let t = ConnectionText(objects: DocumentObjects(document, in: deferred), style: style, siblings: siblings)
            out(t.endpoint(c.source) + "  " + t.outgoing(c) + "\n")
        }
    }

    /// Tab-separated rows with a header line; tabs and newlines inside fields become spaces.
    static func tsv(_ rows: [(NibDocument, Connection)]) -> String {
        var out = ""
        tsv(rows) { out += $0 }
        return out
    }

    /// Writes the text of ``tsv(_:)`` to `out` line by line (`deferred` as in ``text(_:documents:style:deferred:to:)``).
    static func tsv<Rows: Sequence<(NibDocument, Connection)>>(_ rows: Rows, deferred: [String: ResolvedObjects] = [:],
                                                               to out: (String) -> Void) {
        out("document\tkind\tsource\tsourceClass\tlabel\tdestination\tdestinationClass\tdetail\tunresolved\n")
        for (document, c) in rows {
            let objects = DocumentObjects(document, in: deferred)
            /// `Custom (Framework)` or `Framework`; a bound upstream placeholder as the object it
            /// stands for (a storyboard controller in its view nib), other placeholders by kind.
            func cls(_ id: ObjectID?) -> String {
                guard let o = objects.object(id) else { return "" }
                if let t = o.placeholder?.target { return t.displayClass }
                if let p = o.placeholder { return p.kind.displayName + (o.customClass.map { " (\($0))" } ?? "") }
                return o.displayClass
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
                          c.destination == nil && c.isNilTargeted ? "First Responder" : cls(c.destination), detail.joined(separator: " "), c.unresolved?.messageWithLine ?? ""]
            out(fields.map { Escape.terminal($0.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 }.reduce(into: "") { $0.append($1) }) }
                .joined(separator: "\t") + "\n")
        }
    }
}
