/// Typed property values from the numbers and texts the readers find, with the fallback to
/// ``PropertyValue/formatted(_:)`` for what a typed value cannot carry: numbers that are not
/// finite (JSON has no NaN or infinity) and geometry text that would not print back as written.
extension PropertyValue {
    /// Which of ``Size`` and ``Point`` two geometry numbers stand for.
    enum Pair { case size, point }

    /// `value`, or its text as `.formatted` when one of its numbers is not finite.
    static func finite(_ value: PropertyValue) -> PropertyValue {
        value.numbers.allSatisfy(\.isFinite) ? value : .formatted(value.description)
    }

    /// Four numbers as a ``Rect`` (x, y, width, height), two as a ``Size`` or ``Point``; nil for
    /// other counts. Not finite: `.formatted`.
    static func geometry(_ c: [Double], pair: Pair = .size) -> PropertyValue? {
        switch c.count {
        case 4: return finite(.rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3])))
        case 2 where pair == .point: return finite(.point(Point(x: c[0], y: c[1])))
        case 2: return finite(.size(Size(width: c[0], height: c[1])))
        default: return nil
        }
    }

    /// Geometry text as archived by AppKit (`{{0, 0}, {480, 270}}`, `{480, 270}`), typed when the
    /// typed value prints exactly `text` again, else `text` as `.formatted`.
    static func geometry(text: String, pair: Pair = .size) -> PropertyValue {
        let parts = text.split(whereSeparator: { "{}, ".contains($0) })
        let numbers = parts.compactMap { Double($0) }
        guard numbers.count == parts.count, let value = geometry(numbers, pair: pair), value.description == text
        else { return .formatted(text) }
        return value
    }

    /// Every number a typed value holds.
    private var numbers: [Double] {
        switch self {
        case .rect(let r): return [r.x, r.y, r.width, r.height]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .insets(let i): return [i.top, i.left, i.bottom, i.right]
        case .color(let c): return c.components + (c.alpha.map { [$0] } ?? [])
        case .font(let f): return f.size.map { [$0] } ?? []
        case .constraint(let c): return [c.multiplier, c.constant] + (c.priority.map { [$0] } ?? [])
        case .double(let d): return [d]
        default: return []
        }
    }
}
