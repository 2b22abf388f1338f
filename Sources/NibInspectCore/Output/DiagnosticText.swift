import ArchiveReader
import Foundation
import SourceIndex
import TextEscaping

/// The one text form of a ``Diagnostic`` on standard error, for every command:
///
/// ```
/// nibinspect: warning: Main.storyboard:42:13: action 'x:' of b-c: destination 'a' is an object of another scene (s1), not of this one [unresolved-destination]
/// nibinspect: warning: Login.nib: byte 0xD2D: 8 byte(s) after the last table [trailing-bytes]
/// nibinspect: warning: Table.nib > prototype "Cell": byte 0x1F0: nesting depth limit exceeded (9); not read [nested-archive-too-deep]
/// nibinspect: error: Main.storyboardc/Scene.nib: byte 0x0: truncated: … in header [document-not-read]
/// ```
///
/// `nibinspect: <severity>: <where>: <message> [<code>]`, where `<where>` is the file the
/// diagnostic is about (``Diagnostic/Location/path``; for a document of a directory or
/// `.storyboardc`, that document's file), then `:<line>:<column>` in an XML source (`:<line>`
/// when the column is unknown), else `: byte 0x<offset>` in a compiled file, else nothing more;
/// a nested archive adds ` > <where it is nested>` after the file. Values are escaped for the
/// terminal (one diagnostic stays one line).
enum DiagnosticText {
    /// The whole stderr line, without the newline.
    static func line(_ d: Diagnostic, input: String) -> String {
        "nibinspect: \(d.severity.rawValue): " + located(d, input: input) + " [\(d.code.rawValue)]"
    }

    /// `<where>: <message>`, escaped (the form the HTML report lists, before escaping for HTML).
    static func located(_ d: Diagnostic, input: String) -> String {
        place(d.location, input: input) + ": " + Escape.terminal(d.message)
    }

    /// `<where>` for `location`; `input` (the path as given) stands in when no file is known
    /// (standard input, or a diagnostic of the input as a whole).
    static func place(_ location: Diagnostic.Location, input: String) -> String {
        var place = location.path ?? input
        if let document = location.document, let nested = document.range(of: " > ") {
            place += document[nested.lowerBound...]
        }
        place = Escape.terminal(place)
        if let line = location.sourceLine {
            place += ":\(line)" + (location.sourceColumn.map { ":\($0)" } ?? "")
        } else if let offset = location.byteOffset {
            place += ": byte 0x" + String(offset, radix: 16, uppercase: true)
        }
        return place
    }
}

extension Context {
    /// Prints `diagnostics` on stderr with ``DiagnosticText``, warnings (and notes) first, then
    /// errors; `input` names the file of those that name none.
    func printDiagnostics(_ diagnostics: [Diagnostic], input: String) {
        for d in diagnostics where d.severity != .error { console.diagnostic(DiagnosticText.line(d, input: input)) }
        for d in diagnostics where d.severity == .error { console.diagnostic(DiagnosticText.line(d, input: input)) }
    }

    /// Prints every diagnostic of `input` on stderr, once: the input's own (container, storyboard,
    /// documents not read) and each document's (reader and resolver), warnings first, then errors;
    /// and returns `status`, the one exit-status rule of every command, from
    /// ``loadResolvedWithStatus(_:)`` (the first document that could not be read: 65 malformed,
    /// 66 unreadable; else success).
    @discardableResult
    func finish(_ input: NibInput, status: ExitCode) -> ExitCode {
        printDiagnostics(input.allDiagnostics, input: input.path)
        return status
    }

    /// ``finish(_:status:)`` for several inputs, in order.
    @discardableResult
    func finish(_ inputs: [NibInput], status: ExitCode) -> ExitCode {
        for input in inputs { printDiagnostics(input.allDiagnostics, input: input.path) }
        return status
    }
}

extension Context {
    /// ``finish(_:status:)`` for the inputs of `why`, `lint` and `report`, then one warning per
    /// source file problem (``SourceIndex/diagnostics``) and per entry the source walk skipped
    /// that the input walk did not already report.
    func finish(_ inputs: [NibInput], sources: SourceIndex) {
        finish(inputs, status: .success)
        printDiagnostics(sources.diagnostics + WhyCommand.sourceWalkDiagnostics(sources, besides: inputs), input: "")
    }
}

extension SourceIndex {
    /// Each problem met reading the Swift and Objective-C sources (``problems``) as a
    /// ``DiagnosticCode/sourceNotParsed`` warning at its file, line and column; then one for all
    /// the Swift files a build without SwiftParser could not read (``swiftFilesNotRead``), at the first.
    var diagnostics: [Diagnostic] {
        var out = problems.map {
            Diagnostic(.sourceNotParsed, $0.message,
                       location: .init(sourceLine: $0.location.line, sourceColumn: $0.location.column, path: $0.location.file))
        }
        if let first = swiftFilesNotRead.first {
            let n = swiftFilesNotRead.count
            let which = n == 1 ? "1 Swift file not read" : "\(n) Swift files not read (this one and \(n - 1) more)"
            out.append(Diagnostic(.sourceNotParsed, which + ": this nibinspect was built without the toolchain's SwiftParser "
                                    + "(lib/swift/host; see README, 'Install'); their classes are unknown to the checks",
                                  location: .init(path: first)))
        }
        return out
    }
}

extension NibInput {
    /// The input's own diagnostics, then each document's, in document order.
    var allDiagnostics: [Diagnostic] {
        diagnostics + documents.flatMap(\.diagnostics)
    }
}
