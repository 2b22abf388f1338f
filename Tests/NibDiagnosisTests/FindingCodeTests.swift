import Foundation
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
        let f = Finding(.undeclaredOutlet, "m", className: "App.VC", member: "x", sources: ["VC.swift:3"])
        let json = String(decoding: try JSONEncoder().encode(f), as: UTF8.self)
        #expect(json.contains("\"class\":\"App.VC\""))
        #expect(!json.contains("document"))
        #expect(json.contains("\"severity\":\"error\""))
    }
}
