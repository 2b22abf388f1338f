import Foundation
import NibDiagnosis
import NibModel
import SourceIndex

/// One output format of `lint`: turns the findings of a run into text for one consumer. One file
/// per reporter; ``LintCommand/Format`` lists them (a new reporter is a new file, a case of
/// that enum and its line in ``LintCommand/Format/reporter``).
protocol LintReporter {
    /// The whole output of the run, written to standard output as it is.
    ///
    /// - Throws: what encoding JSON throws.
    static func render(_ findings: [Finding], of run: LintRun) throws -> String
}

/// What a reporter may need besides the findings.
struct LintRun {
    /// The rules that ran, in registry order (SARIF describes them).
    var rules: [RuleInfo]
    /// The number of documents read.
    var documents: Int
    /// The Swift and Objective-C sources read.
    var sources: SourceIndex
    /// Where the output goes (for the text reporter's colours).
    var console: Console
    /// What each check and rule covered, with the rules turned off marked skipped.
    var coverage = Coverage()
}

extension LintCommand {
    /// `--format`: the reporters, in the order help lists them.
    enum Format: String, OptionValue {
        case text, xcode, json, sarif, github, checkstyle, junit, codeclimate

        /// The reporter of the format: the registry of reporters.
        var reporter: any LintReporter.Type {
            switch self {
            case .text: TextReporter.self
            case .xcode: XcodeReporter.self
            case .json: JSONReporter.self
            case .sarif: SARIFReporter.self
            case .github: GitHubReporter.self
            case .checkstyle: CheckstyleReporter.self
            case .junit: JUnitReporter.self
            case .codeclimate: CodeClimateReporter.self
            }
        }
    }
}

/// What several reporters share: where a finding points, its level, paths relative to the
/// current directory.
enum LintReport {
    /// The file and line a finding points to: the document's file and xib line (for findings in
    /// code: the source file and line), else the first source location compared with, else nil.
    static func location(_ f: Finding) -> (String?, Int?) {
        if let path = f.path { return (path, f.line) }
        if let s = f.sources.first { return (s.file, s.line > 0 ? s.line : nil) }
        return (nil, nil)
    }

    static func level(_ s: Diagnostic.Severity) -> String {
        switch s { case .error: "error"; case .warning: "warning"; case .info: "note" }
    }

    /// A path relative to the current directory (the repository root in CI, which code scanning
    /// and GitHub annotations resolve paths against) when it lies inside it.
    static func relative(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        let cwd = FileManager.default.currentDirectoryPath
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
