import NibModel
import TextEscaping

/// `nibinspect diff` of a source and a compiled nib: the differences `compare` finds, as
/// ``NibDiff`` differences.
///
/// Between a xib or storyboard and a compiled nib, object ids are gone and compilation drops,
/// adds and rewrites much (nib-format.md §7.5), so `diff` uses `compare`'s engine for such a
/// pair: objects matched by ``ObjectPairing``, what compilation drops or adds left out (it is in
/// ``CompareReport/notes``), properties not compared (compilation re-encodes them). Each
/// ``CompareReport/Difference`` becomes exactly one ``NibDiff/Difference``, so `diff SOURCE
/// COMPILED` reports nothing that `compare` does not.
extension CompareReport {
    /// The differences, old side first: `sourceIsOld` true when the source is the old version
    /// (`diff app.xib app.nib`), false for `diff app.nib app.xib`.
    ///
    /// Paths are those of `textconv` and of `diff` between two sources
    /// (``NibDocument/uniqueSemanticPaths()``: class and a name the user gave) of the object in
    /// `documents` (the source side's where the difference has one); `compare`'s own path where
    /// the object is not found there. A connection's destination is named the same way (with the
    /// destinations' texts when two read alike), its key path kept. Lines are the source's.
    /// `document` of each entry names its document for several-document inputs (the storyboard scene).
    public func nibDiff(sourceIsOld: Bool, documents: [NibDocument] = []) -> [(document: String?, difference: NibDiff.Difference)] {
        var byName: [String: [NibDocument]] = [:]
        for d in documents { byName[d.name, default: []].append(d) }
        var pathCache: [String: [ObjectID: String]] = [:]   // document name + "\u{0}" + format
        func stable(_ ref: ObjectRef) -> String? {
            for d in byName[ref.document] ?? [] where d.object(ObjectID(ref.id)) != nil {
                let key = d.name + "\u{0}" + d.format.rawValue
                if pathCache[key] == nil { pathCache[key] = d.uniqueSemanticPaths() }
                return pathCache[key]?[ObjectID(ref.id)]
            }
            return nil
        }
        func path(_ ref: ObjectRef) -> String { stable(ref) ?? ref.path }
        /// A destination as a path, with the key path `compare` gave after it.
        func destination(_ target: ObjectRef?, _ value: String?, hint: String?) -> String? {
            guard let target, let p = stable(target) else { return value }
            var text = p
            if let hint { text += " (" + hint + ")" }
            if let value, let r = value.range(of: " keyPath '") { text += value[r.lowerBound...] }
            return text
        }
        return differences.map { d in
            let ref = d.source ?? d.compiled
            var x = NibDiff.Difference(change: "changed", kind: "object", path: ref.map(path) ?? d.message)
            var sourceValue = d.sourceValue, compiledValue = d.compiledValue
            let onlyInSource: NibDiff.Change = sourceIsOld ? .removed : .added, onlyInCompiled: NibDiff.Change = sourceIsOld ? .added : .removed
            switch d.kind {
            case .objectOnlyInSource:
                x.change = onlyInSource
                sourceValue = d.source?.className
            case .objectOnlyInCompiled:
                x.change = onlyInCompiled
                compiledValue = d.compiled?.className
            case .classDiffers:
                break
            case .identifierDiffers:
                x.kind = "identifier"
                compiledValue = d.message
            case .propertyDiffers:
                x.kind = "property"
                x.category = .properties
                x.path += " . " + (d.label ?? "")
                if d.sourceValue == nil { x.change = onlyInCompiled } else if d.compiledValue == nil { x.change = onlyInSource }
            case .connectionOnlyInSource, .connectionOnlyInCompiled, .destinationChanged, .connectionDetailsDiffer:
                x.category = .connections
                // Two destinations whose paths read alike (an outlet's name moves with it) are told
                // apart by what they show.
                let a = d.sourceTarget.flatMap(stable), b = d.compiledTarget.flatMap(stable)
                let alike = a != nil && a == b && d.sourceTarget?.name != d.compiledTarget?.name
                func hint(_ r: ObjectRef?) -> String? { alike ? r?.name.map { Escape.quoted($0) } : nil }
                sourceValue = destination(d.sourceTarget, sourceValue, hint: hint(d.sourceTarget))
                compiledValue = destination(d.compiledTarget, compiledValue, hint: hint(d.compiledTarget))
                x.kind = d.kind == .connectionDetailsDiffer && d.connectionKind == "action" ? "events" : "connection"
                x.path += " " + [d.connectionKind, d.label].compactMap { $0 }.joined(separator: " ")
                switch d.kind {
                case .connectionOnlyInSource: x.change = onlyInSource
                case .connectionOnlyInCompiled: x.change = onlyInCompiled
                case .destinationChanged: x.change = "retargeted"
                default: break
                }
            }
            x.left = sourceIsOld ? sourceValue : compiledValue
            x.right = sourceIsOld ? compiledValue : sourceValue
            let line = d.sourceLine ?? d.source?.line
            if sourceIsOld { x.leftLine = line } else { x.rightLine = line }
            return ((d.source ?? d.compiled)?.document, x)
        }
    }
}
