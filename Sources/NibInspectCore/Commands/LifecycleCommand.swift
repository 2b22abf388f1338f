import ArchiveReader
import Foundation
import NibDiagnosis
import TextEscaping

/// `nibinspect lifecycle FILE`: the load sequence of a nib, object by object (``LoadSequence``).
enum LifecycleCommand: Command {
    static let spec = CommandSpec(
        name: "lifecycle",
        abstract: "Print the load sequence of a nib: load, instantiate, connect, awake, show.",
        arguments: [("file", "A compiled nib, nib bundle, .storyboardc, xib, storyboard, directory, app or .ipa, or '-' for standard input.")],
        options: [
            .option("--format", value: "format", help: "Output format.", values: Format.self),
            colorOption,
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
        ],
        discussion: """
        What the loader does, in the order Apple's documentation gives (Resource Programming
        Guide, "Nib Object Life Cycle"; UINib, NSNib, awakeFromNib), for the nib's platform:
          load         the archive is read; each image and sound it names, checked against the
                       bundle or the asset catalogs next to the input (Assets.car cannot be read)
          instantiate  placeholders are supplied by the loader (File's Owner: the owner argument);
                       iOS: initWithCoder: for every archived object; macOS: initWithCoder:,
                       initWithFrame: for custom views, init for custom objects
          connect      the connection table in archive order: outlets (iOS setValue:forKey:,
                       macOS set<Outlet>: else the instance variable), actions (iOS
                       addTarget:action:forControlEvents:, macOS setTarget: setAction:; First
                       Responder: nil target), bindings, user-defined runtime attributes
          awake        awakeFromNib; iOS: never placeholders; macOS: File's Owner last; the order
                       is not guaranteed
          show         windows visible at load
        A storyboard is printed scene by scene: the scene nib makes the controller, then loadView
        loads its view nib (the controller is File's Owner there) and viewDidLoad follows.
        JSON: {"path", "documents": [{"document", "platform", "format", "role", "scene",
        "controller", "loader", "notes": [{"phase", "text"}], "steps": [{"step", "phase",
        "object", "objectID", "class", "call", "kind", "label", "destination", "destinationID",
        "members", "events", "value", "resource": {"kind", "name", "status", "location",
        "objects"}, "note"}]}]}; absent keys are null or left out.
        """)

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <file>") }
        let path = args.positionals[0]
        // The archived class of custom views, custom objects and window templates is read from
        // the object graphs, released once this returns.
        var withGraphs = context
        withGraphs.opener.retention = .graphs
        let (input, status, loaded) = try withGraphs.loadResolvedWithStatus(path)
        let sequence = build(input, loaded: loaded)
        if args.value("--format", as: Format.self) == .json {
            try ResolvedJSON.write(sequence, to: context.console)
        } else {
            let style = TerminalStyle.resolve(mode: args.value("--color"), console: context.console)
            text(sequence, style: style, to: context.console.write)
        }
        return context.finish(input, status: status)
    }

    /// The sequence of `input`, objects named as `tree` names them.
    static func build(_ input: NibInput, loaded: LoadedContainer?) -> LoadSequence {
        let siblings = SiblingDocuments(input.documents)
        let naming: LoadSequence.Naming = { o, d in
            ConnectionText(document: d, style: .plain, siblings: siblings).endpoint(o.id)
        }
        return LoadSequence(input, archivedClasses: archivedClasses(loaded), naming: naming)
    }

    /// Per document, the archived class of objects the model folds into their base class.
    static func archivedClasses(_ loaded: LoadedContainer?) -> [String: [ObjectID: String]] {
        let folded: Set<String> = ["NSCustomView", "NSCustomObject", "NSWindowTemplate", "NSClassSwapper", "UIClassSwapper"]
        var out: [String: [ObjectID: String]] = [:]
        for archive in loaded?.archives ?? [] {
            var map: [ObjectID: String] = [:]
            for (i, o) in archive.graph.objects.enumerated() where folded.contains(o.className) {
                map[ObjectID("#\(i)")] = o.className
            }
            out[archive.name] = map
        }
        return out
    }

    /// The text form: per document a header, then per phase its numbered steps and notes.
    static func text(_ sequence: LoadSequence, style: TerminalStyle, to sink: (String) -> Void) {
        for (i, doc) in sequence.documents.enumerated() {
            if i > 0 { sink("\n") }
            var header = Escape.terminal(doc.document) + " — \(doc.platform.rawValue) \(doc.format.displayName), "
            switch doc.role {
            case .nib: header += "nib"
            case .sceneNib: header += "scene nib" + (doc.scene.map { " of scene \($0)" } ?? "")
            case .viewNib: header += "view nib" + (doc.controller.map { " of controller \($0)" } ?? "")
            case .nestedNib: header += "nested nib"
            }
            sink(style.detail(header) + "\n")
            sink("loaded by " + doc.loader + "\n")
            let width = String(doc.steps.count).count
            for phase in LifecycleStep.Phase.allCases {
                let steps = doc.steps(phase)
                let notes = doc.notes.filter { $0.phase == phase }
                sink(style.kind(phase.rawValue) + "\n")
                for note in notes { sink("  " + style.detail("note: " + Escape.terminal(note.text)) + "\n") }
                if steps.isEmpty {
                    sink("  " + style.detail(phase == .show ? "(no window visible at load)" : "(nothing)") + "\n")
                }
                for step in steps { sink(line(step, width: width, style: style) + "\n") }
            }
        }
    }

    /// `  12. #36 LoginDemo.PrimaryButton (UIButton) "Sign In": addTarget:action:forControlEvents: signIn: → #2 File's Owner [touchUpInside]`
    static func line(_ s: LifecycleStep, width: Int, style: TerminalStyle) -> String {
        let number = String(s.step)
        var out = "  " + String(repeating: " ", count: max(0, width - number.count)) + number + ". "
        out += Escape.terminal(s.object) + ": " + style.kind(s.call)
        switch s.phase {
        case .connect:
            if let label = s.label { out += " " + style.name(Escape.terminal(label)) }
            if let value = s.value, s.kind == Connection.Kind.runtimeAttribute.rawValue || s.kind == Connection.Kind.accessibility.rawValue {
                out += " = " + Escape.terminal(value)
            }
            if let destination = s.destination { out += " → " + Escape.terminal(destination) }
            if let value = s.value, s.kind == Connection.Kind.binding.rawValue { out += " keyPath " + style.name(Escape.terminal(value)) }
            if let events = s.events, !events.isEmpty { out += " [" + events.joined(separator: "|") + "]" }
        case .load:
            if let r = s.resource {
                out += " " + (r.status == .missing ? style.warning(r.status.rawValue) : r.status.rawValue)
            }
        default:
            break
        }
        if let note = s.note { out += style.detail(" — " + Escape.terminal(note)) }
        return out
    }
}

extension ResolvedJSON {
    /// `nibinspect lifecycle --format json`: ``render(_:)`` of `sequence` (keys sorted, pretty),
    /// written document by document.
    static func write(_ sequence: LoadSequence, to console: Console) throws {
        let json = StreamedJSON(console: console)
        var skeleton = sequence
        skeleton.documents = []
        try json.write(skeleton, depth: 0, replacing: [elements(["documents"], sequence.documents, json)])
        console.write("\n")
    }
}
