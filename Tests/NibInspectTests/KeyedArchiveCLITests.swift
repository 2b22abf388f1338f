import TestSupport
import Foundation
import Testing
import ArchiveReader
@testable import NibInspectCore

/// `tree` and `json --raw` on keyed archives (binary and XML plists) of the shared corpus.
@Suite("CLI on keyed archives", .enabled(if: KeyedCLICorpus.root != nil, "../shared/corpus is absent; skipped"))
struct KeyedArchiveCLITests {
    static let nib = "HexFiend__HexFiend/English.lproj/MyDocument.nib/keyedobjects.nib"
    static let xmlNib = "cjwl__cocotron/testing/Examples/TextEditor/English.lproj/MyDocument.nib/keyedobjects.nib"
    static let infoNib = "cjwl__cocotron/testing/Examples/TextEditor/English.lproj/MyDocument.nib/info.nib"

    func run(_ args: [String]) -> (code: ExitCode, out: String, err: String) {
        let c = Console.capturing()
        let code = NibInspectCLI.run(args, console: c)
        return (code, c.output, c.errors)
    }

    @Test("tree prints the $top root, NSIBObjectData and inline strings", arguments: [nib, xmlNib])
    func tree(file: String) throws {
        let path = try #require(KeyedCLICorpus.path(file))
        let r = run(["tree", "--raw", path])  // `tree` prints the resolved model since the resolver landed
        #expect(r.code == .success, "\(r.err)")
        let lines = r.out.split(separator: "\n")
        #expect(lines.first?.hasSuffix(" $top") == true)
        #expect(lines.dropFirst().first?.contains("IB.objectdata → #1 NSIBObjectData") == true)
        #expect(r.out.contains("NSClassName → ") && r.out.contains("NSString \"MyDocument\""))
    }

    @Test("json --raw of a binary keyed archive and of its XML form are equal but for offsets")
    func jsonBinaryVersusXML() throws {
        let path = try #require(KeyedCLICorpus.path(Self.nib))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let xmlURL = FileManager.default.temporaryDirectory.appendingPathComponent("keyed-cli-\(getpid()).nib")
        try Data(XMLPlistWriter.write(PropertyList.decode(bytes: bytes))).write(to: xmlURL)
        defer { try? FileManager.default.removeItem(at: xmlURL) }
        let binary = run(["json", "--raw", path]), xml = run(["json", "--raw", xmlURL.path])
        #expect(binary.code == .success && xml.code == .success, "\(binary.err) \(xml.err)")
        let a = try Self.normalized(binary.out), b = try Self.normalized(xml.out)
        #expect(a == b)
        #expect(((a["objects"] as? [Any])?.count ?? 0) == 64)
        #expect(binary.out.contains("\"encoding\" : \"keyedArchiveBinary\""))
        #expect(xml.out.contains("\"encoding\" : \"keyedArchiveXML\""))
    }

    @Test("an IB metadata plist is named, exit 65")
    func infoNib() throws {
        let path = try #require(KeyedCLICorpus.path(Self.infoNib))
        let r = run(["tree", path])
        #expect(r.code == .dataError)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("property list (not a keyed archive)"))
    }

    /// The JSON with `offset`, `name` and `encoding` removed everywhere.
    static func normalized(_ text: String) throws -> NSDictionary {
        func strip(_ v: Any) -> Any {
            if let d = v as? [String: Any] {
                var out: [String: Any] = [:]
                for (k, x) in d where !["offset", "name", "encoding"].contains(k) { out[k] = strip(x) }
                return out
            }
            if let a = v as? [Any] { return a.map(strip) }
            return v
        }
        let any = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return strip(any) as? NSDictionary ?? NSDictionary()
    }
}

/// The shared corpus beside the checkout (a minimal copy of ArchiveReaderTests' `Corpus`).
enum KeyedCLICorpus {
    static let root: URL? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("MANIFEST.tsv").path) ? url : nil
    }()

    static func path(_ file: String) -> String? { root.map { $0.appendingPathComponent(file).path } }
}
