/// One localizable string as `ibtool --generate-strings-file` lists it: the object's xib id, the
/// framework class of its element, the strings-file property name and the development-language
/// text.
public struct IBString: Sendable, Hashable, Codable {
    /// The xib object id (`kTg-3h-Qad`); for compiled nibs whose string carries no key, the
    /// archive index (`#12`).
    public var objectID: String
    /// The framework class of the element (`UILabel`, `NSTextFieldCell`); custom classes are not
    /// used, as ibtool does not use them.
    public var className: String
    /// ibtool's property name: `text`, `normalTitle`, `segmentTitles[0]`, `headerCell.title`.
    public var property: String
    /// The text.
    public var value: String
    /// The source line of the element the text was read from (xib/storyboard sources only).
    public var line: Int?
    /// The object's "Comment for Localizer" (`<attributedString key="userComments">` in the
    /// source), which ibtool appends to the comment as `Note = "…";`; nil when it has none.
    public var note: String?

    public init(objectID: String, className: String, property: String, value: String, line: Int? = nil, note: String? = nil) {
        self.objectID = objectID
        self.className = className
        self.property = property
        self.value = value
        self.line = line
        self.note = note
    }

    /// The strings-file key: `kTg-3h-Qad.text`.
    public var key: String { objectID + "." + property }
}
