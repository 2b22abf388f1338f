import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore

/// The JSON of typed property values (Schemas/nibinspect.schema.json, `propertyValue`): one key
/// naming the kind, structured fields, and decoding back to the same value.
@Suite struct TypedValueJSONTests {
    static func compact(_ value: PropertyValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static let samples: [(PropertyValue, String)] = [
        (.rect(Rect(x: 0, y: 0, width: 320, height: 44)), #"{"rect":{"height":44,"width":320,"x":0,"y":0}}"#),
        (.point(Point(x: 1.5, y: -2)), #"{"point":{"x":1.5,"y":-2}}"#),
        (.size(Size(width: 480, height: 270)), #"{"size":{"height":270,"width":480}}"#),
        (.insets(Insets(top: 1, left: 2, bottom: 3, right: 4, notation: .minMax)),
         #"{"insets":{"bottom":3,"left":2,"notation":"minMax","right":4,"top":1}}"#),
        (.color(Color(space: .rgb, components: [1, 0.5, 0], alpha: 1, notation: .uikit)),
         #"{"color":{"alpha":1,"components":[1,0.5,0],"notation":"uikit","space":"rgb"}}"#),
        (.color(Color(space: .catalog, name: "controlColor", catalog: "System", notation: .appKit)),
         #"{"color":{"catalog":"System","name":"controlColor","notation":"appKit","space":"catalog"}}"#),
        (.font(Font(name: "Helvetica-Bold", size: 17)), #"{"font":{"name":"Helvetica-Bold","size":17}}"#),
        (.font(Font(size: 17, textStyle: "UICTFontTextStyleBody", systemType: "system", weight: "semibold")),
         #"{"font":{"size":17,"systemType":"system","textStyle":"UICTFontTextStyleBody","weight":"semibold"}}"#),
        (.image(ImageReference(name: "arrow.up", catalog: "system")), #"{"image":{"catalog":"system","name":"arrow.up"}}"#),
        (.localizedString(LocalizedString(text: "Sign In", key: "abc-de-fgh.title")),
         #"{"localizedString":{"key":"abc-de-fgh.title","text":"Sign In"}}"#),
        (.data(byteCount: 12), #"{"data":{"byteCount":12}}"#),
        (.string("Sign In"), #"{"string":"Sign In"}"#),
        (.int(7), #"{"int":7}"#),
        (.object(ObjectID("#12")), ##"{"object":"#12"}"##),
        (.formatted("#5.width = 100"), ##"{"formatted":"#5.width = 100"}"##),
    ]

    @Test("each kind encodes as a one-key object with structured fields and decodes to the same value",
          arguments: samples.indices)
    func shapeAndRoundTrip(_ i: Int) throws {
        let (value, json) = Self.samples[i]
        #expect(try Self.compact(value) == json)
        #expect(try JSONDecoder().decode(PropertyValue.self, from: Data(json.utf8)) == value)
    }

    @Test("decoding rejects objects that do not name exactly one known kind")
    func decodingRejects() {
        for bad in [#"{}"#, #"{"string":"a","int":1}"#, #"{"colour":{}}"#, #"{"rect":{"x":0,"y":0,"width":1}}"#] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode(PropertyValue.self, from: Data(bad.utf8)) }
        }
    }

    /// Every kind validates against the schema, and the schema rejects a rect without a height.
    @Test(.enabled(if: SchemaValidator.isAvailable, Comment(rawValue: SchemaValidator.skipMessage)))
    func samplesValidateAgainstSchema() throws {
        let properties = Self.samples.enumerated().map { Property("p\($0.offset)", $0.element.0) }
        let object = NibObject(id: ObjectID("v"), className: "UIView", properties: properties)
        let document = NibDocument(name: "Values.xib", platform: .iOS, format: .xib, objects: [object])
        let good = try ResolvedJSON.render(ResolvedOutput(NibInput(path: "Values.xib", kind: "xib", documents: [document])))
        let noHeight = good.replacingOccurrences(of: "\"height\" : 44,", with: "")
        #expect(noHeight != good)
        let errors = try SchemaValidator.errors([("good.json", good), ("bad.json", noHeight)])
        #expect(errors.map { String($0.prefix(8)) } == ["bad.json"], "\(errors)")
    }

    /// Every resolved corpus NIBArchive encodes and decodes back to equal documents.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func corpusDocumentsRoundTrip() throws {
        let all = try ResolvedCorpusTests.resolveAll()
        #expect(all.count > 500)
        var kinds = Set<String>()
        for (entry, document) in all {
            let data = try JSONEncoder().encode(document)
            let decoded = try JSONDecoder().decode(NibDocument.self, from: data)
            #expect(decoded == document, "\(entry.file)")
            for p in document.objects.flatMap(\.properties) {
                if let kind = try JSONSerialization.jsonObject(with: JSONEncoder().encode(p.value)) as? [String: Any] {
                    kinds.formUnion(kind.keys)
                }
            }
        }
        #expect(kinds.isSuperset(of: ["rect", "size", "color", "font", "image", "localizedString", "formatted"]), "\(kinds)")
    }

    /// `nibinspect json` on a real iOS nib: a frame is `{"rect": {x, y, width, height}}`.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func frameOfARealNib() throws {
        let file = ResolvedCLITests.path("calabash__run_loop/spec/resources/CalSmoke-cal.app/de.lproj/CalControlsController.nib")
        let (code, console) = ResolvedCLITests.run(["json", file])
        #expect(code == .success)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any])
        #expect(root["schemaVersion"] as? Int == 2)
        let documents = try #require(root["documents"] as? [[String: Any]])
        let objects = try #require(documents.first?["objects"] as? [[String: Any]])
        let field = try #require(objects.first { $0["id"] as? String == "#53" })
        let properties = try #require(field["properties"] as? [[String: Any]])
        let frame = try #require(properties.first { $0["key"] as? String == "frame" }?["value"] as? [String: Any])
        #expect(frame.keys.sorted() == ["rect"])
        let rect = try #require(frame["rect"] as? [String: Double])
        #expect(rect == ["x": 20, "y": 48, "width": 560, "height": 30])
    }
}
