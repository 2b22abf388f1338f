import Foundation
import Testing
@testable import NibInspectCore

/// The CLI on a legacy typedstream `objects.nib` (IB 2 era) from the shared corpus.
@Suite("Typedstream CLI")
struct TypedstreamCLITests {
    /// `../shared/corpus/TeXShop__TeXShop/English.lproj/MainMenu.nib/objects.nib`, when present.
    static let mainMenu: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("shared/corpus/TeXShop__TeXShop/English.lproj/MainMenu.nib/objects.nib").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    @Test("tree prints the NSIBObjectData with File's Owner, menus and connections",
          .enabled(if: mainMenu != nil, "shared corpus absent"))
    func tree() throws {
        let path = try #require(Self.mainMenu)
        let console = Console.capturing()
        let code = NibInspectCLI.run(["tree", "--raw", path], console: console)
        #expect(code == .success, "\(console.errors)")
        #expect(console.output.contains("IB.objectdata → #0 NSIBObjectData"))
        #expect(console.output.contains("NSNamesValues"))
        #expect(console.output.contains("\"File's Owner\""))
        #expect(console.output.contains("NSNibControlConnector"))
    }

    @Test("json --raw is valid JSON naming the typedstream encoding and versions",
          .enabled(if: mainMenu != nil, "shared corpus absent"))
    func rawJSON() throws {
        let path = try #require(Self.mainMenu)
        let console = Console.capturing()
        let code = NibInspectCLI.run(["json", "--raw", path], console: console)
        #expect(code == .success, "\(console.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(console.outputBytes)) as? [String: Any])
        #expect(json["encoding"] as? String == "typedstream")
        #expect((json["objects"] as? [Any])?.count ?? 0 > 700)
    }

    @Test("a truncated typedstream is malformed input (65) with the byte offset and object breadcrumb",
          .enabled(if: mainMenu != nil, "shared corpus absent"))
    func truncated() throws {
        let path = try #require(Self.mainMenu)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(3000)
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("typedstream-cli-\(UUID().uuidString).nib")
        try bytes.write(to: tmp)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let console = Console.capturing()
        let code = NibInspectCLI.run(["tree", tmp.path], console: console)
        #expect(code == .dataError)
        #expect(console.errors.contains("at byte 0xBB8 in top-level group #0 > object #0 NSIBObjectData"))
    }
}
