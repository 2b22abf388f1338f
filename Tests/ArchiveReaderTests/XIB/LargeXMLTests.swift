import Testing
@testable import ArchiveReader

/// XML inputs larger than libxml2's 10 MB lookup limit, which a parser given the whole document
/// at once refuses (swift-corelibs-foundation issue #4851): they are read like small ones.
@Suite("Large XML inputs")
struct LargeXMLTests {
    /// A little over 10 MB of XML either reader accepts: `count` elements of about 100 bytes.
    static let count = 120_000

    @Test("a xib over 10 MB reads completely")
    func largeXib() throws {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
            <objects>
                <view contentMode="scaleToFill" id="root">
                    <subviews>

        """
        for i in 0..<Self.count {
            xml += "                <label opaque=\"NO\" contentMode=\"left\" text=\"Label number \(i) of the test\" id=\"L\(i)\"/>\n"
        }
        xml += "            </subviews>\n        </view>\n    </objects>\n</document>\n"
        let bytes = Array(xml.utf8)
        #expect(bytes.count > 10_500_000)
        let input = try SourceReader.read(bytes: bytes, name: "Large.xib")
        let document = try #require(input.documents.first)
        #expect(document.objects.count == Self.count + 1)
        #expect(document.object(ObjectID("L\(Self.count - 1)"))?.className == "UILabel")
    }

    @Test("an XML plist over 10 MB reads completely")
    func largePlist() throws {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <array>

        """
        for i in 0..<Self.count {
            xml += "    <string>string number \(i) of a property list that is larger than ten megabytes....................</string>\n"
        }
        xml += "</array>\n</plist>\n"
        let bytes = Array(xml.utf8)
        #expect(bytes.count > 10_500_000)
        let document = try XMLPlistReader(bytes: bytes).read()
        #expect(document.string(at: document.refs.last ?? -1) == "string number \(Self.count - 1) of a property list that is larger than ten megabytes....................")
    }
}
