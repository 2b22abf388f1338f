import Foundation
import NibModel
import SourceIndex
import Testing
@testable import NibDiagnosis

@Suite struct FindingCodeTests {
    @Test func codesAreKebabCaseAndExplained() {
        for code in FindingCode.allCases {
            #expect(code.rawValue.allSatisfy { $0.isLowercase || $0 == "-" }, "\(code.rawValue)")
            #expect(code.explanation.hasSuffix("."), "\(code.rawValue)")
        }
    }

    @Test func findingEncodesClassAndLeavesOutUnknownFields() throws {
        let f = Finding(.undeclaredOutlet, "m", className: "App.VC", member: "x", sources: [SourceLocation(file: "/p/VC.swift", line: 3)])
        let json = String(decoding: try JSONEncoder().encode(f), as: UTF8.self)
        #expect(json.contains("\"class\":\"App.VC\""))
        #expect(!json.contains("document"))
        #expect(json.contains("\"severity\":\"error\""))
        // Source locations are values; JSON writes them as `File.swift:12`, as before.
        #expect(json.contains("\"sources\":[\"VC.swift:3\"]"))
        #expect(f.sources == [SourceLocation(file: "/p/VC.swift", line: 3)])
    }

    @Test func aFindingIsADiagnosticWithMemberFixAndSources() throws {
        var f = Finding(.undeclaredOutlet, "No outlet x", className: "App.VC", member: "x", document: "VC.xib",
                        path: "/p/VC.xib", object: "File's Owner", objectID: ObjectID("-1"), line: 9, fix: "Remove it")
        #expect(f.diagnostic.code == DiagnosticCode("undeclared-outlet"))
        #expect(f.diagnostic.location == Diagnostic.Location(document: "VC.xib", object: ObjectID("-1"), objectPath: "File's Owner",
                                                              sourceLine: 9, path: "/p/VC.xib"))
        #expect(f.severity == FindingCode.undeclaredOutlet.defaultSeverity && f.diagnostic.severity == f.severity)
        f.severity = .info
        f.line = 10
        #expect(f.diagnostic.severity == .info && f.diagnostic.location.sourceLine == 10)
        // JSON round trip keeps every field.
        let back = try JSONDecoder().decode(Finding.self, from: try JSONEncoder().encode(f))
        #expect(back == f)
    }
}
