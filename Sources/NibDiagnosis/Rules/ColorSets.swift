import FileWalk
import Foundation
import NibModel

/// The colour sets of asset catalogs (`*.colorset`), for `color-assets` and `missing-color`: the
/// name a xib uses (with the folders that provide a namespace: `Brand/Accent`) and the first
/// colour's components as `Contents.json` gives them.
struct ColorSets {
    /// Name as used → red, green, blue, alpha (0…1), nil when the set's first colour has no such
    /// components (a system colour reference, a grey, a file that is not JSON).
    var colors: [String: [Double]?] = [:]

    /// The colour sets under `catalog` (a `.xcassets` directory or any directory holding them), at
    /// any depth (at most 20,000 entries looked at).
    static func read(_ catalog: String) -> ColorSets {
        var out = ColorSets()
        var namespaces: [String: String] = [:]  // relative directory → namespace prefix
        var seen = 0
        FileWalker().walk(catalog) { event in
            guard case .directory(let entry) = event else { return .proceed }
            seen += 1
            if seen > 20_000 { return .stop }
            let parent = (entry.relative as NSString).deletingLastPathComponent
            let prefix = namespaces[parent] ?? ""
            if entry.name.hasSuffix(".colorset") {
                let name = prefix + (entry.name as NSString).deletingPathExtension
                out.colors[name] = components(FileTree.join(entry.path, "Contents.json"))
                return .skipDescendants
            }
            if entry.name.contains(".") && !entry.name.hasSuffix(".xcassets") { return .skipDescendants }
            namespaces[entry.relative] = providesNamespace(entry.path) ? prefix + entry.name + "/" : prefix
            return .proceed
        }
        return out
    }

    static func json(_ path: String) -> [String: Any]? {
        guard FileTree.disk.isRegularFile(path), (FileTree.disk.fileSize(path) ?? 0) < 1 << 20,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static func providesNamespace(_ directory: String) -> Bool {
        let properties = json(FileTree.join(directory, "Contents.json"))?["properties"] as? [String: Any]
        return properties?["provides-namespace"] as? Bool ?? false
    }

    /// The first colour's red, green, blue and alpha (a grey's `white` for all three): `"0.500"` as
    /// is, `"128"` and `"0x80"` over 255; nil for a reference to a system colour.
    static func components(_ contents: String) -> [Double]? {
        guard let colors = json(contents)?["colors"] as? [[String: Any]], let color = colors.first?["color"] as? [String: Any],
              let c = color["components"] as? [String: Any] else { return nil }
        var out: [Double] = []
        let keys = c["white"] != nil && c["red"] == nil ? ["white", "white", "white", "alpha"] : ["red", "green", "blue", "alpha"]
        for key in keys {
            guard let v = c[key].map({ "\($0)" }) else { return nil }
            if v.contains(".") {
                guard let d = Double(v) else { return nil }
                out.append(d)
            } else if v.lowercased().hasPrefix("0x"), let n = Int(v.dropFirst(2), radix: 16) {
                out.append(Double(n) / 255)
            } else if let n = Double(v) {
                out.append(key == "alpha" ? n : n / 255)
            } else {
                return nil
            }
        }
        return out
    }

    /// The colour sets of every asset catalog near `path` (``ResourceIndex/near(_:)``); nil when
    /// there is none.
    static func near(_ index: ResourceIndex) -> ColorSets? {
        guard let root = index.root, !index.catalogs.isEmpty else { return nil }
        var out = ColorSets()
        for catalog in index.catalogs {
            for (name, value) in read(FileTree.join(root, catalog)).colors where out.colors[name] == nil { out.colors[name] = value }
        }
        return out
    }
}
