import Foundation
import Testing
import TestSupport
@testable import NibDiagnosis

/// Colour set components (`Contents.json` of a `.colorset`) as strings, integers and doubles: the
/// same values on Linux and Darwin, whatever number type JSON parsing hands back there.
@Suite struct ColorSetsTests {
    /// The first colour of a colour set whose `components` object is `components` (JSON text).
    static func read(components: String) throws -> [Double]? {
        let tree = try TempTree()
        defer { tree.remove() }
        let json = """
            { "colors" : [ { "color" : { "color-space" : "srgb", "components" : \(components) }, "idiom" : "universal" } ],
              "info" : { "author" : "xcode", "version" : 1 } }
            """
        try tree.write("Assets.xcassets/Tint.colorset/Contents.json", text: json)
        let sets = ColorSets.read(tree.path("Assets.xcassets"))
        #expect(Array(sets.colors.keys) == ["Tint"])
        return sets.colors["Tint"] ?? nil
    }

    static func close(_ a: [Double]?, _ b: [Double]) -> Bool {
        guard let a, a.count == b.count else { return false }
        return zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test("Xcode's strings: \"0.500\" as is, \"0x80\" and \"128\" over 255, alpha \"1\" as is")
    func xcodeStrings() throws {
        let c = try Self.read(components: #"{ "alpha" : "1", "blue" : "0x80", "green" : "128", "red" : "0.500" }"#)
        #expect(Self.close(c, [0.5, 128.0 / 255, 128.0 / 255, 1]), "\(String(describing: c))")
    }

    @Test("strings, integers and doubles mixed: \"0.5\", 1, \"0x7F\", 255, 0.25, 1.0")
    func mixedTypes() throws {
        let c = try Self.read(components: #"{ "red" : "0.5", "green" : 1, "blue" : "0x7F", "alpha" : 1 }"#)
        #expect(Self.close(c, [0.5, 1, 127.0 / 255, 1]), "\(String(describing: c))")
        let d = try Self.read(components: #"{ "red" : 255, "green" : 0.25, "blue" : 1.0, "alpha" : 0.5 }"#)
        #expect(Self.close(d, [1, 0.25, 1, 0.5]), "\(String(describing: d))")
        let e = try Self.read(components: #"{ "red" : 128, "green" : 0, "blue" : 0.0, "alpha" : "0.750" }"#)
        #expect(Self.close(e, [128.0 / 255, 0, 0, 0.75]), "\(String(describing: e))")
    }

    @Test("a file JSONSerialization wrote from Int, Double and NSNumber values reads the same as its text")
    func serialisedNumbers() throws {
        let components: [String: Any] = ["red": 255, "green": 0.5, "blue": NSNumber(value: 64), "alpha": 1.0]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: components, options: [.sortedKeys]), as: UTF8.self)
        let c = try Self.read(components: text)
        #expect(Self.close(c, [1, 0.5, 64.0 / 255, 1]), "\(text) → \(String(describing: c))")
    }

    @Test("a grey's white stands for red, green and blue")
    func grey() throws {
        let c = try Self.read(components: #"{ "white" : 0.5, "alpha" : "1.000" }"#)
        #expect(Self.close(c, [0.5, 0.5, 0.5, 1]), "\(String(describing: c))")
    }

    @Test("no components: true/false, null, a word, a missing component, a system colour reference")
    func notComponents() throws {
        #expect(try Self.read(components: #"{ "red" : true, "green" : 0, "blue" : 0, "alpha" : 1 }"#) == nil)
        #expect(try Self.read(components: #"{ "red" : false, "green" : 0, "blue" : 0, "alpha" : 1 }"#) == nil)
        #expect(try Self.read(components: #"{ "red" : null, "green" : 0, "blue" : 0, "alpha" : 1 }"#) == nil)
        #expect(try Self.read(components: #"{ "red" : "half", "green" : 0, "blue" : 0, "alpha" : 1 }"#) == nil)
        #expect(try Self.read(components: #"{ "red" : "0xZZ", "green" : 0, "blue" : 0, "alpha" : 1 }"#) == nil)
        #expect(try Self.read(components: #"{ "green" : 0, "blue" : 0, "alpha" : 1 }"#) == nil)
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Assets.xcassets/Link.colorset/Contents.json",
                       text: #"{ "colors" : [ { "color" : { "platform" : "ios", "reference" : "linkColor" }, "idiom" : "universal" } ] }"#)
        let sets = ColorSets.read(tree.path("Assets.xcassets"))
        #expect(sets.colors.keys.contains("Link") && sets.colors["Link"] == .some(nil))
    }

    @Test("a folder with provides-namespace true names its sets Folder/Name")
    func namespace() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Assets.xcassets/Palette/Contents.json", text: #"{ "properties" : { "provides-namespace" : true } }"#)
        try tree.write("Assets.xcassets/Palette/Brand.colorset/Contents.json",
                       text: #"{ "colors" : [ { "color" : { "components" : "#
                           + #"{ "red" : "0", "green" : "0", "blue" : "255", "alpha" : "1" } } } ] }"#)
        try tree.write("Assets.xcassets/Plain/Other.colorset/Contents.json", text: "{}")
        let sets = ColorSets.read(tree.path("Assets.xcassets"))
        #expect(Set(sets.colors.keys) == ["Palette/Brand", "Other"])
        #expect(Self.close(sets.colors["Palette/Brand"] ?? nil, [0, 0, 1, 1]))
    }
}
