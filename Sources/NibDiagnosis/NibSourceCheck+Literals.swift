import NibModel
import SourceIndex

/// What one check of string literals in code compared: the literals of one kind
/// (``SourceLiteral/Kind``) against the names the documents read carry, compiled or source alike —
/// segue identifiers and storyboard IDs from storyboards (a `.storyboardc` lists them in its
/// `Info.plist` and scene nibs), storyboard names from the storyboards read, nib names from the
/// nibs and xibs read (not the scene nibs inside a `.storyboardc`, which no code loads by name).
///
/// JSON-ready: `{"kind", "literals", "names", "documents", "compiledDocuments", "skipped"}`.
public struct LiteralCoverage: Hashable, Sendable, Codable {
    /// What the literals name.
    public var kind: SourceLiteral.Kind
    /// Literals of this kind in the sources read.
    public var literals: Int
    /// Distinct names they were compared with (0 when the check was skipped).
    public var names: Int
    /// Documents the names came from: storyboards for identifiers and storyboard names, nibs and
    /// xibs for nib names.
    public var documents: Int
    /// How many of ``documents`` are compiled (`.storyboardc`, `.nib`).
    public var compiledDocuments: Int
    /// Why the check did not run (`no storyboard among the inputs`); nil when it ran.
    public var skipped: String?
}

extension NibSourceCheck {
    /// Nib names loadable by name: the base names of documents that are not storyboards or scenes of one.
    var nibNames: Set<String> { Set(nibDocs.map(\.baseName)) }

    private var nibDocs: [Doc] {
        docs.filter { !$0.document.name.contains(".storyboard") && !$0.document.format.rawValue.contains("storyboard") }
    }

    /// The checks of literals in code, one per kind (segue identifiers, storyboard IDs, storyboard
    /// names, nib names), with what they compared and why one did not run.
    public func literalCoverage() -> [LiteralCoverage] {
        let nibs = nibDocs
        let compiledNibs = nibs.filter { $0.document.format.isCompiled }.count
        func entry(_ kind: SourceLiteral.Kind, _ names: Set<String>, documents: Int, compiled: Int, noDocuments: String) -> LiteralCoverage {
            let skipped = !checksLiterals ? "the inputs are single files, not a whole app: other documents may hold the names"
                : documents == 0 ? noDocuments : nil
            return LiteralCoverage(kind: kind, literals: sources.literals(kind).count, names: skipped == nil ? names.count : 0,
                                   documents: documents, compiledDocuments: compiled, skipped: skipped)
        }
        let noStoryboard = "no storyboard among the inputs"
        return [
            entry(.segueIdentifier, segueIdentifiers, documents: storyboardCount, compiled: compiledStoryboardCount, noDocuments: noStoryboard),
            entry(.storyboardIdentifier, storyboardIdentifiers, documents: storyboardCount, compiled: compiledStoryboardCount,
                  noDocuments: noStoryboard),
            entry(.storyboardName, storyboardNames, documents: storyboardCount, compiled: compiledStoryboardCount, noDocuments: noStoryboard),
            entry(.nibName, nibNames, documents: nibs.count, compiled: compiledNibs, noDocuments: "no nib or xib among the inputs"),
        ]
    }

    // MARK: Literals

    /// The findings of the literal checks, each recorded in `coverage` (segue and storyboard
    /// identifiers, storyboard names, cells registered by class, nib names).
    func literalFindings(coverage record: inout Coverage) -> [Finding] {
        var out: [Finding] = []
        recordIdentifiers(into: &record)
        let literal = literalCoverage()
        if let names = literal.first(where: { $0.kind == .storyboardName }) {
            let reason = noSourcesReason ?? names.skipped
            record.record(check: "storyboard-names", title: "storyboard names", rules: [.unknownStoryboardName],
                          checked: reason == nil ? names.literals : 0, unit: "names in code",
                          against: reason == nil ? Self.count(storyboardCount, "storyboard", "storyboards") + storyboardKinds : nil,
                          skippedReason: reason)
        }
        let coverage = Dictionary(literal.map { ($0.kind, $0.skipped == nil) }, uniquingKeysWith: { a, _ in a })
        if coverage[.segueIdentifier] == true {
            out += unknownLiterals(.segueIdentifier, segueIdentifiers, .unknownSegueIdentifier,
                                   fix: "Set the segue's identifier, or correct the string") { l in
                "performSegue(withIdentifier: \"\(l.value)\") (\(l.location.short)): no segue of the storyboards read has this identifier: 'Receiver has no segue with identifier'"
            }
        }
        if coverage[.storyboardIdentifier] == true {
            out += unknownLiterals(.storyboardIdentifier, storyboardIdentifiers, .unknownStoryboardIdentifier,
                                   fix: "Set the storyboard ID in the Identity inspector, or correct the string") { l in
                "instantiateViewController(withIdentifier: \"\(l.value)\") (\(l.location.short)): no scene of the storyboards read has this storyboard ID: 'Storyboard doesn't contain a view controller with identifier'"
            }
        }
        if coverage[.storyboardName] == true {
            out += unknownNames(.storyboardName, storyboardNames) { l, caseOnly in
                Finding(.unknownStoryboardName,
                    caseOnly.map { "Storyboard name \"\(l.value)\" (\(l.location.short)) differs in case from \($0): it loads in the simulator (case-insensitive) but not on a device: 'Could not find a storyboard named'" }
                        ?? "Storyboard name \"\(l.value)\" (\(l.location.short)): no storyboard read has this name: 'Could not find a storyboard named \(l.value)' unless it lives in another bundle",
                    className: l.enclosingClass, member: l.value,
                    fix: caseOnly.map { "Write \"\($0)\"" } ?? "Correct the name, or check which bundle holds the storyboard",
                    sources: [l.location])
            }
        }
        out += cellRegistrationFindings(coverage: &record)
        if let names = literal.first(where: { $0.kind == .nibName }) {
            let reason = noSourcesReason ?? names.skipped
            record.record(check: "nib-names", title: "nib names", rules: [.unknownNibName], checked: reason == nil ? names.literals : 0,
                          unit: "names in code", against: reason == nil ? Self.count(names.names, "nib", "nibs") : nil,
                          skippedReason: reason)
        }
        if coverage[.nibName] == true {
            out += unknownNames(.nibName, nibNames) { l, caseOnly in
                Finding(.unknownNibName,
                    caseOnly.map { "Nib name \"\(l.value)\" (\(l.location.short)) differs in case from \($0): it loads in the simulator (case-insensitive) but not on a device: 'Could not load NIB in bundle'" }
                        ?? "Nib name \"\(l.value)\" (\(l.location.short)): no nib or xib read has this name: 'Could not load NIB in bundle' unless it lives in another bundle",
                    className: l.enclosingClass, member: l.value, fix: caseOnly.map { "Write \"\($0)\"" } ?? "Correct the name, or check which bundle holds the nib",
                    sources: [l.location])
            }
        }
        return out
    }

    /// One `code` finding, located at the literal, per code literal of `kind` that `known` lacks
    /// (compared exactly), with `message` and `fix`.
    private func unknownLiterals(_ kind: SourceLiteral.Kind, _ known: Set<String>, _ code: FindingCode, fix: String,
                                 _ message: (SourceLiteral) -> String) -> [Finding] {
        sources.literals(kind).filter { !known.contains($0.value) }.map { l in
            located(Finding(code, message(l), className: l.enclosingClass, member: l.value, fix: fix, sources: [l.location]),
                    at: l.location)
        }
    }

    /// A finding for each literal of `kind` that is not in `names`; the closure gets the name it
    /// matches but for case, if any.
    private func unknownNames(_ kind: SourceLiteral.Kind, _ names: Set<String>, _ make: (SourceLiteral, String?) -> Finding) -> [Finding] {
        let lower = Dictionary(names.map { ($0.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        return sources.literals(kind).filter { !names.contains($0.value) }.map { l in
            located(make(l, lower[l.value.lowercased()]), at: l.location)
        }
    }

    /// Cells registered by class while a nib defines them (a top-level cell of a xib, or a
    /// storyboard prototype): the nib is never loaded.
    private func cellRegistrationFindings(coverage: inout Coverage) -> [Finding] {
        var out: [Finding] = []
        var cellDocuments: [String: [String]] = [:]
        defer {
            coverage.record(check: "registered-cells", title: "cells registered by class", rules: [.cellRegisteredByClass],
                            checked: sources.literals(.registeredClass).count, unit: "registrations in code",
                            against: Self.count(cellDocuments.count, "cell class defined in a nib", "cell classes defined in nibs"),
                            skippedReason: noSourcesReason)
        }
        for a in appearances where a.role == .object {
            let o = document(a.members[0]).object(a.members[0].id)
            guard let o, o.className.hasSuffix("Cell") || o.className.hasSuffix("ReusableView")
                    || o.className.hasSuffix("HeaderFooterView") else { continue }
            cellDocuments[a.className, default: []].append(document(a.members[0]).name)
        }
        for l in sources.literals(.registeredClass) {
            let name = String(l.value.split(separator: ".").last ?? Substring(l.value))
            guard let docsWithCell = cellDocuments[name],
                  let cls = sources.class(named: name, near: l.location.file), !sources.chain(cls.name, near: cls.home).flatMap(\.outlets).isEmpty else { continue }
            let where_ = Set(docsWithCell).sorted()
            out.append(located(Finding(.cellRegisteredByClass,
                "\(name) is registered by class (\(l.location.short)) but is defined in \(where_.prefix(3).joined(separator: ", ")): the nib is never loaded, so its outlets are nil and dequeued cells are blank",
                className: name, fix: "Register UINib(nibName:bundle:) instead, or for a storyboard prototype do not register at all",
                sources: [l.location]), at: l.location))
        }
        return out
    }
}
