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
        #if canImport(FoundationXML)
        XMLParser(stream: ByteArrayInputStream(bytes))
        #else
        XMLParser(stream: InputStream(data: Data(bytes)))
        #endif
    }
}

#if canImport(FoundationXML)

/// An input stream over a byte array, read in the chunks asked for, as `InputStream(data:)`
/// reads a `Data` (without the copy into one). swift-corelibs-foundation's `XMLParser` calls
/// only `open()`, `read(_:maxLength:)` and `close()`.
final class ByteArrayInputStream: InputStream {
    private let bytes: [UInt8]
    private var position = 0
    private var status: Stream.Status = .notOpen

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        super.init(data: Data())
    }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var hasBytesAvailable: Bool { position < bytes.count }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        let count = min(max(0, len), bytes.count - position)
        bytes.withUnsafeBufferPointer { source in
            if count > 0, let base = source.baseAddress { buffer.update(from: base + position, count: count) }
        }
        position += count
        if position == bytes.count { status = .atEnd }
        return count
    }
}
#endif
