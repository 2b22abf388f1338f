import ArchiveReader
import Foundation
import Testing
import TestSupport
@testable import NibDiagnosis

/// The load sequence (`LoadSequence`) of an iOS nib, a macOS nib and storyboards.
@Suite struct LifecycleTests {
    static func open(_ path: String) throws -> NibInput { try NibOpener().open(.path(path)).input }
    static let samples = Corpus.packageRoot.appendingPathComponent("Samples").path

    /// A macOS xib: a custom object, a custom view, a binding, a runtime attribute, a window
    /// visible at launch, an image in an asset catalog next to it and one that is missing.
    static let macXib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES">
        <objects>
            <customObject id="-2" userLabel="File's Owner" customClass="PrefsController" customModule="Demo">
                <connections>
                    <outlet property="window" destination="F0z-JX-Cv5" id="o1"/>
                </connections>
            </customObject>
            <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
            <customObject id="-3" userLabel="Application" customClass="NSObject"/>
            <customObject id="obj-1" customClass="Model" customModule="Demo"/>
            <objectController id="ctl-1"/>
            <window title="Prefs" visibleAtLaunch="YES" id="F0z-JX-Cv5">
                <rect key="contentRect" x="0" y="0" width="480" height="270"/>
                <view key="contentView" id="se5-gp-TjO">
                    <rect key="frame" x="0.0" y="0.0" width="480" height="270"/>
                    <subviews>
                        <customView id="cv-1" customClass="GraphView" customModule="Demo">
                            <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                            <userDefinedRuntimeAttributes>
                                <userDefinedRuntimeAttribute type="number" keyPath="lineWidth">
                                    <real key="value" value="2"/>
                                </userDefinedRuntimeAttribute>
                            </userDefinedRuntimeAttributes>
                        </customView>
                        <imageView id="img-1">
                            <rect key="frame" x="0.0" y="0.0" width="32" height="32"/>
                            <imageCell key="cell" image="Logo" id="img-c"/>
                        </imageView>
                        <imageView id="img-2">
                            <rect key="frame" x="0.0" y="0.0" width="32" height="32"/>
                            <imageCell key="cell" image="Gone" id="img-d"/>
                        </imageView>
                        <imageView id="img-3">
                            <rect key="frame" x="0.0" y="0.0" width="32" height="32"/>
                            <imageCell key="cell" image="gear" id="img-e"/>
                        </imageView>
                        <textField id="tf-1">
                            <rect key="frame" x="0.0" y="0.0" width="100" height="20"/>
                            <connections>
                                <binding destination="ctl-1" name="value" keyPath="selection.name" id="b1"/>
                            </connections>
                        </textField>
                        <button id="bt-1">
                            <rect key="frame" x="0.0" y="0.0" width="100" height="20"/>
                            <buttonCell key="cell" title="Apply" id="bt-c"/>
                            <connections>
                                <action selector="apply:" target="-2" id="a1"/>
                                <action selector="undo:" target="-1" id="a2"/>
                            </connections>
                        </button>
                    </subviews>
                </view>
            </window>
        </objects>
        <resources>
            <image name="gear" catalog="system" width="16" height="16"/>
        </resources>
    </document>
    """

    @Test func iOSNibFollowsUINib() throws {
        let input = try Self.open(Self.samples + "/LoginViewController.nib")
        let sequence = LoadSequence(input, resources: ResourceIndex())
        #expect(sequence.documents.count == 1)
        let doc = try #require(sequence.documents.first)
        #expect(doc.platform == .iOS && doc.role == .nib)
        #expect(doc.loader == "UINib instantiateWithOwner:options:")
        // Phases in order, steps numbered 1…n.
        #expect(doc.steps.map(\.step) == Array(1...doc.steps.count))
        let phases = doc.steps.map(\.phase)
        #expect(phases == phases.sorted { LifecycleStep.Phase.allCases.firstIndex(of: $0)! < LifecycleStep.Phase.allCases.firstIndex(of: $1)! })
        // Placeholders are supplied, everything else initWithCoder:.
        let instantiate = doc.steps(.instantiate)
        #expect(instantiate.filter { $0.kind == "placeholder" }.map(\.objectID) == [ObjectID("#2"), ObjectID("#4")])
        #expect(instantiate.filter { $0.kind != "placeholder" }.allSatisfy { $0.call == "initWithCoder:" })
        #expect(instantiate.count == 9)
        // Connections in archive order, with iOS calls.
        let connect = doc.steps(.connect)
        #expect(connect.map(\.label) == input.documents[0].connections.map(\.label))
        let signIn = try #require(connect.first { $0.label == "signIn:" })
        #expect(signIn.call == "addTarget:action:forControlEvents:")
        #expect(signIn.events == ["touchUpInside"])
        #expect(signIn.class == "LoginDemo.PrimaryButton")
        let forgot = try #require(connect.first { $0.label == "forgotPassword:" })
        #expect(forgot.destination == "nil (First Responder)" && forgot.note?.contains("responder chain") == true)
        #expect(connect.first { $0.label == "emailField" }?.call == "setValue:forKey:")
        #expect(connect.first { $0.label == "fields" }?.members?.count == 2)
        // awakeFromNib: never a placeholder.
        let awake = doc.steps(.awake)
        #expect(awake.count == 7)
        #expect(awake.allSatisfy { $0.objectID != ObjectID("#2") && $0.objectID != ObjectID("#4") && $0.call == "awakeFromNib" })
        #expect(doc.notes.contains { $0.phase == .awake && $0.text.contains("not guaranteed") })
        #expect(doc.steps(.show).isEmpty)
    }

    @Test func macOSXibWithCustomViewObjectBindingAndVisibleWindow() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let xib = try tree.write("Demo/Prefs.xib", text: Self.macXib)
        try tree.write("Demo/Assets.xcassets/Logo.imageset/Contents.json", text: "{}")
        try tree.write("Demo/Package.swift", text: "")
        let input = try Self.open(xib)
        let doc = try #require(LoadSequence(input).documents.first)
        #expect(doc.loader == "NSNib instantiateWithOwner:topLevelObjects:")
        func step(_ phase: LifecycleStep.Phase, _ id: String) -> LifecycleStep? {
            doc.steps(phase).first { $0.objectID == ObjectID(id) }
        }
        #expect(step(.instantiate, "obj-1")?.call == "init")
        #expect(step(.instantiate, "cv-1")?.call == "initWithFrame:")
        #expect(step(.instantiate, "F0z-JX-Cv5")?.call == "initWithContentRect:styleMask:backing:defer:")
        #expect(step(.instantiate, "tf-1")?.call == "initWithCoder:")
        #expect(step(.instantiate, "-2")?.call == "supplied by the loader")
        #expect(step(.instantiate, "-3")?.call == "supplied by the loader")
        // Outlets through the setter, actions setTarget:/setAction:, bindings, runtime attributes.
        #expect(step(.connect, "-2")?.call == "setWindow:")
        let binding = try #require(doc.steps(.connect).first { $0.kind == "binding" })
        #expect(binding.call == "bind:toObject:withKeyPath:options:" && binding.value == "selection.name")
        #expect(binding.destinationID == ObjectID("ctl-1"))
        let actions = doc.steps(.connect).filter { $0.kind == "action" }
        #expect(actions.allSatisfy { $0.call == "setTarget: setAction:" })
        #expect(actions.first { $0.label == "undo:" }?.destination == "nil (First Responder)")
        let attribute = try #require(doc.steps(.connect).first { $0.kind == "runtimeAttribute" })
        #expect(attribute.call == "setValue:forKeyPath:" && attribute.label == "lineWidth" && attribute.value == "2")
        // awakeFromNib: placeholders included (not First Responder), File's Owner last.
        let awake = doc.steps(.awake)
        #expect(awake.last?.objectID == ObjectID("-2"))
        #expect(awake.contains { $0.objectID == ObjectID("-3") })
        #expect(!awake.contains { $0.objectID == ObjectID("-1") })
        // Shown at load.
        #expect(doc.steps(.show).map(\.objectID) == [ObjectID("F0z-JX-Cv5")])
        #expect(doc.steps(.show).first?.call == "makeKeyAndOrderFront:")
        // Images checked against the catalog beside the xib.
        let images = doc.steps(.load).compactMap(\.resource)
        #expect(images.first { $0.name == "Logo" }?.status == .found)
        #expect(images.first { $0.name == "Gone" }?.status == .missing)
        #expect(images.first { $0.name == "gear" }?.status == .system)   // <resources>: catalog system
        #expect(doc.steps(.load).first { $0.label == "gear" }?.call == "imageWithSystemSymbolName:accessibilityDescription:")
    }

    @Test func compiledMacOSNibUsesTheArchivedClass() throws {
        let input = try Self.open(Self.samples + "/MainMenu.nib")
        let name = input.documents[0].name
        // The archived class decides: a custom object is created with init.
        let archived = [name: [ObjectID("#8"): "NSCustomObject", ObjectID("#47"): "NSWindowTemplate"]]
        let doc = try #require(LoadSequence(input, archivedClasses: archived, resources: ResourceIndex()).documents.first)
        #expect(doc.steps(.instantiate).first { $0.objectID == ObjectID("#8") }?.call == "init")
        #expect(doc.steps(.instantiate).first { $0.objectID == ObjectID("#43") }?.call == "initWithCoder:")
        #expect(doc.steps(.awake).last?.objectID == ObjectID("#3"))   // File's Owner last
        #expect(doc.steps(.show).map(\.objectID) == [ObjectID("#47")])
    }

    /// A storyboard source: the scene nib makes the controller, the view nib holds the view and
    /// the outlets into it, set before viewDidLoad.
    @Test func storyboardSourceSplitsSceneAndViewNib() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try tree.write("Main.storyboard", text: """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="vc1">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" customClass="HomeViewController" customModule="App" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                    <label text="Hello" id="l1">
                                        <rect key="frame" x="0.0" y="0.0" width="42" height="21"/>
                                    </label>
                                </subviews>
                            </view>
                            <navigationItem key="navigationItem" title="Home" id="n1"/>
                            <connections>
                                <outlet property="greeting" destination="l1" id="c1"/>
                            </connections>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """)
        let input = try Self.open(path)
        let docs = LoadSequence(input, resources: ResourceIndex()).documents
        #expect(docs.map(\.role) == [.sceneNib, .viewNib])
        let scene = docs[0], view = docs[1]
        #expect(scene.loader.hasPrefix("UIStoryboard"))
        #expect(scene.steps(.instantiate).contains { $0.objectID == ObjectID("vc1") && $0.call == "initWithCoder:" })
        #expect(!scene.steps(.instantiate).contains { $0.objectID == ObjectID("l1") })
        #expect(view.loader.contains("loadView"))
        #expect(view.controller != nil && view.scene == scene.scene)
        #expect(view.steps(.instantiate).contains { $0.objectID == ObjectID("l1") })
        let outlets = view.steps(.connect)
        #expect(outlets.map(\.label) == ["greeting", "view"])
        #expect(view.steps(.awake).last?.call == "viewDidLoad")
        #expect(!view.steps(.awake).contains { $0.objectID == ObjectID("fr1") })
    }

    /// A compiled storyboard from the corpus: scene nib, then the view nib with the upstream
    /// placeholder standing for the controller.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func compiledStoryboardScenes() throws {
        let path = Corpus.root!.appendingPathComponent(
            "ios-driver__ios-driver/server/src/test/resources/sampleApps/InternationalMountains.app/Base.lproj/Main.storyboardc").path
        let docs = LoadSequence(try Self.open(path)).documents
        #expect(docs.map(\.role) == [.sceneNib, .viewNib, .sceneNib, .viewNib, .nestedNib])
        let detail = docs[1]
        #expect(detail.controller == "UIViewController-Ah7-4n-0Wa")
        let upstream = try #require(detail.steps(.instantiate).first { $0.objectID == ObjectID("#45") })
        #expect(upstream.call == "supplied by the loader" && upstream.class == "DetailViewController")
        #expect(detail.steps(.connect).first?.label == "mountainDetails")
        #expect(detail.steps(.awake).last?.call == "viewDidLoad")
        // The .app next to it has a compiled asset catalog or loose files: something to check against.
        #expect(docs.allSatisfy { $0.steps.first?.call == "read the archive" })
    }

    @Test func sequenceEncodesAsDocumented() throws {
        let input = try Self.open(Self.samples + "/LoginViewController.nib")
        let data = try JSONEncoder().encode(LoadSequence(input, resources: ResourceIndex()))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let doc = try #require((json["documents"] as? [[String: Any]])?.first)
        #expect(doc["document"] as? String == "LoginViewController.nib" && doc["platform"] as? String == "iOS")
        let step = try #require((doc["steps"] as? [[String: Any]])?.first { $0["phase"] as? String == "connect" })
        #expect(step["object"] is String && step["class"] is String && step["call"] is String)
    }

    @Test func resourceNamesAreNormalised() {
        #expect(ResourceIndex.normalized("Star@2x~ipad.png") == "star")
        #expect(ResourceIndex.normalized("Logo") == "logo")
        let index = ResourceIndex(root: "/x", compiledCatalogs: ["Assets.car"])
        #expect(index.lookup(.image, "star", platform: .iOS).0 == .unknown)
        #expect(index.lookup(.image, "star", catalog: "system", platform: .iOS).0 == .system)
        #expect(index.lookup(.image, "NSFolder", platform: .macOS).0 == .system)
        #expect(ResourceIndex().lookup(.image, "star", platform: .iOS).0 == .unchecked)
    }
}
