import Foundation
import Testing
import TestSupport
@testable import ArchiveReader
@testable import NibCompare

/// Fidelity on real inputs (issue 11): legacy typedstream titles and separators, Swift runtime
/// names and standard toolbar items in sources, storyboards without scenes.
@Suite("Fidelity")
struct FidelityTests {
    static func corpus(_ file: String) throws -> NibDocument {
        let path = try #require(Corpus.root).appendingPathComponent(file).path
        return try #require(try NibOpener(width: 1).open(.path(path)).input.documents.first)
    }

    @Test("typedstream nibs show titles, keep Interface Builder's object names as a property, mark separators",
          .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func typedstreamTitles() throws {
        let panel = try Self.corpus("TeXShop__TeXShop/English.lproj/FindPanel.nib/objects.nib")
        let next = try #require(panel.object(ObjectID("#7")))
        #expect(next.name == "Next")
        #expect(next.property("objectName") == .string("Next1"))
        #expect(panel.object(ObjectID("#109"))?.name == "Find Panel")
        let menu = try Self.corpus("TeXShop__TeXShop/English.lproj/MainMenu.nib/objects.nib")
        let separator = try #require(menu.object(ObjectID("#154")))
        #expect(separator.property("separator") == .bool(true))
        #expect(separator.name == nil)
        let items = menu.objects.filter { $0.className == "NSMenuItem" }
        #expect(items.count > 100)
        // No item shows a generated name when it has a title.
        #expect(!items.contains { ($0.name ?? "").hasPrefix("NSMenuItem") && $0.property("title") != nil })
        #expect(items.filter { $0.property("separator") == .bool(true) }.count >= 10)
    }

    @Test("a source's Swift runtime class name is demangled as in compiled nibs; standard toolbar items compare as toolbar items")
    func sourceClasses() throws {
        let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="21701" targetRuntime="MacOSX.Cocoa">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="_TtC5MyApp14MainController"/>
                <customView id="c1" customClass="_TtC5MyApp8CardView"/>
                <customView id="c2" customClass="CardView" customModule="MyApp"/>
                <window title="W" id="w1">
                    <toolbar key="toolbar" implicitIdentifier="TB" id="tb">
                        <allowedToolbarItems>
                            <toolbarItem implicitItemIdentifier="NSToolbarFlexibleSpaceItem" id="fs"/>
                            <toolbarItem implicitItemIdentifier="NSToolbarShowColorsItem" id="sc"/>
                            <toolbarItem implicitItemIdentifier="6F3A-XY" label="Home" id="home"/>
                        </allowedToolbarItems>
                    </toolbar>
                </window>
            </objects>
        </document>
        """
        let doc = try #require(try SourceReader.read(bytes: Array(xib.utf8), name: "x.xib").documents.first)
        let mangled = try #require(doc.object(ObjectID("c1")))
        let plain = try #require(doc.object(ObjectID("c2")))
        #expect(mangled.customClass == "CardView" && mangled.customModule == "MyApp")
        #expect(mangled.runtimeClassName == "_TtC5MyApp8CardView")
        #expect(mangled.customClass == plain.customClass && mangled.customModule == plain.customModule)
        #expect(doc.object(ObjectID("-2"))?.customClass == "MainController")
        let flexible = try #require(doc.object(ObjectID("fs")))
        #expect(flexible.className == "NSToolbarItem")
        // ibtool writes either an NSToolbarItem with the identifier or AppKit's class of that name.
        var compiled = flexible
        compiled.className = "NSToolbarFlexibleSpaceItem"
        #expect(CompareClasses.key(compiled) == CompareClasses.key(flexible))
        #expect(doc.object(ObjectID("home"))?.className == "NSToolbarItem")
    }

    @Test("a storyboard source without scenes is a source")
    func emptyStoryboard() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
            <scenes/>
        </document>
        """
        #expect(FileFormat(sniffing: Array(text.utf8)) == .xibDocument(storyboard: true))
        let input = try NibOpener().open(.bytes(Array(text.utf8), name: "Empty.storyboard")).input
        #expect(input.documents.isEmpty)
        #expect(input.kind == "storyboard")
    }

    @Test("constraints are typed: xib attributes and compiled keys give the same formula; multipliers to four significant digits")
    func constraints() throws {
        let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
            <objects>
                <view id="root">
                    <subviews>
                        <label id="lbl" text="Welcome"/>
                    </subviews>
                    <constraints>
                        <constraint firstItem="lbl" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" priority="750" id="c1"/>
                        <constraint firstAttribute="width" relation="greaterThanOrEqual" constant="100" id="c2"/>
                        <constraint firstItem="lbl" firstAttribute="width" secondItem="root" secondAttribute="width" multiplier="2:3" constant="-8" id="c3"/>
                    </constraints>
                </view>
            </objects>
        </document>
        """
        let doc = try #require(try SourceReader.read(bytes: Array(xib.utf8), name: "c.xib").documents.first)
        func formula(_ id: String) throws -> String {
            guard case .constraint(let c)? = try #require(doc.object(ObjectID(id))).property("constraint") else {
                Issue.record("no typed constraint on \(id)")
                return ""
            }
            return c.formula { $0.map { $0 == ObjectID("root") ? "superview" : "titleLabel" } ?? "?" }
        }
        #expect(try formula("c1") == "titleLabel.leading = superview.leading + 16 @750")
        #expect(try formula("c2") == "superview.width >= 100")
        #expect(try formula("c3") == "titleLabel.width = superview.width × 0.6667 - 8")
        #expect(LayoutConstraint.significant(0.951613) == "0.9516")
        #expect(LayoutConstraint.significant(12345.6) == "12350")
        #expect(LayoutConstraint.significant(1.5) == "1.5")
        let compiled = LayoutConstraint(firstItem: ObjectID("#5"), firstAttribute: "top", secondItem: ObjectID("#3"),
                                        secondAttribute: "bottom", constant: 8)
        #expect(compiled.description == "#5.top = #3.bottom + 8")
    }

    @Test("IB 3 object records whose parents form a cycle (found by fuzzing) still give a tree")
    func archiveXibParentCycle() throws {
        let cyclic = XIBFixtures.archiveXib.replacingOccurrences(
            of: #"<int key="objectID">1</int><reference key="object" ref="1005"/><reference key="parent" ref="1002"/>"#,
            with: #"<int key="objectID">1</int><reference key="object" ref="1005"/><reference key="parent" ref="2001"/>"#)
        #expect(cyclic != XIBFixtures.archiveXib)
        let document = try #require(try SourceReader.read(bytes: Array(cyclic.utf8), name: "c.xib").documents.first)
        for object in document.objects {
            var seen = Set<ObjectID>(), current: ObjectID? = object.id
            while let c = current {
                guard seen.insert(c).inserted else { Issue.record("parent cycle through \(c)"); break }
                current = document.object(c)?.parent
            }
            for child in object.children { #expect(document.object(child)?.parent == object.id, "\(child) under \(object.id)") }
        }
        #expect(!document.roots.isEmpty)
    }

    @Test("IB 3 object records repeating an objectID (found by fuzzing): kept under ids of their own, connections to objects")
    func archiveXibRepeatedObjectIDs() throws {
        // The button's record claims 0, the outline root's id; then the button and the view share 1.
        for (from, to, kept) in [("5", "0", "0~2"), ("5", "1", "1~2")] {
            let repeated = XIBFixtures.archiveXib.replacingOccurrences(
                of: #"<int key="objectID">\#(from)</int><reference key="object" ref="2001"/>"#,
                with: #"<int key="objectID">\#(to)</int><reference key="object" ref="2001"/>"#)
            #expect(repeated != XIBFixtures.archiveXib)
            let document = try #require(try SourceReader.read(bytes: Array(repeated.utf8), name: "c.xib").documents.first)
            #expect(document.object(ObjectID("0")) == nil)
            #expect(document.object(ObjectID(kept))?.className == "NSButton", "\(kept)")
            #expect(document.diagnostics.contains { $0.code == .duplicateObjectID && $0.location.object == ObjectID(kept) })
            #expect(Set(document.objects.map(\.id)).count == document.objects.count, "ids unique")
            let outlet = try #require(document.connections.first { $0.label == "button" })
            #expect(outlet.destination == ObjectID(kept))
            for connection in document.connections where connection.unresolved == nil {
                for id in [connection.source, connection.destination].compactMap({ $0 }) {
                    #expect(document.object(id) != nil, "\(connection.label): \(id) is not an object")
                }
            }
            for object in document.objects {
                var seen = Set<ObjectID>(), current: ObjectID? = object.id
                while let c = current {
                    guard seen.insert(c).inserted else { Issue.record("parent cycle through \(c)"); break }
                    current = document.object(c)?.parent
                }
            }
        }
    }
}
