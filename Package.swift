// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// The toolchain's own SwiftParser and SwiftSyntax (`<toolchain>/usr/lib/swift/host`), which
/// `nibinspect why` uses to read Swift sources. The swiftc in use: `$SWIFT_EXEC`, else the first
/// `swiftc` on PATH (symbolic links resolved); on macOS also `xcrun --find swiftc`'s directory via
/// `$NIBINSPECT_SWIFT_HOST`. Without those modules the package still builds and `why` reads
/// Swift files with a reduced reader (see README, "Reading sources").
let swiftHost: String? = {
    let env = ProcessInfo.processInfo.environment
    if let explicit = env["NIBINSPECT_SWIFT_HOST"] { return explicit }
    let swiftc = env["SWIFT_EXEC"] ?? (env["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
        .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "swiftc"
    let host = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("lib/swift/host").path
    return FileManager.default.fileExists(atPath: host + "/SwiftParser.swiftmodule") ? host : nil
}()
let hostSwiftSettings: [SwiftSetting] = swiftHost.map { [.unsafeFlags(["-I", $0]), .define("NIBINSPECT_SWIFTPARSER")] } ?? []
let hostLinkerSettings: [LinkerSetting] = swiftHost.map {
    [.unsafeFlags(["-L", $0, "-lSwiftParser", "-lSwiftSyntax", "-Xlinker", "-rpath", "-Xlinker", $0])]
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
        /// Graphviz graphs (DOT text, SVG via libgvc) of the resolved model.
        .target(name: "GraphExport", dependencies: ["NibModel", "TextEscaping", "CGraphviz"]),
        /// Swift and Objective-C sources -> classes, outlets, actions, selectors, literals. No nib reader.
        .target(name: "SourceIndex", dependencies: ["FileWalk"], swiftSettings: hostSwiftSettings, linkerSettings: hostLinkerSettings),
        /// The checks of nibs against sources (`why`, `lint`) and the load sequence (`lifecycle`).
        .target(name: "NibDiagnosis", dependencies: ["NibModel", "SourceIndex", "FileWalk"], swiftSettings: hostSwiftSettings),
        /// `nibinspect scan`: units of directories, apps and zip archives (libarchive) decoded in
        /// parallel into one JSON line per document.
        .target(name: "NibScan", dependencies: ["ArchiveReader", "NibModel", "FileWalk", "TextEscaping", "CArchive"]),
        /// The command-line interface, as a library so tests can run it in-process.
        .target(name: "NibInspectCore", dependencies: ["ArchiveReader", "GraphExport", "NibCompare", "NibWriters", "NibDiagnosis", "NibScan", "TextEscaping", "FileWalk"],
                swiftSettings: hostSwiftSettings),
        .executableTarget(name: "NibInspect", dependencies: ["NibInspectCore"], swiftSettings: hostSwiftSettings),
        /// Writes Samples/ with the project's own archive writers.
        .executableTarget(name: "make-samples", dependencies: ["ArchiveReader"], path: "Sources/MakeSamples"),
        /// `make bench`: throughput and peak memory of the readers.
        .executableTarget(name: "nibbench", dependencies: ["ArchiveReader", "GraphExport", "NibDiagnosis", "NibScan"], path: "Sources/NibBench",
                          swiftSettings: hostSwiftSettings),
        /// Helpers shared by the test targets: the shared corpus, temporary trees, tiny NIBArchives.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TextEscapingTests", dependencies: ["TextEscaping"]),
        .testTarget(name: "FileWalkTests", dependencies: ["FileWalk", "TestSupport"]),
        .testTarget(name: "ArchiveReaderTests", dependencies: ["ArchiveReader", "NibCompare", "NibWriters", "TestSupport"]),
        .testTarget(name: "GraphExportTests", dependencies: ["GraphExport", "NibModel", "ArchiveReader", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "NibInspectTests", dependencies: ["NibInspectCore", "ArchiveReader", "NibCompare", "NibWriters", "NibDiagnosis", "NibScan", "TestSupport"], exclude: ["Goldens"],
                    swiftSettings: hostSwiftSettings),
        .testTarget(name: "SourceIndexTests", dependencies: ["SourceIndex", "FileWalk", "TestSupport"], swiftSettings: hostSwiftSettings),
        .testTarget(name: "NibDiagnosisTests", dependencies: ["NibDiagnosis", "ArchiveReader", "TestSupport"],
                    exclude: ["Fixtures"], swiftSettings: hostSwiftSettings),
        /// The target graph of this manifest and the imports of every source file: no arrow back.
        .testTarget(name: "PackageGraphTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
