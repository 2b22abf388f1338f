import NibModel
import SourceIndex

/// How the checks of ``NibSourceCheck`` record what they covered (``Coverage``): the reasons a
/// check cannot run, and the counts several checks share.
extension NibSourceCheck {
    /// Why no check of code can run: no Swift or Objective-C file was read; nil when some was.
    var noSourcesReason: String? {
        sources.fileCount.values.reduce(0, +) == 0 ? "no Swift or Objective-C sources read (give --sources DIR)" : nil
    }

    /// Why no check of classes can run: no sources, or sources that declare no class.
    var noClassesReason: String? {
        noSourcesReason ?? (sources.classes.isEmpty ? "the sources read declare no class" : nil)
    }

    /// Why identifiers and nib names in code are not checked although sources and documents were
    /// read: the inputs are a few files, not a project (``checksLiterals``).
    var literalsReason: String? {
        checksLiterals ? nil : "the inputs are single files, not a project directory: names in code are checked only against a whole project"
    }

    /// The `sources` entry: the Swift and Objective-C files read, and those parsed only in part
    /// (``SourceIndex/problems``: syntax the reader did not understand; what parsed is used).
    ///
    /// Files a reader could not read at all go here too, as one more part not checked:
    /// `coverage.record(check: "sources", title: …, unit: "files", notChecked: [Coverage.Gap(count: n,
    /// reason: "not read (nesting deeper than the parser allows)")])` adds to this entry.
    func recordSources(into coverage: inout Coverage) {
        let swift = sources.fileCount[.swift] ?? 0
        let objc = sources.fileCount[.objectiveC] ?? 0
        guard swift + objc > 0 else {
            coverage.record(check: "sources", title: "Swift and Objective-C sources", unit: "files",
                            skippedReason: "no .swift, .h, .m or .mm file among the inputs or --sources")
            return
        }
        let partial = Set(sources.problems.map(\.location.file)).count
        coverage.record(check: "sources", title: "Swift and Objective-C sources", checked: swift + objc, unit: "files", verb: "read",
                        notChecked: partial == 0 ? [] : [Coverage.Gap(count: partial, reason: "parsed only in part, the rest of each file is not checked (see the warnings)")])
    }

    /// The `segue-identifiers` and `storyboard-identifiers` entries: identifiers in code checked
    /// against the storyboards read (``literalFindings(coverage:)``).
    func recordIdentifiers(into coverage: inout Coverage) {
        let reason = noSourcesReason ?? (storyboardCount == 0 ? "no storyboard among the inputs" : literalsReason)
        let against = Self.count(storyboardCount, "storyboard", "storyboards") + storyboardKinds
        coverage.record(check: "segue-identifiers", title: "segue identifiers", rules: [.unknownSegueIdentifier],
                        checked: reason == nil ? sources.literals(.segueIdentifier).count : 0, unit: "identifiers in code",
                        against: reason == nil ? against : nil, skippedReason: reason)
        coverage.record(check: "storyboard-identifiers", title: "storyboard identifiers", rules: [.unknownStoryboardIdentifier],
                        checked: reason == nil ? sources.literals(.storyboardIdentifier).count : 0, unit: "identifiers in code",
                        against: reason == nil ? against : nil, skippedReason: reason)
    }

    /// ` (compiled)`, ` (source)` or ` (2 compiled, 1 source)`: the kinds of the storyboards read.
    var storyboardKinds: String {
        switch (compiledStoryboardCount, storyboardCount - compiledStoryboardCount) {
        case (0, 0): return ""
        case (_, 0): return " (compiled)"
        case (0, _): return " (source)"
        case (let c, let s): return " (\(c) compiled, \(s) source)"
        }
    }

    /// The `unconnected-outlets` entry: outlets of classes that appear in the documents, checked
    /// for a connection; those of classes that appear in none are not.
    func recordUnconnectedOutlets(checked: Int, absent: (classes: Int, outlets: Int), into coverage: inout Coverage) {
        let gap = Coverage.Gap(count: absent.outlets, reason: "declared in \(Self.count(absent.classes, "class that appears", "classes that appear")) in no document read")
        coverage.record(check: "unconnected-outlets", title: "outlets declared in code", rules: [.outletNotConnected, .outletConnectedElsewhere],
                        checked: checked, unit: "outlets", against: "the connections of " + Self.count(docs.count, "document", "documents"),
                        notChecked: absent.outlets > 0 ? [gap] : [], skippedReason: noClassesReason)
    }

    /// Items of `classes`, which no source read declares.
    func classNotFound(_ classes: Set<String>, count: Int? = nil) -> Coverage.Gap {
        let names = classes.sorted()
        let list = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
        return Coverage.Gap(count: count ?? classes.count,
                            reason: "class not found in the sources read (\(Self.count(names.count, "class", "classes")): \(list))")
    }

    /// `1 storyboard`, `3 storyboards`.
    static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }

    /// Connections from and to objects with a custom class, counted by ``connectionFindings(coverage:)``.
    struct ConnectionTally {
        enum Kind { case outlets, actions, runtimeAttributes }

        struct Count {
            var checked = 0
            /// Connections whose class no source declares, by class.
            var unknown: [String: Int] = [:]
            /// Actions sent to First Responder (nil-targeted).
            var firstResponder = 0
        }

        var outlets = Count()
        var actions = Count()
        var runtimeAttributes = Count()

        /// A connection of `kind` whose object stands for `className`, which no source declares
        /// (nil: an object without a custom class, whose members the framework declares: not counted).
        mutating func unknown(_ kind: Kind, _ className: String?) {
            guard let className, !FrameworkMembers.isFrameworkClass(className) else { return }
            switch kind {
            case .outlets: outlets.unknown[className, default: 0] += 1
            case .actions: actions.unknown[className, default: 0] += 1
            case .runtimeAttributes: runtimeAttributes.unknown[className, default: 0] += 1
            }
        }

        func record(into coverage: inout Coverage, check: NibSourceCheck) {
            let skipped = check.noClassesReason
            func gaps(_ c: Count) -> [Coverage.Gap] {
                var out: [Coverage.Gap] = []
                if !c.unknown.isEmpty { out.append(check.classNotFound(Set(c.unknown.keys), count: c.unknown.values.reduce(0, +))) }
                if c.firstResponder > 0, let reason = check.firstResponderReason {
                    out.append(Coverage.Gap(count: c.firstResponder, reason: "sent to First Responder: " + reason))
                }
                return out
            }
            // First Responder actions are checked against every class (firstResponderFindings()).
            var actions = actions
            if check.firstResponderReason == nil { actions.checked += actions.firstResponder }
            coverage.record(check: "outlets", title: "outlet connections", rules: [.undeclaredOutlet, .outletOnWrongObject, .weakOutletCollection, .weakTopLevelOutlet],
                            checked: outlets.checked, unit: "connections", against: "the outlets their class declares",
                            notChecked: skipped == nil ? gaps(outlets) : [], skippedReason: skipped)
            coverage.record(check: "actions", title: "action connections",
                            rules: [.undeclaredAction, .actionSelectorMismatch, .actionNotVisibleToObjC, .unhandledFirstResponderAction],
                            checked: actions.checked, unit: "connections",
                            against: "the methods their target's class declares" + (actions.firstResponder > 0 && check.firstResponderReason == nil
                                ? " (\(actions.firstResponder) sent to First Responder: against every class of the sources and the AppKit and UIKit responders)" : ""),
                            notChecked: skipped == nil ? gaps(actions) : [], skippedReason: skipped)
            coverage.record(check: "runtime-attributes", title: "user-defined runtime attributes", rules: [.undeclaredRuntimeAttribute],
                            checked: runtimeAttributes.checked, unit: "attributes", against: "the properties their class declares",
                            notChecked: skipped == nil ? gaps(runtimeAttributes) : [], skippedReason: skipped)
        }
    }
}
