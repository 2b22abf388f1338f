import Foundation
import Testing
@testable import ArchiveReader

/// The values that the readers used to give engines as text (`.formatted`, shown strings) are
/// typed: flags, key equivalents, prototype cell lists, `nil`, a xib's `<imageReference>` and
/// `<accessibility>`; each still prints, and encodes to JSON, exactly as the text did.
@Suite("Typed values end to end")
struct TypedEndToEndTests {
    static func json(_ value: PropertyValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("a compiled autoresizing mask and window style mask are flag sets of named bits")
    func compiledFlags() throws {
        let (_, views) = CompiledValueTests.views { b in [
            ["UIAutoresizingMask": .int(0b10_0101)],
            ["UIAutoresizingMask": .int(0b100_0010)],
        ] }
        #expect(views[0].property("autoresizingMask") == .flags(FlagSet(members: ["flexibleMinX", "flexibleMaxX", "flexibleMaxY"])))
        guard case .flags(let mask)? = views[0].property("autoresizingMask") else {
            Issue.record("not flags: \(String(describing: views[0].property("autoresizingMask")))")
            return
        }
        #expect(mask.rawValue == 0b10_0101 && mask.contains("flexibleMaxY") && !mask.contains("widthSizable"))
        #expect(views[0].property("autoresizingMask")?.description == "flexibleMaxX|flexibleMaxY|flexibleMinX")
        #expect(try Self.json(.flags(mask)) == #"{"formatted":"flexibleMaxX|flexibleMaxY|flexibleMinX"}"#)
        // Bit 6 has no name: kept in the raw value only.
        guard case .flags(let other)? = views[1].property("autoresizingMask") else {
            Issue.record("not flags")
            return
        }
        #expect(other.members == ["widthSizable"] && other.rawValue == 0b100_0010)
        #expect(PropertyDecoder.styleMask(0) == FlagSet(members: []) && PropertyDecoder.styleMask(0).description == "none")
        #expect(PropertyDecoder.styleMask(1 | 2 | 8).members == ["closable", "resizable", "titled"])
    }

    @Test("xib flags elements are flag sets: YES attributes are members, others attributes")
    func xibFlags() throws {
        let p = try SourceValueTests.properties("""
            <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
            <dataDetectorType key="dataDetectorTypes" phoneNumber="YES" link="NO"/>
            <textInputTraits key="textInputTraits"/>
            """)
        #expect(p["autoresizingMask"] == .flags(FlagSet(members: ["widthSizable", "flexibleMaxY"])))
        #expect(p["dataDetectorTypes"] == .flags(FlagSet(members: ["phoneNumber"], attributes: ["link": "NO"])))
        #expect(p["dataDetectorTypes"]?.description == "phoneNumber link=NO")
        #expect(p["textInputTraits"]?.description == "none")
        // A xib's mask and a nib's mask of the same bits are equal (the raw word is not compared).
        #expect(p["autoresizingMask"] == .flags(PropertyDecoder.autoresizing(2 | 32)))
        #expect(FlagSet(description: "phoneNumber link=NO") == FlagSet(members: ["phoneNumber"], attributes: ["link": "NO"]))
    }

    @Test("<nil>, <imageReference> and <accessibility> are typed and print their element")
    func xibElements() throws {
        let p = try SourceValueTests.properties("""
            <nil key="nothing"/>
            <imageReference key="image" image="star.fill" catalog="system" symbolScale="large"/>
            <imageReference key="selectedImage" image="Logo" catalog="Assets"/>
            <accessibility key="accessibilityConfiguration" label="Add" isElement="NO"/>
            """)
        #expect(p["nothing"] == .null && p["nothing"]?.description == "nil")
        guard case .image(let symbol)? = p["image"], case .image(let logo)? = p["selectedImage"],
              case .accessibility(let a)? = p["accessibilityConfiguration"] else {
            Issue.record("not typed: \(p)")
            return
        }
        #expect(symbol.name == "star.fill" && symbol.location == .system && symbol.isSystem)
        #expect(logo.name == "Logo" && logo.location == .assetCatalog("Assets") && !logo.isSystem)
        #expect(p["image"]?.description == "imageReference(catalog=system, image=star.fill, symbolScale=large)")
        #expect(try Self.json(.image(symbol)) == #"{"formatted":"imageReference(catalog=system, image=star.fill, symbolScale=large)"}"#)
        #expect(a.label == "Add" && a.isElement == false && a.hint == nil)
        #expect(a.description == "accessibility(isElement=NO, label=Add)")
        #expect(try Self.json(.null) == #"{"formatted":"nil"}"#)
    }

    @Test("an image's location: SF Symbol, AppKit named image, asset catalog, file, bundle")
    func imageLocations() throws {
        #expect(ImageReference(name: "arrow.up", catalog: "system").location == .system)
        #expect(ImageReference(name: "NSActionTemplate").location == .system)
        #expect(ImageReference(name: "Logo", catalog: "Media").location == .assetCatalog("Media"))
        #expect(ImageReference(name: "icon@2x.PNG").location == .file)
        #expect(ImageReference(name: "star").location == .bundle)
        #expect(try Self.json(.image(ImageReference(name: "Logo", catalog: "Media"))) == #"{"image":{"catalog":"Media","name":"Logo"}}"#)
    }

    @Test("key equivalents are values: key, modifiers, shown form; JSON keeps the shown string")
    func keyEquivalents() throws {
        let undo = KeyEquivalent(key: "z", modifierMask: (1 << 17) | (1 << 20))
        #expect(undo.description == "⇧⌘Z" && undo.modifiers == [.shift, .command] && undo.keyName == "Z")
        #expect(undo == KeyEquivalent(key: "Z", modifierMask: 1 << 20))
        #expect(PropertyValue.keyEquivalent(undo).description == "\"⇧⌘Z\"")
        #expect(try Self.json(.keyEquivalent(undo)) == #"{"string":"⇧⌘Z"}"#)
        for shown in ["⌘Q", "⌥⌘N", "F5", "⌃↩", "Space", "⇧⌘F", "Q"] {
            #expect(KeyEquivalent(shown: shown)?.description == shown, "\(shown)")
        }
        // The xib reader gives a menu item's keyEquivalent and modifierMask one value.
        let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="21701" targetRuntime="MacOSX.Cocoa">
            <objects>
                <menuItem title="Redo" keyEquivalent="Z" id="m"/>
            </objects>
        </document>
        """
        let document = try #require(try SourceReader.read(bytes: Array(xib.utf8), name: "Menu.xib").documents.first)
        let redo = try #require(document.object(ObjectID("m")))
        #expect(redo.property("keyEquivalent") == .keyEquivalent(KeyEquivalent(key: "Z", modifierMask: 1 << 20)))
    }

    @Test("JSON read back gives the compiled readers' keys their types again")
    func propertyDecodingRetypes() throws {
        let properties = [
            Property("autoresizingMask", .flags(PropertyDecoder.autoresizing(18))),
            Property("styleMask", .flags(PropertyDecoder.styleMask(0))),
            Property("behavior", .flags(PropertyDecoder.behavior(1 << 31))),
            Property("prototypeCells", .identifiers(["Cell", "Header"])),
            Property("keyEquivalent", .keyEquivalent(KeyEquivalent(key: "q", modifierMask: 1 << 20))),
            Property("value", .null),
        ]
        let data = try JSONEncoder().encode(properties)
        #expect(try JSONDecoder().decode([Property].self, from: data) == properties)
        #expect(PropertyValue.identifiers(["Cell", "Header"]).description == "Cell, Header")
    }
}
