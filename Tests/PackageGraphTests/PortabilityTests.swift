import Foundation
import Testing
import TestSupport

/// The sources build on Linux and macOS alike (issue 30), checked on either: no file of `Sources/`
/// uses a construct that compiles on one platform only, except each target's one platform file
/// (``platformFileName``), where such code sits behind `#if canImport(...)`. A Linux CI run thus
/// fails on a change that would break the macOS build, and the other way round, as far as these
/// spellings tell.
@Suite struct PortabilityTests {
    /// The one file per target allowed to hold platform-specific code.
    static let platformFileName = "HostSystem.swift"

    /// Modules that exist on some platforms only: importing one needs `#if canImport(<it>)` (or
    /// `#elseif`) around the import.
    static let platformModules: Set<String> = [
        "Glibc", "Musl", "Bionic", "Android", "Darwin", "WinSDK", "ucrt", "FoundationXML", "FoundationNetworking",
    ]

    /// Spellings that compile (or work) on one platform only, each with what to use instead.
    /// Matched outside comments; string literals count (`"/proc/self/exe"`).
    static let oneSided: [(pattern: String, why: String)] = [
        (#"\benviron\b"#, "Glibc's `environ` (Darwin's module has none): ProcessInfo.processInfo.environment"),
        (#"\b_NSGetEnviron\b"#, "Darwin only: ProcessInfo.processInfo.environment"),
        (#"/proc/"#, "Linux procfs"),
        (#"\bposix_spawn(_file_actions|attr)_t\(\)"#, "a struct on Glibc, an optional pointer on Darwin"),
        (#"\b(RUSAGE|SOCK|DT|CLOCK)_[A-Z_]+\.rawValue\b"#, "Glibc imports these as enums, Darwin as Int32"),
        (#"\b(Glibc|Musl|Darwin)\.[a-z_]\w*"#, "a call qualified with one platform's C module"),
        (#"\bst_[amc]tim\b"#, "Linux's stat field (Darwin: st_mtimespec)"),
        (#"\b(malloc_trim|mallinfo2?|malloc_usable_size|sched_getaffinity|get_nprocs|prctl|epoll_[a-z]+|inotify_[a-z]+)\b"#,
         "glibc or Linux only"),
        (#"\bFoundationXML\.|\bFoundationNetworking\."#, "a Linux-only Foundation module by name"),
    ]

    /// Text every ``oneSided`` match contains one of.
    static let oneSidedHints = ["environ", "_NSGetEnviron", "/proc/", "posix_spawn", ".rawValue", "Glibc.", "Musl.", "Darwin.",
                                "st_", "malloc", "mallinfo", "sched_getaffinity", "get_nprocs", "prctl", "epoll_", "inotify_",
                                "FoundationXML.", "FoundationNetworking."]

    /// Conditions that tell platforms apart: a block under one may hold only imports, except in
    /// the platform file.
    static let platformCondition =
        #"canImport\((Glibc|Musl|Bionic|Android|Darwin|WinSDK|ucrt|FoundationXML|FoundationNetworking)\)"#
        + #"|os\((Linux|macOS|iOS|tvOS|watchOS|visionOS|Windows|Android|FreeBSD|OpenBSD|WASI)\)"#

    /// Every portability problem of one source file, `file:line: what`, empty when there is none.
    /// `file` is the path shown; a file named ``platformFileName`` may hold platform code.
    /// The regular expressions, compiled once (read-only after; Regex is not Sendable).
    nonisolated(unsafe) static let conditionRegex = try! Regex(platformCondition)
    // Simple word boundaries: Unicode ones (the default) see `info.st_mtim` as one word.
    nonisolated(unsafe) static let oneSidedRegexes = oneSided.map { (try! Regex($0.pattern).wordBoundaryKind(.simple), $0.why) }

    static func violations(file: String, text: String) -> [String] {
        let platformFile = (file as NSString).lastPathComponent == platformFileName
        let condition = conditionRegex
        let patterns = oneSidedRegexes
        var out: [String] = []
        /// Open `#if` blocks, innermost last: the condition now in force and whether it tells platforms apart.
        var blocks: [(condition: String, isPlatform: Bool)] = []
        var inBlockComment = false
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let location = "\(file):\(index + 1)"
            var line = raw.trimmingCharacters(in: .whitespaces)
            if inBlockComment {
                guard let end = line.range(of: "*/") else { continue }
                line = String(line[end.upperBound...]).trimmingCharacters(in: .whitespaces)
                inBlockComment = false
            }
            if line.hasPrefix("/*"), !line.contains("*/") {
                inBlockComment = true
                continue
            }
            if line.isEmpty || line.hasPrefix("//") { continue }
            if line.hasPrefix("#if ") || line.hasPrefix("#elseif ") {
                let c = String(line.drop(while: { $0 != " " }).dropFirst())
                let entry = (condition: c, isPlatform: c.contains(condition))
                if line.hasPrefix("#if ") { blocks.append(entry) } else if !blocks.isEmpty { blocks[blocks.count - 1] = entry }
                continue
            }
            if line == "#else" || line.hasPrefix("#else ") {
                if let last = blocks.last { blocks[blocks.count - 1] = (condition: "!(\(last.condition))", isPlatform: last.isPlatform) }
                continue
            }
            if line.hasPrefix("#endif") {
                _ = blocks.popLast()
                continue
            }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init).drop(while: { $0.hasPrefix("@") })
            if words.first == "import", words.count >= 2 {
                let module = String(words.dropFirst().last!.split(separator: ".").first ?? "")
                if platformModules.contains(module), blocks.last.map({ !$0.condition.contains("canImport(\(module))") }) ?? true {
                    out.append("\(location): import \(module) outside #if canImport(\(module))")
                }
                continue
            }
            if platformFile { continue }
            if blocks.contains(where: { $0.isPlatform }) {
                let inForce = blocks.last { $0.isPlatform }!.condition
                out.append("\(location): code under a platform condition (#if \(inForce)) outside \(platformFileName)")
            }
            // (A plain-text test first: Swift's Regex is slow, and most lines hold none of these.)
            guard Self.oneSidedHints.contains(where: { line.contains($0) }) else { continue }
            for (pattern, why) in patterns where line.contains(pattern) {
                out.append("\(location): \(line.firstMatch(of: pattern).map { String(line[$0.range]) } ?? ""): \(why)")
            }
        }
        return out
    }

    /// Names NibModel declares that Darwin's Foundation exports too: MacTypes.h, which CoreFoundation
    /// includes, declares QuickDraw's `Point` and `Rect` structs and `Size` (an integer). In a file
    /// that imports Foundation and NibModel, a call such as `Rect(x:y:width:height:)` is told apart
    /// by its labels, but a bare name in a type position (`: Rect`, `[Point]`, `Size.self`) is
    /// ambiguous on macOS and compiles on Linux, which has no MacTypes. `NibModel.Rect` is not.
    static let darwinNames = ["Point", "Rect", "Size"]

    nonisolated(unsafe) static let declarationRegexes = Dictionary(uniqueKeysWithValues: darwinNames.map {
        ($0, try! Regex("\\b(struct|enum|class|typealias)\\s+\($0)\\b"))
    })
    // (Swift's Regex has no lookbehind: the character before the name is matched and left out.)
    nonisolated(unsafe) static let bareNameRegex =
        try! Regex("(^|[^\\w.])(\(darwinNames.joined(separator: "|")))\\b(?!\\s*(\\(|\\.init\\())").wordBoundaryKind(.simple)
    nonisolated(unsafe) static let rawStringRegex = try! Regex(##"#+"(.*?)"#+"##)
    nonisolated(unsafe) static let plainStringRegex = try! Regex(#""(\\.|[^"\\])*""#)

    /// Every bare use of a ``darwinNames`` name other than a call, `file:line: what`; none in a file
    /// under `Sources/NibModel/` (the declaring module, whose own names come first) or in one that
    /// declares a type of that name itself (a nested `Point` is found before the module's).
    static func darwinNameViolations(file: String, text: String) -> [String] {
        if file.hasPrefix("Sources/NibModel/") { return [] }
        guard darwinNames.contains(where: { text.contains($0) }) else { return [] }
        let declared = Set(darwinNames.filter { text.contains(Self.declarationRegexes[$0]!) })
        if declared.count == darwinNames.count { return [] }
        let (bare, rawString, plainString) = (Self.bareNameRegex, Self.rawStringRegex, Self.plainStringRegex)
        var out: [String] = []
        var inMultilineString = false
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.components(separatedBy: "\"\"\"").count % 2 == 0 {
                inMultilineString.toggle()
                continue
            }
            if inMultilineString || line.hasPrefix("//") { continue }
            line = line.replacing(rawString, with: "\"\"").replacing(plainString, with: "\"\"")
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            for match in line.matches(of: bare) {
                let name = match.output[2].substring.map(String.init) ?? ""
                if declared.contains(name) { continue }
                out.append(
                    "\(file):\(index + 1): \(name): MacTypes' \(name) is visible through Foundation on Darwin; write NibModel.\(name)")
            }
        }
        return out
    }

    @Test("no file of Sources/ or Tests/ names NibModel's Point, Rect or Size bare where Darwin's would be ambiguous")
    func darwinNamesQualified() throws {
        var problems: [String] = []
        var count = 0
        for top in ["Sources", "Tests"] {
            let dir = Corpus.packageRoot.appendingPathComponent(top)
            for file in (FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String] ?? []) where file.hasSuffix(".swift") {
                count += 1
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                problems += Self.darwinNameViolations(file: top + "/" + file, text: text)
            }
        }
        #expect(count > 200, "Swift files under Sources/ and Tests/: \(count)")
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.joined(separator: "\n"))")
    }

    @Test("a bare Rect, Point or Size in a type position is found; calls, qualified names, strings and comments are not")
    func plantedDarwinNames() {
        let bad = """
        func frame(_ r: Rect) -> Point { .init(x: r.x, y: r.y) }
        var sizes: [Size] = []
        let kind = Rect.self
        """
        #expect(Self.darwinNameViolations(file: "Sources/ArchiveReader/A.swift", text: bad) == [
            "Sources/ArchiveReader/A.swift:1: Rect: MacTypes' Rect is visible through Foundation on Darwin; write NibModel.Rect",
            "Sources/ArchiveReader/A.swift:1: Point: MacTypes' Point is visible through Foundation on Darwin; write NibModel.Point",
            "Sources/ArchiveReader/A.swift:2: Size: MacTypes' Size is visible through Foundation on Darwin; write NibModel.Size",
            "Sources/ArchiveReader/A.swift:3: Rect: MacTypes' Rect is visible through Foundation on Darwin; write NibModel.Rect",
        ])
        #expect(Self.darwinNameViolations(file: "Sources/NibModel/A.swift", text: bad) == [])
        let good = """
        let r = Rect(x: 0, y: 0, width: 1, height: 2)   // a call: Rect
        func frame(_ r: NibModel.Rect) -> NibModel.Point { .point(Point.init(x: 1, y: 2)) }
        let label = "Size", raw = #"Rect"#, frameSize = CGSize.zero
        struct Grid { struct Point { var x: Int }; var points: [Point] }
        """
        #expect(Self.darwinNameViolations(file: "Sources/ArchiveReader/B.swift", text: good).isEmpty)
    }

    @Test("no file of Sources/ holds code for one platform outside its target's HostSystem.swift")
    func sourcesArePortable() throws {
        let sources = Corpus.packageRoot.appendingPathComponent("Sources")
        let files = (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 100, "Swift files under \(sources.path): \(files.count)")
        var problems: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            problems += Self.violations(file: "Sources/" + file, text: text)
        }
        #expect(problems.isEmpty, "\(problems.count) portability problems:\n\(problems.joined(separator: "\n"))")
    }

    @Test("each kind of one-platform code is found, and the portable spellings are not")
    func plantedExamples() {
        let bad = """
        import Glibc
        #if os(Linux)
        import Glibc
        let page = sysconf(Int32(_SC_PAGESIZE))
        #endif
        #if canImport(Glibc)
        import Glibc
        #else
        import Darwin
        #endif
        var actions = posix_spawn_file_actions_t()
        let env = environ
        let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let n = Glibc.write(1, p, 1)
        let t = info.st_mtim
        """
        #expect(Self.violations(file: "Sources/X/A.swift", text: bad) == [
            "Sources/X/A.swift:1: import Glibc outside #if canImport(Glibc)",
            "Sources/X/A.swift:3: import Glibc outside #if canImport(Glibc)",
            "Sources/X/A.swift:4: code under a platform condition (#if os(Linux)) outside HostSystem.swift",
            "Sources/X/A.swift:9: import Darwin outside #if canImport(Darwin)",
            "Sources/X/A.swift:11: posix_spawn_file_actions_t(): a struct on Glibc, an optional pointer on Darwin",
            "Sources/X/A.swift:12: environ: Glibc's `environ` (Darwin's module has none): ProcessInfo.processInfo.environment",
            "Sources/X/A.swift:13: /proc/: Linux procfs",
            "Sources/X/A.swift:14: RUSAGE_SELF.rawValue: Glibc imports these as enums, Darwin as Int32",
            "Sources/X/A.swift:15: Glibc.write: a call qualified with one platform's C module",
            "Sources/X/A.swift:16: st_mtim: Linux's stat field (Darwin: st_mtimespec)",
        ])
        // The same lines in the target's platform file: only the unguarded imports are wrong there.
        #expect(Self.violations(file: "Sources/X/HostSystem.swift", text: bad) == [
            "Sources/X/HostSystem.swift:1: import Glibc outside #if canImport(Glibc)",
            "Sources/X/HostSystem.swift:3: import Glibc outside #if canImport(Glibc)",
            "Sources/X/HostSystem.swift:9: import Darwin outside #if canImport(Darwin)",
        ])
        let good = """
        #if canImport(Glibc)
        import Glibc
        #elseif canImport(Darwin)
        import Darwin
        #endif
        #if canImport(FoundationXML)
        import FoundationXML
        #endif
        // Linux reads /proc/self/exe; `environ` is Glibc's.
        /// posix_spawn_file_actions_t() does not compile on Darwin.
        let environment = ProcessInfo.processInfo.environment
        let procedure = "/procedure/"
        #if NIBINSPECT_SINGLE_MODULE
        let single = true
        #endif
        """
        #expect(Self.violations(file: "Sources/X/B.swift", text: good) == [])
    }
}
