import ArchiveReader

/// Hand-made UIKit graphs (nib-format.md §3): a login screen nib in NIBArchive form and a
/// storyboard scene pair (controller scene + view nib with upstream placeholders, §5.2).
enum UIKitFixtures {
    /// `Login.nib`: File's Owner without a class, First Responder, an external object; a custom
    /// root view (Swift mangled class) with a label, a text field, three buttons and a constraint.
    /// Connections: outlets, an outlet collection, actions (File's Owner and First Responder
    /// targets, an unknown event bit), accessibility, a runtime attribute, and one outlet whose
    /// source the archive leaves nil.
    static func login() -> ObjectGraph {
        var b = GraphBuilder(.nibArchive)
        let root = b.add("NSObject")
        let owner = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("IBFilesOwner"))])
        let responder = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("IBFirstResponder"))])
        let model = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("LoginModel"))])
        let white = b.add("UIColor", [("UISystemColorName", b.string("systemBackgroundColor"))])
        let view = b.add("UIClassSwapper", [
            ("UIClassName", b.string("_TtC8LoginKit9LoginView")), ("UIOriginalClassName", b.string("UIView")),
            ("UIBounds", GraphBuilder.geometry(0, 0, 375, 667)), ("UICenter", GraphBuilder.geometry(187.5, 333.5)),
            ("UIBackgroundColor", white),
        ])
        let font = b.add("UIFont", [("UIFontName", b.string("Helvetica-Bold")), ("UIFontPointSize", .double(24))])
        let label = b.add("UILabel", [
            ("UIBounds", GraphBuilder.geometry(0, 0, 200, 30)), ("UICenter", GraphBuilder.geometry(187.5, 100)),
            ("UIText", b.string("Welcome")), ("UIFont", font),
            ("UITextColor", b.add("UIColor", [("UIRed", .float(1)), ("UIGreen", .float(0.5)), ("UIBlue", .float(0)), ("UIAlpha", .float(1))])),
        ])
        let email = b.add("UITextField", [("UIPlaceholder", b.string("Email")), ("UITag", .int(7))])
        let content = b.add("UIButtonContent", [("UITitle", b.string("Sign In"))])
        let signIn = b.add("UIButton", [("UIButtonStatefulContent", b.dictionary([(b.number(0), content)]))])
        let optionA = b.add("UIButton", [("UIHidden", .bool(true)), ("UITag", .int(1))])
        let optionB = b.add("UIButton", [("UITag", .int(2)), ("UIImage", b.add("UIImageNibPlaceholder", [("UIResourceName", b.string("star"))]))])
        let constraint = b.add("NSLayoutConstraint", [
            ("NSFirstItem", label), ("NSFirstAttribute", .int(5)), ("NSSecondItem", view), ("NSSecondAttribute", .int(5)),
            ("NSConstant", .double(20)),
        ])
        b.set(view, "UISubviews", b.array([label, email, signIn, optionA, optionB], className: "NSMutableArray"))
        b.set(view, "UIViewAutolayoutConstraints", b.array([constraint], className: "NSMutableArray"))
        for sub in [label, email, signIn, optionA, optionB] { b.set(sub, "UISuperview", view) }

        var connections: [ArchiveValue] = []
        func outlet(_ name: String, _ source: ArchiveValue, _ destination: ArchiveValue) -> ArchiveValue {
            b.add("UIRuntimeOutletConnection", [("UILabel", b.string(name)), ("UISource", source), ("UIDestination", destination)])
        }
        connections.append(outlet("view", owner, view))
        connections.append(outlet("titleLabel", owner, label))
        connections.append(outlet("emailField", owner, email))
        connections.append(outlet("model", owner, model))
        connections.append(outlet("delegate", email, owner))
        connections.append(b.add("UIRuntimeOutletCollectionConnection", [
            ("UILabel", b.string("optionButtons")), ("UISource", owner), ("UIDestination", b.array([optionA, optionB])),
            ("runtimeCollectionClassName", b.string("NSArray")), ("addsContentToExistingCollection", .bool(false)),
        ]))
        connections.append(b.add("UIRuntimeEventConnection", [
            ("UILabel", b.string("signIn:")), ("UISource", signIn), ("UIDestination", owner), ("UIEventMask", .int(64)),
        ]))
        connections.append(b.add("UIRuntimeEventConnection", [
            ("UILabel", b.string("copy:")), ("UISource", optionA), ("UIDestination", responder), ("UIEventMask", .int(0x800040)),
        ]))
        connections.append(outlet("staleOutlet", .null, label))
        let accessibility = b.add("UIRuntimeAccessibilityConfiguration", [
            ("UIAccessibileObject", signIn), ("UIAccessibilityLabel", b.string("Sign in")),
            ("UIAccessibilityIdentifier", b.string("signInButton")),
        ])
        let keyValue = b.add("UINibKeyValuePair", [
            ("UIObject", view), ("UIKeyPath", b.string("layer.cornerRadius")), ("UIValue", b.number(8)),
        ])
        let empty = b.array([])
        b.set(root, "UINibTopLevelObjectsKey", b.array([owner, responder, model, view]))
        b.set(root, "UINibObjectsKey", b.array([owner, responder, model, view, label, email, signIn, optionA, optionB, constraint]))
        b.set(root, "UINibConnectionsKey", b.array(connections))
        b.set(root, "UINibVisibleWindowsKey", empty)
        b.set(root, "UINibAccessibilityConfigurationsKey", b.array([accessibility]))
        b.set(root, "UINibKeyValuePairsKey", b.array([keyValue]))
        return b.graph(root: root)
    }

    /// Scene nib `UIViewController-vc1` of a storyboard: the controller (custom class) with its
    /// view nib name, external objects table and a show segue template.
    static func scene() -> ObjectGraph {
        var b = GraphBuilder(.nibArchive)
        let root = b.add("NSObject")
        let owner = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("IBFilesOwner"))])
        let responder = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("IBFirstResponder"))])
        let storyboard = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("UIStoryboardPlaceholder"))])
        let segue = b.add("UIStoryboardShowSegueTemplate", [
            ("UIIdentifier", b.string("showDetail")), ("UIDestinationViewControllerIdentifier", b.string("DetailVC")),
            ("UIActionName", b.string("showViewController:sender:")),
        ])
        let item = b.add("UINavigationItem", [("UITitle", b.string("Home"))])
        let controller = b.add("UIClassSwapper", [
            ("UIClassName", b.string("HomeViewController")), ("UIOriginalClassName", b.string("UIViewController")),
            ("UINibName", b.string("vc1-view-v1")), ("UIStoryboardIdentifier", b.string("HomeVC")),
            ("UINavigationItem", item), ("UIStoryboardSegueTemplates", b.array([segue])),
        ])
        b.set(controller, "UIExternalObjectsTableForViewLoading", b.dictionary([
            (b.string("UpstreamPlaceholder-1"), controller), (b.string("UpstreamPlaceholder-2"), segue),
        ]))
        func outlet(_ name: String, _ source: ArchiveValue, _ destination: ArchiveValue) -> ArchiveValue {
            b.add("UIRuntimeOutletConnection", [("UILabel", b.string(name)), ("UISource", source), ("UIDestination", destination)])
        }
        let connections = [
            outlet("sceneViewController", owner, controller), outlet("storyboard", controller, storyboard),
            outlet("viewController", segue, controller),
        ]
        let empty = b.array([])
        b.set(root, "UINibTopLevelObjectsKey", b.array([owner, responder, storyboard, controller]))
        b.set(root, "UINibObjectsKey", b.array([owner, responder, storyboard, controller, item, segue]))
        b.set(root, "UINibConnectionsKey", b.array(connections))
        for key in ["UINibVisibleWindowsKey", "UINibAccessibilityConfigurationsKey", "UINibKeyValuePairsKey"] { b.set(root, key, empty) }
        return b.graph(root: root)
    }

    /// View nib `vc1-view-v1`: the root view with a button whose outlet lives on the controller
    /// (UpstreamPlaceholder-1) and whose action performs the segue (UpstreamPlaceholder-2); a third
    /// placeholder is in no parent table.
    static func sceneView() -> ObjectGraph {
        var b = GraphBuilder(.nibArchive)
        let root = b.add("NSObject")
        let owner = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("IBFilesOwner"))])
        let up1 = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("UpstreamPlaceholder-1"))])
        let up2 = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("UpstreamPlaceholder-2"))])
        let up3 = b.add("UIProxyObject", [("UIProxiedObjectIdentifier", b.string("UpstreamPlaceholder-3"))])
        let view = b.add("UIView", [("UIBounds", GraphBuilder.geometry(0, 0, 320, 480)), ("UICenter", GraphBuilder.geometry(160, 240))])
        let button = b.add("UIButton", [("UITitle", b.string("Details"))])
        b.set(view, "UISubviews", b.array([button]))
        let connections = [
            b.add("UIRuntimeOutletConnection", [("UILabel", b.string("view")), ("UISource", owner), ("UIDestination", view)]),
            b.add("UIRuntimeOutletConnection", [("UILabel", b.string("detailButton")), ("UISource", up1), ("UIDestination", button)]),
            b.add("UIRuntimeEventConnection", [("UILabel", b.string("perform:")), ("UISource", button), ("UIDestination", up2), ("UIEventMask", .int(64))]),
            b.add("UIRuntimeOutletConnection", [("UILabel", b.string("footer")), ("UISource", up3), ("UIDestination", view)]),
        ]
        let empty = b.array([])
        b.set(root, "UINibTopLevelObjectsKey", b.array([owner, up1, up2, up3, view]))
        b.set(root, "UINibObjectsKey", b.array([owner, up1, up2, up3, view, button]))
        b.set(root, "UINibConnectionsKey", b.array(connections))
        for key in ["UINibVisibleWindowsKey", "UINibAccessibilityConfigurationsKey", "UINibKeyValuePairsKey"] { b.set(root, key, empty) }
        return b.graph(root: root)
    }

    static let storyboardInfo = StoryboardInfo(
        platform: .iOS, entryPoint: "HomeVC",
        identifiersToNibNames: ["HomeVC": "UIViewController-vc1", "DetailVC": "UIViewController-vc2"], version: 1)
}
