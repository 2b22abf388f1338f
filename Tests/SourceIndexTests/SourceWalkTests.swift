import FileWalk
import Foundation
import SourceIndex
import SwiftSourceParser
import TestSupport
import Testing

/// The sources of `why` and `lint` are found by ``FileWalker``: links inside the directory are
/// followed (they were never followed before), links leading out and special files are skipped
/// and said, build and compiled directories are left out.
@Suite("Source walk")
struct SourceWalkTests {
    @Test("sources: links inside followed, links outside and FIFOs skipped with warnings, build directories left out")
    func rules() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("outside/Secret.swift", text: "class Secret {}")
        try tree.write("p/App/Feed.swift", text: "class Feed {}")
        try tree.write("p/Shared/Util.m", text: "@implementation Util @end")
        try tree.write("p/build/Generated.swift", text: "class Generated {}")
        try tree.write("p/Login.nib/Fake.swift", text: "class Fake {}")
        try tree.symlink("p/App/Common", to: "../Shared")
        try tree.symlink("p/Other", to: "../outside")
        try tree.fifo("p/pipe.swift")
        let reader = SourceCodeReader(swift: SwiftSourceReader.available)
        let (files, warnings) = reader.listSources(in: tree.path("p"))
        #expect(files == [tree.path("p/App/Common/Util.m"), tree.path("p/App/Feed.swift")])
        #expect(warnings.map { "\($0.kind.rawValue) \($0.relative)" } == ["symlink-outside-root Other", "special-file-skipped pipe.swift"])
        // Util.m is read once though two walks reach it by two names; each warning is kept once.
        let index = reader.read(directories: [tree.path("p"), tree.path("p/Shared"), tree.path("p")])
        #expect(index.fileCount[.swift] == 1 && index.fileCount[.objectiveC] == 1)
        #expect(index.walkWarnings == warnings)
        // A file given alone is its own list, whatever its kind.
        #expect(reader.listSources(in: tree.path("p/App/Feed.swift")).files == [tree.path("p/App/Feed.swift")])
        #expect(reader.listSources(in: tree.path("p/pipe.swift")).files.isEmpty)
    }

    @Test("without a Swift reader (a build without SwiftParser) Swift files are listed as not read, Objective-C is read")
    func noSwiftReader() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("p/B.swift", text: "class B {}")
        try tree.write("p/A.swift", text: "class A {}")
        try tree.write("p/Util.m", text: "@implementation Util @end")
        let index = SourceCodeReader().read(directories: [tree.path("p")])
        #expect(index.swiftFilesNotRead == [tree.path("p/A.swift"), tree.path("p/B.swift")])
        #expect(index.fileCount[.swift] == nil && index.fileCount[.objectiveC] == 1)
        #expect(index.problems.isEmpty && index.classes.map(\.name) == ["Util"])
        // One file asked for by name says why it was not read.
        let one = SourceCodeReader().read(file: tree.path("p/A.swift"))
        #expect(one.classes.isEmpty && one.problems.map(\.message) == ["Swift file not read: no Swift reader was given (SourceCodeReader(swift:))"])
        // With the toolchain's parser (when this build has it) they are read.
        if let swift = SwiftSourceReader.available {
            let read = SourceCodeReader(swift: swift).read(directories: [tree.path("p")])
            #expect(read.swiftFilesNotRead.isEmpty && read.fileCount[.swift] == 2 && read.classes.count == 3)
        }
    }
}
