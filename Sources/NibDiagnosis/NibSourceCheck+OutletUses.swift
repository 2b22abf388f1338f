import NibModel
import SourceIndex

/// Where code uses an outlet that no document connects: `outlet-not-connected` is ranked by it.
extension NibSourceCheck {
    /// The uses of outlets in code by outlet name, each with the class whose code holds it.
    func outletUsesByName() -> [String: [(owner: SourceClass, use: OutletUse)]] {
        var out: [String: [(owner: SourceClass, use: OutletUse)]] = [:]
        for c in sources.classes {
            for u in c.outletUses { out[u.outlet, default: []].append((c, u)) }
        }
        return out
    }

    /// What code does with outlet `name` of `cls`: the reads and the assignments, each sorted by
    /// location. A use of `self.name` (or `name`) counts in `cls` and its subclasses; `other.name`
    /// in any class counts when the receiver's class (``OutletUse/receiverType``) is `cls` or a
    /// subclass, or is not known, or is a class no source declares that is not a framework's
    /// (a protocol, a type alias: matched by name).
    func uses(of name: String, in cls: SourceClass,
              index: [String: [(owner: SourceClass, use: OutletUse)]]) -> (reads: [SourceLocation], assignments: [SourceLocation]) {
        var reads: [SourceLocation] = []
        var assignments: [SourceLocation] = []
        // `x.delegate`, `x.target`, `x.view` name any object's framework property: only uses on
        // self count for those.
        let common = FrameworkMembers.outlets.contains(name) || ["delegate", "dataSource", "target", "formatter", "menu"].contains(name)
        for (owner, use) in index[name] ?? [] {
            if use.isOnOtherObject {
                if common { continue }
                if let receiver = use.receiverType, !isReceiver(receiver, of: cls, near: owner.home) { continue }
            } else if !sources.chain(owner.name, near: owner.home).contains(where: { $0.identity == cls.identity }) {
                continue
            }
            if use.isAssignment { assignments.append(use.location) } else { reads.append(use.location) }
        }
        return (Array(Set(reads)).sorted(), Array(Set(assignments)).sorted())
    }

    /// True when an object stated to be of class `receiver` (in code at `home`) may be a `cls`:
    /// `receiver` is `cls` or a subclass, or names no class of the sources and no framework class.
    func isReceiver(_ receiver: String, of cls: SourceClass, near home: String) -> Bool {
        if sources.chain(receiver, near: home).contains(where: { $0.identity == cls.identity }) { return true }
        return sources.class(named: receiver, near: home)?.isDeclared != true && !FrameworkMembers.isFrameworkClass(receiver)
    }

    /// `A.swift:12, B.swift:40 and 3 more`.
    static func locationList(_ locations: [SourceLocation]) -> String {
        locations.prefix(3).map(\.short).joined(separator: ", ") + (locations.count > 3 ? " and \(locations.count - 3) more" : "")
    }

    /// `outlet-not-connected` for an outlet connected in no document: ranked by what code does
    /// with it. Code reads it → warning, with where (nil there: a crash where an implicitly
    /// unwrapped Swift outlet is used; Objective-C messages to nil do nothing); a Swift optional
    /// outlet read through `?.` → info, with where; code only assigns it → info (an outlet in name
    /// only); no code uses it → info, a dead outlet (Objective-C uses include the bare instance
    /// variable, ``ObjCSourceReader``). An outlet with a framework
    /// convention name on a reusable view (delegate, dataSource) stays info.
    func unconnectedOutletFinding(_ outlet: SourceProperty, of cls: SourceClass, apps: [Int],
                                  uses index: [String: [(owner: SourceClass, use: OutletUse)]]) -> Finding {
        let first = place(appearances[apps[0]].members[0])
        let where_ = Set(apps.map { docs[appearances[$0].members[0].doc].document.name }).sorted()
        let documents = "\(where_.count) document(s) where \(cls.name) appears (\(where_.prefix(4).joined(separator: ", "))\(where_.count > 4 ? ", …" : ""))"
        let conventional = appearances[apps[0]].role == .object && ["delegate", "dataSource", "target", "formatter", "menu"].contains(outlet.name)
        let (reads, assignments) = uses(of: outlet.name, in: cls, index: index)
        let optional = outlet.optionality == .optional && cls.language == .swift
        let message: String
        let fix: String
        var severity = Diagnostic.Severity.info
        if !reads.isEmpty {
            let effect = cls.language == .objectiveC ? "messages to it there do nothing (nil), and passing it where an object is required raises"
                : optional ? "code there does nothing (the outlet is optional)" : "using it there crashes (nil)"
            message = "Outlet \(outlet.name) of \(cls.name) is connected in none of the \(documents), but code uses it (\(Self.locationList(reads))): \(effect)\(assignments.isEmpty ? "" : " unless code assigns it first (\(Self.locationList(assignments)))")"
            fix = "Connect \(outlet.name) in Interface Builder"
            // A Swift optional read through `?.` does nothing: as quiet as a dead outlet.
            if !conventional && assignments.isEmpty && !optional { severity = .warning }
        } else if !assignments.isEmpty {
            message = "Outlet \(outlet.name) of \(cls.name) is connected in none of the \(documents); code assigns it (\(Self.locationList(assignments))) and never reads it through the outlet"
            fix = "Connect \(outlet.name) in Interface Builder, or drop @IBOutlet if code sets it"
        } else {
            message = "Outlet \(outlet.name) of \(cls.name) is connected in none of the \(documents), and no code uses it: a dead outlet"
            fix = "Delete the outlet, or connect it if it was meant to be used"
        }
        return Finding(.outletNotConnected, message, severity: severity,
                       className: runtimeName(appearances[apps[0]]), member: outlet.name, document: first.document, path: first.path,
                       object: first.object, objectID: first.id, line: first.line,
                       fix: fix, sources: [outlet.location] + reads.prefix(3) + assignments.prefix(1))
    }
}
