import Foundation
import TestSupport
import Testing
@testable import ArchiveReader
@testable import NibCompare

/// Diagnostics as data: the code list, and codes, severities and locations as the readers,
/// the resolver and `compare` emit them.
@Suite("Diagnostics")
struct DiagnosticTests {
    @Test("every code has a unique kebab-case name and a one-line explanation")
    func codeList() {
        let names = DiagnosticCode.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        let kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/
        for code in DiagnosticCode.allCases {
            #expect(code.rawValue.wholeMatch(of: kebab) != nil, "\(code.rawValue)")
            #expect(!code.explanation.isEmpty && !code.explanation.contains("\n"), "\(code.rawValue)")
            #expect(code.explanation.hasSuffix("."), "\(code.rawValue)")
            // A code's name is not its explanation.
            #expect(code.explanation.count > code.rawValue.count, "\(code.rawValue)")
        }
        #expect(DiagnosticCode.documentNotRead.defaultSeverity == .error)
        #expect(DiagnosticCode.implicitObjects.defaultSeverity == .info)
        #expect(DiagnosticCode.trailingBytes.defaultSeverity == .warning)
    }

    @Test("a diagnostic prints its message and encodes code, severity, message and location")
    func encoding() throws {
        let d = Diagnostic(.trailingBytes, "4 byte(s) after the last table",
                           location: .init(document: "A.nib", byteOffset: 0x45))
        #expect(d.description == "4 byte(s) after the last table" && d.severity == .warning)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(d), as: UTF8.self)
        #expect(json == #"{"code":"trailing-bytes","location":{"byteOffset":69,"document":"A.nib"},"message":"4 byte(s) after the last table","severity":"warning"}"#)
        // Every location field, by its name.
        let full = Diagnostic(.duplicateObjectID, "duplicate object id 'a'",
                              location: .init(document: "A.xib", object: ObjectID("a"), objectPath: "View › Button",
                                              sourceLine: 3, sourceColumn: 9, byteOffset: 40, path: "/x/A.xib"))
        #expect(String(decoding: try encoder.encode(full.location), as: UTF8.self)
                == #"{"byteOffset":40,"document":"A.xib","object":"a","objectPath":"View › Button","path":"\/x\/A.xib","sourceColumn":9,"sourceLine":3}"#)
        #expect(try JSONDecoder().decode(Diagnostic.self, from: encoder.encode(full)) == full)
        #expect(try JSONDecoder().decode(Diagnostic.self, from: Data(json.utf8)) == d)
        #expect(d.located(document: "B.nib", path: "/x/A.nib").location
                == .init(document: "A.nib", byteOffset: 0x45, path: "/x/A.nib"))
    }

    @Test("an unknown NIBArchive coder version is a warning at the version word's offset")
    func unknownCoderVersion() throws {
        var bytes = TinyNib.simple("Probe")
        bytes[14] = 11   // coder version 9 → 11 (format version stays 1)
        let archive = try NibArchive(bytes: bytes)
        let d = try #require(archive.diagnostics.first)
        #expect(archive.diagnostics.count == 1)
        #expect(d.code == .unknownArchiveVersion && d.severity == .warning)
        #expect(d.location.byteOffset == 14)
        #expect(d.message == "unknown NIBArchive version 1/11 (expected 1/9 or 1/10); reading anyway")
        // A wrong format version points at its own word.
        var format = TinyNib.simple("Probe")
        format[10] = 2
        #expect(try NibArchive(bytes: format).diagnostics.first?.location.byteOffset == 10)
        // Nested at offset 100 of an outer input, the offset is absolute.
        #expect(try NibArchive(bytes: bytes, baseOffset: 100).diagnostics.first?.location.byteOffset == 114)
        // The resolved document carries it, located in the document.
        let document = NibResolver.resolve(archive.objectGraph(), name: "Probe.nib", path: "/tmp/Probe.nib")
        #expect(document.diagnostics == [Diagnostic(.unknownArchiveVersion, d.message, location:
            .init(document: "Probe.nib", byteOffset: 14, path: "/tmp/Probe.nib"))])
    }

    @Test("a compiled connection without destination is kept, flagged at its record and its source")
    func compiledUnresolvedConnection() throws {
        var nib = TinyNib()
        let root = nib.reserve()
        let view = nib.add("UIView")
        let label = nib.string("ghost")
        let connection = nib.add("UIRuntimeOutletConnection", [("UILabel", .ref(label)), ("UISource", .ref(view))])
        let objects = nib.add("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .ref(view))])
        let connections = nib.add("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .ref(connection))])
        nib.set(root, "NSObject", [("UINibObjectsKey", .ref(objects)), ("UINibTopLevelObjectsKey", .ref(objects)),
                                   ("UINibConnectionsKey", .ref(connections))])
        let graph = try NibArchive(bytes: nib.bytes()).objectGraph()
        let document = NibResolver.resolve(graph, name: "Ghost.nib")
        let ghost = try #require(document.connections.first { $0.label == "ghost" })
        let why = try #require(ghost.unresolved)
        #expect(ghost.source == ObjectID("#\(view)") && ghost.destination == nil)
        #expect(why.code == .unresolvedDestination && why.severity == .warning)
        #expect(why.message == "no destination archived")
        #expect(why.location == .init(document: "Ghost.nib", object: ObjectID("#\(view)"), objectPath: "UIView",
                                      byteOffset: try #require(graph.objects[connection].offset)))
    }

    @Test("an unresolved xib connection carries its code, source line and object")
    func xibUnresolvedConnection() throws {
        let input = try SourceReader.read(bytes: Array(XIBFixtures.iOSXib.utf8), name: "Login.xib", path: "/src/Login.xib")
        let doc = try #require(input.documents.first)
        let ghost = try #require(doc.connections.first { $0.label == "ghost" })
        let why = try #require(ghost.unresolved)
        #expect(why.code == .unresolvedDestination && why.severity == .warning)
        #expect(why.location == .init(document: "Login.xib", object: ObjectID("-1"), objectPath: "File's Owner (LoginViewController)",
                                      sourceLine: 10, sourceColumn: 17, path: "/src/Login.xib"))
        // The message is a plain sentence: the line is in the location; connection listings add it.
        #expect(why.message == "destination 'does-not-exist' not found")
        #expect(why.messageWithLine == "destination 'does-not-exist' not found (line 10)")
        // The document lists the same problem, naming the connection.
        let listed = try #require(doc.diagnostics.first { $0.code == .unresolvedDestination })
        #expect(listed.message == "outlet 'ghost' of -1: destination 'does-not-exist' not found")
        #expect(listed.location == why.location)
    }

    @Test("a dangling outlet collection member is its own code")
    func xibUnresolvedMember() throws {
        let xib = XIBFixtures.iOSXib.replacingOccurrences(of: #"destination="lbl" collectionClass"#,
                                                          with: #"destination="nowhere" collectionClass"#)
        let doc = try #require(try SourceReader.read(bytes: Array(xib.utf8), name: "Login.xib").documents.first)
        let labels = try #require(doc.connections.first { $0.label == "labels" })
        #expect(labels.unresolved?.code == .unresolvedMember)
        #expect(labels.unresolved?.message == "member 'nowhere' not found")
        #expect(labels.unresolved?.location.sourceLine == 8)
    }

    @Test("xib duplicate ids and storyboard entry points are located by line and column, each reported once")
    func sourceLines() throws {
        let xib = XIBFixtures.iOSXib.replacingOccurrences(of: #"id="ext""#, with: #"id="btn""#)
        let input = try SourceReader.read(bytes: Array(xib.utf8), name: "Dup.xib")
        // The document reports the duplicate among its objects; the file-wide index does not repeat it.
        #expect(input.diagnostics.isEmpty)
        let dup = try #require(input.documents.first?.diagnostics.first { $0.code == .duplicateObjectID })
        let lines = xib.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(dup.location.sourceLine), column = try #require(dup.location.sourceColumn)
        // The later element, the button, at its '<'.
        #expect(lines[line - 1].utf8.dropFirst(column - 1).starts(with: "<button ".utf8) && lines[line - 1].contains(#"id="btn""#))
        #expect(dup.location.object != nil && dup.location.document == "Dup.xib")
        #expect(!dup.message.contains("line"))
        let storyboard = XIBFixtures.iOSStoryboard.replacingOccurrences(of: #"initialViewController="nav""#,
                                                                       with: #"initialViewController="gone""#)
        let sb = try SourceReader.read(bytes: Array(storyboard.utf8), name: "Main.storyboard", path: "/src/Main.storyboard")
        #expect(sb.diagnostics == [Diagnostic(.unknownEntryPoint, "initialViewController 'gone' names no object",
                                              location: .init(sourceLine: 2, sourceColumn: 1, path: "/src/Main.storyboard"))])
        // Ids repeated across the scenes of a storyboard: the file reports them (each scene has one).
        let across = XIBFixtures.iOSStoryboard.replacingOccurrences(of: #"id="back""#, with: #"id="nav""#)
        #expect(across != XIBFixtures.iOSStoryboard)
        let crossed = try SourceReader.read(bytes: Array(across.utf8), name: "Main.storyboard")
        let all = crossed.diagnostics + crossed.documents.flatMap(\.diagnostics)
        #expect(all.filter { $0.code == .duplicateObjectID }.count == 1)
    }

    @Test("compare notes carry codes; nested archives repeat none of the placeholder notes")
    func compareNotes() throws {
        let src = try CompareTests.source(XIBFixtures.macXib)
        let report = NibComparer.compare(source: src, compiled: CompareTests.compiledCopy(of: src))
        let note = try #require(report.notes.first { $0.code == .firstResponderNotArchived })
        #expect(note.severity == .info && note.location.sourceLine == 5 && note.location.object != nil)
        #expect(report.dropped == report.notes.map(\.message))
        #expect(NestedArchiveCompare.placeholderNotes.allSatisfy { $0.defaultSeverity == .info })
        // The JSON keeps the text list and adds the notes.
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any]
        #expect((json?["dropped"] as? [String]) == report.dropped)
        #expect((json?["notes"] as? [[String: Any]])?.first?["code"] as? String == report.notes.first?.code.rawValue)
        #expect(try JSONDecoder().decode(CompareReport.self, from: JSONEncoder().encode(report)) == report)
    }

    @Test("a directory's unreadable document is a document-not-read error; the good one is read")
    func documentNotRead() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Mixed/Good.nib", TinyNib.simple("GoodView"))
        let bad = try tree.write("Mixed/Bad.nib", [])
        let input = NibResolver.resolve(try NibLoader().loadContainer(at: tree.path("Mixed")))
        #expect(input.documents.map(\.name) == ["Good.nib"])
        #expect(input.diagnostics == [Diagnostic(.documentNotRead, "empty file", severity: .error,
                                                 location: .init(document: "Bad.nib", path: bad))])
    }

    @Test("a directory's unreadable source is a document-not-read error too, once per failure")
    func sourceNotRead() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Good.nib", TinyNib.simple("GoodView"))
        let broken = try tree.write("Broken.xib", Array("<?xml version=\"1.0\"?><document type=\"x\"><objects>".utf8))
        let opened = try NibOpener(width: 1).open(.path(tree.root))
        let errors = opened.input.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == opened.failures.count && errors.map(\.code) == [.documentNotRead])
        let error = try #require(errors.first)
        #expect(error.message.hasPrefix("truncated or malformed XML") && error.location.document == "Broken.xib")
        #expect(!error.message.contains("at byte 0x"))
        #expect(error.location.path == broken && error.location.byteOffset != nil)
    }

    @Test("no user-facing message cites a section of the project's notes")
    func noSectionCitations() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("d/MyNib~iphone~iphone.nib", TinyNib.simple("Doubled"))
        let loaded = try NibLoader().loadContainer(at: tree.path("d"))
        let doubled = try #require(loaded.container.diagnostics.first)
        #expect(doubled.code == .doubledDeviceModifier)
        #expect(doubled.message == "doubled device modifier; no loader resolves this name")
        #expect(doubled.location.document == "MyNib~iphone~iphone.nib" && doubled.location.path == tree.path("d/MyNib~iphone~iphone.nib"))
        for code in DiagnosticCode.allCases { #expect(!code.explanation.contains("§"), "\(code.rawValue)") }
    }
}
