import NibModel

extension FindingCode {
    public static let externalPlaceholderConnection = FindingCode("external-placeholder-connection")
}

/// `external-placeholder-connection`: File's Owner should be a nib's one contact point with the
/// code that loads it.
struct ExternalPlaceholderConnectionRule: NibRule {
    static let info = RuleInfo(
        .externalPlaceholderConnection, severity: .warning,
        "A connection to or from an external placeholder other than File's Owner: File's Owner should be the one contact point between a nib and the code that loads it (Resource Programming Guide).")

    init(options: LintOptions) {}

    func check(connection c: Connection, in context: LintContext, into out: inout RuleFindings) {
        for (end, role) in [(c.source, "from"), (c.destination, "to")] {
            guard let id = end, let p = context.document.object(id)?.placeholder, p.kind == .external else { continue }
            out.add(id, line: c.sourceLine, member: c.label,
                    "The \(c.kind.rawValue) \(c.label) goes \(role) the external object '\(p.identifier)': the code that loads the nib must supply it (UINibExternalObjects) or loading fails, and the nib has two contact points instead of File's Owner",
                    fix: "Connect through File's Owner instead and let the owner pass the object on")
            break
        }
    }
}
