/// Which framework class a `<document>`-format xib/storyboard element stands for
/// (nib-format.md §7.1, §7.4).
///
/// Elements are named after the class without its prefix (`<button>` → `UIButton` on iOS,
/// `NSButton` on macOS). The table lists the exceptions and the classes whose prefix is not
/// `UI`/`NS` (MapKit, WebKit, SceneKit, …); any other element maps by rule: prefix + the element
/// name with its first letter upper-cased (`<tableViewCell>` → `UITableViewCell`,
/// `<textFieldCell>` → `NSTextFieldCell`). Element names change across Xcode versions
/// (user-needs.md §A4 #28), so the rule, not the table, is what keeps unknown elements readable.
/// Vocabulary of the xib format, not a reader: the xib reader and the xib writer (NibWriters) both
/// use it, so that a written element reads back as the class it was written for.
public enum XIBClassTable {
    /// Element → (UIKit class, AppKit class); nil where the framework has no such element.
    package static let table: [String: (uiKit: String?, appKit: String?)] = [
        "customObject": ("NSObject", "NSObject"),
        "customView": ("UIView", "NSView"),
        "view": ("UIView", "NSView"),
        "window": ("UIWindow", "NSWindow"),
        "panel": (nil, "NSPanel"),
        "label": ("UILabel", "NSTextField"),
        "containerView": ("UIView", "NSContainerView"),
        "application": ("UIApplication", "NSApplication"),
        "exit": ("UIStoryboardUnwindSegueSource", "NSStoryboardUnwindSegueSource"),
        "viewControllerPlaceholder": ("UIStoryboardReference", "NSStoryboardReference"),
        "collectionViewCellContentView": ("UIView", nil),
        "tableViewCellContentView": ("UITableViewCellContentView", nil),
        "viewLayoutGuide": ("UILayoutGuide", "NSLayoutGuide"),
        "layoutGuide": ("UILayoutGuide", "NSLayoutGuide"),
        "constraint": ("NSLayoutConstraint", "NSLayoutConstraint"),
        "mapView": ("MKMapView", "MKMapView"),
        "wkWebView": ("WKWebView", "WKWebView"),
        "webView": ("UIWebView", "WebView"),
        "glkView": ("GLKView", "GLKView"),
        "sceneKitView": ("SCNView", "SCNView"),
        "arscnView": ("ARSCNView", nil),
        "arskView": ("ARSKView", nil),
        "skView": ("SKView", "SKView"),
        "mtkView": ("MTKView", "MTKView"),
        "avPlayerView": (nil, "AVPlayerView"),
        "pdfView": ("PDFView", "PDFView"),
        "openGLView": (nil, "NSOpenGLView"),
        "quartzComposerView": (nil, "QCView"),
        "imageKitView": (nil, "IKImageView"),
        "ikImageBrowserView": (nil, "IKImageBrowserView"),
        "glkViewController": ("GLKViewController", nil),
        "avPlayerViewController": ("AVPlayerViewController", nil),
        "hostingController": ("UIHostingController", "NSHostingController"),
        "userDefaultsController": (nil, "NSUserDefaultsController"),
        "array": ("NSArray", "NSArray"),
        "numberFormatter": ("NSNumberFormatter", "NSNumberFormatter"),
        "dateFormatter": ("NSDateFormatter", "NSDateFormatter"),
        "byteCountFormatter": ("NSByteCountFormatter", "NSByteCountFormatter"),
        "menu": ("UIMenu", "NSMenu"),
        "command": ("UICommand", nil),
        "keyCommand": ("UIKeyCommand", nil),
        "visualEffectView": ("UIVisualEffectView", "NSVisualEffectView"),
        "objectLibraryAsset": ("IBObjectLibraryAsset", "IBObjectLibraryAsset"),
    ]

    /// Elements that are never objects even though they carry an `id` attribute: connections,
    /// design-time metadata.
    package static let nonObjectElements: Set<String> = [
        "outlet", "outletCollection", "action", "binding", "segue",
        "device", "adaptation", "scene", "document", "plugIn", "capability", "deployment",
    ]

    /// AppKit's standard toolbar item identifiers, which are also the names of the classes ibtool
    /// may compile them to (`NSToolbarFlexibleSpaceItem`, …); a xib declares such an item as
    /// `<toolbarItem implicitItemIdentifier="NSToolbarFlexibleSpaceItem"/>`.
    public static let standardToolbarItems: Set<String> = [
        "NSToolbarFlexibleSpaceItem", "NSToolbarSpaceItem", "NSToolbarSeparatorItem", "NSToolbarShowColorsItem",
        "NSToolbarShowFontsItem", "NSToolbarPrintItem", "NSToolbarCustomizeToolbarItem", "NSToolbarToggleSidebarItem",
        "NSToolbarCloudSharingItem", "NSToolbarSidebarTrackingSeparatorItem", "NSToolbarInspectorTrackingSeparatorItem",
        "NSToolbarToggleInspectorItem", "NSToolbarWritingToolsItem",
    ]

    /// The class for `element` on `platform`.
    public static func className(element: String, platform: Platform) -> String {
        guard let first = element.first else { return "NSObject" }
        let capitalized = first.uppercased() + element.dropFirst()
        if platform == .watchOS, !["constraint", "customObject", "placeholder"].contains(element) {
            // watchOS: `<controller>` → WKInterfaceController, `<label>` → WKInterfaceLabel.
            return "WKInterface" + capitalized
        }
        let appKit = platform == .macOS
        if let entry = table[element] {
            if let name = appKit ? entry.appKit : entry.uiKit { return name }
            if let other = appKit ? entry.uiKit : entry.appKit { return other }
        }
        return (appKit ? "NS" : "UI") + capitalized
    }

    /// The platform of a document from its `targetRuntime` (prefix-matched, user-needs.md §A4 #29)
    /// or its `type` attribute (§7.1).
    public static func platform(targetRuntime: String?, type: String?) -> Platform {
        if let rt = targetRuntime {
            if rt.hasPrefix("iOS") { return .iOS }
            if rt.hasPrefix("MacOSX") { return .macOS }
            if rt.hasPrefix("AppleTV") { return .tvOS }
            if rt.lowercased().hasPrefix("watchkit") { return .watchOS }
            if rt.hasPrefix("XR") || rt.hasPrefix("visionOS") { return .visionOS }
        }
        if let t = type {
            if t.contains("CocoaTouch") { return .iOS }
            if t.contains("AppleTV") { return .tvOS }
            if t.contains("WatchKit") { return .watchOS }
            if t.contains(".XR.") { return .visionOS }
            if t.contains("Cocoa") { return .macOS }
        }
        return .unknown
    }
}
