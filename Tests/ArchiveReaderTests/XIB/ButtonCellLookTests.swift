import TestSupport
import Foundation
import NibModel
import Testing
@testable import ArchiveReader
@testable import NibWriters

/// An AppKit button cell's look decoded from a compiled nib (`NSButtonFlags`, `NSButtonFlags2`,
/// `NSBezelStyle`, the alternate image) against what the xib it was compiled from says.
@Suite("Button cell look", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ButtonCellLookTests {
    static let keys = ["behavior", "bezelStyle", "borderStyle", "inset", "keyEquivalent"]

    /// The button cells of `documents` whose title no other button cell of their document has.
    static func cellsByTitle(_ documents: [NibDocument]) -> [[String: NibObject]] {
        documents.map { d in
            let cells = d.objects.filter { $0.className == "NSButtonCell" }
            let titles = Dictionary(grouping: cells) { $0.property("title")?.text ?? "" }
            return titles.compactMapValues { $0.count == 1 ? $0[0] : nil }.filter { !$0.key.isEmpty }
        }
    }

    @Test func compiledCellsSayWhatTheirXibSays() throws {
        var cells = 0, typed = 0, rewritten = 0, files = Set<String>()
        // Xcode's `<document>` xibs (an IB 3 `<archive>` keeps the raw flags instead).
        for pair in ComparePair.all() where try String(decoding: Data(contentsOf: pair.source).prefix(2048), as: UTF8.self).contains("<document") {
            let (source, compiled, _) = try pair.load()
            let sourceCells = Self.cellsByTitle(source.documents).reduce(into: [:]) { $0.merge($1) { a, _ in a } }
            for document in Self.cellsByTitle(compiled.documents) {
                for (title, cell) in document {
                    guard let original = sourceCells[title] else { continue }
                    for key in Self.keys {
                        #expect(cell.property(key)?.description == original.property(key)?.description,
                                "\(pair) \"\(title)\" \(key): compiled \(cell.property(key).map(String.init(describing:)) ?? "nil"), xib \(original.property(key).map(String.init(describing:)) ?? "nil")")
                    }
                    // A xib says `state="on"`; the model has 1 (and writes `on` back).
                    #expect((cell.property("state") == .int(1)) == (original.property("state")?.text == "on"), "\(pair) \"\(title)\" state")
                    // `type` is decoded for switches and radio buttons only.
                    let xibType = original.property("type")?.text
                    if xibType == "check" || xibType == "radio" || cell.property("type") != nil {
                        #expect(cell.property("type")?.text == xibType, "\(pair) \"\(title)\" type")
                        typed += 1
                    }
                    cells += 1
                    files.insert(pair.compiled.path)
                }
            }
            // The xib rebuilt from the compiled nib says it again (`<behavior>`, attributes).
            for document in compiled.documents {
                let rebuilt = try SourceReader.read(bytes: Array(XIBWriter.xib(document).utf8), name: "rebuilt.xib").documents
                let again = Self.cellsByTitle(rebuilt).reduce(into: [:]) { $0.merge($1) { a, _ in a } }
                // (A search field's button cells, which compilation adds, are left out.)
                for (title, cell) in Self.cellsByTitle([document])[0] {
                    guard let written = again[title] else { continue }
                    for key in Self.keys + ["type"] {
                        #expect(written.property(key)?.description == cell.property(key)?.description, "\(pair) rebuilt \"\(title)\" \(key)")
                    }
                    #expect((written.property("state")?.text == "on") == (cell.property("state") == .int(1)), "\(pair) rebuilt \"\(title)\" state")
                    rewritten += 1
                }
            }
        }
        // 577 cells in 23 compiled files when this test was written, 516 of them switches or radio
        // buttons; all 577 rewritten.
        #expect(cells >= 550 && typed >= 500 && files.count >= 20 && rewritten >= 550,
                "\(cells) cells, \(typed) switches and radio buttons, \(files.count) files, \(rewritten) rewritten")
    }
}
