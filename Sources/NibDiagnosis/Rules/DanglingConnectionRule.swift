import NibModel

extension FindingCode {
    public static let danglingConnection = FindingCode("dangling-connection")
}

/// `dangling-connection`: a connection whose source, destination or member is no object of the
/// document, or that the reader could not resolve.
struct DanglingConnectionRule: NibRule {
    static let info = RuleInfo(
        .danglingConnection, severity: .warning,
        "A connection whose source or destination names no object of the document: it does nothing, or crashes when loaded.")

    init(options: LintOptions) {}

    func check(connection c: Connection, in context: LintContext, into out: inout RuleFindings) {
        let document = context.document
        var problem: String?
        if let u = c.unresolved {
            problem = u.message
        } else if c.kind != .segue {
            if let s = c.source, document.object(s) == nil {
                problem = "source '\(s.rawValue)' is no object of the document"
            } else if let d = c.destination, !c.isNilTargeted, document.object(d) == nil {
                problem = "destination '\(d.rawValue)' is no object of the document"
            } else if let m = c.members?.first(where: { document.object($0) == nil }) {
                problem = "member '\(m.rawValue)' is no object of the document"
            }
        }
        guard let problem else { return }
        let id = c.source.flatMap { document.object($0) != nil ? $0 : nil }
        let effect: String
        switch c.kind {
        case .outlet, .outletCollection: effect = "the outlet is not set (nil), or loading raises when the object is missing"
        case .action: effect = "the action has no target and goes up the responder chain, or does nothing"
        case .binding: effect = "the binding has nothing to observe"
        default: effect = "it does nothing at run time"
        }
        out.add(id, line: c.sourceLine, member: c.label,
                "The \(c.kind.rawValue) \(c.label)\(id == nil ? "" : " of \(document.semanticPath(of: id!))") is dangling (\(problem)): \(effect)",
                fix: "Delete the connection and connect it again in Interface Builder")
    }
}
