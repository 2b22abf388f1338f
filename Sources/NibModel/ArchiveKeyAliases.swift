/// The keys of an IB 3 archive xib (`<archive type="com.apple.InterfaceBuilder3.…">`, nib-format.md
/// §4.4, §4.5) that the reader gives twice: under their archive name (`NSFrame`, `NSTag`,
/// `IBUIText`) and under the Interface Builder property name the `<document>` format and compiled
/// nibs use (`frame`, `tag`, `text`), so that rules, compare and the writers read one name.
///
/// One table for the reader, which adds the alias, and for what prints properties to people
/// (`textconv`), which leaves the archive name out when the alias is there: one fact, one line.
public enum ArchiveKeyAliases {
    /// Archive key → Interface Builder property name.
    public static let names: [String: String] = [
        "NSFrame": "frame", "NSFrameSize": "frameSize", "NSWindowRect": "contentRect",
        "NSTitle": "title", "NSWindowTitle": "title", "NSContents": "title", "NSTag": "tag",
        "NSHidden": "hidden", "IBUIText": "text", "IBUITitle": "title", "IBUINormalTitle": "title",
        "IBUITag": "tag", "IBUIHidden": "hidden", "IBUIFrame": "frame", "NSKeyEquiv": "keyEquivalent",
        "IBUIFont": "font", "NSSupport": "font",
    ]

    /// True when `key` is an archive key whose Interface Builder name `object` also has.
    public static func isShadowed(_ key: String, in object: NibObject) -> Bool {
        guard let alias = names[key] else { return false }
        return object.property(alias) != nil
    }
}
