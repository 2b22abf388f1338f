import FileWalk
import Foundation
import TestSupport
import Testing

/// ``FileWalker``'s rules on a hostile tree: links never leave the root, no special file is
/// opened, one depth limit, sorted order, warnings as data; the same walk over memory trees.
@Suite("FileWalker")
struct FileWalkerTests {
    /// A tree with every hazard of a walk:
    ///
    /// ```
    /// outside/Shared.xib          (beside the root)
    /// root/A.xib
    /// root/alias -> sub           (a directory inside the root: followed)
    /// root/dangling -> nowhere    (quietly skipped)
    /// root/deep/d/…/d/Deep.xib    (100 levels)
    /// root/link.xib -> A.xib      (a file inside: followed)
    /// root/sock.xib               (a socket)
    /// root/sub/B.xib
    /// root/sub/loop -> ..         (back to the root)
    /// root/toRoot -> /
    /// root/toSibling -> ../outside
    /// root/x.xib                  (a FIFO)
    /// ```
    static func hostile() throws -> TempTree {
        let tree = try TempTree()
        try tree.write("outside/Shared.xib", text: "<document/>")
        try tree.write("root/A.xib", text: "<document/>")
        try tree.write("root/sub/B.xib", text: "<document/>")
        try tree.symlink("root/alias", to: "sub")
        try tree.symlink("root/dangling", to: "nowhere")
        try tree.symlink("root/link.xib", to: "A.xib")
        try tree.symlink("root/sub/loop", to: "..")
        try tree.symlink("root/toRoot", to: "/")
        try tree.symlink("root/toSibling", to: "../outside")
        try tree.fifo("root/x.xib")
        tree.socket("root/sock.xib")
        let deep = try tree.deep("root/deep", levels: 100)
        try tree.write(deep + "/Deep.xib", text: "<document/>")
        return tree
    }

    /// Files and warnings of a walk, as `relative` paths and `kind relative`.
    static func summary(_ events: [FileWalker.Event]) -> (files: [String], warnings: [String]) {
        var files: [String] = [], warnings: [String] = []
        for e in events {
            switch e {
            case .file(let entry): files.append(entry.relative)
            case .warning(let w): warnings.append("\(w.kind.rawValue) \(w.relative)")
            default: break
            }
        }
        return (files, warnings)
    }

    @Test("a hostile tree: links leading out or back are skipped with a warning, special files are never opened, depth is cut with a warning")
    func hostileTree() throws {
        let tree = try Self.hostile()
        defer { tree.remove() }
        let started = Date()
        let events = FileWalker().events(tree.path("root"))
        #expect(Date().timeIntervalSince(started) < 5)
        let (files, warnings) = Self.summary(events)
        // Sorted, depth first; the aliased directory listed once, under the name met first.
        #expect(files == ["A.xib", "alias/B.xib", "link.xib"])
        let deepest = "deep/" + Array(repeating: "d", count: 63).joined(separator: "/")
        // sub is walked as alias (met first), so its loop is alias/loop.
        var expected = ["symlink-cycle alias/loop", "directory-too-deep \(deepest)"]
        if FileManager.default.fileExists(atPath: tree.path("root/sock.xib")) { expected.append("special-file-skipped sock.xib") }
        expected += ["symlink-outside-root toRoot", "symlink-outside-root toSibling", "special-file-skipped x.xib"]
        #expect(warnings == expected)
        // Warnings carry the path as walked; the message leaves it out, the description names the entry.
        let messages = events.compactMap { if case .warning(let w) = $0 { return w.description } else { return nil } }
        #expect(messages.contains("toRoot: symbolic link to '/' leads outside \(tree.path("root")); not followed"))
        #expect(messages.contains("x.xib: FIFO (named pipe), not a regular file; skipped"))
        #expect(messages.contains("\(deepest): directory nesting deeper than 64 levels; not read"))
        // The link to a file is marked as one; the walk returns the same warnings it gave.
        #expect(events.contains { if case .file(let e) = $0 { return e.name == "link.xib" && e.isSymbolicLink } else { return false } })
        #expect(FileWalker().walk(tree.path("root")) { _ in .proceed }.map { "\($0.kind.rawValue) \($0.relative)" } == expected)
    }

    @Test("a root given through a symbolic link is judged by its real path; a link inside it to a sibling directory is followed")
    func rootThroughLink() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("real/Assets/a.png", [1])
        try tree.write("real/Views/V.xib", text: "<document/>")
        try tree.symlink("real/Views/Images", to: "../Assets")
        try tree.symlink("entry", to: "real")
        let (files, warnings) = Self.summary(FileWalker().events(tree.path("entry")))
        #expect(files == ["Assets/a.png", "Views/V.xib"])   // Views/Images is Assets, already listed
        #expect(warnings.isEmpty)
        // Walked from Views alone, the link leads outside.
        let fromViews = Self.summary(FileWalker().events(tree.path("real/Views")))
        #expect(fromViews.files == ["V.xib"])
        #expect(fromViews.warnings == ["symlink-outside-root Images"])
    }

    @Test("the visitor's answers: skip a directory's entries, stop the walk")
    func actions() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        for name in ["a/1", "b.nib/2", "c/3", "d/4"] { try tree.write(name, [0]) }
        var seen: [String] = []
        FileWalker().walk(tree.root) { event in
            guard case .file(let e) = event else {
                if case .directory(let e) = event, e.name.hasSuffix(".nib") { return .skipDescendants }
                return .proceed
            }
            seen.append(e.relative)
            return e.relative == "c/3" ? .stop : .proceed
        }
        #expect(seen == ["a/1", "c/3"])
    }

    @Test("a memory tree walks like the disk: sorted, the same depth limit")
    func memoryTree() {
        let deep = "/m/App.ipa/" + Array(repeating: "d", count: 70).joined(separator: "/") + "/Deep.nib"
        let tree = FileTree(files: ["/m/App.ipa/b/Login.nib": [1], "/m/App.ipa/a.nib": [2], deep: [3]])
        let (files, warnings) = Self.summary(FileWalker(tree: tree).events("/m/App.ipa"))
        #expect(files == ["a.nib", "b/Login.nib"])
        #expect(warnings == ["directory-too-deep " + Array(repeating: "d", count: 64).joined(separator: "/")])
        #expect(tree.kind("/m/App.ipa/b") == .directory && tree.kind("/m/App.ipa/a.nib") == .regular)
        #expect(throws: FileTree.ListingError.self) { try tree.list("/m/App.ipa/a.nib") }
    }
}
