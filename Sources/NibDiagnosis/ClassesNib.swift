import FileWalk
import Foundation
import NibModel
import SourceIndex

/// The class table of an Interface Builder 2/3 nib bundle (`Foo.nib/classes.nib`): the classes,
/// superclasses, outlets and actions as Interface Builder knew them when it saved the nib.
///
/// Format (nib-format notes, §8.1): a property list, old-style ASCII (IB 2) or XML (IB 3),
/// `{IBClasses = ({CLASS = TextFinder; SUPERCLASS = NSObject; ACTIONS = {findNext = id;};
/// OUTLETS = {findTextField = id;}; LANGUAGE = ObjC;}, …); IBVersion = 1;}`. Action names are
/// written without the colon (`findNext` is the selector `findNext:`).
///
/// When `why` or `lint` is given no sources, the nib is checked against its own class table:
/// every connection's outlet and action against the class IB recorded, and every custom class
/// against the table. Framework classes the table lists (`NSObject`, `NSApplication`,
/// `FirstResponder`) are left out: their members are the framework's.
public enum ClassesNib {
    /// Files larger than this (bytes) are not read. 1 MiB: the largest in the corpus is 12 KB.
    public static let maxFileSize = 1 << 20

    /// The classes of one `classes.nib` as source classes declared at `path` (line 1), Objective-C;
    /// nil when the file cannot be read or holds no `IBClasses` list.
    public static func classes(at path: String) -> [SourceClass]? {
        guard FileTree.disk.isRegularFile(path), let size = FileTree.disk.fileSize(path), size <= maxFileSize,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return classes(data, file: path)
    }

    /// The classes of a `classes.nib`'s bytes (see ``classes(at:)``).
    public static func classes(_ data: Data, file: String) -> [SourceClass]? {
        guard let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any],
              let list = plist["IBClasses"] as? [Any] else { return nil }
        let location = SourceLocation(file: file, line: 1)
        var out: [SourceClass] = []
        for case let entry as [String: Any] in list {
            guard let name = entry["CLASS"] as? String, !name.isEmpty, name != "FirstResponder",
                  !FrameworkMembers.isFrameworkClass(name) else { continue }
            let outlets = (entry["OUTLETS"] as? [String: Any] ?? [:]).keys.sorted().map { key in
                SourceProperty(name: key, type: (entry["OUTLETS"] as? [String: Any])?[key] as? String ?? "id", isOutlet: true,
                               location: location)
            }
            let actions = (entry["ACTIONS"] as? [String: Any] ?? [:]).keys.sorted().map { key in
                let selector = key.hasSuffix(":") ? key : key + ":"
                return SourceMethod(selector: selector, displayName: selector, isAction: true, location: location)
            }
            out.append(SourceClass(name: name, language: .objectiveC, superclass: entry["SUPERCLASS"] as? String,
                                   declarations: [location], properties: outlets, methods: actions))
        }
        return out
    }

    /// The `classes.nib` files of the nib bundles the inputs' documents come from, sorted.
    public static func files(of inputs: [NibInput]) -> [String] {
        var bundles: Set<String> = []
        for input in inputs {
            for d in input.documents {
                let path = d.path ?? (input.path + "/" + d.name)
                guard let r = path.range(of: ".nib/", options: .backwards) else { continue }
                bundles.insert(String(path[..<r.lowerBound]) + ".nib")
            }
        }
        return bundles.map { $0 + "/classes.nib" }.filter { FileTree.disk.isRegularFile($0) }.sorted()
    }

    /// A source index of the inputs' `classes.nib` tables, or nil when they have none that lists a
    /// class of the app's (not the framework's).
    public static func sourceIndex(for inputs: [NibInput]) -> SourceIndex? {
        // A table of framework classes only declares nothing of the app's.
        let facts = files(of: inputs).compactMap { file -> SourceFileFacts? in
            guard let classes = classes(at: file), !classes.isEmpty else { return nil }
            return SourceFileFacts(file: file, language: .objectiveC, classes: classes)
        }
        return facts.isEmpty ? nil : SourceIndex(facts)
    }
}

extension NibSourceCheck {
    /// True when `sources` is made of `classes.nib` tables only (``ClassesNib/sourceIndex(for:)``).
    public static func isFromClassesNib(_ sources: SourceIndex) -> Bool {
        !sources.classes.isEmpty && sources.classes.allSatisfy { $0.home.hasSuffix("/classes.nib") || $0.home == "classes.nib" }
    }

    /// Whether the classes checked against come from the nibs' own `classes.nib` tables.
    var classesFromNibs: Bool { Self.isFromClassesNib(sources) }

    /// ``run()`` against `classes.nib` tables: classes, outlet, action and runtime-attribute
    /// connections and File's Owners are checked; the checks that need code (outlets never
    /// connected, uses before loading, names in code, dead actions) are skipped, with the reason.
    func classesNibRun() -> (findings: [Finding], coverage: Coverage) {
        var coverage = Coverage()
        coverage.record(check: "sources", title: "classes.nib (Interface Builder's class tables)", checked: sources.fileCount[.objectiveC] ?? 0,
                        unit: "files", verb: "read")
        var out = classFindings(coverage: &coverage)
        out += connectionFindings(coverage: &coverage)
        out += ownerFindings(coverage: &coverage)
        var needCode = Coverage()
        _ = coverageFindings(coverage: &needCode)
        _ = earlyUseFindings(coverage: &needCode)
        _ = literalFindings(coverage: &needCode)
        _ = deadActionFindings(coverage: &needCode)
        for e in needCode.entries {
            coverage.record(check: e.check, title: e.title, rules: e.rules, unit: e.unit,
                            skippedReason: "no Swift or Objective-C sources read: the nibs were checked against their classes.nib (give --sources DIR)")
        }
        return (out.sorted { Self.sortKey($0).lexicographicallyPrecedes(Self.sortKey($1)) }, coverage)
    }
}
