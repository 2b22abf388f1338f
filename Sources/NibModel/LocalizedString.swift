/// A localizable string with the key its translations are filed under.
///
/// Read from `NSLocalizableString` (nib-format.md §2.9): the text (`NS.bytes`/`NS.string`) and
/// `NSKey`, the strings-file key `<xib object id>.<property>` (`uSm-wg-y7O.title`), one of the
/// few places a compiled nib keeps a xib object id (§7.5). Strings without a key are plain
/// ``PropertyValue/string(_:)`` values.
public struct LocalizedString: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The development-language text: `Sign In`.
    public var text: String
    /// The strings-file key: `uSm-wg-y7O.title`.
    public var key: String

    public init(text: String, key: String) {
        self.text = text
        self.key = key
    }

    /// The text.
    public var description: String { text }
}
