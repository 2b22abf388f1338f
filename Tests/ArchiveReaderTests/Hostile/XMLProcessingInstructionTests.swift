import Foundation
import Testing
@testable import ArchiveReader

/// A processing instruction with a target and no data (`<?foo?>`) makes FoundationXML's
/// `XMLParser` on Linux call `strlen(NULL)` (found by `Scripts/fuzz.sh run xmlplist`); both XML
/// readers reject it before parsing, with its offset.
@Suite("XML processing instructions without data")
struct XMLProcessingInstructionTests {
    static let plist = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <?foo?>
        <plist version="1.0"><dict><key>$archiver</key><string>NSKeyedArchiver</string></dict></plist>

        """.utf8)

    @Test("XML plist: rejected with the offset of '<?foo?>'")
    func plist() throws {
        let error = try #require(throws: ArchiveError.self) { try NibLoader().loadArchive(bytes: Self.plist, name: "x.plist") }
        #expect(error.offset == 39)
        #expect(error.description.contains("processing instruction <?foo?> without data at line 2"))
    }

    @Test("xib source: rejected with the offset of '<?x?>'")
    func xib() throws {
        let bytes = Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><?x?><objects/></document>

            """.utf8)
        let error = try #require(throws: ArchiveError.self) { try SourceReader.read(bytes: bytes, name: "x.xib") }
        #expect(error.offset == 113)
        #expect(error.description.contains("processing instruction <?x?> without data at line 2"))
    }

    @Test("whitespace after the target, and the XML declaration itself, are accepted")
    func harmless() {
        #expect(XMLInputGuard.datalessProcessingInstruction(Array("<?xml version=\"1.0\"?><a><?foo ?></a>".utf8)) == nil)
        #expect(XMLInputGuard.datalessProcessingInstruction(Array("<a>x <? y</a>".utf8)) == nil)
        #expect(XMLInputGuard.datalessProcessingInstruction(Array("<?<?xr2?>".utf8))?.offset == 2)
    }
}
