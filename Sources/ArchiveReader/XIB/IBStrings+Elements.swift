#if !NIBINSPECT_SINGLE_MODULE
import TextEscaping   // Scripts/fuzz.sh compiles the sources as one module
#endif

/// The strings ibtool lists from elements that are not an object's own attributes: lists (macOS
/// segment labels and tool tips, search bar scope titles, localized user-defined runtime
/// attributes), Cocoa binding placeholders, and the class and "Comment for Localizer" of an object.
///
/// Where the rules come from: the ibtool-generated `.strings` of the pairs in
/// `Tests/Conformance/strings/pairs.tsv` (CotEditor, Vienna, Simple Comic, NetNewsWire and others),
/// e.g. `/* Class = "NSSegmentedCell"; llr-mj-aZX.ibShadowedToolTips[0] = "Find previous match."; … */`,
/// `/* Class = "CocoaBindingsConnection"; ibShadowedIsNilPlaceholder = "No Block"; ObjectID = "gXn-Gb-4VD"; */`
/// (the binding's id).
extension IBStrings {
    /// A binding option that holds a localizable text, by its ibtool property name.
    static let bindingPlaceholders: [(option: String, property: String)] = [
        ("NSDisplayPattern", "ibShadowedDisplayPattern"),
        ("NSMultipleValuesPlaceholder", "ibShadowedMultipleValuesPlaceholder"),
        ("NSNoSelectionPlaceholder", "ibShadowedNoSelectionPlaceholder"),
        ("NSNotApplicablePlaceholder", "ibShadowedNotApplicablePlaceholder"),
        ("NSNullPlaceholder", "ibShadowedIsNilPlaceholder"),
    ]

    /// ibtool's class of object `o`: the framework class of its element; custom classes are not
    /// used, not even `NSPanel` for a `<window customClass="NSPanel">`: ibtool has written NSWindow
    /// for those since Xcode 9 (Vienna's and Simple Comic's generated files, 2015–2023, all
    /// NSWindow; CotEditor's pt.lproj from 2018 and MultipleReplacementPanel in every language
    /// NSWindow). The `Class = "NSPanel"` some CotEditor translations keep is ibtool's wording of
    /// 2014–2016, carried over by merging.
    static func className(_ o: XMLElementNode, platform: Platform) -> String {
        XIBClassTable.className(element: o.name, platform: platform)
    }

    /// The "Comment for Localizer" of object `o` (`<attributedString key="userComments">` or a
    /// `<string key="userComments">` child), or nil. A control's comment covers its cell's strings
    /// when the cell has none (KeepingYouAwake: "Do not localize" on an NSTextField, in ibtool's
    /// comment of its NSTextFieldCell's title; MonitorControl: on the NSButtonCell itself).
    static func localizerComment(_ o: XMLElementNode) -> String? {
        if let c = o.child(key: "userComments") {
            let text = c.name == "attributedString" ? attributedText(c) : XIBProperties.stringValue(c)
            return text.isEmpty ? nil : text
        }
        if o["key"] == "cell", let control = o.parent, control["id"] != nil { return localizerComment(control) }
        return nil
    }

    /// The text of an `<attributedString>`: its fragments' `content` (attribute or `<string
    /// key="content">` child), in order.
    static func attributedText(_ e: XMLElementNode) -> String {
        e.children(named: "fragment").map { text($0, "content") ?? "" }.joined()
    }

    /// `<connections><binding id="…"><dictionary key="options"><string key="NSNullPlaceholder">` →
    /// `<binding id>.ibShadowedIsNilPlaceholder`, class CocoaBindingsConnection (macOS).
    static func bindingPlaceholders(_ connections: XMLElementNode, platform: Platform, into out: inout [IBString]) {
        guard platform == .macOS else { return }
        for binding in connections.children(named: "binding") {
            guard let id = binding["id"], let options = binding.child(key: "options") else { continue }
            for (option, property) in bindingPlaceholders {
                guard let s = options.children.first(where: { $0.name == "string" && $0["key"] == option }) else { continue }
                let value = XIBProperties.stringValue(s)
                if value.isEmpty { continue }
                out.append(IBString(objectID: id, className: "CocoaBindingsConnection", property: property, value: value, line: s.line))
            }
        }
    }

    /// `<userDefinedRuntimeAttribute … localized="YES">` of an object, in order →
    /// `ibExternalUserDefinedRuntimeAttributesLocalizableStrings[i]` (i counts the localized ones).
    static func localizedRuntimeAttributes(_ list: XMLElementNode, platform: Platform, into out: inout [IBString]) {
        guard let o = list.parent, o["id"] != nil else { return }
        let localized = list.children(named: "userDefinedRuntimeAttribute").filter { $0["localized"] == "YES" }
        for (i, a) in localized.enumerated() {
            guard let value = text(a, "value"),
                  let s = string(o, "ibExternalUserDefinedRuntimeAttributesLocalizableStrings[\(i)]", value, platform: platform, line: a.line)
            else { continue }
            out.append(s)
        }
    }

    /// `<searchBar><scopeButtonTitles><string>All</string>` → `scopeButtonTitles[0]`.
    static func scopeButtonTitles(_ list: XMLElementNode, platform: Platform, into out: inout [IBString]) {
        guard let o = list.parent, o["id"] != nil else { return }
        for (i, t) in list.children(named: "string").enumerated() {
            if let s = string(o, "scopeButtonTitles[\(i)]", XIBProperties.stringValue(t), platform: platform, line: t.line) { out.append(s) }
        }
    }

    /// AppKit `<segmentedCell><segments><segment label="…" toolTip="…"/>` →
    /// `ibShadowedLabels[i]`, `ibShadowedToolTips[i]` of the cell (i: the segment's position).
    static func segmentLabelsAndToolTips(_ list: XMLElementNode, platform: Platform, into out: inout [IBString]) {
        guard let o = list.parent, o["id"] != nil else { return }
        for (i, segment) in list.children(named: "segment").enumerated() {
            for (attribute, property) in [("label", "ibShadowedLabels"), ("toolTip", "ibShadowedToolTips")] {
                guard let t = text(segment, attribute) else { continue }
                if let s = string(o, "\(property)[\(i)]", t, platform: platform, line: segment.line) { out.append(s) }
            }
        }
    }
}
