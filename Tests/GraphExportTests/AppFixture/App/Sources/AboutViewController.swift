import UIKit

class AboutViewController: UIViewController {
    @IBOutlet var titleLabel: UILabel!

    init() {
        super.init(nibName: "About", bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError() }
}
