// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// The SwiftParser and SwiftSyntax modules and libraries of the toolchain in use
/// (`<toolchain>/usr/lib/swift/host`), which `nibinspect why` reads Swift sources with. Looked for,
/// in order: `$NIBINSPECT_SWIFT_HOST` (that directory; empty: none), the directory of the compiler
/// `$SWIFT_EXEC`, on macOS `xcrun --find swiftc` (the active Xcode, or `$TOOLCHAINS`), then the first
/// `swiftc` on PATH (symbolic links resolved; macOS's /usr/bin/swiftc is an xcrun shim and has none).
/// Only the `SwiftSourceParser` target uses it; without it that target builds without SwiftParser
/// and `why` prints one warning naming the Swift files it did not read.
let swiftHost: String? = {
    let env = ProcessInfo.processInfo.environment
    let fm = FileManager.default
    func host(ofCompiler swiftc: String) -> String? {
        let dir = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("lib/swift/host").path
        return fm.fileExists(atPath: dir + "/SwiftParser.swiftmodule") ? dir : nil
    }
    if let explicit = env["NIBINSPECT_SWIFT_HOST"] { return explicit.isEmpty ? nil : explicit }
    if let exec = env["SWIFT_EXEC"], let dir = host(ofCompiler: exec) { return dir }
    #if os(macOS)
    let xcrun = Process()
    xcrun.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
    xcrun.arguments = ["--find", "swiftc"]
    let pipe = Pipe()
    xcrun.standardOutput = pipe
    xcrun.standardError = FileHandle.nullDevice
    if (try? xcrun.run()) != nil {
        let found = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        xcrun.waitUntilExit()
        if xcrun.terminationStatus == 0, let dir = host(ofCompiler: found) { return dir }
    }
    #endif
    for dir in (env["PATH"] ?? "").split(separator: ":") where fm.isExecutableFile(atPath: "\(dir)/swiftc") {
        return host(ofCompiler: "\(dir)/swiftc")
    }
    return nil
}()

/// The commit `nibinspect --version` reports: `$NIBINSPECT_COMMIT` (the Makefile sets it from
/// `git rev-parse`, which also makes SwiftPM read this manifest again after a commit), else read
/// from `.git` (a checkout or a worktree, loose or packed refs); `unknown` outside git (a
/// release tarball). Never fails the build.
let commit: String = {
    let env = ProcessInfo.processInfo.environment
    func clean(_ s: String) -> String? {
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        return !t.isEmpty && t.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }) ? t : nil
    }
    if let given = env["NIBINSPECT_COMMIT"].flatMap(clean) { return given }
    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
    var git = Context.packageDirectory + "/.git"
    if let file = read(git), file.hasPrefix("gitdir:") {   // a worktree or submodule: .git is a file
        let dir = file.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
        git = dir.hasPrefix("/") ? dir : Context.packageDirectory + "/" + dir
    }
    guard let head = read(git + "/HEAD")?.trimmingCharacters(in: .whitespacesAndNewlines) else { return "unknown" }
    var full: String? = head.hasPrefix("ref: ") ? nil : head
    if full == nil {
        let ref = String(head.dropFirst("ref: ".count))
        let common = read(git + "/commondir").map { c -> String in
            let c = c.trimmingCharacters(in: .whitespacesAndNewlines)
            return c.hasPrefix("/") ? c : git + "/" + c
        } ?? git
        full = read(git + "/" + ref) ?? read(common + "/" + ref)
            ?? read(common + "/packed-refs")?.split(separator: "\n").first { $0.hasSuffix(" " + ref) }.map { String($0.prefix(40)) }
    }
    return full.flatMap(clean).map { String($0.prefix(12)) } ?? "unknown"
}()

/// `make dist` builds with `NIBINSPECT_DIST=1`: the SwiftParser libraries are then found through
/// the rpath `$ORIGIN/../lib` it adds, not through the toolchain's directory.
let forDist = ProcessInfo.processInfo.environment["NIBINSPECT_DIST"] == "1"
let swiftParserSettings: [SwiftSetting] = swiftHost.map { [.unsafeFlags(["-I", $0]), .define("NIBINSPECT_SWIFTPARSER")] } ?? []
let swiftParserLinking: [LinkerSetting] = swiftHost.map {
    [.unsafeFlags(["-L", $0, "-lSwiftParser", "-lSwiftSyntax"] + (forDist ? [] : ["-Xlinker", "-rpath", "-Xlinker", $0]))]
} ?? []

let package = Package(
    name: "nibinspect",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FileWalk", targets: ["FileWalk"]),
        .library(name: "NibModel", targets: ["NibModel"]),
        .library(name: "ArchiveReader", targets: ["ArchiveReader"]),
        .library(name: "NibCompare", targets: ["NibCompare"]),
        .library(name: "NibWriters", targets: ["NibWriters"]),
        .library(name: "GraphExport", targets: ["GraphExport"]),
        .library(name: "SourceIndex", targets: ["SourceIndex"]),
        .library(name: "NibDiagnosis", targets: ["NibDiagnosis"]),
        .library(name: "NibScan", targets: ["NibScan"]),
        .executable(name: "nibinspect", targets: ["NibInspect"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"]), .brew(["libarchive"])]
        ),
        /// libyaml, for IBLinter's `.iblinter.yml` (`lint`); only YAMLReader.swift touches its C API.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        /// How text from an input is written into each output language (terminal text, `.strings`
        /// literals, XML, HTML, DOT, JSON, GitHub workflow commands). No dependencies.
        .target(name: "TextEscaping"),
        /// The one walk of a directory tree, on disk or of a zip archive's members in memory: sorted,
        /// symbolic links kept inside the root, FIFOs and devices skipped, one depth limit. Foundation only.
        .target(name: "FileWalk"),
        /// The resolved model: documents, objects, connections, typed values, diagnostics. No reader.
        .target(name: "NibModel", dependencies: ["TextEscaping"]),
        /// Every compiled and source form of Interface Builder files -> one resolved model.
        .target(name: "ArchiveReader", dependencies: ["NibModel", "TextEscaping", "FileWalk"]),
        /// Engines on the model. `compare`/`diff`: objects of two documents paired, differences,
        /// canonical text (`textconv`).
        .target(name: "NibCompare", dependencies: ["NibModel", "TextEscaping"]),
        /// Writers from the model: the xib/storyboard writer (`nibinspect xib`), the strings writer.
        .target(name: "NibWriters", dependencies: ["NibModel", "TextEscaping"]),
        /// Graphviz graphs (DOT text, SVG via libgvc) and Mermaid flowcharts of the resolved model;
        /// the app map also reads the source index (code transitions and nib loads).
        .target(name: "GraphExport", dependencies: ["NibModel", "SourceIndex", "TextEscaping", "CGraphviz"]),
        /// Swift and Objective-C sources -> classes, outlets, actions, selectors, literals. No nib reader.
        /// Objective-C is read here; Swift through a `SwiftFileReader` given to `SourceCodeReader`.
        .target(name: "SourceIndex", dependencies: ["FileWalk"]),
        /// Swift sources read with the toolchain's SwiftParser: the only target that imports it and the
        /// only one with unsafe flags, in no library product (SwiftPM refuses unsafe flags in a
        /// versioned dependency), so every library product builds without the toolchain's host libraries.
        .target(name: "SwiftSourceParser", dependencies: ["SourceIndex"],
                swiftSettings: swiftParserSettings, linkerSettings: swiftParserLinking),
        /// The checks of nibs against sources (`why`, `lint`) and the load sequence (`lifecycle`).
        .target(name: "NibDiagnosis", dependencies: ["NibModel", "SourceIndex", "FileWalk"]),
        /// `nibinspect scan`: units of directories, apps and zip archives (libarchive) decoded in
        /// parallel into one JSON line per document.
        .target(name: "NibScan", dependencies: ["ArchiveReader", "NibModel", "FileWalk", "TextEscaping", "CArchive"]),
        /// The version's commit (`nibinspect --version`), defined when this manifest is read.
        .target(name: "CBuildInfo", cSettings: [.define("NIBINSPECT_COMMIT", to: commit)]),
        /// The command-line interface, as a library so tests can run it in-process.
        .target(name: "NibInspectCore", dependencies: ["ArchiveReader", "GraphExport", "NibCompare", "NibWriters", "NibDiagnosis", "NibScan",
                                                       "SwiftSourceParser", "CBuildInfo", "TextEscaping", "FileWalk", "CYAML"]),
        .executableTarget(name: "NibInspect", dependencies: ["NibInspectCore"]),
        /// Writes Samples/ with the project's own archive writers.
        .executableTarget(name: "make-samples", dependencies: ["ArchiveReader"], path: "Sources/MakeSamples"),
        /// `make bench`: throughput and peak memory of the readers.
        .executableTarget(name: "nibbench", dependencies: ["ArchiveReader", "GraphExport", "NibDiagnosis", "NibScan", "SwiftSourceParser"],
                          path: "Sources/NibBench"),
        /// Helpers shared by the test targets: the shared corpus, temporary trees, tiny NIBArchives.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TextEscapingTests", dependencies: ["TextEscaping"]),
        .testTarget(name: "FileWalkTests", dependencies: ["FileWalk", "TestSupport"]),
        .testTarget(name: "ArchiveReaderTests", dependencies: ["ArchiveReader", "NibCompare", "NibWriters", "TestSupport"]),
        .testTarget(name: "GraphExportTests", dependencies: ["GraphExport", "NibModel", "ArchiveReader", "SourceIndex", "SwiftSourceParser", "TextEscaping", "TestSupport"],
                    exclude: ["Goldens", "AppFixture"]),
        .testTarget(name: "NibInspectTests", dependencies: ["NibInspectCore", "ArchiveReader", "NibCompare", "NibWriters", "NibDiagnosis", "NibScan", "SourceIndex", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "SourceIndexTests", dependencies: ["SourceIndex", "SwiftSourceParser", "FileWalk", "TestSupport"]),
        .testTarget(name: "NibDiagnosisTests", dependencies: ["NibDiagnosis", "SwiftSourceParser", "ArchiveReader", "TestSupport"],
                    exclude: ["Fixtures"]),
        /// The target graph of this manifest and the imports of every source file: no arrow back.
        .testTarget(name: "PackageGraphTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
