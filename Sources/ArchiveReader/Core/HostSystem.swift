import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What the readers do differently with swift-corelibs-foundation (Linux) and Apple's Foundation
/// (macOS), in one place: the only file of this target with a platform condition around more
/// than an import (PortabilityTests checks it).
enum HostSystem {
    /// A stream of `bytes` for `XMLParser(stream:)`. With swift-corelibs-foundation the stream
    /// reads the array itself (``ByteArrayInputStream``), so the document is not copied into a
    /// `Data` first; Apple's Foundation, whose `XMLParser` reads a stream through Core Foundation
    /// rather than these overrides, gets `InputStream(data:)`.
    static func inputStream(_ bytes: [UInt8]) -> InputStream {
        #if canImport(FoundationXML)
        ByteArrayInputStream(bytes)
        #else
        InputStream(data: Data(bytes))
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
