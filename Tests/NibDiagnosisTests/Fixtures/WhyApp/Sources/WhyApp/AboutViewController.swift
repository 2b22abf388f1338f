import UIKit

// why: view-outlet-not-set — AboutViewController.xib's File's Owner connects versionLabel but
// not view: "loaded the "AboutViewController" nib but the view outlet was not set".
final class AboutViewController: UIViewController {
    @IBOutlet weak var versionLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        versionLabel.text = Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String
    }

    // why: trap — versionLabel of another AboutViewController, not SettingsViewController's dead
    // outlet of the same name: the receiver's class is stated, so it stays a dead outlet.
    func copyVersion(from other: AboutViewController) {
        versionLabel.text = other.versionLabel.text
    }
}
