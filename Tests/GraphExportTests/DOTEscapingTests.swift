import Testing
@testable import GraphExport

@Suite struct DOTEscapingTests {
    @Test(arguments: [
        ("plain", "\"plain\""),
        ("Say \"hi\"", "\"Say \\\"hi\\\"\""),
        ("back\\slash \\N", "\"back\\\\slash \\\\N\""),
        ("a\nb\r\n", "\"a\\nb\\n\""),
        ("<b>{a|b}</b>", "\"<b>{a|b}</b>\""),
        ("R&D &amp;", "\"R&amp;D &amp;amp;\""),
        ("tab\tbell\u{7}", "\"tab bell \""),
        ("日本 👋🏽", "\"日本 👋🏽\""),
        ("ends with \\", "\"ends with \\\\\""),
    ])
    func labelEscaping(_ input: String, _ expected: String) {
        #expect(DOTWriter.quoted(input) == expected)
    }

    @Test func idsKeepAmpersandsAndFlattenNewlines() {
        #expect(DOTWriter.quoted("a&b\nc", isLabel: false) == "\"a&b c\"")
        #expect(DOTWriter.quoted("x\"\\", isLabel: false) == "\"x\\\"\\\\\"")
    }

    @Test func attributesAreSorted() {
        #expect(DOTWriter.attributeList(["z": "1", "a": "2", "label": "x&y"]) == " [a=\"2\", label=\"x&amp;y\", z=\"1\"]")
        #expect(DOTWriter.attributeList([:]) == "")
    }
}
