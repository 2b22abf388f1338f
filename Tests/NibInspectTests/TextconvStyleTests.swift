import TestSupport
@testable import NibCompare
import NibModel
import Testing

/// textconv's compact objects (issue 32): style on the object's line, a control's cell on its own
/// line under the key its control holds it by, a button with a cell named by its action.
@Suite struct TextconvStyleTests {
    /// An AppKit window with a content view, a push button (cell with style, a title and an
    /// action) and a second button inserted before it in a later version.
    static func window(insertHelp: Bool) -> NibDocument {
        var kids = [ObjectID("b")]
        var objects: [NibObject] = [
            NibObject(id: ObjectID("o"), className: "NSObject", customClass: "Controller",
                      placeholder: Placeholder(kind: .filesOwner, identifier: "NSRoot")),
            NibObject(id: ObjectID("w"), className: "NSWindow", children: [ObjectID("v")], properties: [
                Property("contentView", .object(ObjectID("v"))), Property("releasedWhenClosed", .bool(false)),
                Property("title", .string("Add Folder")),
            ]),
        ]
        objects.append(NibObject(id: ObjectID("b"), className: "NSButton", parent: ObjectID("v"), children: [ObjectID("bc")], properties: [
            Property("cell", .object(ObjectID("bc"))), Property("frame", .rect(Rect(x: 20, y: 20, width: 80, height: 32))),
            Property("translatesAutoresizingMaskIntoConstraints", .bool(false)),
        ]))
        objects.append(NibObject(id: ObjectID("bc"), className: "NSButtonCell", parent: ObjectID("b"), properties: [
            Property("bezelStyle", .string("rounded")), Property("title", .string("Add")), Property("type", .string("push")),
        ]))
        if insertHelp {
            kids.insert(ObjectID("h"), at: 0)
            objects.append(NibObject(id: ObjectID("h"), className: "NSButton", parent: ObjectID("v"), children: [ObjectID("hc")],
                                     properties: [Property("cell", .object(ObjectID("hc")))]))
            objects.append(NibObject(id: ObjectID("hc"), className: "NSButtonCell", parent: ObjectID("h"), properties: [
                Property("bezelStyle", .string("helpButton")), Property("type", .string("help")),
            ]))
        }
        objects.append(NibObject(id: ObjectID("v"), className: "NSView", parent: ObjectID("w"), children: kids))
        var connections = [Connection(kind: .action, source: ObjectID("b"), destination: ObjectID("o"), label: "add:")]
        if insertHelp { connections.append(Connection(kind: .action, source: ObjectID("h"), destination: ObjectID("o"), label: "showHelp:")) }
        return NibDocument(name: "t.xib", platform: .macOS, format: .xib, objects: objects,
                           topLevelObjects: [ObjectID("o"), ObjectID("w")], connections: connections)
    }

    @Test func styleOnTheObjectLineChildKeysOnTheChild() {
        let lines = CanonicalText.lines(of: Self.window(insertHelp: false))
        #expect(lines == [
            "File's Owner (Controller) : placeholder Controller (NSObject)",
            "NSWindow : NSWindow {releasedWhenClosed = NO}",
            #"NSWindow . title = "Add Folder""#,
            "NSWindow › NSView : NSView as contentView",
            "NSWindow › NSView › NSButton (add:) : NSButton {translatesAutoresizingMaskIntoConstraints = NO}",
            "NSWindow › NSView › NSButton (add:) . frame = {{20, 20}, {80, 32}}",
            "NSWindow › NSView › NSButton (add:) action add: → File's Owner (Controller)",
            #"NSWindow › NSView › NSButton (add:) › NSButtonCell : NSButtonCell as cell {bezelStyle = "rounded"; type = "push"}"#,
            #"NSWindow › NSView › NSButton (add:) › NSButtonCell . title = "Add""#,
        ], "\(lines)")
    }

    /// A button inserted before another: the other keeps its lines (it goes by its action, not by
    /// `NSButton[2]`), and the new one is three lines.
    @Test func insertingAButtonAddsOnlyItsLines() {
        let before = CanonicalText.lines(of: Self.window(insertHelp: false)), after = CanonicalText.lines(of: Self.window(insertHelp: true))
        #expect(Set(before).subtracting(after).isEmpty, "\(Set(before).subtracting(after))")
        #expect(Set(after).subtracting(before) == [
            "NSWindow › NSView › NSButton (showHelp:) : NSButton",
            "NSWindow › NSView › NSButton (showHelp:) action showHelp: → File's Owner (Controller)",
            #"NSWindow › NSView › NSButton (showHelp:) › NSButtonCell : NSButtonCell as cell {bezelStyle = "helpButton"; type = "help"}"#,
        ])
    }

    /// A property that changes on its own keeps its line: a title edit is one line each way, the
    /// object line untouched.
    @Test func ownLineKeys() {
        #expect(CanonicalText.ownsLine(Property("title", .string("x"))))
        #expect(CanonicalText.ownsLine(Property("frame", .rect(Rect(x: 0, y: 0, width: 1, height: 1)))))
        #expect(CanonicalText.ownsLine(Property("hidden", .bool(true))))
        #expect(CanonicalText.ownsLine(Property("accessibilityLabel", .string("x"))))
        #expect(CanonicalText.ownsLine(Property("nextKeyView", .object(ObjectID("x")))))
        #expect(!CanonicalText.ownsLine(Property("bezelStyle", .string("rounded"))))
        #expect(!CanonicalText.ownsLine(Property("translatesAutoresizingMaskIntoConstraints", .bool(false))))
    }

    /// `diff` does not report a parent's reference to its own child: the child's addition says it.
    @Test func diffLeavesChildReferencesToTheChild() {
        let old = Self.window(insertHelp: false), new = Self.window(insertHelp: true)
        let d = NibDiff.compare(old, new).differences
        #expect(d.map(\.change) == ["added"], "\(d)")
        #expect(d.first?.path == "NSWindow › NSView › NSButton (showHelp:)")
        #expect(d.first?.children?.map(\.path) == ["NSWindow › NSView › NSButton (showHelp:) action showHelp:"])
    }
}
