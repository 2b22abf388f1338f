import ArchiveReader

/// Hand-built resolved documents covering every edge kind, placeholders, unresolved connections,
/// hierarchy and awkward label text.
enum Fixtures {
    static func id(_ n: Int) -> ObjectID { ObjectID("#\(n)") }

    /// An iOS login screen: File's Owner (`LoginViewController`), First Responder, a view with
    /// two text fields, two buttons and a label; outlets, an outlet collection, a targeted and a
    /// nil-targeted action, an unresolved outlet (dangling destination) and an unresolved action
    /// (no source).
    static var login: NibDocument {
        let objects = [
            NibObject(id: id(1), className: "UIProxyObject", customClass: "LoginViewController", customModule: "Login",
                      placeholder: Placeholder(kind: .filesOwner, identifier: "IBFilesOwner")),
            NibObject(id: id(2), className: "UIProxyObject",
                      placeholder: Placeholder(kind: .firstResponder, identifier: "IBFirstResponder")),
            NibObject(id: id(3), className: "UIView", children: [id(4), id(5), id(6), id(7), id(8)]),
            NibObject(id: id(4), className: "UITextField", name: "Username", parent: id(3)),
            NibObject(id: id(5), className: "UITextField", name: "Password", parent: id(3)),
            NibObject(id: id(6), className: "UIButton", customClass: "PrimaryButton", customModule: "Login",
                      name: "Sign In", parent: id(3)),
            NibObject(id: id(7), className: "UILabel", name: "Wrong password, please try again later", parent: id(3)),
            NibObject(id: id(8), className: "UIButton", name: "Forgot?", parent: id(3)),
            NibObject(id: id(9), className: "UITapGestureRecognizer"),
        ]
        let connections = [
            Connection(kind: .outlet, source: id(1), destination: id(3), label: "view"),
            Connection(kind: .outlet, source: id(1), destination: id(4), label: "usernameField"),
            Connection(kind: .outlet, source: id(1), destination: id(5), label: "passwordField"),
            Connection(kind: .outlet, source: id(1), destination: id(7), label: "errorLabel"),
            Connection(kind: .outletCollection, source: id(1), destination: nil, label: "fields",
                       members: [id(4), id(5)], collectionClass: "NSArray"),
            Connection(kind: .action, source: id(6), destination: id(1), label: "signIn:",
                       controlEvents: ControlEvents(rawValue: 0x40)),
            Connection(kind: .action, source: id(8), destination: nil, label: "showHelp:",
                       controlEvents: ControlEvents(rawValue: 0x40 | 0x1), isNilTargeted: true),
            Connection(kind: .action, source: id(9), destination: id(1), label: "dismissKeyboard"),
            Connection(kind: .outlet, source: id(1), destination: id(99), label: "spinner",
                       unresolved: Diagnostic(.unresolvedDestination, "destination #99 is not an object of this nib")),
            Connection(kind: .action, source: nil, destination: id(1), label: "cancel:",
                       unresolved: Diagnostic(.unresolvedSource, "source reference out of range")),
            Connection(kind: .runtimeAttribute, source: id(6), destination: nil, label: "layer.cornerRadius",
                       keyPath: "layer.cornerRadius", value: .double(8)),
            Connection(kind: .runtimeAttribute, source: id(4), destination: nil, label: "nextField",
                       keyPath: "nextField", value: .object(id(5))),
            Connection(kind: .accessibility, source: id(8), destination: nil, label: "accessibilityHint",
                       value: .string("Opens help")),
            Connection(kind: .other, source: id(3), destination: id(9), label: "gestureRecognizers"),
        ]
        return NibDocument(name: "LoginViewController.nib", platform: .iOS, format: .nibArchive,
                           objects: objects, topLevelObjects: [id(3), id(9)], connections: connections)
    }

    /// A macOS window with Cocoa bindings to an array controller and the shared user defaults,
    /// a menu, and a nil-targeted menu action to the document's First Responder.
    static var preferences: NibDocument {
        let objects = [
            NibObject(id: id(1), className: "NSObject", customClass: "PreferencesController",
                      placeholder: Placeholder(kind: .filesOwner, identifier: "NSRoot")),
            NibObject(id: id(2), className: "NSObject", placeholder: Placeholder(kind: .firstResponder, identifier: "FirstResponder")),
            NibObject(id: id(3), className: "NSApplication", placeholder: Placeholder(kind: .application, identifier: "NSApplication")),
            NibObject(id: id(10), className: "NSWindow", name: "Preferences", children: [id(11)]),
            NibObject(id: id(11), className: "NSView", parent: id(10), children: [id(12), id(13)]),
            NibObject(id: id(12), className: "NSTextField", name: "Name field", parent: id(11)),
            NibObject(id: id(13), className: "NSButton", name: "Show badge", parent: id(11)),
            NibObject(id: id(20), className: "NSArrayController", name: "People"),
            NibObject(id: id(21), className: "NSUserDefaultsController", name: "Shared User Defaults Controller"),
            NibObject(id: id(30), className: "NSMenu", name: "Edit", children: [id(31)]),
            NibObject(id: id(31), className: "NSMenuItem", name: "Copy", parent: id(30)),
        ]
        let connections = [
            Connection(kind: .outlet, source: id(1), destination: id(10), label: "window"),
            Connection(kind: .binding, source: id(12), destination: id(20), label: "value",
                       keyPath: "selection.name", options: ["NSContinuouslyUpdatesValue": "YES"]),
            Connection(kind: .binding, source: id(13), destination: id(21), label: "value", keyPath: "values.showBadge"),
            Connection(kind: .action, source: id(31), destination: id(2), label: "copy:", isNilTargeted: true),
            Connection(kind: .outlet, source: id(3), destination: id(1), label: "delegate"),
            Connection(kind: .accessibility, source: id(13), destination: nil, label: "AXDescription",
                       value: .string("Badge")),
        ]
        return NibDocument(name: "Preferences.nib", platform: .macOS, format: .keyedArchiveBinary,
                           objects: objects, topLevelObjects: [id(10), id(20), id(21), id(30)], connections: connections)
    }

    /// Names that need escaping: quotes, backslashes and Graphviz escapes, newlines, HTML-ish
    /// and record-ish characters, entities, control characters and non-ASCII text.
    static let awkwardNames = [
        "Say \"hi\"",
        "C:\\Users\\N \\N \\G",
        "two\nlines\r\n",
        "<b>{a|b}</b> & &amp; &lt;",
        "tab\there\u{7}bell",
        "Ünïcødé 日本語 👋🏽 مرحبا",
    ]

    static var escaping: NibDocument {
        var objects = [NibObject(id: id(1), className: "NSObject", customClass: "Weird\"Owner\\",
                                 placeholder: Placeholder(kind: .filesOwner, identifier: "IBFilesOwner"))]
        var connections: [Connection] = []
        for (i, name) in awkwardNames.enumerated() {
            objects.append(NibObject(id: id(i + 2), className: "UILabel", name: name))
            connections.append(Connection(kind: .outlet, source: id(1), destination: id(i + 2), label: "label_\(i) \"x\""))
        }
        return NibDocument(name: "Awkward \"name\".nib", platform: .iOS, format: .nibArchive,
                           objects: objects, connections: connections)
    }

    /// A scene nib with a segue to another scene by name and an embed to an object in the nib.
    static var sceneWithSegues: NibDocument {
        let objects = [
            NibObject(id: id(1), className: "UIProxyObject", placeholder: Placeholder(kind: .storyboard, identifier: "UIStoryboardPlaceholder")),
            NibObject(id: id(2), className: "UIViewController", customClass: "LoginViewController"),
            NibObject(id: id(3), className: "UIButton", name: "Sign In"),
        ]
        let connections = [
            Connection(kind: .segue, source: id(3), destination: nil, label: "show",
                       segue: Segue(kind: "show", identifier: "showHome", destinationScene: "Home")),
            Connection(kind: .segue, source: id(2), destination: nil, label: "presentation",
                       segue: Segue(kind: "presentation"), unresolved: Diagnostic(.unresolvedDestination, "destination scene not named")),
            Connection(kind: .outlet, source: id(2), destination: id(3), label: "signInButton"),
        ]
        return NibDocument(name: "UIViewController-abc-12-xyz.nib", platform: .iOS, format: .nibArchive,
                           objects: objects, topLevelObjects: [id(2)], connections: connections)
    }

    /// A storyboard: a navigation controller (entry point) with a root scene, a show segue, a
    /// modal segue to a scene in another storyboard and a segue whose destination is unknown.
    static var storyboard: StoryboardSummary {
        StoryboardSummary(
            name: "Main.storyboardc", platform: .iOS, entryPoint: "UINavigationController-a1",
            scenes: [
                .init(identifier: "UINavigationController-a1", nibName: "UINavigationController-a1",
                      controllerClass: "UINavigationController"),
                .init(identifier: "Login", nibName: "Login", controllerClass: "LoginViewController",
                      documents: ["Login.nib"]),
                .init(identifier: "Home", nibName: "Home", controllerClass: "HomeViewController"),
            ],
            segues: [
                .init(from: "UINavigationController-a1", to: "Login",
                      segue: Segue(kind: "relationship", relationship: "rootViewController")),
                .init(from: "Login", to: "Home", segue: Segue(kind: "show", identifier: "showHome")),
                .init(from: "Home", to: "Settings", segue: Segue(kind: "presentation", identifier: "settings")),
                .init(from: "Home", to: nil, segue: Segue(kind: "custom", segueClass: "FadeSegue")),
            ])
    }
}
