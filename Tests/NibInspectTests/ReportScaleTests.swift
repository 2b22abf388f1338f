import ArchiveReader
import Foundation
import Synchronization
import GraphExport
import NibDiagnosis
import NibModel
import Testing
import TestSupport
@testable import NibInspectCore

/// `report` on an app of any size (issue 29): the app map and findings come first (errors
/// first), and beyond ``HTMLReport/Limits/inlineDocuments`` documents each document is a page of
/// its own beside the index, so that the index of 20,000 nibs stays small and renders in headless
/// Chromium in under 10 s.
@Suite struct ReportScaleTests {
    static let artefacts = Corpus.packageRoot.appendingPathComponent(".build/report-tests")
    static let chromium = ReportCLITests.chromium

    /// An app of `count` copies of the login sample (`g<k>/N<i>.nib`), as one directory input.
    static func generatedApp(_ count: Int) throws -> NibInput {
        let sample = try #require(try NibOpener().open(.path(Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.nib").path))
            .input.documents.first)
        var documents: [NibDocument] = []
        documents.reserveCapacity(count)
        for i in 0..<count {
            var d = sample
            d.name = String(format: "g%03d/N%05d.nib", i / 500, i)
            documents.append(d)
        }
        return NibInput(path: "/generated/App", kind: "directory", documents: documents)
    }

    /// The index page of `input`, with the lint findings and the app map, written under ``artefacts``.
    static func index(_ input: NibInput, name: String) throws -> (report: HTMLReport, path: String, html: String) {
        var report = HTMLReport(title: name, inputs: [input], findings: NibLint.findings([input], options: LintOptions()), sourcesRead: false)
        report.appMap = AppMap(inputs: [input], title: AppMap.title([input]))
        report.detailDirectory = name + ".files"
        report.indexName = name + ".html"
        let html = report.render()
        try FileManager.default.createDirectory(at: artefacts, withIntermediateDirectories: true)
        let path = artefacts.appendingPathComponent(name + ".html").path
        try html.write(toFile: path, atomically: true, encoding: .utf8)
        return (report, path, html)
    }

    @Test func orderAndSplit() throws {
        let (report, _, html) = try Self.index(try Self.generatedApp(250), name: "split-250")
        #expect(report.isSplit)
        // Map, findings, documents, in that order; no document section inline; links to the pages.
        let map = try #require(html.range(of: "<section id=\"map\">")), findings = try #require(html.range(of: "<section id=\"findings\">"))
        let index = try #require(html.range(of: "<section id=\"index\">"))
        #expect(map.lowerBound < findings.lowerBound && findings.lowerBound < index.lowerBound)
        #expect(!html.contains("<section class=\"document\""))
        #expect(html.contains("<a href=\"split-250.files/d250.html#d250\">g000/N00249.nib</a>"))
        #expect(html.contains("is a page of its own in split-250.files/"))
        // The pages: each a whole page with its section and a link back.
        var report2 = report
        let pages = try Self.detailPages(&report2, width: 1)
        #expect(pages.count == 250)
        let first = try #require(pages["d1.html"])
        #expect(first.contains("<section class=\"document\" id=\"d1\">") && first.contains("<a href=\"../split-250.html\">← index</a>"))
    }

    /// Every detail page of `report`, made on `width` workers, by file name.
    static func detailPages(_ report: inout HTMLReport, width: Int) throws -> [String: String] {
        let pages = Mutex<[String: String]>([:])
        try report.writeDetailPages(width: width) { name, html in pages.withLock { $0[name] = html } }
        return pages.withLock { $0 }
    }

    /// The pages made on two workers are those made on one, and the report's graph budget goes to
    /// the first documents in order however the pages are made apart: with 3 graphs left after the
    /// index page, exactly d1 to d3 are drawn and every later page says the report's limit was reached.
    @Test func detailPagesInParallel() throws {
        var one = HTMLReport(title: "t", inputs: [try Self.generatedApp(230)], findings: [], sourcesRead: false)
        one.detailDirectory = "t.files"
        one.indexName = "t.html"
        one.limits.graphs = 3
        var two = one
        let serial = try Self.detailPages(&one, width: 1), parallel = try Self.detailPages(&two, width: 2)
        #expect(serial.count == 230 && parallel == serial)
        #expect(one.graphsDrawn == 3 && two.graphsDrawn == 3)
        let drawn = serial.filter { $0.value.contains("<figure class=\"graph\">") }.keys.sorted()
        #expect(drawn == ["d1.html", "d2.html", "d3.html"])
        #expect(try #require(serial["d4.html"]).contains("the report draws at most 3 graphs"))
        #expect(try #require(serial["d230.html"]).contains("the report draws at most 3 graphs"))
    }

    /// The first error the sink throws ends the pages, and is the error of the earliest page.
    @Test func detailPageErrorInOrder() throws {
        struct Refused: Error, Equatable { var name: String }
        var report = HTMLReport(title: "t", inputs: [try Self.generatedApp(210)], findings: [], sourcesRead: false)
        report.detailDirectory = "t.files"
        #expect(throws: Refused(name: "d7.html")) {
            try report.writeDetailPages(width: 2) { name, _ in
                if name == "d7.html" || name == "d9.html" { throw Refused(name: name) }
            }
        }
    }

    @Test func errorsFirst() {
        let input = NibInput(path: "x", kind: "nib", documents: [NibDocument(name: "A.nib", platform: .iOS, format: .nibArchive)])
        let findings = [Finding(.placeholderAsLabel, "an info", document: "A.nib"), Finding(.unknownNibName, "an error", severity: .error, document: "A.nib")]
        var report = HTMLReport(title: "t", inputs: [input], findings: findings, sourcesRead: false)
        let html = report.render()
        let error = html.range(of: "an error"), info = html.range(of: "an info")
        #expect(error != nil && info != nil && error!.lowerBound < info!.lowerBound)
    }

    /// 20,000 nibs: the index (the map too large to draw, 1,000 findings, 20,000 index rows)
    /// renders in headless Chromium, every row laid out. Its load time (target: under 10 s) is a
    /// figure for `Scripts/report_load.py` on a quiet machine, not for a test: the bound here only
    /// catches a page that never finishes (it took 6.5 s at load average 20, 22 s beside the full suite).
    @Test(.enabled(if: chromium != nil, "chromium is not installed (make test-deps installs it); 20,000-nib report test skipped"))
    func twentyThousandNibsIndexRenders() throws {
        let (_, path, html) = try Self.index(try Self.generatedApp(20_000), name: "nibs-20000")
        #expect(html.utf8.count < 8_000_000, "index of \(html.utf8.count) bytes")
        #expect(html.contains("the report draws it up to 600 nodes"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Corpus.packageRoot.appendingPathComponent("Scripts/report_load.py").path, path,
                             "--png", Self.artefacts.appendingPathComponent("nibs-20000.png").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let result = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any], "\(String(decoding: output, as: UTF8.self))")
        #expect(result["script"] as? String == "ok")
        #expect(result["rows"] as? Int == 20_000)
        let seconds = result["seconds"] as? Double ?? .infinity
        print("20,000-nib report index: loaded in \(seconds) s")
        #expect(seconds < 120, "the index took \(seconds) s to load")
    }
}
