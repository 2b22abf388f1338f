import FileWalk
import Foundation
import NibModel

/// Images and sounds found near an input: loose files of a bundle or project and the sets of
/// asset catalogs (`*.xcassets/*.imageset`, `.symbolset`, `.dataset`); compiled catalogs
/// (`Assets.car`) are noted, not read.
public struct ResourceIndex: Hashable, Sendable, Codable {
    /// The directory searched, nil when nothing was searched.
    public var root: String?
    /// Normalised name (no extension, scale or device suffix, lowercased) → path relative to ``root``.
    public var images: [String: String]
    public var sounds: [String: String]
    /// Asset-catalog set name (lowercased) → path relative to ``root``.
    public var assets: [String: String]
    /// Asset catalogs (`.xcassets`) and compiled catalogs (`Assets.car`) seen, relative to ``root``.
    public var catalogs: [String]
    public var compiledCatalogs: [String]
    /// What the walk of ``root`` skipped (a symbolic link leading outside it, a FIFO, a directory
    /// nested too deeply), in walk order; not encoded.
    public var warnings: [WalkWarning] = []

    private enum CodingKeys: String, CodingKey { case root, images, sounds, assets, catalogs, compiledCatalogs }

    public init(root: String? = nil, images: [String: String] = [:], sounds: [String: String] = [:],
                assets: [String: String] = [:], catalogs: [String] = [], compiledCatalogs: [String] = []) {
        self.root = root
        self.images = images
        self.sounds = sounds
        self.assets = assets
        self.catalogs = catalogs
        self.compiledCatalogs = compiledCatalogs
    }

    /// True when there is something to check against.
    public var isEmpty: Bool { images.isEmpty && sounds.isEmpty && assets.isEmpty && compiledCatalogs.isEmpty }

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "pdf", "tif", "tiff", "gif", "icns", "heic", "svg", "bmp"]
    static let soundExtensions: Set<String> = ["aif", "aiff", "wav", "caf", "mp3", "m4a", "snd"]
    static let setExtensions: Set<String> = ["imageset", "symbolset", "dataset", "appiconset", "iconset"]
    static let skipped: Set<String> = [".git", ".build", "build", "DerivedData", "node_modules", ".swiftpm"]

    /// The resources near `path`: for an input inside an `.app`, `.framework`, `.bundle` or
    /// `.appex`, that bundle; else the nearest enclosing directory (at most 4 levels up) holding an
    /// Xcode project, workspace, `Package.swift` or `.git`; else the nearest (at most 2 levels up)
    /// with an asset catalog at most 2 levels below it; else the input's own directory. At most
    /// 50,000 entries are looked at.
    public static func near(_ path: String) -> ResourceIndex {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { return ResourceIndex() }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        var start = isDirectory.boolValue && !isCompiledContainer(absolute.pathExtension) ? absolute : absolute.deletingLastPathComponent()
        // Inside a bundle: the bundle.
        var probe = start
        for _ in 0..<8 where probe.path != "/" {
            if ["app", "framework", "bundle", "appex"].contains(probe.pathExtension) { return index(probe) }
            probe = probe.deletingLastPathComponent()
        }
        probe = start
        for _ in 0...4 where probe.path != "/" {
            let names = (try? FileTree.disk.list(probe.path, includingHidden: true)) ?? []
            if names.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") || $0 == "Package.swift" || $0 == ".git" }) {
                return index(probe)
            }
            probe = probe.deletingLastPathComponent()
        }
        probe = start
        for _ in 0...2 where probe.path != "/" {
            if hasCatalog(probe, depth: 2) { start = probe; break }
            probe = probe.deletingLastPathComponent()
        }
        return index(start)
    }

    private static func isCompiledContainer(_ ext: String) -> Bool { ["nib", "storyboardc", "xib", "storyboard"].contains(ext) }

    /// True when `dir` or its folders down to `depth` levels (names without a dot) hold an asset
    /// catalog or `Assets.car`.
    private static func hasCatalog(_ dir: URL, depth: Int) -> Bool {
        var found = false
        FileWalker().walk(dir.path) { event in
            let entry: FileWalker.Entry
            switch event {
            case .file(let e), .directory(let e): entry = e
            default: return .proceed
            }
            if skipped.contains(entry.name) { return .skipDescendants }
            if entry.name.hasSuffix(".xcassets") || entry.name == "Assets.car" { found = true; return .stop }
            guard case .directory = event, entry.depth < depth, !entry.name.contains(".") else { return .skipDescendants }
            return .proceed
        }
        return found
    }

    /// Every resource under `root`, found by one ``FileWalker`` walk (sorted, links kept inside
    /// `root`, FIFOs and devices skipped, 64 levels; at most 50,000 entries looked at); the walk's
    /// warnings are ``warnings``.
    static func index(_ root: URL) -> ResourceIndex {
        var out = ResourceIndex(root: root.path)
        var seen = 0
        out.warnings = FileWalker().walk(root.path) { event in
            let entry: FileWalker.Entry
            switch event {
            case .file(let e), .directory(let e): entry = e
            default: return .proceed
            }
            seen += 1
            if seen > 50_000 { return .stop }
            if skipped.contains(entry.name) { return .skipDescendants }
            let ext = (entry.name as NSString).pathExtension.lowercased()
            if case .directory = event {
                if setExtensions.contains(ext) {
                    let key = (entry.name as NSString).deletingPathExtension.lowercased()
                    if out.assets[key] == nil { out.assets[key] = entry.relative }
                    return .skipDescendants
                }
                if ext == "xcassets" { out.catalogs.append(entry.relative) }
            } else if entry.name == "Assets.car" {
                out.compiledCatalogs.append(entry.relative)
            } else if imageExtensions.contains(ext) {
                let key = normalized(entry.name)
                if out.images[key] == nil { out.images[key] = entry.relative }
            } else if soundExtensions.contains(ext) {
                let key = normalized(entry.name)
                if out.sounds[key] == nil { out.sounds[key] = entry.relative }
            }
            return .proceed
        }
        out.catalogs.sort()
        out.compiledCatalogs.sort()
        return out
    }

    /// `Star@2x~ipad.png` → `star`.
    static func normalized(_ name: String) -> String {
        var s = Substring(name)
        if let dot = s.lastIndex(of: "."),
           imageExtensions.contains(s[s.index(after: dot)...].lowercased()) || soundExtensions.contains(s[s.index(after: dot)...].lowercased()) {
            s = s[..<dot]
        }
        for suffix in ["~ipad", "~iphone", "~mac", "~tv"] where s.lowercased().hasSuffix(suffix) { s = s.dropLast(suffix.count) }
        for suffix in ["@1x", "@2x", "@3x"] where s.hasSuffix(suffix) { s = s.dropLast(suffix.count) }
        return s.lowercased()
    }

    /// The names of the `<image name="…" catalog="system">` resources of the xib or storyboard at
    /// `path` (its SF Symbols); empty when it cannot be read or is over 64 MB.
    static func systemImageNames(inSource path: String) -> Set<String> {
        var names = Set<String>()
        guard let data = FileManager.default.contents(atPath: path), data.count < 64 << 20 else { return names }
        let text = String(decoding: data, as: UTF8.self)
        var rest = text[...]
        while let start = rest.range(of: "<image ") {
            let tail = rest[start.upperBound...]
            guard let end = tail.firstIndex(of: ">") else { break }
            let tag = tail[..<end]
            if tag.contains("catalog=\"system\""), let n = tag.range(of: "name=\""),
               let close = tag[n.upperBound...].firstIndex(of: "\"") {
                names.insert(String(tag[n.upperBound..<close]))
            }
            rest = tail[end...]
        }
        return names
    }

    /// The image a property names, with its catalog when known: typed image values (a compiled
    /// nib's images, a xib's `<imageReference>`), and `image` /
    /// `…Image` string properties of sources (`system` when `systemImages` lists the name).
    static func imageNamed(by p: Property, systemImages: Set<String>) -> (name: String, catalog: String?)? {
        switch p.value {
        case .image(let ref): return (ref.name, ref.catalog)
        case .string(let s) where !s.isEmpty:
            if p.key == "image" || (p.key.hasSuffix("Image") && p.key.first?.isLowercase == true) {
                return (s, systemImages.contains(s) ? "system" : nil)
            }
            return nil
        default: return nil
        }
    }

    /// The status of `name` of `kind`, with where it was found. `catalog` is the archived catalog
    /// name, if any (`system` for SF Symbols).
    public func lookup(_ kind: LifecycleStep.Resource.Kind, _ name: String, catalog: String? = nil,
                       platform: Platform) -> (LifecycleStep.Resource.Status, String?) {
        if catalog == "system" { return (.system, nil) }
        if platform == .macOS, kind == .image, NibLint.isAppKitNamedImage(name) {
            return (.system, nil)
        }
        if root == nil || isEmpty { return (.unchecked, nil) }
        let key = Self.normalized(name)
        if kind == .image {
            if let found = assets[key] ?? images[key] { return (.found, found) }
        } else {
            if let found = sounds[key] ?? assets[key] { return (.found, found) }
        }
        if let car = compiledCatalogs.first { return (.unknown, car) }
        return (.missing, nil)
    }
}
