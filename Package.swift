// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "nibinspect",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "NibModel", targets: ["NibModel"]),
        .library(name: "ArchiveReader", targets: ["ArchiveReader"]),
        .library(name: "GraphExport", targets: ["GraphExport"]),
        .executable(name: "nibinspect", targets: ["NibInspect"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        /// The resolved model: documents, objects, connections, typed values, diagnostics. No reader.
        .target(name: "NibModel"),
        /// Every compiled and source form of Interface Builder files -> one resolved model.
        .target(name: "ArchiveReader", dependencies: ["NibModel"]),
        /// Graphviz graphs (DOT text, SVG via libgvc) of the resolved model.
        .target(name: "GraphExport", dependencies: ["NibModel", "CGraphviz"]),
        /// The command-line interface, as a library so tests can run it in-process.
        .target(name: "NibInspectCore", dependencies: ["ArchiveReader", "GraphExport"]),
        .executableTarget(name: "NibInspect", dependencies: ["NibInspectCore"]),
        /// Writes Samples/ with the project's own archive writers.
        .executableTarget(name: "make-samples", dependencies: ["ArchiveReader"], path: "Sources/MakeSamples"),
        /// `make bench`: throughput and peak memory of the readers.
        .executableTarget(name: "nibbench", dependencies: ["ArchiveReader", "GraphExport"], path: "Sources/NibBench"),
        /// Helpers shared by the test targets: the shared corpus, temporary trees, tiny NIBArchives.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ArchiveReaderTests", dependencies: ["ArchiveReader", "TestSupport"]),
        .testTarget(name: "GraphExportTests", dependencies: ["GraphExport", "NibModel", "ArchiveReader", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "NibInspectTests", dependencies: ["NibInspectCore", "ArchiveReader", "TestSupport"], exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
