import Testing
@testable import ArchiveReader
@testable import NibCompare

/// `NibComparer` on hand-made compiled documents and on compiled copies of source documents
/// (ids renamed to `#N` and names dropped, as compilation does, nib-format.md §7.5).
@Suite("Compare")
struct CompareTests {
    static func source(_ text: String, name: String = "Fixture.xib") throws -> NibDocument {
        try #require(try SourceReader.read(bytes: Array(text.utf8), name: name).documents.first)
    }

    /// The document as a compiled nib would give it: ids `#1…`, no names, no lines, macOS without
    /// First Responder, nil-targeted actions without destination.
    static func compiledCopy(of doc: NibDocument, reverseChildren: Bool = false) -> NibDocument {
        var map: [ObjectID: ObjectID] = [:]
        let kept = doc.objects.filter { !(doc.platform == .macOS && $0.placeholder?.kind == .firstResponder) }
        for (i, o) in kept.enumerated() { map[o.id] = ObjectID("#\(i + 1)") }
        func m(_ id: ObjectID?) -> ObjectID? { id.flatMap { map[$0] } }
        var out = NibDocument(name: doc.name + ".nib", platform: doc.platform, format: .nibArchive)
        out.objects = kept.map { o in
            var c = o
            c.id = map[o.id]!
            c.parent = m(o.parent)
            c.children = o.children.compactMap { map[$0] }
            if reverseChildren { c.children.reverse() }
            c.sourceLine = nil
            if c.placeholder == nil { c.name = nil }
            c.properties = o.properties.map { p in
                if case .object(let r) = p.value { return Property(p.key, m(r).map(PropertyValue.object) ?? .formatted("nil")) }
                return p
            }
            return c
        }
        out.topLevelObjects = doc.topLevelObjects.compactMap { map[$0] }
        out.connections = doc.connections.filter { $0.unresolved == nil }.map { c in
            var x = c
            x.source = m(c.source)
            x.destination = c.isNilTargeted && doc.platform == .macOS ? nil : m(c.destination)
            x.members = c.members?.compactMap { map[$0] }
            x.sourceLine = nil
            return x
        }
        return out
    }

    @Test func identicalStructureAgrees() throws {
        let src = try Self.source(XIBFixtures.macXib)
        let report = NibComparer.compare(source: src, compiled: Self.compiledCopy(of: src))
        #expect(report.agrees, "\(report.differences.map(\.message))")
        #expect(report.counts.matchedConnections == 4)
        #expect(report.counts.matchedObjects == src.objects.count - 1)
        #expect(report.matches["b1"] != nil && report.matches["-2"] != nil)
        #expect(report.dropped.contains { $0.hasPrefix("First Responder placeholder (line 5)") })
    }

    @Test func siblingOrderDoesNotMatter() throws {
        let src = try Self.source(XIBFixtures.macXib)
        let report = NibComparer.compare(source: src, compiled: Self.compiledCopy(of: src, reverseChildren: true))
        #expect(report.agrees, "\(report.differences.map(\.message))")
    }

    @Test func missingConnectionIsReportedWithItsSourceLine() throws {
        let src = try Self.source(XIBFixtures.macXib)
        var compiled = Self.compiledCopy(of: src)
        compiled.connections.removeAll { $0.label == "save:" }
        let report = NibComparer.compare(source: src, compiled: compiled)
        #expect(!report.agrees && !report.connectionsAgree)
        let d = try #require(report.differences.first)
        #expect(report.differences.count == 1)
        #expect(d.kind == .connectionOnlyInSource && d.label == "save:" && d.sourceLine == 16)
        #expect(d.message.contains("action 'save:'"))
    }

    @Test func changedDestinationClassAndExtraObjects() throws {
        let src = try Self.source(XIBFixtures.macXib)
        var compiled = Self.compiledCopy(of: src)
        let graph = try #require(compiled.objects.firstIndex { $0.customClass == "GraphView" })
        let graphID = compiled.objects[graph].id
        let delegate = try #require(compiled.connections.firstIndex { $0.label == "delegate" })
        compiled.connections[delegate].destination = graphID
        compiled.connections.append(Connection(kind: .outlet, source: compiled.objects[0].id, destination: graphID, label: "chart"))
        compiled.objects[graph].customClass = "ChartView"
        let content = try #require(compiled.objects.firstIndex { $0.property("frame") == .rect(Rect(x: 0, y: 0, width: 480, height: 270)) })
        compiled.objects.append(NibObject(id: ObjectID("#99"), className: "NSTextField", parent: compiled.objects[content].id))
        compiled.objects[content].children.append(ObjectID("#99"))
        let report = NibComparer.compare(source: src, compiled: compiled)
        let kinds = Set(report.differences.map(\.kind))
        #expect(kinds == [.destinationChanged, .connectionOnlyInCompiled, .classDiffers, .objectOnlyInCompiled],
                "\(report.differences.map(\.message))")
        let changed = try #require(report.differences.first { $0.kind == .destinationChanged })
        #expect(changed.label == "delegate" && changed.sourceLine == 30)
        let cls = try #require(report.differences.first { $0.kind == .classDiffers })
        #expect(cls.message.contains("GraphView") && cls.message.contains("ChartView"))
    }

    @Test func controlEventsAndMissingObjectsOnIOS() throws {
        let src = try Self.source(XIBFixtures.iOSXib)
        var compiled = Self.compiledCopy(of: src)
        let signIn = try #require(compiled.connections.firstIndex { $0.label == "signIn:" })
        compiled.connections[signIn].controlEvents = ControlEvents(eventType: "touchDown")
        let widget = try #require(compiled.objects.firstIndex { $0.className == "UIFancyWidget" })
        let widgetID = compiled.objects[widget].id
        compiled.objects.remove(at: widget)
        for i in compiled.objects.indices { compiled.objects[i].children.removeAll { $0 == widgetID } }
        let report = NibComparer.compare(source: src, compiled: compiled)
        let events = try #require(report.differences.first { $0.kind == .connectionDetailsDiffer })
        #expect(events.label == "signIn:" && events.sourceLine == 22)
        #expect(events.message.contains("touchUpInside") && events.message.contains("touchDown"))
        let missing = try #require(report.differences.first { $0.kind == .objectOnlyInSource })
        #expect(missing.sourceLine == 38 && missing.source?.id == "fw")
        // The dangling `ghost` outlet cannot be compiled: it stays a source-only connection.
        #expect(report.differences.contains { $0.kind == .connectionOnlyInSource && $0.label == "ghost" })
        // Outlet collections are compared member by member; all of them agree here.
        #expect(!report.differences.contains { $0.label == "labels" })
    }

    @Test func firstResponderActionsAgreeWhateverTheirForm() throws {
        let src = try Self.source(XIBFixtures.macXib)
        var compiled = Self.compiledCopy(of: src)
        let copy = try #require(compiled.connections.firstIndex { $0.label == "copy:" })
        #expect(compiled.connections[copy].destination == nil)
        // Now point it at File's Owner instead: a real difference.
        compiled.connections[copy].destination = compiled.objects[0].id
        compiled.connections[copy].isNilTargeted = false
        let report = NibComparer.compare(source: src, compiled: compiled)
        let d = try #require(report.differences.first)
        #expect(d.kind == .destinationChanged && d.label == "copy:")
        #expect(d.message.contains("First Responder") && d.message.contains("File's Owner"))
    }

    @Test func archiveAndDocumentFormsOfOneInterfaceAgree() throws {
        // The IB 3 archive fixture and a `<document>` rendering of the same objects.
        let archive = try Self.source(XIBFixtures.archiveXib, name: "designable.nib")
        let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="Controller">
                    <connections><outlet property="button" destination="5" id="o1"/></connections>
                </customObject>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                <customView id="1" customClass="PanelView">
                    <subviews>
                        <button tag="3" id="5">
                            <rect key="frame" x="20" y="20" width="80" height="32"/>
                            <connections>
                                <action selector="press:" target="-2" id="o2"/>
                                <binding destination="-2" name="hidden" keyPath="isBusy" id="o3"/>
                            </connections>
                        </button>
                    </subviews>
                </customView>
            </objects>
        </document>
        """
        let doc = try Self.source(document)
        var compiledArchive = archive
        compiledArchive.connections.removeAll { $0.unresolved != nil }
        let report = NibComparer.compare(source: doc, compiled: compiledArchive)
        #expect(report.connectionsAgree, "\(report.differences.map(\.message))")
        #expect(report.counts.matchedConnections == 3)
        #expect(report.matches["5"] == "5")
    }
}

@Suite("Compare: localizable-string ids")
struct LocalizationHintTests {
    /// #0 root, #1 button whose title is #2 NSLocalizableString `btn-b.normalTitle`, #3 another
    /// button with a plain title, #4 a string object.
    static func graph() -> ObjectGraph {
        ObjectGraph(encoding: .nibArchive, objects: [
            ArchivedObject(className: "NSObject", fields: [ArchiveField("UINibObjectsKey", .array([.object(ObjectRef(1)), .object(ObjectRef(3))]))]),
            ArchivedObject(className: "UIButton", fields: [ArchiveField("UITitle", .object(ObjectRef(2)))]),
            ArchivedObject(className: "NSLocalizableString", fields: [ArchiveField("NSKey", .string("btn-b.normalTitle")),
                                                                    ArchiveField("NSDev", .string("Two"))]),
            ArchivedObject(className: "UIButton", fields: [ArchiveField("UITitle", .object(ObjectRef(4)))]),
            ArchivedObject(className: "NSString", fields: [ArchiveField("NS.bytes", .string("One"))]),
        ], root: ObjectRef(0), versionMajor: 1, versionMinor: 9)
    }

    @Test func keysNameTheSourceObject() {
        let hints = LocalizationHints.sourceIDs(in: Self.graph())
        #expect(hints == [ObjectID("#1"): "btn-b"])
        #expect(LocalizationHints.idPart("uSm-wg-y7O.title") == "uSm-wg-y7O")
        #expect(LocalizationHints.idPart("notakey") == nil)
    }

    @Test func hintsDecideBetweenLookalikes() throws {
        // Two untitled buttons the structure cannot tell apart; the hint says which is which.
        let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1">
                    <connections><outlet property="second" destination="btn-b" id="o"/></connections>
                </placeholder>
                <button id="btn-a"/>
                <button id="btn-b"/>
            </objects>
        </document>
        """
        let src = try #require(try SourceReader.read(bytes: Array(xib.utf8), name: "T.xib").documents.first)
        var compiled = NibDocument(name: "T.nib", platform: .iOS, format: .nibArchive)
        compiled.objects = [
            NibObject(id: ObjectID("#1"), className: "UIButton"),
            NibObject(id: ObjectID("#3"), className: "UIButton"),
            NibObject(id: ObjectID("#5"), className: "UIProxyObject", placeholder: Placeholder(kind: .filesOwner, identifier: "IBFilesOwner")),
        ]
        compiled.topLevelObjects = [ObjectID("#1"), ObjectID("#3"), ObjectID("#5")]
        // Compiled: the outlet points at #1, which the localizable string says is btn-b.
        compiled.connections = [Connection(kind: .outlet, source: ObjectID("#5"), destination: ObjectID("#1"), label: "second")]
        let withHints = NibComparer.compare(source: src, compiled: compiled, hints: ["T.nib": [ObjectID("#1"): "btn-b"]])
        #expect(withHints.matches["btn-b"] == "#1")
        #expect(withHints.agrees, "\(withHints.differences.map(\.message))")
        // Against a hint that names the other button, the outlet's destination differs.
        let wrong = NibComparer.compare(source: src, compiled: compiled, hints: ["T.nib": [ObjectID("#1"): "btn-a"]])
        #expect(wrong.matches["btn-a"] == "#1")
        #expect(wrong.differences.contains { $0.kind == .destinationChanged && $0.label == "second" })
    }
}

@Suite("Compare: iOS storyboard scenes")
struct StoryboardCompareTests {
    static let storyboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="home">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <viewController id="home" customClass="HomeVC" sceneMemberID="viewController">
                        <view key="view" id="hv">
                            <subviews>
                                <button id="go">
                                    <connections>
                                        <action selector="tap:" destination="home" eventType="touchUpInside" id="a"/>
                                    </connections>
                                </button>
                            </subviews>
                        </view>
                        <connections>
                            <outlet property="goButton" destination="go" id="o"/>
                        </connections>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
        </scenes>
    </document>
    """

    /// The `.storyboardc` a compiler makes of it (nib-format.md §5.2): a scene nib with the
    /// controller and a view nib whose File's Owner is the controller and whose action targets an
    /// upstream placeholder standing for it.
    static func compiled(actionTarget: String = "#3") -> NibInput {
        func proxy(_ id: String, _ kind: Placeholder.Kind, _ identifier: String, target: String? = nil) -> NibObject {
            NibObject(id: ObjectID(id), className: "UIProxyObject",
                      placeholder: Placeholder(kind: kind, identifier: identifier, resolvedTarget: target))
        }
        var scene = NibDocument(name: "UIViewController-home.nib", platform: .iOS, format: .nibArchive)
        scene.objects = [proxy("#1", .filesOwner, "IBFilesOwner"), proxy("#2", .firstResponder, "IBFirstResponder"),
                         proxy("#3", .storyboard, "UIStoryboardPlaceholder"),
                         NibObject(id: ObjectID("#4"), className: "UIViewController", customClass: "HomeVC",
                                   properties: [Property("nibName", .string("home-view-hv"))])]
        scene.topLevelObjects = [ObjectID("#4")]
        scene.connections = [Connection(kind: .outlet, source: ObjectID("#1"), destination: ObjectID("#4"), label: "sceneViewController"),
                             Connection(kind: .outlet, source: ObjectID("#4"), destination: ObjectID("#3"), label: "storyboard")]
        var view = NibDocument(name: "home-view-hv.nib", platform: .iOS, format: .nibArchive)
        view.objects = [proxy("#1", .filesOwner, "IBFilesOwner"), proxy("#2", .firstResponder, "IBFirstResponder"),
                        proxy("#3", .upstream, "UpstreamPlaceholder-1", target: "UIViewController-home.nib:#4"),
                        NibObject(id: ObjectID("#4"), className: "UIView", children: [ObjectID("#5")]),
                        NibObject(id: ObjectID("#5"), className: "UIButton", parent: ObjectID("#4"))]
        view.topLevelObjects = [ObjectID("#4")]
        view.connections = [Connection(kind: .outlet, source: ObjectID("#1"), destination: ObjectID("#4"), label: "view"),
                            Connection(kind: .action, source: ObjectID("#5"), destination: ObjectID(actionTarget), label: "tap:",
                                       controlEvents: ControlEvents(rawValue: 0x40)),
                            Connection(kind: .outlet, source: ObjectID("#1"), destination: ObjectID("#5"), label: "goButton")]
        return NibInput(path: "Main.storyboardc", kind: "compiled storyboard", documents: [scene, view])
    }

    @Test func sceneAndViewNibsAgreeWithTheScene() throws {
        let source = try SourceReader.read(bytes: Array(Self.storyboard.utf8), name: "Main.storyboard")
        let report = NibComparer.compare(source: source, compiled: Self.compiled())
        #expect(report.agrees, "\(report.differences.map(\.message))")
        #expect(report.counts.matchedConnections == 2)
        #expect(report.matches["home"] == "UIViewController-home.nib|#4")
        #expect(report.matches["go"] == "home-view-hv.nib|#5" && report.matches["hv"] == "home-view-hv.nib|#4")
    }

    @Test func anActionToTheWrongObjectIsFound() throws {
        let source = try SourceReader.read(bytes: Array(Self.storyboard.utf8), name: "Main.storyboard")
        // The action now targets the view's File's Owner proxy… which is the controller too: agree.
        #expect(NibComparer.compare(source: source, compiled: Self.compiled(actionTarget: "#1")).agrees)
        // …but targeting the button itself is a different destination.
        let report = NibComparer.compare(source: source, compiled: Self.compiled(actionTarget: "#5"))
        #expect(report.differences.contains { $0.kind == .destinationChanged && $0.label == "tap:" && $0.sourceLine == 11 })
    }
}
