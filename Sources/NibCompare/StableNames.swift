import NibModel
import TextEscaping

/// The names `textconv` and `diff` key an object's path step by: what the user named it, never
/// what it shows, so that editing a title or text changes only the line of that property, and the
/// keyed archive and the NIBArchive of one nib (or an old and a new build) give the same steps.
///
/// An object's step is its framework class (``stepClass(_:)``) and, when it has one, the first of:
/// 1. its ``NibObject/label`` (a xib's `userLabel`, a compiled macOS nib's names-table entry),
///    quoted: `NSWindow "Preferences"`, unless Interface Builder generated it (``isGenerated(_:_:)``:
///    `Menu Item (File)`, `Window`, `Separator-3`);
/// 2. an identifier the developer set, quoted: `storyboardIdentifier`, `restorationIdentifier`,
///    `reuseIdentifier`, `identifier` (AppKit's user interface item identifier), the accessibility
///    identifier (a property in a xib, an accessibility connection in a compiled nib);
/// 3. for an object without children (constraints aside), the name of an outlet that points at
///    it, after `@`: `UIButton @signInButton` (a container's outlet would rename its whole subtree
///    when the outlet is added, renamed or removed). Not for an AppKit control with a cell (see 4).
///    Outlets from
///    File's Owner come first, then from an object of a custom class, then from any other object;
///    among those the alphabetically first. Outlets the frameworks name (``frameworkOutlets``:
///    `delegate`, `dataSource`, `nextKeyView`, …) name nothing;
/// 4. for an object without children, the selector of its own action, in parentheses:
///    `NSMenuItem (paste:)` (a menu item is known by what it does, not by its title). An AppKit
///    control whose only child is its cell counts as without children and goes by its action only:
///    outlets to controls come and go as code needs them, and each renamed the control and
///    renumbered its unnamed siblings (NetNewsWire 7d9b3e47a: two outlets added, 4 XML lines, 252
///    textconv lines; 4 after, as in XML). Over NetNewsWire's newest 250 commits that touched a xib or
///    storyboard: 14,560 changed lines with the cell a child, 14,780 named by outlet, 14,346 by
///    action only.
///
/// Placeholders keep ``NibDocument/semanticPath(of:)``'s step (`File's Owner (LoginViewController)`).
/// Names are escaped as ``Escape/quoted(_:)`` and ``Escape/terminal(_:)`` write them, so a step is
/// one line. O(objects + connections) to build.
struct StableNames {
    /// Property keys that hold an identifier the developer chose, in the order they name an object.
    static let identifierKeys = ["storyboardIdentifier", "restorationIdentifier", "reuseIdentifier", "identifier",
                                 "accessibilityIdentifier"]
    /// Outlet labels that AppKit and UIKit define on their own classes: they say how objects are
    /// wired, not what the object is called.
    static let frameworkOutlets: Set<String> = [
        "delegate", "dataSource", "nextKeyView", "initialFirstResponder", "menu", "target", "formatter",
        "nextResponder", "inputAccessoryView", "inputView", "searchDisplayController", "searchResultsDataSource",
        "searchResultsDelegate", "searchContentsController",
    ]

    private var outletNames: [ObjectID: (rank: Int, label: String)] = [:]
    /// The selector of an object's own action (the first, alphabetically).
    private var actionNames: [ObjectID: String] = [:]
    private var accessibilityIDs: [ObjectID: String] = [:]
    /// Objects with children other than layout constraints: not named by outlets.
    private var containers: Set<ObjectID> = []
    /// AppKit controls with a cell: named by their action, not by an outlet.
    private var cellControls: Set<ObjectID> = []

    init(_ document: NibDocument) {
        for o in document.objects {
            guard let parent = o.parent else { continue }
            if case .constraint? = o.property("constraint") { continue }
            // A control's cell is part of the control (its title, font, bezel): the control is
            // still known by its outlet or action.
            if case .object(o.id)? = document.object(parent)?.property("cell") { cellControls.insert(parent); continue }
            containers.insert(parent)
        }
        for c in document.connections {
            guard let s = c.source else { continue }
            if c.kind == .accessibility, c.label == "accessibilityIdentifier", let text = c.value?.text, !text.isEmpty {
                accessibilityIDs[s] = accessibilityIDs[s] ?? text
            }
            if c.kind == .action, !c.label.isEmpty, actionNames[s].map({ c.label < $0 }) ?? true { actionNames[s] = c.label }
            guard c.kind == .outlet, let d = c.destination, !Self.frameworkOutlets.contains(c.label), !c.label.isEmpty,
                  let source = document.object(s), document.object(d)?.placeholder == nil else { continue }
            let rank = source.placeholder?.kind == .filesOwner ? 0 : source.customClass != nil ? 1 : 2
            if let best = outletNames[d], (best.rank, best.label) <= (rank, c.label) { continue }
            outletNames[d] = (rank, c.label)
        }
    }

    /// The name that keys `o` (without quotes, `@` or parentheses) and where it comes from; nil
    /// when it has none.
    func name(of o: NibObject) -> (text: String, source: Source)? {
        if let l = o.label, !l.isEmpty, !Self.isGenerated(l, o) { return (l, .label) }
        for key in Self.identifierKeys {
            if key == "accessibilityIdentifier", let a = accessibilityIDs[o.id] { return (a, .label) }
            if let s = o.property(key)?.text, !s.isEmpty { return (s, .label) }
        }
        // A container's name prefixes the path of everything in it: an outlet added, renamed or
        // removed would rewrite every line of its subtree, so only leaves go by their outlets.
        if containers.contains(o.id) { return nil }
        if let outlet = outletNames[o.id], !cellControls.contains(o.id) { return (outlet.label, .outlet) }
        return actionNames[o.id].map { ($0, .action) }
    }

    /// Where a name comes from: a label or identifier (quoted), an outlet (`@name`), the object's
    /// own action (`(selector)`).
    enum Source { case label, outlet, action }

    /// True for a names-table entry Interface Builder made up rather than one the user typed: the
    /// class in words or as written, without its prefix (`Window`, `Menu Item`, `App Delegate`,
    /// `NSMenuItem`, `MenuItem`, `Document Operation View` for `HFDocumentOperationView`), `Main
    /// Menu`, `Content View`, `Separator`, `Custom View`, `Custom Object`, or nothing, followed by a
    /// title in parentheses (`Menu Item (File)`, `Box (Title)`), a number in parentheses
    /// (`MenuItem(55)`), digits (`NSMenuItem7`, `84`) or `-N` (`Content View-2`, `Separator-3`).
    /// Such names hold the object's title (an edit renames them) and only some encodings keep them
    /// (the NIBArchive of a nib bundle may leave the names table out), so they name no path step.
    static func isGenerated(_ name: String, _ o: NibObject) -> Bool {
        var base = Substring(name)
        if let dash = base.lastIndex(of: "-"), base[base.index(after: dash)...].allSatisfy(\.isNumber), dash != base.startIndex {
            base = base[..<dash]
        }
        if base.hasSuffix(")"), let open = base.lastIndex(of: "(") { base = base[..<open] }
        while let last = base.last, last.isNumber { base = base.dropLast() }
        let key = { (s: Substring) in s.filter { $0 != " " }.lowercased() }
        let b = key(base)
        if b.isEmpty { return true }
        var forms: Set<String> = ["mainmenu", "contentview", "separator", "customview", "customobject", "menuitem", "menu"]
        for cls in [o.className, o.customClass].compactMap({ $0 }) {
            let short = cls.split(separator: ".").last.map(String.init) ?? cls
            forms.insert(short.lowercased())
            forms.insert(withoutPrefix(short).lowercased())
        }
        return forms.contains(b)
    }

    /// A class name without its prefix of capitals (`NSWindow` → `Window`, `HFDocumentOperationView`
    /// → `DocumentOperationView`, `AppDelegate` unchanged).
    static func withoutPrefix(_ cls: String) -> String {
        let chars = Array(cls)
        var i = 0
        while i + 1 < chars.count, chars[i].isUppercase, chars[i + 1].isUppercase { i += 1 }
        return String(chars[i...])
    }

    /// The class a step names: the framework class (`UIButton` for a `PrimaryButton`), so that
    /// giving a view a custom class, or taking it away, changes the object's class line and not
    /// the path of everything in it; the custom class of a custom object (`NSObject`,
    /// `UIProxyObject` stand-ins), whose class is all there is to it.
    static func stepClass(_ o: NibObject) -> String {
        guard let custom = o.customClass, ["NSObject", "NSCustomObject", "UICustomObject"].contains(o.className) else { return o.className }
        return custom
    }

    /// The step of `o`: `Class "name"`, `Class @outlet`, `Class (action:)` or `Class`; a placeholder's as
    /// ``NibDocument/semanticPath(of:)`` writes it.
    func step(_ o: NibObject) -> String {
        if o.placeholder != nil { return NibDocument.step(o) }
        let cls = Self.stepClass(o)
        guard let (text, source) = name(of: o) else { return cls }
        switch source {
        case .label: return cls + " " + Escape.quoted(text)
        case .outlet: return cls + " @" + Escape.terminal(text)
        case .action: return cls + " (" + Escape.terminal(text) + ")"
        }
    }
}
