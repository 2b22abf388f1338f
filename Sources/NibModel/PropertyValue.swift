/// A decoded property value: a scalar, a string, a reference to another object, or a typed
/// value (geometry, colour, font, image, localized string, flags, key equivalent, accessibility,
/// identifiers, data).
///
/// ``description`` prints the value for people the way `nibinspect tree --properties` shows it:
/// strings quoted, numbers without a trailing `.0`, geometry as `{{0, 0}, {320, 44}}`, colours as
/// `rgba(1 0.5 0 1)`, fonts as `Helvetica-Bold 17`, images by name, flags as
/// `flexibleMaxX|widthSizable`, key equivalents quoted (`"⇧⌘Z"`).
///
/// The readers give every value they know the meaning of a typed case; engines (writers, lint,
/// compare) read those cases and never parse ``formatted(_:)`` text, which is for people only.
///
/// Values larger than 16 bytes (rectangles, insets, colours, fonts, images, localized strings,
/// constraints) are stored out of line (`indirect`), so that a value takes 24 bytes rather than
/// the 104 of its largest case: a document holds one per property, and most are strings and
/// numbers.
public enum PropertyValue: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    /// A reference to another object of the document.
    case object(ObjectID)
    indirect case rect(Rect)
    case point(Point)
    case size(Size)
    indirect case insets(Insets)
    indirect case color(Color)
    indirect case font(Font)
    indirect case image(ImageReference)
    /// An `NSLocalizableString`: text with its strings-file key.
    indirect case localizedString(LocalizedString)
    /// Bytes that are neither text nor geometry; only their count is kept.
    case data(byteCount: Int)
    /// An Auto Layout constraint (the `constraint` property of a constraint object).
    indirect case constraint(LayoutConstraint)
    /// Flags by name: an autoresizing mask, a window style mask, a button cell's behaviour, a xib's
    /// flags element (``FlagSet``).
    indirect case flags(FlagSet)
    /// A menu item's or button's key equivalent (``KeyEquivalent``); prints quoted, like a string.
    indirect case keyEquivalent(KeyEquivalent)
    /// A xib's `<accessibility>` element: label, hint, identifier, whether it is an element.
    indirect case accessibility(AccessibilityValue)
    /// Identifiers: sorted, the reuse identifiers of a table or collection view's prototype cells
    /// (`prototypeCells`), each the name of a nested nib of the document; in order, the item
    /// identifiers of a toolbar's default items (`defaultToolbarItems`). Prints `, `-joined.
    case identifiers([String])
    /// No value: a xib's `<nil key=…/>`, a runtime attribute of type `nil`. Prints `nil`.
    case null
    /// Text for what has no type of its own here: key-value lists, dates (`date(…)`), collections (`[3 items]`), objects outside the
    /// document (`<UIColor>`), raw xib elements; and values whose numbers a typed form could not
    /// print as they are archived (not finite, or not plain numbers).
    case formatted(String)

    public var description: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .int(let i): return String(i)
        case .double(let d): return ValueText.number(d)
        case .bool(let b): return b ? "YES" : "NO"
        case .object(let id): return id.rawValue
        case .rect(let v): return v.description
        case .point(let v): return v.description
        case .size(let v): return v.description
        case .insets(let v): return v.description
        case .color(let v): return v.description
        case .font(let v): return v.description
        case .image(let v): return v.description
        case .localizedString(let v): return "\"\(v.text)\""
        case .data(let count): return "<\(count) bytes>"
        case .constraint(let v): return v.description
        case .flags(let v): return v.description
        case .keyEquivalent(let v): return "\"\(v)\""
        case .accessibility(let v): return v.description
        case .identifiers(let list): return list.joined(separator: ", ")
        case .null: return "nil"
        case .formatted(let s): return s
        }
    }

    /// The text of a ``string(_:)`` or ``localizedString(_:)``, else nil.
    public var text: String? {
        switch self {
        case .string(let s): return s
        case .localizedString(let l): return l.text
        default: return nil
        }
    }
}
