#if !NIBINSPECT_SINGLE_MODULE
import FileWalk   // (Scripts/fuzz.sh compiles it into the same module)
#endif
import Foundation

/// Every class, literal and problem of the sources read, merged by class name: a Swift class and
/// its extensions in any file, an Objective-C `@interface`, its class extensions, categories and
/// `@implementation` become one ``SourceClass``. Lookups are by the name a nib uses
/// (`customClass`, or the Objective-C runtime name given by `@objc(Name)`).
public struct SourceIndex: Sendable {
    /// The merged classes, sorted by name.
    public private(set) var classes: [SourceClass]
    public private(set) var literals: [SourceLiteral]
    public private(set) var problems: [SourceProblem]
    /// How many files were read, per language (files in ``unreadFiles`` included).
    public private(set) var fileCount: [SourceLanguage: Int]
    /// The files that gave nothing, with the reason, sorted by path: what the checks did not see.
    public private(set) var unreadFiles: [UnreadSourceFile]
    /// What the walks of the directories read skipped, in walk order (a symbolic link leading
    /// outside a directory, a FIFO, a directory nested too deeply); empty for files given one by one.
    public internal(set) var walkWarnings: [WalkWarning] = []
    /// The Swift files listed but not read because the ``SourceCodeReader`` had no
    /// ``SwiftFileReader`` (a build without the toolchain's SwiftParser), sorted; not in
    /// ``fileCount``. Their classes are unknown to every check.
    public internal(set) var swiftFilesNotRead: [String] = []
    /// Code naming methods (selectors, calls), sorted by location: see ``reference(to:)``.
    public private(set) var references: [MethodReference]
    private var byName: [String: [Int]]
    /// ``references`` by `s:` + Objective-C selector, `n:` + Swift name with labels, `b:` + base name.
    private var referenceIndex: [String: Int] = [:]

    /// Merges the facts of several files. Order of `files` does not matter: classes, members and
    /// literals come out sorted by location.
    public init(_ files: [SourceFileFacts]) {
        var parts: [String: [SourceClass]] = [:]
        var literals: [SourceLiteral] = []
        var problems: [SourceProblem] = []
        var counts: [SourceLanguage: Int] = [:]
        var unread: [UnreadSourceFile] = []
        var references: [MethodReference] = []
        for file in files {
            references += file.references
            counts[file.language, default: 0] += 1
            if let u = file.notRead { unread.append(u) }
            literals += file.literals
            problems += file.problems
            for part in file.classes { parts[part.name, default: []].append(part) }
        }
        var classes: [SourceClass] = []
        for (_, group) in parts {
            classes += Self.merge(group)
        }
        classes = classes.map { c -> SourceClass in
            var c = c
            c.declarations.sort()
            c.extensions.sort()
            c.properties = Self.unique(c.properties.sorted { $0.location < $1.location }) { $0.name }
            c.methods = Self.unique(c.methods.sorted { $0.location < $1.location }) { $0.selector }
            c.outletUses.sort { ($0.location, $0.outlet) < ($1.location, $1.outlet) }
            return c
        }
        classes.sort { ($0.name, $0.home) < ($1.name, $1.home) }
        self.classes = classes
        self.literals = literals.sorted { ($0.location, $0.value) < ($1.location, $1.value) }
        self.problems = problems.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
        self.fileCount = counts
        self.unreadFiles = unread.sorted { ($0.file, $0.detail) < ($1.file, $1.detail) }
        self.references = references.sorted { ($0.location, $0.name) < ($1.location, $1.name) }
        self.referenceIndex = Self.index(self.references)
        var byName: [String: [Int]] = [:]
        for (i, c) in classes.enumerated() {
            byName[c.name, default: []].append(i)
            if let objc = c.objcName, objc != c.name { byName[objc, default: []].append(i) }
        }
        self.byName = byName
        // Keep the uses of outlets only: the class's and its superclasses' for its own uses, any
        // class's for uses on other objects.
        let anyOutlet = Set(classes.flatMap { $0.outlets.map(\.name) })
        for i in self.classes.indices {
            let c = self.classes[i]
            let own = Set(chain(c.name, near: c.home).flatMap { $0.outlets.map(\.name) })
            self.classes[i].outletUses.removeAll { use in
                use.isOnOtherObject ? !anyOutlet.contains(use.outlet) : !own.contains(use.outlet)
            }
        }
    }

    /// The parts of one class name as one class, or as several when files in different places
    /// each declare a class of that name (a macOS and an iOS target both with a
    /// `FeedInspectorViewController`): declarations in one file are one class; every extension,
    /// category or `@implementation` joins the declaration whose file shares the longest
    /// directory prefix with it.
    static func merge(_ group: [SourceClass]) -> [SourceClass] {
        let declaring = group.filter { !$0.declarations.isEmpty }
        var files: [String] = []
        for part in declaring where !files.contains(part.declarations[0].file) { files.append(part.declarations[0].file) }
        files.sort()
        // Objective-C declares a class once (in a header): several headers are one class too.
        if files.count <= 1 || declaring.allSatisfy({ $0.language == .objectiveC }) { return [mergeParts(group)] }
        var buckets: [[SourceClass]] = Array(repeating: [], count: files.count)
        for part in group {
            let file = (part.declarations.first ?? part.extensions.first)?.file ?? ""
            let i = files.firstIndex(of: file) ?? nearest(file, in: files)
            buckets[i].append(part)
        }
        return buckets.filter { !$0.isEmpty }.map(mergeParts)
    }

    /// Index of the path in `paths` sharing the longest directory prefix with `path` (first on ties).
    static func nearest(_ path: String, in paths: [String]) -> Int {
        let parts = path.split(separator: "/")
        var best = 0
        var bestLength = -1
        for (i, p) in paths.enumerated() {
            let length = zip(parts, p.split(separator: "/")).prefix { $0 == $1 }.count
            if length > bestLength { (best, bestLength) = (i, length) }
        }
        return best
    }

    static func mergeParts(_ group: [SourceClass]) -> SourceClass {
        var into = group.first { !$0.declarations.isEmpty } ?? group[0]
        var first = true
        for part in group where part != into || !first {
            if part == into { first = false; continue }
            into.objcName = into.objcName ?? part.objcName
            into.module = into.module ?? part.module
            into.superclass = into.superclass ?? part.superclass
            into.declarations += part.declarations
            into.extensions += part.extensions
            into.isGeneric = into.isGeneric || part.isGeneric
            // An Objective-C @interface and @implementation both name the class; the
            // interface's language wins when the two languages meet (a Swift extension of an
            // Objective-C class).
            if part.language == .objectiveC && !part.declarations.isEmpty { into.language = .objectiveC }
            into.properties += part.properties
            into.methods += part.methods
            into.outletUses += part.outletUses
        }
        return into
    }

    /// The first of each key; an Objective-C property declared in the header and redeclared
    /// `readwrite` in a class extension is one property, an `IBAction` declared in the header and
    /// defined in the implementation one method. When one of the duplicates is an outlet or an
    /// action, the merged entry is too.
    private static func unique<T>(_ items: [T], key: (T) -> String) -> [T] {
        var seen: [String: Int] = [:]
        var out: [T] = []
        for item in items {
            let k = key(item)
            if let i = seen[k] {
                if var p = out[i] as? SourceProperty, let q = item as? SourceProperty {
                    p.isOutlet = p.isOutlet || q.isOutlet
                    p.isCollection = p.isCollection || q.isCollection
                    p.isInspectable = p.isInspectable || q.isInspectable
                    p.elementType = p.elementType ?? q.elementType
                    out[i] = p as! T
                } else if var m = out[i] as? SourceMethod, let n = item as? SourceMethod {
                    m.isAction = m.isAction || n.isAction
                    out[i] = m as! T
                }
                continue
            }
            seen[k] = out.count
            out.append(item)
        }
        return out
    }

    /// The class a nib names, by Swift name, `@objc` name, or a runtime name with its module
    /// (`MyApp.ProfileViewController`). When several classes have the name (different targets),
    /// the one declared nearest to `near` (a file path: the nib's), by shared directory prefix.
    public func `class`(named name: String, near: String? = nil) -> SourceClass? {
        var candidates = byName[name]
        if candidates == nil, let dot = name.lastIndex(of: ".") { candidates = byName[String(name[name.index(after: dot)...])] }
        guard let candidates, !candidates.isEmpty else { return nil }
        guard candidates.count > 1, let near else { return classes[candidates[0]] }
        let homes = candidates.map { classes[$0].home }
        return classes[candidates[Self.nearest(near, in: homes)]]
    }

    /// `name` and its superclasses as far as the sources declare them, nearest first (each looked
    /// up near `near`). The last element's superclass is a class the sources do not declare (a
    /// framework class such as `UIViewController`), or nil. A class the sources only extend
    /// (`extension UIViewController { … }`, a category) is not declared by them: the chain stops
    /// before it. Stops at a cycle.
    public func chain(_ name: String, near: String? = nil) -> [SourceClass] {
        var out: [SourceClass] = []
        var seen: Set<String> = []
        var next: String? = name
        while let n = next, let c = `class`(named: n, near: near), c.isDeclared, seen.insert(c.identity).inserted {
            out.append(c)
            next = c.superclass
        }
        return out
    }

    /// The first framework (undeclared) class up the chain of `name`: `UIViewController` for a
    /// view controller subclass; `name` itself when the sources do not declare it (or only extend it).
    public func frameworkBase(_ name: String, near: String? = nil) -> String? {
        let chain = chain(name, near: near)
        guard let last = chain.last else { return name }
        return last.superclass
    }

    /// The property `key` of `className` or its superclasses, with the class that declares it.
    public func property(_ key: String, of className: String, near: String? = nil) -> (SourceProperty, SourceClass)? {
        for c in chain(className, near: near) { if let p = c.property(key) { return (p, c) } }
        return nil
    }

    /// The method with `selector` on `className` or its superclasses, with the class that declares it.
    public func method(_ selector: String, of className: String, near: String? = nil) -> (SourceMethod, SourceClass)? {
        for c in chain(className, near: near) { if let m = c.method(selector: selector) { return (m, c) } }
        return nil
    }

    /// The literals of one kind.
    public func literals(_ kind: SourceLiteral.Kind) -> [SourceLiteral] { literals.filter { $0.kind == kind } }

    /// Adds references found outside the source files (selector strings of property lists).
    mutating func addReferences(_ more: [MethodReference]) {
        guard !more.isEmpty else { return }
        references = (references + more).sorted { ($0.location, $0.name) < ($1.location, $1.name) }
        referenceIndex = Self.index(references)
    }

    /// The first reference of each key: `s:` + Objective-C selector, `n:` + Swift name with
    /// labels, `b:` + base name.
    static func index(_ references: [MethodReference]) -> [String: Int] {
        var out: [String: Int] = [:]
        for (i, r) in references.enumerated() {
            let key = r.isObjCSelector ? "s:" + r.name : r.name.contains("(") ? "n:" + r.name : "b:" + r.name
            if out[key] == nil { out[key] = i }
        }
        return out
    }

    /// The first code that names `method` (by location): a selector or call with its Objective-C
    /// selector, its Swift name with labels, or its base name alone (`#selector(save)`, an
    /// Objective-C message's first keyword); nil when no code names it. Matching is by name, not
    /// by receiver: a reference to any class's `save(_:)` counts.
    public func reference(to method: SourceMethod) -> MethodReference? {
        let found = [referenceIndex["s:" + method.selector], referenceIndex["n:" + method.displayName],
                     referenceIndex["b:" + method.baseName]].compactMap { $0 }
        return found.min().map { references[$0] }
    }
}

extension SourceClass {
    /// The file of the class's first declaration (or extension): where it lives, for telling
    /// same-named classes of different targets apart.
    public var home: String { (declarations.first ?? extensions.first)?.file ?? "" }
    /// True when some file declares the class (`class X`, `@interface X`); false when the sources
    /// only extend it (`extension NSWindowController`, a category of a framework class): then it
    /// is not a class of the app, whatever language the extension is in.
    public var isDeclared: Bool { !declarations.isEmpty }
    /// Name and home: unique among the classes of a ``SourceIndex``.
    public var identity: String { name + "@" + home }
}
