/// iOS geometry blobs (nib-format.md §2.9): a data value whose first byte is a NIBArchive value
/// type code for the element type (`06` float32, `07` float64) followed by the components.
///
/// `07` + 2×float64 (17 bytes) is a point or size, `07` + 4×float64 (33 bytes) a rect or insets;
/// the float32 forms are 9 and 17 bytes. The resolver turns components into the model's
/// ``Rect``, ``Size`` and ``Point``.
public enum Geometry {
    /// The components of a geometry blob, or nil when `bytes` is not one.
    public static func components(_ bytes: [UInt8]) -> [Double]? {
        guard let tag = bytes.first else { return nil }
        let width: Int
        switch tag {
        case 6: width = 4
        case 7: width = 8
        default: return nil
        }
        let payload = bytes.count - 1
        guard payload > 0, payload % width == 0 else { return nil }
        let n = payload / width
        guard n == 2 || n == 4 else { return nil }
        var out: [Double] = []
        for i in 0..<n {
            var raw: UInt64 = 0
            for b in 0..<width { raw |= UInt64(bytes[1 + i * width + b]) << (8 * UInt64(b)) }
            out.append(width == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw))
        }
        return out
    }

    /// `{x, y}` or `{{x, y}, {w, h}}` in the style of `NSStringFromCGRect` (``ValueText/braces(_:)``).
    public static func format(_ components: [Double]) -> String {
        ValueText.braces(components)
    }

    /// A number without a trailing `.0` when integral: `320`, `0.5` (``ValueText/number(_:)``).
    public static func formatNumber(_ d: Double) -> String {
        ValueText.number(d)
    }
}
