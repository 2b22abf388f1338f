/// Reads the text of one Swift file into its facts (classes, literals, problems).
///
/// `SourceIndex` parses no Swift itself: the reader that does, on the toolchain's SwiftParser, is
/// `SwiftSourceReader.available` of the `SwiftSourceParser` target, kept out of every library
/// product because it is built with unsafe flags (the toolchain's `lib/swift/host`), which SwiftPM
/// refuses in a versioned dependency. A ``SourceCodeReader`` given none lists Swift files but does
/// not read them (``SourceIndex/swiftFilesNotRead``).
public protocol SwiftFileReader: Sendable {
    /// The facts of `text`, the contents of `file`; `module` is the file's Swift module when known
    /// (``SourceCodeReader/swiftModule(of:)``). Never throws: what cannot be read is a
    /// ``SourceProblem`` of the result.
    func read(_ text: String, file: String, module: String?) -> SourceFileFacts
}
