import Foundation
#if !NIBINSPECT_SINGLE_MODULE
import TextEscaping   // Scripts/fuzz.sh compiles the sources as one module
#endif

/// The localizable strings of Interface Builder documents, as `ibtool --generate-strings-file`
/// (Xcode's "Localizable Strings" conversion and export) lists them: which texts of which
/// elements, under which key, in which order. `IBStringsWriter` (NibWriters) writes them as ibtool
/// does; its documentation says where the file format, the export order and the escaping come from.
///
/// Where the rules come from (public ibtool output read with the `search` tools; nothing was run
/// on a Mac):
/// - Keys `"<id>.<property>"` with ibtool's property names: generated `Main.strings`/
///   `MainMenu.strings` files quoted in public repositories (e.g. Sparkle's
///   `de.lproj/SUUpdateAlert.strings`, iOS tutorials' `Main.strings` with `UIButton`
///   `normalTitle`, `UITextField` `placeholder`, `UILabel` `text`, `UIBarButtonItem` and
///   `UINavigationItem` `title`).
/// - macOS: the text of a text field or button is its *cell's* (`Class = "NSTextFieldCell"; title
///   = …; ObjectID = "<cell id>"`, `Class = "NSButtonCell"`); menus and menu items `title`;
///   toolbar items `label` and `paletteLabel` (BeatEpisodePrinter.strings, MultiMarkdown Composer
///   and other `.strings` quoted in public READMEs).
/// - Order: `--generate-strings-file` sorts by key in byte order: the generated `Main.strings` of
///   dwkim16/WorldTrotter (commit b93ef52, `en.lproj/Main.strings` beside
///   `Base.lproj/Main.storyboard`: the rendered strings of that storyboard are byte-identical) and the
///   `MainMenu.strings` of khaapamaki/Subtitle-Tool (3d42d5f: `46P-cB-AYj` before `4EN-yA-p0u`,
///   `78Y-hA-62v` before `7dX-Gg-3vU`).
/// - `segmentTitles[0]` (UISegmentedControl segments), `accessibilityLabel`/`accessibilityHint`,
///   `headerTitle`/`footerTitle` (table sections), `headerCell.title` and `headerToolTip` (table
///   columns), `ibShadowedToolTip` (AppKit views, cells and menu items; a toolbar item's is
///   `toolTip`), `ibExternalAccessibilityDescription`, `configuration.title`, and the keys of
///   ``IBStrings`` `+Elements` (segment labels and tool tips, binding placeholders, scope titles):
///   the ibtool-generated translations of `Tests/Conformance/strings` (94 pairs from 12 public
///   repositories), which StringsConformanceTests checks key by key, comment by comment. Not in
///   those pairs, taken from issue 28: `<userDefinedRuntimeAttribute … localized="YES">` →
///   `ibExternalUserDefinedRuntimeAttributesLocalizableStrings[i]`, whose comment form
///   (`<id>.ibExternal…[0] = "…"`) public code that reads ibtool's XLIFF relies on (a Python
///   XLIFF post-processor looks the key `<ObjectID>.ibExternal…[0]` up in a trans-unit's note),
///   and which `ibtool --localizable-stringarrays` lists as a string array of the object (the
///   Ruby tool Fame reads it there), hence one index per localized attribute. No public
///   ibtool-generated `.strings` holding it was found (the code search leaves `.strings` out).
/// - Not listed: an NSPopUpButtonCell's or NSComboButton's `title` (ibtool lists the menu and its
///   items instead).
public enum IBStrings {
    /// Attributes (or `<string key="…">` children) whose text is localizable, on any element.
    static let localizableAttributes: Set<String> = [
        "text", "title", "placeholder", "placeholderString", "label", "paletteLabel", "toolTip",
        "prompt", "headerTitle", "footerTitle", "alternateTitle", "backButtonTitle", "subtitle",
        "headerToolTip", "accessibilityLabel", "accessibilityHint",
    ]

    /// Subtrees that hold no localizable text of an object (connections, layout, resources).
    static let skippedSubtrees: Set<String> = [
        "connections", "constraints", "resources", "dependencies", "userDefinedRuntimeAttributes",
        "dictionary", "variation", "fontDescription", "font", "color", "textAttributes",
    ]

    /// The localizable strings of a xib or storyboard source, in ibtool's order (by key).
    /// Strings with no text are skipped; `userLabel`, identifiers and key equivalents are not
    /// localizable.
    public static func extract(xml bytes: [UInt8]) throws(ArchiveError) -> [IBString] {
        let root = try XMLTreeBuilder.parse(bytes)
        let platform = XIBClassTable.platform(targetRuntime: root["targetRuntime"], type: root["type"])
        var out: [IBString] = []
        walk(root, platform: platform, into: &out)
        return ordered(out)
    }

    /// Best effort for compiled nibs: the strings archived as `NSLocalizableString` keep their
    /// strings-file key (`<xib id>.<property>`, nib-format.md §7.5) and are listed under it; other
    /// string properties with a localizable name are listed under the archive index
    /// (`#12.title`) and their archived key name.
    public static func extract(document: NibDocument) -> [IBString] {
        var out: [IBString] = []
        for object in document.objects where object.placeholder == nil {
            for property in object.properties {
                switch property.value {
                case .localizedString(let l):
                    guard !l.text.isEmpty, let dot = l.key.firstIndex(of: "."), dot != l.key.startIndex else { continue }
                    out.append(IBString(objectID: String(l.key[..<dot]), className: object.className,
                                        property: String(l.key[l.key.index(after: dot)...]), value: l.text,
                                        line: object.sourceLine))
                case .string(let s):
                    guard !s.isEmpty, let name = compiledPropertyName(property.key) else { continue }
                    out.append(IBString(objectID: object.id.rawValue, className: object.className,
                                        property: name, value: s, line: object.sourceLine))
                default:
                    continue
                }
            }
        }
        return ordered(out)
    }

    /// The ibtool name of a compiled nib's plain string property, for the few whose text is
    /// localizable (`UIText` → `text`, `NSTitle` → `title`), else nil.
    static func compiledPropertyName(_ key: String) -> String? {
        var k = key
        for prefix in ["UI", "NS", "IB"] where k.hasPrefix(prefix) && k.count > prefix.count {
            k = String(k.dropFirst(prefix.count))
            break
        }
        guard let first = k.first else { return nil }
        let name = first.lowercased() + k.dropFirst()
        if name == "placeholderString" || name == "placeholder" { return name }
        return localizableAttributes.contains(name) ? name : nil
    }

    /// Sorted by key in byte order (ibtool's `--generate-strings-file`), the first of equal keys kept.
    static func ordered(_ strings: [IBString]) -> [IBString] {
        var seen = Set<String>()
        let unique = strings.filter { seen.insert($0.key).inserted }
        return unique.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    // MARK: - Walking the source

    private static func walk(_ e: XMLElementNode, platform: Platform, into out: inout [IBString]) {
        switch e.name {
        case "connections": return bindingPlaceholders(e, platform: platform, into: &out)
        case "userDefinedRuntimeAttributes": return localizedRuntimeAttributes(e, platform: platform, into: &out)
        case "scopeButtonTitles": return scopeButtonTitles(e, platform: platform, into: &out)
        case "segments" where platform == .macOS: return segmentLabelsAndToolTips(e, platform: platform, into: &out)
        default: break
        }
        if skippedSubtrees.contains(e.name) { return }
        if e.name != "document" { emit(e, platform: platform, into: &out) }
        for child in e.children { walk(child, platform: platform, into: &out) }
    }

    /// The element with an id that `e`'s text belongs to, and the key path from it to `e`
    /// (`headerCell` for `<tableHeaderCell key="headerCell">` under a `<tableColumn>`).
    private static func owner(of e: XMLElementNode) -> (XMLElementNode, [String])? {
        var path: [String] = []
        var node: XMLElementNode? = e
        while let n = node {
            if n["id"] != nil && !XIBClassTable.nonObjectElements.contains(n.name) { return (n, path.reversed()) }
            guard let key = n["key"] else { return nil }
            path.append(key)
            node = n.parent
        }
        return nil
    }

    /// A string of object `o` (its id, its class as ibtool names it, its "Comment for Localizer").
    static func string(_ o: XMLElementNode, _ property: String, _ value: String, platform: Platform, line: Int) -> IBString? {
        guard !value.isEmpty, let id = o["id"] else { return nil }
        return IBString(objectID: id, className: className(o, platform: platform), property: property, value: value,
                        line: line, note: localizerComment(o))
    }

    private static func emit(_ e: XMLElementNode, platform: Platform, into out: inout [IBString]) {
        if e.name == "string" { return }   // read by its parent
        func add(_ o: XMLElementNode, _ property: String, _ value: String) {
            if let s = string(o, property, value, platform: platform, line: e.line) { out.append(s) }
        }
        // Button states: <state key="normal" title="Sign In"/> → normalTitle.
        if e.name == "state", let state = e["key"], let o = e.parent, o["id"] != nil {
            if let t = text(e, "title") { add(o, state + "Title", t) }
            return
        }
        // Segments: <segmentedControl><segments><segment title="A"/> → segmentTitles[0] (UIKit).
        if e.name == "segment", platform != .macOS, let list = e.parent, list.name == "segments",
           let control = list.parent, control["id"] != nil {
            let index = list.children(named: "segment").firstIndex { $0 == e } ?? 0
            if let t = text(e, "title") { add(control, "segmentTitles[\(index)]", t) }
            return
        }
        // <accessibility key="accessibilityConfiguration" label="…" hint="…"/> → accessibilityLabel/Hint
        // (UIKit); AppKit's <accessibility description="…"/> → ibExternalAccessibilityDescription.
        if e.name == "accessibility" {
            guard let o = e.parent, o["id"] != nil else { return }
            if let t = text(e, "label") { add(o, "accessibilityLabel", t) }
            if let t = text(e, "hint") { add(o, "accessibilityHint", t) }
            if platform == .macOS, let t = text(e, "description") { add(o, "ibExternalAccessibilityDescription", t) }
            return
        }
        // UIButton.Configuration: title="…" or an attributed title → configuration.title.
        if e.name == "buttonConfiguration", e["key"] == "configuration", let o = e.parent, o["id"] != nil {
            if let t = text(e, "title") ?? e.child(key: "attributedTitle").map(attributedText) { add(o, "configuration.title", t) }
            return
        }
        guard let (o, path) = owner(of: e) else { return }
        let prefix = path.isEmpty ? "" : path.joined(separator: ".") + "."
        var names = Set(e.attributes.keys).intersection(localizableAttributes)
        for child in e.children where child.name == "string" {
            if let k = child["key"], localizableAttributes.contains(k) { names.insert(k) }
        }
        // ibtool lists a pop-up button's menu and items, never the cell's title (the selected
        // item's); nor the title of an NSComboButton (its menu's items and tool tip are listed).
        if (e.name == "popUpButtonCell" || e.name == "comboButton") && platform == .macOS { names.remove("title") }
        for name in names {
            guard let t = text(e, name) else { continue }
            add(o, prefix + propertyName(name, element: e, platform: platform), t)
        }
    }

    /// ibtool's name of a localizable attribute: an AppKit tool tip is `ibShadowedToolTip`
    /// (views, cells, menu items), a toolbar item's `toolTip`.
    private static func propertyName(_ name: String, element e: XMLElementNode, platform: Platform) -> String {
        if name == "toolTip" && platform == .macOS && e.name != "toolbarItem" { return "ibShadowedToolTip" }
        return name
    }

    /// The text of attribute `name` of `e`, or of its `<string key="name">` child (IB writes
    /// multi-line and long texts as child elements).
    static func text(_ e: XMLElementNode, _ name: String) -> String? {
        if let v = e[name] { return v }
        if let child = e.children.first(where: { $0.name == "string" && $0["key"] == name }) {
            return XIBProperties.stringValue(child)
        }
        return nil
    }
}
