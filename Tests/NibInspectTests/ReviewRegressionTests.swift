import Foundation
import Testing
import TestSupport
import ArchiveReader
@testable import NibInspectCore

/// Regressions found in review: pipes as file arguments, non-finite constraint numbers in JSON,
/// the size limit on sources, one exit-status rule, duplicate sibling ids in the tree.
@Suite("Review regressions")
struct ReviewRegressionTests {
    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(args, console: console)
        return (code, console.output, console.errors)
    }

    static let samples = CLITests.packageRoot.appendingPathComponent("Samples")

    @Test("a named pipe given as the file is read once, compiled or source", arguments: ["MainMenu.nib/keyedobjects.nib", "MainMenu.xib"])
    func namedPipe(_ sample: String) throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let fifo = tree.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "cat \"$0\" > \"$1\"", Self.samples.appendingPathComponent(sample).path, fifo]
        try writer.run()
        let r = run(["tree", fifo])
        writer.waitUntilExit()
        #expect(r.code == .success, "\(r.err)")
        #expect(r.out.contains("18 objects") || r.out.contains("17 objects"), "\(r.out.prefix(200))")
    }

    @Test("a constraint with numbers that are not finite is still valid JSON")
    func nonFiniteConstraint() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try tree.write("c.xib", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <view id="v"><constraints>
                        <constraint firstAttribute="width" multiplier="nan" constant="inf" id="c1"/>
                        <constraint firstAttribute="height" multiplier="2:0" constant="1" id="c2"/>
                    </constraints></view>
                </objects>
            </document>
            """)
        let r = run(["json", path])
        #expect(r.code == .success, "\(r.err)")
        #expect((try? JSONSerialization.jsonObject(with: Data(r.out.utf8))) != nil)
        #expect(!r.out.contains("\"constraint\" : {"), "non-finite or invalid constraints are kept as text, not typed")
    }

    @Test("a source larger than the size limit is refused for its size")
    func sourceSizeLimit() throws {
        var limits = DecodingLimits.default
        limits.maxFileSize = 100
        let path = Self.samples.appendingPathComponent("LoginViewController.xib").path
        do {
            _ = try NibOpener(limits: limits).open(.path(path))
            Issue.record("no error")
        } catch let error as ArchiveError {
            #expect(error.description.contains("size") || error.description.contains("limit"), "\(error)")
            #expect(error.offset == 0)
        }
    }

    /// A regular file over the limit is refused by its size without being read (a 3 GB sparse
    /// file used to be read up to the limit first), and the error gives its real size.
    @Test func oversizedFileIsRefusedBeforeReading() throws {
        var limits = DecodingLimits.default
        limits.maxFileSize = 100
        let nib = Self.samples.appendingPathComponent("LoginViewController.nib").path
        let size = try #require((try FileManager.default.attributesOfItem(atPath: nib)[.size] as? NSNumber)?.intValue)
        do {
            _ = try NibLoader(limits: limits).readInput(nib)
            Issue.record("no error")
        } catch let error as ArchiveError {
            #expect(error.kind == .limitExceeded(.fileSize, value: size), "\(error)")
            #expect(error.offset == 0)
        }
    }

    @Test("every command exits 65 when a document of a directory cannot be read", arguments: [
        ["tree"], ["json"], ["connections"], ["graph"],
    ])
    func failingSourceInDirectory(_ command: [String]) throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("d/Login.nib", [UInt8](try Data(contentsOf: Self.samples.appendingPathComponent("LoginViewController.nib"))))
        try tree.write("d/Broken.xib", Array("<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects>".utf8))
        let r = run(command + [tree.path("d")])
        #expect(r.code == .dataError, "\(r.err)")
        #expect(r.err.contains("Broken.xib"))
    }

    @Test("an element repeating an id is kept under an id of its own and the tree's branches stay closed")
    func duplicateChild() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try tree.write("dup.xib", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <view id="v"><subviews>
                        <label id="dup" text="one"/>
                        <label id="dup" text="two"/>
                    </subviews></view>
                </objects>
            </document>
            """)
        let r = run(["tree", path])
        #expect(r.out.contains("├─ dup UILabel \"one\""), "\(r.out)")
        #expect(r.out.contains("└─ dup~2 UILabel \"two\""), "\(r.out)")
        #expect((r.out + r.err).contains("duplicate object id 'dup'; later element kept as a separate entry, id 'dup~2'"))
    }

    @Test("a cell repeating its grandparent's id (found by fuzzing) leaves the hierarchy a tree")
    func duplicateOfAncestor() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
                <objects>
                    <customView id="2"><subviews>
                        <imageView id="3"><imageCell key="cell" id="2"/></imageView>
                    </subviews></customView>
                </objects>
            </document>
            """
        let document = try #require(try SourceReader.read(bytes: Array(text.utf8), name: "d.xib").documents.first)
        #expect(Set(document.objects.map(\.id)).count == document.objects.count)
        for object in document.objects {
            var seen = Set<ObjectID>(), current: ObjectID? = object.id
            while let c = current {
                guard seen.insert(c).inserted else { Issue.record("parent cycle through \(c)"); break }
                current = document.object(c)?.parent
            }
            for child in object.children { #expect(document.object(child)?.parent == object.id) }
        }
    }

    @Test("graph on a directory draws every document, storyboards included, under a short title")
    func graphOfDirectory() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        for name in ["LoginViewController.nib", "MainMenu.xib"] {
            try tree.write("d/" + name, [UInt8](try Data(contentsOf: Self.samples.appendingPathComponent(name))))
        }
        try tree.write("d/Empty.storyboard", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                <scenes/>
            </document>
            """)
        let r = run(["graph", tree.path("d")])
        #expect(r.code == .success, "\(r.err)")
        #expect(r.out.contains("label=\"LoginViewController.nib\"") && r.out.contains("label=\"MainMenu.xib\""), "\(r.out.prefix(600))")
    }

    @Test("menu key equivalents and separators of xib sources read as in compiled nibs")
    func sourceKeyEquivalents() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try tree.write("m.xib", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
                <objects>
                    <menu title="App" id="m">
                        <items>
                            <menuItem title="Hide" keyEquivalent="h" id="a"/>
                            <menuItem title="Hide Others" keyEquivalent="h" id="b">
                                <modifierMask key="keyEquivalentModifierMask" option="YES" command="YES"/>
                            </menuItem>
                            <menuItem title="Redo" keyEquivalent="Z" id="c"/>
                            <menuItem isSeparatorItem="YES" id="s"/>
                            <menuItem title="Plain" keyEquivalent="p" id="d">
                                <modifierMask key="keyEquivalentModifierMask"/>
                            </menuItem>
                        </items>
                    </menu>
                </objects>
            </document>
            """)
        let r = run(["tree", path])
        #expect(r.out.contains("a NSMenuItem \"Hide\" ⌘H"), "\(r.out)")
        #expect(r.out.contains("b NSMenuItem \"Hide Others\" ⌥⌘H"))
        #expect(r.out.contains("c NSMenuItem \"Redo\" ⇧⌘Z"))
        #expect(r.out.contains("s NSMenuItem (separator)"))
        #expect(r.out.contains("d NSMenuItem \"Plain\" P"))
    }

    @Test("--depth counts the children it would show (constraints only with --constraints)", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func depthCount() throws {
        let nib = try #require(Corpus.root).appendingPathComponent("viraptor__ibtool/samples/correct/StatusBar.nib").path
        let plain = run(["tree", "--depth", "0", nib]).out
        let all = run(["tree", "--depth", "0", "--constraints", nib]).out
        #expect(plain.contains("… 5 children below --depth"), "\(plain)")
        #expect(all.contains("… 16 children below --depth"), "\(all)")
    }
}
