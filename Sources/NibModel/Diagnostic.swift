/// A problem or observation made while reading or resolving an input, as data: what kind it is
/// (``code``), how serious (``severity``), the one line people read (``message``) and where
/// (``location``).
///
/// Readers never stop for these: an unknown version word, trailing bytes, a connection whose
/// destination names no object, a nested archive that cannot be read. A lint rule, a SARIF writer
/// or a test tells them apart by ``code``; people read ``message``, which is also the
/// ``description`` (`4 byte(s) after the last table at byte 0x45 (LNE\0 trailer)`).
///
/// Encodes as `{"code": "trailing-bytes", "severity": "warning", "message": "…",
/// "location": {"byteOffset": 69}}`; location fields that are unknown are left out.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable, Codable, CaseIterable {
        /// Part of the input could not be read at all (a document of a directory or storyboard).
        case error
        /// Something is wrong or unusual in the input; what could be read was read.
        case warning
        /// Nothing is wrong; a note on what was not read or compared, and why.
        case info
    }

    /// Where a diagnostic points. Every field is optional: readers fill in what they know.
    public struct Location: Hashable, Sendable, Codable {
        /// Display name of the document (`Login.nib`, `Main.storyboardc/UIViewController-abc.nib`,
        /// `Main.storyboard/scene-id`).
        public var document: String?
        /// The object concerned, in the document's ids (`#12`, a xib id).
        public var object: ObjectID?
        /// Line of the XML element in a xib or storyboard (1-based).
        public var sourceLine: Int?
        /// Absolute byte offset in the file (for a nested archive: in the outermost file).
        public var byteOffset: Int?
        /// Path of the file on disk.
        public var path: String?

        public init(document: String? = nil, object: ObjectID? = nil, sourceLine: Int? = nil,
                    byteOffset: Int? = nil, path: String? = nil) {
            self.document = document
            self.object = object
            self.sourceLine = sourceLine
            self.byteOffset = byteOffset
            self.path = path
        }
    }

    /// What kind of problem this is; stable across releases (see ``DiagnosticCode``).
    public var code: DiagnosticCode
    public var severity: Severity
    /// One line for people, as the command line prints it after `nibinspect: warning: `.
    public var message: String
    public var location: Location

    /// A diagnostic; `severity` defaults to the code's ``DiagnosticCode/defaultSeverity``.
    public init(_ code: DiagnosticCode, _ message: String, severity: Severity? = nil, location: Location = Location()) {
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.message = message
        self.location = location
    }

    /// The ``message``.
    public var description: String { message }

    /// This diagnostic with ``Location/document`` and ``Location/path`` filled in where they
    /// were unknown (readers that work below the document level do not know its name).
    public func located(document: String, path: String?) -> Diagnostic {
        var copy = self
        if copy.location.document == nil { copy.location.document = document }
        if copy.location.path == nil { copy.location.path = path }
        return copy
    }
}
