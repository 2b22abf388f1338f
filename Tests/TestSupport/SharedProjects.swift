import Foundation
import Testing

/// Real source trees kept in `../shared/projects` beside the checkout (read-only; tests read them
/// in place and never copy them). Tests that use one are disabled with a message when it is absent.
public enum SharedProjects {
    /// `../shared/projects/<name>`, or nil when absent.
    public static func root(_ name: String) -> URL? {
        let url = Corpus.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/projects/\(name)")
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue ? url : nil
    }

    public static func skipMessage(_ name: String) -> Comment {
        "../shared/projects/\(name) is absent beside the checkout; test skipped"
    }
}
