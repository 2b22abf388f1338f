import ArchiveReader
import FileWalk
import Foundation
import NibWriters
import TextEscaping

/// `nibinspect strings [--format strings|xliff|xcstrings|json] [--utf16] PATH`: the localizable
/// strings of a xib or storyboard (``IBStrings``) as `ibtool --generate-strings-file` writes them
/// (``IBStringsWriter``), or an XLIFF 1.2, String Catalog or JSON list of them; best effort for
/// compiled nibs.
enum StringsCommand: Command {
    static let spec = CommandSpec(
        name: "strings",
        abstract: "List the localizable strings as ibtool --generate-strings-file does.",
        arguments: [("path", "A xib, storyboard, compiled nib, nib bundle, .storyboardc, a directory of sources, or '-' for standard input.")],
        options: [
            .option("--format", value: "format", help: "Output format (default: strings).", values: Format.self),
            .flag("--utf16", help: "Write UTF-16 little-endian with a byte-order mark (as ibtool does) instead of UTF-8."),
            .option("--variant", value: "name", help: "Nib bundle variant to read (e.g. runtime.nib)."),
            .option("--compare", value: "file", help: "A .strings file (a translation) to check: keys it lacks and keys it has that the input no longer has."),
            jobsOption,
        ],
        discussion: """
        strings: what 'ibtool --generate-strings-file' writes for a xib or storyboard, per string
          /* Class = "UILabel"; text = "Welcome"; ObjectID = "kTg-3h-Qad"; */
          "kTg-3h-Qad.text" = "Welcome";
        sorted by key (xliff and xcstrings in the order of Xcode's export: numbers in keys as
        numbers), with ibtool's property names (text, placeholder, normalTitle, title,
        segmentTitles[0], headerTitle, accessibilityLabel, ibShadowedToolTip, …); a list
        element is named with its object id in the comment (ID.segmentTitles[0] = "…") and a
        Comment for Localizer ends it as Note = "…";. The output is
        UTF-8 (ibtool writes UTF-16; --utf16 does too). xliff: an XLIFF 1.2 <file> per document
        as Xcode exports; xcstrings: a String Catalog; json: [{"key", "value", "class",
        "property", "objectID", "line"}] ("file" too for directories, "note" for a Comment for
        Localizer).
        Compiled nibs are best effort: strings archived with their strings-file key use it;
        other texts are keyed by archive index (#12.title); the output says so.
        A directory lists every .xib and .storyboard below it, one section per file (a directory
        without sources: its compiled nibs, best effort).
        --compare FILE.strings (UTF-8 or UTF-16 text as ibtool and translators write it, or the
        binary or XML property list an app bundle may ship; - reads it from standard input, which
        the input then cannot be) lists, in
        the input's order, each key missing from FILE with its text and source line, then each key
        of FILE the input no longer has with its line in FILE; exit status 1 when any. With
        --format json: {"missing": [{"key", "value", "class", "property", "objectID", "line"}]
        ("file" first for several files), "unused": [{"key", "line"}], "summary": {"missing",
        "unused", "repeated"}} (repeated: entries of FILE whose key was given before).
        FILE is read with CoreFoundation's syntax ('single' or "double" quotes, "key"; for
        "key" = "key";) but refused, with a line and column, where Foundation would silently
        ignore the rest of it (text after an entry that starts no other entry, a comment left open
        between entries). --utf16 does not apply to --compare, whose report is UTF-8.
        """)

    /// The strings of one document.
    typealias Unit = StringsTable

    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode {
        guard args.positionals.count == 1 else { throw UsageError("Expected exactly one <path>") }
        let path = args.positionals[0]
        if path == "-" && args.value("--compare") == "-" { throw UsageError("Only one input can be standard input ('-')") }
        var status = ExitCode.success
        var units: [Unit] = []
        var isDirectory: ObjCBool = false
        // A directory of sources (not a nib bundle or .storyboardc, and holding a xib or storyboard).
        let ext = (path as NSString).pathExtension
        let (files, walkWarnings) = path != "-" && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            && ext != "nib" && ext != "storyboardc" ? sourceFiles(under: path) : ([], [])
        let directory = !files.isEmpty
        if directory {
            // (Without sources the directory is opened as an input below, whose walk says the same.)
            context.printDiagnostics(walkWarnings.map(Diagnostic.init), input: path)
            for file in files {
                do {
                    let bytes = try NibLoader.readFile(path + "/" + file)
                    units += try self.units(bytes: bytes, name: file, path: path + "/" + file, context)
                } catch {
                    context.console.diagnostic("nibinspect: error: \(path)/\(file): \(NibInspectCLI.describe(error))")
                    if status == .success { status = NibInspectCLI.exitCode(for: error) }
                }
            }
        } else {
            if path != "-" && !FileManager.default.fileExists(atPath: path) { throw InputError(.notFound, path: path) }
            let bytes: [UInt8]? = try context.withFile(path) {
                if path == "-" { return try context.console.readStdin() }
                switch FileTree.disk.kind(path) {
                case .directory?: return nil
                case .regular?:
                    // Read whole only when its first bytes are a source; anything else is opened
                    // as an input, which refuses junk from its first bytes.
                    let handle = FileHandle(forReadingAtPath: path)
                    let head = [UInt8]((try? handle?.read(upToCount: FileFormat.sniffLength)) ?? Data())
                    try? handle?.close()
                    return isDocumentSource(head) ? try NibLoader.readFile(path) : nil
                default: return try NibLoader.readFile(path)   // a pipe `<(…)`: read once
                }
            }
            let name = path == "-" ? "<stdin>" : (path as NSString).lastPathComponent
            if let bytes, isDocumentSource(bytes) {
                units = try context.withFile(path) { try self.units(bytes: bytes, name: name, path: path, context) }
            } else {
                let (input, s, _) = try context.loadResolvedWithStatus(path)
                status = s
                let several = input.documents.count > 1
                for d in input.documents {
                    units.append(Unit(name: several ? d.name : name, strings: IBStrings.extract(document: d), bestEffort: true))
                }
                context.finish(input, status: s)
            }
        }
        if let file = args.value("--compare") {
            let format = args.value("--format", as: Format.self) ?? .strings
            guard format == .strings || format == .json else { throw UsageError("--compare writes its report as text (--format strings) or json, not \(format.rawValue)") }
            if args.flag("--utf16") { throw UsageError("--utf16 is for the strings file written without --compare; --compare writes its report in UTF-8") }
            return try compare(units, with: file, json: format == .json, context: context, status: status)
        }
        let text: String
        switch args.value("--format", as: Format.self) ?? .strings {
        case .xliff: text = StringsExport.xliff(units, utf16: args.flag("--utf16"), toolVersion: NibInspectCLI.version)
        case .xcstrings: text = StringsExport.xcstrings(units)
        case .json: text = StringsExport.json(units, withFile: directory)
        case .strings: text = StringsExport.strings(units, headings: directory || units.count > 1)
        }
        if args.flag("--utf16") {
            var bytes: [UInt8] = [0xFF, 0xFE]
            for u in text.utf16 { bytes.append(UInt8(u & 0xFF)); bytes.append(UInt8(u >> 8)) }
            context.console.writeBytes(bytes)
        } else {
            context.console.write(text)
        }
        return status
    }

    /// `--compare FILE`: the input's keys missing from a `.strings` file (`-`: standard input),
    /// then the file's keys the input does not have. Exit status 1 when there is either, else the
    /// reading status.
    static func compare(_ units: [Unit], with file: String, json: Bool, context: Context, status: ExitCode) throws -> ExitCode {
        // Read as inputs are (NibLoader.readInput): not found or unreadable (a directory, a
        // device) is 66, over the size limit 65; `-` is standard input.
        let entries = try context.withFile(file) { () throws -> [StringsFile.Entry] in
            let bytes = file == "-" ? try context.console.readStdin() : try NibLoader().readInput(file)
            let limit = DecodingLimits.default.maxFileSize
            if bytes.count > limit { throw ArchiveError(.limitExceeded(.fileSize, value: bytes.count), at: 0) }
            return try StringsFile.parse(bytes)
        }
        let file = file == "-" ? "<stdin>" : file
        let translated = Set(entries.map(\.key))
        // The input's keys once each, with the file they come from when there are several.
        var seen = Set<String>()
        let strings = units.flatMap { u in u.strings.map { (file: units.count > 1 ? u.name : nil, string: $0) } }
            .filter { seen.insert($0.string.key).inserted }
        let missing = strings.filter { !translated.contains($0.string.key) }
        var listed = Set<String>()
        let unused = entries.filter { !seen.contains($0.key) && listed.insert($0.key).inserted }
        let repeated = entries.count - translated.count
        if json {
            var out = "{\n  \"missing\" : ["
            out += missing.map { m in
                let s = m.string
                return "\n    {" + (m.file.map { "\"file\" : \(Escape.json($0)), " } ?? "")
                    + "\"key\" : \(Escape.json(s.key)), \"value\" : \(Escape.json(s.value)), \"class\" : \(Escape.json(s.className)), "
                    + "\"property\" : \(Escape.json(s.property)), \"objectID\" : \(Escape.json(s.objectID)), \"line\" : \(s.line.map(String.init) ?? "null")}"
            }.joined(separator: ",") + (missing.isEmpty ? "],\n" : "\n  ],\n")
            out += "  \"unused\" : [" + unused.map { "\n    {\"key\" : \(Escape.json($0.key)), \"line\" : \($0.line.map(String.init) ?? "null")}" }.joined(separator: ",")
                + (unused.isEmpty ? "],\n" : "\n  ],\n")
            out += "  \"summary\" : {\"missing\" : \(missing.count), \"unused\" : \(unused.count), \"repeated\" : \(repeated)}\n}\n"
            context.console.write(out)
        } else {
            var out = "\(Escape.terminal(file)): \(missing.count) key\(missing.count == 1 ? "" : "s") missing, \(unused.count) unused (\(strings.count) in the input, "
                + "\(translated.count) in the file\(repeated > 0 ? ", \(repeated) more given again" : ""))\n"
            for m in missing {
                let s = m.string, at = m.file.map { "\(Escape.terminal($0)) line" } ?? "source line"
                out += "missing \"\(Escape.stringsLiteral(s.key))\" = \"\(Escape.stringsLiteral(s.value))\";  "
                    + "(\(Escape.terminal(s.className)) \(Escape.terminal(s.property))\(s.line.map { ", \(at) \($0)" } ?? ""))\n"
            }
            for e in unused { out += "unused  \"\(Escape.stringsLiteral(e.key))\"" + (e.line.map { "  (line \($0) of the file)" } ?? "") + "\n" }
            context.console.write(out)
        }
        return missing.isEmpty && unused.isEmpty ? status : .findings
    }

    /// The strings of a source (exactly ibtool's) or, for other bytes, of its resolved documents;
    /// the warnings of reading it (`path` names its file) are printed on stderr.
    static func units(bytes: [UInt8], name: String, path: String, _ context: Context) throws -> [Unit] {
        if isDocumentSource(bytes) {
            let strings = try IBStrings.extract(xml: bytes)
            // The strings come from the XML itself; the reader only tells what is wrong with it.
            if let input = try? context.opener.open(.bytes(bytes, name: name)).input {
                context.printDiagnostics(input.allDiagnostics, input: path == "-" ? "<stdin>" : path)
            }
            return [Unit(name: name, strings: strings, bestEffort: false)]
        }
        let input = try context.opener.open(.bytes(bytes, name: name)).input
        context.printDiagnostics(input.allDiagnostics, input: path == "-" ? "<stdin>" : path)
        return input.documents.map { Unit(name: $0.name, strings: IBStrings.extract(document: $0), bestEffort: true) }
    }

    /// A `<document>`-format xib or storyboard (the format ibtool's strings come from).
    static func isDocumentSource(_ bytes: [UInt8]) -> Bool {
        if case .xibDocument = FileFormat(sniffing: bytes) { return true }
        return false
    }

    /// `.xib` and `.storyboard` files below `root`, relative, sorted, and the warnings of the walk
    /// (``FileWalker``: links kept inside `root`, FIFOs and devices skipped, 64 levels); hidden
    /// directories, `DerivedData` and `.build` skipped.
    static func sourceFiles(under root: String) -> (files: [String], warnings: [WalkWarning]) {
        var out: [String] = []
        let warnings = FileWalker().walk(root) { event in
            switch event {
            case .directory(let entry) where entry.name == "DerivedData": return .skipDescendants
            case .file(let entry):
                let ext = (entry.name as NSString).pathExtension
                if ext == "xib" || ext == "storyboard" { out.append(entry.relative) }
            default: break
            }
            return .proceed
        }
        return (out.sorted(), warnings)
    }
}
