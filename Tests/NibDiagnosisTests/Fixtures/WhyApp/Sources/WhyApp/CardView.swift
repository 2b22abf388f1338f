import UIKit

// why: owner-root-recursion — CardView.xib's File's Owner and root view are both CardView, and
// init(coder:) loads CardView.xib with self as owner: decoding the root view runs init(coder:)
// again, which loads the nib again, without end.
final class CardView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        Bundle.main.loadNibNamed("CardView", owner: self, options: nil)
    }
}
