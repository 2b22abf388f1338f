import UIKit

/// The profile screen: ProfileViewController.xib (iPhone) and ProfileViewController~ipad.xib.
/// titleLabel, avatarView and dismissScreen: come from the Objective-C BaseViewController.
// why: undeclared-outlet — ProfileViewController.xib still connects File's Owner's old
// subtitleLabel outlet, which neither this class nor BaseViewController declares.
// why: undeclared-action — ProfileViewController.xib's Share button sends shareProfile:, which
// nothing here implements (the method was deleted).
final class ProfileViewController: BaseViewController {
    // why: outlet-connected-elsewhere — connected in ProfileViewController.xib but not in the
    // ProfileViewController~ipad.xib variant: nil on iPad.
    @IBOutlet weak var bioLabel: UILabel!
    @IBOutlet weak var followButton: UIButton!

    init() {
        super.init(nibName: "ProfileViewController", bundle: nil)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        bioLabel.numberOfLines = 0
        followButton.isSelected = false
    }

    @IBAction func follow(_ sender: UIButton) {
        sender.isSelected.toggle()
    }
}
