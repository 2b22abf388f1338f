import ArchiveReader

/// The macOS main menu of Samples/MainMenu.xib (nib-format.md §4.2–4.5): File's Owner
/// (`NSApplication`), Application, an `AppDelegate` (Swift class in module `MenuDemo`) that File's
/// Owner's `delegate` outlet points at, a window the delegate's `window` outlet points at, and menu
/// items whose actions go to First Responder (nil target, no `NSDestination`) or to the delegate.
///
/// `keyed` adds what only the keyed-archive form carries (`NSNamesKeys`/`NSNamesValues`,
/// `NSFramework`, `NSNextOid`), as Xcode writes `keyedobjects.nib` for deployment targets before
/// 10.13 next to the coder-10 NIBArchive `keyedobjects-101300.nib` (§8.1).
func mainMenuGraph(keyed: Bool) -> ObjectGraph {
    var b = NibGraphBuilder()
    func customObject(_ className: String, reference: String) -> ObjectRef {
        let refName = b.string(reference)
        let classRef = b.add("IBClassReference", ["IBClassName": refName, "IBModuleName": .null, "IBModuleProvider": .null])
        let name = b.string(className)
        return b.add("NSCustomObject", ["IBClassReference": .object(classRef), "NSClassName": name])
    }
    let owner = customObject("NSApplication", reference: "NSApplication")
    let application = customObject("NSApplication", reference: "NSObject")
    let delegateClass = b.string(SwiftNames.mangledClassName(module: "MenuDemo", names: ["AppDelegate"]))
    let nsObject = b.string("NSObject")
    let delegate = b.add("NSClassSwapper", [
        "NSClassName": delegateClass, "NSOriginalClassName": nsObject, "NSInitializeWithInit": .bool(true),
    ])

    // Menus: create each menu first, then its items (items point back at their menu).
    func menu(_ title: String, name: String?) -> ObjectRef {
        let t = b.string(title)
        var fields = [ArchiveField("NSTitle", t)]
        if let name {
            let n = b.string(name)
            fields.append(ArchiveField("NSName", n))
        }
        return b.add("NSMenu", fields: fields)
    }
    func item(_ title: String, in menu: ObjectRef, key: String = "", modifiers: Int64 = 1_048_576,
              submenu: ObjectRef? = nil, separator: Bool = false) -> ObjectRef {
        let t = b.string(title), k = b.string(key)
        var fields = [ArchiveField("NSMenu", .object(menu)), ArchiveField("NSTitle", t), ArchiveField("NSKeyEquiv", k)]
        if !key.isEmpty { fields.append(ArchiveField("NSKeyEquivModMask", .int(modifiers))) }
        fields.append(ArchiveField("NSMnemonicLoc", .int(2_147_483_647)))
        if separator { fields.append(ArchiveField("NSIsSeparator", .bool(true))) }
        if let submenu {
            let a = b.string("submenuAction:")
            fields.append(ArchiveField("NSAction", a))
            fields.append(ArchiveField("NSTarget", .object(submenu)))
            fields.append(ArchiveField("NSSubmenu", .object(submenu)))
        }
        return b.add("NSMenuItem", fields: fields)
    }
    func setItems(_ items: [ObjectRef], of menu: ObjectRef) {
        let list = b.array(items, className: "NSMutableArray")
        b.append("NSMenuItems", list, to: menu)
    }

    let mainMenu = menu("Main Menu", name: "_NSMainMenu")
    let appMenu = menu("MenuDemo", name: "_NSAppleMenu")
    let fileMenu = menu("File", name: nil)
    let appItem = item("MenuDemo", in: mainMenu, submenu: appMenu)
    let fileItem = item("File", in: mainMenu, submenu: fileMenu)
    setItems([appItem, fileItem], of: mainMenu)
    let about = item("About MenuDemo", in: appMenu)
    let separator = item("", in: appMenu, separator: true)
    let preferences = item("Preferences…", in: appMenu, key: ",")
    let quit = item("Quit MenuDemo", in: appMenu, key: "q")
    setItems([about, separator, preferences, quit], of: appMenu)
    let new = item("New", in: fileMenu, key: "n")
    let open = item("Open…", in: fileMenu, key: "o")
    let refresh = item("Refresh Feeds", in: fileMenu, key: "r")
    setItems([new, open, refresh], of: fileMenu)

    // The window, visible at launch.
    let frameSize = b.string("{480, 270}")
    let contentView = b.add("NSView", ["NSNextResponder": .null, "NSvFlags": .int(256), "NSFrameSize": frameSize])
    let rect = b.string("{{196, 240}, {480, 270}}"), title = b.string("MenuDemo")
    let windowClass = b.string("NSWindow"), screen = b.string("{{0, 0}, {1440, 875}}")
    let window = b.add("NSWindowTemplate", [
        "NSWindowStyleMask": .int(15), "NSWindowBacking": .int(2), "NSWindowRect": rect,
        "NSWTFlags": .int(1_618_477_056), "NSWindowTitle": title, "NSWindowClass": windowClass,
        "NSWindowView": .object(contentView), "NSScreenRect": screen,
    ])

    func outlet(_ label: String, _ source: ObjectRef, _ destination: ObjectRef) -> ObjectRef {
        let l = b.string(label)
        return b.add("NSNibOutletConnector", ["NSSource": .object(source), "NSDestination": .object(destination),
                                              "NSLabel": l, "NSChildControllerCreationSelectorName": .null])
    }
    /// An action; `target` nil = First Responder (no `NSDestination`, §4.4).
    func action(_ selector: String, _ source: ObjectRef, _ target: ObjectRef?) -> ObjectRef {
        var fields = [ArchiveField("NSSource", .object(source))]
        if let target { fields.append(ArchiveField("NSDestination", .object(target))) }
        let l = b.string(selector)
        fields.append(ArchiveField("NSLabel", l))
        return b.add("NSNibControlConnector", fields: fields)
    }
    let connections = [
        outlet("delegate", owner, delegate),
        outlet("window", delegate, window),
        action("orderFrontStandardAboutPanel:", about, application),
        action("showPreferences:", preferences, delegate),
        action("terminate:", quit, nil),
        action("newDocument:", new, nil),
        action("openDocument:", open, nil),
        action("refreshFeeds:", refresh, delegate),
    ]

    let parents: [(child: ObjectRef, parent: ObjectRef)] = [
        (application, owner), (delegate, owner), (mainMenu, owner), (window, owner),
        (appItem, mainMenu), (fileItem, mainMenu), (appMenu, appItem), (fileMenu, fileItem),
        (about, appMenu), (separator, appMenu), (preferences, appMenu), (quit, appMenu),
        (new, fileMenu), (open, fileMenu), (refresh, fileMenu), (contentView, window),
    ]
    let oidObjects = [owner, application, delegate, mainMenu, appItem, fileItem, appMenu, fileMenu, about, separator,
                      preferences, quit, new, open, refresh, window, contentView] + connections
    let objectData = b.ibObjectData(root: owner, visibleWindows: [window], connections: connections,
                                    parents: parents, oids: oidObjects)
    if keyed {
        // The keyed form keeps IB's names table (§4.2): File's Owner, Application, user labels.
        let named: [(ObjectRef, String)] = [
            (owner, "File's Owner"), (application, "Application"), (delegate, "App Delegate"),
            (mainMenu, "Main Menu"), (window, "Window"), (appMenu, "Menu (MenuDemo)"), (fileMenu, "Menu (File)"),
        ]
        let keys = b.array(named.map(\.0))
        var nameValues: [ArchiveValue] = []
        for (_, name) in named { nameValues.append(b.string(name)) }
        let values = b.array(nameValues)
        let framework = b.string("IBCocoaFramework")
        b.append(["NSNamesKeys": keys, "NSNamesValues": values, "NSFramework": framework,
                  "NSNextOid": .int(Int64(oidObjects.count + 1))], to: objectData)
    }
    b.setMacOSRoot(objectData: objectData)
    return b.graph(coderVersion: 10)
}
