/// The single error type of every reader in ArchiveReader.
///
/// Every error carries what went wrong (``kind``), the absolute byte offset in the input where it
/// was detected (``offset``; `0` for errors about a whole file or directory) and a breadcrumb
/// (``path``) naming the table, object and value being read, outermost first.
///
/// ```
/// index 41 out of range for keys (count 40) at byte 0x1A2 in object #12 UIButton > value #3
/// ```
public struct ArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A table or region of an input, for messages.
    public enum Section: String, Hashable, Sendable, CaseIterable {
        case header
        case objects
        case keys
        case values
        case classNames = "class names"
        case trailer
        case offsetTable = "offset table"
        case plistObjects = "plist objects"
        case keyedArchive = "keyed archive"
        case typedstream
        case xml
        case container
    }

    /// A limit from ``DecodingLimits``.
    public enum Limit: String, Hashable, Sendable {
        case fileSize = "file size"
        case objectCount = "object count"
        case keyCount = "key count"
        case valueCount = "value count"
        case classCount = "class count"
        case dataLength = "data length"
        case nestingDepth = "nesting depth"
    }

    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The input is empty (0 bytes).
        case emptyFile
        /// The input is not of the expected format; `detected` names what it is instead, if known
        /// (for example "XML xib source" or "binary plist keyed archive").
        case notAnArchive(detected: String?)
        /// A format that is recognised but not decoded by this version.
        case unsupportedFormat(String)
        /// Fewer bytes were left than a record needs.
        case truncated(needed: Int, available: Int)
        /// A table lies (partly) outside the input.
        case sectionOutOfBounds(Section)
        /// Two tables occupy the same bytes.
        case sectionsOverlap(Section, Section)
        /// An index into a table is not below the table's count.
        case indexOutOfRange(Section, index: Int, count: Int)
        /// A NIBArchive varint is longer than 5 bytes or does not fit 32 bits.
        case varintTooLong
        /// A NIBArchive value type byte outside 0...10.
        case unknownValueType(UInt8)
        /// A bplist marker or typedstream tag that is not defined.
        case unknownMarker(UInt8)
        /// Bytes that should be UTF-8 text are not.
        case invalidUTF8(Section)
        /// A decoding limit was exceeded; `value` is the offending number.
        case limitExceeded(Limit, value: Int)
        /// Containers that contain themselves.
        case referenceCycle
        /// Anything else, described in words.
        case malformed(String)
        /// A directory input (nib bundle, `.storyboardc`) lacks a required file or holds nothing
        /// readable; no byte offset applies.
        case invalidContainer(String)
    }

    public var kind: Kind
    /// Absolute byte offset of the first offending byte in the input (`0` when not applicable).
    public var offset: Int
    /// Breadcrumbs, outermost first: `["object #12 UIButton", "value #3 'UIDestination'"]`.
    public var path: [String]
    /// Words that replace ``kindDescription`` in ``description`` where the generic text of `kind`
    /// would be unclear (which header count a `truncated` refers to, what a foreign file is);
    /// nil for most errors.
    public var detail: String?

    public init(_ kind: Kind, at offset: Int, path: [String] = [], detail: String? = nil) {
        self.kind = kind
        self.offset = offset
        self.path = path
        self.detail = detail
    }

    /// Returns a copy with `crumb` prepended to the breadcrumb (use while unwinding).
    public func within(_ crumb: String) -> ArchiveError {
        var copy = self
        copy.path.insert(crumb, at: 0)
        return copy
    }

    /// A one-line, lowercase message: what (``detail`` or ``kindDescription``), where (hex byte
    /// offset) and the breadcrumb.
    public var description: String {
        var text = detail ?? kindDescription
        if hasOffset { text += " at byte 0x\(String(offset, radix: 16, uppercase: true))" }
        if !path.isEmpty { text += " in " + path.joined(separator: " > ") }
        return text
    }

    /// ``description`` without the byte offset (what, and the breadcrumb): the message of a
    /// ``Diagnostic`` that carries the offset in its location.
    public var messageWithoutOffset: String {
        var text = detail ?? kindDescription
        if !path.isEmpty { text += " in " + path.joined(separator: " > ") }
        return text
    }

    /// False for the kinds that concern the file as a whole (empty, not an archive, an
    /// unsupported format, a container lacking a file), whose ``offset`` is 0 and means nothing.
    public var hasOffset: Bool {
        switch kind {
        case .emptyFile, .notAnArchive, .unsupportedFormat, .invalidContainer: return false
        default: return true
        }
    }

    /// The message for ``kind`` alone.
    public var kindDescription: String {
        switch kind {
        case .emptyFile: return "empty file"
        case .notAnArchive(let detected):
            return detected.map { "\($0): not a supported compiled nib" } ?? "unrecognised file format"
        case .unsupportedFormat(let what): return "\(what): not supported"
        case .truncated(let needed, let available):
            return "truncated: needed \(needed) bytes, \(available) available"
        case .sectionOutOfBounds(let s): return "\(s.rawValue) table out of bounds"
        case .sectionsOverlap(let a, let b): return "\(a.rawValue) and \(b.rawValue) tables overlap"
        case .indexOutOfRange(let s, let index, let count):
            return "index \(index) out of range for \(s.rawValue) (count \(count))"
        case .varintTooLong: return "varint longer than 5 bytes"
        case .unknownValueType(let t): return "unknown value type \(t)"
        case .unknownMarker(let m): return "unknown marker 0x\(String(m, radix: 16, uppercase: true))"
        case .invalidUTF8(let s): return "invalid UTF-8 in \(s.rawValue)"
        case .limitExceeded(let limit, let value): return "\(limit.rawValue) limit exceeded (\(value))"
        case .referenceCycle: return "reference cycle in containers"
        case .malformed(let text): return text
        case .invalidContainer(let text): return text
        }
    }
}
