import TestSupport
import Foundation
import Testing
@testable import NibInspectCore

/// The exact one-line messages and exit codes for bad input, run in-process: truncated inputs of
/// each format, files that are not nibs at all, unwritable outputs and the source variant of a
/// nib bundle.
@Suite("Error messages (CLI)")
struct ErrorMessageCLITests {
    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let c = Console.capturing()
        let code = NibInspectCLI.run(args, console: c)
        return (code, c.output, c.errors)
    }

    static let sample = CLITests.sample
    static let xibSample = CLITests.xib

    /// A minimal IB 3 archive-format source (`designable.nib`): File's Owner with one outlet to a view.
    static let designable = """
    <?xml version="1.0" encoding="UTF-8"?>
    <archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="7.10">
    <data>
    <object class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
    <object class="NSCustomObject" id="1001"><string key="NSClassName">Controller</string></object>
    <object class="NSCustomView" id="1005"><string key="NSClassName">NSView</string></object>
    </object>
    <object class="IBObjectContainer" key="IBDocument.Objects">
    <object class="NSMutableArray" key="connectionRecords">
    <object class="IBConnectionRecord">
    <object class="IBOutletConnection" key="connection">
    <string key="label">panel</string>
    <reference key="source" ref="1001"/>
    <reference key="destination" ref="1005"/>
    </object>
    <int key="connectionID">10</int>
    </object>
    </object>
    <object class="IBMutableOrderedSet" key="objectRecords">
    <object class="NSArray" key="orderedObjects">
    <object class="IBObjectRecord"><int key="objectID">0</int><object class="NSArray" key="object" id="1002"/><reference key="children" ref="1000"/><nil key="parent"/></object>
    <object class="IBObjectRecord"><int key="objectID">-2</int><reference key="object" ref="1001"/><reference key="parent" ref="1002"/><string key="objectName">File's Owner</string></object>
    <object class="IBObjectRecord"><int key="objectID">1</int><reference key="object" ref="1005"/><reference key="parent" ref="1002"/></object>
    </object>
    </object>
    </object>
    </data>
    </archive>

    """

    @Test("a NIBArchive cut inside its tables names the header count, the bytes and the header field")
    func truncatedNibArchive() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.sample)).prefix(100))
        let path = try tree.write("t.nib", bytes)
        let r = run(["tree", path])
        #expect(r.code == .dataError)
        #expect(r.out.isEmpty)
        #expect(r.err == "nibinspect: error: \(path): truncated: the header's object count 70 needs at least 210 bytes, "
                + "50 available after the header at byte 0x12 in header (object count)\n")
    }

    @Test("a truncated xib is one statement: the open element, its line, the end-of-file offset")
    func truncatedXib() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let text = try String(contentsOfFile: Self.xibSample, encoding: .utf8)
        // Cut right after the first line that opens <objects>, so <document> and <objects> stay open.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let cutLine = try #require(lines.firstIndex { $0.contains("<objects>") })
        let cut = lines[...cutLine].joined(separator: "\n") + "\n"
        let path = try tree.write("t.xib", text: cut)
        let r = run(["tree", path])
        #expect(r.code == .dataError)
        let hex = String(cut.utf8.count, radix: 16, uppercase: true)
        #expect(r.err == "nibinspect: error: \(path): truncated or malformed XML: element <objects> opened at line \(cutLine + 1) "
                + "is never closed before the end of the file at byte 0x\(hex)\n")
    }

    @Test("files that are not nibs are named: JSON, source code, text, images, zip, gzip, HTML, Mach-O")
    func foreignFormats() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let cases: [(String, [UInt8], String)] = [
            ("a.json", Array("{\n  \"name\": \"x\", \"n\": 1\n}\n".utf8), "JSON text: not a nib"),
            ("b.json", Array("[1, 2, 3]\n".utf8), "JSON text: not a nib"),
            ("A.java", Array("// A class\npackage demo;\n\npublic class A {}\n".utf8), "plain UTF-8 text: not a nib"),
            ("notes.txt", Array("just some words\n".utf8), "plain UTF-8 text: not a nib"),
            ("i.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D], "PNG image: not a nib"),
            ("i.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], "JPEG image: not a nib"),
            ("i.gif", Array("GIF89a".utf8) + [1, 0], "GIF image: not a nib"),
            ("i.tiff", Array("MM\0*".utf8) + [0, 0, 0, 8], "TIFF image: not a nib"),
            ("d.pdf", Array("%PDF-1.7\n".utf8), "PDF document: not a nib"),
            ("x.gz", [0x1F, 0x8B, 0x08, 0], "gzip-compressed data: not a nib (decompress it first)"),
            ("p.html", Array("<!DOCTYPE html>\n<html><body></body></html>\n".utf8), "HTML document: not a nib"),
            ("tool", [0xCF, 0xFA, 0xED, 0xFE, 0x0C, 0, 0, 0x01], "Mach-O binary: not a nib"),
            ("r.bin", [0x00, 0x01, 0x02, 0x03], "unrecognised file format"),
            // A real old-style plist (`=` and `;`) keeps its name, even with a quoted key first.
            ("classes.nib", Array("{ \"IBClasses\" = (); IBVersion = 1; }\n".utf8),
             "old-style ASCII plist: not a supported compiled nib"),
        ]
        for (name, bytes, message) in cases {
            let path = try tree.write(name, bytes)
            let r = run(["tree", path])
            #expect(r.code == .dataError, "\(name)")
            #expect(r.err == "nibinspect: error: \(path): \(message)\n")
        }
        // A zip is read as the app it holds (ArchiveInputTests); --raw reads one compiled file.
        let zip = try tree.write("App.ipa", [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
        let raw = run(["tree", "--raw", zip])
        #expect(raw.code == .dataError)
        #expect(raw.err == "nibinspect: error: \(zip): zip archive: not a nib (nibinspect reads an .ipa or .zip given as the input, except with --raw)\n")
    }

    @Test("an output that cannot be written names the path and why, exit 73")
    func unwritableOutput() throws {
        let r = run(["graph", "-o", "/nonexistent/dir/x.svg", Self.sample])
        #expect(r.code == .cantCreate)
        #expect(r.code.rawValue == 73)
        #expect(r.err == "nibinspect: error: cannot write /nonexistent/dir/x.svg: no such directory\n")
        let tree = try TempTree()
        defer { tree.remove() }
        let dir = try tree.mkdir("out")
        let d = run(["graph", "-o", dir, Self.sample])
        #expect(d.code == .cantCreate)
        #expect(d.err == "nibinspect: error: cannot write \(dir): is a directory\n")
        #expect(run(["--help"]).out.contains("73 output file (-o) cannot be written"))
    }

    @Test("--variant designable.nib reads the bundle's IB 3 source; --raw refuses it clearly")
    func designableVariant() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("X.nib/runtime.nib", Array(try Data(contentsOf: URL(fileURLWithPath: Self.sample))))
        try tree.write("X.nib/designable.nib", text: Self.designable)
        let bundle = tree.path("X.nib")
        let t = run(["tree", "--variant", "designable.nib", bundle])
        #expect(t.code == .success, "\(t.err)")
        #expect(t.out.hasPrefix("X.nib/designable.nib — macOS xib (IB 3 archive)"))
        #expect(t.out.contains("outlet panel → 1 NSView"))
        let c = run(["connections", "--format", "tsv", "--variant", "designable", bundle])
        #expect(c.code == .success)
        #expect(c.out.contains("outlet\t-2\t") && c.out.contains("panel"))
        let j = run(["json", "--variant", "designable.nib", bundle])
        #expect(j.code == .success)
        #expect(j.out.contains("\"label\" : \"panel\"") || j.out.contains("\"label\": \"panel\"") || j.out.contains("\"label\":\"panel\""))
        let g = run(["graph", "--variant", "designable.nib", bundle])
        #expect(g.code == .success)
        #expect(g.out.hasPrefix("digraph") && g.out.contains("panel"))
        // The compiled default is unchanged.
        #expect(run(["tree", bundle]).out.contains("\nX.nib/runtime.nib — iOS NIBArchive"))
        for command in ["tree", "json"] {
            let raw = run([command, "--raw", "--variant", "designable.nib", bundle])
            #expect(raw.code == .usage)
            #expect(raw.out.isEmpty)
            #expect(raw.err.hasPrefix("Error: designable.nib is the IB 3 XML source; --raw reads compiled variants only\n"))
        }
    }
}
