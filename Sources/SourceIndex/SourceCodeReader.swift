#if !NIBINSPECT_SINGLE_MODULE
import FileWalk   // (Scripts/fuzz.sh compiles it into the same module)
#endif
import Foundation
import Synchronization

/// Reads Swift (`.swift`) and Objective-C (`.h`, `.m`, `.mm`) files into a ``SourceIndex``.
///
/// Swift is read by the ``SwiftFileReader`` given (the CLI gives the toolchain's own parser,
/// `SwiftSourceReader` of the `SwiftSourceParser` target; with none, Swift files are counted in
/// ``SourceIndex/swiftFilesNotRead`` and not read), Objective-C with a
/// tokenizer that knows comments, string literals and preprocessor lines (``ObjCSourceReader``).
/// A file that cannot be read, is not UTF-8, is larger than ``maxFileSize`` or does not parse
/// cleanly yields what parsed plus a ``SourceProblem``; one that gives nothing is also listed in
/// ``SourceIndex/unreadFiles`` with its reason. No file stops the run: Swift files nested past
/// what the parser survives are refused before parsing, and the parser runs on a thread with a
/// large stack (``SwiftSourceReader``).
public struct SourceCodeReader: Sendable {
    /// Files larger than this (bytes) are skipped with a problem. Default 8 MiB.
    public var maxFileSize = 8 << 20
    /// Directory names never descended into.
    public var skippedDirectories: Set<String> = [".git", ".build", ".swiftpm", "DerivedData", "node_modules", "build"]

    /// Reads Swift files; nil: Swift files are listed in ``SourceIndex/swiftFilesNotRead``, not read.
    public var swiftReader: (any SwiftFileReader)?

    /// Where the facts of Swift files read before are kept (``SourceFactsCache``): a file whose
    /// path, module and text are unchanged is not parsed again. Nil (the default): every file is
    /// parsed.
    public var cache: SourceFactsCache?

    /// A reader of Objective-C files, and of Swift files when `swift` is given.
    public init(swift: (any SwiftFileReader)? = nil) {
        self.swiftReader = swift
    }

    /// The source files under `directory` (recursively, through ``FileWalker``: hidden entries,
    /// ``skippedDirectories`` and compiled containers skipped; symbolic links followed only inside
    /// `directory`; FIFOs and devices never opened; 64 levels), sorted by path, and the walk's
    /// warnings. A regular file is returned alone when it has a source extension.
    public func listSources(in directory: String) -> (files: [String], warnings: [WalkWarning]) {
        let listed = walk(directory)
        return (listed.files, listed.warnings)
    }

    /// ``listSources(in:)`` plus the property lists (`.plist`) of the walk, sorted.
    func walk(_ directory: String) -> (files: [String], plists: [String], warnings: [WalkWarning]) {
        let tree = FileTree.disk
        guard let kind = tree.kind(directory) else { return ([], [], []) }
        if kind != .directory { return (kind == .regular && Self.isSourceFile(directory) ? [directory] : [], [], []) }
        var out: [String] = []
        var plists: [String] = []
        var warnings: [WalkWarning] = []
        FileWalker(tree: tree).walk(directory) { event in
            switch event {
            case .directory(let entry):
                // Compiled containers and bundles hold no sources.
                let ext = (entry.name as NSString).pathExtension
                if skippedDirectories.contains(entry.name) || ["nib", "storyboardc", "xcassets", "lproj"].contains(ext) {
                    return .skipDescendants
                }
            case .file(let entry):
                if Self.isSourceFile(entry.name) { out.append(entry.path) }
                else if entry.name.lowercased().hasSuffix(".plist") { plists.append(entry.path) }
            case .unreadableDirectory(let entry, let message):
                warnings.append(WalkWarning(unreadable: entry, message: message))
            case .warning(let warning):
                warnings.append(warning)
            }
            return .proceed
        }
        return (out.sorted(), plists.sorted(), warnings)
    }

    /// The files of ``listSources(in:)``.
    public func sourceFiles(in directory: String) -> [String] { listSources(in: directory).files }

    /// True for `.swift`, `.h`, `.m` and `.mm` names.
    public static func isSourceFile(_ path: String) -> Bool {
        ["swift", "h", "m", "mm"].contains((path as NSString).pathExtension.lowercased())
    }

    /// True when `directory` holds at least one source file (for inputs given as PATH).
    public func containsSources(_ directory: String) -> Bool { !sourceFiles(in: directory).isEmpty }

    /// Reads every source file under each of `directories` (files are read in parallel; the result
    /// does not depend on the order), each file once however many walks reach it and by what name
    /// (a link inside one directory to another); the walks' warnings are
    /// ``SourceIndex/walkWarnings``, each once.
    public func read(directories: [String]) -> SourceIndex {
        var seen: Set<String> = []
        var files: [String] = []
        var warnings: [WalkWarning] = []
        var plists: [String] = []
        for d in directories {
            let listed = walk(d)
            for f in listed.files where seen.insert(FileTree.disk.realPath(f) ?? f).inserted { files.append(f) }
            for f in listed.plists where seen.insert(FileTree.disk.realPath(f) ?? f).inserted { plists.append(f) }
            for w in listed.warnings where !warnings.contains(w) { warnings.append(w) }
        }
        var index = read(files: files)
        index.walkWarnings = warnings
        index.addReferences(plists.flatMap(selectorStrings(inPropertyList:)))
        return index
    }

    /// The strings of a property list spelled like selectors with arguments
    /// (``MethodReference/looksLikeSelector(_:)``): a table of keyboard shortcuts or toolbar items
    /// that code turns into actions with `NSSelectorFromString`. At line 1 of the file; none when
    /// the file is larger than 1 MiB or no property list. At most 64 levels are looked into.
    func selectorStrings(inPropertyList file: String) -> [MethodReference] {
        guard let size = FileTree.disk.fileSize(file), size <= 1 << 20, let data = FileManager.default.contents(atPath: file),
              let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) else { return [] }
        var out: [MethodReference] = []
        var seen: Set<String> = []
        func visit(_ value: Any, depth: Int) {
            guard depth < 64 else { return }
            if let s = value as? String {
                if MethodReference.looksLikeSelector(s), seen.insert(s).inserted {
                    out.append(MethodReference(kind: .selector, name: s, isObjCSelector: true, location: SourceLocation(file: file, line: 1)))
                }
            } else if let a = value as? [Any] {
                for v in a { visit(v, depth: depth + 1) }
            } else if let d = value as? [String: Any] {
                for (_, v) in d { visit(v, depth: depth + 1) }
            }
        }
        visit(plist, depth: 0)
        return out
    }

    /// Reads the given files (Swift files only with a ``swiftReader``; without one they are
    /// ``SourceIndex/swiftFilesNotRead``).
    public func read(files given: [String]) -> SourceIndex {
        let isSwift = { (f: String) in (f as NSString).pathExtension.lowercased() == "swift" }
        let files = swiftReader == nil ? given.filter { !isSwift($0) } : given
        let results = Mutex<[SourceFileFacts?]>(Array(repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            let facts = read(file: files[i])
            results.withLock { $0[i] = facts }
        }
        var index = SourceIndex(results.withLock { $0.compactMap { $0 } })
        if swiftReader == nil { index.swiftFilesNotRead = given.filter(isSwift) }
        return index
    }

    /// Reads one file, by its extension.
    public func read(file: String) -> SourceFileFacts {
        let language: SourceLanguage = (file as NSString).pathExtension.lowercased() == "swift" ? .swift : .objectiveC
        func failed(_ reason: UnreadSourceFile.Reason, _ message: String) -> SourceFileFacts {
            .unread(file, language, reason, detail: message)
        }
        guard let handle = FileHandle(forReadingAtPath: file) else { return failed(.unreadable, "cannot read the file") }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: maxFileSize + 1) ?? Data() } catch { return failed(.unreadable, "cannot read the file") }
        if data.count > maxFileSize { return failed(.tooLarge, "larger than \(maxFileSize) bytes; skipped") }
        if data.contains(0) { return failed(.notText, "not a text file (it holds NUL bytes); skipped") }
        var problems: [SourceProblem] = []
        let text: String
        if let t = String(data: data, encoding: .utf8) {
            text = t
        } else {
            text = String(decoding: data, as: UTF8.self)
            problems.append(SourceProblem(location: SourceLocation(file: file, line: 1),
                                          message: "not valid UTF-8; invalid bytes read as U+FFFD"))
        }
        var facts: SourceFileFacts
        switch language {
        case .swift:
            guard let swiftReader else { return failed(.noParser, "Swift file not read: no Swift reader was given (SourceCodeReader(swift:))") }
            let module = Self.swiftModule(of: file)
            if let cached = cache?.facts(file: file, module: module, text: text) {
                facts = cached
            } else {
                facts = swiftReader.read(text, file: file, module: module)
                cache?.store(facts, file: file, module: module, text: text)
            }
        case .objectiveC: facts = ObjCSourceReader.read(text, file: file)
        }
        // One problem per line is enough to find it.
        var lines: Set<Int> = []
        facts.problems = (problems + facts.problems).filter { lines.insert($0.location.line).inserted }
        return facts
    }

    /// The Swift module of a file in a Swift package layout: the folder after the nearest
    /// `Sources/` (`Sources/Account/Feed.swift` → `Account`). Nil elsewhere (an Xcode project's
    /// module is its target's product name, which no folder gives).
    public static func swiftModule(of file: String) -> String? {
        let parts = file.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let i = parts.lastIndex(of: "Sources"), i + 2 < parts.count else { return nil }
        return parts[i + 1]
    }
}
