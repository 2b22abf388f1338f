import Testing
import ArchiveReader

/// Failure messages show a value's kind and fields (`.localizedString(text: Sign In, key: …)`),
/// not only its text, which is the same for a string and a localized string.
extension PropertyValue: CustomTestStringConvertible {
    public var testDescription: String {
        guard let child = Mirror(reflecting: self).children.first, let kind = child.label else { return description }
        let fields = Mirror(reflecting: child.value).children
        guard !fields.isEmpty else { return ".\(kind)(\(child.value))" }
        return ".\(kind)(" + fields.map { "\($0.label ?? "_"): \($0.value)" }.joined(separator: ", ") + ")"
    }
}
