/// Objective-C sources (`.h`, `.m`, `.mm`) -> ``SourceFileFacts``. (Being written.)
public enum ObjCSourceReader {
    /// The classes, literals and problems of one Objective-C file.
    public static func read(_ text: String, file: String) -> SourceFileFacts {
        SourceFileFacts(file: file, language: .objectiveC)
    }
}
