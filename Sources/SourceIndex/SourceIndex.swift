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
    /// How many files were read, per language.
    public private(set) var fileCount: [SourceLanguage: Int]
    private var byName: [String: Int]

    /// Merges the facts of several files. Order of `files` does not matter: classes, members and
    /// literals come out sorted by location.
    public init(_ files: [SourceFileFacts]) {
        var merged: [String: SourceClass] = [:]
        var literals: [SourceLiteral] = []
        var problems: [SourceProblem] = []
        var counts: [SourceLanguage: Int] = [:]
        for file in files {
            counts[file.language, default: 0] += 1
            literals += file.literals
            problems += file.problems
            for part in file.classes {
                guard var into = merged[part.name] else { merged[part.name] = part; continue }
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
                merged[part.name] = into
            }
        }
        var classes = merged.values.map { c -> SourceClass in
            var c = c
            c.declarations.sort()
            c.extensions.sort()
            c.properties = Self.unique(c.properties.sorted { $0.location < $1.location }) { $0.name }
            c.methods = Self.unique(c.methods.sorted { $0.location < $1.location }) { $0.selector }
            c.outletUses.sort { ($0.location, $0.outlet) < ($1.location, $1.outlet) }
            return c
        }
        classes.sort { $0.name < $1.name }
        self.classes = classes
        self.literals = literals.sorted { ($0.location, $0.value) < ($1.location, $1.value) }
        self.problems = problems.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
        self.fileCount = counts
        var byName: [String: Int] = [:]
        for (i, c) in classes.enumerated() {
            byName[c.name] = i
            if let objc = c.objcName, byName[objc] == nil { byName[objc] = i }
        }
        self.byName = byName
        // Keep the uses of outlets only: the class's and its superclasses' for its own uses, any
        // class's for uses on other objects.
        let anyOutlet = Set(classes.flatMap { $0.outlets.map(\.name) })
        for i in self.classes.indices {
            let own = Set(chain(self.classes[i].name).flatMap { $0.outlets.map(\.name) })
            self.classes[i].outletUses.removeAll { use in
                use.isOnOtherObject ? !anyOutlet.contains(use.outlet) : !own.contains(use.outlet)
            }
        }
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
    /// (`MyApp.ProfileViewController`).
    public func `class`(named name: String) -> SourceClass? {
        if let i = byName[name] { return classes[i] }
        if let dot = name.lastIndex(of: "."), let i = byName[String(name[name.index(after: dot)...])] { return classes[i] }
        return nil
    }

    /// `name` and its superclasses as far as the sources declare them, nearest first. The last
    /// element's superclass is a class the sources do not declare (a framework class such as
    /// `UIViewController`), or nil. Stops at a cycle.
    public func chain(_ name: String) -> [SourceClass] {
        var out: [SourceClass] = []
        var seen: Set<String> = []
        var next: String? = name
        while let n = next, let c = `class`(named: n), seen.insert(c.name).inserted {
            out.append(c)
            next = c.superclass
        }
        return out
    }

    /// The first framework (undeclared) class up the chain of `name`: `UIViewController` for a
    /// view controller subclass; `name` itself when the sources do not declare it.
    public func frameworkBase(_ name: String) -> String? {
        let chain = chain(name)
        guard let last = chain.last else { return name }
        return last.superclass
    }

    /// The property `key` of `className` or its superclasses, with the class that declares it.
    public func property(_ key: String, of className: String) -> (SourceProperty, SourceClass)? {
        for c in chain(className) { if let p = c.property(key) { return (p, c) } }
        return nil
    }

    /// The method with `selector` on `className` or its superclasses, with the class that declares it.
    public func method(_ selector: String, of className: String) -> (SourceMethod, SourceClass)? {
        for c in chain(className) { if let m = c.method(selector: selector) { return (m, c) } }
        return nil
    }

    /// The literals of one kind.
    public func literals(_ kind: SourceLiteral.Kind) -> [SourceLiteral] { literals.filter { $0.kind == kind } }
}
