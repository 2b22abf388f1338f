import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore

/// `nibinspect diff` on pairs made from the Login sample.
@Suite struct DiffCLITests {
    static let sample = Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.xib").path

    static func run(_ args: [String]) -> (ExitCode, Console) {
        let console = Console.capturing(environment: [:])
        return (NibInspectCLI.run(args, console: console), console)
    }

    static func pair(_ edit: (String) -> String) throws -> (TempTree, String, String) {
        let tree = try TempTree()
        let text = try String(contentsOfFile: sample, encoding: .utf8)
        let old = try tree.write("old.xib", text: text)
        let new = try tree.write("new.xib", text: edit(text))
        return (tree, old, new)
    }

    @Test func equalInputsExitZero() throws {
        let (tree, old, _) = try Self.pair { $0 }
        defer { tree.remove() }
        let (code, c) = Self.run(["diff", old, old])
        #expect(code == .success)
        #expect(c.output == "no differences\n")
    }

    @Test func reportsPropertyConnectionAndObjectChanges() throws {
        let (tree, old, new) = try Self.pair {
            $0.replacingOccurrences(of: #"title="Sign In""#, with: #"title="Log In""#)
                .replacingOccurrences(of: #"property="titleLabel" destination="kTg-3h-Qad""#, with: #"property="titleLabel" destination="Zp4-Nn-8Xy""#)
                .replacingOccurrences(of: #"<rect key="frame" x="24" y="120" width="327" height="34"/>"#,
                                      with: #"<rect key="frame" x="24" y="120" width="300" height="34"/>"#)
                .replacingOccurrences(of: #"<point key="canvasLocation" x="140" y="-20"/>"#, with: #"<point key="canvasLocation" x="10" y="10"/>"#)
                .replacingOccurrences(of: #"<button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="fG7-pW-3kq">"#,
                                      with: #"<switch opaque="NO" contentMode="scaleToFill" id="New-Sw-001"><rect key="frame" x="0" y="0" width="51" height="31"/></switch><button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="fG7-pW-3kq">"#)
        }
        defer { tree.remove() }
        let (code, c) = Self.run(["diff", old, new])
        #expect(code == .findings)
        let lines = c.output.split(separator: "\n").map(String.init)
        // The outlet's name moves with it: the two destinations read alike but for their texts.
        #expect(lines.contains(#"retargeted connection File's Owner (LoginViewController) outlet titleLabel: UIView › UILabel @titleLabel ("Welcome") → UIView › UILabel @titleLabel ("Sign in to continue")  (line 15 → 15)"#), "\(c.output)")
        #expect(lines.contains { $0.hasPrefix(#"changed property UIView › UIButton @signInButton . title: "Sign In" → "Log In""#) }, "\(c.output)")
        #expect(lines.contains { $0.hasPrefix(#"changed property UIView › UILabel . frame: {{24, 120}, {327, 34}} → {{24, 120}, {300, 34}}"#) }, "\(c.output)")
        #expect(lines.contains { $0.hasPrefix("added object UIView › UISwitch: UISwitch") }, "\(c.output)")
        #expect(!c.output.contains("canvasLocation"))

        let (jcode, j) = Self.run(["diff", "--format", "json", old, new])
        #expect(jcode == .findings)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(j.output.utf8)) as? [String: Any])
        let diffs = try #require(json["differences"] as? [[String: Any]])
        #expect(diffs.count == lines.count)
        #expect(diffs.contains { $0["change"] as? String == "retargeted" && $0["kind"] as? String == "connection" && $0["leftLine"] as? Int == 15 })
        let summary = try #require(json["summary"] as? [String: Int])
        #expect(summary["differences"] == diffs.count)
        #expect(summary["retargeted"] == 1)
    }

    @Test func removedObjectIsReportedOnceForItsSubtree() throws {
        let (tree, old, new) = try Self.pair { text in
            // Drop the "Forgot password?" button and its action.
            guard let s = text.range(of: #"<button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="fG7-pW-3kq">"#),
                  let e = text.range(of: "</button>", range: s.upperBound..<text.endIndex) else { return text }
            return text.replacingCharacters(in: s.lowerBound..<e.upperBound, with: "")
        }
        defer { tree.remove() }
        let (code, c) = Self.run(["diff", old, new])
        #expect(code == .findings)
        // The button goes by its action (no label, identifier or outlet), which is listed under it.
        #expect(c.output == "removed object UIView › UIButton (forgotPassword:): UIButton  (line 55 → -)\n"
                + "    removed connection UIView › UIButton (forgotPassword:) action forgotPassword:: First Responder [touchUpInside]  (line 59 → -)\n",
                "\(c.output)")
    }

    static func lines(_ c: Console) -> [String] { c.output.split(separator: "\n").map(String.init) }

    @Test func noiseCategoriesIgnoreAndOnly() throws {
        let (tree, old, new) = try Self.pair {
            $0.replacingOccurrences(of: #"toolsVersion="22505""#, with: #"toolsVersion="23091""#)
                .replacingOccurrences(of: #"<point key="canvasLocation" x="140" y="-20"/>"#, with: #"<point key="canvasLocation" x="10" y="10"/>"#)
                .replacingOccurrences(of: #"title="Sign In""#, with: #"title="Log In""#)
                .replacingOccurrences(of: #"<rect key="frame" x="24" y="120" width="327" height="34"/>"#,
                                      with: #"<rect key="frame" x="24" y="120" width="300" height="34"/>"#)
        }
        defer { tree.remove() }
        // Default: tools (toolsVersion, canvasLocation) left out.
        let (code, c) = Self.run(["diff", old, new])
        #expect(code == .findings)
        #expect(Self.lines(c).count == 3, "\(c.output)")  // title, the normal state's title, frame
        #expect(!c.output.contains("canvasLocation") && !c.output.contains("toolsVersion"))
        // --only tools shows just them.
        let (_, t) = Self.run(["diff", "--only", "tools", old, new])
        #expect(Self.lines(t).contains { $0.hasPrefix("changed document toolsVersion: 22505 → 23091") }, "\(t.output)")
        #expect(Self.lines(t).contains { $0.hasPrefix("changed property UIView . canvasLocation: {140, -20} → {10, 10}") }, "\(t.output)")
        #expect(Self.lines(t).count == 2, "\(t.output)")
        // --ignore frames keeps the title; --ignore properties drops both; nothing left is exit 0.
        let (_, f) = Self.run(["diff", "--ignore", "frames", old, new])
        #expect(Self.lines(f).count == 2 && f.output.contains(#". title: "Sign In" → "Log In""#), "\(f.output)")
        let (pcode, p) = Self.run(["diff", "--ignore", "properties", old, new])
        #expect(pcode == .success)
        #expect(p.output == "no differences\n")
        let (_, o) = Self.run(["diff", "--only", "frames", "--only", "tools", old, new])
        #expect(Self.lines(o).count == 3, "\(o.output)")
        // Each JSON difference has its category.
        let (_, j) = Self.run(["diff", "--format", "json", "--only", "properties", old, new])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(j.output.utf8)) as? [String: Any])
        let cats = try #require(json["differences"] as? [[String: Any]]).compactMap { $0["category"] as? String }.sorted()
        #expect(cats == ["frames", "properties", "properties", "tools", "tools"], "\(j.output)")
        // Unknown category: usage error.
        let (ucode, _) = Self.run(["diff", "--ignore", "colours", old, new])
        #expect(ucode != .success && ucode != .findings)
    }

    @Test func recreatedObjectIsAnIDChange() throws {
        let (tree, old, new) = try Self.pair { $0.replacingOccurrences(of: "kTg-3h-Qad", with: "kTg-3h-NEW") }
        defer { tree.remove() }
        let (code, c) = Self.run(["diff", old, new])
        #expect(code == .success, "\(c.output)")
        let (icode, i) = Self.run(["diff", "--only", "ids", old, new])
        #expect(icode == .findings)
        #expect(Self.lines(i).map { $0.components(separatedBy: "  (line").first! }
                == ["changed object UIView › UILabel @titleLabel: id kTg-3h-Qad → id kTg-3h-NEW"], "\(i.output)")
    }

    @Test func movedObjectsAndChangedEvents() throws {
        let (tree, old, new) = try Self.pair { text in
            var lines = text.components(separatedBy: "\n")
            // Swap the two labels (lines 26–31 and 32–37), change the Sign In button's event.
            let welcome = Array(lines[25...30]), subtitle = Array(lines[31...36])
            lines.replaceSubrange(25...36, with: subtitle + welcome)
            return lines.joined(separator: "\n").replacingOccurrences(
                of: #"<action selector="signIn:" destination="-1" eventType="touchUpInside""#,
                with: #"<action selector="signIn:" destination="-1" eventType="touchDown""#)
        }
        defer { tree.remove() }
        let (code, c) = Self.run(["diff", old, new])
        #expect(code == .findings)
        let out = Self.lines(c)
        #expect(out.contains(#"moved object UIView › UILabel: child 2 → child 1  (line 32 → 26)"#), "\(c.output)")
        #expect(out.contains { $0.hasPrefix(#"changed events UIView › UIButton @signInButton action signIn: → File's Owner (LoginViewController): touchUpInside → touchDown"#) }, "\(c.output)")
        #expect(!c.output.contains("removed") && !c.output.contains("added"), "\(c.output)")
        let (_, j) = Self.run(["diff", "--format", "json", old, new])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(j.output.utf8)) as? [String: Any])
        let diffs = try #require(json["differences"] as? [[String: Any]])
        #expect(diffs.contains { $0["change"] as? String == "moved" && $0["category"] as? String == "objects" })
        #expect((json["summary"] as? [String: Int])?["moved"] == 1)
    }

    @Test func movedToAnotherParentKeepsItsChanges() throws {
        // The "Welcome" label moves from the root view into a new container view.
        let (tree, old, new) = try Self.pair { text in
            var lines = text.components(separatedBy: "\n")
            let welcome = lines[25...30].joined(separator: "\n")
                .replacingOccurrences(of: #"text="Welcome""#, with: #"text="Welcome!""#)
            lines.replaceSubrange(25...30, with: [#"<view contentMode="scaleToFill" id="Box-00-001"><rect key="frame" x="0" y="0" width="100" height="100"/><subviews>"#,
                                                  welcome, "</subviews></view>"])
            return lines.joined(separator: "\n")
        }
        defer { tree.remove() }
        let (_, c) = Self.run(["diff", "--ignore", "frames", old, new])
        let out = Self.lines(c).map { $0.components(separatedBy: "  (line").first! }
        // The label moved in keeps its outlet: no wiring comes with the container.
        #expect(out.contains(#"added object UIView › UIView: UIView"#), "\(c.output)")
        #expect(out.contains("moved object UIView › UIView › UILabel @titleLabel: UIView › UILabel @titleLabel → UIView › UIView › UILabel @titleLabel"), "\(c.output)")
        #expect(out.contains { $0.hasPrefix(#"changed property UIView › UIView › UILabel @titleLabel . text: "Welcome" → "Welcome!""#) }, "\(c.output)")
        #expect(!c.output.contains("connection"), "\(c.output)")
        #expect(!c.output.contains("removed"), "\(c.output)")
    }
}

/// `nibinspect diff` on real files: variants of one nib in the shared corpus, and every source of
/// the shared projects against itself.
@Suite struct DiffRealPairCLITests {
    static func json(_ args: [String]) throws -> (ExitCode, [[String: Any]]) {
        let (code, c) = DiffCLITests.run(["diff", "--format", "json"] + args)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(c.output.utf8)) as? [String: Any], "\(c.output)")
        return (code, try #require(json["differences"] as? [[String: Any]]))
    }

    static func corpus(_ path: String) -> String { Corpus.root!.appendingPathComponent(path).path }

    @Test("~iphone and ~ipad scene nibs of one storyboard differ in frames", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func deviceVariants() throws {
        let dir = "ios-driver__ios-driver/server/src/test/resources/sampleApps/UICatalog.app/Base.lproj/Main.storyboardc/"
        let iphone = Self.corpus(dir + "Eil-ie-nN6-view-fLQ-5f-tUh~iphone.nib"), ipad = Self.corpus(dir + "Eil-ie-nN6-view-fLQ-5f-tUh~ipad.nib")
        let (code, diffs) = try Self.json([iphone, ipad])
        #expect(code == .findings)
        // The iPad layout is wider: table cells, their content views and separators get other frames.
        #expect(diffs.count == 12)
        #expect(diffs.allSatisfy { $0["category"] as? String == "frames" && $0["change"] as? String == "changed" })
        #expect(diffs.contains { $0["path"] as? String == "UITableViewDataSource › UITableViewSection › UITableViewCell . frame"
                && $0["left"] as? String == "{{0, 119}, {703, 90}}" && $0["right"] as? String == "{{0, 50}, {600, 90}}" })
        // The upstream placeholders' generated identifiers differ only by ids: ignored by default.
        let (_, ids) = try Self.json(["--only", "ids", iphone, ipad])
        #expect(ids.count == 1 && (ids.first?["path"] as? String)?.hasSuffix(". identifier") == true, "\(ids)")
        let (same, _) = DiffCLITests.run(["diff", "--ignore", "frames", iphone, ipad])
        #expect(same == .success)
        // A bigger scene: same structure, frames, and segue templates paired by path.
        let (bcode, big) = try Self.json(["--ignore", "frames", Self.corpus(dir + "riI-GT-RXv-view-1Bw-B1-fb8~iphone.nib"),
                                          Self.corpus(dir + "riI-GT-RXv-view-1Bw-B1-fb8~ipad.nib")])
        #expect(bcode == .findings)
        #expect(!big.contains { $0["kind"] as? String == "object" }, "\(big)")
    }

    @Test("objects-8.0+.nib and runtime.nib of one bundle", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func bundleVariants() throws {
        let bundle = "calabash__run_loop/spec/resources/CalSmoke-cal.app/en.lproj/CalControlsController~iphone.nib/"
        let a = Self.corpus(bundle + "objects-8.0+.nib"), b = Self.corpus(bundle + "runtime.nib")
        let (code, diffs) = try Self.json([a, b])
        #expect(code == .findings)
        // The 8.0+ variant keeps the 600×600 canvas; runtime.nib is laid out for a 320-point phone.
        #expect(diffs.contains { $0["path"] as? String == "UIView . frame"   // its framework class: CalViewWithArbitrarySelectors is on its class line
                && $0["left"] as? String == "{{0, 0}, {600, 600}}" && $0["right"] as? String == "{{0, 0}, {320, 548}}" }, "\(diffs)")
        #expect(diffs.allSatisfy { $0["category"] as? String == "frames" }, "\(diffs)")
        let (same, c) = DiffCLITests.run(["diff", "--ignore", "frames", a, b])
        #expect(same == .success, "\(c.output)")
        #expect(DiffCLITests.run(["diff", a, a]).0 == .success)
    }

    @Test("every xib and storyboard of the shared projects is equal to itself",
          .enabled(if: SharedProjects.root("NetNewsWire") != nil, SharedProjects.skipMessage("NetNewsWire")))
    func sourcesEqualThemselves() throws {
        let roots = ["NetNewsWire", "HexFiend"].compactMap(SharedProjects.root)
        var count = 0
        for root in roots {
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            for f in files where f.hasSuffix(".xib") || f.hasSuffix(".storyboard") {
                let path = root.appendingPathComponent(f).path
                let (code, c) = DiffCLITests.run(["diff", "--only", "objects", "--only", "connections", "--only", "properties",
                                                  "--only", "ids", path, path])
                #expect(code == .success, "\(f): \(c.output)")
                count += 1
            }
        }
        #expect(count >= 50)
    }
}

/// `nibinspect diff` of a source and its compiled nib uses `compare`'s engine, and of two
/// encodings of one nib pairs objects by structure where names differ.
@Suite struct DiffSourceCompiledCLITests {
    static func json(_ args: [String]) throws -> (ExitCode, [String: Any]) {
        let (code, c) = DiffCLITests.run(args)
        return (code, try #require(try JSONSerialization.jsonObject(with: Data(c.output.utf8)) as? [String: Any], "\(c.output)"))
    }

    @Test func sourceAgainstItsCompiledNibAgrees() throws {
        let xib = Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.xib").path
        let nib = Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController.nib").path
        let (code, c) = DiffCLITests.run(["diff", xib, nib])
        #expect(code == .success)
        #expect(c.output == "no differences\n")
        // The edited source: the outlet retargeted and the events changed are what compare finds;
        // the title edit is a property, which compilation re-encodes and compare does not compare.
        let v2 = Corpus.packageRoot.appendingPathComponent("Samples/LoginViewController-v2.xib").path
        let (code2, forward) = DiffCLITests.run(["diff", nib, v2])
        #expect(code2 == .findings)
        let lines = forward.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(forward.output)")
        // Paths as between two sources (textconv's): the outlet's old destination is the source's
        // unnamed label now, the button goes by its outlet, not by its edited title.
        #expect(lines.first?.hasPrefix(
            "retargeted connection File's Owner (LoginViewController) outlet titleLabel: UIView › UILabel → UIView › UILabel @titleLabel") == true)
        #expect(lines.last?.hasPrefix(
            "changed events UIView › UIButton @signInButton action signIn:: touchUpInside → touchDown") == true)
        // The other way round: old and new swap.
        let (_, back) = DiffCLITests.run(["diff", v2, nib])
        #expect(back.output.contains("touchDown → touchUpInside"), "\(back.output)")
    }

    @Test func twoEncodingsOfOneMacNibAreEqual() throws {
        // keyedobjects.nib names objects from its names table ("Window", "App Delegate"), the
        // NIBArchive by title ("MenuDemo"): paired by structure, nothing differs.
        let bundle = Corpus.packageRoot.appendingPathComponent("Samples/MainMenu.nib").path
        let (code, c) = DiffCLITests.run(["diff", bundle + "/keyedobjects.nib", bundle + "/keyedobjects-101300.nib"])
        #expect(code == .success, "\(c.output)")
    }

    @Test("keyed and NIBArchive variants of real macOS nib bundles differ only by ids", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func realEncodings() throws {
        let dir = Corpus.root!.appendingPathComponent("TeXShop__TeXShop/Resources/Interfaces/Base.lproj").path
        var compared = 0
        for (bundle, variants) in [("MainMenu.nib", ["keyedobjects-101300.nib", "keyedobjects-110000.nib"]),
                                   ("Preferences.nib", ["keyedobjects-101300.nib"]),
                                   ("AutoCompletionListEditor.nib", ["keyedobjects-101300.nib"])] {
            for v in variants {
                let a = "\(dir)/\(bundle)/keyedobjects.nib", b = "\(dir)/\(bundle)/\(v)"
                // ibtool fitted two table columns of MainMenu's keyedobjects.nib to their table (108
                // and 397 points); the 11.0 variant keeps the source's widths (100, 389).
                let fitted = bundle == "MainMenu.nib" && v == "keyedobjects-110000.nib"
                let (code, c) = DiffCLITests.run(["diff", "--ignore", "frames", a, b])
                #expect(code == .success, "\(bundle) \(v): \(c.output)")
                let (_, all) = try Self.json(["diff", "--format", "json", "--only", "ids", "--only", "objects", "--only", "connections",
                                              "--only", "properties", a, b])
                let diffs = try #require(all["differences"] as? [[String: Any]])
                let widths = diffs.filter { $0["category"] as? String == "frames" }
                #expect(widths.count == (fitted ? 2 : 0)
                        && widths.allSatisfy { ($0["path"] as? String)?.contains("NSTableColumn") == true && ($0["path"] as? String)?.hasSuffix(" . width") == true },
                        "\(bundle) \(v): \(widths)")
                #expect(diffs.allSatisfy { $0["category"] as? String == "ids" || $0["category"] as? String == "frames" }, "\(bundle) \(v): \(diffs)")
                compared += 1
            }
        }
        #expect(compared == 4)
    }

    /// Source ↔ Apple-compiled pairs of the corpus, as paths: ibtool's samples (`X.xib` beside
    /// `X.nib`, `X.storyboard` beside its compiled `X.out`) and IB 3 nib bundles (`designable.nib`
    /// beside `keyedobjects.nib`).
    static func corpusPairs() -> [(source: String, compiled: String)] {
        let fm = FileManager.default
        guard let root = Corpus.root else { return [] }
        var pairs: [(String, String)] = []
        let correct = root.appendingPathComponent("viraptor__ibtool/samples/correct")
        for dir in [correct, correct.appendingPathComponent("Base.lproj")] {
            for f in ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() where f.hasSuffix(".xib") || f.hasSuffix(".storyboard") {
                let stem = (f as NSString).deletingPathExtension
                let compiled = dir.appendingPathComponent(f.hasSuffix(".xib") ? stem + ".nib" : stem + ".out").path
                if fm.fileExists(atPath: compiled) { pairs.append((dir.appendingPathComponent(f).path, compiled)) }
            }
        }
        for entry in Corpus.entries where entry.file.hasSuffix("/designable.nib") {
            let keyed = entry.url.deletingLastPathComponent().appendingPathComponent("keyedobjects.nib").path
            if fm.fileExists(atPath: keyed) { pairs.append((entry.url.path, keyed)) }
        }
        return pairs
    }

    /// Every source ↔ Apple-compiled pair of the corpus (the pairs of the compare conformance
    /// test): `diff` reports exactly the differences `compare` reports, in both directions.
    @Test("diff of every corpus source and its compiled nib is what compare finds", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func corpusPairs() throws {
        let pairs = Self.corpusPairs()
        #expect(pairs.count >= 120, "pairs found: \(pairs.count)")
        var agreeing = 0
        for (source, compiled) in pairs {
            let (compareCode, report) = try Self.json(["compare", "--format", "json", source, compiled])
            let expected = try #require((report["report"] as? [String: Any])?["differences"] as? [[String: Any]])
            let (code, diff) = try Self.json(["diff", "--format", "json", source, compiled])
            let got = try #require(diff["differences"] as? [[String: Any]])
            #expect(code == compareCode, "\(source): diff \(code), compare \(compareCode)")
            #expect(got.count == expected.count, "\(source): diff \(got.count), compare \(expected.count)")
            let (_, reverse) = try Self.json(["diff", "--format", "json", compiled, source])
            let back = try #require(reverse["differences"] as? [[String: Any]])
            #expect(back.count == got.count, "\(source)")
            #expect(zip(got, back).allSatisfy { a, b in
                (a["change"] as? String == "added") == (b["change"] as? String == "removed") && a["left"] as? String == b["right"] as? String
            }, "\(source)")
            if got.isEmpty { agreeing += 1 }
        }
        print("diff source ↔ compiled: \(pairs.count) corpus pairs, \(agreeing) without differences")
    }

    /// Issue 16's round trip through the source: `nibinspect xib` on the compiled side of every
    /// corpus pair, then `diff --only objects --only connections rebuilt original` finds the same
    /// objects and connections (ids aside: the two sources share no ids, so diff pairs objects by
    /// path and structure). A pair that differs must be listed in
    /// `Tests/Conformance/xib-diff-exceptions.tsv` with its number of differences and the reason.
    @Test("a source rebuilt from each corpus nib has the original's objects and connections", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func rebuiltSourcesMatchTheirOriginals() throws {
        let url = Corpus.packageRoot.appendingPathComponent("Tests/Conformance/xib-diff-exceptions.tsv")
        var exceptions: [String: Int] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
            if cols.count >= 3, let n = Int(cols[1]) { exceptions[String(cols[0])] = n }
        }
        let pairs = Self.corpusPairs()
        #expect(pairs.count >= 150, "pairs found: \(pairs.count)")
        let tree = try TempTree()
        defer { tree.remove() }
        var agreeing = 0, explained = 0
        var listed = Set<String>()
        let prefix = Corpus.root!.path + "/"
        for (source, compiled) in pairs {
            let name = String(source.dropFirst(prefix.count))
            let rebuilt = tree.path("rebuilt." + (source.hasSuffix(".storyboard") ? "storyboard" : "xib"))
            let (xibCode, xib) = DiffCLITests.run(["xib", "-o", rebuilt, compiled])
            #expect(xibCode == .success, "\(name): \(xib.errors)")
            let (_, diff) = try Self.json(["diff", "--format", "json", "--only", "objects", "--only", "connections", rebuilt, source])
            let count = try #require(diff["differences"] as? [[String: Any]]).count
            if count == 0 { agreeing += 1; continue }
            listed.insert(name)
            #expect(exceptions[name] == count, "\(name): \(count) differences, \(exceptions[name].map { "\($0) listed" } ?? "not listed")")
            if exceptions[name] == count { explained += 1 }
        }
        let stale = Set(exceptions.keys).subtracting(listed)
        #expect(stale.isEmpty, "stale xib-diff exceptions: \(stale.sorted())")
        print("xib rebuilt vs original source: \(pairs.count) corpus pairs, \(agreeing) with the same objects and connections, "
              + "\(explained) differing as xib-diff-exceptions.tsv explains")
    }
}

/// Edits that used to be reported as more (or less) than they are.
@Suite struct DiffPrecisionCLITests {
    /// A label (`userLabel`) given or renamed is one change, and constraints that mention the
    /// object do not change with its name.
    @Test func userLabelIsOneChange() throws {
        let (tree, old, new) = try DiffCLITests.pair {
            $0.replacingOccurrences(of: #"id="kTg-3h-Qad">"#, with: #"id="kTg-3h-Qad" userLabel="Title">"#)
        }
        defer { tree.remove() }
        let (code, c) = DiffCLITests.run(["diff", old, new])
        #expect(code == .findings)
        // (The label was named by its outlet until then; the name property was its text.)
        #expect(c.output == #"changed property UIView › UILabel "Title" . name: "Welcome" → "Title"  (line 26 → 26)"# + "\n", "\(c.output)")
    }

    /// A deleted object: the object, its outlet and the constraints that used it; the others keep
    /// their items though their sibling indices shift.
    @Test("deleting an object reports it, its outlet and its constraints only", .enabled(if: SharedProjects.root("NetNewsWire") != nil, SharedProjects.skipMessage("NetNewsWire")))
    func deletion() throws {
        let xib = try #require(FileManager.default.enumerator(atPath: SharedProjects.root("NetNewsWire")!.path)?
            .compactMap { $0 as? String }.first { $0.hasSuffix("/AccountsFeedbin.xib") })
        let text = try String(contentsOf: SharedProjects.root("NetNewsWire")!.appendingPathComponent(xib), encoding: .utf8)
        let start = try #require(text.range(of: #"<textField horizontalHuggingPriority="251" verticalHuggingPriority="750" translatesAutoresizingMaskIntoConstraints="NO" id="lti-yM-8LV">"#))
        let end = try #require(text.range(of: "</textField>", range: start.upperBound..<text.endIndex))
        let edited = (String(text[..<start.lowerBound]) + String(text[end.upperBound...]))
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("lti-yM-8LV") }.joined(separator: "\n")
        let tree = try TempTree()
        defer { tree.remove() }
        let (code, c) = DiffCLITests.run(["diff", try tree.write("old.xib", text: text), try tree.write("new.xib", text: edited)])
        #expect(code == .findings)
        let lines = c.output.split(separator: "\n")
        #expect(lines.count == 6, "\(c.output)")
        #expect(lines.filter { $0.hasPrefix("removed object") }.count == 1)
        // The outlet goes with the object: listed under it, indented.
        #expect(lines.filter { $0.hasPrefix("    removed connection") && $0.contains("signInTextField") }.count == 1, "\(c.output)")
        #expect(lines.filter { $0.hasPrefix("removed property") && $0.contains(". constraint ") }.count == 4)
    }

    /// Two sources without shared ids whose same-class siblings come in another order: the
    /// siblings pair by frame, and what is below them follows its parent (it used to pair by
    /// path, crosswise).
    @Test func reorderedSiblingsOfAnotherIDSpace() throws {
        func xib(_ ids: String, swapped: Bool) -> String {
            let a = #"<customView id="\#(ids)a1"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/><subviews><customView id="\#(ids)a2"><rect key="frame" x="1" y="1" width="5" height="5"/></customView></subviews></customView>"#
            let b = #"<customView id="\#(ids)b1"><rect key="frame" x="20" y="0.0" width="10" height="10"/><subviews><customView id="\#(ids)b2"><rect key="frame" x="2" y="2" width="7" height="7"/></customView></subviews></customView>"#
            return #"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="23504" targetRuntime="MacOSX.Cocoa"><objects><customView id="\#(ids)root"><rect key="frame" x="0.0" y="0.0" width="100" height="100"/><subviews>"#
                + (swapped ? b + a : a + b) + "</subviews></customView></objects></document>"
        }
        let tree = try TempTree()
        defer { tree.remove() }
        let old = try tree.write("old.xib", text: xib("o", swapped: false)), new = try tree.write("new.xib", text: xib("n", swapped: true))
        let (code, c) = DiffCLITests.run(["diff", old, new])
        #expect(code == .success, "\(c.output)")
        #expect(c.output == "no differences\n")
    }

    /// Two directories whose storyboards share scene names: each document keeps its file, so a
    /// change shows in both directions and a deleted file is reported (they used to hide each other).
    @Test func directoriesKeepDocumentsApartByFile() throws {
        let storyboard = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("Tests/NibDiagnosisTests/Fixtures/WhyApp/Resources/Main.storyboard"), encoding: .utf8)
        let changed = storyboard.replacingOccurrences(of: #"text="Hello""#, with: #"text="Bonjour""#)
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("a/One.storyboard", text: storyboard)
        try tree.write("a/Two.storyboard", text: storyboard)
        try tree.write("b/One.storyboard", text: storyboard)
        try tree.write("b/Two.storyboard", text: changed)
        try tree.write("c/Two.storyboard", text: storyboard)
        for (old, new) in [("a", "b"), ("b", "a")] {
            let (code, c) = DiffCLITests.run(["diff", tree.path(old), tree.path(new)])
            #expect(code == .findings, "\(old) → \(new): \(c.output)")
            #expect(c.output.contains("== Two.storyboard/") && c.output.contains("text:"), "\(c.output)")
            #expect(!c.output.contains("One.storyboard"), "\(c.output)")
        }
        let (code, c) = DiffCLITests.run(["diff", tree.path("a"), tree.path("c")])
        #expect(code == .findings)
        #expect(c.output.contains("removed document One.storyboard/"), "\(c.output)")
    }

    /// A constraint whose constant changes (same xib id) is one change, old formula → new.
    @Test("a constraint's constant is one change", .enabled(if: SharedProjects.root("NetNewsWire") != nil, SharedProjects.skipMessage("NetNewsWire")))
    func constraintConstant() throws {
        let root = SharedProjects.root("NetNewsWire")!
        let file = try #require(FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.first { $0.hasSuffix("/Settings.storyboard") })
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let old = #"constant="8" symbolic="YES" id="9kW-Cm-Jry""#
        try #require(text.contains(old))
        let tree = try TempTree()
        defer { tree.remove() }
        let (code, c) = DiffCLITests.run(["diff", try tree.write("a.storyboard", text: text),
                                          try tree.write("b.storyboard", text: text.replacingOccurrences(of: old, with: #"constant="12" symbolic="YES" id="9kW-Cm-Jry""#))])
        #expect(code == .findings)
        let lines = c.output.split(separator: "\n").filter { !$0.hasPrefix("==") }
        #expect(lines.count == 1 && lines[0].hasPrefix("changed property") && lines[0].contains("+ 8 → ") && lines[0].contains("+ 12  (line"), "\(c.output)")
    }

    /// The same nib under another name (as `git difftool` passes it): its nested archives pair.
    @Test("a nib with nested archives equals its copy under another name", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func renamedCopy() throws {
        let nib = Corpus.root!.appendingPathComponent("viraptor__ibtool/samples/correct/HSChooserWindow.nib")
        let tree = try TempTree()
        defer { tree.remove() }
        let copy = try tree.write("Xy12_copy.nib", [UInt8](try Data(contentsOf: nib)))
        let (code, c) = DiffCLITests.run(["diff", nib.path, copy])
        #expect(code == .success, "\(c.output)")
        #expect(c.output == "no differences\n")
    }
}

/// Kinds of difference named for what changed: a segue's kind, a placeholder's class.
@Suite struct DiffKindCLITests {
    @Test func segueKindChangeIsOneChange() throws {
        let storyboard = Corpus.packageRoot.appendingPathComponent("Tests/NibDiagnosisTests/Fixtures/WhyApp/Resources/Main.storyboard").path
        let text = try String(contentsOfFile: storyboard, encoding: .utf8)
        let tree = try TempTree()
        defer { tree.remove() }
        let new = try tree.write("Main.storyboard", text: text.replacingOccurrences(
            of: #"kind="show" identifier="showDetail""#, with: #"kind="presentation" identifier="showDetail""#))
        let (code, c) = DiffCLITests.run(["diff", "--format", "json", storyboard, new])
        #expect(code == .findings)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(c.output.utf8)) as? [String: Any])
        let diffs = try #require(json["differences"] as? [[String: Any]])
        #expect(diffs.count == 1, "\(c.output)")
        #expect(diffs.first?["kind"] as? String == "segue" && diffs.first?["change"] as? String == "changed")
        // The segue's label: its kind and identifier.
        #expect(diffs.first?["left"] as? String == #"show "showDetail""# && diffs.first?["right"] as? String == #"presentation "showDetail""#,
                "\(c.output)")
    }

    @Test func placeholderClassChange() throws {
        let (tree, old, new) = try DiffCLITests.pair {
            $0.replacingOccurrences(of: #"customClass="LoginViewController""#, with: #"customClass="SignInViewController""#)
        }
        defer { tree.remove() }
        let (code, c) = DiffCLITests.run(["diff", old, new])
        #expect(code == .findings)
        #expect(c.output.hasPrefix("changed placeholder File's Owner (SignInViewController): LoginDemo.LoginViewController (UIProxyObject) → LoginDemo.SignInViewController (UIProxyObject)"), "\(c.output)")
    }
}
