import Foundation

/// What one input consists of, found without decoding anything (nib-format.md §5, §8): its shape
/// and the units that can be decoded independently of each other, in the order their documents are
/// listed. Listing reads directory entries and the first bytes of loose files (formats are told by
/// their first bytes: 1 KiB, up to 64 KiB for XML behind a long prolog), nothing more.
///
/// ```
/// App/                        kind: directory
///   Base.lproj/Main.storyboardc   unit: compiled storyboard
///   Login.nib/                    unit: nib bundle
///   Login.xib                     unit: source
///   Settings.nib                  unit: file
/// ```
public struct InputInventory: Sendable, Hashable {
    /// The path as given.
    public var path: String
    /// Last path component: `Login.nib`, `Main.storyboardc`, `App`.
    public var name: String
    public var kind: NibContainer.Kind
    /// Independently decodable units, in sorted path order for a directory.
    public var units: [InputUnit]
    /// What the walk skipped after the last unit that is not a source (a link leading outside the
    /// input, a FIFO, a directory nested too deeply).
    public var trailingNotes: [Diagnostic] = []

    /// The units the compiled-archive loader decodes: every unit but the XML sources of a
    /// directory (a single file is always given to it, so that a source there is refused with a
    /// message saying what it is).
    public var compiledUnits: [InputUnit] {
        kind == .file ? units : units.filter { $0.kind != .source && $0.kind != .archive }
    }
    /// Interface Builder XML sources found in a directory.
    public var sourceUnits: [InputUnit] { units.filter { $0.kind == .source } }
}

/// One independently decodable part of an input: a compiled file, a nib bundle, a `.storyboardc`,
/// an XML source, or a directory that could not be listed.
public struct InputUnit: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A compiled file: `NIBArchive`, keyed archive (binary or XML plist), typedstream.
        case file
        /// A `Foo.nib/` directory; `strict` when it is the input itself, so that an unknown
        /// `--variant` is an error rather than a fallback with a warning.
        case nibBundle(strict: Bool)
        /// A `Foo.storyboardc/` directory.
        case compiledStoryboard
        /// An Interface Builder XML source: xib, storyboard (read by ``SourceReader``).
        case source
        /// A directory below the input that could not be listed.
        case unreadableDirectory(InputError)
        /// A zip archive (`.ipa`, `.zip`; told by its first bytes), listed only when asked for
        /// (``NibLoader/inventory(at:listingArchives:)``): `nibinspect scan` reads its members.
        case archive
    }

    public var kind: Kind
    /// Absolute or input-relative path of the file or directory.
    public var path: String
    /// Display name relative to the input (`Login.nib`, `Base.lproj/Main.storyboardc`).
    public var name: String
    /// Device modifier of the file name (`ipad` for `Login~ipad.nib`), nil when none.
    public var device: String?
    /// Nib name as `UINib` looks it up (no `.nib`, no device modifier), for `.nib` names only.
    public var nibName: String?
    /// Diagnostics made while listing (a doubled device modifier, what the walk skipped before
    /// this unit), reported before this unit's own; sources have none.
    public var notes: [Diagnostic] = []
}

extension NibLoader {
    /// Lists what `path` consists of without decoding it.
    ///
    /// - A file is one unit (``InputUnit/Kind/file``, or ``InputUnit/Kind/source`` when its first
    ///   bytes say it is an Interface Builder XML source); a `Foo.nib/` directory and a
    ///   `.storyboardc` are one unit each.
    /// - Any other directory is walked in sorted order: nib bundles, `.storyboardc` directories,
    ///   compiled archives (by magic bytes; a `.nib` name is enough for unrecognised bytes, so a
    ///   broken nib is reported rather than skipped) and XML sources (`.xib`, `.storyboard`) are
    ///   units; images, `info.nib`, `classes.nib` and other files are skipped quietly. The walk is
    ///   ``FileWalker``'s: symbolic links leading outside `path` or back up the tree, FIFOs,
    ///   sockets, devices and directories 64 levels down are skipped with a note (a diagnostic of
    ///   the next unit, or of ``InputInventory/trailingNotes`` after the last).
    /// - `listingArchives`: zip archives (`.ipa`, `.zip`, by their first bytes) are units of kind
    ///   ``InputUnit/Kind/archive`` too, the input itself included; off, they are skipped as
    ///   other files are (a zip given as the input is a ``InputUnit/Kind/file`` whose reader says
    ///   what it is).
    /// - Throws: ``InputError/Kind/notFound`` when nothing exists at `path`.
    public func inventory(at path: String, listingArchives: Bool = false) throws(InputError) -> InputInventory {
        guard files.exists(path) else { throw InputError(.notFound, path: path) }
        let name = (path as NSString).lastPathComponent
        let (nibName, device, _) = NibFileName.nibNameAndDevice(name)
        guard files.isDirectory(path) else {
            // Only a regular file is sniffed here: a pipe would lose the bytes read.
            let head = files.isRegularFile(path) ? files.head(path)?.head : nil
            let isSource = head.map { SourceReader.isSource($0) } ?? false
            let isArchive = listingArchives && (head.map { ForeignFormat(sniffing: $0) == .zip } ?? false)
            let unit = InputUnit(kind: isSource ? .source : isArchive ? .archive : .file, path: path, name: name, device: device,
                                 nibName: name.hasSuffix(".nib") ? nibName : nil)
            return InputInventory(path: path, name: name, kind: .file, units: [unit])
        }
        if name.hasSuffix(".nib") {
            let unit = InputUnit(kind: .nibBundle(strict: true), path: path, name: name, device: device,
                                 nibName: nibName)
            return InputInventory(path: path, name: name, kind: .nibBundle, units: [unit])
        }
        if name.hasSuffix(".storyboardc") || CompiledStoryboard.looksLikeCompiledStoryboard(path, limits: limits, files: files) {
            let unit = InputUnit(kind: .compiledStoryboard, path: path, name: name)
            return InputInventory(path: path, name: name, kind: .compiledStoryboard, units: [unit])
        }
        var walker = DirectoryWalker(limits: limits, files: files, listingArchives: listingArchives)
        walker.walk(path)
        var inventory = InputInventory(path: path, name: name, kind: .directory, units: walker.units)
        inventory.trailingNotes = walker.pendingNotes
        return inventory
    }
}

/// The units of a plain directory behind ``NibLoader/inventory(at:)``, found by one
/// ``FileWalker`` walk (its rules: sorted, links kept inside the input, no special files, one
/// depth limit); the walk's warnings become notes of the next unit.
private struct DirectoryWalker {
    let limits: DecodingLimits
    let files: FileTree
    /// Whether zip archives are units (``InputUnit/Kind/archive``).
    let listingArchives: Bool
    var units: [InputUnit] = []
    init(limits: DecodingLimits, files: FileTree, listingArchives: Bool) {
        self.limits = limits
        self.files = files
        self.listingArchives = listingArchives
    }
    /// Notes not yet attached to a unit.
    var pendingNotes: [Diagnostic] = []

    /// Appends `unit` with the pending notes, except to a source: its diagnostics are printed
    /// after those of the compiled units, so notes wait for the next compiled unit (or the end)
    /// to keep walk order.
    private mutating func add(_ unit: InputUnit) {
        var unit = unit
        if unit.kind != .source {
            unit.notes = pendingNotes + unit.notes
            pendingNotes = []
        }
        units.append(unit)
    }

    mutating func walk(_ root: String) {
        FileWalker(tree: files).walk(root) { event in
            switch event {
            case .warning(let warning):
                pendingNotes.append(Diagnostic(warning))
            case .unreadableDirectory(let entry, let message):
                add(InputUnit(kind: .unreadableDirectory(InputError(.unreadable(message), path: entry.path)), path: entry.path,
                              name: entry.relative.isEmpty ? entry.path : entry.relative))
            case .directory(let entry):
                let (nibName, device, doubled) = NibFileName.nibNameAndDevice(entry.name)
                if entry.name.hasSuffix(".nib") {
                    let doubledNote = doubled ? [ContainerBuilder.doubledDeviceModifier(entry.relative, path: entry.path)] : []
                    add(InputUnit(kind: .nibBundle(strict: false), path: entry.path, name: entry.relative, device: device,
                                  nibName: nibName, notes: doubledNote))
                    return .skipDescendants
                }
                if entry.name.hasSuffix(".storyboardc") || CompiledStoryboard.looksLikeCompiledStoryboard(entry.path, limits: limits, files: files) {
                    add(InputUnit(kind: .compiledStoryboard, path: entry.path, name: entry.relative))
                    return .skipDescendants
                }
            case .file(let entry):
                guard let kind = unitKind(entry.path, name: entry.name) else { break }
                let (nibName, device, doubled) = NibFileName.nibNameAndDevice(entry.name)
                let doubledNote = doubled && entry.name.hasSuffix(".nib") && kind == .file
                    ? [ContainerBuilder.doubledDeviceModifier(entry.relative, path: entry.path)] : []
                add(InputUnit(kind: kind, path: entry.path, name: entry.relative, device: device,
                              nibName: entry.name.hasSuffix(".nib") ? nibName : nil, notes: doubledNote))
            }
            return .proceed
        }
    }

    /// Whether a loose file of a directory is a unit: a compiled archive (by magic; a `.nib` name is
    /// enough for empty or unrecognised bytes, so broken nibs are reported rather than skipped) or
    /// an XML source named `.xib` / `.storyboard`.
    /// `path` is a regular file (the walk gives no other).
    func unitKind(_ path: String, name: String) -> InputUnit.Kind? {
        let isNibName = name.hasSuffix(".nib") && !["info.nib", "classes.nib", "designable.nib"].contains(name)
        guard let probe = files.head(path) else {
            // Unreadable (permissions): a file named like a unit is listed all the same, so that
            // reading it reports why instead of the directory silently holding one nib fewer.
            if isNibName { return .file }
            return name.hasSuffix(".xib") || name.hasSuffix(".storyboard") ? .source : nil
        }
        switch FileFormat(sniffing: probe.head) {
        case .nibArchive, .typedstream: return .file
        case .empty, .unknown:
            if isNibName { return .file }
            return listingArchives && ForeignFormat(sniffing: probe.head) == .zip ? .archive : nil
        case .binaryPlist, .xmlPlist:
            if isNibName { return .file }
            guard probe.size <= 64 << 20, let data = try? files.read(path, maxSize: 64 << 20) else { return nil }
            return data.firstRange(of: Array("NSKeyedArchiver".utf8)) != nil ? .file : nil
        case .xibDocument, .xibArchive:
            return name.hasSuffix(".xib") || name.hasSuffix(".storyboard") ? .source : nil
        default: return nil
        }
    }
}
