import Foundation
import ArchiveReader
import NibDiagnosis

extension LintCommand {
    /// `--fix` and `--dry-run`: the mechanical fixes of the findings reported (``LintFix``) on the
    /// xib and storyboard files among them. `--dry-run` prints the unified diff and writes
    /// nothing (exit 1 when there is something to fix, else 0); `--fix` rewrites the files in
    /// place, then lints again and reports what is left. Compiled nibs are never written. One
    /// line per file and per finding left unfixed goes to standard error.
    static func fix(_ findings: [Finding], config: LintConfiguration, args: ParsedArguments, context: Context) throws -> ExitCode {
        let dryRun = args.flag("--dry-run")
        var byFile: [String: [Finding]] = [:]
        for f in findings where LintFix.fixable.contains(f.code) {
            guard let path = f.path, path.hasSuffix(".xib") || path.hasSuffix(".storyboard") else { continue }
            byFile[path, default: []].append(f)
        }
        var diff = ""
        var fixed: [FindingCode: Int] = [:]
        var files = 0
        for path in byFile.keys.sorted() {
            guard let data = FileManager.default.contents(atPath: path) else { throw InputError(.notFound, path: path) }
            let text = [UInt8](data)
            let options = config.paths.isEmpty ? config.options : config.resolved(for: path).options
            let (edits, fixedHere, skipped) = LintFix.edits(for: byFile[path]!, in: text, options: options)
            for s in skipped {
                context.console.diagnostic("nibinspect: not fixed: \(path)\(s.finding.line.map { ":\($0)" } ?? ""): \(s.finding.code): \(s.reason)")
            }
            guard !edits.isEmpty else { continue }
            files += 1
            for f in fixedHere { fixed[f.code, default: 0] += 1 }
            if dryRun {
                diff += LintFix.unifiedDiff(edits, on: text, path: LintReport.relative(path))
            } else {
                // Every byte outside the edits kept; the file keeps its permissions.
                let permissions = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions]
                try OutputError.write(LintFix.apply(edits, to: text), to: path)
                if let permissions { try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path) }
            }
        }
        let count = fixed.values.reduce(0, +)
        let detail = fixed.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let verb = dryRun ? "would fix" : "fixed"
        context.console.diagnostic("nibinspect: \(verb) \(WhyText.plural(count, "finding")) in \(WhyText.plural(files, "file"))\(detail.isEmpty ? "" : " (\(detail))")")
        if dryRun {
            context.console.write(diff)
            return count > 0 ? .findings : .success
        }
        var again = args
        again.flags.remove("--fix")
        return try run(again, context)
    }
}
