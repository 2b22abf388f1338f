import ArchiveReader
import TestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import GraphExport

/// SVG is checked structurally (valid XML, the expected `<title>`s), never byte-compared:
/// Graphviz versions and fonts change coordinates.
@Suite struct SVGRendererTests {
    struct ParsedSVG {
        var nodeTitles: [String]
        var edgeTitles: [String]
        var clusterTitles: [String]
        var texts: [String]
    }

    static func parse(_ svg: String) throws -> ParsedSVG {
        let doc = try XMLDocument(data: Data(svg.utf8))
        func strings(_ xpath: String) throws -> [String] {
            try doc.nodes(forXPath: xpath).map { $0.stringValue ?? "" }
        }
        let g = "//*[local-name()='g']"
        return ParsedSVG(
            nodeTitles: try strings("\(g)[@class='node']/*[local-name()='title']"),
            edgeTitles: try strings("\(g)[@class='edge']/*[local-name()='title']"),
            clusterTitles: try strings("\(g)[@class='cluster']/*[local-name()='title']"),
            texts: try strings("//*[local-name()='text']"))
    }

    static func check(_ graph: ConnectionGraph) throws -> ParsedSVG {
        let rendering = try SVGRenderer.render(dot: DOTWriter.write(graph))
        #expect(rendering.engine == "dot")
        #expect(rendering.svg.hasPrefix("<?xml"))
        let svg = try parse(rendering.svg)
        #expect(Set(svg.nodeTitles) == Set(graph.nodes.map(\.id)))
        #expect(svg.nodeTitles.count == graph.nodes.count)
        #expect(svg.edgeTitles.sorted() == graph.edges.map { "\($0.from)->\($0.to)" }.sorted())
        return svg
    }

    @Test func loginRendersEveryNodeAndEdge() throws {
        let svg = try Self.check(try ConnectionGraph(document: Fixtures.login))
        #expect(svg.texts.contains("File's Owner"))
        #expect(svg.texts.contains("signIn:"))
        #expect(svg.texts.contains("fields[1]"))
    }

    @Test func hierarchyRendersClusters() throws {
        let graph = try ConnectionGraph(document: Fixtures.preferences, options: GraphOptions(hierarchy: true))
        let svg = try Self.check(graph)
        #expect(Set(svg.clusterTitles) == ["cluster_h#10", "cluster_h#11"])   // the menu #30 is a node
    }

    @Test func storyboardRenders() throws {
        _ = try Self.check(try ConnectionGraph(storyboard: Fixtures.storyboard))
    }

    /// Every awkward name comes out of Graphviz as the exact text that went in.
    @Test func escapedLabelsSurviveGraphviz() throws {
        let svg = try Self.check(try ConnectionGraph(document: Fixtures.escaping))
        let joined = svg.texts.joined(separator: "\n")
        for name in Fixtures.awkwardNames where !name.contains(where: { $0.isNewline || $0 == "\t" || $0 == "\u{7}" }) {
            #expect(svg.texts.contains("“\(name)”"), "\(name)")
        }
        #expect(joined.contains("“two\nlines"))
        #expect(svg.texts.contains("label_0 \"x\""))
        #expect(svg.texts.contains("Weird\"Owner\\"))
    }

    /// libgvc is not thread-safe; the renderer's lock must make parallel renders safe.
    @Test(arguments: 0..<64)
    func parallelRendersDoNotCrash(_ i: Int) throws {
        var doc = Fixtures.login
        doc.name = "Parallel \(i)"
        let rendering = try SVGRenderer.render(dot: DOTWriter.write(try ConnectionGraph(document: doc)))
        let svg = try Self.parse(rendering.svg)
        #expect(svg.texts.contains("Parallel \(i)"))
        #expect(svg.nodeTitles.count == 9)   // First Responder and the help button (nil-targeted) not drawn
    }

    @Test func invalidDOTThrowsWithGraphvizMessageAndPrintsNothing() throws {
        // A text of many lines read first: the line of the error is counted in its own text.
        _ = try SVGRenderer.render(dot: "digraph {\n" + String(repeating: "a -> b\n", count: 50) + "}")
        let stderr = try StderrCapture()
        var thrown: RenderError?
        do {
            _ = try SVGRenderer.render(dot: "digraph { a -> ; }")
        } catch {
            thrown = error
        }
        let printed = stderr.finish()
        let error = try #require(thrown)
        #expect(error.stage == .parse)
        #expect(error.message.contains("syntax error in line 1"), "\(error.message)")
        #expect(!printed.contains("syntax error"), "Graphviz printed: \(printed)")
        // The parser recovers: the next render works.
        #expect(try SVGRenderer.render(dot: "digraph { a -> b }").nodeCount == 2)
    }

    /// A drawing taller than cairo's bitmap limit (32,767 px) is scaled to 340 inches by
    /// Graphviz, and nothing reaches stderr.
    @Test func tallPNGIsScaledQuietly() throws {
        let chain = (0..<700).map { "n\($0) -> n\($0 + 1);" }.joined(separator: " ")
        let stderr = try StderrCapture()
        let rendered = Result { try SVGRenderer.render(dot: "digraph { node [height=0.6]; " + chain + " }", format: "png:cairo") }
        let printed = stderr.finish()
        let png = try rendered.get().bytes
        #expect(!printed.contains("too large"), "\(printed)")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(height > 20_000 && height <= 32_767, "height \(height)")
    }

    @Test func unknownEngineListsTheKnownOnes() throws {
        let error = try #require(throws: RenderError.self) {
            try SVGRenderer.render(dot: "digraph { a -> b }", engineNamed: "nope")
        }
        #expect(error.stage == .layout)
        #expect(error.message.contains("Layout type: \"nope\" not recognized. Use one of:"), "\(error.message)")
        #expect(error.message.contains(" sfdp"))
        #expect(!error.message.contains("dot -c"))
    }

    /// Without Graphviz's plugin configuration (`config6a`, written by `dot -c`) no engine is
    /// known and Graphviz prints `Error: Layout type: "dot" not recognized. Use one of:` with an
    /// empty list (seen with `GVBINDIR` set to an empty directory; Graphviz caches the plugin
    /// directory per process, so this is checked on the message, not by a render).
    @Test func missingPluginConfigurationTellsToRunDotC() {
        let message = SVGRenderer.message(from: ["Error: Layout type: \"dot\" not recognized. Use one of:"], fallback: "")
        #expect(message == "Layout type: \"dot\" not recognized; " + RenderError.pluginHint)
        #expect(message.contains("run `dot -c` as root"))
        #expect(SVGRenderer.message(from: ["Error: syntax error in line 1 near '}'"], fallback: "x")
                == "syntax error in line 1 near '}'")
        #expect(SVGRenderer.message(from: [], fallback: "gvLayout(dot) failed") == "gvLayout(dot) failed")
    }

    @Test func unknownFormatIsARenderError() throws {
        let error = try #require(throws: RenderError.self) {
            try SVGRenderer.render(dot: "digraph { a -> b }", format: "nope")
        }
        #expect(error.stage == .render)
        #expect(error.message.contains("nope"), "\(error.message)")
    }

    @Test func nulByteIsRejected() {
        #expect(throws: RenderError(stage: .parse, message: "the DOT text contains a NUL byte")) {
            try SVGRenderer.render(dot: "digraph { a\u{0} }")
        }
    }

    @Test func automaticSwitchesToSfdpForHugeGraphs() {
        #expect(LayoutEngine.automatic.resolved(nodes: 100, edges: 200) == ("dot", nil))
        let big = LayoutEngine.automatic.resolved(nodes: LayoutEngine.sfdpNodeThreshold + 1, edges: 10)
        #expect(big.engine == "sfdp")
        #expect(big.note?.contains("sfdp") == true)
        #expect(LayoutEngine.dot.resolved(nodes: 1_000_000, edges: 0) == ("dot", nil))
    }

    @Test func sfdpRenders() throws {
        let graph = try ConnectionGraph(document: Fixtures.login)
        let rendering = try SVGRenderer.render(dot: DOTWriter.write(graph), engine: .sfdp)
        #expect(rendering.engine == "sfdp")
        #expect(Set(try Self.parse(rendering.svg).nodeTitles) == Set(graph.nodes.map(\.id)))
    }

    /// The drawing depends on the DOT text only, not on the state of the process's heap: cgraph's
    /// default ID discipline orders subgraphs by the address of their interned names, so clusters
    /// came out in heap order and the layout changed from run to run (an app map with its sources:
    /// 3 different SVGs in 3 runs). Here the heap blocks of the names' sizes are freed in a
    /// scrambled order before each render, so that freshly interned names get addresses out of
    /// order; every render must still draw the clusters in the DOT text's order, the same bytes.
    @Test func clusterOrderIsTheDOTTextsWhateverTheHeap() throws {
        let names = (0..<40).map { "cluster_c" + String($0 + 100) }
        let dot = "digraph G {\n" + names.enumerated().map { "subgraph \($1) { label=\"\($1)\"; n\($0) }" }.joined(separator: "\n")
            + "\n" + (1..<names.count).map { "n\($0 - 1) -> n\($0)" }.joined(separator: "\n") + "\n}"
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var drawings = Set<String>()
        for _ in 0..<4 {
            for size in stride(from: 24, through: 96, by: 8) {
                var blocks = (0..<64).map { _ in malloc(size) }
                for i in blocks.indices.reversed() {   // Fisher-Yates with a fixed-seed xorshift
                    state ^= state << 13; state ^= state >> 7; state ^= state << 17
                    blocks.swapAt(i, Int(state % UInt64(i + 1)))
                }
                for block in blocks { free(block) }
            }
            let svg = try SVGRenderer.render(dot: dot).svg
            #expect(try Self.parse(svg).clusterTitles == names)
            drawings.insert(svg)
        }
        #expect(drawings.count == 1)
    }
}
