import ArchiveReader
import Foundation
import NibCompare
import TextEscaping

/// `nibinspect diff OLD NEW`: what changed, by semantic path (``NibDiff``). Exit 0 when equal,
/// 1 when different.
enum DiffCommand: Command {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show what changed between two versions of a nib, xib or storyboard.",
        arguments: [("old", "The old version (any input the tool opens)."),
                    ("new", "The new version.")],
        options: [
            .option("--format", value: "format", help: "Output format.", values: Format.self),
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
            .option("--ignore", value: "category", help: "Leave out a category of differences (repeatable).",
                    allowed: NibDiff.Category.allCases.map(\.rawValue)),
            .option("--only", value: "category", help: "Show only these categories, default-ignored ones included (repeatable).",
                    allowed: NibDiff.Category.allCases.map(\.rawValue)),
            .flag("--all-properties", help: "Also report properties appearing or disappearing with the class's default value (tag 0, enabled YES, …)."),
        ],
        discussion: """
        Objects are paired by id when both sides are xib/storyboard sources (an object re-created
        under a new id at the same path is paired by path), otherwise by semantic path. Reported,
        each by semantic path: objects added or removed (the top of a subtree), moved (paired by id,
        with another parent or place among its siblings: old path → new path, or child n → m
        when the paths read alike) or with another class; properties changed (old → new), added
        or removed (a source's constraint by its id: a new constant is a change); connections added, removed,
        retargeted (same source and label, other destination) or with other control events (same
        destination); with the source line on each side. Documents of several-document inputs are
        paired by name: within one file by scene or nested-archive name (so Main.storyboard pairs
        with Main.storyboardc, and a nib with its copy under another name), across the files of a
        directory by file and name (X.storyboardc pairs with X.storyboard).
        A source and a compiled nib (diff App.xib App.nib, or a storyboard and its .storyboardc)
        are compared with compare's engine: objects matched by structure, only object, class and
        connection differences, and what compilation drops or adds is not a difference; each
        difference is one that compare reports.
        Categories, for --ignore and --only: objects, connections, properties (every property
        change, the next four included), frames (frame, bounds, rects, sizes, autoresizing), tools
        (tool version, canvas locations, simulated metrics, other design-time keys), constraints,
        accessibility, ids (an object re-created under a new id). Ignored by default: tools and
        ids; --only shows just the categories named, default-ignored ones included. Frames are
        shown by default: --ignore frames for Auto Layout views, whose frames IB rewrites. A
        property appearing or disappearing with the class's default value (tag 0, state 0,
        enabled YES, …) is not a difference unless --all-properties.
        Under an added or removed object, indented, the connections that come or go with it and
        its subtree (outlets, outlet collections, actions, bindings, segues, from or to it); such
        a connection is not repeated on its own line.
        JSON: {"differences": [{"document", "change", "kind", "category", "path", "left", "right",
        "leftLine", "rightLine", "children"}], "summary": {"differences", "added", "removed",
        "changed", "moved", "retargeted"}}; children are differences of the same form.
        --format markdown: a pull-request comment (a summary line, a section per document, the
        differences grouped by object, every path and value a code span).
        Exit status 0 when equal, 1 when different. With git: git difftool -x 'nibinspect diff' -y.
        """)

    struct Item: Encodable {
        var document: String?
        var change, kind, category, path: String
        var left, right: String?
        var leftLine, rightLine: Int?
        /// Under an added or removed object, the connections that come or go with it.
        var children: [Item]?
        /// The object's path (not encoded): what markdown groups by.
        var object: String?

        private enum CodingKeys: String, CodingKey {
            case document, change, kind, category, path, left, right, leftLine, rightLine, children
        }

        init(document: String?, change: String, kind: String, category: String, path: String, left: String? = nil,
             right: String? = nil, leftLine: Int? = nil, rightLine: Int? = nil, children: [Item]? = nil, object: String? = nil) {
            self.document = document
            (self.change, self.kind, self.category, self.path) = (change, kind, category, path)
            (self.left, self.right, self.leftLine, self.rightLine) = (left, right, leftLine, rightLine)
            self.children = children
            self.object = object
        }

        /// A ``NibDiff/Difference`` of document `document`, its children included.
        init(_ x: NibDiff.Difference, document: String?) {
            self.init(document: document, change: x.change.rawValue, kind: x.kind.rawValue, category: x.category.rawValue,
                      path: x.path, left: x.left, right: x.right, leftLine: x.leftLine, rightLine: x.rightLine,
                      children: x.children?.map { Item($0, document: document) }, object: x.object)
        }
    }

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 2 else { throw UsageError("Expected <old> and <new>") }
        if args.positionals[0] == "-" && args.positionals[1] == "-" { throw UsageError("Only one input can be standard input ('-')") }
        var context = context
        context.opener.keepsSourceXML = false   // the differences are read from objects, not the XML
        let (old, s1, _) = try context.loadResolvedWithStatus(args.positionals[0])
        HostSystem.releaseFreeMemory()   // what reading left free (an XML source's element tree)
        let (new, s2, _) = try context.loadResolvedWithStatus(args.positionals[1])
        HostSystem.releaseFreeMemory()
        let ignoring = Set(args.values("--ignore").compactMap(NibDiff.Category.init(rawValue:)))
        let only = Set(args.values("--only").compactMap(NibDiff.Category.init(rawValue:)))
        if let both = only.intersection(ignoring).map(\.rawValue).sorted().first {
            throw UsageError("--only and --ignore both name '\(both)'")
        }
        var items: [Item]
        if let sourceIsOld = sourceIsOld(old, new) {
            items = try compiledAgainstSource(old: old, new: new, sourceIsOld: sourceIsOld, paths: args.positionals,
                                              ignoring: ignoring, only: only, context)
        } else {
            items = pairedDocuments(old: old, new: new, ignoring: ignoring, only: only, allProperties: args.flag("--all-properties"))
        }
        let format = args.value("--format", as: Format.self) ?? .text
        items = withoutRepeatedWiring(items)
        if format == .markdown {
            context.console.write(DiffMarkdown.render(items, old: args.positionals[0], new: args.positionals[1]))
        } else if format == .json {
            struct Output: Encodable {
                var differences: [Item]
                var summary: [String: Int]
            }
            var summary = ["differences": items.count]
            for c in ["added", "removed", "changed", "moved", "retargeted"] { summary[c] = items.filter { $0.change == c }.count }
            context.console.write(try ResolvedJSON.render(Output(differences: items, summary: summary)))
        } else {
            // Terminal text: a document name, path or value holding a line break or a control
            // character is escaped (`\n`, `\u{1b}`), so that one difference stays one line.
            var out = ""
            var document: String?
            for i in items {
                if i.document != document, let d = i.document { out += "== \(Escape.terminal(d)) ==\n"; document = d }
                out += textLine(i) + "\n"
                // The wiring of an added or removed object, indented under it.
                for c in i.children ?? [] { out += "    " + textLine(c) + "\n" }
            }
            if items.isEmpty { out += "no differences\n" }
            context.console.write(out)
        }
        let status = context.finish([old, new], status: s1 != .success ? s1 : s2)
        if status != .success { return status }
        return items.isEmpty ? .success : .findings
    }

    /// `items` without a connection that is also listed under an added or removed object of its
    /// document (an outlet from File's Owner to a new button is shown with the button's wiring,
    /// once). A connection whose object is filtered out (`--only connections`) stays.
    static func withoutRepeatedWiring(_ items: [Item]) -> [Item] {
        struct Key: Hashable { var document: String?, change, kind, path: String, left, right: String? }
        let listed = Set(items.flatMap { i in
            (i.children ?? []).map { Key(document: i.document, change: $0.change, kind: $0.kind, path: $0.path, left: $0.left, right: $0.right) }
        })
        guard !listed.isEmpty else { return items }
        return items.filter { i in
            i.children != nil || !listed.contains(Key(document: i.document, change: i.change, kind: i.kind, path: i.path, left: i.left, right: i.right))
        }
    }

    /// One difference as a line of text: `change kind path: left → right  (line a → b)`.
    static func textLine(_ i: Item) -> String {
        let t = Escape.terminal
        var line = "\(i.change) \(i.kind) \(t(i.path))"
        switch (i.left, i.right) {
        case let (l?, r?): line += ": \(t(l)) → \(t(r))"
        case let (l?, nil): line += ": \(t(l))"
        case let (nil, r?): line += ": \(t(r))"
        default: break
        }
        if i.leftLine != nil || i.rightLine != nil {
            line += "  (line " + [i.leftLine, i.rightLine].map { $0.map(String.init) ?? "-" }.joined(separator: " → ") + ")"
        }
        return line
    }

    /// Documents paired by name (one each: paired as they are), each diffed with ``NibDiff``.
    static func pairedDocuments(old: NibInput, new: NibInput, ignoring: Set<NibDiff.Category>, only: Set<NibDiff.Category>,
                                allProperties: Bool = false) -> [Item] {
        var items: [Item] = []
        let objects = NibDiff.Category.objects.rawValue
        let documentsShown = NibDiff.keeps(.objects, ignoring: ignoring, only: only)
        let single = old.documents.count == 1 && new.documents.count == 1
        // Documents that could not be read (an error on stderr) take part in the pairing, so that
        // the others pair as they would, but are neither added nor removed: what they hold is unknown.
        let oldNames = CanonicalText.headings(old.documents), newNames = CanonicalText.headings(new.documents)
        let oldAll = oldNames + notRead(old), newAll = newNames + notRead(new)
        let singleTop = tops(oldAll).count == 1 && tops(newAll).count == 1
        let oldAllKeys = pairingKeys(oldAll, singleTop: singleTop), newAllKeys = pairingKeys(newAll, singleTop: singleTop)
        let oldKeys = Array(oldAllKeys.prefix(oldNames.count)), newKeys = Array(newAllKeys.prefix(newNames.count))
        let oldUnread = Set(oldAllKeys.dropFirst(oldNames.count)), newUnread = Set(newAllKeys.dropFirst(newNames.count))
        var oldByName: [String: NibDocument] = [:]
        for (k, d) in zip(oldKeys, old.documents) { oldByName[k] = d }
        var seen = Set<String>()
        let multiFile = Self.fileCount(newAll) > 1 || Self.fileCount(oldAll) > 1
        for ((n, k), d) in zip(zip(newNames, newKeys), new.documents) {
            let name = single ? nil : multiFile ? n : base(n)
            seen.insert(k)
            guard let o = single ? old.documents.first : oldByName[k] else {
                if documentsShown && !oldUnread.contains(k) {
                    items.append(Item(document: name, change: "added", kind: "document", category: objects, path: name ?? d.name))
                }
                continue
            }
            for x in NibDiff.compare(o, d, allProperties: allProperties).filtered(ignoring: ignoring, only: only).differences {
                items.append(Item(x, document: name))
            }
        }
        if !single && documentsShown {
            for (n, k) in zip(oldNames.map { multiFile ? $0 : base($0) }, oldKeys) where !seen.contains(k) && !newUnread.contains(k) {
                items.append(Item(document: n, change: "removed", kind: "document", category: objects, path: n))
            }
        }
        return items
    }

    /// True when `old` is a xib/storyboard source and `new` compiled, false for the other way
    /// round, nil when both are of one kind (or either holds both kinds: a directory).
    static func sourceIsOld(_ old: NibInput, _ new: NibInput) -> Bool? {
        func kind(_ input: NibInput) -> Bool? {   // true: compiled
            let compiled = input.documents.map(\.format.isCompiled)
            guard let first = compiled.first, compiled.allSatisfy({ $0 == first }) else { return nil }
            return first
        }
        guard let a = kind(old), let b = kind(new), a != b else { return nil }
        return !a
    }

    /// A source and a compiled nib: `compare`'s engine (objects matched by structure, the compile
    /// rules: what compilation drops or adds is not a difference), its differences as diff items.
    static func compiledAgainstSource(old: NibInput, new: NibInput, sourceIsOld: Bool, paths: [String],
                                      ignoring: Set<NibDiff.Category>, only: Set<NibDiff.Category>,
                                      _ context: Context) throws -> [Item] {
        let source = sourceIsOld ? old : new, compiledPath = sourceIsOld ? paths[1] : paths[0]
        // The localization hints and nesting come from the archive graphs: read the compiled side
        // again keeping them (standard input can be read once: compared without them).
        var compiled = sourceIsOld ? new : old
        var hints: [String: [ObjectID: String]] = [:], nesting: [String: ArchiveNesting] = [:]
        if compiledPath != "-" { (compiled, hints, nesting) = try context.loadCompiledForCompare(compiledPath) }
        let report = NibComparer.compare(source: source, compiled: compiled, hints: hints, nesting: nesting)
        let several = source.documents.count > 1 || compiled.documents.count > 1
        return report.nibDiff(sourceIsOld: sourceIsOld, documents: source.documents + compiled.documents).filter { NibDiff.keeps($0.difference.category, ignoring: ignoring, only: only) }
            .map { document, x in
                Item(document: several ? document : nil, change: x.change.rawValue, kind: x.kind.rawValue, category: x.category.rawValue, path: x.path,
                     left: x.left, right: x.right, leftLine: x.leftLine, rightLine: x.rightLine)
            }
    }

    /// The names of the documents of `input` that could not be read (its
    /// ``DiagnosticCode/documentNotRead`` errors).
    static func notRead(_ input: NibInput) -> [String] {
        input.diagnostics.filter { $0.code == .documentNotRead }.compactMap(\.location.document)
    }

    /// The names of the top documents (not nested archives) among `headings`, without their file.
    static func tops(_ headings: [String]) -> Set<String> {
        Set(headings.map(base).filter { !$0.contains(" > ") })
    }

    /// What documents pair by: the ``base(_:)`` of each heading, except that the file's own name
    /// is left out when both inputs hold one top document each (`singleTop`, counting documents
    /// that could not be read): `Login.nib` and `Login.nib > reusable view "Cell"` pair with
    /// `copy.nib` and `copy.nib > reusable view "Cell"` (`git difftool` passes temporary files
    /// under other names), while a `.storyboardc` that lost all but one nib to read errors keeps
    /// its nibs' names.
    static func pairingKeys(_ headings: [String], singleTop: Bool) -> [String] {
        // Several files (a directory): each document keeps its file, so that two storyboards
        // with a scene of one name stay apart; `X.storyboardc` pairs with `X.storyboard`.
        if fileCount(headings) > 1 {
            return headings.map { h in
                let file = fileName(h)
                let normalized = file.hasSuffix(".storyboardc") ? String(file.dropLast()) : file
                return normalized + h.dropFirst(file.count)
            }
        }
        let names = headings.map(base)
        let topNames = tops(headings)
        guard singleTop, topNames.count == 1, let top = topNames.first else { return names }
        return names.map { $0 == top ? "\u{0}" : $0.hasPrefix(top + " > ") ? "\u{0}" + $0.dropFirst(top.count) : $0 }
    }

    /// The file a heading belongs to: what comes before its first `/` or ` > `.
    static func fileName(_ heading: String) -> String {
        let slash = heading.firstIndex(of: "/"), nested = heading.range(of: " > ")?.lowerBound
        let end = [slash, nested].compactMap { $0 }.min() ?? heading.endIndex
        return String(heading[..<end])
    }

    static func fileCount(_ headings: [String]) -> Int { Set(headings.map(fileName)).count }

    /// A heading without the file name part (`Main.storyboard/Settings` → `Settings`), so that
    /// `Main.storyboard` and `Main.storyboardc` pair their scenes.
    static func base(_ heading: String) -> String {
        heading.split(separator: "/", maxSplits: 1).count == 2 ? String(heading.split(separator: "/", maxSplits: 1)[1]) : heading
    }
}
