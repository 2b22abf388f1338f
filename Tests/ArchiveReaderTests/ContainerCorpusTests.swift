import TestSupport
import Foundation
import Testing
@testable import ArchiveReader

/// Every nib bundle directory and `.storyboardc` of the shared corpus opens; every prototype /
/// reusable-view archive nested in a corpus NIBArchive opens as a child document.
@Suite("Container corpus", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ContainerCorpusTests {
    /// Directories below the corpus root whose name ends in `suffix`, sorted.
    static func directories(_ suffix: String) -> [String] {
        guard let root = Corpus.root, let e = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var out: [String] = []
        while let rel = e.nextObject() as? String {
            var isDir: ObjCBool = false
            if rel.hasSuffix(suffix), FileManager.default.fileExists(atPath: root.path + "/" + rel, isDirectory: &isDir),
               isDir.boolValue {
                out.append(rel)
            }
        }
        return out.sorted()
    }

    @Test func everyNibBundleOpens() throws {
        let bundles = Self.directories(".nib")
        #expect(bundles.count > 200)
        var opened = 0
        var formats: [String: Int] = [:]
        for rel in bundles {
            let path = Corpus.root!.path + "/" + rel
            do {
                let loaded = try NibLoader().loadContainer(at: path)
                #expect(loaded.container.kind == .nibBundle)
                #expect(loaded.archives.count >= 1, "\(rel)")
                #expect(loaded.container.variants.filter(\.chosen).count == 1, "\(rel)")
                formats[loaded.container.documents[0].format, default: 0] += 1
                opened += 1
            } catch {
                Issue.record("\(rel): \(error)")
            }
        }
        #expect(opened == bundles.count)
        // Keyed (bplist/XML), typedstream and NIBArchive bundles are all present.
        #expect(formats.count >= 3, "\(formats)")
        print("nib bundles: \(opened) of \(bundles.count) opened; variant read by format: \(formats.sorted { $0.key < $1.key })")
    }

    @Test func wholeCorpusOpensAsOneDirectory() throws {
        let loaded = try NibLoader().loadContainer(at: Corpus.root!.path)
        #expect(loaded.container.kind == .directory)
        #expect(loaded.failures.isEmpty, "\(loaded.failures.prefix(5))")
        #expect(loaded.container.documents.count > 500)
        // 7 `.storyboardc` directories, and 10 ibtool output directories (`sb_*.out`) recognised by
        // their storyboard Info.plist whatever their name.
        #expect(loaded.container.storyboards.count == 17)
        #expect(loaded.container.storyboards.filter { $0.name.hasSuffix(".out") }.count == 10)
    }

    @Test func everyCompiledStoryboardOpens() throws {
        let storyboards = Self.directories(".storyboardc")
        #expect(storyboards.count == 7)
        for rel in storyboards {
            let loaded = try NibLoader().loadContainer(at: Corpus.root!.path + "/" + rel)
            #expect(loaded.container.kind == .compiledStoryboard)
            #expect(loaded.failures.isEmpty, "\(rel): \(loaded.failures)")
            let sb = try #require(loaded.container.storyboards.first)
            if rel.hasSuffix("UICatalog.app/Base.lproj/Main.storyboardc") {
                #expect(sb.info == nil)   // Info.plist lives in Main~ipad/Main~iphone.storyboardc
            } else {
                #expect(sb.info?.platform == .iOS, "\(rel)")
            }
            // Every scene whose nib is present resolves to at least one loaded archive.
            for scene in sb.scenes where sb.nibs.contains(where: { $0.nibName == scene.nibName }) {
                #expect(!loaded.archives(forSceneIdentifier: scene.identifier, storyboard: sb.name).isEmpty,
                        "\(rel): \(scene.identifier)")
            }
        }
    }

    @Test func everyNestedArchiveOpensAsChildDocument() throws {
        var children = 0, prototypes = 0
        for entry in Corpus.entries(format: "NIBArchive") {
            let archive = try NibArchive(bytes: try Corpus.bytes(entry))
            let nested = archive.nestedArchiveValues.filter { $0.bytes.starts(with: NibArchive.magic) }
            guard !nested.isEmpty else { continue }
            let loaded = try NibLoader().loadContainer(at: entry.url.path)
            #expect(loaded.container.diagnostics.isEmpty, "\(entry): \(loaded.container.diagnostics)")
            let direct = loaded.container.documents.filter { $0.parent == loaded.archives[0].name }
            #expect(direct.count == nested.count, "\(entry)")
            #expect(Set(direct.compactMap(\.offset)) == Set(nested.map(\.offset)), "\(entry)")
            for doc in direct {
                let isPrototype = doc.location?.hasPrefix("prototype \"") == true
                let isReusable = doc.location?.hasPrefix("reusable view \"") == true
                #expect(isPrototype || isReusable, "\(entry): \(doc.location ?? "nil")")
                if isPrototype { prototypes += 1 }
            }
            children += direct.count
        }
        #expect(prototypes >= 20)
        print("nested archives opened as child documents: \(children) (\(prototypes) UITableView prototypes)")
    }
}
