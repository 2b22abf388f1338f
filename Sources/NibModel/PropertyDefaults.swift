/// Property values that are the class's default: what an object has when the property is not set,
/// and what Interface Builder leaves out of a xib (`tag` 0, `enabled` YES, `hidden` NO, …) or
/// writes for every object of the class (`contentMode` `scaleToFill`, a label's `textAlignment`
/// `natural`, a table view cell's `indentationWidth` 10). A compiled nib, one of its
/// two encodings, or an older tool may store such a value or not, with no effect at load time:
/// `textconv` does not print them and `diff` does not report one appearing or disappearing.
///
/// The table is deliberately small: each entry is the documented default of the AppKit or UIKit
/// property (the `…` of `init(frame:)`), keyed by the property names the readers give. A value the
/// table does not list is never called a default.
public enum PropertyDefaults {
    /// One default: the property key, its value as ``PropertyValue/description`` writes it, and the
    /// classes it applies to (their names or suffixes, `nil` for every class).
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: String
        /// Class names (or name suffixes, such as `Cell` or `Button`) the default applies to; nil: any class.
        public var classes: [String]?
        /// Classes (names or suffixes) it does not apply to, among ``classes``.
        public var except: [String]

        public init(_ key: String, _ value: String, classes: [String]? = nil, except: [String] = []) {
            self.key = key
            self.value = value
            self.classes = classes
            self.except = except
        }

        /// True when the entry applies to an object of framework class `className`.
        public func applies(to className: String) -> Bool {
            let matches = { (names: [String]) in names.contains { className == $0 || className.hasSuffix($0) } }
            return (classes.map(matches) ?? true) && !matches(except)
        }
    }

    static let uiControls = ["UIButton", "UIControl", "UISwitch", "UISlider", "UISegmentedControl", "UITextField",
                             "UIStepper", "UIDatePicker", "UIPageControl"]

    /// Every default, by key.
    public static let entries: [String: [Entry]] = Dictionary(grouping: [
        Entry("tag", "0"),
        Entry("enabled", "YES"),
        Entry("hidden", "NO"),
        Entry("alpha", "1"),
        Entry("selected", "NO"),
        Entry("highlighted", "NO"),
        Entry("separator", "NO"),
        Entry("wantsLayer", "NO"),
        Entry("translatesAutoresizingMaskIntoConstraints", "YES"),
        Entry("userInteractionEnabled", "YES", except: ["UILabel", "UIImageView"]),
        Entry("userInteractionEnabled", "NO", classes: ["UILabel", "UIImageView"]),
        Entry("autoresizingMask", "none"),
        Entry("multipleTouchEnabled", "NO"),
        Entry("clipsSubviews", "NO"),
        Entry("autoresizesSubviews", "YES"),
        Entry("clearsContextBeforeDrawing", "YES"),
        Entry("contentMode", "\"scaleToFill\""),
        // NSButton, NSButtonCell, NSMenuItem: off (a xib writes no `state`; "off" where it does).
        Entry("state", "0", classes: ["Button", "ButtonCell", "NSMenuItem", "Cell"]),
        Entry("state", "\"off\"", classes: ["Button", "ButtonCell", "NSMenuItem", "Cell"]),
        Entry("contentHorizontalAlignment", "\"center\"", classes: uiControls),
        Entry("contentVerticalAlignment", "\"center\"", classes: uiControls),
        Entry("numberOfLines", "1", classes: ["UILabel"]),
        Entry("baselineAdjustment", "\"alignBaselines\"", classes: ["UILabel", "UITextField"]),
        Entry("lineBreakMode", "\"tailTruncation\"", classes: ["UILabel"]),
        Entry("textAlignment", "\"natural\"", classes: ["UILabel", "UITextField", "UITextView"]),
        Entry("highlightedColor", "nil", classes: ["UILabel"]),
        Entry("adjustsFontSizeToFit", "NO", classes: ["UILabel", "UITextField"]),
        Entry("indentationWidth", "\"10\"", classes: ["UITableViewCell"]),
        Entry("selectionStyle", "\"default\"", classes: ["UITableViewCell"]),
        Entry("animationBehavior", "\"default\"", classes: ["NSWindow", "NSPanel"]),
    ], by: \.key)

    /// True when `value` of property `key` is the default for an object whose framework class is
    /// `className` (``NibObject/className``: the archived or element class, not a custom class).
    /// Compared by ``PropertyValue/description``, so `.int(0)` and `.double(0)` are alike.
    public static func isDefault(_ key: String, _ value: PropertyValue, className: String) -> Bool {
        guard let list = entries[key] else { return false }
        let text = value.description
        return list.contains { $0.value == text && $0.applies(to: className) }
    }

    /// ``isDefault(_:_:className:)`` for a property of `object`.
    public static func isDefault(_ property: Property, of object: NibObject) -> Bool {
        isDefault(property.key, property.value, className: object.className)
    }
}
