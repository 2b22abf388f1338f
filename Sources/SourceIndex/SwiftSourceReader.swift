/// Swift sources -> ``SourceFileFacts``, with the toolchain's SwiftParser. (Being written.)
public enum SwiftSourceReader {
    /// The classes, literals and problems of one Swift file; `module` is the file's module when known.
    public static func read(_ text: String, file: String, module: String?) -> SourceFileFacts {
        SourceFileFacts(file: file, language: .swift)
    }
}
