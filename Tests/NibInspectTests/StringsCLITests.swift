import TestSupport
import ArchiveReader
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import NibInspectCore
import NibWriters

/// `nibinspect strings`: ibtool's strings file, XLIFF, String Catalog and JSON.
@Suite struct StringsCLITests {
    static let samples = Corpus.packageRoot.appendingPathComponent("Samples")
    static let login = samples.appendingPathComponent("LoginViewController.xib").path
    static let menu = samples.appendingPathComponent("MainMenu.xib").path

    static func run(_ args: [String], stdin: [UInt8]? = nil) -> (ExitCode, Console) {
        let console = Console.capturing(stdin: stdin, environment: [:])
        return (NibInspectCLI.run(args, console: console), console)
    }

    static let formats = ["strings", "xliff", "xcstrings", "json"]
    static let extensions = ["strings": "strings", "xliff": "xliff", "xcstrings": "xcstrings", "json": "json"]

    @Test(arguments: formats)
    func goldens(_ format: String) {
        for (path, name) in [(Self.login, "LoginViewController"), (Self.menu, "MainMenu")] {
            let (code, c) = Self.run(["strings", "--format", format, path])
            #expect(code == .success, "\(c.errors)")
            #expect(c.errors.isEmpty, "\(c.errors)")
            goldenFiles.check(c.output, "strings-\(name).\(Self.extensions[format]!)")
        }
    }

    @Test func loginIsIbtoolsText() {
        let (code, c) = Self.run(["strings", Self.login])
        #expect(code == .success)
        #expect(c.output.hasPrefix("\n/* Class = \"UITextField\"; placeholder = \"Password\"; ObjectID = \"P9w-Rd-2sT\"; */\n\"P9w-Rd-2sT.placeholder\" = \"Password\";\n\n"), "\(c.output)")
        // The custom class (PrimaryButton) is not ibtool's class.
        #expect(c.output.contains("/* Class = \"UIButton\"; normalTitle = \"Sign In\"; ObjectID = \"bH5-Ue-yLo\"; */\n\"bH5-Ue-yLo.normalTitle\" = \"Sign In\";\n"))
        #expect(c.output.contains("/* Class = \"UILabel\"; text = \"Welcome\"; ObjectID = \"kTg-3h-Qad\"; */\n\"kTg-3h-Qad.text\" = \"Welcome\";\n"))
        #expect(c.output.contains("\"Xq7-Jc-ZvE.placeholder\" = \"Email\";"))
        // userLabel ("File's Owner") is not localizable.
        #expect(!c.output.contains("File's Owner"))
        let keys = c.output.split(separator: "\n").filter { $0.hasPrefix("\"") }.map { String($0.split(separator: "\"")[0]) }
        #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    /// ibtool's order: numbers in keys compare as numbers, letters case-sensitively.
    @Test func keyOrder() {
        let keys = ["5Qf-No-6KB.title", "29.title", "56.title", "103.title", "203.headerCell.title", "471.title",
                    "LAY-qA-dcS.title", "Og3-wg-ENb.title", "fku-RV-THJ.title"]
        #expect(keys.shuffled().sorted(by: IBStringsWriter.exportPrecedes) == keys)
        #expect(IBStringsWriter.exportPrecedes("seg.segmentTitles[2]", "seg.segmentTitles[10]"))
        #expect(!IBStringsWriter.exportPrecedes("a", "a"))
    }

    @Test func xliffParses() throws {
        for path in [Self.login, Self.menu] {
            let (code, c) = Self.run(["strings", "--format", "xliff", path])
            #expect(code == .success)
            let delegate = UnitCollector()
            let parser = XMLParser(data: Data(c.output.utf8))
            parser.delegate = delegate
            #expect(parser.parse(), "\(String(describing: parser.parserError))")
            #expect(!delegate.ids.isEmpty)
            #expect(delegate.ids.allSatisfy { $0.contains(".") })
        }
    }

    final class UnitCollector: NSObject, XMLParserDelegate {
        var ids: [String] = []
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            if elementName == "trans-unit", let id = attributeDict["id"] { ids.append(id) }
        }
    }

    @Test func xcstringsIsAStringCatalog() throws {
        let (code, c) = Self.run(["strings", "--format", "xcstrings", Self.menu])
        #expect(code == .success)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(c.output.utf8)) as? [String: Any])
        #expect(json["sourceLanguage"] as? String == "en")
        #expect(json["version"] as? String == "1.0")
        let strings = try #require(json["strings"] as? [String: [String: Any]])
        let quit = try #require(strings["4sb-4s-VLi.title"])
        #expect(quit["extractionState"] as? String == "manual")
        #expect(quit["comment"] as? String == #"Class = "NSMenuItem"; title = "Quit MenuDemo"; ObjectID = "4sb-4s-VLi";"#)
        let unit = (((quit["localizations"] as? [String: Any])?["en"] as? [String: Any])?["stringUnit"] as? [String: Any])
        #expect(unit?["value"] as? String == "Quit MenuDemo")
        #expect(unit?["state"] as? String == "translated")
    }

    @Test func jsonList() throws {
        let (code, c) = Self.run(["strings", "--format", "json", Self.login])
        #expect(code == .success)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(c.output.utf8)) as? [[String: Any]])
        let welcome = try #require(items.first { $0["key"] as? String == "kTg-3h-Qad.text" })
        #expect(welcome["value"] as? String == "Welcome")
        #expect(welcome["class"] as? String == "UILabel")
        #expect(welcome["property"] as? String == "text")
        #expect(welcome["objectID"] as? String == "kTg-3h-Qad")
        #expect(welcome["line"] as? Int == 26)
    }

    static let escapingXib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <view id="abc-de-fgh" userLabel="Root">
                    <subviews>
                        <label text="Say &quot;hi&quot; \\ bye" id="lbl-00-001" userLabel="Greeting"/>
                        <label id="lbl-00-002">
                            <string key="text">Two
        lines</string>
                            <accessibility key="accessibilityConfiguration" label="Note" hint="Reads the note"/>
                        </label>
                        <label text="" id="lbl-00-003"/>
                        <label text="&#9;Tabbed" id="46P-aa-001"/>
                        <label text="Four" id="4EN-aa-001"/>
                        <button id="btn-00-001">
                            <state key="normal" title="Go"/>
                            <state key="highlighted" title="Going"/>
                            <state key="disabled" title=""/>
                        </button>
                        <segmentedControl id="seg-00-001">
                            <segments>
                                <segment title="First"/>
                                <segment title="Second"/>
                            </segments>
                        </segmentedControl>
                    </subviews>
                </view>
            </objects>
        </document>
        """

    @Test func escapingAndKeyNames() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try tree.write("Escaping.xib", text: Self.escapingXib)
        let (code, c) = Self.run(["strings", path])
        #expect(code == .success, "\(c.errors)")
        let out = c.output
        #expect(out.contains(#"/* Class = "UILabel"; text = "Say \"hi\" \\ bye"; ObjectID = "lbl-00-001"; */"# + "\n" + #""lbl-00-001.text" = "Say \"hi\" \\ bye";"#), "\(out)")
        #expect(out.contains(#""lbl-00-002.text" = "Two\nlines";"#), "\(out)")
        #expect(out.contains(#""lbl-00-002.accessibilityLabel" = "Note";"#))
        #expect(out.contains(#""lbl-00-002.accessibilityHint" = "Reads the note";"#))
        #expect(out.contains(#""btn-00-001.normalTitle" = "Go";"#))
        #expect(out.contains(#""btn-00-001.highlightedTitle" = "Going";"#))
        #expect(out.contains(#""seg-00-001.segmentTitles[0]" = "First";"#))
        #expect(out.contains(#""seg-00-001.segmentTitles[1]" = "Second";"#))
        #expect(out.contains(#""46P-aa-001.text" = "\tTabbed";"#), "\(out)")
        // ibtool's strings file sorts keys byte-wise; Xcode's export compares numbers as numbers.
        let p46 = try #require(out.range(of: "46P-aa-001.text")), p4 = try #require(out.range(of: "4EN-aa-001.text"))
        #expect(p46.lowerBound < p4.lowerBound)
        // Empty strings and user labels are not listed.
        #expect(!out.contains("lbl-00-003"))
        #expect(!out.contains("disabledTitle"))
        #expect(!out.contains("Greeting") && !out.contains("Root"))
        // The same through the XML of --format xliff: escapes survive a parse.
        let (_, x) = Self.run(["strings", "--format", "xliff", path])
        #expect(x.output.contains("<source>Say \"hi\" \\ bye</source>"), "\(x.output)")
        #expect(x.output.contains(#"<note>Class = "UILabel"; text = "Say \"hi\" \\ bye"; ObjectID = "lbl-00-001";</note>"#))
        #expect(x.output.contains("<source>Two\nlines</source>"))
        #expect(XMLParser(data: Data(x.output.utf8)).parse())
        let x46 = try #require(x.output.range(of: "46P-aa-001.text")), x4 = try #require(x.output.range(of: "4EN-aa-001.text"))
        #expect(x4.lowerBound < x46.lowerBound)
    }

    @Test func macKeys() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa">
                <objects>
                    <customView id="cv1" toolTip="Tip">
                        <subviews>
                            <textField id="tf1">
                                <textFieldCell key="cell" title="Name:" placeholderString="Your name" id="tfc1"/>
                            </textField>
                            <tableView id="tv1">
                                <tableColumns>
                                    <tableColumn id="col1">
                                        <tableHeaderCell key="headerCell" title="Size"/>
                                    </tableColumn>
                                </tableColumns>
                            </tableView>
                            <box title="Options" id="box1"/>
                        </subviews>
                    </customView>
                </objects>
            </document>
            """
        let tree = try TempTree()
        defer { tree.remove() }
        let path = try tree.write("Mac.xib", text: xib)
        let (code, c) = Self.run(["strings", path])
        #expect(code == .success, "\(c.errors)")
        #expect(c.output.contains(#"/* Class = "NSTextFieldCell"; title = "Name:"; ObjectID = "tfc1"; */"#), "\(c.output)")
        #expect(c.output.contains(#""tfc1.placeholderString" = "Your name";"#))
        #expect(c.output.contains(#"/* Class = "NSTableColumn"; headerCell.title = "Size"; ObjectID = "col1"; */"#))
        #expect(c.output.contains(#""cv1.ibShadowedToolTip" = "Tip";"#))
        #expect(c.output.contains(#""box1.title" = "Options";"#))
    }

    @Test func utf16HasBOM() {
        let (code, c) = Self.run(["strings", "--utf16", Self.login])
        #expect(code == .success)
        let bytes = c.outputBytes
        #expect(Array(bytes.prefix(2)) == [0xFF, 0xFE])
        #expect(bytes.count % 2 == 0)
        let units = stride(from: 2, to: bytes.count, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
        let (_, plain) = Self.run(["strings", Self.login])
        #expect(String(decoding: units, as: UTF16.self) == plain.output)
    }

    @Test func helpSaysUTF8() {
        let (code, c) = Self.run(["help", "strings"])
        #expect(code == .success)
        #expect(c.output.contains("UTF-8"))
        #expect(c.output.contains("--utf16"))
    }

    @Test func compiledNibIsBestEffort() {
        let nib = Self.samples.appendingPathComponent("LoginViewController.nib").path
        let (code, c) = Self.run(["strings", nib])
        #expect(code == .success, "\(c.errors)")
        #expect(c.output.hasPrefix("/* nibinspect: compiled nib, best effort"), "\(c.output)")
        #expect(c.output.contains("Welcome"))
    }

    @Test func stdinAndMissing() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.login)))
        let (code, c) = Self.run(["strings", "-"], stdin: bytes)
        #expect(code == .success)
        #expect(c.output == Self.run(["strings", Self.login]).1.output)
        #expect(Self.run(["strings", "/nonexistent/x.xib"]).0 == .noInput)
        #expect(Self.run(["strings", "--format", "po", Self.login]).0 == .usage)
    }

    /// Every xib and storyboard of the shared projects: never fails, keys are `<id>.<property>`.
    @Test func sharedProjects() throws {
        let base = Corpus.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/projects")
        guard FileManager.default.fileExists(atPath: base.path) else {
            print("../shared/projects is absent beside the checkout; test skipped")
            return
        }
        let files = StringsCommand.sourceFiles(under: base.path).files
        var total = 0
        for file in files {
            let path = base.appendingPathComponent(file).path
            let (code, c) = Self.run(["strings", "--format", "json", path])
            #expect(code == .success, "\(file): \(c.errors)")
            guard let items = try? JSONSerialization.jsonObject(with: Data(c.output.utf8)) as? [[String: Any]] else {
                Issue.record("\(file): output is not a JSON list")
                continue
            }
            for item in items {
                let key = item["key"] as? String ?? ""
                let id = item["objectID"] as? String ?? ""
                let property = item["property"] as? String ?? ""
                #expect(!id.isEmpty && !property.isEmpty && key == id + "." + property, "\(file): \(key)")
                #expect(!(item["value"] as? String ?? "").isEmpty)
            }
            total += items.count
            // The other formats never fail either.
            for format in ["strings", "xliff", "xcstrings"] {
                #expect(Self.run(["strings", "--format", format, path]).0 == .success, "\(file) \(format)")
            }
        }
        print("strings: \(files.count) sources, \(total) strings under ../shared/projects")
    }
}

/// `nibinspect strings --compare FILE.strings`: keys a translation lacks and keys it has that the
/// source no longer has.
@Suite struct StringsCompareCLITests {
    @Test func ownOutputCoversEveryKeyInBothEncodings() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        for flags in [[], ["--utf16"]] {
            let (_, generated) = StringsCLITests.run(["strings"] + flags + [StringsCLITests.login])
            let file = try tree.write("Login.strings", generated.outputBytes)
            let (code, c) = StringsCLITests.run(["strings", "--compare", file, StringsCLITests.login])
            #expect(code == .success, "\(flags): \(c.output)\(c.errors)")
            #expect(c.output == "\(file): 0 keys missing, 0 unused (6 in the input, 6 in the file)\n", "\(c.output)")
        }
    }

    @Test func missingAndUnusedKeysWithTheirLines() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let (_, generated) = StringsCLITests.run(["strings", StringsCLITests.login])
        let edited = generated.output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("Welcome") }.joined(separator: "\n") + "// a translator's note\nold_key = \"Gone\";\n"
        let file = try tree.write("fr.strings", text: edited)
        let (code, c) = StringsCLITests.run(["strings", "--compare", file, StringsCLITests.login])
        #expect(code == .findings)
        let lines = c.output.split(separator: "\n").map(String.init)
        #expect(lines == [
            "\(file): 1 key missing, 1 unused (6 in the input, 6 in the file)",
            #"missing "kTg-3h-Qad.text" = "Welcome";  (UILabel text, source line 26)"#,
            #"unused  "old_key"  (line 18 of the file)"#,
        ], "\(c.output)")
        let (jsonCode, j) = StringsCLITests.run(["strings", "--format", "json", "--compare", file, StringsCLITests.login])
        #expect(jsonCode == .findings)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(j.output.utf8)) as? [String: Any])
        #expect((object["summary"] as? [String: Int]) == ["missing": 1, "unused": 1, "repeated": 0])
        #expect(((object["missing"] as? [[String: Any]])?.first?["key"] as? String) == "kTg-3h-Qad.text")
        #expect(((object["unused"] as? [[String: Any]])?.first?["line"] as? Int) == 18)
        // The translation from standard input: the same report, named <stdin>; not both inputs.
        let (stdinCode, s) = StringsCLITests.run(["strings", "--compare", "-", StringsCLITests.login], stdin: Array(edited.utf8))
        #expect(stdinCode == .findings)
        #expect(s.output == c.output.replacingOccurrences(of: file + ":", with: "<stdin>:"), "\(s.output)")
        #expect(StringsCLITests.run(["strings", "--compare", "-", "-"], stdin: []).0 == .usage)
        #expect(StringsCLITests.run(["strings", "--utf16", "--compare", file, StringsCLITests.login]).0 == .usage)
    }

    @Test func badTranslationFilesAreOneLineErrors() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let bad = try tree.write("bad.strings", text: "\"a\" = \"b\";\n\"c\" = ;\n")
        let (code, c) = StringsCLITests.run(["strings", "--compare", bad, StringsCLITests.login])
        #expect(code == .dataError)
        #expect(c.output.isEmpty)
        #expect(c.errors == "nibinspect: error: \(bad): not a .strings file: value expected, ';' found at line 2, column 7\n", "\(c.errors)")
        let open = try tree.write("open.strings", text: "\"a\" = \"b;\n")
        let (code2, c2) = StringsCLITests.run(["strings", "--compare", open, StringsCLITests.login])
        #expect(code2 == .dataError && c2.errors.contains("string not closed at line 1, column 7"), "\(c2.errors)")
        let (code3, _) = StringsCLITests.run(["strings", "--compare", tree.path("none.strings"), StringsCLITests.login])
        #expect(code3 == .noInput)
        let (code4, c4) = StringsCLITests.run(["strings", "--format", "xliff", "--compare", bad, StringsCLITests.login])
        #expect(code4 == .usage, "\(c4.errors)")
    }

    @Test func stringsFileSyntax() throws {
        let text = "\u{FEFF}/* c */ \"k\\\"1\" = \"tab\\there \\U00E9\";\n// line\nword.key = \"x\";\n\"dup\" = \"1\"; \"dup\" = \"2\";\n"
        let entries = try StringsFile.parse(Array(text.utf8))
        #expect(entries.map(\.key) == ["k\"1", "word.key", "dup", "dup"])
        #expect(entries.map(\.value) == ["tab\there é", "x", "1", "2"])
        #expect(entries.map(\.line) == [1, 3, 4, 4])
        #expect(try StringsFile.parse([]).isEmpty)
        // CoreFoundation's escapes: a UTF-16 surrogate pair is one character; octal; C escapes.
        let escapes = try StringsFile.parse(Array(#""e" = "\UD83D\UDE00 \101\012\a";"#.utf8))
        #expect(escapes.first?.value == "😀 A\n\u{07}")
        #expect(throws: StringsFile.ParseError.self) { try StringsFile.parse(Array(#""e" = "\UD83D x";"#.utf8)) }
        // Classic Mac OS line breaks count; an encoding error says where it is.
        do { _ = try StringsFile.parse(Array("\"a\" = \"b\";\r\"e\" = ;\r".utf8)); Issue.record("no error") } catch {
            #expect(error.line == 2 && error.column == 7, "\(error)")
        }
        do { _ = try StringsFile.parse([0x22, 0x61, 0x22, 0x0A, 0x22, 0xE9]); Issue.record("no error") } catch {
            #expect(error.line == 2 && error.column == 2, "\(error)")
        }
        // An app bundle's .strings may be a binary or XML property list: its entries, no lines.
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let data = try PropertyListSerialization.data(fromPropertyList: ["b": "2", "a": "1"], format: format, options: 0)
            #expect(try StringsFile.parse([UInt8](data)) == [.init(key: "a", value: "1", line: nil), .init(key: "b", value: "2", line: nil)])
        }
        let numbers = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0)
        #expect(throws: StringsFile.ParseError.self) { try StringsFile.parse([UInt8](numbers)) }
        #expect(throws: StringsFile.ParseError.self) { try StringsFile.parse(Array("/* open".utf8)) }
        #expect(throws: StringsFile.ParseError.self) { try StringsFile.parse([0xC3, 0x28]) }
    }
}
