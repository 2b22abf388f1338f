/// Exit statuses of `nibinspect` (sysexits, as swift-argument-parser uses them).
public enum ExitCode: Int32, Sendable {
    /// Success.
    case success = 0
    /// A comparison or check found differences or findings.
    case findings = 1
    /// EX_USAGE: bad command line.
    case usage = 64
    /// EX_DATAERR: the input is malformed or not a supported format.
    case dataError = 65
    /// EX_NOINPUT: the input is missing or unreadable.
    case noInput = 66
    /// EX_SOFTWARE: internal or Graphviz failure.
    case software = 70
    /// EX_CANTCREAT: an output file (`-o`) cannot be written.
    case cantCreate = 73
    /// EX_IOERR: standard output could not be written (closed, or a full disk).
    case ioError = 74
}

/// A command-line mistake; printed with the command's usage line, exit 64.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// An internal failure (exit 70), e.g. Graphviz could not render.
struct InternalError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
