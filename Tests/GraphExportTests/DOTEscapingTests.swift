import Testing
@testable import GraphExport

/// DOT attribute lists; the quoting rules themselves are tested with ``Escape`` (TextEscapingTests).
@Suite struct DOTEscapingTests {
    @Test func attributesAreSorted() {
        #expect(DOTWriter.attributeList(["z": "1", "a": "2", "label": "x&y"]) == " [a=\"2\", label=\"x&amp;y\", z=\"1\"]")
        #expect(DOTWriter.attributeList([:]) == "")
    }
}
