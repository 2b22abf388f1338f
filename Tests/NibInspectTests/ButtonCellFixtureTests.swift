import ArchiveReader
import Foundation
import NibModel
import Testing
import NibWriters

/// An AppKit button cell's look (`NSButtonFlags`, `NSButtonFlags2`, `NSBezelStyle`, the switch
/// image) on hand-made keyed archives, so it is covered without the corpus.
@Suite struct ButtonCellFixtureTests {
    /// A push button cell (flags as a keyed archive stores them: a negative 32-bit int), a
    /// help button whose bezel only `NSButtonFlags2` says, a custom checkbox class behind an
    /// `NSClassSwapper`, and a pop-up and a menu item cell, which get none of it.
    static func document() -> NibDocument {
        var b = GraphBuilder(.keyed)
        let cellChain = ["NSActionCell", "NSCell"]
        let push = b.add("NSButtonCell", [
            ("NSContents", b.string("OK")), ("NSButtonFlags", .int(Int64(Int32(bitPattern: 0x8680_4000)))), ("NSButtonFlags2", .int(1)),
            ("NSBezelStyle", .int(1)), ("NSCellFlags", .int(Int64(Int32(bitPattern: 0x0400_0000)))), ("NSKeyEquivalent", b.string("\r")),
        ], chain: cellChain)
        let help = b.add("NSButtonCell", [("NSContents", b.string("Help")), ("NSButtonFlags", .int(0)), ("NSButtonFlags2", .int(0x21))], chain: cellChain)
        let image = b.add("NSButtonImageSource", [("NSImageName", b.string("NSSwitch"))])
        let check = b.add("NSClassSwapper", [
            ("NSClassName", b.string("FancyCheckCell")), ("NSOriginalClassName", b.string("NSButtonCell")),
            ("NSContents", b.string("Remember")), ("NSButtonFlags", .int(0x4800_1000 | 0x4000)), ("NSButtonFlags2", .int(2 | (1 << 20) << 8)),
            ("NSCellFlags", .int(Int64(Int32(bitPattern: 0x8400_0000)))), ("NSAlternateImage", image), ("NSKeyEquivalent", b.string("r")),
        ])
        let popUp = b.add("NSPopUpButtonCell", [("NSContents", b.string("Menu")), ("NSButtonFlags", .int(0x0480_4000))],
                          chain: ["NSMenuItemCell", "NSButtonCell"] + cellChain)
        let menuItemCell = b.add("NSMenuItemCell", [("NSContents", b.string("Item")), ("NSButtonFlags", .int(0x0480_4000))],
                                 chain: ["NSButtonCell"] + cellChain)
        let owner = b.add("NSCustomObject", [("NSClassName", b.string("NSObject"))])
        let cells = [push, help, check, popUp, menuItemCell]
        let parents = [(owner, owner)] + cells.map { ($0, owner) }
        let data = b.add("NSIBObjectData", [
            ("NSRoot", owner), ("NSObjectsKeys", b.array(parents.map(\.0))), ("NSObjectsValues", b.array(parents.map(\.1))),
        ])
        return NibResolver.resolve(b.graph(topFields: [("IB.objectdata", data)]), name: "Buttons.nib")
    }

    static func cell(_ d: NibDocument, _ title: String) -> NibObject? { d.objects.first { $0.property("title")?.text == title } }

    @Test func decodedAsTheXibSaysIt() throws {
        let d = Self.document()
        let push = try #require(Self.cell(d, "OK"))
        #expect(push.property("behavior") == .flags(FlagSet(members: ["pushIn", "lightByBackground", "lightByGray"])))
        #expect(push.property("behavior")?.description == "lightByBackground|lightByGray|pushIn")
        #expect(push.property("bezelStyle") == .string("rounded"))
        #expect(push.property("borderStyle") == .string("border"))
        #expect(push.property("inset") == .string("2"))
        #expect(push.property("keyEquivalent") == .keyEquivalent(KeyEquivalent(key: "\r", modifierMask: 0)))
        #expect(push.property("keyEquivalent")?.description == "\"↩\"")
        #expect(push.property("state") == nil && push.property("type") == nil)
        let help = try #require(Self.cell(d, "Help"))
        #expect(help.property("bezelStyle") == .string("helpButton"))
        #expect(help.property("behavior") == .flags(FlagSet(members: [])))
        #expect(help.property("behavior")?.description == "none")
        let check = try #require(Self.cell(d, "Remember"))
        #expect(check.className == "NSButtonCell" && check.customClass == "FancyCheckCell")
        #expect(check.property("type") == .string("check"))
        #expect(check.property("state") == .int(1))
        #expect(check.property("behavior") == .flags(FlagSet(members: ["changeContents", "doesNotDimImage", "lightByContents"])))
        #expect(check.property("bezelStyle") == .string("regularSquare"))
        #expect(check.property("keyEquivalent") == .keyEquivalent(KeyEquivalent(key: "r", modifierMask: 1 << 20)))
        #expect(check.property("keyEquivalent")?.description == "\"⌘R\"")
        for title in ["Menu", "Item"] {
            let other = try #require(Self.cell(d, title))
            #expect(other.property("behavior") == nil && other.property("inset") == nil, "\(title)")
        }
    }

    @Test func writtenAsXcodeWritesIt() {
        let xib = XIBWriter.xib(Self.document())
        #expect(xib.contains(#"<behavior key="behavior" pushIn="YES" lightByBackground="YES" lightByGray="YES"/>"#), "\(xib)")
        #expect(xib.contains(#"<behavior key="behavior" changeContents="YES" doesNotDimImage="YES" lightByContents="YES"/>"#))
        #expect(xib.contains(#"bezelStyle="helpButton""#))
        #expect(xib.contains(#"state="on""#) && xib.contains(#"type="check""#) && xib.contains(#"keyEquivalent="&#13;""#))
    }
}
