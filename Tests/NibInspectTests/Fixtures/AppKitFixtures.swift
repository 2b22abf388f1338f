import ArchiveReader

/// A hand-made AppKit preferences nib (nib-format.md §4) in the three shapes the readers
/// produce: keyed archive (`$top` root, inline strings, `NS.objects` arrays, names table),
/// NIBArchive (`IB.objectdata` root, inlined collections, no names table, §4.3) and typedstream
/// (`$top` root, inline arrays). Covers every AppKit connector class of §4.4.
enum AppKitFixtures {
    static func preferences(_ style: GraphBuilder.Style) -> ObjectGraph {
        var b = GraphBuilder(style)
        let nibRoot = style == .nibArchive ? b.add("NSObject") : nil
        let owner = b.add("NSCustomObject", [("NSClassName", b.string("PreferencesController"))])
        let app = b.add("NSCustomObject", [("NSClassName", b.string("NSApplication"))])
        let defaults = b.add("NSUserDefaultsController", [("NSSharedInstance", .bool(true))])
        let reference = b.add("IBClassReference", [("IBClassName", b.string("AppDelegate")), ("IBModuleName", b.string("Desktop"))])
        let delegate = b.add("NSCustomObject", [("NSClassName", b.string("_TtC7Desktop11AppDelegate")), ("IBClassReference", reference)])
        let external = b.add("NSNibExternalObjectPlaceholder", [("NSExternalObjectPlaceholderIdentifier", b.string("SharedSettings"))])
        let contentView = b.add("NSView", [("NSFrameSize", b.string("{480, 270}"))])
        let window = b.add("NSWindowTemplate", [
            ("NSWindowTitle", b.string("Preferences")), ("NSWindowClass", b.string("NSPanel")),
            ("NSWindowRect", b.string("{{196, 240}, {480, 270}}")), ("NSWindowView", contentView),
            ("NSFrameAutosaveName", b.string("PrefsWindow")),
        ])
        let okCell = b.add("NSButtonCell", [("NSContents", b.string("OK")), ("NSKeyEquivalent", b.string("\r"))])
        let okButton = b.add("NSButton", [("NSFrame", b.string("{{380, 20}, {80, 32}}")), ("NSCell", okCell),
                                          ("NSSuperview", contentView), ("NSEnabled", .bool(true))])
        b.set(okCell, "NSControlView", okButton)
        let font = b.add("NSFont", [("NSName", b.string(".AppleSystemUIFont")), ("NSSize", .double(13))])
        let color = b.add("NSColor", [("NSColorSpace", .int(6)), ("NSCatalogName", b.string("System")),
                                      ("NSColorName", b.string("controlTextColor"))])
        let nameCell = b.add("NSTextFieldCell", [("NSContents", b.string("")), ("NSPlaceholderString", b.string("Your name")),
                                                 ("NSSupport", font), ("NSTextColor", color)])
        let nameField = b.add("NSTextField", [("NSCell", nameCell), ("NSSuperview", contentView)])
        let sidebar = b.add("NSClassSwapper", [
            ("NSClassName", b.string("_TtCC7Desktop10MainWindow7Sidebar")), ("NSOriginalClassName", b.string("NSView")),
            ("NSFrame", b.string("{{0, 0}, {120, 270}}")), ("NSSuperview", contentView),
        ])
        b.set(contentView, "NSSubviews", b.array([okButton, nameField, sidebar], className: "NSMutableArray"))
        let quit = b.add("NSMenuItem", [("NSTitle", b.string("Quit")), ("NSKeyEquiv", b.string("q")),
                                        ("NSKeyEquivModMask", .int(1 << 20))])
        let separator = b.add("NSMenuItem", [("NSTitle", b.string("")), ("NSIsSeparator", .bool(true))])
        let appMenu = b.add("NSMenu", [("NSTitle", b.string("App")), ("NSMenuItems", b.array([quit, separator], className: "NSMutableArray"))])
        let appItem = b.add("NSMenuItem", [("NSTitle", b.string("App")), ("NSSubmenu", appMenu)])
        let menu = b.add("NSMenu", [("NSTitle", b.string("Main Menu")), ("NSName", b.string("_NSMainMenu")),
                                    ("NSMenuItems", b.array([appItem], className: "NSMutableArray"))])
        for item in [quit, separator] { b.set(item, "NSMenu", appMenu) }
        b.set(appItem, "NSMenu", menu)

        let chain = ["NSNibConnector"]
        func connector(_ cls: String, _ fields: [(String, ArchiveValue)]) -> ArchiveValue {
            b.add(cls, fields, chain: cls == "NSNibConnector" ? [] : chain)
        }
        let connections = [
            connector("NSNibOutletConnector", [("NSSource", owner), ("NSDestination", window), ("NSLabel", b.string("window"))]),
            connector("NSNibOutletConnector", [("NSSource", app), ("NSDestination", delegate), ("NSLabel", b.string("delegate"))]),
            connector("NSNibOutletConnector", [("NSSource", owner), ("NSDestination", external), ("NSLabel", b.string("settings"))]),
            connector("NSNibControlConnector", [("NSSource", okButton), ("NSDestination", owner), ("NSLabel", b.string("save:"))]),
            connector("NSNibControlConnector", [("NSSource", quit), ("NSLabel", b.string("terminate:"))]),
            connector("NSNibBindingConnector", [
                ("NSSource", nameField), ("NSDestination", defaults), ("NSLabel", b.string("value: values.userName")),
                ("NSBinding", b.string("value")), ("NSKeyPath", b.string("values.userName")),
                ("NSOptions", b.dictionary([(b.string("NSContinuouslyUpdatesValue"), b.number(1))])),
                ("NSNibBindingConnectorVersion", .int(2)),
            ]),
            connector("NSIBUserDefinedRuntimeAttributesConnector", [
                ("NSObject", sidebar), ("NSKeyPaths", b.array([b.string("cornerRadius"), b.string("caption")])),
                ("NSValues", b.array([b.number(6), b.string("Side")])),
            ]),
            connector("NSIBHelpConnector", [("NSDestination", okButton), ("NSFile", b.string("Help")), ("NSMarker", b.string("prefs"))]),
            connector("NSNibConnector", [("NSSource", contentView), ("NSLabel", b.string("Encoding NSStackView requires being decoded first"))]),
            connector("NSNibOutletConnector", [("NSSource", owner), ("NSDestination", .null), ("NSLabel", b.string("oldOutlet"))]),
        ]
        let accessibility = connector("NSNibAXAttributeConnector", [
            ("AXDestinationArchiveKey", okButton), ("AXAttributeTypeArchiveKey", b.string("AXDescription")),
            ("AXAttributeValueArchiveKey", b.string("Save preferences")),
        ])
        let parentTable: [(ArchiveValue, ArchiveValue)] = [
            (window, owner), (menu, owner), (app, owner), (defaults, owner), (delegate, owner), (external, owner),
            (contentView, window), (okButton, contentView), (okCell, okButton), (nameField, contentView),
            (nameCell, nameField), (sidebar, contentView), (appItem, menu), (appMenu, appItem), (quit, appMenu),
            (separator, appMenu),
        ]
        var fields: [(String, ArchiveValue)] = [
            ("NSRoot", owner),
            ("NSVisibleWindows", b.array([window], className: "NSMutableSet")),
            ("NSConnections", b.array(connections, className: "NSMutableArray")),
            ("NSObjectsKeys", b.array(parentTable.map(\.0))), ("NSObjectsValues", b.array(parentTable.map(\.1))),
            ("NSOidsKeys", b.array(parentTable.map(\.0))),
            ("NSOidsValues", b.array((0..<parentTable.count).map { b.number(Int64($0 + 1)) })),
            ("NSAccessibilityConnectors", b.array([accessibility], className: "NSMutableArray")),
        ]
        if style != .nibArchive {
            let named: [(ArchiveValue, String)] = [(owner, "File's Owner"), (app, "Application"),
                                                   (window, "Window (Preferences)"), (menu, "MainMenu"), (sidebar, "Sidebar")]
            fields.append(("NSNamesKeys", b.array(named.map(\.0))))
            fields.append(("NSNamesValues", b.array(named.map { b.string($0.1) })))
        }
        let data = b.add("NSIBObjectData", fields)
        if let nibRoot {
            b.set(nibRoot, "IB.objectdata", data)
            b.set(nibRoot, "IB.systemFontUpdateVersion", .int(1))
            return b.graph(root: nibRoot)
        }
        return b.graph(topFields: [("IB.objectdata", data)])
    }
}
