/// An Auto Layout constraint: `first.attribute (=|<=|>=) second.attribute × multiplier + constant
/// @priority` (`NSLayoutConstraint`: `NSFirstItem`, `NSFirstAttribute`, `NSRelation`,
/// `NSSecondItem`, `NSSecondAttribute`, `NSMultiplier`, `NSConstant`, `NSPriority`, nib-format.md
/// §3.5; xib `<constraint firstItem=… firstAttribute=… relation=… …>`, §7).
///
/// Attributes are named as in xibs (`leading`, `centerX`, `lastBaseline`, `width`, …); points for
/// the constant; priority 1…1000 (required is 1000).
public struct LayoutConstraint: Hashable, Sendable, Codable {
    public enum Relation: String, Hashable, Sendable, Codable {
        case equal, lessThanOrEqual, greaterThanOrEqual

        /// `=`, `<=`, `>=`.
        public var symbol: String {
            switch self {
            case .equal: return "="
            case .lessThanOrEqual: return "<="
            case .greaterThanOrEqual: return ">="
            }
        }
    }

    /// The first item; nil when not archived (then the view that holds the constraint).
    public var firstItem: ObjectID?
    public var firstAttribute: String
    public var relation: Relation
    /// The second item; nil for a constant constraint (`width = 100`).
    public var secondItem: ObjectID?
    public var secondAttribute: String?
    public var multiplier: Double
    public var constant: Double
    /// Nil when required (1000).
    public var priority: Double?

    public init(firstItem: ObjectID?, firstAttribute: String, relation: Relation = .equal, secondItem: ObjectID? = nil,
                secondAttribute: String? = nil, multiplier: Double = 1, constant: Double = 0, priority: Double? = nil) {
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }

    /// The formula with items named by `name` (nil: the view holding the constraint):
    /// `titleLabel.leading = superview.leading + 16 @750`, `width = 100` style for constants
    /// (`logo.width = 100`), multipliers to at most four significant digits (`× 0.6667`).
    public func formula(naming name: (ObjectID?) -> String) -> String {
        var s = name(firstItem) + "." + firstAttribute + " " + relation.symbol + " "
        if let secondItem {
            s += name(secondItem) + "." + (secondAttribute ?? "notAnAttribute")
            if multiplier != 1 { s += " × " + Self.significant(multiplier) }
            if constant != 0 { s += (constant < 0 ? " - " : " + ") + ValueText.number(abs(constant)) }
        } else {
            s += ValueText.number(constant)
        }
        if let priority, priority != 1000 { s += " @" + ValueText.number(priority) }
        return s
    }

    /// `0.6667` for 2/3, `1.5`, `12350` for 12345.6: at most four significant digits.
    public static func significant(_ d: Double) -> String {
        // Outside 1e-300…1e300 the scale factor would overflow; such numbers print as they are.
        guard d.isFinite, d != 0, abs(d) > 1e-300, abs(d) < 1e300 else { return ValueText.number(d) }
        let digits = 4 - Int((abs(d)).log10Floor) - 1
        let scale = pow10(digits)
        return ValueText.number((d * scale).rounded() / scale)
    }

    private static func pow10(_ n: Int) -> Double {
        var r = 1.0
        if n >= 0 { for _ in 0..<n { r *= 10 } } else { for _ in 0..<(-n) { r /= 10 } }
        return r
    }
}

extension LayoutConstraint: CustomStringConvertible {
    /// With ids: `#5.leading = #3.leading + 20`, `self.width = 100 @750`.
    public var description: String { formula { $0?.rawValue ?? "self" } }
}

private extension Double {
    /// ⌊log10(self)⌋ for positive finite values, without Foundation.
    var log10Floor: Int {
        var x = self, n = 0
        while x >= 10 { x /= 10; n += 1 }
        while x < 1 { x *= 10; n -= 1 }
        return n
    }
}
