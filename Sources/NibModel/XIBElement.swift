/// A value element of a xib kept whole: its name, its attributes except `key`, and its text.
/// The xib reader keeps elements it has no narrower type for this way (an `<imageReference>`
/// inside an ``ImageReference``, an `<accessibility>` inside an ``AccessibilityValue``).
///
/// ``description`` prints it as the xib reader always has: `name(attr=value, …)` with the
/// attributes sorted by name, then `: text` when the element has text
/// (`imageReference(catalog=system, image=star, symbolScale=large)`).
public struct XIBElement: Hashable, Sendable, CustomStringConvertible {
    /// The element name: `imageReference`, `accessibility`.
    public var name: String
    /// The attributes, without `key` (which names the property the element is).
    public var attributes: [String: String]
    /// The element's own text, trimmed; nil when it has none.
    public var text: String?

    public init(name: String, attributes: [String: String], text: String? = nil) {
        self.name = name
        self.attributes = attributes.filter { $0.key != "key" }
        self.text = text
    }

    public subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// `imageReference(catalog=system, image=star)`, `accessibility(description=Add)`,
    /// `state(key=…)` without its key, `nil`.
    public var description: String {
        let attrs = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var out = name
        if !attrs.isEmpty { out += "(" + attrs.joined(separator: ", ") + ")" }
        if let text { out += ": " + text }
        return out
    }
}

/// An `<accessibility>` element of a xib (`key="accessibilityConfiguration"` on iOS, AppKit's
/// `<accessibility description="Add"/>`): what VoiceOver is told about an object.
///
/// The accessors name the attributes Interface Builder writes: `label` and `hint` (UIKit),
/// `description` and `help` (AppKit), `identifier`, `isElement`. ``description`` prints the
/// element as the xib reader always has (`accessibility(isElement=NO, label=Add)`).
public struct AccessibilityValue: Hashable, Sendable, CustomStringConvertible {
    /// The element as written.
    public var element: XIBElement

    public init(element: XIBElement) {
        self.element = element
    }

    /// The spoken label: `label` (UIKit) or `description` (AppKit), whichever is written first
    /// in that order; nil when neither is.
    public var label: String? { element["label"] ?? element["description"] }
    /// The hint: `hint` (UIKit) or `help` (AppKit).
    public var hint: String? { element["hint"] ?? element["help"] }
    /// The accessibility identifier (for UI tests).
    public var identifier: String? { element["identifier"] }
    /// `isElement`: true for `YES`, false for `NO`, nil when not written.
    public var isElement: Bool? {
        switch element["isElement"] {
        case "YES": return true
        case "NO": return false
        default: return nil
        }
    }

    public var description: String { element.description }
}
