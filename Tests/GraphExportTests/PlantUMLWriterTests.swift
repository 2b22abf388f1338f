import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TextEscaping
import TestSupport
@testable import GraphExport

/// `graph --format plantuml`: byte-stable PlantUML text for some of the DOT goldens' graphs and
/// the app map (reviewed once), every golden accepted by PlantUML itself (`plantuml -checkonly`,
/// the Debian package; skipped with a message without it), and the escaping test's labels drawn
/// back as the same text when Graphviz's `dot` is there to lay them out.
@Suite struct PlantUMLWriterTests {
    static let cases: [(name: String, make: @Sendable () throws -> ConnectionGraph)] = DOTGoldenTests.cases
        .filter { ["login.dot", "preferences-hierarchy.dot", "escaping.dot", "storyboard.dot", "two-documents-hierarchy.dot"].contains($0.name) }
        .map { c in ((c.name as NSString).deletingPathExtension + ".puml", c.make) }

    @Test(arguments: 0..<cases.count)
    func golden(_ index: Int) throws {
        let (name, make) = Self.cases[index]
        let text = PlantUMLWriter.write(try make())
        goldenFiles.check(text, name)
        #expect(PlantUMLWriter.write(try make()) == text)
    }

    @Test("markup and quotes in labels are entities; a backslash cannot escape")
    func escaping() {
        #expect(Escape.plantUML("**b** //i// <b>x</b> [[l]] \"q\" “s” a\\nb\nc") ==
                "&#42;&#42;b&#42;&#42; &#47;&#47;i&#47;&#47; &#60;b&#62;x&#60;&#47;b&#62; &#91;&#91;l&#93;&#93; &#34;q&#34; &#8220;s&#8221; a⧵nb\\nc")
        #expect(Escape.plantUML("\u{1b}[31m") == "⧵u{1b}&#91;31m")
    }

    static let plantuml = ["/usr/bin/plantuml", "/usr/local/bin/plantuml", "/opt/homebrew/bin/plantuml"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let dot = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs plantuml with `arguments`; its exit status and what it printed.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(plantuml))
        process.arguments = ["-Djava.awt.headless=true"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test("every PlantUML golden is accepted by PlantUML; a broken copy is refused")
    func plantUMLAcceptsEveryGolden() throws {
        guard Self.plantuml != nil else {
            print("PlantUMLWriterTests: skipped: needs plantuml (make test-deps; apt-get install plantuml)")
            return
        }
        // The app map's golden too (AppMapTests).
        let files = (Self.cases.map(\.name) + ["app-map.puml"]).map { goldenFiles.directory.appendingPathComponent($0).path }
        let checked = try Self.run(["-checkonly"] + files)
        #expect(checked.status == 0, "\(checked.output)")
        // The check can fail: a line feed left raw in a label ends the line inside the string.
        let tree = try TempTree()
        defer { tree.remove() }
        let broken = try tree.write("broken.puml", text: "@startuml\nrectangle \"a\nb\" as n0 #F3F6FA\nn0 -[#1F5FAF]-> n1 : x\n@enduml\n")
        let refused = try Self.run(["-checkonly", broken])
        #expect(refused.status != 0)
        #expect(refused.output.contains("contains errors"))
    }

    @Test("the escaping graph's labels are drawn as written, no markup read (needs plantuml and Graphviz dot)")
    func escapedLabelsDrawBack() throws {
        guard Self.plantuml != nil, Self.dot != nil else {
            print("PlantUMLWriterTests: skipped: needs plantuml and Graphviz's dot")
            return
        }
        let tree = try TempTree()
        defer { tree.remove() }
        let text = PlantUMLWriter.write(try ConnectionGraph(document: Fixtures.escaping))
        let source = try tree.write("escaping.puml", text: text)
        let rendered = try Self.run(["-tsvg", "-o", tree.root, source])
        #expect(rendered.status == 0, "\(rendered.output)")
        let svg = try String(contentsOfFile: tree.path("escaping.svg"), encoding: .utf8)
        #expect(!svg.contains("Syntax Error"))
        let document = try XMLDocument(xmlString: svg)
        let drawn = Set(try document.nodes(forXPath: "//*[local-name()='text']").compactMap { $0.stringValue })
        // Each text the writer wrote (title, element names, edge labels), its entities decoded and
        // split at its `\n` line breaks, is one text element of the drawing: nothing was read as
        // markup (`<b>`, `**`), nothing was cut at a quote.
        var written: [String] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("title ") { written.append(String(line.dropFirst(6))) }
            if let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") {
                written.append(String(line[line.index(after: open)..<close]))
            }
            if line.contains("]-> "), let colon = line.range(of: " : ") { written.append(String(line[colon.upperBound...])) }
        }
        #expect(written.count == 1 + 7 + 6)
        for w in written {
            for piece in Self.decoded(w).components(separatedBy: "\\n") {
                #expect(drawn.contains(piece), "\(piece) not drawn: \(drawn.sorted())")
            }
        }
        #expect(drawn.contains("“<b>{a|b}</b> & &amp; &lt;”"))
    }

    /// `&#60;b&#62;` → `<b>`: the writer's entities decoded.
    static func decoded(_ s: String) -> String {
        var out = ""
        var rest = Substring(s)
        while let amp = rest.range(of: "&#"), let semi = rest[amp.upperBound...].firstIndex(of: ";"),
              let value = UInt32(rest[amp.upperBound..<semi]), let scalar = Unicode.Scalar(value) {
            out += rest[..<amp.lowerBound]
            out.unicodeScalars.append(scalar)
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
