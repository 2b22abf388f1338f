/// How the model writes numbers in the `description` of its values, so that every value prints
/// the way `nibinspect tree --properties` has always printed it.
public enum ValueText {
    /// A number without a trailing `.0` when integral: `320`, `0.5`, `-12`, `1e+20`.
    public static func number(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }

    /// ``number(_:)`` of `d` rounded to 3 decimals: `0.314` for `0.31372549`. Colour components
    /// read from compiled nibs print this way (they are mostly archived as float32).
    public static func threeDecimals(_ d: Double) -> String {
        number((d * 1000).rounded() / 1000)
    }

    /// `{a, b}` for two numbers, `{{a, b}, {c, d}}` for four, in the style of
    /// `NSStringFromCGPoint`/`NSStringFromCGRect`; other counts as `{a, b, c}`.
    public static func braces(_ numbers: [Double]) -> String {
        let parts = numbers.map(number)
        if parts.count == 4 { return "{{\(parts[0]), \(parts[1])}, {\(parts[2]), \(parts[3])}}" }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}
