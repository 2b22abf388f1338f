/// Options of the nib rules that `lint` runs without sources (``NibLint``), as a configuration
/// file (`.nibinspect.json`, key `"options"`) sets them.
public struct LintOptions: Sendable, Hashable, Codable {
    /// Class → reason; objects of these classes (or subclasses named as custom classes of them)
    /// are `banned-class` findings.
    public var bannedClasses: [String: String]
    /// `large-nib` above this many objects (placeholders not counted).
    public var maxObjects: Int
    /// `large-nib` above this many top-level objects.
    public var maxTopLevelObjects: Int

    public init(bannedClasses: [String: String] = LintOptions.defaultBannedClasses, maxObjects: Int = 500,
                maxTopLevelObjects: Int = 20) {
        self.bannedClasses = bannedClasses
        self.maxObjects = maxObjects
        self.maxTopLevelObjects = maxTopLevelObjects
    }

    /// The default list, each with the reason a reviewer is given.
    public static let defaultBannedClasses: [String: String] = [
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
    ]
}
