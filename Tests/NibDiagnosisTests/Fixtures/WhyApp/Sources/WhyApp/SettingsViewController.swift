import UIKit

/// The Settings scene of Main.storyboard (storyboard ID "Settings").
final class SettingsViewController: UIViewController {
    @IBOutlet weak var notificationsSwitch: UISwitch!
    // why: outlet-not-connected — connected in no document where SettingsViewController appears:
    // always nil.
    @IBOutlet weak var cacheSizeLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        notificationsSwitch.isOn = UserDefaults.standard.bool(forKey: "notifications")
    }
}
