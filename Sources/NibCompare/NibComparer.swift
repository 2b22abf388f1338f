import NibModel

/// Compares an Interface Builder source (xib, storyboard, `designable.nib`) with the nib compiled
/// from it: do the objects and connections agree? (`nibinspect compare`, nib-format.md §7.4–7.5.)
///
/// Objects are matched by structure (``ObjectPairing``); connections are compared as
/// (kind, source object, label, destination object) tuples in the source's id space, outlets and
/// outlet collections as one family with collections expanded per member, actions to First
/// Responder (a placeholder in the source, a nil target or `IBFirstResponder` proxy compiled) as
/// one destination. Segues, accessibility and ordering connectors are not compared: compilation
/// rewrites them (§5.2). What compilation legitimately drops or adds is reported in
/// ``CompareReport/notes`` instead of as a difference.
public enum NibComparer {
    /// Compares the documents of a source input with those of a compiled input.
    ///
    /// - Parameters:
    ///   - hints: per compiled document name, compiled object id → source id recovered from
    ///     localizable strings (``LocalizationHints/sourceIDs(in:)``); optional.
    ///   - nesting: per compiled document name, where that document is nested in another
    ///     (``LoadedArchive/nesting``, nib-format.md §2.9); documents not listed are recognised by
    ///     the container loader's name `<parent> > <location>` when `<parent>` is another document.
    public static func compare(source: NibInput, compiled: NibInput,
                               hints: [String: [ObjectID: String]] = [:],
                               nesting: [String: ArchiveNesting] = [:]) -> CompareReport {
        compare(sourceDocuments: source.documents, compiledDocuments: compiled.documents,
                sourceName: source.path, compiledName: compiled.path, hints: hints, nesting: nesting)
    }

    /// Compares one source document with one compiled document.
    public static func compare(source: NibDocument, compiled: NibDocument,
                               hints: [String: [ObjectID: String]] = [:]) -> CompareReport {
        compare(sourceDocuments: [source], compiledDocuments: [compiled],
                sourceName: source.path ?? source.name, compiledName: compiled.path ?? compiled.name, hints: hints)
    }

    /// Compares the source documents with the compiled ones. Compiled documents that are nested
    /// archives (``ArchiveNesting``: prototype cells, reusable views, nib-format.md §2.9) are not
    /// compared with the whole source but with the source subtree they were compiled from
    /// (``NestedArchiveCompare``); the rest (the main nib, or the scene nibs of a storyboard) with
    /// the whole source.
    ///
    /// - Parameter nesting: compiled document name → where it is nested; documents missing here
    ///   are recognised by their container-loader name `<parent> > <location>`.
    static func compare(sourceDocuments: [NibDocument], compiledDocuments: [NibDocument],
                        sourceName: String, compiledName: String,
                        hints: [String: [ObjectID: String]] = [:],
                        nesting: [String: ArchiveNesting] = [:]) -> CompareReport {
        let (top, nested) = NestedArchiveCompare.split(compiledDocuments, nesting: nesting)
        let results = NestedArchiveCompare.run(source: sourceDocuments, nested: nested, hints: hints)
        var coverage = Coverage()
        for r in results {
            coverage.objects.formUnion(r.comparedSource)
            coverage.matchedObjects.formUnion(r.matchedSource)
            for (t, n) in r.comparedTuples { coverage.tuples[t, default: 0] += n }
            for (t, n) in r.matchedTuples { coverage.matchedTuples[t, default: 0] += n }
        }
        var report = compareCore(sourceDocuments: sourceDocuments, compiledDocuments: top, sourceName: sourceName,
                                 compiledName: compiledName, hints: hints, coverage: coverage, recordsCoverage: false).report
        NestedArchiveCompare.merge(results, into: &report)
        return report
    }

    /// What the comparisons of nested archives covered: source objects and connection tuples they
    /// compared (and reported if missing), so the main comparison need not find them in the main
    /// nib nor report them again, and the ones they matched (counted as matched).
    struct Coverage {
        var objects: Set<String> = []
        var matchedObjects: Set<String> = []
        var tuples: [ConnectionDiff.Tuple: Int] = [:]
        var matchedTuples: [ConnectionDiff.Tuple: Int] = [:]
    }

    /// The result of one comparison pass, with what it matched (for nested archives).
    struct Pass {
        var report: CompareReport
        /// Source keys compared, and those matched to a compiled object (placeholders excluded).
        var comparedSource: Set<String>
        var matchedSource: Set<String>
        /// Source connection tuples compared, and those matched, with multiplicity.
        var comparedTuples: [ConnectionDiff.Tuple: Int]
        var matchedTuples: [ConnectionDiff.Tuple: Int]
    }

    /// One comparison of source documents with compiled documents that are all top-level (or one
    /// nested archive). Source objects and connection tuples in `coverage` that stay unmatched
    /// here were matched in a nested archive and are not differences.
    ///
    /// - Parameter recordsCoverage: false when nothing reads the pass's ``Pass/comparedSource``,
    ///   ``Pass/matchedSource``, ``Pass/comparedTuples`` and ``Pass/matchedTuples`` (the main
    ///   comparison): they are left empty, not made (one entry per source object and connection).
    static func compareCore(sourceDocuments: [NibDocument], compiledDocuments: [NibDocument],
                            sourceName: String, compiledName: String,
                            hints: [String: [ObjectID: String]], coverage: Coverage = Coverage(),
                            recordsCoverage: Bool = true) -> Pass {
        let paired = ObjectPairing.compilation(sourceDocuments: sourceDocuments, compiledDocuments: compiledDocuments,
                                               hints: hints, noLeftover: coverage.objects)
        let s = paired.source, c = paired.compiled, matcher = paired.pairing, drops = paired.drops
        var report = CompareReport(source: sourceName, compiled: compiledName)
        report.notes = drops.notes
        report.counts.sourceObjects = s.order.count
        report.counts.compiledObjects = c.order.count
        report.counts.matchedObjects = matcher.forward.count
        report.counts.sourceConnectionRecords = s.connections.count
        report.counts.compiledConnectionRecords = c.connections.count
        report.matches = matcher.forward
        objectDifferences(s, c, matcher, drops, coverage: coverage, into: &report)
        // Properties, where the source keeps them under the keys the compiled reader gives.
        let documentSources = Set(sourceDocuments.filter { $0.format == .xib || $0.format == .storyboard }.map(\.name))
        propertyDifferences(s, c, matcher, comparing: documentSources, into: &report)
        let tuples = ConnectionDiff.run(source: s, compiled: c, matcher: matcher, drops: drops,
                                        coverage: coverage, recordsCoverage: recordsCoverage, report: &report)
        report.differences.sort { ($0.sourceLine ?? Int.max, $0.kind.rawValue, $0.message) < ($1.sourceLine ?? Int.max, $1.kind.rawValue, $1.message) }
        guard recordsCoverage else {
            return Pass(report: report, comparedSource: [], matchedSource: [], comparedTuples: [:], matchedTuples: [:])
        }
        let matchedSource = Set(matcher.forward.keys.filter { s.object($0)?.placeholder == nil })
        let comparedSource = Set(s.order.filter { s.object($0)?.placeholder == nil })
        return Pass(report: report, comparedSource: comparedSource, matchedSource: matchedSource,
                    comparedTuples: tuples.compared, matchedTuples: tuples.matched)
    }

    /// Reports unmatched and class-differing objects. An unmatched source object a nested archive
    /// compared is that comparison's to report (and counts as matched when it matched there).
    private static func objectDifferences(_ s: CompareSide, _ c: CompareSide, _ m: ObjectPairing, _ drops: Drops,
                                          coverage: Coverage, into report: inout CompareReport) {
        for k in s.order {
            guard let so = s.object(k), let ref = s.ref(k) else { continue }
            if drops.sourceObjects.contains(k) { continue }
            guard let ck = m.forward[k], let co = c.object(ck) else {
                if coverage.objects.contains(k) {
                    if coverage.matchedObjects.contains(k) { report.counts.matchedObjects += 1 }
                    continue
                }
                report.differences.append(.init(kind: .objectOnlyInSource, message: "object only in source: \(ref.path) \(ref.location)",
                                                sourceLine: so.sourceLine, source: ref))
                continue
            }
            if let p = so.placeholder, co.placeholder != nil {
                // UIKit archives a placeholder as a bare `UIProxyObject`: the class given to File's
                // Owner or First Responder in the source is design-time only (§3.2).
                if CompareClasses.custom(co) == nil, let custom = CompareClasses.custom(so) {
                    if p.kind != .firstResponder {
                        report.notes.append(Diagnostic(
                            .placeholderClassNotArchived,
                            "\(p.kind.displayName) class \(custom)\(so.sourceLine.map { " (line \($0))" } ?? ""): not archived for placeholders in this nib",
                            location: .init(document: ref.document, object: so.id, sourceLine: so.sourceLine)))
                    }
                    continue
                }
            }
            let sameBase = CompareClasses.base(so) == CompareClasses.base(co)
            let sameCustom = CompareClasses.custom(so) == CompareClasses.custom(co)
            if !sameBase || !sameCustom {
                let cref = c.ref(ck)
                report.differences.append(.init(
                    kind: .classDiffers,
                    message: "class differs: \(ref) is \(describe(so)) in the source, \(describe(co)) compiled (\(co.id.rawValue))",
                    sourceLine: so.sourceLine, source: ref, compiled: cref,
                    sourceValue: describe(so), compiledValue: describe(co)))
            }
        }
        var implicit = 0
        let matchedSource = Set(m.forward.keys)
        var unmatchedChildClasses: [String: Set<String>] = [:]
        for k in c.order where m.backward[k] == nil && !drops.compiledObjects.contains(k) {
            guard let ref = c.ref(k), let o = c.object(k) else { continue }
            let compiledParent = c.nodes[k]?.parent.flatMap { c.object($0) }
            if isImplicit(o, parent: c.nodes[k]?.parent.flatMap { m.backward[$0] }, compiledParent: compiledParent,
                          source: s, matched: matchedSource, unmatchedChildClasses: &unmatchedChildClasses) {
                implicit += 1
                continue
            }
            report.differences.append(.init(kind: .objectOnlyInCompiled, message: "object only in compiled: \(ref.path) \(ref.location)",
                                            compiled: ref))
        }
        if implicit > 0 {
            report.notes.append(Diagnostic(.implicitObjects, "\(implicit) compiled object(s) IB creates implicitly (cells, clip views, scrollers, box content views, corner views) without an id in the source"))
        }
    }

    /// Reports the properties that survive compilation and differ (``PropertyComparison``) on
    /// matched pairs of objects (placeholders aside) of the source documents named in `comparing`.
    private static func propertyDifferences(_ s: CompareSide, _ c: CompareSide, _ m: ObjectPairing, comparing: Set<String>,
                                            into report: inout CompareReport) {
        for k in s.order {
            guard let node = s.nodes[k], comparing.contains(node.document), node.object.placeholder == nil,
                  let ck = m.forward[k], let co = c.object(ck), co.placeholder == nil, let ref = s.ref(k) else { continue }
            let so = node.object
            let direct = s.directInstantiation.contains(node.document)
            for (key, values) in PropertyComparison.differences(source: so, compiled: co, directInstantiation: direct).sorted(by: { $0.key < $1.key }) {
                report.differences.append(.init(
                    kind: .propertyDiffers,
                    message: "property differs: \(ref) . \(key) is \(values.source ?? "none") in the source, \(values.compiled ?? "none") compiled (\(co.id.rawValue))",
                    sourceLine: so.sourceLine, label: key, source: ref, compiled: c.ref(ck),
                    sourceValue: values.source, compiledValue: values.compiled))
            }
        }
    }

    /// Objects Interface Builder creates without declaring them by id in the source: a control's
    /// cell where the source lists none (IB 3 object records), table header cells, corner views,
    /// a box's title cell, a search field's button cells, a UIKit segmented control's `UISegment`s, a text
    /// view's container view, UIKit's private views and layout guides (`_UI…`:
    /// cell separators, top/bottom layout guides) and the prototyping constraints IB adds at build
    /// time (`NSIBPrototypingLayoutConstraint`) (nib-format.md §7.5 design-time data).
    ///
    /// - Parameter unmatchedChildClasses: per source parent, the classes of its unmatched children;
    ///   filled on first use, so that many compiled children of one parent cost one pass over its
    ///   source children.
    static func isImplicit(_ o: NibObject, parent sourceParent: String?, compiledParent: NibObject?,
                           source: CompareSide, matched: Set<String>,
                           unmatchedChildClasses: inout [String: Set<String>]) -> Bool {
        let cls = o.className
        let parentClass = compiledParent.map(CompareClasses.base) ?? ""
        let implicitClass = cls.hasSuffix("Cell") || cls.hasPrefix("_NS") || cls.hasPrefix("_UI") || cls == "NSClipView" || cls == "NSScroller"
            || cls == "NSIBPrototypingLayoutConstraint"
            // A UIKit segmented control's segments (a source's `<segment>` elements) and a text
            // view's text container view are UIKit's own views.
            || cls == "UISegment" || (cls == "UIView" && parentClass == "UITextView")
            // A UIKit layout guide archived without an owning view or identifier (iOS 14+ nibs
            // list one among their objects; no view or constraint refers to it).
            || (cls == "UILayoutGuide" && (o.property("identifier")?.text ?? "").isEmpty)
            || cls == "NSTableHeaderView"
            || (cls == "NSView" && ["NSBox", "NSTabViewItem", "NSWindow"].contains(parentClass))
        guard implicitClass else { return false }
        guard let sp = sourceParent, let node = source.nodes[sp] else { return true }
        // Implicit unless the matched source parent has an unmatched child of this class.
        if unmatchedChildClasses[sp] == nil {
            unmatchedChildClasses[sp] = Set(node.children.compactMap { matched.contains($0) ? nil : source.object($0)?.className })
        }
        return unmatchedChildClasses[sp]?.contains(cls) != true
    }

    static func describe(_ o: NibObject) -> String {
        if let custom = o.customClass { return "\(custom) (\(o.className))" }
        return o.className
    }
}

/// Objects and connections that compilation drops or adds (nib-format.md §7.5, §5.2), decided once
/// per comparison.
struct Drops {
    var sourceObjects: Set<String> = []
    var compiledObjects: Set<String> = []
    var notes: [Diagnostic] = []

    init(source s: CompareSide, compiled c: CompareSide, storyboard: Bool) {
        let compiledHasFirstResponder = c.nodes.values.contains { $0.object.placeholder?.kind == .firstResponder }
        let compiledHasApplication = c.nodes.values.contains { $0.object.placeholder?.kind == .application }
        let compiledHasLayoutGuides = c.nodes.values.contains { $0.object.className.hasSuffix("LayoutGuide") }
        // A view's system layout guide (`<viewLayoutGuide key="safeArea">`) is archived only
        // when a constraint uses it (`NSViewLayoutGuides`); Xcode declares the layout margins too.
        var constrained = Set<ObjectID>()
        for k in s.order {
            guard case .constraint(let lc)? = s.object(k)?.property("constraint") else { continue }
            constrained.formUnion([lc.firstItem, lc.secondItem].compactMap { $0 })
        }
        for k in s.order {
            guard let o = s.object(k) else { continue }
            let line = o.sourceLine.map { " (line \($0))" } ?? ""
            let at = Diagnostic.Location(document: s.ref(k)?.document, object: o.id, sourceLine: o.sourceLine)
            switch o.placeholder?.kind {
            case .firstResponder? where !compiledHasFirstResponder || storyboard:
                sourceObjects.insert(k)
                notes.append(Diagnostic(.firstResponderNotArchived, "First Responder placeholder\(line): not archived (actions to it have a nil target)", location: at))
            case .application? where !compiledHasApplication && !s.isCompiled:
                sourceObjects.insert(k)
                notes.append(Diagnostic(.applicationNotArchived, "Application placeholder\(line): the nib archives none", location: at))
            case .exit?:
                sourceObjects.insert(k)
                notes.append(Diagnostic(.exitPlaceholderNotArchived, "Exit placeholder\(line): design-time only (unwind segues are compiled into templates)", location: at))
            default:
                // (UIKit archives a view's safe-area guide whether or not a constraint uses it.)
                let unusedViewGuide = o.className == "NSLayoutGuide" && !constrained.contains(o.id)
                if o.className == "NSLayoutConstraint", case .bool(true)? = o.property("placeholder") {
                    sourceObjects.insert(k)
                    notes.append(Diagnostic(.placeholderConstraintRemoved, "placeholder constraint \(o.id.rawValue)\(line): removed at build time", location: at))
                } else if o.className.hasSuffix("LayoutGuide") && (!compiledHasLayoutGuides || unusedViewGuide) {
                    sourceObjects.insert(k)
                    notes.append(Diagnostic(.layoutGuideNotArchived, "layout guide \(o.id.rawValue)\(line): archived inside the constraints that use it, not as an object", location: at))
                } else if o.className.hasSuffix("StoryboardReference") {
                    sourceObjects.insert(k)
                    notes.append(Diagnostic(.storyboardReferenceNotArchived, "storyboard reference \(o.id.rawValue)\(line): compiled into Info.plist references", location: at))
                }
            }
        }
        for k in c.order {
            guard let o = c.object(k) else { continue }
            let kind = o.placeholder?.kind
            // (A static table's data source holds the sections a source keeps in its table.)
            if c.alias[k] != nil || kind == .storyboard || kind == .upstream || o.className.contains("SegueTemplate")
                || o.className == "UITableViewDataSource" || (storyboard && (kind == .filesOwner || kind == .application || kind == .firstResponder)) {
                compiledObjects.insert(k)
            }
        }
        // The constraints ibtool adds to place a view controller's top and bottom layout guides
        // (`_UILayoutGuide` leading, top or bottom and height against the view).
        var guideConstraints = 0
        for k in c.order {
            guard let node = c.nodes[k], case .constraint(let lc)? = node.object.property("constraint") else { continue }
            let prefix = k.hasSuffix("|" + node.object.id.rawValue) ? String(k.dropLast(node.object.id.rawValue.count)) : ""
            let holder = node.parent.flatMap { c.nodes[$0]?.object.id }
            let items = [lc.firstItem, lc.secondItem].compactMap { $0 }
            let guides = items.filter { c.object(prefix + $0.rawValue)?.className == "_UILayoutGuide" }
            if !guides.isEmpty && items.allSatisfy({ guides.contains($0) || $0 == holder }) {
                compiledObjects.insert(k)
                guideConstraints += 1
            }
        }
        if guideConstraints > 0 {
            notes.append(Diagnostic(.storyboardObjectsAdded, "\(guideConstraints) compiled constraint(s) placing a view controller's top or bottom layout guide: added by compilation"))
        }
        if !compiledObjects.isEmpty {
            notes.append(Diagnostic(.storyboardObjectsAdded, "\(compiledObjects.count) compiled storyboard placeholder(s)/segue template(s): added by compilation"))
        }
        if storyboard {
            let copies = StoryboardAliases.controllerCopies(c).objects
            if !copies.isEmpty {
                compiledObjects.formUnion(copies)
                notes.append(Diagnostic(.storyboardObjectsAdded, "\(copies.count) compiled object(s) of controllers archived again in a container's scene nib (each controller also has a scene nib of its own)"))
            }
        }
    }
}
