import Foundation
import NibDiagnosis

/// `--format codeclimate`: the Code Climate issue list GitLab's code quality report
/// (`artifacts:reports:codequality`) reads: a JSON array of `{"type": "issue", "check_name",
/// "description", "categories", "severity", "fingerprint", "location": {"path", "lines":
/// {"begin"}}}`. Severity: `critical` for errors, `major` for warnings, `info` otherwise. The
/// fingerprint (32 hex digits) depends on the rule, file, object path and member, not on the line
/// (as the baseline), so a finding keeps it when lines move; a repeat gets the next one. A finding
/// with no line is placed on line 1.
enum CodeClimateReporter: LintReporter {
    struct Issue: Encodable {
        struct Lines: Encodable { var begin: Int }
        struct Location: Encodable { var path: String; var lines: Lines }
        var type = "issue"
        var check_name: String
        var description: String
        var categories: [String]
        var severity: String
        var fingerprint: String
        var location: Location
    }

    static func render(_ findings: [Finding], of run: LintRun) throws -> String {
        var seen: [String: Int] = [:]
        let issues = findings.map { f -> Issue in
            let (file, line) = LintReport.location(f)
            let path = file.map(LintReport.relative) ?? "nibinspect"
            let key = [f.code.rawValue, path, f.document ?? "", f.object ?? "", f.member ?? "", f.message].joined(separator: "\u{0}")
            let n = seen[key, default: 0]
            seen[key] = n + 1
            var description = f.message
            if f.line == nil, f.document != nil, let object = f.object { description += " (\(object))" }
            return Issue(check_name: f.code.rawValue, description: description,
                         categories: [f.severity == .info ? "Style" : "Bug Risk"],
                         severity: f.severity == .error ? "critical" : f.severity == .warning ? "major" : "info",
                         fingerprint: fingerprint(key + "\u{0}\(n)"), location: .init(path: path, lines: .init(begin: line ?? 1)))
        }
        return try ResolvedJSON.render(issues)
    }

    /// 128 bits of two FNV-1a hashes of the UTF-8 bytes, in hex: stable across runs and platforms.
    static func fingerprint(_ s: String) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x6c62_272e_07bb_0142
        for byte in s.utf8 {
            a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
            b = (b ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(format: "%016llx%016llx", a, b)
    }
}
