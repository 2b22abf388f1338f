import UIKit

/// The detail scene of Main.storyboard (segue "showDetail" from Home).
final class DetailViewController: UIViewController {
    @IBOutlet weak var titleLabel: UILabel!
    var itemName: String?

    override func viewDidLoad() {
        super.viewDidLoad()
        // why: trap — the outlet used once the view is loaded.
        titleLabel.text = itemName
    }
}
