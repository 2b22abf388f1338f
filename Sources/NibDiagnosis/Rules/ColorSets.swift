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
        guard let data = contents(path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// The bytes of the `Contents.json` at `path`: nil unless it is a regular file under 1 MiB.
    static func contents(_ path: String) -> Data? {
        guard FileTree.disk.isRegularFile(path), (FileTree.disk.fileSize(path) ?? 0) < 1 << 20 else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    static func providesNamespace(_ directory: String) -> Bool {
        let properties = json(FileTree.join(directory, "Contents.json"))?["properties"] as? [String: Any]
        return properties?["provides-namespace"] as? Bool ?? false
    }

    /// The first colour's red, green, blue and alpha (a grey's `white` for all three); nil for a
    /// reference to a system colour, a component missing or not a number. A string component is
    /// Xcode's: `"0.500"` (with a point) as is, `"0x80"` and `"128"` over 255 (alpha `"1"` as is). A
    /// JSON number (hand-written or generated files) counts by its value alone, since only the
    /// text tells `1` from `1.0` (JSONSerialization keeps the difference on Linux and loses it in
    /// Darwin's NSNumber): 0…1 as is, above 1 over 255; alpha as is. `true`/`false` are no number.
    static func components(_ contents: String) -> [Double]? {
        guard let data = Self.contents(contents),
              let file = try? JSONDecoder().decode(ColorContents.self, from: data),
              let c = file.colors?.first?.color?.components else { return nil }
        let keys = c["white"] != nil && c["red"] == nil ? ["white", "white", "white", "alpha"] : ["red", "green", "blue", "alpha"]
        var out: [Double] = []
        for key in keys {
            guard let value = c[key]?.value(isAlpha: key == "alpha") else { return nil }
            out.append(value)
        }
        return out
    }

    /// The part of a colour set's `Contents.json` read here, decoded by `JSONDecoder`, which reads
    /// the JSON text itself on every platform (no NSNumber between: a number never passes for a
    /// Bool or the other way round).
    struct ColorContents: Decodable {
        struct Entry: Decodable { var color: Color? }
        struct Color: Decodable { var components: [String: Component]? }
        var colors: [Entry]?
    }

    /// One colour component as the file writes it.
    enum Component: Decodable, Equatable {
        case text(String)
        case number(Double)
        /// `true`, `false`, `null`, an array or an object.
        case other

        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            if let s = try? single.decode(String.self) {
                self = .text(s)
            } else if (try? single.decode(Bool.self)) != nil {
                self = .other
            } else if let d = try? single.decode(Double.self) {
                self = .number(d)
            } else {
                self = .other
            }
        }

        /// The component on the 0…1 scale (see ``ColorSets/components(_:)``), nil when it is none.
        func value(isAlpha: Bool) -> Double? {
            switch self {
            case .number(let n):
                guard n.isFinite else { return nil }
                return isAlpha || n <= 1 ? n : n / 255
            case .text(let raw):
                let v = raw.trimmingCharacters(in: .whitespaces)
                if v.contains(".") { return Double(v) }
                if v.lowercased().hasPrefix("0x") { return Int(v.dropFirst(2), radix: 16).map { Double($0) / 255 } }
                guard let n = Double(v), n.isFinite else { return nil }
                return isAlpha ? n : n / 255
            case .other:
                return nil
            }
        }
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
