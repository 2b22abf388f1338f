import Testing
@testable import ArchiveReader
@testable import NibCompare

@Suite("Source reader")
struct SourceReaderTests {
    func read(_ text: String, name: String = "Fixture.xib") throws -> NibInput {
        try SourceReader.read(bytes: Array(text.utf8), name: name)
    }

    /// Outlet collections merge into their first element's place, the other connections keep
    /// their order around them, and a dangling member's diagnostic joins the first one's.
    @Test func outletCollectionsMergeInPlaceKeepingOrder() throws {
        let input = try read("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1">
                    <connections>
                        <outlet property="first" destination="v1" id="c1"/>
                        <outletCollection property="views" destination="v1" id="c2"/>
                        <outlet property="second" destination="v2" id="c3"/>
                        <outletCollection property="others" destination="v2" id="c4"/>
                        <outletCollection property="views" destination="gone" id="c5"/>
                        <outletCollection property="views" destination="v2" id="c6"/>
                        <outlet property="third" destination="v1" id="c7"/>
                    </connections>
                </placeholder>
                <view id="v1"><subviews><view id="v2"/></subviews></view>
            </objects>
        </document>
        """)
        let doc = try #require(input.documents.first)
        let owned = doc.connections.filter { $0.source == ObjectID("-1") }
        #expect(owned.map(\.label) == ["first", "views", "second", "others", "third"])
        #expect(owned[1].members == [ObjectID("v1"), ObjectID("gone"), ObjectID("v2")])
        #expect(owned[1].unresolved?.message.contains("'gone'") == true)
        #expect(owned[3].members == [ObjectID("v2")])
    }

    @Test func iOSXibObjectsPlaceholdersAndHierarchy() throws {
        let input = try read(XIBFixtures.iOSXib)
        let doc = try #require(input.documents.first)
        #expect(doc.platform == .iOS)
        #expect(doc.format == .xib)
        #expect(doc.coderVersion == "21701")
        let owner = try #require(doc.object(ObjectID("-1")))
        #expect(owner.placeholder?.kind == .filesOwner)
        #expect(owner.customClass == "LoginViewController")
        #expect(owner.customModule == "Login")
        #expect(owner.property("customModuleProvider") == .string("target"))
        #expect(owner.sourceLine == 4)
        #expect(doc.object(ObjectID("-2"))?.placeholder?.kind == .firstResponder)
        let ext = try #require(doc.object(ObjectID("ext")))
        #expect(ext.placeholder == Placeholder(kind: .external, identifier: "AnalyticsService"))
        #expect(ext.name == "Analytics")
        let root = try #require(doc.object(ObjectID("root-view")))
        #expect(root.className == "UIView")
        #expect(root.name == "Root")
        #expect(root.children == [ObjectID("btn"), ObjectID("lbl"), ObjectID("fw")])
        #expect(root.property("backgroundColor") == .color(Color(space: .system, name: "systemBackgroundColor", notation: .xib)))
        #expect(doc.topLevelObjects == ["-1", "-2", "ext", "root-view"].map(ObjectID.init))
        #expect(doc.roots == [ObjectID("root-view")])
    }

    @Test func iOSXibKeyProperties() throws {
        let doc = try #require(try read(XIBFixtures.iOSXib).documents.first)
        let button = try #require(doc.object(ObjectID("btn")))
        #expect(button.className == "UIButton")
        #expect(button.parent == ObjectID("root-view"))
        #expect(button.sourceLine == 18)
        #expect(button.property("frame") == .rect(Rect(x: 16, y: 100, width: 343, height: 44)))
        #expect(button.property("title") == .string("Sign In"))
        #expect(button.property("image") == .string("arrow"))
        #expect(button.property("tag") == .int(7))
        #expect(button.property("hidden") == .bool(true))
        #expect(button.name == "Sign In")
        let label = try #require(doc.object(ObjectID("lbl")))
        #expect(label.className == "UILabel")
        #expect(label.name == "Welcome")
        #expect(label.property("text") == .string("Welcome"))
        #expect(label.property("fontDescription") == .font(Font(size: 17, systemType: "boldSystem")))
        #expect(label.property("textColor") == .color(Color(space: .rgb, components: [1, 0, 0], alpha: 1, notation: .xib, colorSpaceName: "sRGB")))
    }

    @Test func unknownElementsAndAttributesAreKept() throws {
        let doc = try #require(try read(XIBFixtures.iOSXib).documents.first)
        let widget = try #require(doc.object(ObjectID("fw")))
        #expect(widget.className == "UIFancyWidget")
        #expect(widget.property("sparkle") == .string("high"))
        #expect(widget.property("glow") == .formatted("glow(level=3)"))
        #expect(widget.sourceLine == 38)
    }

    @Test func iOSXibConnections() throws {
        let doc = try #require(try read(XIBFixtures.iOSXib).documents.first)
        func find(_ kind: Connection.Kind, _ label: String) -> Connection? {
            doc.connections.first { $0.kind == kind && $0.label == label }
        }
        let view = try #require(find(.outlet, "view"))
        #expect(view.source == ObjectID("-1") && view.destination == ObjectID("root-view") && view.sourceLine == 6)
        let collection = try #require(find(.outletCollection, "labels"))
        #expect(collection.members == [ObjectID("lbl"), ObjectID("btn")])
        #expect(collection.collectionClass == "NSMutableArray")
        #expect(collection.sourceLine == 8)
        #expect(doc.connections.filter { $0.kind == .outletCollection }.count == 1)
        let signIn = try #require(find(.action, "signIn:"))
        #expect(signIn.source == ObjectID("btn") && signIn.destination == ObjectID("-1"))
        #expect(signIn.controlEvents == .init(rawValue: 0x40))
        #expect(!signIn.isNilTargeted)
        let copy = try #require(find(.action, "copy:"))
        #expect(copy.isNilTargeted)
        #expect(copy.controlEvents?.description == "touchDown")
        let corner = try #require(find(.runtimeAttribute, "layer.cornerRadius"))
        #expect(corner.source == ObjectID("lbl") && corner.value == .int(4) && corner.sourceLine == 31)
        #expect(find(.runtimeAttribute, "analyticsName")?.value == .string("welcome"))
        #expect(find(.accessibility, "accessibilityLabel")?.value == .string("Greeting"))
        #expect(find(.accessibility, "accessibilityIdentifier")?.value == .string("welcome.label"))
    }

    @Test func danglingDestinationIsReportedAndTheRestLoads() throws {
        let doc = try #require(try read(XIBFixtures.iOSXib).documents.first)
        let ghost = try #require(doc.connections.first { $0.label == "ghost" })
        #expect(ghost.unresolved?.message == "destination 'does-not-exist' not found")
        #expect(ghost.unresolved?.location.sourceLine == 10)
        #expect(doc.diagnostics.contains { $0.message.contains("ghost") && $0.location.sourceLine == 10 })
        #expect(doc.connections.filter { $0.unresolved != nil }.count == 1)
        #expect(doc.objects.count == 7)
    }

    @Test func macXibPlaceholdersWindowMenuBinding() throws {
        let doc = try #require(try read(XIBFixtures.macXib).documents.first)
        #expect(doc.platform == .macOS)
        #expect(doc.object(ObjectID("-2"))?.placeholder?.kind == .filesOwner)
        #expect(doc.object(ObjectID("-2"))?.customClass == "AppController")
        let fr = try #require(doc.object(ObjectID("-1")))
        #expect(fr.placeholder?.kind == .firstResponder && fr.customClass == nil)
        let app = try #require(doc.object(ObjectID("-3")))
        #expect(app.placeholder?.kind == .application && app.className == "NSApplication" && app.customClass == nil)
        let window = try #require(doc.object(ObjectID("w1")))
        #expect(window.className == "NSWindow" && window.name == "Main")
        #expect(window.children == [ObjectID("cv")])
        #expect(window.property("contentView") == .object(ObjectID("cv")))
        #expect(doc.visibleWindows == [ObjectID("w1")])
        #expect(doc.object(ObjectID("b1c"))?.parent == ObjectID("b1"))
        #expect(doc.object(ObjectID("b1c"))?.className == "NSButtonCell")
        let graph = try #require(doc.object(ObjectID("graph")))
        #expect(graph.className == "NSView" && graph.customClass == "GraphView")
        #expect(doc.object(ObjectID("mi2"))?.parent == ObjectID("m2"))
        #expect(doc.object(ObjectID("m2"))?.parent == ObjectID("mi1"))
        #expect(doc.object(ObjectID("mi2"))?.className == "NSMenuItem")
        let save = try #require(doc.connections.first { $0.label == "save:" })
        #expect(save.source == ObjectID("b1") && save.destination == ObjectID("-2") && save.controlEvents == nil)
        let copy = try #require(doc.connections.first { $0.label == "copy:" })
        #expect(copy.isNilTargeted && copy.destination == ObjectID("-1"))
        let binding = try #require(doc.connections.first { $0.kind == .binding })
        #expect(binding.label == "enabled" && binding.keyPath == "canSave")
        #expect(binding.options == ["NSValueTransformerName": "NSNegateBoolean"])
        #expect(binding.sourceLine == 17)
    }

    @Test func otherPlatformsMapElementClasses() throws {
        let tv = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder.AppleTV.XIB" version="3.0" targetRuntime="AppleTV">
            <objects><button id="b"/><tableViewCell id="c"/></objects>
        </document>
        """
        let tvDoc = try #require(try read(tv).documents.first)
        #expect(tvDoc.platform == .tvOS)
        #expect(tvDoc.object(ObjectID("b"))?.className == "UIButton")
        #expect(tvDoc.object(ObjectID("c"))?.className == "UITableViewCell")
        let watch = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder.WatchKit.Storyboard" version="3.0" targetRuntime="watchKit">
            <scenes><scene sceneID="s"><objects>
                <controller id="ctl" customClass="InterfaceController"><items><label text="Hi" id="l"/></items></controller>
            </objects></scene></scenes>
        </document>
        """
        let watchInput = try read(watch, name: "Interface.storyboard")
        let wdoc = try #require(watchInput.documents.first)
        #expect(wdoc.platform == .watchOS)
        #expect(wdoc.object(ObjectID("ctl"))?.className == "WKInterfaceController")
        #expect(wdoc.object(ObjectID("l"))?.className == "WKInterfaceLabel")
        #expect(watchInput.storyboard?.scenes.first?.identifier == "WKInterfaceController-ctl")
        #expect(XIBClassTable.className(element: "mapView", platform: .iOS) == "MKMapView")
        #expect(XIBClassTable.className(element: "textFieldCell", platform: .macOS) == "NSTextFieldCell")
    }

    @Test func malformedXMLThrowsWithLineAndOffset() throws {
        let broken = "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\">\n<objects>\n<view id=\"a\" <\n</objects>\n</document>\n"
        do {
            _ = try read(broken)
            Issue.record("malformed XML was accepted")
        } catch let error as ArchiveError {
            guard case .malformed(let message) = error.kind else { Issue.record("wrong kind \(error.kind)"); return }
            #expect(message.hasPrefix("malformed XML at line 4, column "))
            #expect(error.path.isEmpty)   // the line is in the message, once
            // The byte offset lies on line 4 (after the three preceding lines).
            let lines = broken.split(separator: "\n", omittingEmptySubsequences: false)
            let lineStart = lines.prefix(3).reduce(0) { $0 + $1.utf8.count + 1 }
            #expect(error.offset >= lineStart && error.offset <= lineStart + lines[3].utf8.count)
        }
    }

    @Test func mismatchedTagsAreAnError() throws {
        let broken = "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\">\n<objects>\n<view id=\"a\">\n</objects>\n</document>\n"
        #expect(throws: ArchiveError.self) { try read(broken) }
        do { _ = try read(broken) } catch {
            #expect((error as? ArchiveError)?.description ==
                    "malformed XML at line 5, column 11: closing tag does not match <view> opened at line 4 at byte 0x70")
        }
    }

    @Test func unclosedElementIsAnError() throws {
        let text = "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\">\n<objects>\n"
        #expect(throws: ArchiveError.self) { try read(text) }
        do { _ = try read(text) } catch {
            // One statement: the element, the line it opened on, and the end-of-file offset (the file size).
            #expect((error as? ArchiveError)?.description == "truncated or malformed XML: element <objects> opened at line 3 is never closed "
                    + "before the end of the file at byte 0x\(String(text.utf8.count, radix: 16, uppercase: true))")
        }
    }

    @Test func nonInterfaceBuilderRootIsRejected() throws {
        #expect(throws: ArchiveError.self) { try read("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>") }
        #expect(throws: ArchiveError.self) { try read("") }
    }
}

@Suite("Source reader: storyboards and IB 3 archives")
struct SourceStoryboardArchiveTests {
    @Test func storyboardScenesSummaryAndSegues() throws {
        let input = try SourceReader.read(bytes: Array(XIBFixtures.iOSStoryboard.utf8), name: "Main.storyboard")
        #expect(input.documents.count == 3)
        let summary = try #require(input.storyboard)
        #expect(summary.platform == .iOS)
        #expect(summary.entryPoint == "UINavigationController-nav")
        #expect(summary.scenes.map(\.identifier) == ["UINavigationController-nav", "Home", "UIViewController-detail"])
        #expect(summary.scenes[1].controllerClass == "HomeViewController")
        #expect(summary.scenes[1].viewNibName == "home-view-hv")
        #expect(summary.scenes[1].documents == ["Main.storyboard/Home"])
        let relationship = try #require(summary.segues.first { $0.segue.kind == "relationship" })
        #expect(relationship.from == "UINavigationController-nav" && relationship.to == "Home")
        #expect(relationship.segue.relationship == "rootViewController")
        let show = try #require(summary.segues.first { $0.segue.kind == "show" })
        #expect(show.from == "Home" && show.to == "UIViewController-detail" && show.segue.identifier == "showDetail")
        let referenceSegue = try #require(summary.segues.first { $0.segue.kind == "presentation" })
        #expect(referenceSegue.to == "Settings:Root", "a segue to a storyboard reference names the other storyboard")

        let home = input.documents[1]
        #expect(home.format == .storyboard)
        #expect(home.object(ObjectID("fr2"))?.placeholder?.kind == .firstResponder)
        #expect(home.object(ObjectID("exit2"))?.placeholder?.kind == .exit)
        let reference = try #require(home.object(ObjectID("ref")))
        #expect(reference.className == "UIStoryboardReference")
        #expect(reference.property("storyboardName") == .string("Settings"))
        #expect(reference.property("referencedIdentifier") == .string("Root"))
        let segue = try #require(home.connections.first { $0.kind == .segue && $0.label == "show" })
        #expect(segue.source == ObjectID("go") && segue.destination == ObjectID("detail"))
        #expect(segue.unresolved == nil, "a destination in another scene resolves in the file")
        #expect(segue.segue?.destinationScene == "UIViewController-detail")
        #expect(segue.sourceLine == 22)
        #expect(home.object(ObjectID("hv"))?.parent == ObjectID("home"))

        let detail = input.documents[2]
        let unwind = try #require(detail.connections.first { $0.label == "unwindHome:" })
        #expect(unwind.destination == ObjectID("exit3") && unwind.unresolved == nil)
        #expect(input.documents[0].object(ObjectID("bar"))?.className == "UINavigationBar")
    }

    @Test func archiveFormatRecordsConnectionsAndNames() throws {
        let input = try SourceReader.read(bytes: Array(XIBFixtures.archiveXib.utf8), name: "designable.nib")
        let doc = try #require(input.documents.first)
        #expect(doc.format == .xibArchive && doc.platform == .macOS)
        #expect(doc.coderVersion == "1306")
        let owner = try #require(doc.object(ObjectID("-2")))
        #expect(owner.placeholder?.kind == .filesOwner)
        #expect(owner.customClass == "Controller")
        #expect(owner.name == "File's Owner")
        #expect(doc.object(ObjectID("-1"))?.placeholder?.kind == .firstResponder)
        #expect(doc.object(ObjectID("-3"))?.placeholder?.kind == .application)
        let panel = try #require(doc.object(ObjectID("1")))
        #expect(panel.className == "NSView" && panel.customClass == "PanelView")
        #expect(panel.children == [ObjectID("5")])
        let button = try #require(doc.object(ObjectID("5")))
        #expect(button.className == "NSButton" && button.parent == ObjectID("1") && button.name == "Push Button")
        #expect(button.property("frame") == .rect(Rect(x: 20, y: 20, width: 80, height: 32)))
        #expect(button.property("tag") == .int(3))
        #expect(doc.topLevelObjects == ["-2", "-1", "-3", "1"].map(ObjectID.init))

        let outlet = try #require(doc.connections.first { $0.kind == .outlet && $0.source == ObjectID("-2") })
        #expect(outlet.label == "button" && outlet.destination == ObjectID("5"))
        let action = try #require(doc.connections.first { $0.kind == .action })
        #expect(action.label == "press:" && action.source == ObjectID("5") && action.destination == ObjectID("-2"),
                "IB 3 stores the target as `source`; the model's source is the control")
        let binding = try #require(doc.connections.first { $0.kind == .binding })
        #expect(binding.label == "hidden" && binding.keyPath == "isBusy" && binding.source == ObjectID("5"))
        let dangling = try #require(doc.connections.first { $0.source == ObjectID("1") })
        #expect(dangling.label == "button", "a label shared by reference is followed")
        #expect(dangling.unresolved?.message.contains("destination reference not found") == true)
        #expect(doc.connections.allSatisfy { $0.sourceLine != nil })
    }

    /// An IB 3 xib stores a window's class in `NSWindowClass`, custom or not (HexFiend's
    /// DiffDocument.xib at 247a914 sets `DiffDocumentWindow`): a custom class is the window's custom
    /// class over `NSWindow`, as the keyed archive reader reads it; `NSPanel` stays the class.
    @Test func archiveFormatWindowTemplateClass() throws {
        func window(_ windowClass: String?) throws -> NibObject {
            let key = windowClass.map { "<string key=\"NSWindowClass\">\($0)</string>" } ?? ""
            let text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="7.10"><data>
                <object class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
                <object class="NSWindowTemplate" id="1005"><string key="NSWindowTitle">Window</string>\(key)</object>
                </object>
                <object class="IBObjectContainer" key="IBDocument.Objects">
                <object class="IBMutableOrderedSet" key="objectRecords"><object class="NSArray" key="orderedObjects">
                <object class="IBObjectRecord"><int key="objectID">0</int><object class="NSArray" key="object" id="1002"/><reference key="children" ref="1000"/><nil key="parent"/></object>
                <object class="IBObjectRecord"><int key="objectID">1</int><reference key="object" ref="1005"/><reference key="parent" ref="1002"/></object>
                </object></object>
                </object></data></archive>
                """
            let doc = try #require(try SourceReader.read(bytes: Array(text.utf8), name: "DiffDocument.xib").documents.first)
            return try #require(doc.object(ObjectID("1")))
        }
        let custom = try window("DiffDocumentWindow")
        #expect(custom.className == "NSWindow" && custom.customClass == "DiffDocumentWindow")
        #expect(custom.property("archivedClass") == .string("NSWindowTemplate"))
        let panel = try window("NSPanel")
        #expect(panel.className == "NSPanel" && panel.customClass == nil)
        let plain = try window(nil)
        #expect(plain.className == "NSWindow" && plain.customClass == nil)
    }
}

@Suite("Source reader: hostile input")
struct SourceHostileInputTests {
    /// Every truncation and a spread of single-byte corruptions of each fixture either reads or
    /// throws ``ArchiveError``; none traps.
    @Test func truncationsAndCorruptionsNeverTrap() {
        var read = 0, rejected = 0
        for fixture in [XIBFixtures.iOSXib, XIBFixtures.macXib, XIBFixtures.iOSStoryboard, XIBFixtures.archiveXib] {
            let bytes = Array(fixture.utf8)
            let step = max(1, bytes.count / 150)
            for cut in stride(from: 0, to: bytes.count, by: step) {
                do { _ = try SourceReader.read(bytes: Array(bytes[..<cut]), name: "cut.xib"); read += 1 } catch { rejected += 1 }
            }
            for (n, position) in stride(from: 0, to: bytes.count, by: step).enumerated() {
                var copy = bytes
                copy[position] = [0x3C, 0x22, 0x3E, 0x00, 0xFF, 0x2F][n % 6]
                do { _ = try SourceReader.read(bytes: copy, name: "flip.xib"); read += 1 } catch { rejected += 1 }
            }
        }
        #expect(rejected > 0 && read > 0)
    }

    @Test func deepNestingIsRejectedNotRecursedInto() throws {
        let depth = 2_000
        let text = "<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\"><objects>"
            + String(repeating: "<view id=\"v\">", count: depth) + String(repeating: "</view>", count: depth)
            + "</objects></document>"
        #expect(throws: ArchiveError.self) { try SourceReader.read(bytes: Array(text.utf8), name: "deep.xib") }
    }

    @Test func compareOfLargeUniformDocumentsStaysLinearEnough() throws {
        // 3 000 identical sibling buttons: the matcher must not go quadratic in a way that hangs.
        var body = ""
        for i in 0..<3_000 { body += "<button id=\"b\(i)\"><connections><action selector=\"tap:\" target=\"-2\" id=\"a\(i)\"/></connections></button>" }
        let text = "<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" targetRuntime=\"MacOSX.Cocoa\"><objects>"
            + "<customObject id=\"-2\" userLabel=\"File's Owner\"/><view id=\"root\"><subviews>" + body + "</subviews></view></objects></document>"
        let doc = try #require(try SourceReader.read(bytes: Array(text.utf8), name: "big.xib").documents.first)
        #expect(doc.objects.count == 3_002)
        let report = NibComparer.compare(source: doc, compiled: doc)
        #expect(report.agrees)
        #expect(report.counts.matchedConnections == 3_000)
    }
}

extension SourceHostileInputTests {
    @Test func invalidUTF8IsRejectedWithItsOffset() throws {
        var bytes = Array("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" a=\"x\">\n</document>\n".utf8)
        let position = 60
        bytes[position] = 0xFF
        do {
            _ = try SourceReader.read(bytes: bytes, name: "bad.xib")
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error.kind == .invalidUTF8(.xml))
            #expect(error.offset == position)
            #expect(error.path == ["line 2"])
        }
    }

    @Test("a storyboard outlet or action to another scene's object is unresolved, not dangling (found by fuzzing)")
    func crossSceneConnection() throws {
        let edited = XIBFixtures.iOSStoryboard.replacingOccurrences(
            of: #"<action selector="unwindHome:" destination="exit3" id="u1"/>"#,
            with: #"<action selector="unwindHome:" destination="fr2" id="u1"/><outlet property="homeView" destination="hv" id="o9"/>"#)
        #expect(edited != XIBFixtures.iOSStoryboard)
        let input = try SourceReader.read(bytes: Array(edited.utf8), name: "Main.storyboard")
        let scene = try #require(input.documents.first { $0.object(ObjectID("back")) != nil })
        let action = try #require(scene.connections.first { $0.label == "unwindHome:" })
        #expect(action.unresolved?.code == .unresolvedDestination)
        #expect(action.unresolved?.message.hasPrefix("destination 'fr2' is an object of another scene (") == true)
        let outlet = try #require(scene.connections.first { $0.label == "homeView" })
        #expect(outlet.unresolved?.code == .unresolvedDestination)
        #expect(scene.diagnostics.filter { $0.code == .unresolvedDestination }.count == 2)
        for document in input.documents {
            for c in document.connections where c.kind != .segue && c.unresolved == nil {
                for id in [c.source, c.destination].compactMap({ $0 }) + (c.members ?? []) {
                    #expect(document.object(id) != nil, "\(document.name) \(c.label): \(id)")
                }
            }
        }
        // The fixture as written has no such connection.
        let plain = try SourceReader.read(bytes: Array(XIBFixtures.iOSStoryboard.utf8), name: "Main.storyboard")
        #expect(plain.documents.allSatisfy { $0.connections.allSatisfy { $0.unresolved == nil } })
    }
}
