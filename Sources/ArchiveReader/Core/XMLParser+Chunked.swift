import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

extension XMLParser {
    /// A parser that reads `bytes` through a stream, which hands them to libxml2 in chunks.
    ///
    /// Given the whole document at once (`XMLParser(data:)`), swift-corelibs-foundation passes it
    /// to libxml2 as one chunk, and libxml2 refuses a chunk over its 10 MB lookup limit
    /// (`XML_MAX_LOOKUP_LIMIT`, swift-corelibs-foundation issue #4851): a larger xib, storyboard or
    /// XML plist failed as "malformed XML" at its end. Chunks keep every size readable; the
    /// document, the callbacks and the positions reported are the same. With
    /// swift-corelibs-foundation the stream reads the array itself, so the document is not copied
    /// into a `Data` first; Apple's Foundation, whose streams are Core Foundation's, gets a `Data`.
    static func chunked(_ bytes: [UInt8]) -> XMLParser {
        XMLParser(stream: HostSystem.inputStream(bytes))
    }
}
