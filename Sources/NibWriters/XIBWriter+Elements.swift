import NibModel

/// Which element stands for an object: the inverse of ``XIBClassTable``, placeholders, custom
/// classes and modules, user labels.
extension XIBBuilder {
    /// The element for `o` without its children and values, or nil when no element stands for
    /// its class.
    func element(for o: NibObject, notes: inout [String]) -> XMLOutput.Element? {
        guard let id = xibID[o.id] else { return nil }
        if let kind = o.placeholder?.kind {
            return placeholderElement(o, kind: kind, id: id, notes: &notes)
        }
        guard var name = Self.elementName(for: o, platform: platform) else { return nil }
        // Xcode writes a panel (NSPanel, NSFontPanel, NSColorPanel) as a window of that class
        // (`<panel>` is only read).
        let panel = isMac && (name == "panel" || name.hasSuffix("Panel"))
        if panel { name = "window" }
        // An `NSCustomView` placeholder is `<customView>` (a `<view>` compiles to the view itself,
        // or to a class swapper); a standard toolbar item is a `<toolbarItem>` by its identifier.
        if isMac, case .bool(true)? = o.property("customView") { name = "customView" }
        if isMac, Self.isStandardToolbarItem(o.className) { name = "toolbarItem" }
        var e = XMLOutput.Element(name)
        e.set("id", id)
        if panel && o.customClass == nil { e.set("customClass", o.className) }
        if Self.elementName(for: o.className, platform: platform) == nil && !(o.className.hasPrefix("IBNS") || o.className.hasPrefix("IBUI"))
            && Self.layoutGuideType(o) == nil {
            // A class archived by itself that no element names (a plug-in or app class without a
            // class swapper): its base element with the class as custom class, as IB shows it.
            e.set("customClass", o.className)
            if o.customClass != nil { notes.append("custom class \(describeClass(o))") }
        } else if let custom = o.customClass {
            e.set("customClass", custom)
            if let module = o.customModule { e.set("customModule", module) }
        }
        if isMac, let label = userLabel(o) { e.set("userLabel", label) }
        if let member = sceneMember[o.id] { e.set("sceneMemberID", member) }
        return e
    }

    /// A macOS name from the nib's names table, when it is not just the title or text (which the
    /// reader derives a name from anyway).
    func userLabel(_ o: NibObject) -> String? {
        // A legacy nib's names table entry kept beside a shown title (`Window (Preferences)`).
        if let objectName = o.property("objectName")?.text, !objectName.isEmpty { return objectName }
        guard let name = o.name, !name.isEmpty else { return nil }
        // The title or text of the object or of its cell is what Interface Builder shows anyway.
        let cells = o.children.compactMap { document.object($0) }.filter { $0.className.hasSuffix("Cell") }
        let texts = ([o] + cells).flatMap { x in ["title", "text"].compactMap { x.property($0)?.text } }
        return texts.contains(name) ? nil : name
    }

    func placeholderElement(_ o: NibObject, kind: Placeholder.Kind, id: String, notes: inout [String]) -> XMLOutput.Element? {
        var e: XMLOutput.Element
        switch kind {
        case .filesOwner:
            e = isMac ? XMLOutput.Element("customObject", [("id", id), ("userLabel", "File's Owner")])
                : XMLOutput.Element("placeholder", [("placeholderIdentifier", "IBFilesOwner"), ("id", id)])
        case .firstResponder:
            return firstResponderElement()
        case .application:
            guard isMac else {
                notes.append("Application placeholder (iOS xibs have none)")
                e = XMLOutput.Element("placeholder", [("placeholderIdentifier", o.placeholder?.identifier ?? "IBApplication"), ("id", id)])
                return e
            }
            e = XMLOutput.Element("customObject", [("id", id), ("userLabel", "Application"), ("customClass", "NSObject")])
            return e
        case .external:
            e = XMLOutput.Element("placeholder", [("placeholderIdentifier", o.placeholder?.identifier ?? ""), ("id", id)])
            if let name = o.name, name != o.placeholder?.identifier { e.set("userLabel", name) }
        case .storyboard, .upstream, .exit:
            e = XMLOutput.Element("placeholder", [("placeholderIdentifier", o.placeholder?.identifier ?? kind.rawValue), ("id", id)])
        }
        let custom = o.customClass ?? (isMac && kind == .filesOwner && o.className != "NSObject" && o.className != "NSCustomObject" ? o.className : nil)
        if let custom {
            e.set("customClass", custom)
            if let module = o.customModule { e.set("customModule", module) }
        }
        return e
    }

    /// The element for `o`: the one its class is named by, else for a public class of no
    /// element `customView` (a class named `…View`) or `customObject`; nil for private classes
    /// (`_UILayoutGuide`, `_NSCornerView`) and IB's compile-time prototyping constraints, which
    /// a source never declares.
    static func elementName(for o: NibObject, platform: Platform) -> String? {
        if viewLayoutGuideKey(o) != nil { return "viewLayoutGuide" }
        if let name = elementName(for: o.className, platform: platform) { return name }
        if layoutGuideType(o) != nil { return "viewControllerLayoutGuide" }
        // Storyboard design-time stand-ins (`IBNSWindowController`, `IBUIButton`) are their class.
        if o.className.hasPrefix("IBNS") || o.className.hasPrefix("IBUI"),
           let name = elementName(for: String(o.className.dropFirst(2)), platform: platform) { return name }
        if o.className.hasPrefix("_") || o.className == "NSIBPrototypingLayoutConstraint" { return nil }
        // As compare reads it (CompareClasses.bareBase): a `…View` is a custom view.
        if o.className.hasSuffix("View") { return platform == .macOS ? "customView" : "view" }
        return "customObject"
    }

    /// `top` or `bottom` for a view controller's top or bottom layout guide (`_UILayoutGuide`
    /// with identifier `_UIViewControllerTop`/`_UIViewControllerBottom`), which a source declares
    /// as `<viewControllerLayoutGuide type="top">`.
    static func layoutGuideType(_ o: NibObject) -> String? {
        guard o.className == "_UILayoutGuide" else { return nil }
        switch o.property("identifier")?.text {
        case "_UIViewControllerTop": return "top"
        case "_UIViewControllerBottom": return "bottom"
        default: return nil
        }
    }

    /// The `key` of a view's system layout guide, which a source declares as
    /// `<viewLayoutGuide key="safeArea" id=…/>` in the view it belongs to: `safeArea` for
    /// AppKit's `NSLayoutGuide` and UIKit's `UILayoutGuide` with identifier
    /// `NSViewSafeAreaLayoutGuide`/`UIViewSafeAreaLayoutGuide`, `layoutMargins` for
    /// `…LayoutMarginsGuide`; nil for other objects.
    static func viewLayoutGuideKey(_ o: NibObject) -> String? {
        guard o.className.hasSuffix("LayoutGuide"), let identifier = o.property("identifier")?.text else { return nil }
        switch identifier {
        case "NSViewSafeAreaLayoutGuide", "UIViewSafeAreaLayoutGuide": return "safeArea"
        case "NSViewLayoutMarginsGuide", "UIViewLayoutMarginsGuide": return "layoutMargins"
        default: return nil
        }
    }

    /// The element Xcode writes for `className` (`UIButton` → `button`, `NSTextFieldCell` →
    /// `textFieldCell`, `MKMapView` → `mapView`), checked against ``XIBClassTable`` so that the
    /// reader maps it back to the same class; nil when no element does.
    static func elementName(for className: String, platform: Platform) -> String? {
        let special: [String: String] = [
            "NSWindowTemplate": "window", "NSCustomObject": "customObject", "NSObject": "customObject",
            "NSCustomView": "customView", "UIProxyObject": "customObject", "UICustomObject": "customObject", "NSLayoutConstraint": "constraint",
            // A cell's built-in labels are labels in Xcode's xibs.
            "UITableViewLabel": "label",
        ]
        if let s = special[className] { return s }
        let prefix = platform == .macOS ? "NS" : "UI"
        if className.hasPrefix(prefix), className.count > 2 {
            let rest = className.dropFirst(2)
            let candidate = rest.prefix(1).lowercased() + rest.dropFirst()
            if candidate.first?.isLetter == true, candidate.allSatisfy({ $0.isLetter || $0.isNumber }),
               XIBClassTable.className(element: candidate, platform: platform) == className {
                return candidate
            }
        }
        for element in XIBClassTable.table.keys.sorted() where XIBClassTable.className(element: element, platform: platform) == className {
            return element
        }
        return nil
    }

    func describeClass(_ o: NibObject) -> String {
        o.customClass.map { "\($0) (\(o.className))" } ?? o.className
    }
}
