import ArchiveReader
import Testing

/// Facts the resolver must get right on the hand-made fixtures (nib-format.md §3–5), beyond
/// what the goldens show.
@Suite struct NibResolverTests {
    static func doc(_ name: String) -> NibDocument { FixtureInputs.input(name).documents[0] }

    @Test func uikitClassesPlaceholdersAndProperties() throws {
        let d = Self.doc("ios-login")
        #expect(d.platform == .iOS && d.format == .nibArchive && d.coderVersion == "10")
        let owner = try #require(d.placeholders.first)
        #expect(owner.placeholder?.kind == .filesOwner && owner.customClass == nil)
        #expect(d.placeholders.map { $0.placeholder!.kind } == [.filesOwner, .firstResponder, .external])
        let view = try #require(d.objects.first { $0.customClass == "LoginView" })
        #expect(view.className == "UIView" && view.customModule == "LoginKit")
        #expect(view.runtimeClassName == "_TtC8LoginKit9LoginView")
        #expect(view.property("frame") == .rect(Rect(x: 0, y: 0, width: 375, height: 667)))
        #expect(view.children.count == 6)
        let label = try #require(d.object(view.children.first))
        #expect(label.property("text") == .string("Welcome") && label.property("frame") == .rect(Rect(x: 87.5, y: 85, width: 200, height: 30)))
        #expect(label.property("font") == .font(Font(name: "Helvetica-Bold", size: 24)))
    }

    @Test func uikitConnections() throws {
        let d = Self.doc("ios-login")
        let kinds = Set(d.connections.map(\.kind))
        #expect(kinds == [.outlet, .outletCollection, .action, .accessibility, .runtimeAttribute])
        let collection = try #require(d.connections.first { $0.kind == .outletCollection })
        let tags = collection.members?.compactMap { d.object($0)?.property("tag") }
        #expect(tags == [.int(1), .int(2)])
        #expect(collection.collectionClass == "NSArray" && collection.appendsToCollection == false)
        let copy = try #require(d.connections.first { $0.label == "copy:" })
        #expect(copy.isNilTargeted && copy.unresolved == nil)
        #expect(copy.controlEvents?.eventNames == ["touchUpInside", "0x800000"])
        let signIn = try #require(d.connections.first { $0.label == "signIn:" })
        #expect(!signIn.isNilTargeted && d.object(signIn.destination)?.placeholder?.kind == .filesOwner)
        let stale = try #require(d.connections.first { $0.label == "staleOutlet" })
        #expect(stale.source == nil && stale.unresolved != nil)
        #expect(d.connections.filter { $0.unresolved != nil }.count == 1)
        let attribute = try #require(d.connections.first { $0.kind == .runtimeAttribute })
        #expect(attribute.keyPath == "layer.cornerRadius" && attribute.value == .int(8))
    }

    @Test(arguments: ["mac-keyed", "mac-nibarchive", "mac-typedstream"])
    func appkitShapesResolveAlike(_ name: String) throws {
        let d = Self.doc(name)
        #expect(d.platform == .macOS)
        let owner = try #require(d.placeholders.first)
        #expect(owner.placeholder?.kind == .filesOwner && owner.customClass == "PreferencesController")
        #expect(d.placeholders.compactMap { $0.placeholder?.kind } == [.filesOwner, .application, .external])
        let quit = try #require(d.connections.first { $0.label == "terminate:" })
        #expect(quit.isNilTargeted && quit.destination == nil && quit.unresolved == nil)
        let binding = try #require(d.connections.first { $0.kind == .binding })
        #expect(binding.label == "value" && binding.keyPath == "values.userName")
        #expect(binding.options == ["NSContinuouslyUpdatesValue": "1"])
        #expect(d.connections.filter { $0.kind == .runtimeAttribute }.map(\.label) == ["cornerRadius", "caption"])
        #expect(d.connections.filter { $0.unresolved != nil }.map(\.label) == ["oldOutlet"])
        let sidebar = try #require(d.objects.first { $0.customClass == "MainWindow.Sidebar" })
        #expect(sidebar.customModule == "Desktop" && sidebar.className == "NSView")
        let delegate = try #require(d.objects.first { $0.customClass == "AppDelegate" })
        #expect(delegate.customModule == "Desktop" && delegate.runtimeClassName == "_TtC7Desktop11AppDelegate")
        let window = try #require(d.objects.first { $0.className == "NSPanel" })
        #expect(d.visibleWindows == [window.id] && d.topLevelObjects.contains(window.id))
        #expect(window.property("title") == .string("Preferences"))
        // Names survive only outside NIBArchive (§4.3); a typedstream (IB 2) nib shows the title
        // and keeps its name table's entry as `objectName`.
        switch name {
        case "mac-typedstream":
            #expect(window.name == "Preferences" && window.property("objectName") == .string("Window (Preferences)"))
        case "mac-keyed": #expect(window.name == "Window (Preferences)")
        default: #expect(window.name != "Window (Preferences)")
        }
        let quitItem = try #require(d.objects.first { $0.id == quit.source })
        #expect(quitItem.property("keyEquivalent") == .keyEquivalent(KeyEquivalent(key: "q", modifierMask: 1 << 20)))
        #expect(d.object(d.object(quitItem.parent)?.parent)?.className == "NSMenuItem")
    }

    /// The three AppKit shapes give the same connection table once ids are replaced by classes.
    @Test func appkitShapesHaveTheSameConnectionTable() {
        func table(_ d: NibDocument) -> [String] {
            d.connections.map { "\($0.kind) \($0.label) \(d.object($0.source)?.effectiveClass ?? "-") \(d.object($0.destination)?.effectiveClass ?? "-") \($0.isNilTargeted)" }
        }
        let keyed = table(Self.doc("mac-keyed"))
        #expect(keyed.count == 12)
        #expect(table(Self.doc("mac-nibarchive")) == keyed)
        #expect(table(Self.doc("mac-typedstream")) == keyed)
    }

    @Test func storyboardUpstreamPlaceholdersAndSummary() throws {
        let input = FixtureInputs.input("ios-storyboard")
        #expect(input.documents.map(\.name) == ["UIViewController-vc1", "vc1-view-v1"])
        let scene = input.documents[0], view = input.documents[1]
        let controller = try #require(scene.objects.first { $0.customClass == "HomeViewController" })
        let upstream = view.placeholders.filter { $0.placeholder?.kind == .upstream }
        #expect(upstream.map { $0.placeholder!.identifier } == ["UpstreamPlaceholder-1", "UpstreamPlaceholder-2", "UpstreamPlaceholder-3"])
        #expect(upstream[0].placeholder?.resolvedTarget == "UIViewController-vc1:\(controller.id)")
        #expect(upstream[1].placeholder?.resolvedTarget?.hasPrefix("UIViewController-vc1:#") == true)
        #expect(upstream[2].placeholder?.resolvedTarget == nil)
        #expect(input.diagnostics.count == 1 && input.diagnostics[0].message.contains("UpstreamPlaceholder-3"))
        #expect(input.diagnostics.first?.code == .unresolvedUpstreamPlaceholder)
        #expect(input.diagnostics.first?.location.object == upstream[2].id)
        let summary = try #require(input.storyboard)
        #expect(summary.entryPoint == "HomeVC")
        let home = try #require(summary.scenes.first { $0.identifier == "HomeVC" })
        #expect(home.controllerClass == "HomeViewController" && home.viewNibName == "vc1-view-v1")
        #expect(home.documents == ["UIViewController-vc1", "vc1-view-v1"])
        #expect(summary.segues.map { "\($0.from)→\($0.to ?? "")/\($0.segue.kind)/\($0.segue.identifier ?? "")" } == ["HomeVC→DetailVC/show/showDetail"])
    }

    @Test func demangler() {
        #expect(SwiftNameCheck.demangle("_TtC9COVIDSafe33RegistrationConsentViewController") == "COVIDSafe|RegistrationConsentViewController")
        #expect(SwiftNameCheck.demangle("_TtCC4Main5Outer5Inner") == "Main|Outer.Inner")
        #expect(SwiftNameCheck.demangle("_TtCs12_SwiftObject") == "Swift|_SwiftObject")
        #expect(SwiftNameCheck.demangle("_TtC4Main") == nil)
        #expect(SwiftNameCheck.demangle("_TtC9COVIDSafe99Short") == nil)
        #expect(SwiftNameCheck.demangle("MyViewController") == nil)
    }
}

/// The demangler is internal; observe it through the resolver on a one-object graph.
enum SwiftNameCheck {
    static func demangle(_ name: String) -> String? {
        var b = GraphBuilder(.keyed)
        let swapper = b.add("UIClassSwapper", [("UIClassName", .string(name)), ("UIOriginalClassName", .string("UIView"))])
        let list = b.array([swapper])
        let graph = b.graph(topFields: [("UINibObjectsKey", list)])
        let o = NibResolver.resolve(graph, name: "x").objects.first
        guard let o, o.runtimeClassName == name, let module = o.customModule, let cls = o.customClass else { return nil }
        return "\(module)|\(cls)"
    }
}
