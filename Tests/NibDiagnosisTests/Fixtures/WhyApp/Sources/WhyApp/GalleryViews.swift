import UIKit

// Views of Gallery.xib.

// why: missing-module — Gallery.xib names BadgeView without customModule or
// customModuleProvider: the runtime looks up the unmangled "BadgeView" and finds nothing.
final class BadgeView: UIView {}

// why: module-mismatch — Gallery.xib names module OtherKit for RatingView, which is in WhyApp.
final class RatingView: UIView {
    var rating = 0
}

// why: generic-class — Gallery.xib instantiates TypedListView by name; a generic class cannot be.
final class TypedListView<Element>: UIView {
    var items: [Element] = []
}

final class RoundedButton: UIButton {
    // why: trap — an @IBInspectable set as a user-defined runtime attribute (borderWidth).
    @IBInspectable var borderWidth: CGFloat = 0 {
        didSet { layer.borderWidth = borderWidth }
    }
    // why: undeclared-runtime-attribute — Gallery.xib also sets glowRadius, which RoundedButton
    // does not declare (it was renamed to borderWidth): "not key value coding-compliant".
}

// why: unknown-class — Gallery.xib uses a GradientView (module WhyApp) that no source declares
// (the class was deleted): the object becomes a plain UIView.
