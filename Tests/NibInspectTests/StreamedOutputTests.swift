import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore
import NibCompare

/// The outputs written piece by piece are the bytes of the whole-value renderings they replace:
/// resolved JSON as `JSONEncoder` writes it (``ResolvedJSON/render(_:)``), raw JSON as
/// ``JSONValue/rendered()`` writes the materialized value; on the fixtures, their goldens and the
/// corpus.
@Suite("Streamed output")
struct StreamedOutputTests {
    /// What `write` writes to a capturing console.
    static func streamed(_ write: (Console) throws -> Void) rethrows -> String {
        let console = Console.capturing()
        try write(console)
        return console.output
    }

    static func connectionsOutput(_ input: NibInput) -> ConnectionsOutput {
        ConnectionsOutput(path: input.path, connections: FixtureInputs.rows(input).map { .init(document: $0.0.name, connection: $0.1) })
    }

    /// Streamed `json` and `connections --format json` of `input` equal `JSONEncoder`'s text.
    static func checkResolved(_ input: NibInput, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let output = ResolvedOutput(input)
        #expect(try streamed { try ResolvedJSON.write(output, to: $0) } == ResolvedJSON.render(output), "\(label)",
                sourceLocation: sourceLocation)
        let connections = connectionsOutput(input)
        #expect(try streamed { try ResolvedJSON.write(connections, to: $0) } == ResolvedJSON.render(connections), "\(label)",
                sourceLocation: sourceLocation)
    }

    @Test("json and connections json of every fixture: the encoder's text and the golden", arguments: FixtureInputs.names)
    func fixtures(_ name: String) throws {
        let input = FixtureInputs.input(name)
        try Self.checkResolved(input, name)
        goldenFiles.check(try Self.streamed { try ResolvedJSON.write(ResolvedOutput(input), to: $0) }, "\(name).json")
    }

    @Test("empty lists, absent optionals, every typed value, escapes, several documents and storyboards")
    func edgeCases() throws {
        let strange = "quote \" backslash \\ slash / tab \t newline \n nul \u{0} bell \u{7} é ☃ 𝄞 \u{1F}"
        var object = NibObject(id: ObjectID("v/1"), className: "UIView", name: strange,
                               properties: TypedValueJSONTests.samples.enumerated().map { Property("p\($0.offset)", $0.element.0) }
                                   + [Property(strange, .string(strange))])
        object.children = [ObjectID("missing")]
        let empty = NibDocument(name: "Empty.xib", platform: .unknown, format: .xib)
        let full = NibDocument(
            name: strange, path: "/a/b", platform: .iOS, format: .xib, formatVersion: "3.0", variant: "v",
            objects: [object, NibObject(id: ObjectID("w"), className: "UILabel")], topLevelObjects: [ObjectID("v/1")],
            visibleWindows: [ObjectID("w")],
            connections: [Connection(kind: .outlet, source: ObjectID("v/1"), destination: ObjectID("w"), label: strange),
                          Connection(kind: .binding, source: ObjectID("w"), destination: nil, label: "value",
                                     keyPath: strange, options: ["b": "2", "a": strange])],
            diagnostics: [Diagnostic(.noRootObject, strange)])
        let summary = StoryboardSummary(name: "Main.storyboard", platform: .iOS, entryPoint: "a")
        var input = NibInput(path: strange, kind: "xib", documents: [empty, full, empty], storyboard: summary,
                             diagnostics: [Diagnostic(.noRootObject, "input-level")])
        input.storyboards = [summary, summary]
        try Self.checkResolved(input, "edge cases")
        try Self.checkResolved(NibInput(path: "none", kind: "xib"), "no documents")
    }

    @Test("compare --format json: the encoder's text, matches in its key order")
    func compareJSON() throws {
        var report = CompareReport(source: "a.xib", compiled: "a.nib")
        for key in ["#10", "#2", "B", "a", "é", "e", "Z", "", "a/b", "\u{1}", "ab", "aB", "😀", "ﬀ"] {
            report.matches[key] = "compiled " + key
        }
        report.differences = [.init(kind: .classDiffers, message: "class \"differs\"", sourceLine: 3)]
        report.notes = [Diagnostic(.implicitObjects, "note / one"), Diagnostic(.implicitObjects, "note two")]
        for r in [report, CompareReport(source: "s", compiled: "c")] {
            let output = CompareCommand.Output(r)
            #expect(try Self.streamed { try CompareCommand.writeJSON(output, to: $0) } == ResolvedJSON.render(output))
        }
    }

    @Test("a member missing from the skeleton is an error, not wrong output")
    func missingMember() {
        #expect(throws: StreamedJSON.SkeletonError.self) {
            try Self.streamed { console in
                let json = StreamedJSON(console: console)
                try json.write(ConnectionsOutput(path: "p", connections: []), depth: 0,
                               replacing: [.init(path: ["nothing"]) { _ in }])
            }
        }
    }

    @Test("raw JSON written element by element is the materialized value's text")
    func rawFixtures() throws {
        for graph in [UIKitFixtures.login(), AppKitFixtures.preferences(.keyed), AppKitFixtures.preferences(.typedstream)] {
            let archive = LoadedArchive(name: "x.nib", path: nil, variant: nil, graph: graph, nibArchive: nil)
            let lazy = RawJSON.document(archive)
            #expect(Self.streamed { lazy.write(to: $0, indent: 0) } == String(lazy.materialized().rendered().dropLast()))
        }
    }

    /// Every corpus entry opened through the one door (compiled files, bundles, sources): the
    /// streamed resolved JSON is the encoder's; the streamed raw JSON of its archives is the
    /// materialized value's.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func corpus() throws {
        var checked = 0, deferredEntries = 0
        for entry in Corpus.entries {
            guard let opened = try? NibOpener(width: 1).open(.path(entry.url.path)) else { continue }
            try Self.checkResolved(opened.input, entry.file)
            // `json` defers the objects of stand-alone compiled archives: the same bytes.
            var deferring = NibOpener(width: 1)
            deferring.defersObjects = true
            let deferred = try deferring.open(.path(entry.url.path))
            if !deferred.deferredObjects.isEmpty { deferredEntries += 1 }
            #expect(try Self.streamed { try ResolvedJSON.write(ResolvedOutput(deferred.input), deferredObjects: deferred.deferredObjects, to: $0) }
                    == ResolvedJSON.render(ResolvedOutput(opened.input)), "\(entry.file), objects deferred")
            if let loaded = opened.loaded {
                let lazy = JSONCommand.renderRaw(loaded)
                #expect(Self.streamed { lazy.write(to: $0, indent: 0) } == String(lazy.materialized().rendered().dropLast()),
                        "\(entry.file)")
            }
            checked += 1
        }
        #expect(checked > 700)
        #expect(deferredEntries > 300)
    }
    /// A nib whose one view holds `UIAlpha` = `value` (a double).
    static func nib(double value: Double) -> [UInt8] {
        var nib = TinyNib()
        let root = nib.reserve()
        let view = nib.add("UIView", [("UIAlpha", .double(value)), ("UIOpaque", .double(value))])
        let list = nib.add("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .ref(view))])
        nib.set(root, "NSObject", [("UINibTopLevelObjectsKey", .ref(list))])
        return nib.bytes()
    }

    @Test("json of a nib holding NaN and infinite doubles: whole, valid JSON with the numbers as text (exit 0)")
    func nonFiniteDoubles() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        for (value, text) in [(Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf")] {
            let path = try tree.write("\(text).nib", Self.nib(double: value))
            for jobs in ["1", "2"] {
                let console = Console.capturing()
                let code = NibInspectCLI.run(["json", "--jobs", jobs, path], console: console)
                #expect(code == .success, "\(text): \(console.errors)")
                #expect(console.errors.isEmpty)
                let parsed = try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any]
                let objects = (parsed?["documents"] as? [[String: Any]])?.first?["objects"] as? [[String: Any]]
                let values = objects?.flatMap { ($0["properties"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? [String: String] } }
                #expect(values?.contains(["formatted": text]) == true, "\(text): \(console.output)")
            }
        }
    }

    @Test("an element that cannot be encoded stops the stream: what went before stays written, the error is thrown")
    func encodingFailureMidStream() throws {
        struct Refused: Encodable { func encode(to encoder: any Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(Double.nan) } }
        enum Item: Encodable {
            case fine(Int), refused
            func encode(to encoder: any Encoder) throws {
                switch self { case .fine(let i): try i.encode(to: encoder); case .refused: try Refused().encode(to: encoder) }
            }
        }
        let console = Console.capturing()
        let json = StreamedJSON(console: console)
        #expect(throws: EncodingError.self) {
            try json.writeArray([Item.fine(1), .refused, .fine(3)], depth: 0) { item, d in try json.write(item, depth: d) }
        }
        #expect(console.output == "[\n  1,\n  ")
    }
}
