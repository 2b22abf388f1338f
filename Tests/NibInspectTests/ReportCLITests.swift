import ArchiveReader
import Foundation
import NibDiagnosis
import Testing
import TestSupport
@testable import NibInspectCore

/// `nibinspect report`: the page's structure (a golden of its outline, not its bytes), escaping of
/// hostile input, limits, and the page loaded in a real browser (Debian's `chromium`, headless).
@Suite struct ReportCLITests {
    static let root = Corpus.packageRoot.path
    /// Test artefacts (pages and screenshots) are kept here.
    static let artefacts = Corpus.packageRoot.appendingPathComponent(".build/report-tests")

    func run(_ arguments: [String]) -> (ExitCode, Console) {
        let console = Console.capturing()
        let code = NibInspectCLI.run(arguments, console: console)
        return (code, console)
    }

    /// The page for `paths`, written under ``artefacts`` as `name`.html.
    func page(_ name: String, _ arguments: [String]) throws -> (path: String, html: String) {
        try FileManager.default.createDirectory(at: Self.artefacts, withIntermediateDirectories: true)
        let path = Self.artefacts.appendingPathComponent(name + ".html").path
        let (code, console) = run(["report", "-o", path] + arguments)
        #expect(code == .success, "\(console.errors)")
        return (path, try String(contentsOfFile: path, encoding: .utf8))
    }

    // MARK: Structure

    /// The page's outline: sections, headings, tables with their columns, figures, scripts, and
    /// the counts of tree items and links, one line each; SVG internals and text are left out.
    static func outline(_ html: String) -> String {
        var lines: [String] = []
        var treeItems = 0, links = 0, svgs = 0
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = String(rest[..<close])
            rest = rest[rest.index(after: close)...]
            let name = String(tag.prefix { $0.isLetter || $0.isNumber }).lowercased()
            func attribute(_ key: String) -> String? {
                guard let r = tag.range(of: " " + key + "=\"") else { return nil }
                return String(tag[r.upperBound...].prefix { $0 != "\"" })
            }
            switch name {
            case "section", "article", "table", "figure", "details", "nav":
                var line = name
                if let id = attribute("id") { line += "#" + id }
                if let cls = attribute("class") { line += "." + cls }
                if name != "details" { lines.append(line) }
            case "h1", "h2", "h3", "th", "figcaption":
                let text = rest.prefix { $0 != "<" }
                lines.append("  " + name + ": " + text)
            case "script":
                lines.append("script" + (attribute("type").map { "[" + $0 + "]" } ?? "") + (attribute("id").map { "#" + $0 } ?? ""))
            case "svg":
                svgs += 1
                lines.append("svg")
                // Skip the SVG's contents.
                if let end = rest.range(of: "</svg>") { rest = rest[end.upperBound...] }
            case "li":
                if attribute("id") != nil { treeItems += 1 }
            case "a":
                links += 1
            default:
                break
            }
        }
        lines.append("tree items: \(treeItems), links: \(links), svgs: \(svgs)")
        // Input paths are absolute: the checkout's place is not part of the structure.
        return lines.joined(separator: "\n").replacingOccurrences(of: root, with: "$ROOT") + "\n"
    }

    @Test func structureGolden() throws {
        let (_, nib) = try page("login", ["\(Self.root)/Samples/LoginViewController.nib"])
        goldenFiles.check(Self.outline(nib), "report-login.outline.txt")
        let (_, menu) = try page("mainmenu", ["\(Self.root)/Samples/MainMenu.nib", "\(Self.root)/Samples/LoginViewController.xib"])
        goldenFiles.check(Self.outline(menu), "report-mainmenu-and-xib.outline.txt")
    }

    @Test func selfContained() throws {
        let (_, html) = try page("login", ["\(Self.root)/Samples/LoginViewController.nib"])
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'"))
        // Nothing loaded from anywhere: no src/href to another document, no @import or url().
        for bad in [" src=", "href=\"http", "href=\"//", "@import", "url(", "<link", "<img", "<iframe", "xlink:href=\"http"] {
            #expect(!html.contains(bad), "\(bad)")
        }
        // Graph nodes link to their objects' anchors, which exist.
        let anchors = Set(html.components(separatedBy: "id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        let targets = html.components(separatedBy: "href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(!targets.isEmpty)
        for t in targets { #expect(anchors.contains(t), "dangling link #\(t)") }
    }

    /// Class names, titles, labels and document names that try to break out of HTML, the
    /// script's JSON or the SVG stay text.
    @Test func hostileTextIsEscaped() throws {
        let evil = "</script><script>alert(1)</script><img src=x onerror=alert(2)>\"'&amp;\u{202E}"
        let owner = NibObject(id: ObjectID("#1"), className: "UIProxyObject", customClass: evil,
                              placeholder: Placeholder(kind: .filesOwner, identifier: "IBFilesOwner"))
        let button = NibObject(id: ObjectID("\"><b>"), className: evil, name: evil, parent: nil)
        let doc = NibDocument(name: evil + ".nib", platform: .iOS, format: .nibArchive, objects: [owner, button],
                              connections: [Connection(kind: .outlet, source: owner.id, destination: button.id, label: evil),
                                            Connection(kind: .action, source: button.id, destination: owner.id, label: evil)])
        var report = HTMLReport(title: evil, inputs: [NibInput(path: evil, kind: "NIBArchive", documents: [doc])],
                                findings: [], sourcesRead: false)
        let html = report.render()
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>"))
        // Bidirectional overrides are shown as escapes outside the graph (Graphviz draws the SVG text).
        let outsideSVG = html.components(separatedBy: "<svg").enumerated()
            .map { $0.offset == 0 ? $0.element : ($0.element.components(separatedBy: "</svg>").last ?? "") }.joined()
        #expect(!outsideSVG.contains("\u{202E}"))
        #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)"))
        // Exactly the page's own scripts: one JSON block and the program.
        #expect(html.components(separatedBy: "<script").count - 1 == 2)
        #expect(html.components(separatedBy: "</script>").count - 1 == 2)
        #expect(html.contains("<svg"))
        try FileManager.default.createDirectory(at: Self.artefacts, withIntermediateDirectories: true)
        try html.write(to: Self.artefacts.appendingPathComponent("hostile.html"), atomically: true, encoding: .utf8)
    }

    /// A graph above the node limit is not drawn, and the page says so.
    @Test func bigGraphsAreNotDrawn() throws {
        var objects = [NibObject(id: ObjectID("#0"), className: "UIProxyObject",
                                 placeholder: Placeholder(kind: .filesOwner, identifier: "IBFilesOwner"))]
        var connections: [Connection] = []
        for i in 1...450 {
            objects.append(NibObject(id: ObjectID("#\(i)"), className: "UILabel"))
            connections.append(Connection(kind: .outlet, source: ObjectID("#0"), destination: ObjectID("#\(i)"), label: "label\(i)"))
        }
        let doc = NibDocument(name: "Big.nib", platform: .iOS, format: .nibArchive, objects: objects, connections: connections)
        var report = HTMLReport(title: "Big", inputs: [NibInput(path: "Big.nib", kind: "NIBArchive", documents: [doc])],
                                findings: [], sourcesRead: false)
        let html = report.render()
        #expect(!html.contains("<svg"))
        #expect(html.contains("Graph not drawn: 451 nodes and 450 edges"))
    }

    @Test func missingInputIsAnError() {
        let (code, console) = run(["report", "-o", "/dev/null", "no/such.nib"])
        #expect(code == .noInput)
        #expect(console.errors.contains("no/such.nib"))
    }

    // MARK: In a browser

    /// Debian's `chromium`, when installed (`make test-deps` installs it).
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs headless Chromium on `page` with `arguments`; returns stdout and stderr.
    static func chromium(_ arguments: [String], page: String) throws -> (out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium!)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("nibinspect-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                             "--user-data-dir=" + profile.path, "--enable-logging=stderr", "--v=0"]
            + arguments + [URL(fileURLWithPath: page).absoluteString]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes while it runs (a full pipe would block it).
        nonisolated(unsafe) var errData = Data()
        let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        return (String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// Console messages of the page, from Chromium's log (`…:INFO:CONSOLE:1] "message", source: …`;
    /// uncaught exceptions and Content-Security-Policy refusals are logged there too). The
    /// page's script logs nothing, so any message is a failure.
    static func consoleErrors(_ log: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter {
            $0.contains(":CONSOLE") || $0.contains("Uncaught") || $0.contains("Refused to")
        }
    }

    /// Loads a page from disk in headless Chromium, checks the DOM after the script ran and keeps
    /// a screenshot under `.build/report-tests/`.
    func checkInBrowser(_ name: String, _ path: String, expectSVG: Bool = true, minimumRows: Int = 1) throws {
        let (dom, log) = try Self.chromium(["--dump-dom", "--virtual-time-budget=5000"], page: path)
        #expect(dom.contains("data-report-script=\"ok\""), "the page's script did not finish: \(dom.prefix(300))")
        #expect(Self.consoleErrors(log).isEmpty, "\(Self.consoleErrors(log))")
        // Rows the script made from the JSON data (none are in the file).
        let rows = dom.components(separatedBy: "<span class=\"kind kind-").count - 1
        #expect(rows >= minimumRows, "\(name): \(rows) connection rows")
        #expect(dom.contains(" of ") && dom.contains(" connections</span>"))
        if expectSVG {
            #expect(dom.contains("<svg"))
            #expect(dom.contains("<button type=\"button\" class=\"zoom\">actual size</button>"))
        }
        let shot = Self.artefacts.appendingPathComponent(name + ".png").path
        try? FileManager.default.removeItem(atPath: shot)
        _ = try Self.chromium(["--screenshot=" + shot, "--window-size=1400,1000", "--hide-scrollbars"], page: path)
        let png = try Data(contentsOf: URL(fileURLWithPath: shot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name): screenshot is not a PNG")
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed (make test-deps installs it); browser test skipped"))
    func samplesInChromium() throws {
        let (login, _) = try page("login", ["\(Self.root)/Samples/LoginViewController.nib"])
        try checkInBrowser("login", login, minimumRows: 8)
        let (menu, _) = try page("mainmenu", ["\(Self.root)/Samples/MainMenu.nib", "\(Self.root)/Samples/LoginViewController.xib"])
        try checkInBrowser("mainmenu", menu, minimumRows: 16)
        try hostileTextIsEscaped()
        try checkInBrowser("hostile", Self.artefacts.appendingPathComponent("hostile.html").path, minimumRows: 2)
    }

    /// The browser check fails when it should: a script error after the page's script, and a
    /// console message, are both seen.
    @Test(.enabled(if: chromium != nil, "chromium is not installed (make test-deps installs it); browser test skipped"))
    func browserCheckSeesErrors() throws {
        let (_, html) = try page("login", ["\(Self.root)/Samples/LoginViewController.nib"])
        let broken = Self.artefacts.appendingPathComponent("broken.html")
        try html.replacingOccurrences(of: "</body>", with: "<script>console.log('noise'); undefinedFunction();</script></body>")
            .write(to: broken, atomically: true, encoding: .utf8)
        let (dom, log) = try Self.chromium(["--dump-dom", "--virtual-time-budget=5000"], page: broken.path)
        #expect(!dom.contains("data-report-script=\"ok\""))
        #expect(dom.contains("data-report-script=\"error: "))
        #expect(Self.consoleErrors(log).count >= 2, "\(log.suffix(600))")
    }

    /// Real files: a compiled storyboard (scene flow), the MainMenu nib of the corpus with the most connections (TeXShop).
    @Test(.enabled(if: chromium != nil && Corpus.isAvailable, "needs chromium and ../shared/corpus; browser corpus test skipped"))
    func corpusInChromium() throws {
        let corpus = try #require(Corpus.root).path
        let storyboard = corpus + "/ios-driver__ios-driver/server/src/test/resources/sampleApps/UICatalog.app/Base.lproj/Main~iphone.storyboardc"
        let (sbPath, sbHTML) = try page("corpus-storyboard", [storyboard])
        #expect(sbHTML.contains("<section id=\"storyboards\">"))
        #expect(sbHTML.contains("entry point"))
        try checkInBrowser("corpus-storyboard", sbPath)
        let menu = corpus + "/TeXShop__TeXShop/Resources/Interfaces/Base.lproj/MainMenu.nib"
        let (menuPath, _) = try page("corpus-mainmenu", [menu])
        try checkInBrowser("corpus-mainmenu", menuPath, minimumRows: 50)
    }

    /// NetNewsWire's project with its sources: the why findings are on the page, linked.
    @Test(.enabled(if: chromium != nil && SharedProjects.root("NetNewsWire") != nil,
                   "needs chromium and ../shared/projects/NetNewsWire; browser project test skipped"))
    func projectWithSourcesInChromium() throws {
        let project = try #require(SharedProjects.root("NetNewsWire")).path
        let path = Self.artefacts.appendingPathComponent("netnewswire.html").path
        try FileManager.default.createDirectory(at: Self.artefacts, withIntermediateDirectories: true)
        let (code, console) = run(["report", "-o", path, "--sources", project, project])
        #expect(code == .success, "\(console.errors.prefix(500))")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("(lint and why: sources were read)"))
        try checkInBrowser("netnewswire", path)
    }
}

/// The findings table names a finding's object once, as the text reporter does: the message's own
/// mention is the link, or the object stands before a message that does not name it.
@Suite struct ReportFindingTextTests {
    @Test func objectNamedOnce() {
        let named = Finding(.accessibilityLabelMissing, "Action store: of UIView › UIButton \"Store\" targets <nothing>",
                            document: "A.xib", object: "UIView › UIButton \"Store\"", objectID: ObjectID("12"))
        #expect(HTMLReport.findingText(named, objectHref: "#d1-o3") ==
                "Action store: of <a class=\"object\" href=\"#d1-o3\">UIView › UIButton &quot;Store&quot;</a> targets &lt;nothing&gt;")
        let unnamed = Finding(.accessibilityLabelMissing, "No label", document: "A.xib", object: "File's Owner (AboutViewController)")
        #expect(HTMLReport.findingText(unnamed, objectHref: nil) ==
                "<span class=\"object\">File&#39;s Owner (AboutViewController)</span>: No label")
        #expect(HTMLReport.findingText(Finding(.accessibilityLabelMissing, "Whole file", document: "A.xib"), objectHref: nil) == "Whole file")
    }
}
