import ArchiveReader
import Foundation

/// The compiled side of `nibinspect compare`: the documents and, per document, the source ids its
/// localizable strings carry (``LocalizationHints``).
extension Context {
    /// The compiled side and, per document, the source ids its localizable strings carry: any
    /// input `tree` reads; a directory the loader cannot read yet (a `.storyboardc` or `.nib`
    /// bundle) is read as the compiled nibs it holds. A source in this position is compared as is.
    func loadCompiledWithHints(_ path: String) throws -> (NibInput, [String: [ObjectID: String]]) {
        if let source = try loadSourceOrStdin(path) { return (source, [:]) }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard exists && isDirectory.boolValue else {
            let archives = try withFile(path) { try loadArchives(path) }
            var hints: [String: [ObjectID: String]] = [:]
            let documents = archives.map { a in
                let document = NibResolver.resolve(a.graph, name: a.name, path: a.path, variant: a.variant)
                hints[document.name] = LocalizationHints.sourceIDs(in: a.graph)
                return document
            }
            let kind = documents.first.map { $0.format.displayName } ?? "compiled nib"
            return (NibInput(path: path, kind: kind, variants: archives.compactMap(\.variant), documents: documents), hints)
        }
        // A directory: what `tree` reads when the loader handles it, else the nibs found here.
        var input: NibInput
        var archives: [LoadedArchive]
        do {
            input = try loadResolved(path)
            archives = (try? loadArchives(path)) ?? []
        } catch {
            archives = try Self.archivesInDirectory(path, self)
            if archives.isEmpty { throw error }
            input = Self.resolveDirectory(path, archives)
        }
        var byBase: [String: String] = [:]
        for d in input.documents { byBase[Self.baseName(d.name)] = d.name }
        var hints: [String: [ObjectID: String]] = [:]
        for a in archives {
            if let name = byBase[Self.baseName(a.name)] { hints[name] = LocalizationHints.sourceIDs(in: a.graph) }
        }
        return (input, hints)
    }

    /// `Main.storyboardc/Foo.nib/runtime.nib`, `Foo.nib`, `Foo` → `Foo`.
    static func baseName(_ name: String) -> String {
        let parts = name.split(separator: "/").map(String.init)
        let nib = parts.first { $0.hasSuffix(".nib") } ?? parts.last ?? name
        return nib.hasSuffix(".nib") ? String(nib.dropLast(4)) : nib
    }

    /// Resolves the nibs of a directory: as a compiled storyboard when it has an `Info.plist`
    /// (so upstream placeholders resolve across scene nibs, nib-format.md §5), else one by one.
    static func resolveDirectory(_ path: String, _ archives: [LoadedArchive]) -> NibInput {
        let base = (path as NSString).lastPathComponent
        let infoPath = (path as NSString).appendingPathComponent("Info.plist")
        if let data = FileManager.default.contents(atPath: infoPath),
           let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] {
            let scenes = archives.map { a in
                (nibName: a.name.hasPrefix(base + "/") ? String(a.name.dropFirst(base.count + 1)) : a.name, graph: a.graph)
            }
            var input = NibResolver.resolveStoryboard(name: base, info: storyboardInfo(plist), scenes: scenes)
            input.path = path
            return input
        }
        let documents = archives.map { NibResolver.resolve($0.graph, name: $0.name, path: $0.path, variant: $0.variant) }
        return NibInput(path: path, kind: "compiled directory", documents: documents)
    }

    /// A compiled storyboard's `Info.plist` (§5.1, §5.3) as ``StoryboardInfo``.
    static func storyboardInfo(_ plist: [String: Any]) -> StoryboardInfo {
        let appKit = plist.keys.contains { $0.hasPrefix("NS") }
        let p = appKit ? "NS" : "UI"
        return StoryboardInfo(
            platform: appKit ? .macOS : .iOS,
            entryPoint: plist["\(p)StoryboardDesignatedEntryPointIdentifier"] as? String,
            identifiersToNibNames: plist["\(p)ViewControllerIdentifiersToNibNames"] as? [String: String] ?? [:],
            externalReferences: plist["UIViewControllerIdentifiersToExternalStoryboardReferences"] as? [String: String] ?? [:],
            version: plist["\(p)StoryboardVersion"] as? Int,
            mainMenu: (plist["NSStoryboardMainMenu"] ?? plist["UIStoryboardDesignatedMenuIdentifier"]) as? String)
    }

    /// The compiled nibs of a directory the loader cannot read yet: a nib bundle gives its
    /// preferred variant (nib-format.md §8.3: `objects-<v>+.nib` highest, `keyedobjects-<v>.nib`
    /// highest, `runtime.nib`, `objects.nib`, `keyedobjects.nib`; never `designable.nib`); any
    /// other directory (a `.storyboardc`) gives every nib file and bundle it holds.
    static func archivesInDirectory(_ path: String, _ context: Context, depth: Int = 0) throws -> [LoadedArchive] {
        let fm = FileManager.default
        let names = ((try? fm.contentsOfDirectory(atPath: path)) ?? []).sorted()
        let base = (path as NSString).lastPathComponent
        if base.hasSuffix(".nib") {
            guard let variant = preferredVariant(names) else { return [] }
            let full = (path as NSString).appendingPathComponent(variant)
            let bytes = try context.withFile(full) { try NibLoader.readFile(full) }
            return [try context.withFile(full) {
                try context.loader.loadArchive(bytes: bytes, name: base + "/" + variant, path: full, variant: variant)
            }]
        }
        var out: [LoadedArchive] = []
        for name in names where name.hasSuffix(".nib") && depth < 2 {
            let full = (path as NSString).appendingPathComponent(name)
            var sub: ObjCBool = false
            fm.fileExists(atPath: full, isDirectory: &sub)
            if sub.boolValue {
                out += try archivesInDirectory(full, context, depth: depth + 1).map { a in
                    var a = a
                    a.name = base + "/" + a.name
                    return a
                }
                continue
            }
            let bytes = try context.withFile(full) { try NibLoader.readFile(full) }
            out.append(try context.withFile(full) {
                try context.loader.loadArchive(bytes: bytes, name: base + "/" + name, path: full)
            })
        }
        return out
    }

    /// The variant a loader prefers among a nib bundle's file names (§8.2, §8.3).
    static func preferredVariant(_ names: [String]) -> String? {
        func version(_ name: String, prefix: String, suffix: String) -> [Int]? {
            guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
            let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
            let parts = middle.split(separator: ".").compactMap { Int($0) }
            return parts.isEmpty ? nil : parts
        }
        let objects = names.compactMap { n in version(n, prefix: "objects-", suffix: "+.nib").map { (n, $0) } }
        if let best = objects.max(by: { $0.1.lexicographicallyPrecedes($1.1) }) { return best.0 }
        let keyed = names.compactMap { n in version(n, prefix: "keyedobjects-", suffix: ".nib").map { (n, $0) } }
        if let best = keyed.max(by: { $0.1.lexicographicallyPrecedes($1.1) }) { return best.0 }
        for n in ["runtime.nib", "objects.nib", "keyedobjects.nib"] where names.contains(n) { return n }
        return nil
    }
}
