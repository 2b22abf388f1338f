/// Which archived classes are Interface Builder objects, which are Foundation plumbing (values of
/// properties), which are connections, and which keys hold an object's children in the
/// Interface Builder outline (nib-format.md §2.9, §3.3, §3.5, §4.4, §4.5).
enum ObjectRoles {
    /// Classes that only ever carry values: strings, numbers, collections, colours, fonts,
    /// images, and the archive's own bookkeeping objects.
    static let plumbingClasses: Set<String> = [
        "NSString", "NSMutableString", "NSLocalizableString", "NSNumber", "NSDecimalNumber",
        "NSDecimalNumberPlaceholder", "NSDecimalNumberHandler", "NSArray", "NSMutableArray", "NSSet",
        "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet", "NSDictionary", "NSMutableDictionary",
        "NSData", "NSMutableData", "NSValue", "NSDate", "NSURL", "NSNull", "NSAttributedString",
        "NSMutableAttributedString", "NSParagraphStyle", "NSMutableParagraphStyle", "NSShadow", "NSLocale",
        "UIColor", "NSColor", "NSColorSpace", "UIFont", "NSFont", "UIFontDescriptor", "NSFontDescriptor",
        "UIImage", "NSImage", "UIImageNibPlaceholder", "NSCustomResource", "NSBitmapImageRep",
        "IBClassReference", "NSButtonImageSource", "NSCursor", "UINib", "NSNib", "NSIBObjectData",
        "UITraitCollection", "_UITraitStorageList", "UIButtonContent",
    ]

    /// True for Foundation/value classes that become property values, not objects.
    static func isPlumbing(_ className: String) -> Bool {
        plumbingClasses.contains(className) || isConnection(className) || className.hasPrefix("$")
    }

    /// True for connection and connector classes (§3.3, §4.4).
    static func isConnection(_ className: String) -> Bool {
        className.hasPrefix("UIRuntime") || className == "UINibKeyValuePair"
            || (className.hasPrefix("NS") && className.hasSuffix("Connector"))
    }

    /// True when `object` is, or falls back to, a class named `name` (its own class, the class
    /// chain of a keyed archive, or the original class of a class swapper).
    static func object(_ object: ArchivedObject, is name: String, in graph: ObjectGraph) -> Bool {
        // A storyboard's design-time stand-in (`IBNSWindowController`) is its class too.
        if object.className == name || object.className == "IB" + name || object.classChain.contains(name) { return true }
        for key in ["UIOriginalClassName", "NSOriginalClassName"] {
            if let original = graph.string(object[key]), original == name || original == "IB" + name { return true }
        }
        return false
    }

    /// Keys whose values (an object or a collection of objects) are an object's children in the
    /// Interface Builder outline, in the order children are listed. Back-references
    /// (`UISuperview`, `NSNextResponder`, a menu item's `NSMenu`) are deliberately absent.
    static let childKeys: [String] = [
        // Controllers (§5.2): the view, bars, items, contained controllers, segue templates.
        "IBWindowTemplate", "IBWindowTemplateContentViewController", "UIView", "UINavigationBar",
        "UIToolbar", "UITabBar", "UINavigationItem", "UITabBarItem", "UIToolbarItems", "UIViewControllers",
        "UIChildViewControllers",
        "UIStoryboardSegueTemplates",
        // Bar items.
        "UITitleView", "UILeftBarButtonItems", "UILeftBarButtonItem", "UIRightBarButtonItems",
        "UIRightBarButtonItem", "UIBackBarButtonItem", "UIItems", "UICustomView",
        // Windows and containers (AppKit).
        "NSWindowView", "NSContentView", "NSHeaderClipView", "NSCornerView", "NSDocView", "NSHeaderView",
        "NSTableColumns", "NSHeaderCell", "NSDataCell", "NSTabViewItems", "NSView",
        // Tables (static UITableView content), then the view tree itself.
        "UITableHeaderView", "UITableSections", "UITableSectionRows", "UISubviews", "NSSubviews",
        "UITableFooterView", "UICollectionLayout", "NSVScroller", "NSHScroller",
        // Cells and menus (AppKit).
        "NSCell", "NSCells", "NSTitleCell", "NSSearchButtonCell", "NSCancelButtonCell", "NSMenu",
        "NSMenuItems", "NSSubmenu",
        // Constraints last, as Interface Builder lists them after the subviews.
        "UIViewAutolayoutConstraints", "NSViewConstraints",
        // A view's layout guides that constraints use (the safe area), after its constraints as a
        // xib lists them.
        "NSViewLayoutGuides",
    ]

    /// Child keys that are back-references on some classes: a navigation item's bar, a navigation
    /// or tab bar's items (the items belong to their controllers), a menu item's menu.
    static func skipsChildKey(_ key: String, of object: ArchivedObject, in graph: ObjectGraph) -> Bool {
        switch key {
        case "UINavigationBar": return Self.object(object, is: "UINavigationItem", in: graph)
        case "UIItems":
            return Self.object(object, is: "UINavigationBar", in: graph) || Self.object(object, is: "UITabBar", in: graph)
        case "NSMenu": return Self.object(object, is: "NSMenuItem", in: graph)
        case "UIView": return !(object.className.contains("Controller") || object.className == "UIClassSwapper")
        case "NSView": return !Self.object(object, is: "NSTabViewItem", in: graph)
        default: return false
        }
    }

    /// Intermediate objects that are not Interface Builder objects but lead to one: a static
    /// table row leads to its cell.
    static let passThrough: [String: String] = ["UITableViewRow": "UITableRowCell"]
}
