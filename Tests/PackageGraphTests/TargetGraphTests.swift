import Foundation
import Testing
import TestSupport

/// The targets show the flow reader → model → engines → CLI with no arrow back (issue 25): every
/// library and executable target of `Package.swift` (read with `swift package dump-package`)
/// depends on, and every one of its Swift files imports, only targets of a lower layer of
/// ``layers``; the engines that work from the model (``modelOnly``) do not reach into the reader.
@Suite struct TargetGraphTests {
    /// Layers, lowest first. A target may depend on and import only targets of a lower layer; a
    /// library or executable target missing here fails the test, so that a new one is placed on
    /// purpose. Test targets may use any target.
    static let layers: [[String]] = [
        // Leaves: escaping for every output language, the one file-tree walker; C modules (the
        // build's commit among them); test helpers.
        ["TextEscaping", "FileWalk", "CGraphviz", "CArchive", "CYAML", "CBuildInfo", "TestSupport"],
        // The model; the Swift and Objective-C source index (no nib reader).
        ["NibModel", "SourceIndex"],
        // The readers: every compiled and source form of Interface Builder files -> the model; Swift
        // sources -> the source index with the toolchain's SwiftParser (the one target with unsafe
        // flags, in no library product).
        ["ArchiveReader", "SwiftSourceParser"],
        // Engines: compare and diff, writers, graphs, diagnosis, scan.
        ["NibCompare", "NibWriters", "GraphExport", "NibDiagnosis", "NibScan"],
        // The command-line interface, as a library.
        ["NibInspectCore"],
        // Executables.
        ["NibInspect", "make-samples", "nibbench"],
    ]

    /// Engines that work from the model alone: the reader is not among their dependencies or imports.
    static let modelOnly: Set<String> = ["NibCompare", "NibWriters", "GraphExport", "NibDiagnosis"]

    /// One target of the manifest.
    struct Target {
        var name: String
        /// `regular`, `executable`, `system`, `test`.
        var type: String
        var dependencies: [String]
        /// Its directory relative to the package root.
        var path: String
    }

    /// One `import` of a project module.
    struct Import {
        var file: String
        var module: String
    }

    /// Every way `targets` and their `imports` (per target name) break ``layers`` and ``modelOnly``,
    /// one line each; empty when there is no arrow back.
    static func violations(_ targets: [Target], imports: [String: [Import]]) -> [String] {
        var rank: [String: Int] = [:]
        for (i, layer) in layers.enumerated() { for name in layer { rank[name] = i } }
        // Module names of the project's targets (`make-samples` is module `make_samples`).
        var targetOfModule: [String: String] = [:]
        for t in targets { targetOfModule[t.name.replacingOccurrences(of: "-", with: "_")] = t.name }
        var out: [String] = []
        for t in targets where t.type != "test" {
            guard let r = rank[t.name] else {
                out.append("\(t.name) is in no layer of TargetGraphTests.layers")
                continue
            }
            for d in t.dependencies {
                if let dr = rank[d], dr < r { continue }
                out.append("\(t.name) depends on \(d), which is not in a lower layer")
            }
            if modelOnly.contains(t.name) && t.dependencies.contains("ArchiveReader") {
                out.append("\(t.name) depends on ArchiveReader; it works from the model alone")
            }
            for i in imports[t.name] ?? [] {
                guard let m = targetOfModule[i.module], m != t.name else { continue }
                if let mr = rank[m], mr < r, !(modelOnly.contains(t.name) && m == "ArchiveReader") { continue }
                out.append("\(i.file) imports \(m): an arrow back from \(t.name)")
            }
        }
        return out
    }

    /// The module names a Swift file imports (`import X`, `@testable import X`, `import struct X.Y`,
    /// conditional imports included).
    static func importedModules(_ text: String) -> [String] {
        var out: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            while let w = words.first, w.hasPrefix("@") { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            var name = words[1]
            let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            if kinds.contains(name), words.count >= 3 { name = words[2] }
            out.append(String(name.split(separator: ".").first ?? Substring(name)))
        }
        return out
    }

    /// The manifest's targets, from `swift package dump-package` (run with a scratch directory of
    /// its own, so that it does not wait for the lock of the build running these tests).
    static func manifestTargets(root: URL) throws -> [Target] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nibinspect-graph-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["swift", "package", "dump-package", "--package-path", root.path, "--scratch-path", scratch.path]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        try #require(p.terminationStatus == 0, "swift package dump-package failed: \(errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        return targets.compactMap { t in
            guard let name = t["name"] as? String, let type = t["type"] as? String else { return nil }
            // A dependency is {"byName": [name, condition]}, {"target": [...]} or {"product": [...]}.
            let dependencies = (t["dependencies"] as? [[String: Any]] ?? []).compactMap { d in
                d.values.compactMap { ($0 as? [Any])?.first as? String }.first
            }
            let path = t["path"] as? String ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
            return Target(name: name, type: type, dependencies: dependencies, path: path)
        }
    }

    /// The project modules each target's Swift files import.
    static func sourceImports(_ targets: [Target], root: URL) -> [String: [Import]] {
        var out: [String: [Import]] = [:]
        for t in targets {
            let dir = root.appendingPathComponent(t.path)
            guard let e = FileManager.default.enumerator(atPath: dir.path) else { continue }
            while let item = e.nextObject() as? String {
                guard item.hasSuffix(".swift"),
                      let text = try? String(contentsOf: dir.appendingPathComponent(item), encoding: .utf8) else { continue }
                for m in importedModules(text) { out[t.name, default: []].append(Import(file: t.path + "/" + item, module: m)) }
            }
        }
        return out
    }

    @Test func noArrowBack() throws {
        let root = Corpus.packageRoot
        let targets = try Self.manifestTargets(root: root)
        // The manifest was read: the issue's targets are there.
        for name in ["NibModel", "ArchiveReader", "NibCompare", "NibWriters", "NibInspectCore"] {
            #expect(targets.contains { $0.name == name }, "\(name) missing from Package.swift")
        }
        let imports = Self.sourceImports(targets, root: root)
        #expect(imports["ArchiveReader", default: []].contains { $0.module == "NibModel" }, "no import was read")
        let found = Self.violations(targets, imports: imports)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// The check fails on arrows back: a dependency of the reader on an engine, the model importing
    /// the reader, an engine importing the CLI or the reader, a target in no layer.
    @Test func arrowsBackAreFound() {
        let targets = [
            Target(name: "NibModel", type: "regular", dependencies: [], path: "Sources/NibModel"),
            Target(name: "ArchiveReader", type: "regular", dependencies: ["NibModel", "NibCompare"], path: "Sources/ArchiveReader"),
            Target(name: "NibCompare", type: "regular", dependencies: ["NibModel"], path: "Sources/NibCompare"),
            Target(name: "NibWriters", type: "regular", dependencies: ["NibModel", "ArchiveReader"], path: "Sources/NibWriters"),
            Target(name: "NibInspectCore", type: "regular", dependencies: ["NibCompare"], path: "Sources/NibInspectCore"),
            Target(name: "Extra", type: "regular", dependencies: [], path: "Sources/Extra"),
            Target(name: "NibCompareTests", type: "test", dependencies: ["NibInspectCore"], path: "Tests/NibCompareTests"),
        ]
        let imports: [String: [Import]] = [
            "NibModel": [Import(file: "Sources/NibModel/A.swift", module: "ArchiveReader"),
                         Import(file: "Sources/NibModel/A.swift", module: "Foundation")],
            "NibCompare": [Import(file: "Sources/NibCompare/B.swift", module: "NibInspectCore"),
                           Import(file: "Sources/NibCompare/C.swift", module: "ArchiveReader"),
                           Import(file: "Sources/NibCompare/C.swift", module: "NibModel")],
            "NibInspectCore": [Import(file: "Sources/NibInspectCore/D.swift", module: "NibCompare")],
            "NibCompareTests": [Import(file: "Tests/NibCompareTests/E.swift", module: "NibInspectCore")],
        ]
        #expect(Self.violations(targets, imports: imports) == [
            "Sources/NibModel/A.swift imports ArchiveReader: an arrow back from NibModel",
            "ArchiveReader depends on NibCompare, which is not in a lower layer",
            "Sources/NibCompare/B.swift imports NibInspectCore: an arrow back from NibCompare",
            "Sources/NibCompare/C.swift imports ArchiveReader: an arrow back from NibCompare",
            "NibWriters depends on ArchiveReader; it works from the model alone",
            "Extra is in no layer of TargetGraphTests.layers",
        ])
    }

    @Test func importsAreRead() {
        let text = """
        import Foundation
        @testable import ArchiveReader
        #if canImport(FoundationXML)
        import FoundationXML
        #endif
        @_exported import NibModel
        import struct NibCompare.CompareReport
        // import NibWriters
        /// import GraphExport
        let important = 1
        """
        #expect(Self.importedModules(text) == ["Foundation", "ArchiveReader", "FoundationXML", "NibModel", "NibCompare"])
    }
}
