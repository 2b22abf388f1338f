import Foundation
import Testing
import TestSupport
@testable import GraphExport

/// `graph --format mermaid`: byte-stable Mermaid text for the DOT goldens' graphs (reviewed once),
/// and every golden accepted and drawn by Mermaid's own JavaScript in headless Chromium.
@Suite struct MermaidWriterTests {
    static let cases: [(name: String, make: @Sendable () throws -> ConnectionGraph)] = DOTGoldenTests.cases.map { c in
        ((c.name as NSString).deletingPathExtension + ".mmd", c.make)
    }

    @Test(arguments: 0..<cases.count)
    func golden(_ index: Int) throws {
        let (name, make) = Self.cases[index]
        let text = MermaidWriter.write(try make())
        goldenFiles.check(text, name)
        #expect(MermaidWriter.write(try make()) == text)
    }

    @Test("node ids are plain words, one per graph node, whatever the graph's ids hold")
    func nodeIDs() throws {
        let graph = try ConnectionGraph(documents: [Fixtures.login, Fixtures.escaping])
        let text = MermaidWriter.write(graph)
        let declared = text.split(separator: "\n").compactMap { line -> Substring? in
            let t = line.drop { $0 == " " }
            guard t.first == "n", let end = t.firstIndex(where: { !$0.isLetter && !$0.isNumber }) else { return nil }
            return ["(", "[", "{"].contains(t[end]) ? t[..<end] : nil
        }
        #expect(declared.count == Set(graph.nodes.map(\.id)).count)
        #expect(Set(declared).count == declared.count)
    }

    @Test("more edges than Mermaid's default maxEdges raise it in the front matter")
    func manyEdges() {
        var graph = ConnectionGraph(name: "big")
        graph.nodes = [.init(id: "a", kind: .object, lines: ["A"]), .init(id: "b", kind: .object, lines: ["B"])]
        graph.edges = (0...MermaidWriter.defaultMaxEdges).map { ConnectionGraph.Edge(from: "a", to: "b", kind: .outlet, lines: ["o\($0)"]) }
        #expect(MermaidWriter.write(graph).contains("config:\n  maxEdges: 501\n"))
        graph.edges.removeLast()
        #expect(!MermaidWriter.write(graph).contains("maxEdges"))
    }

    /// Mermaid's ES module build as NiceGUI packages it on PyPI, unpacked by `make test-deps`.
    static let bundle = Corpus.packageRoot.appendingPathComponent(".build/mermaid")
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("every Mermaid golden is accepted and drawn by Mermaid 11 in headless Chromium")
    func mermaidAcceptsEveryGolden() throws {
        let entry = Self.bundle.appendingPathComponent("nicegui/elements/mermaid/dist/index.js").path
        guard Self.chromium != nil, FileManager.default.fileExists(atPath: entry) else {
            print("MermaidWriterTests: skipped: needs chromium and Mermaid's bundle in .build/mermaid (make test-deps)")
            return
        }
        // The app map's golden too (AppMapTests).
        let files = (Self.cases.map(\.name) + ["app-map.mmd"]).map { goldenFiles.directory.appendingPathComponent($0).path }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Corpus.packageRoot.appendingPathComponent("Scripts/mermaid_render.py").path, Self.bundle.path] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let results = output.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
        #expect(results.count == files.count, "\(output)")
        for r in results {
            #expect(r["ok"] as? Bool == true, "\(r["file"] ?? "?"): \(r["error"] ?? "")")
            #expect((r["svgBytes"] as? Int ?? 0) > 1000)
        }
        #expect(process.terminationStatus == 0)
        // The app map's tooltips as Mermaid shows them on hover: a node's own, then the
        // file:line of the code transitions and nib loads leaving it.
        let map = try #require(results.first { ($0["file"] as? String)?.hasSuffix("app-map.mmd") == true })
        let tooltips = (map["tooltips"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
        #expect(tooltips.values.contains { $0.contains("performSegue “showDetail” → DetailViewController: HomeViewController.swift:5") },
                "\(tooltips)")
        #expect(tooltips.values.contains { $0.hasPrefix("File's Owner of About.xib\nloads its nib at Sources/AboutViewController.swift:7") })
    }

    @Test("app map tooltips: one click line per node with something to say, HTML and quotes escaped")
    func tooltips() {
        var graph = ConnectionGraph(name: "map")
        graph.nodes = [
            .init(id: "a", kind: .codeClass, lines: ["Box<T>"], tooltip: "Box<T> & \"quoted\""),
            .init(id: "b", kind: .scene(isEntryPoint: false), lines: ["Detail"]),
            .init(id: "c", kind: .unresolved, lines: ["?", "no nib “X”"]),
        ]
        graph.edges = [
            .init(from: "a", to: "b", kind: .codeTransition, lines: ["present"], tooltip: "A.swift:3\nA.swift:9"),
            .init(from: "a", to: "c", kind: .nibLoad, lines: ["nib “X”"], isUnresolved: true, tooltip: "A.swift:12"),
        ]
        let text = MermaidWriter.write(graph, tooltips: true)
        let clicks = text.split(separator: "\n").filter { $0.hasPrefix("  click ") }
        #expect(clicks == [
            "  click n0 nibinspectNode \"Box#38;lt;T#38;gt; #38;amp; #34;quoted#34;<br/>present → Detail: A.swift:3, A.swift:9<br/>nib “X” → no nib “X”: A.swift:12\"",
        ])
        #expect(!MermaidWriter.write(graph).contains("click"))
    }
}
