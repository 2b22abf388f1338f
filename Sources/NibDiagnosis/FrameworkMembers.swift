/// What the checks assume Apple's frameworks declare, so that a connection to an inherited
/// framework property or action is not reported as undeclared: sources read by `why` declare the
/// app's classes only. The lists hold the outlets and actions Interface Builder offers on
/// UIKit and AppKit classes that nibs connect most (UIViewController, UITableViewCell,
/// NSWindowController, NSViewController, NSWindow, NSApplication, controls and views; from
/// Apple's class references). A label in these lists is accepted for any class whose superclass
/// chain ends in a framework class; that can hide a stale connection that happens to share a
/// framework name, never report a false one.
enum FrameworkMembers {
    /// Properties of framework classes that nibs set as outlets.
    static let outlets: Set<String> = [
        // UIKit / AppKit view controllers and windows
        "view", "window", "contentView", "contentViewController", "windowController", "document",
        "navigationItem", "tabBarItem", "toolbarItems", "searchDisplayController", "splitViewController",
        "tableView", "collectionView", "searchBar", "refreshControl", "inputView", "inputAccessoryView",
        "representedObject", "nextResponder", "storyboard", "viewController", "parentWindow", "sourceItemView",
        // delegates and data
        "delegate", "dataSource", "target", "formatter", "menu", "content", "contentArray", "contentSet",
        "prefetchDataSource", "dragDelegate", "dropDelegate",
        // cells and views
        "textLabel", "detailTextLabel", "imageView", "accessoryView", "editingAccessoryView", "backgroundView",
        "selectedBackgroundView", "multipleSelectionBackgroundView", "textField", "gestureRecognizers",
        "tableHeaderView", "tableFooterView", "documentView", "headerView", "cornerView", "verticalScroller",
        "horizontalScroller", "outlineTableColumn", "titleView", "leftBarButtonItem", "rightBarButtonItem",
        "backBarButtonItem", "leftBarButtonItems", "rightBarButtonItems", "customView", "popover",
        // AppKit windows, menus and key views
        "initialFirstResponder", "nextKeyView", "previousKeyView", "defaultButtonCell", "toolbar", "touchBar",
        "mainMenu", "servicesMenu", "windowsMenu", "helpMenu", "dockMenu", "accessoryView", "drawer",
        "selectionSegueTemplate", "splitView", "splitViewItems", "tabViewItems", "subviews", "selectedItem",
        "stringValue", "objectValue", "title", "image", "enabled", "hidden", "tag", "state",
    ]

    /// Action methods of framework classes that nibs target directly (not through First Responder).
    static let actions: Set<String> = [
        "showWindow:", "close", "performClose:", "performMiniaturize:", "performZoom:", "orderFront:", "orderOut:",
        "orderBack:", "makeKeyAndOrderFront:", "toggleToolbarShown:", "runToolbarCustomizationPalette:",
        "toggleFullScreen:", "toggleSidebar:", "dismissController:", "presentViewControllerAsSheet:",
        "terminate:", "hide:", "hideOtherApplications:", "unhideAllApplications:", "orderFrontStandardAboutPanel:",
        "orderFrontCharacterPalette:", "arrangeInFront:", "miniaturizeAll:", "showHelp:",
        "takeStringValueFrom:", "takeIntValueFrom:", "takeIntegerValueFrom:", "takeDoubleValueFrom:",
        "takeFloatValueFrom:", "takeObjectValueFrom:", "performClick:", "selectAll:", "deselectAll:", "copy:",
        "cut:", "paste:", "delete:", "undo:", "redo:", "print:", "runPageLayout:", "add:", "remove:", "insert:",
        "fetch:", "selectNext:", "selectPrevious:", "newDocument:", "openDocument:", "saveDocument:",
        "saveDocumentAs:", "revertDocumentToSaved:", "performFindPanelAction:", "performTextFinderAction:",
        "checkSpelling:", "showGuessPanel:", "toggleContinuousSpellChecking:", "startSpeaking:", "stopSpeaking:",
        "sizeToFit", "cancelOperation:", "ok:", "cancel:", "selectTabViewItem:", "takeSelectedTabViewItemFromSender:",
        "selectFirstTabViewItem:", "selectLastTabViewItem:", "selectNextTabViewItem:", "selectPreviousTabViewItem:",
        "dismissViewControllerAnimated:completion:", "setNeedsDisplay", "reloadData",
    ]

    /// Key paths of user-defined runtime attributes that framework classes accept (`layer` and
    /// everything under it, accessibility, common view properties).
    static let runtimeKeys: Set<String> = [
        "layer", "accessibilityIdentifier", "accessibilityLabel", "accessibilityHint", "tag", "hidden", "alpha",
        "cornerRadius", "clipsToBounds", "masksToBounds", "backgroundColor", "tintColor", "textColor", "font",
        "title", "text", "image", "enabled", "selected", "identifier", "contentMode", "translatesAutoresizingMaskIntoConstraints",
    ]

    /// Class-name prefixes of Apple's frameworks: a custom class with one of these, declared in no
    /// source, is a framework class, not an unknown one.
    static let prefixes = ["NS", "UI", "WK", "MK", "AV", "SK", "SCN", "PK", "CL", "GLK", "MTK", "QL", "IK", "PDF",
                           "AB", "CN", "EK", "GK", "HK", "MF", "MP", "PH", "SF", "CA", "IB", "WebView", "ASAuthorization",
                           "QC", "CB", "SL", "VN", "AR", "RP", "LP", "MTL", "INUI"]

    /// True when `name` looks like an Apple framework class (`NSTextField`, `WKWebView`).
    static func isFrameworkClass(_ name: String) -> Bool {
        for p in prefixes where name.hasPrefix(p) {
            let rest = name.dropFirst(p.count)
            if rest.isEmpty || rest.first!.isUppercase || p == "WebView" { return true }
        }
        return false
    }

    /// True when `base` names a view controller class of UIKit or AppKit, whose nib's File's
    /// Owner must connect `view`.
    static func isViewController(_ base: String?) -> Bool {
        guard let base else { return false }
        return ["UIViewController", "UITableViewController", "UICollectionViewController", "NSViewController",
                "UIInputViewController", "UIPageViewController", "NSTitlebarAccessoryViewController",
                "NSSplitViewController", "NSTabViewController", "SLComposeServiceViewController"].contains(base)
    }
}
