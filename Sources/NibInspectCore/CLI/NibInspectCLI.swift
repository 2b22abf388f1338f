import ArchiveReader
import CBuildInfo
import Foundation
import NibWriters
import TextEscaping

/// A `nibinspect` subcommand.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ args: ParsedArguments, _ context: Context) throws -> ExitCode
}

/// What a running command can use: the console and input loading.
struct Context {
    let console: Console
    /// The library's one door, with the `--variant` of the command line. The commands read the
    /// resolved documents only, so it keeps no archive tables or graphs (``ArchiveRetention``).
    var opener: NibOpener
    var loader: NibLoader { opener.loader }

    /// Every document of one input with the container description (nib bundle variants,
    /// storyboard Info.plist, nested archives); `-` reads standard input.
    func loadContainer(_ path: String) throws -> LoadedContainer {
        if path == "-" { return try loader.loadContainer(bytes: try readInputFromStdin(), name: "<stdin>") }
        return try loader.loadContainer(at: path)
    }

    /// Prints the diagnostics of the `--raw` commands to stderr (``DiagnosticText``): each
    /// archive's (the readers'), the container's and one error per document that could not be
    /// read; returns the exit status for the failures (success when none).
    func report(_ loaded: LoadedContainer, path: String) -> ExitCode {
        let archives = loaded.archives.flatMap { a in a.graph.diagnostics.map { $0.located(document: a.name, path: a.path) } }
        printDiagnostics(archives + loaded.container.diagnostics + loaded.failureDiagnostics, input: path == "-" ? "<stdin>" : path)
        return loaded.failures.first.map { NibInspectCLI.exitCode(for: $0.error) } ?? .success
    }
}

/// The `nibinspect` command line: dispatch, help, version and the mapping of errors to exit codes.
public enum NibInspectCLI {
    /// The tool's version (`nibinspect --version`).
    public static let version = "0.1.0"

    /// The commit the binary was built from (12 hex digits), or `unknown` when it was built outside
    /// git (Package.swift reads it; see `CBuildInfo`).
    public static let commit = String(cString: nibinspect_build_commit())

    /// What `nibinspect --version` prints: `0.1.0 (commit 1a2b3c4d5e6f)`.
    public static var versionLine: String { "\(version) (commit \(commit))" }

    /// All subcommands, in help order. The first is the default.
    static let commands: [any Command.Type] = [
        TreeCommand.self,
        JSONCommand.self,
        ConnectionsCommand.self,
        GraphCommand.self,
        CompareCommand.self,
        WhyCommand.self,
        LintCommand.self,
        LifecycleCommand.self,
        TextconvCommand.self,
        DiffCommand.self,
        StringsCommand.self,
        XIBCommand.self,
        ScanCommand.self,
        ReportCommand.self,
    ]

    static var overview: String {
        var s = """
        OVERVIEW: Show what is inside compiled Interface Builder files (nibs, keyed archives,
        storyboards) and their xib/storyboard sources.

        USAGE: nibinspect <subcommand> [<options>] <file>
               nibinspect <file>            (same as 'nibinspect tree <file>')

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:

        """
        for c in commands {
            let name = "  " + c.spec.name + (c == commands[0] ? " (default)" : "")
            s += name.padding(toLength: max(26, name.count + 1), withPad: " ", startingAt: 0) + c.spec.abstract + "\n"
        }
        s += "\n  See 'nibinspect help <subcommand>' for detailed help.\n\n"
        s += "EXIT STATUS: 0 ok, 1 differences/findings (scan: units that failed), 64 usage error,\n"
        s += "  65 malformed input, 66 missing or unreadable input, 70 internal error,\n"
        s += "  73 output file (-o) cannot be written, 74 standard output cannot be written.\n"
        return s
    }

    /// Runs the tool with `arguments` (without the program name) on the process console.
    public static func main(_ arguments: [String]) -> Int32 {
        run(arguments, console: .process()).rawValue
    }

    /// Runs the tool with `arguments`, writing to `console` (flushed before returning); returns
    /// the exit status.
    public static func run(_ arguments: [String], console: Console) -> ExitCode {
        defer { console.flush() }
        var args = arguments
        guard let first = args.first else {
            console.error(overview)
            return .usage
        }
        if first == "--version" { console.write(versionLine + "\n"); return .success }
        if first == "-h" || first == "--help" { console.write(overview); return .success }
        if first == "--generate-manual" { console.write(GeneratedDocs.manual(commands)); return .success }
        if first == "--generate-completion-script" {
            guard args.count == 2, GeneratedDocs.shells.contains(args[1]) else {
                console.error("Error: --generate-completion-script takes one of: \(GeneratedDocs.shells.joined(separator: ", "))\n")
                return .usage
            }
            console.write(GeneratedDocs.completion(args[1], commands))
            return .success
        }
        if first == "help" {
            if args.count > 1 {
                guard let c = commands.first(where: { $0.spec.name == args[1] }) else {
                    console.error("Error: Unknown subcommand '\(Escape.terminal(args[1]))'\n\n" + overview)
                    return .usage
                }
                console.write(c.spec.help)
            } else {
                console.write(overview)
            }
            return .success
        }
        var command: any Command.Type = commands[0]
        if let c = commands.first(where: { $0.spec.name == first }) {
            command = c
            args.removeFirst()
        } else if !first.hasPrefix("-") && !first.contains("/") && !first.contains(".")
                    && !FileManager.default.fileExists(atPath: first) {
            console.error("Error: Unknown subcommand or missing file '\(Escape.terminal(first))'\n" +
                          "See 'nibinspect --help' for the subcommands.\n")
            return .usage
        }
        let spec = command.spec
        do {
            let parsed = try ParsedArguments(args, spec: spec)
            if parsed.wantsHelp { console.write(spec.help); return .success }
            var variant: String?
            if spec.options.contains(where: { $0.primary == "--variant" }) { variant = parsed.value("--variant") }
            var opener = NibOpener(variant: variant)
            opener.retention = .documents
            if spec.options.contains(where: { $0.primary == "--jobs" }), let jobs = parsed.value("--jobs") {
                guard let n = Int(jobs), n >= 1 else { throw UsageError("--jobs takes a whole number of at least 1, not '\(jobs)'") }
                opener.width = n
            }
            let context = Context(console: console, opener: opener)
            let status = try command.run(parsed, context)
            console.flush()
            if let failure = console.outputFailure {
                console.diagnostic("nibinspect: error: cannot write standard output: \(failure)")
                return .ioError
            }
            return status
        } catch {
            // A --variant that matches nothing is a query that matches nothing, like --source or
            // --scene: the same message shape and exit status.
            guard let message = (error as? UsageError)?.message ?? unmatchedVariant(error).map(QueryMessage.variant) else {
                for note in (error as? InputError)?.notes ?? [] { console.diagnostic(DiagnosticText.line(note, input: "")) }
                console.diagnostic("nibinspect: error: \(describe(error))")
                return exitCode(for: error)
            }
            console.error("Error: \(Escape.terminal(message))\nUsage: \(spec.usage)\n  See 'nibinspect \(spec.name) --help' for more information.\n")
            return .usage
        }
    }

    /// The ``VariantNotFound`` inside `error`, if that is what it is.
    static func unmatchedVariant(_ error: any Error) -> VariantNotFound? {
        switch error {
        case let e as VariantNotFound: return e
        case let e as FileError: return unmatchedVariant(e.underlying)
        default: return nil
        }
    }

    /// The exit status for an error thrown by a command.
    static func exitCode(for error: any Error) -> ExitCode {
        switch error {
        case is UsageError: return .usage
        case is InputError: return .noInput
        case is ArchiveError, is SettingsFileError, is XIBWriterError, is StringsFile.ParseError: return .dataError
        case is VariantNotFound: return .usage
        case is OutputError: return .cantCreate
        case let e as FileError: return exitCode(for: e.underlying)
        default: return .software
        }
    }

    /// One line: the file, then the error's own message.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let e as FileError: return "\(e.path): \(describe(e.underlying))"
        case let e as InputError: return "\(e.path): \(e.description)"
        case let e as CustomStringConvertible: return e.description
        default: return "\(error)"
        }
    }
}

/// An error that happened while reading one named input.
struct FileError: Error {
    var path: String
    var underlying: any Error
}

extension Context {
    /// Runs `body`, attaching `path` to any reader error so the message names the file.
    func withFile<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do { return try body() }
        catch let e as InputError { throw e }
        catch let e as UsageError { throw e }
        catch { throw FileError(path: path == "-" ? "<stdin>" : path, underlying: error) }
    }
}
