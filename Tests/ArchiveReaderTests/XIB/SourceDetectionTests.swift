import Foundation
import Testing
import TestSupport
@testable import ArchiveReader

/// Odd but valid sources are recognised and read, and XML errors are told in words (issue 11 item 9).
@Suite("Source detection and XML messages")
struct SourceDetectionTests {
    static let login = try! String(contentsOf: Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.xib"), encoding: .utf8)

    /// The sample with `prefix` between its XML declaration and its root element.
    static func withProlog(_ prefix: String) -> [UInt8] {
        let body = login.drop { $0 != "\n" }.dropFirst()
        return Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + prefix + body).utf8)
    }

    @Test("a long licence comment, a DOCTYPE or processing instructions before <document> still read as a xib", arguments: [
        "<!-- " + String(repeating: "Licensed under the Apache License, Version 2.0. ", count: 200) + "-->\n",
        "<!DOCTYPE document>\n<!-- a -->\n<!-- b -->\n",
        "<!DOCTYPE document [\n  <!ELEMENT document ANY>\n]>\n",
        "<?xml-stylesheet href=\"x.css\" type=\"text/css\"?>\n",
    ])
    func longProlog(prefix: String) throws {
        let bytes = Self.withProlog(prefix)
        #expect(bytes.count > 200)
        #expect(FileFormat(sniffing: bytes) == .xibDocument(storyboard: false))
        let input = try SourceReader.read(bytes: bytes, name: "Login.xib")
        #expect(input.documents.first?.connections.count == 8)
    }

    @Test("UTF-16 sources with a byte-order mark read like their UTF-8 text", arguments: [true, false])
    func utf16(littleEndian: Bool) throws {
        let text = Self.login.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in text.utf16 {
            bytes += littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        #expect(FileFormat(sniffing: bytes) == .xibDocument(storyboard: false))
        let utf16 = try SourceReader.read(bytes: bytes, name: "Login.xib")
        let utf8 = try SourceReader.read(bytes: Array(Self.login.utf8), name: "Login.xib")
        #expect(utf16.documents == utf8.documents)
    }

    @Test("entity declarations are refused with a message in words")
    func entities() {
        let bytes = Self.withProlog("<!DOCTYPE document [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;\">]>\n")
        #expect(throws: ArchiveError.self) { try SourceReader.read(bytes: bytes, name: "x.xib") }
        do { _ = try SourceReader.read(bytes: bytes, name: "x.xib") } catch {
            #expect(error.description.contains("entity declarations are not allowed (line 2)"), "\(error)")
            #expect(error.offset == 59)
        }
        // In a comment it is text, not a declaration.
        #expect(XMLProlog.entityDeclaration(Array("<!-- <!ENTITY x 'y'> --><a/>".utf8)) == nil)
    }

    @Test("libxml2's errors are given in words, not numbers")
    func errorWords() {
        let cases: [(String, String)] = [
            ("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects a=\"1\" a=\"2\"/></document>",
             "the same attribute twice in one element"),
            ("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects>&nbsp;</objects></document>",
             "undeclared entity"),
            ("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects a=1/></document>",
             "attribute value without quotes"),
            ("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects a=\"" + String(repeating: "x", count: 10_000_100) + "\"/></document>",
             "attribute longer than 10 MB"),
        ]
        for (text, words) in cases {
            do {
                _ = try SourceReader.read(bytes: Array(text.utf8), name: "x.xib")
                Issue.record("no error for \(words)")
            } catch {
                #expect(error.description.contains(words), "\(error.description.prefix(300))")
                #expect(!error.description.contains("libxml2 error"))
            }
        }
    }
}
