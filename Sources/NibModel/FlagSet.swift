/// A flag word or a xib flags element by the names of its set flags: an autoresizing mask
/// (`flexibleMaxX|widthSizable`), a window style mask (`closable|titled`), a button cell's
/// `<behavior>` (`changeContents|lightByBackground`), accessibility traits, data detector types.
///
/// Read from a compiled nib as the archived integer (``rawValue``) and the names of its set bits
/// (the tables of ``XIBFlagNames``, in the xib's attribute names); from a xib as the attributes
/// of the flags element: those set to `YES` are the ``members``, any other (`NO`, a number) is
/// kept in ``attributes``. Bits that no name is known for are in ``rawValue`` only.
///
/// ``description`` prints it as the readers always have: the members sorted and `|`-joined, then
/// the other attributes as `name=value` (sorted, space-separated), `none` when there is neither.
/// Two flag sets are equal when they name the same members and attributes: ``rawValue`` is what
/// only a compiled nib has, and does not take part in equality.
public struct FlagSet: Hashable, Sendable, CustomStringConvertible {
    /// The names of the set flags, sorted and without repeats: `["flexibleMaxX", "widthSizable"]`.
    public let members: [String]
    /// Attributes of a xib's flags element that are not `YES` flags, by name (`["leftStrut": "NO"]`);
    /// empty for a compiled nib's flag word.
    public let attributes: [String: String]
    /// The archived flag word the members were read from; nil when read from a xib.
    public let rawValue: Int64?

    public init(members: some Sequence<String>, attributes: [String: String] = [:], rawValue: Int64? = nil) {
        self.members = Array(Set(members)).sorted()
        self.attributes = attributes
        self.rawValue = rawValue
    }

    /// The flags of `rawValue` named by `names` (bit masks and their names): the members are the
    /// names whose mask shares a bit with `rawValue`.
    public init(rawValue: Int64, names: [(bit: Int64, name: String)]) {
        self.init(members: names.filter { rawValue & $0.bit != 0 }.map(\.name), rawValue: rawValue)
    }

    /// Whether the flag `name` is set.
    public func contains(_ name: String) -> Bool { members.contains(name) }

    /// True when no flag is set and no other attribute is kept.
    public var isEmpty: Bool { members.isEmpty && attributes.isEmpty }

    /// `flexibleMaxX|widthSizable`, `closable|titled`, `none`, `flexibleMaxX|widthSizable leftStrut=NO`.
    public var description: String {
        var text = members.joined(separator: "|")
        if !attributes.isEmpty {
            let rest = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            text += (text.isEmpty ? "" : " ") + rest
        }
        return text.isEmpty ? "none" : text
    }

    /// The flag set ``description`` printed (how JSON keeps it): `|`-separated names, then
    /// `name=value` words; `none` is the empty set. Used when JSON is read back.
    public init(description text: String) {
        var members: [String] = [], attributes: [String: String] = [:]
        for word in text.split(separator: " ") {
            if let eq = word.firstIndex(of: "=") {
                attributes[String(word[..<eq])] = String(word[word.index(after: eq)...])
            } else if word != "none" {
                members += word.split(separator: "|").map(String.init)
            }
        }
        self.init(members: members, attributes: attributes)
    }

    public static func == (a: FlagSet, b: FlagSet) -> Bool {
        a.members == b.members && a.attributes == b.attributes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members)
        hasher.combine(attributes)
    }
}
