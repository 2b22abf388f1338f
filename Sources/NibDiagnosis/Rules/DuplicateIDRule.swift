import NibModel

extension FindingCode {
    public static let duplicateID = FindingCode("duplicate-id")
}

/// `duplicate-id` (IBLinter `duplicate_id`): an element id used by an earlier element of the same
/// file (objects, constraints, connections, segues: every element with an `id`); each repeat is
/// one finding at its line. Once per file; sources only (a compiled nib has no such ids). A house
/// rule, off by default; the reader already warns about repeated object ids.
struct DuplicateIDRule: NibRule {
    static let info = RuleInfo(
        .duplicateID, severity: .warning, appliesTo: RuleScope(documents: .sources), aliases: [.iblinter("duplicate_id")],
        offByDefault: true,
        "Two elements of one file share an id: Interface Builder and the compiler may connect or keep the wrong one (once per file).")

    init(options: LintOptions) {}

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard let file = context.sourceFileOnce else { return }
        var first: [String: Int] = [:]
        file.walk { e, ancestors in
            guard let id = e["id"] else { return }
            guard let line = first[id] else {
                first[id] = e.line
                return
            }
            out.add(nil, line: e.line, member: id, "duplicate element id '\(id)' (<\(e.name)>; first used at line \(line))",
                    fix: "Give one of the elements a new id (delete and re-add it in Interface Builder)")
        }
    }
}
