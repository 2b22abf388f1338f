import NibDiagnosis
import TextEscaping

/// `--format junit`: JUnit XML as GitLab's test reports (`artifacts:reports:junit`) and Jenkins
/// read it: one `<testsuite name="nibinspect lint">` whose `<testcase>`s are the findings
/// (`classname` the file, `name` the rule and object, `file` and `line` where known), each with a
/// `<failure type="<severity>" message>` holding the message and the fix; with no finding, one
/// passing test case, so that the report says the lint ran. `tests` and `failures` count them.
enum JUnitReporter: LintReporter {
    static func render(_ findings: [Finding], of run: LintRun) throws -> String {
        var cases = ""
        for f in findings {
            let (file, line) = LintReport.location(f)
            let path = file.map(LintReport.relative) ?? "nibinspect"
            let name = f.code.rawValue + (f.object.map { ": " + $0 } ?? "")
            var attributes = "classname=\"\(Escape.xmlAttribute(path))\" name=\"\(Escape.xmlAttribute(name))\""
            if file != nil { attributes += " file=\"\(Escape.xmlAttribute(path))\"" }
            if let line { attributes += " line=\"\(line)\"" }
            var body = f.message
            if let fix = f.fix { body += "\nFix: " + fix }
            if let line { body += "\n" + path + ":\(line)" }
            cases += "    <testcase \(attributes)>\n"
            cases += "      <failure type=\"\(f.severity.rawValue)\" message=\"\(Escape.xmlAttribute(f.message))\">\(Escape.xmlText(body))</failure>\n"
            cases += "    </testcase>\n"
        }
        if findings.isEmpty {
            cases = "    <testcase classname=\"nibinspect\" name=\"lint: \(run.rules.count) rules on \(run.documents) documents\"/>\n"
        }
        let tests = max(findings.count, 1)
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"nibinspect\" tests=\"\(tests)\" failures=\"\(findings.count)\">\n"
            + "  <testsuite name=\"nibinspect lint\" tests=\"\(tests)\" failures=\"\(findings.count)\" errors=\"0\" skipped=\"0\">\n"
            + cases + "  </testsuite>\n</testsuites>\n"
    }
}
