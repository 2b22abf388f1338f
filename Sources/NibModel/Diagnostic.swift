/// A problem or observation made while reading or resolving an input, as data: what kind it is
/// (``code``), how serious (``severity``), the one line people read (``message``) and where
/// (``location``).
///
/// Readers never stop for these: an unknown version word, trailing bytes, a connection whose
/// destination names no object, a nested archive that cannot be read. A lint rule, a SARIF writer
/// or a test tells them apart by ``code``; people read ``message``, which is also the
/// ``description`` (`4 byte(s) after the last table (LNE\0 trailer)`). The message is a plain
/// sentence: where the problem is (file, line, byte offset, object) is in ``location``, never in
/// the text.
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

    /// Where a diagnostic points, as data: the file, the document in it, the place in the file
    /// (line and column of an XML source, byte offset of a compiled archive) and the object.
    /// Every field is optional: readers fill in what they know, and ``NibDocument`` names itself
    /// and its file in each of its diagnostics. Messages never repeat these: the command line
    /// prints them before the message (`Main.storyboard:42:9: …`, `Login.nib: byte 0xD2D: …`).
    ///
    /// Encodes each known field under its name (`{"path": "Login.xib", "sourceLine": 12,
    /// "sourceColumn": 5, "object": "a-b-c", "objectPath": "View › Button \"OK\""}`).
    public struct Location: Hashable, Sendable, Codable {
        /// Display name of the document (`Login.nib`, `Main.storyboardc/UIViewController-abc.nib`,
        /// `Main.storyboard/scene-id`); a nested archive is named `<parent> > <where it is nested>`
        /// (`Table.nib > prototype "Cell"`).
        public var document: String?
        /// The object concerned, in the document's ids (`#12`, a xib id).
        public var object: ObjectID?
        /// The object's semantic path (``NibDocument/semanticPath(of:)``: `View › Button "OK"`),
        /// where the document's objects were at hand when it was located (XML sources and
        /// documents resolved whole; not the deferred objects of `nibinspect json`).
        public var objectPath: String?
        /// Line of the XML element in a xib or storyboard (1-based).
        public var sourceLine: Int?
        /// Column of the element's `<` on ``sourceLine`` (1-based, counted in UTF-8 bytes as
        /// compilers count them), where the reader found it.
        public var sourceColumn: Int?
        /// Absolute byte offset in the file (for a nested archive: in the outermost file).
        public var byteOffset: Int?
        /// Path of the file on disk that the diagnostic is about (for a document of a directory
        /// or `.storyboardc`: that document's file, not the directory).
        public var path: String?

        public init(document: String? = nil, object: ObjectID? = nil, objectPath: String? = nil,
                    sourceLine: Int? = nil, sourceColumn: Int? = nil, byteOffset: Int? = nil, path: String? = nil) {
            self.document = document
            self.object = object
            self.objectPath = objectPath
            self.sourceLine = sourceLine
            self.sourceColumn = sourceColumn
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

    /// ``message`` followed by ` (line N)` when the diagnostic points at a source line: the form
    /// connection listings (`tree`, `connections`, `graph`, `lifecycle`) give an unresolved
    /// connection's reason in, beside the connection rather than under a file name.
    public var messageWithLine: String {
        location.sourceLine.map { "\(message) (line \($0))" } ?? message
    }
}
