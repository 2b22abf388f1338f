import NibModel

extension ObjectPairing {
    /// A source paired with the nib compiled from it, under compare's rules.
    struct Compilation {
        var source: CompareSide
        var compiled: CompareSide
        /// What compilation drops or adds (left out of the pairing and of the differences).
        var drops: Drops
        /// True for a storyboard (or several compiled documents): scene placeholders aliased
        /// (``StoryboardAliases``), storyboard placeholders and segue templates added.
        var storyboard: Bool
        var pairing: ObjectPairing
    }

    /// Pairs the objects of source documents (xib, storyboard, `designable.nib`) with those of the
    /// documents compiled from them, as `compare` and `diff SOURCE COMPILED` both do: the compiled
    /// side's storyboard placeholders aliased to the objects they stand for, what compilation drops
    /// or adds (``Drops``) left out, localizable-string ids as hints, then ``run()``.
    ///
    /// - Parameters:
    ///   - hints: per compiled document name, compiled object id → source id
    ///     (``LocalizationHints``); only the entries of `compiledDocuments` are used when any is
    ///     named there (all of them otherwise: a lone document read under another name).
    ///   - noLeftover: source keys a nested archive accounts for, paired by structure only.
    static func compilation(sourceDocuments: [NibDocument], compiledDocuments: [NibDocument],
                            hints: [String: [ObjectID: String]], noLeftover: Set<String> = []) -> Compilation {
        let s = CompareSide(documents: sourceDocuments, compiled: false)
        var c = CompareSide(documents: compiledDocuments, compiled: true)
        let storyboard = sourceDocuments.contains { $0.format == .storyboard } || compiledDocuments.count > 1
        if storyboard { StoryboardAliases.apply(to: &c) }
        var pairing = ObjectPairing(source: s, compiled: c)
        let drops = Drops(source: s, compiled: c, storyboard: storyboard)
        pairing.skipSource = drops.sourceObjects
        pairing.skipCompiled = drops.compiledObjects
        // Objects a nested archive holds are matched by structure only, never as leftovers: the
        // main nib need not hold a copy (iOS prototype cells), and a class-only guess would steal
        // a compiled object from the source object it belongs to.
        pairing.noLeftoverSource = noLeftover
        let prefixed = compiledDocuments.count > 1
        // Hints of the documents compared here (of any, for a lone document named otherwise).
        let names = Set(compiledDocuments.map(\.name))
        let own = hints.keys.contains { names.contains($0) }
        for (document, map) in hints.sorted(by: { $0.key < $1.key }) {
            if own && !names.contains(document) { continue }
            for (id, sourceID) in map.sorted(by: { $0.key < $1.key }) {
                pairing.hints[prefixed ? "\(document)|\(id.rawValue)" : id.rawValue] = sourceID
            }
        }
        pairing.run()
        return Compilation(source: s, compiled: c, drops: drops, storyboard: storyboard, pairing: pairing)
    }

    /// Pairs two versions of a document kept in two id spaces (two compiled nibs, a xib rebuilt by
    /// `nibinspect xib` and its original) by the same passes as ``compilation(sourceDocuments:compiledDocuments:hints:noLeftover:)``,
    /// with nothing dropped or added and no hints. ``source`` is `old`, ``compiled`` is `new`;
    /// keys are the documents' object ids.
    static func versions(_ old: NibDocument, _ new: NibDocument) -> ObjectPairing {
        var pairing = ObjectPairing(source: CompareSide(documents: [old], compiled: old.format.isCompiled),
                                    compiled: CompareSide(documents: [new], compiled: new.format.isCompiled))
        pairing.run()
        return pairing
    }
}
