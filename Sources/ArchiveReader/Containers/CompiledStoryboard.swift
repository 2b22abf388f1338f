import Foundation

/// A `.storyboardc` directory (nib-format.md §5): its `Info.plist` and the scene and view nibs it
/// holds, each a flat file or a nib bundle. Document names refer to ``NibContainer/documents``.
public struct CompiledStoryboard: Hashable, Sendable, Codable {
    /// A scene listed in `…IdentifiersToNibNames`.
    public struct Scene: Hashable, Sendable, Codable {
        /// Storyboard identifier or `<UIKitClass>-<objectID>`.
        public var identifier: String
        /// Nib name it maps to (without `.nib` and device modifier).
        public var nibName: String
        /// True for the `…DesignatedEntryPointIdentifier` scene.
        public var isEntryPoint: Bool
        /// Documents read for the nib, one per device variant; empty when the nib is missing.
        public var documents: [String]
    }

    /// One `*.nib` entry of the directory (scene nib or `<vc>-view-<view>` view nib).
    public struct Nib: Hashable, Sendable, Codable {
        /// File or bundle name: `UIViewController-abc~ipad.nib`.
        public var fileName: String
        /// `UIViewController-abc`.
        public var nibName: String
        /// `ipad`, `iphone`, or nil.
        public var device: String?
        /// True when the nib is a bundle directory with variants.
        public var isBundle: Bool
        /// The document read for it (nested archives excluded); empty when it failed.
        public var documents: [String]
    }

    /// `Main.storyboardc`, `Main~ipad.storyboardc`.
    public var name: String
    public var path: String
    /// Device modifier of the storyboard name, if any.
    public var device: String?
    /// `Info.plist`, or the newest `Info-<v>+.plist` when present (iOS 8+ reads that one); nil when none.
    public var infoFile: String?
    public var info: StoryboardInfo?
    /// Where the nibs were read from when not this directory: a device storyboard such as
    /// `Main~ipad.storyboardc` may hold only `Info.plist`, its nibs being `*~ipad.nib` in `Main.storyboardc`.
    public var nibDirectory: String?
    /// Scenes sorted by identifier.
    public var scenes: [Scene]
    /// Nib entries sorted by file name.
    public var nibs: [Nib]

    public init(name: String, path: String, device: String? = nil, infoFile: String? = nil,
                info: StoryboardInfo? = nil, nibDirectory: String? = nil, scenes: [Scene] = [], nibs: [Nib] = []) {
        self.name = name
        self.path = path
        self.device = device
        self.infoFile = infoFile
        self.info = info
        self.nibDirectory = nibDirectory
        self.scenes = scenes
        self.nibs = nibs
    }
}

extension CompiledStoryboard {
    /// Lists the storyboard at `path` and reads its Info.plist; returns it with the absolute path of
    /// each nib entry and diagnostics (missing scene nibs, doubled device modifiers, …).
    /// - Throws: ``InputError`` when unreadable; ``ArchiveError`` `.invalidContainer` when it has
    ///   no Info.plist (and no device-specific sibling holding one) or the plist is not a storyboard's.
    static func scan(path: String, displayName: String, limits: DecodingLimits, files: FileTree) throws -> (CompiledStoryboard, [String], [Diagnostic]) {
        let name = (path as NSString).lastPathComponent
        let stem = NibFileName.stem(name, ext: "storyboardc") ?? name
        let (base, devices) = NibFileName.splitDevice(stem)
        var sb = CompiledStoryboard(name: name, path: path, device: devices.last)
        var diagnostics: [Diagnostic] = []
        let entries = try files.entries(path)
        let parent = (path as NSString).deletingLastPathComponent

        var infoFile: String?
        var best: [Int]?
        for e in entries where files.isRegularFile(FileTree.join(path, e)) {
            if e == "Info.plist", best == nil { infoFile = e }
            if let v = NibFileName.infoPlistVersion(e), best.map({ NibFileName.isNewer(v, than: $0) }) ?? true {
                best = v
                infoFile = e
            }
        }
        if let infoFile {
            sb.infoFile = infoFile
            do { sb.info = try readInfo(FileTree.join(path, infoFile), limits: limits, files: files) }
            catch let e as ArchiveError { throw e.within(name) }
        } else {
            let siblings = ((try? files.entries(parent.isEmpty ? "." : parent)) ?? []).filter {
                $0 != name && $0.hasPrefix(base + "~") && $0.hasSuffix(".storyboardc")
            }
            guard devices.isEmpty, !siblings.isEmpty else {
                throw ArchiveError(.invalidContainer("compiled storyboard has no Info.plist"), at: 0, path: [name])
            }
            diagnostics.append(Diagnostic(
                .infoPlistInDeviceStoryboards,
                "no Info.plist; the device storyboards \(siblings.joined(separator: ", ")) hold it and read their nibs from here",
                location: .init(document: displayName, path: path)))
        }

        var nibDir = path
        func isNib(_ dir: String, _ e: String) -> Bool {
            e.hasSuffix(".nib") && (files.isRegularFile(FileTree.join(dir, e)) || files.isDirectory(FileTree.join(dir, e)))
        }
        var nibNames = entries.filter { isNib(path, $0) }
        if nibNames.isEmpty, let device = sb.device {
            let sibling = FileTree.join(parent.isEmpty ? "." : parent, base + ".storyboardc")
            if files.isDirectory(sibling) {
                nibDir = sibling
                sb.nibDirectory = base + ".storyboardc"
                nibNames = ((try? files.entries(sibling)) ?? []).filter {
                    isNib(sibling, $0) && NibFileName.nibNameAndDevice($0).device == device
                }
            }
        }
        for file in nibNames {
            let (nibName, device, doubled) = NibFileName.nibNameAndDevice(file)
            if doubled { diagnostics.append(ContainerBuilder.doubledDeviceModifier("\(displayName)/\(file)", path: FileTree.join(nibDir, file))) }
            sb.nibs.append(Nib(fileName: file, nibName: nibName, device: device,
                               isBundle: files.isDirectory(FileTree.join(nibDir, file)), documents: []))
        }
        if let info = sb.info {
            let nibNames = Set(sb.nibs.map(\.nibName))
            for (id, nib) in info.identifiersToNibNames.sorted(by: { $0.key < $1.key }) {
                sb.scenes.append(Scene(identifier: id, nibName: nib, isEntryPoint: id == info.entryPoint, documents: []))
                if !nibNames.contains(nib) {
                    diagnostics.append(Diagnostic(.missingSceneNib, "scene \(id) names nib \(nib).nib, which is missing",
                                                  location: .init(document: displayName, path: sb.infoFile.map { FileTree.join(path, $0) })))
                }
            }
            if let entry = info.entryPoint, info.identifiersToNibNames[entry] == nil {
                diagnostics.append(Diagnostic(.unknownEntryPoint, "entry point \(entry) is not among the scene identifiers",
                                              location: .init(document: displayName, path: sb.infoFile.map { FileTree.join(path, $0) })))
            }
        }
        return (sb, sb.nibs.map { FileTree.join(nibDir, $0.fileName) }, diagnostics)
    }

    /// True when the directory at `path` is a compiled storyboard whatever its name: it holds an
    /// `Info.plist` (or `Info-<v>+.plist`) whose keys are a storyboard's, and at least one `.nib`.
    /// Nothing but that plist is read.
    static func looksLikeCompiledStoryboard(_ path: String, limits: DecodingLimits, files: FileTree) -> Bool {
        guard let entries = try? files.entries(path), entries.contains(where: { $0.hasSuffix(".nib") }),
              let plist = entries.first(where: { $0 == "Info.plist" || NibFileName.infoPlistVersion($0) != nil }),
              files.isRegularFile(FileTree.join(path, plist)) else { return false }
        return (try? readInfo(FileTree.join(path, plist), limits: limits, files: files)) != nil
    }

    /// Parses a storyboard `Info.plist` (binary or XML, with the project's bounded
    /// ``PropertyList`` reader) into ``StoryboardInfo``: `UI…` keys mean iOS, `NS…` keys macOS
    /// (§5.1, §5.3).
    /// - Throws: ``ArchiveError``: the plist reader's errors (with byte offsets) under the
    ///   breadcrumb `Info.plist`, or `.invalidContainer` naming the key of the wrong type.
    static func readInfo(_ file: String, limits: DecodingLimits, files: FileTree) throws -> StoryboardInfo {
        let fileName = (file as NSString).lastPathComponent
        func bad(_ why: String) -> ArchiveError { ArchiveError(.invalidContainer("\(fileName): \(why)"), at: 0) }
        let bytes = try files.read(file, maxSize: limits.maxFileSize)
        guard bytes.count <= limits.maxFileSize else {
            throw ArchiveError(.limitExceeded(.fileSize, value: bytes.count), at: 0, path: [fileName])
        }
        let plist: PlistValue
        do { plist = try PropertyList.decode(bytes: bytes, limits: limits) } catch { throw error.within(fileName) }
        guard case .dictionary(let entries) = plist else { throw bad("top level is not a dictionary") }
        let keys = entries.map(\.key)
        let prefix: String
        let platform: Platform
        if keys.contains(where: { $0.hasPrefix("UIStoryboard") || $0.hasPrefix("UIViewController") }) {
            (prefix, platform) = ("UI", .iOS)
        } else if keys.contains(where: { $0.hasPrefix("NSStoryboard") || $0.hasPrefix("NSViewController") }) {
            (prefix, platform) = ("NS", .macOS)
        } else {
            throw bad("no UIStoryboard…/NSStoryboard… keys; not a compiled storyboard's Info.plist")
        }
        func string(_ key: String) throws -> String? {
            guard let v = plist[key] else { return nil }
            guard let s = v.stringValue else { throw bad("\(key) is not a string") }
            return s
        }
        var referencedIdentifiers: [String: String] = [:]
        func table(_ key: String) throws -> [String: String] {
            guard let v = plist[key] else { return [:] }
            guard case .dictionary(let items) = v else { throw bad("\(key) is not a dictionary") }
            var out: [String: String] = [:]
            for item in items {
                if let s = item.value.stringValue { out[item.key] = s; continue }
                // External references are dictionaries (`UIReferencedStoryboardName`,
                // `UIReferencedControllerIdentifier`); keep the storyboard name and the scene.
                if case .dictionary(let sub) = item.value,
                   let s = sub.first(where: { $0.key.contains("StoryboardName") })?.value.stringValue {
                    out[item.key] = s
                    if let id = sub.first(where: { $0.key.contains("ControllerIdentifier") })?.value.stringValue {
                        referencedIdentifiers[item.key] = id
                    }
                    continue
                }
                throw bad("\(key)[\(item.key)] is not a string")
            }
            return out
        }
        var info = StoryboardInfo(platform: platform)
        info.entryPoint = try string(prefix + "StoryboardDesignatedEntryPointIdentifier")
        info.identifiersToNibNames = try table(prefix + "ViewControllerIdentifiersToNibNames")
        info.externalReferences = try table(prefix + "ViewControllerIdentifiersToExternalStoryboardReferences")
        info.externalReferenceIdentifiers = referencedIdentifiers.isEmpty ? nil : referencedIdentifiers
        if let v = plist[prefix + "StoryboardVersion"] {
            guard let n = v.intValue, let version = Int(exactly: n) else { throw bad("\(prefix)StoryboardVersion is not an integer") }
            info.version = version
        }
        info.mainMenu = try string(platform == .macOS ? "NSStoryboardMainMenu" : "UIStoryboardDesignatedMenuIdentifier")
        return info
    }
}
