/// A rectangle in points: origin (`x`, `y`) and size (`width`, `height`), in the coordinates of
/// the parent as archived (origin top-left on iOS, bottom-left in unflipped AppKit views).
///
/// Read from: iOS `UIBounds` + `UICenter` (the frame's origin is `UICenter` − size/2) and other
/// UIKit geometry blobs of four numbers (nib-format.md §2.9); AppKit `NSFrame`, `NSWindowRect`
/// and `NSValue` `NS.rectval` strings `{{x, y}, {w, h}}` (§2.9, §4.5); xib `<rect x y width
/// height>` (§7.1).
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `{{x, y}, {width, height}}`, as `NSStringFromCGRect` writes it: `{{0, 0}, {320, 44}}`.
    public var description: String { ValueText.braces([x, y, width, height]) }
}

/// A point in points (`x`, `y`).
///
/// Read from: `NSValue` `NS.pointval` strings `{x, y}` (nib-format.md §2.9); xib `<point x y>`
/// (§7.1).
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// `{x, y}`: `{160, 240}`.
    public var description: String { ValueText.braces([x, y]) }
}

/// A size in points (`width`, `height`).
///
/// Read from: AppKit `NSFrameSize` and `NSValue` `NS.sizeval` strings `{w, h}` (nib-format.md
/// §2.9, §4.5); UIKit geometry blobs of two numbers, which do not say whether they are a size or a
/// point (§2.9); xib `<size width height>` (§7.1).
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `{width, height}`: `{480, 270}`.
    public var description: String { ValueText.braces([width, height]) }
}

/// Edge insets in points (`top`, `left`, `bottom`, `right`), as `UIEdgeInsets`/`NSEdgeInsets`.
///
/// Read from: xib `<edgeInsets top left bottom right>` and `<inset minX minY maxX maxY>`, where
/// `minX` is the left inset, `minY` the top, `maxX` the right and `maxY` the bottom (§7.1).
public struct Insets: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Which attributes the xib used. Only ``description`` depends on it: it lists the numbers
    /// in that order, as earlier versions of the tool printed them.
    public enum Notation: String, Hashable, Sendable, Codable {
        /// `top`, `left`, `bottom`, `right`: printed `{{top, left}, {bottom, right}}`.
        case edges
        /// `minX`, `minY`, `maxX`, `maxY`: printed `{{left, top}, {right, bottom}}`.
        case minMax
    }

    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public var notation: Notation

    public init(top: Double, left: Double, bottom: Double, right: Double, notation: Notation = .edges) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
        self.notation = notation
    }

    /// `{{top, left}, {bottom, right}}`, or `{{left, top}, {right, bottom}}` for ``Notation/minMax``.
    public var description: String {
        switch notation {
        case .edges: return ValueText.braces([top, left, bottom, right])
        case .minMax: return ValueText.braces([left, top, right, bottom])
        }
    }
}
