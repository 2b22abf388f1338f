import ArchiveReader
import Testing

/// ``SourceReader/read(bytes:name:path:keepsXML:)`` without the XML (`compare`, `diff`, `tree`…
/// read sources so, issue 31): the same documents, none holding its element tree.
@Suite struct SourceWithoutXMLTests {
    @Test(arguments: [("Login.xib", XIBFixtures.iOSXib), ("Main.storyboard", XIBFixtures.iOSStoryboard),
                      ("designable.nib", XIBFixtures.archiveXib)])
    func sameDocuments(_ name: String, _ text: String) throws {
        let with = try SourceReader.read(bytes: Array(text.utf8), name: name)
        let without = try SourceReader.read(bytes: Array(text.utf8), name: name, keepsXML: false)
        #expect(without.documents.allSatisfy { $0.source == nil })
        // Everything but the XML (an absent SourceXML is not equal to a present one).
        var stripped = with
        for i in stripped.documents.indices { stripped.documents[i].source = nil }
        #expect(without == stripped)
        if name != "designable.nib" { #expect(with.documents.allSatisfy { $0.source != nil }) }
    }
}
