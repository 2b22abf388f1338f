/// One decoded property-list value, binary (`bplist00`) or XML, with NSKeyedArchiver UIDs kept.
///
/// Shapes follow CoreFoundation's binary plist markers (nib-format.md §4.1): integers of 1–16
/// bytes become ``int(_:)`` (or ``uint(_:)`` for unsigned values above `Int64.max`, which only a
/// 16-byte integer can hold); 4- and 8-byte reals both become ``real(_:)``; dates are seconds
/// since 2001-01-01 00:00:00 UTC; dictionaries keep the order of the file (binary plists store
/// key order, XML plists document order); the `0x00` null and `0x0F` fill markers become
/// ``null``. An XML `<dict><key>CF$UID</key><integer>7</integer></dict>` is a ``uid(_:)``.
public enum PlistValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    /// An unsigned integer above `Int64.max` (a 16-byte bplist integer or a large XML `<integer>`).
    case uint(UInt64)
    case real(Double)
    /// Seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)
    case data([UInt8])
    case string(String)
    /// An NSKeyedArchiver reference (bplist marker `0x8n`, XML `CF$UID` dictionary).
    case uid(UInt64)
    case array([PlistValue])
    /// A bplist set (`0xCn`); XML plists have no sets.
    case set([PlistValue])
    /// Entries in file order; keys are unique in well-formed files but not required to be.
    case dictionary([PlistEntry])

    /// The value for the first entry named `key`, when this is a dictionary.
    public subscript(key: String) -> PlistValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The text, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number, when this is an integer that fits `Int64`.
    public var intValue: Int64? {
        if case .int(let i) = self { return i }
        return nil
    }
}

/// A dictionary entry of a ``PlistValue``.
public struct PlistEntry: Hashable, Sendable {
    public var key: String
    public var value: PlistValue
    public init(_ key: String, _ value: PlistValue) {
        self.key = key
        self.value = value
    }
}
