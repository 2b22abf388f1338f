import NibModel

extension FindingCode {
    public static let bannedClass = FindingCode("banned-class")
}

/// `banned-class`: objects of a deprecated or banned class, or of a custom class the
/// configuration bans.
struct BannedClassRule: NibRule {
    /// Class → reason; objects of these classes (or subclasses named as custom classes of them).
    static let bannedClasses = LintOption.names("bannedClasses", default: [
        "UIWebView": "deprecated since iOS 12; apps that use it are rejected by App Store review (ITMS-90809): use WKWebView",
        "WebView": "the legacy WebKit view, deprecated since macOS 10.14: use WKWebView",
        "NSMatrix": "deprecated since macOS 10.8 for radio groups: use NSButtons with the same action",
        "NSDrawer": "deprecated since macOS 10.13: use a split view or a sidebar",
        "GLKView": "OpenGL ES is deprecated since iOS 12: use MTKView",
        "MPMoviePlayerController": "removed in iOS 9's SDK era (deprecated): use AVPlayerViewController",
        "UISearchDisplayController": "deprecated since iOS 8: use UISearchController",
        "NSOpenGLView": "OpenGL is deprecated since macOS 10.14: use MTKView",
        "UIAlertView": "deprecated since iOS 9: use UIAlertController",
        "UIActionSheet": "deprecated since iOS 8.3: use UIAlertController",
    ], describing: "class → reason")

    static let info = RuleInfo(
        .bannedClass, severity: .warning, options: [bannedClasses.spec],
        "A deprecated or banned class (UIWebView: App Store rejection ITMS-90809; WebView, NSMatrix, NSDrawer, GLKView, …; the list is configurable).")

    let banned: [String: String]

    init(options: LintOptions) { banned = options[Self.bannedClasses] }

    func check(object o: NibObject, in context: LintContext, into out: inout RuleFindings) {
        guard o.placeholder == nil else { return }
        for cls in [o.customClass, o.className].compactMap({ $0 }) {
            guard let reason = banned[cls] else { continue }
            let which = cls == o.className ? cls : "\(cls) (a custom class banned by the configuration)"
            out.add(o.id, className: o.effectiveClass,
                    "\(context.document.semanticPath(of: o.id)) is a \(which): \(reason)",
                    fix: "Replace it; the reason names the successor")
            break
        }
    }
}
